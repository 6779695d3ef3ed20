// Runs the web page's MicroPython side (build/web: the firmware, boards/web.py, web/bridge.py on
// MicroPython WebAssembly) headless in node, on virtual time, and plays a list of actions.
//
//   node tests/web/harness.mjs BUILD_DIR EDITION ACTIONS.json
//
// ACTIONS: [["press", "5"], ["hold", "C", 2.5], ["insert", 2, 0], ["deed", 39, 0] (the Banker's
// tag of the deed on square 39), ["remove", 0], ["wait", 61], ["power_cycle"], ["power_cycle_ok"]
// (holding the settings menu's ok key: SETTINGS?), ["memory_restart"]
// (app.restart: machine.reset() through the page), ["export"] (the game as "Download the game"
// has it: bridge.export_game()), ["inspect", FOLDER] (FOLDER's files laid where the page lays a
// loaded folder's: bridge.inspect_data())] with logical key names and slots 0 (GREEN) /
// 1 (RED), timed as host_sim's VirtualUnit times them (a tap is 100 ms down and 100 ms up; a
// card or tag settles 400 ms). Prints one JSON object: {"boot": state, "steps": [state after
// each action]}, a state being bridge.state() (screen text, edition, standings, cues; the
// Banker's deeds and supply), or {"error": the bridge's message} where it refused a deed tag;
// an export or an inspection's step is the bridge's answer.
//
// Virtual time: Date.now, setTimeout and setInterval are replaced before MicroPython loads (its ticks_ms is
// Date.now, its asyncio sleeps on setTimeout), so a minute of play takes milliseconds and the
// run is the same every time. A busy wait on the clock (time.sleep_ms) moves it 1 ms every
// 1000 reads, so it ends.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [buildDir, edition, actionsPath] = process.argv.slice(2);
const TAP_MS = 100;
const CARD_SETTLE_MS = 400;
const BOOT_MS = 200;

let now = 1_700_000_000_000;
let reads = 0;
let order = 0;
const timers = new Map(); // id -> {at, seq, fn, args}
const realImmediate = setImmediate;
Date.now = () => {
  if (++reads % 1000 === 0) now += 1;
  return now;
};
globalThis.setTimeout = (fn, ms = 0, ...args) => {
  const id = ++order;
  timers.set(id, { at: now + Math.max(0, Number(ms) || 0), seq: id, fn, args });
  return id;
};
globalThis.clearTimeout = (id) => timers.delete(id);
globalThis.setInterval = (fn, ms = 0, ...args) => {
  const id = ++order;
  const period = Math.max(1, Number(ms) || 0);
  const fire = () => {
    timers.set(id, { at: now + period, seq: ++order, fn: fire, args: [] });
    fn(...args);
  };
  timers.set(id, { at: now + period, seq: id, fn: fire, args: [] });
  return id;
};
globalThis.clearInterval = (id) => timers.delete(id);

const settle = () => new Promise((resolve) => realImmediate(resolve));

async function advance(ms) {
  const end = now + ms;
  for (;;) {
    await settle();
    let next = null;
    for (const [id, t] of timers) {
      if (t.at <= end && (next === null || t.at < next[1].at || (t.at === next[1].at && t.seq < next[1].seq))) {
        next = [id, t];
      }
    }
    if (next === null) break;
    timers.delete(next[0]);
    reads = 0;
    if (next[1].at > now) now = next[1].at;
    next[1].fn(...next[1].args);
  }
  if (end > now) now = end;
  await settle();
}

class Storage {
  constructor() { this.items = new Map(); }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i] ?? null; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
}

const { loadMicroPython } = await import(
  pathToFileURL(join(buildDir, "micropython", "micropython.mjs")).href
);
const firmware = JSON.parse(readFileSync(join(buildDir, "firmware.json"), "utf8"));
const storage = new Storage();
const slots = [0, 0]; // a card's number, or ["deed", square]

