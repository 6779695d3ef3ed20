// The unit's page: loads MicroPython WebAssembly, lays the firmware out on its filesystem, powers
// the unit up (web/bridge.py) and wires the page to its parts: the panel's GDDRAM drawn on a
// canvas, keys pressed on the keypad matrix, cards laid on the readers, the piezo through Web
// Audio; for the Banker, a board of its deeds (owners, buildings, mortgages, the bank's supply)
// whose tags are laid on the readers as cards are. The flash is localStorage (boards/web.py writes each file through before the firmware
// goes on), so a reload is a power cut. Figures for the tests are kept in window.unitPage.
import { loadMicroPython } from "./micropython/micropython.mjs";

const EDITION_KEY = "bank-unit:edition"; // the edition deployed on this page's unit
const SLOTS_KEY = "bank-unit:slots"; // which card ("d39": deed tag) lies in which slot, kept across a power cut
const HOLD_KEY = "bank-unit:hold"; // sessionStorage: power up holding the menu's ok key
const FLASH_KEY = "bank-unit:flash:"; // boards/web.py's prefix of the flash's files
const ON = [140, 210, 255]; // the OLED's lit colour, as host_sim's screenshots have it
const CARDS = [1, 2, 3, 4, 5, 6];

const page = (window.unitPage = { ready: false, latencies: [], tones: 0, firstPixelMs: null, firstScreenMs: null, screen: [], error: null });
const $ = (id) => document.getElementById(id);
const canvas = $("panel");
canvas.width = 128;
canvas.height = 64;
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(128, 64);
const pixels = new Uint32Array(image.data.buffer);
const LIT = (255 << 24) | (ON[2] << 16) | (ON[1] << 8) | ON[0]; // little-endian RGBA
const DARK = 255 << 24;

let bridge = null;
let defaultEdition = ""; // the registry's (app.editions.DEFAULT), from the bridge
let legends = null;
let lastVersion = "";
let lastScreen = "";
let keysFor = "";
let pendingKey = null; // performance.now() of the last key down not yet seen on the glass
let slots = JSON.parse(localStorage.getItem(SLOTS_KEY) || "[0, 0]");
let chosen = 0; // the card tapped, waiting for a tap on a slot
let chosenDeed = 0; // the Banker's deed chosen on the board (its square), waiting for a reader
let deedFacts = null; // bridge.deed_board(): {deeds: [[square, name, short, group]], groups}
// The colour groups' colours (host_sim/tui_deeds.py's), then the railroads' and the utilities'.
const GROUP_COLOURS = ["rgb(150,90,50)", "rgb(150,210,240)", "rgb(220,80,160)", "rgb(240,150,40)", "rgb(220,40,40)", "rgb(240,220,40)", "rgb(40,170,80)", "rgb(60,90,220)", "#111", "#777"];
const GROUP_INK = ["#fff", "#000", "#fff", "#000", "#fff", "#000", "#fff", "#fff", "#fff", "#fff"];

// ---- sound: the piezo's PWM through one square-wave oscillator ------------------------------
let audio = null;
let gain = null;
let osc = null;
let muted = false;
function piezo(freq, duty) {
  if (duty > 0) page.tones += 1; // notes the firmware sounded (for the tests)
  if (!audio) return;
  const t = audio.currentTime;
  if (freq > 0) osc.frequency.setValueAtTime(freq, t);
  gain.gain.setValueAtTime(!muted && duty > 0 ? 0.08 * Math.min(1, duty / 32768) : 0, t);
}
function startAudio() {
  if (audio || !window.AudioContext) return;
  audio = new AudioContext();
  osc = audio.createOscillator();
  osc.type = "square";
  gain = audio.createGain();
  gain.gain.value = 0;
  osc.connect(gain).connect(audio.destination);
  osc.start();
}
globalThis.webPiezo = piezo;
// machine.reset() on the page (web/bridge.py PageMachine: app.restart after memory ran out
// twice): the unit's power cycle, as the Power cycle button does.
globalThis.webReset = () => setTimeout(() => location.reload(), 0);
document.addEventListener("pointerdown", startAudio, { once: true });