let mp = null; // the running interpreter (a power cycle loads a new one)
let resets = 0; // machine.reset() calls that reached the page (web/bridge.py PageMachine)
globalThis.webReset = () => {
  resets += 1;
};

function lay(bridge, slot, held) {
  if (Array.isArray(held)) bridge.deed_tag(slot, held[1]);
  else if (held) bridge.card(slot, held);
}

async function powerUp(holdOk = false) {
  timers.clear(); // the old unit's tasks die with its power
  mp = await loadMicroPython({ heapsize: 2 * 1024 * 1024, stdout: (line) => process.stderr.write(line + "\n") });
  for (const [path, text] of Object.entries(firmware)) {
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, Uint8Array.from(atob(text), (c) => c.charCodeAt(0))); // base64
  }
  mp.runPython("import sys\nsys.path.insert(0, '/fw')");
  const bridge = mp.pyimport("bridge");
  const problem = bridge.boot(storage, edition, holdOk, false);
  if (problem) throw new Error(problem);
  mp.runPython("import bridge, js\nbridge.on_reset = js.webReset");
  slots.forEach((held, slot) => lay(bridge, slot, held)); // cards and tags stay where they lie
  await advance(BOOT_MS);
  return bridge;
}

let bridge = await powerUp();
const out = { boot: JSON.parse(bridge.state()), steps: [] };
const actions = JSON.parse(readFileSync(actionsPath, "utf8"));
for (const [verb, ...args] of actions) {
  if (verb === "press") {
    bridge.key(args[0], true);
    await advance(TAP_MS);
    bridge.key(args[0], false);
    await advance(TAP_MS);
  } else if (verb === "hold") {
    bridge.key(args[0], true);
    await advance(args[1] * 1000);
    bridge.key(args[0], false);
    await advance(TAP_MS);
  } else if (verb === "insert") {
    bridge.card(args[1], args[0]);
    slots[args[1]] = args[0];
    await advance(CARD_SETTLE_MS);
  } else if (verb === "deed") {
    try {
      bridge.deed_tag(args[1], args[0]);
    } catch (error) {
      out.steps.push({ error: String(error.message || error) });
      continue;
    }
    slots[args[1]] = ["deed", args[0]];
    await advance(CARD_SETTLE_MS);
  } else if (verb === "remove") {
    bridge.card(args[0], 0);
    slots[args[0]] = 0;
    await advance(CARD_SETTLE_MS);
  } else if (verb === "wait") {
    await advance(args[0] * 1000);
  } else if (verb === "power_cycle") {
    bridge = await powerUp();
  } else if (verb === "power_cycle_ok") {
    bridge = await powerUp(true);
  } else if (verb === "memory_restart") {
    // app.restart as after a second MemoryError: the marker, then machine.reset(), which the
    // port has not (the bridge's reaches the page, which powers the unit up again).
    const before = resets;
    try {
      mp.runPython("import bridge\nfrom app.restart import restart\nrestart(bridge.fs)");
    } catch (error) {
      if (!String(error).includes("SystemExit")) throw error;
    }
    if (resets !== before + 1) throw new Error("machine.reset() did not reach the page");
    bridge = await powerUp();
  } else if (verb === "export") {
    out.steps.push(JSON.parse(bridge.export_game()));
    continue;
  } else if (verb === "inspect") {
    mp.FS.mkdirTree("/import");
    for (const name of mp.FS.readdir("/import")) if (name !== "." && name !== "..") mp.FS.unlink("/import/" + name);
    for (const name of readdirSync(args[0])) mp.FS.writeFile("/import/" + name, readFileSync(join(args[0], name)));
    out.steps.push(JSON.parse(bridge.inspect_data()));
    continue;
  } else {
    throw new Error("unknown action " + verb);
  }
  out.steps.push(JSON.parse(bridge.state()));
}
// Exit once the whole answer is written: a pipe takes 64 KB at a time, and the Banker's steps
// (its 28 deeds each) make more than that.
process.stdout.write(JSON.stringify(out) + "\n", () => process.exit(0));