// ---- the panel -------------------------------------------------------------------------------
function draw(hex) {
  if (!hex) {
    pixels.fill(DARK);
  } else {
    for (let page = 0; page < 8; page++) {
      for (let x = 0; x < 128; x++) {
        const i = (page * 128 + x) * 2;
        const byte = parseInt(hex.substr(i, 2), 16);
        for (let bit = 0; bit < 8; bit++) {
          pixels[(page * 8 + bit) * 128 + x] = byte & (1 << bit) ? LIT : DARK;
        }
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  if (hex && page.firstPixelMs === null) page.firstPixelMs = performance.now();
}

function refresh() {
  const version = bridge.version();
  if (version !== lastVersion) {
    lastVersion = version;
    draw(bridge.frame());
    if (pendingKey !== null) {
      page.latencies.push(performance.now() - pendingKey);
      pendingKey = null;
    }
    const state = JSON.parse(bridge.state());
    showState(state);
  }
}

// After a key goes down the glass is looked at every 2 ms, not only at the next animation frame
// (16 ms apart), until its redraw shows: the key-to-pixel time is the firmware's, not the page's.
function chase(until) {
  if (pendingKey === null || performance.now() > until) return;
  try {
    refresh();
  } catch (error) {
    fail(error);
    return;
  }
  setTimeout(() => chase(until), 2);
}

function loop() {
  try {
    refresh();
  } catch (error) {
    fail(error);
    return;
  }
  requestAnimationFrame(loop);
}

function showState(state) {
  const text = state.spoken; // what the screen means (web/bridge.py spoken): the Stock Exchange's worded
  page.screen = state.screen;
  page.spoken = state.spoken;
  page.standings = state.standings;
  page.edition = state.edition;
  page.deeds = state.deeds || null;
  page.supply = state.supply || null;
  if (text !== lastScreen) {
    lastScreen = text;
    page.spokenChanges = (page.spokenChanges || 0) + 1;
    $("screen-text").textContent = text || "(screen off)";
    if (text && page.firstScreenMs === null && page.ready) page.firstScreenMs = performance.now();
  }
  if (state.edition !== keysFor) buildKeypad(state.edition, state.cards);
  showDeeds(state.deeds, state.supply);
}

// ---- the keypad ------------------------------------------------------------------------------
function label(key) {
  const printed = legends.printed[key];
  return printed ? printed.join(" ") : key;
}

function buildKeypad(edition, cards) {
  keysFor = edition;
  const rows = JSON.parse(bridge.keymap());
  const usedCols = rows[0].map((_, c) => rows.some((row) => row[c] !== null));
  const pad = $("keypad");
  pad.textContent = "";
  pad.style.gridTemplateColumns = `repeat(${usedCols.filter(Boolean).length}, 1fr)`;
  for (const row of rows) {
    if (row.every((key) => key === null)) continue;
    row.forEach((key, c) => {
      if (!usedCols[c]) return;
      const button = document.createElement(key === null ? "span" : "button");
      if (key !== null) {
        const [fill, ink] = legends.styles[key] || (/^[0-9.]$/.test(key) ? legends.plain : legends.other);
        button.type = "button";
        button.className = "key";
        button.dataset.key = key;
        button.textContent = label(key);
        button.style.background = fill;
        button.style.color = ink;
        const up = () => {
          if (!button.classList.contains("down")) return;
          button.classList.remove("down");
          bridge.key(key, false);
        };
        button.addEventListener("pointerdown", (event) => {
          event.preventDefault();
          button.setPointerCapture?.(event.pointerId);
          button.classList.add("down");
          pendingKey = performance.now();
          bridge.key(key, true);
          chase(pendingKey + 250);
        });
        button.addEventListener("pointerup", up);
        button.addEventListener("pointercancel", up);
        button.addEventListener("lostpointercapture", up);
      }
      pad.appendChild(button);
    });
  }
  $("slots").hidden = !cards;
  $("cards").hidden = !cards;
}

// Keys of a computer keyboard, for the digits, the point, K, M, Enter (GO) and Backspace (C).
// Enter on a focused control of the page (a deed, a card, a button, a list) is that control's,
// not GO.
const KEYBOARD = { Enter: "GO", Backspace: "C", k: "K", m: "M", ".": "." };
function keyboardKey(event) {
  const control = event.target instanceof Element && event.target.closest("button:not(.key), select");
  if (control && (event.key === "Enter" || event.key === " " || control.tagName === "SELECT")) return null;
  const name = /^[0-9]$/.test(event.key) ? event.key : KEYBOARD[event.key];
  return name && document.querySelector(`.key[data-key="${name}"]`) ? name : null;
}
document.addEventListener("keydown", (event) => {
  const name = keyboardKey(event);
  if (!name || event.repeat || !bridge) return;
  pendingKey = performance.now();
  bridge.key(name, true);
});
document.addEventListener("keyup", (event) => {
  const name = keyboardKey(event);
  if (name && bridge) bridge.key(name, false);
});

// ---- cards and slots: tap a card then a slot, or drag it; tap a card in a slot to take it out -
// What lies in a slot: 0 nothing, a card's number, or "d39" the tag of the deed on square 39.
function saveSlots() {
  localStorage.setItem(SLOTS_KEY, JSON.stringify(slots));
}

const SLOT_NAMES = ["GREEN", "RED"];
const deedSquare = (held) => (typeof held === "string" && held.startsWith("d") ? Number(held.slice(1)) : 0);
const heldName = (held) => (deedSquare(held) ? `deed ${deedSquare(held)}` : `card ${held}`);

function refusal(error) {
  const text = String(error && error.message ? error.message : error);
  return text.trim().split("\n").pop().replace(/^ValueError: /, "");
}

function lay(slot, held) {
  // held: 0 lifts what lies on the reader
  if (deedSquare(held)) bridge.deed_tag(slot, deedSquare(held));
  else bridge.card(slot, held);
}

function place(held, where) {
  // where: 0 GREEN, 1 RED, -1 the table
  const from = slots.indexOf(held);
  if (from === where) return;
  if (where >= 0 && slots[where] !== 0) {
    $("status").textContent = `The ${SLOT_NAMES[where]} slot already holds ${heldName(slots[where])}`;
    return;
  }
  if (from >= 0) {
    slots[from] = 0;
    lay(from, 0);
  }
  if (where >= 0) {
    try {
      lay(where, held);
      slots[where] = held;
    } catch (error) {
      $("status").textContent = refusal(error); // the bridge's sentence
    }
  }
  saveSlots();
  drawCards();
}

function drawCards() {
  const tray = $("cards");
  tray.textContent = "";
  for (const slot of [0, 1]) $(`slot-${slot}`).querySelector(".slot-card").textContent = "";
  for (const number of CARDS) {
    const card = document.createElement("button");
    card.type = "button";
    card.className = "card" + (chosen === number ? " chosen" : "");
    card.dataset.card = number;
    card.textContent = `CARD ${number}`;
    const at = slots.indexOf(number);
    card.setAttribute("aria-label", at >= 0 ? `card ${number}, in the ${at ? "RED" : "GREEN"} slot: take it out` : `card ${number}`);
    card.addEventListener("pointerdown", (event) => {
      card.setPointerCapture?.(event.pointerId);
    });
    card.addEventListener("pointerup", (event) => {
      const target = document.elementFromPoint(event.clientX, event.clientY);
      const slot = target && target.closest(".slot");
      const onTable = target && target.closest("#cards");
      const from = slots.indexOf(number);
      if (slot && Number(slot.dataset.slot) !== from) {
        chosen = 0;
        place(number, Number(slot.dataset.slot)); // dragged onto a slot
      } else if (onTable && from >= 0 && !target.closest(".card")) {
        place(number, -1); // dragged out onto the table
      } else if (from >= 0) {
        place(number, -1); // tapped in a slot: taken out
      } else {
        chosen = chosen === number ? 0 : number;
        if (chosen) chooseDeed(0);
        drawCards();
      }
    });
    (at >= 0 ? $(`slot-${at}`).querySelector(".slot-card") : tray).appendChild(card);
  }
  slots.forEach((held, at) => {
    const square = deedSquare(held);
    if (!square) return;
    const tag = document.createElement("button"); // a deed's tag on a reader: activate to lift it
    tag.type = "button";
    tag.className = "deed-tag";
    tag.dataset.deed = square;
    tag.textContent = `DEED ${square}`;
    tag.setAttribute("aria-label", `deed ${square} ${deedName(square)}, on the ${SLOT_NAMES[at]} reader: lift it`);
    tag.addEventListener("click", () => place(held, -1));
    $(`slot-${at}`).querySelector(".slot-card").appendChild(tag);
  });
}

for (const slot of [0, 1]) {
  $(`slot-${slot}`).addEventListener("click", (event) => {
    if (chosen && !event.target.closest(".card, .deed-tag")) {
      const number = chosen;
      chosen = 0;
      place(number, slot);
    } else if (chosenDeed && !event.target.closest(".card, .deed-tag")) {
      layChosenDeed(slot);
    }
  });
}

// ---- the Banker's deeds: a board of owners, buildings and mortgages; choose one, lay its tag ---
function deedName(square) {
  const facts = deedFacts && deedFacts.deeds.find((d) => d[0] === square);
  return facts ? facts[1] : "";
}

function buildingsText(buildings) {
  return buildings === 5 ? "H" : buildings ? `${buildings}h` : "";
}

function buildingsWords(buildings) {
  if (buildings === 5) return "a hotel";
  return buildings === 1 ? "1 house" : buildings ? `${buildings} houses` : "no buildings";
}

function buildBoard() {
  deedFacts = JSON.parse(bridge.deed_board());
  const board = $("deed-board");
  board.textContent = "";
  for (const [square, , short, group] of deedFacts.deeds) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "deed";
    button.dataset.square = square;
    button.setAttribute("aria-pressed", "false");
    const cells = [["sq", String(square)], ["nm", short], ["own", ""], ["bld", ""], ["mtg", ""]];
    for (const [name, text] of cells) {
      const cell = document.createElement("span");
      cell.className = name;
      cell.textContent = text;
      if (name !== "sq") cell.setAttribute("aria-hidden", "true");
      button.appendChild(cell);
    }
    const sq = button.querySelector(".sq");
    sq.style.background = GROUP_COLOURS[group];
    sq.style.color = GROUP_INK[group];
    button.addEventListener("click", () => chooseDeed(chosenDeed === square ? 0 : square));
    board.appendChild(button);
  }
}

function showDeeds(deeds, supply) {
  $("estate").hidden = !deeds;
  if (!deeds) return;
  if (!deedFacts) buildBoard();
  for (const [square, name, , group] of deedFacts.deeds) {
    const deed = deeds[square];
    const button = $("deed-board").querySelector(`.deed[data-square="${square}"]`);
    button.classList.toggle("owned", deed.owner !== null);
    button.querySelector(".own").textContent = deed.owner === null ? "-" : `c${deed.owner}`;
    button.querySelector(".bld").textContent = buildingsText(deed.buildings);
    button.querySelector(".mtg").textContent = deed.mortgaged ? "M" : "";
    const owner = deed.owner === null ? "the bank's" : `card ${deed.owner}'s`;
    const group_name = deedFacts.groups[group].toLowerCase();
    const label = `${square} ${name}, ${group_name}: ${owner}, ${buildingsWords(deed.buildings)}${deed.mortgaged ? ", mortgaged" : ""}`;
    button.setAttribute("aria-label", label);
  }
  $("supply").textContent = `Bank: ${supply.houses} houses, ${supply.hotels} hotels left`;
}

function chooseDeed(square) {
  chosenDeed = square;
  if (square && chosen) {
    chosen = 0;
    drawCards();
  }
  for (const button of document.querySelectorAll(".deed")) {
    button.setAttribute("aria-pressed", String(Number(button.dataset.square) === square));
  }
  for (const slot of [0, 1]) $(`lay-${slot}`).disabled = !square;
  $("deed-chosen").textContent = square ? `Deed ${square} ${deedName(square)}: lay its tag on a reader` : "Choose a deed, then a reader";
}

function layChosenDeed(slot) {
  const square = chosenDeed;
  if (!square) return;
  const held = `d${square}`;
  place(held, slot);
  if (slots[slot] === held) chooseDeed(0);
}

for (const slot of [0, 1]) $(`lay-${slot}`).addEventListener("click", () => layChosenDeed(slot));

// ---- power and the edition -------------------------------------------------------------------
$("power").addEventListener("click", () => location.reload());
$("power-menu").addEventListener("click", () => {
  sessionStorage.setItem(HOLD_KEY, "1");
  location.reload();
});
$("edition").addEventListener("change", (event) => {
  const wanted = event.target.value;
  if (!confirm("A new unit starts with an empty flash: the game on this page is erased. Go on?")) {
    event.target.value = localStorage.getItem(EDITION_KEY) || defaultEdition;
    return;
  }
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key && key.startsWith(FLASH_KEY)) localStorage.removeItem(key);
  }
  localStorage.setItem(SLOTS_KEY, "[0, 0]");
  localStorage.setItem(EDITION_KEY, wanted);
  location.reload();
});
$("sound").addEventListener("click", (event) => {
  muted = !muted;
  event.target.textContent = muted ? "Sound off" : "Sound on";
  event.target.setAttribute("aria-pressed", String(muted));
  if (gain) gain.gain.value = 0;
});

function fail(error) {
  page.error = String(error && error.message ? error.message : error);
  $("status").textContent = "The unit stopped: " + page.error;
  console.error(error);
}

// ---- power-up --------------------------------------------------------------------------------
async function powerUp() {
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    navigator.serviceWorker.register("sw.js").catch(() => {}); // offline once loaded
  }
  const [mp, firmware, legendData] = await Promise.all([
    loadMicroPython({ heapsize: 2 * 1024 * 1024, stdout: (line) => console.log(line), stderr: (line) => console.error(line) }),
    fetch("firmware.json").then((r) => r.json()),
    fetch("legends.json").then((r) => r.json()),
  ]);
  legends = legendData;
  for (const [path, text] of Object.entries(firmware)) {
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, Uint8Array.from(atob(text), (c) => c.charCodeAt(0))); // base64
  }
  mp.runPython("import sys\nsys.path.insert(0, '/fw')");
  bridge = mp.pyimport("bridge");
  const offered = JSON.parse(bridge.editions()); // [name, label], the default first
  defaultEdition = offered[0][0];
  $("edition").replaceChildren(...offered.map(([name, label]) => new Option(label, name)));
  const edition = localStorage.getItem(EDITION_KEY) || defaultEdition;
  $("edition").value = edition;
  $("power-menu").textContent = `Power on holding ${bridge.ok_key(edition)} (settings)`;
  const hold = sessionStorage.getItem(HOLD_KEY) === "1";
  sessionStorage.removeItem(HOLD_KEY);
  const problem = bridge.boot(localStorage, edition, hold, true);
  if (problem) throw new Error(problem);
  mp.runPython("import bridge, js\nbridge.board.piezo.on_change = js.webPiezo\nbridge.on_reset = js.webReset");
  $("status").textContent = "";
  slots.forEach((held, slot) => {
    try {
      if (held) lay(slot, held); // still lying there
    } catch (error) {
      slots[slot] = 0; // a deed's tag where the edition the menu chose holds no deeds
      $("status").textContent = refusal(error);
    }
  });
  saveSlots();
  page.ready = true;
  page.bootMs = performance.now();
  drawCards();
  requestAnimationFrame(loop);
}

powerUp().catch(fail);
