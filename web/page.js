// The unit's page: loads MicroPython WebAssembly, lays the firmware out on its filesystem, powers
// the unit up (web/bridge.py) and wires the page to its parts: the panel's GDDRAM drawn on a
// canvas, keys pressed on the keypad matrix, cards laid on the readers, the piezo through Web
// Audio; for the Banker, a board of its deeds (owners, buildings, mortgages, the bank's supply)
// whose tags are laid on the readers as cards are. The flash is localStorage (boards/web.py writes
// each file through before the firmware goes on), so a reload is a power cut. Keys, cards and slots
// answer the keyboard (Space or Enter on a focused one) and a screen reader's activation as they
// answer a pointer; the keyboard's digits, . K M, Enter and Backspace press the keypad's keys.
// The game goes off the page (its CSV and chart, as `python -m host_sim export` makes them) and a
// unit's data comes onto it (a folder `make pull` copied). The page's own words are in the unit's
// language (web/words.js), as its glass is. Figures for the tests are kept in window.unitPage.
import { loadMicroPython } from "./micropython/micropython.mjs";
import { describeChart, drawChart } from "./chart.js";
import { word } from "./words.js";

const EDITION_KEY = "bank-unit:edition"; // the edition deployed on this page's unit
const SLOTS_KEY = "bank-unit:slots"; // which card ("d39": deed tag) lies in which slot, kept across a power cut
const HOLD_KEY = "bank-unit:hold"; // sessionStorage: power up holding the menu's ok key
const LOADED_KEY = "bank-unit:loaded"; // sessionStorage: what the last power-up loaded (a unit's data)
const FLASH_KEY = "bank-unit:flash:"; // boards/web.py's prefix of the flash's files
const ON = [140, 210, 255]; // the OLED's lit colour, as host_sim's screenshots have it
const CARDS = [1, 2, 3, 4, 5, 6];
const TAP_MS = 120; // a screen reader's activation of a key (a click, no key or pointer down): a tap
// A key is down this long at least, however short the tap: the firmware's scan (5 ms samples, 15 ms
// debounce) must see it.
const MIN_PRESS_MS = 60;
const IMPORT = "/import"; // where a loaded folder's files are laid for the bridge (web/bridge.py IMPORT)

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

let mp = null; // the MicroPython WebAssembly module
let bridge = null;
let defaultEdition = ""; // the registry's (app.editions.DEFAULT), from the bridge
let legends = null;
let lastVersion = "";
let lastScreen = "";
let keysFor = "";
let keysLang = "en"; // the language the keys are named in: the unit's screen's (state.lang)
let pendingKey = null; // performance.now() of the last key down not yet seen on the glass
let slots = JSON.parse(localStorage.getItem(SLOTS_KEY) || "[0, 0]");
let chosen = 0; // the card tapped, waiting for a tap on a slot
let chosenDeed = 0; // the Banker's deed chosen on the board (its square), waiting for a reader
let shortcuts = {}; // the computer keyboard's keys -> the keypad's (setShortcuts)
const keyActions = {}; // the keypad's key -> {down, up} of its button
let deedFacts = null; // bridge.deed_board(): {deeds: [[square, name, short, group]], groups}
let pageLang = "en"; // the language the page's own words are in: the unit's (state.lang)
const said = (english, ...values) => word(pageLang, english, ...values);
// The colour groups' colours (host_sim/tui_deeds.py's), then the railroads' and the utilities'.
// Each ink has a contrast of 4.5:1 or more on its colour (WCAG AA for the 12 px numbers).
const GROUP_COLOURS = ["rgb(150,90,50)", "rgb(150,210,240)", "rgb(220,80,160)", "rgb(240,150,40)", "rgb(220,40,40)", "rgb(240,220,40)", "rgb(40,170,80)", "rgb(60,90,220)", "#111", "#666"];
const GROUP_INK = ["#fff", "#000", "#000", "#000", "#fff", "#000", "#000", "#fff", "#fff", "#fff"];

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
  const lang = state.lang || "en"; // the unit's language: the glass's, and these words'
  if (lang !== pageLang) showLanguage(lang);
  const live = $("screen-text");
  if (live.lang !== lang) live.lang = lang; // before its words: a screen reader says French in French
  if (text !== lastScreen) {
    lastScreen = text;
    page.spokenChanges = (page.spokenChanges || 0) + 1;
    live.textContent = text || said("(screen off)");
    if (text && page.firstScreenMs === null && page.ready) page.firstScreenMs = performance.now();
  }
  if (state.edition !== keysFor || lang !== keysLang) buildKeypad(state.edition, state.cards, lang);
  showDeeds(state.deeds, state.supply);
}

// ---- the page's own words in the unit's language ---------------------------------------------
// index.html's English, kept before any is replaced: the keys of web/words.js.
const SAID_HTML = [...document.querySelectorAll("[data-say]")].map((el) => [el, el.innerHTML.trim()]);
const SAID_LABELS = [...document.querySelectorAll("[data-say-label]")].map((el) => [el, el.getAttribute("aria-label")]);
const TITLE = document.title;

// Everything the page says in the language `lang`, <html lang> first (a screen reader's
// pronunciation); what the page built is built again (the help's key names by buildKeypad).
function showLanguage(lang) {
  pageLang = lang;
  document.documentElement.lang = lang;
  document.title = said(TITLE);
  for (const [el, english] of SAID_HTML) el.innerHTML = said(english);
  for (const [el, english] of SAID_LABELS) el.setAttribute("aria-label", said(english));
  for (const option of $("edition").options) {
    option.dataset.english ??= option.text;
    option.text = said(option.dataset.english);
  }
  $("sound-state").textContent = muted ? said("off") : said("on");
  if (!bridge) return; // (the power-up calls it again once the unit is on)
  const ok = bridge.ok_key($("edition").value);
  const okName = (lang !== "en" && legends.names[lang] && legends.names[lang][ok]) || ok;
  $("power-menu").textContent = said("Power on holding %s (settings)", okName);
  chooseDeed(chosenDeed);
  if (page.ready) drawCards(); // (the power-up draws them)
}

// ---- the keypad ------------------------------------------------------------------------------
// A key's label: the printed legend's lines (tools/hardware/legends.py) as one line, a word the
// keycap splits with a hyphen ("INTER-", "EST") whole again; on a unit whose screen speaks
// another language, the key's name in that language's table (host_sim/key_names.py).
function label(key) {
  const named = legends.names[keysLang];
  if (named && named[key]) return named[key];
  const printed = legends.printed[key];
  if (!printed) return key;
  return printed.reduce((text, line) => (!text ? line : text.endsWith("-") ? text.slice(0, -1) + line : `${text} ${line}`), "");
}

function buildKeypad(edition, cards, lang = "en") {
  keysFor = edition;
  keysLang = lang;
  const rows = JSON.parse(bridge.keymap());
  const usedCols = rows[0].map((_, c) => rows.some((row) => row[c] !== null));
  const pad = $("keypad");
  pad.textContent = "";
  pad.lang = lang; // a screen reader says the French legends in French
  pad.style.gridTemplateColumns = `repeat(${usedCols.filter(Boolean).length}, minmax(0, 1fr))`;
  for (const name of Object.keys(keyActions)) delete keyActions[name];
  for (const row of rows) {
    if (row.every((key) => key === null)) continue;
    row.forEach((key, c) => {
      if (!usedCols[c]) return;
      const button = document.createElement(key === null ? "span" : "button");
      if (key !== null) makeKey(button, key);
      pad.appendChild(button);
    });
  }
  setShortcuts();
  $("slots").hidden = !cards;
  $("cards").hidden = !cards;
  fitLabels();
}

// A label wider than its key (MORTGAGE on a 360 px phone) is set smaller until it fits whole:
// a word is never broken across two lines.
function fitLabels() {
  for (const button of document.querySelectorAll(".key")) {
    button.style.fontSize = "";
    let size = parseFloat(getComputedStyle(button).fontSize);
    while (button.scrollWidth > button.clientWidth && size > 8) {
      size -= 0.5;
      button.style.fontSize = `${size}px`;
    }
  }
}
window.addEventListener("resize", () => {
  if (keysFor) fitLabels();
});

// A key of the keypad: a finger on it while the pointer is down, or Space or Enter held on the
// focused key; a screen reader's activation (a click with no pointer or key down) is a tap.
function makeKey(button, key) {
  const [fill, ink] = legends.styles[key] || (/^[0-9.]$/.test(key) ? legends.plain : legends.other);
  button.type = "button";
  button.className = "key";
  button.dataset.key = key;
  button.textContent = label(key);
  button.style.background = fill;
  button.style.color = ink;
  let keyboardAt = -1e9; // when Space or Enter last let go of it (its click is not a tap)
  let downAt = 0;
  let letGo = null; // a release put off until the key has been down MIN_PRESS_MS
  const down = () => {
    if (button.classList.contains("down")) return;
    button.classList.add("down");
    downAt = pendingKey = performance.now();
    bridge.key(key, true);
    chase(pendingKey + 250);
  };
  const release = () => {
    letGo = null;
    button.classList.remove("down");
    bridge.key(key, false);
  };
  const up = () => {
    if (!button.classList.contains("down") || letGo) return;
    const early = MIN_PRESS_MS - (performance.now() - downAt);
    if (early > 0) letGo = setTimeout(release, early);
    else release();
  };
  keyActions[key] = { down, up };
  button.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    button.setPointerCapture?.(event.pointerId);
    down();
  });
  button.addEventListener("pointerup", up);
  button.addEventListener("pointercancel", up);
  button.addEventListener("lostpointercapture", up);
  button.addEventListener("keydown", (event) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault(); // no click: the key is down until the keyboard's key comes up
    event.stopPropagation();
    if (!event.repeat) down();
  });
  button.addEventListener("keyup", (event) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault();
    event.stopPropagation();
    keyboardAt = performance.now();
    up();
  });
  button.addEventListener("blur", up);
  button.addEventListener("click", (event) => {
    if (event.detail !== 0 || button.classList.contains("down") || performance.now() - keyboardAt < 100) return;
    down(); // a screen reader's activation: a tap
    setTimeout(up, TAP_MS);
  });
}

// The computer keyboard: digits, the point, K and M press those keys; Enter and Backspace the
// settings menu's ok and back keys of the edition running (GO and C; CONFIRM and CANCEL on the
// Stock Exchange). Enter on a focused control (a key, a card, a slot, a deed, a button, a list)
// is that control's, and typing into a list or a field is theirs; Escape leaves the control.
function setShortcuts() {
  const [ok, back] = JSON.parse(bridge.menu_keys());
  shortcuts = { Enter: ok, Backspace: back, k: "K", K: "K", m: "M", M: "M", ".": "." };
  for (let digit = 0; digit <= 9; digit++) shortcuts[String(digit)] = String(digit);
  const names = { Enter: "Enter", Backspace: "Backspace", K: "K", M: "M", ".": "." };
  for (const [shortcut, key] of Object.entries(shortcuts)) {
    const button = document.querySelector(`.key[data-key="${key}"]`);
    if (button && (names[shortcut] || /^[0-9]$/.test(shortcut))) button.setAttribute("aria-keyshortcuts", names[shortcut] || shortcut);
  }
  for (const span of document.querySelectorAll(".key-ok")) span.textContent = label(ok);
  for (const span of document.querySelectorAll(".key-back")) span.textContent = label(back);
}

function keyboardKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target && target.closest("select, input, textarea")) return null;
  if ((event.key === "Enter" || event.key === " ") && target && target.closest("button, a, summary")) return null;
  const name = shortcuts[event.key];
  return name && keyActions[name] ? name : null;
}
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && document.activeElement && document.activeElement.matches("main button, main select, main input, main a")) {
    document.activeElement.blur(); // off the control: Enter and Space are the keypad's again
    return;
  }
  const name = keyboardKey(event);
  if (!name || !bridge) return;
  event.preventDefault(); // Backspace: no "back" of the browser
  if (!event.repeat) keyActions[name].down();
});
document.addEventListener("keyup", (event) => {
  const name = keyboardKey(event);
  if (name && bridge) keyActions[name].up();
});

// ---- cards and slots: choose a card then a slot, or drag it; a card in a slot taken out ------
// What lies in a slot: 0 nothing, a card's number, or "d39" the tag of the deed on square 39.
// A card or a tag is chosen, then a slot (a tap, a click, Space or Enter on its button); a slot
// that holds one already moves nothing and says what holds it.
function saveSlots() {
  localStorage.setItem(SLOTS_KEY, JSON.stringify(slots));
}

const slotName = (slot) => (slot ? said("RED") : said("GREEN"));
const slotRole = (slot) => (slot ? said("pays") : said("receives"));
const deedSquare = (held) => (typeof held === "string" && held.startsWith("d") ? Number(held.slice(1)) : 0);
const heldName = (held) => (deedSquare(held) ? said("deed %s", deedSquare(held)) : said("card %s", held));
const say = (text) => {
  $("status").textContent = text;
};

function refusal(error) {
  const text = String(error && error.message ? error.message : error);
  return text.trim().split("\n").pop().replace(/^ValueError: /, "");
}

function lay(slot, held) {
  // held: 0 lifts what lies on the reader
  if (deedSquare(held)) bridge.deed_tag(slot, deedSquare(held));
  else bridge.card(slot, held);
}

// What is chosen and waits for a slot: a card's number, "d39" a deed's tag, or 0.
const waiting = () => chosen || (chosenDeed ? `d${chosenDeed}` : 0);

function occupied(slot) {
  // A slot that holds something, tapped with something else chosen: nothing moves.
  const held = slots[slot];
  const other = heldName(waiting());
  say(said("The %s slot holds %s: nothing moved. Put %s in the other slot, or take %s out first (with nothing chosen, choose it).", slotName(slot), heldName(held), other, heldName(held)));
}

function place(held, where) {
  // where: 0 GREEN, 1 RED, -1 the table
  const from = slots.indexOf(held);
  if (from === where) return;
  if (where >= 0 && slots[where] !== 0) {
    say(said("The %s slot already holds %s: nothing moved.", slotName(where), heldName(slots[where])));
    return;
  }
  say("");
  if (from >= 0) {
    slots[from] = 0;
    lay(from, 0);
  }
  if (where >= 0) {
    try {
      lay(where, held);
      slots[where] = held;
    } catch (error) {
      say(refusal(error)); // the bridge's sentence
    }
  }
  saveSlots();
  drawCards();
}

// A tap, a click, Space or Enter on a card: chosen (or no longer), or taken out of its slot.
function tapCard(number) {
  const at = slots.indexOf(number);
  if (at >= 0) {
    if (waiting() && waiting() !== number) {
      occupied(at);
      return;
    }
    place(number, -1);
    return;
  }
  chosen = chosen === number ? 0 : number;
  if (chosen) chooseDeed(0);
  say(chosen ? said("Card %s chosen: now the GREEN or the RED slot.", number) : "");
  drawCards();
}

function tapSlot(slot) {
  const held = waiting();
  if (!held) {
    say(slots[slot] ? said("The %s slot holds %s: choose it to take it out.", slotName(slot), heldName(slots[slot])) : said("Choose a card first, then the slot."));
    return;
  }
  if (slots[slot] !== 0) {
    occupied(slot);
    return;
  }
  if (chosen) {
    chosen = 0;
    place(held, slot);
  } else {
    layChosenDeed(slot);
  }
}

function drawCards() {
  // The cards are drawn anew: the one focused (a card, a tag) keeps the focus.
  const focused = document.activeElement;
  const again = focused && focused.dataset ? (focused.dataset.card ? `.card[data-card="${focused.dataset.card}"]` : focused.classList.contains("deed-tag") ? `.deed-tag[data-deed="${focused.dataset.deed}"]` : null) : null;
  const tray = $("cards");
  tray.textContent = "";
  for (const slot of [0, 1]) $(`slot-${slot}`).querySelector(".slot-card").textContent = "";
  for (const number of CARDS) {
    const card = document.createElement("button");
    card.type = "button";
    card.className = "card" + (chosen === number ? " chosen" : "");
    card.dataset.card = number;
    card.textContent = said("CARD %s", number);
    const at = slots.indexOf(number);
    if (at >= 0) card.setAttribute("aria-label", said("card %s, in the %s slot: take it out", number, slotName(at)));
    else card.setAttribute("aria-pressed", String(chosen === number));
    let dragged = false; // the pointer went up elsewhere: its click is no tap
    card.addEventListener("pointerdown", (event) => {
      dragged = false;
      card.setPointerCapture?.(event.pointerId);
    });
    card.addEventListener("pointerup", (event) => {
      const target = document.elementFromPoint(event.clientX, event.clientY);
      if (target && target.closest(".card") === card) return; // a tap: the click's
      dragged = true;
      const slot = target && target.closest(".slot");
      const from = slots.indexOf(number);
      if (slot && Number(slot.dataset.slot) !== from) {
        if (chosen === number) chosen = 0;
        place(number, Number(slot.dataset.slot)); // dragged onto a slot
      } else if (target && target.closest("#cards") && from >= 0) {
        place(number, -1); // dragged out onto the table
      }
    });
    card.addEventListener("click", () => {
      if (dragged) {
        dragged = false;
        return;
      }
      tapCard(number);
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
    tag.textContent = said("DEED %s", square);
    tag.setAttribute("aria-label", said("deed %s %s, on the %s reader: lift it", square, deedName(square), slotName(at)));
    tag.addEventListener("click", () => {
      if (waiting() && waiting() !== held) occupied(at);
      else place(held, -1);
    });
    $(`slot-${at}`).querySelector(".slot-card").appendChild(tag);
  });
  for (const slot of [0, 1]) {
    const what = slots[slot] ? heldName(slots[slot]) : said("empty");
    $(`slot-button-${slot}`).setAttribute("aria-label", said("%s %s: %s", slotName(slot), slotRole(slot), what));
  }
  if (again) document.querySelector(again)?.focus();
}

for (const slot of [0, 1]) {
  $(`slot-${slot}`).addEventListener("click", (event) => {
    if (!event.target.closest(".card, .deed-tag")) tapSlot(slot); // a card's or a tag's own
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
  if (buildings === 5) return said("a hotel");
  return buildings === 1 ? said("1 house") : buildings ? said("%s houses", buildings) : said("no buildings");
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
    const cells = [["sq", `${square} `], ["nm", short], ["own", ""], ["bld", ""], ["mtg", ""]];
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
  for (const [square, , short, group] of deedFacts.deeds) {
    const deed = deeds[square];
    const button = $("deed-board").querySelector(`.deed[data-square="${square}"]`);
    button.classList.toggle("owned", deed.owner !== null);
    button.querySelector(".own").textContent = deed.owner === null ? "-" : `c${deed.owner}`;
    button.querySelector(".bld").textContent = buildingsText(deed.buildings);
    button.querySelector(".mtg").textContent = deed.mortgaged ? "M" : "";
    const owner = deed.owner === null ? said("the bank's") : said("card %s's", deed.owner);
    const group_name = said(deedFacts.groups[group].toLowerCase()); // (web/words.js has each group's)
    const label = said("%s %s, %s: %s, %s%s", square, short, group_name, owner, buildingsWords(deed.buildings), deed.mortgaged ? said(", mortgaged") : "");
    button.setAttribute("aria-label", label);
  }
  $("supply").textContent = said("Bank: %s houses, %s hotels left", supply.houses, supply.hotels);
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
  $("deed-chosen").textContent = square ? said("Deed %s %s: lay its tag on a reader", square, deedName(square)) : said("Choose a deed, then a reader");
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
// The page's flash erased, the running unit cut off from it first (what it writes goes nowhere).
function eraseFlash() {
  bridge.detach();
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key && key.startsWith(FLASH_KEY)) localStorage.removeItem(key);
  }
  localStorage.setItem(SLOTS_KEY, "[0, 0]");
}

$("edition").addEventListener("change", (event) => {
  const wanted = event.target.value;
  if (!confirm(said("A new unit starts with an empty flash: the game on this page is erased. Go on?"))) {
    event.target.value = localStorage.getItem(EDITION_KEY) || defaultEdition;
    return;
  }
  eraseFlash();
  localStorage.setItem(EDITION_KEY, wanted);
  location.reload();
});
// A toggle: pressed while the sound is on (its name stays "Sound"; on or off is shown beside it).
$("sound").addEventListener("click", () => {
  muted = !muted;
  $("sound-state").textContent = (muted ? said("off") : said("on"));
  $("sound").setAttribute("aria-pressed", String(!muted));
  if (gain) gain.gain.value = 0;
});

// ---- the game off the page: its CSV and chart, as `python -m host_sim export` makes them -----
let papa = null; // Papa Parse (vendor/papaparse.min.js), loaded at the first download
function loadPapa() {
  if (!papa) {
    papa = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "vendor/papaparse.min.js";
      script.onload = () => resolve(window.Papa);
      script.onerror = () => reject(new Error("vendor/papaparse.min.js did not load"));
      document.head.appendChild(script);
    });
  }
  return papa;
}

const links = { csv: null, png: null }; // the object URLs of the last download, freed at the next

async function downloadGame() {
  const made = JSON.parse(bridge.export_game());
  if (made.error) {
    say(made.error);
    return;
  }
  const Papa = await loadPapa();
  // The csv module's format: a header, then every row, each line ended by CR LF.
  const csv = Papa.unparse({ fields: made.columns, data: made.cells }, { newline: "\r\n" }) + "\r\n";
  const chart = $("chart");
  const series = drawChart(chart, made.chart, (value) => bridge.amount_text(value));
  chart.setAttribute("aria-label", describeChart(made.chart, made.transactions));
  const png = await new Promise((resolve) => chart.toBlob(resolve, "image/png"));
  for (const [kind, blob] of [["csv", new Blob([csv], { type: "text/csv" })], ["png", png]]) {
    if (links[kind]) URL.revokeObjectURL(links[kind]);
    links[kind] = URL.createObjectURL(blob);
    $(`${kind}-link`).href = links[kind];
  }
  // The summary `python -m host_sim export` prints, and where the kept history begins.
  let summary = said("%s: %s transactions, %s series on the chart", made.edition, made.transactions, series);
  if (made.from) summary += `. ${made.from}`;
  $("export-summary").textContent = summary;
  $("export-out").hidden = false;
  page.export = { csv, chart: made.chart, series, transactions: made.transactions, edition: made.edition, pngBytes: png.size };
  $("csv-link").focus();
}
$("export").addEventListener("click", () => downloadGame().catch((error) => say(said("The game could not be downloaded: %s", refusal(error)))));

// ---- a unit's data onto the page: the folder `make pull` copied (data/, or the folder above) --
function unitFiles(files) {
  // name -> File: the folder's own files, or those of its data/ folder; deeper ones are not the unit's.
  const found = new Map();
  for (const file of files) {
    const parts = (file.webkitRelativePath || file.name).split("/");
    if (parts.length <= 2) found.set(parts[parts.length - 1], file);
    else if (parts.length === 3 && parts[1] === "data") found.set(parts[2], file);
  }
  return found;
}

async function loadData(files) {
  const found = unitFiles(files);
  if (!found.size) {
    say(said("No files chosen: choose the data folder make pull copied off the unit (build/pull/data)."));
    return;
  }
  try {
    for (const name of mp.FS.readdir(IMPORT)) if (name !== "." && name !== "..") mp.FS.unlink(`${IMPORT}/${name}`);
  } catch {
    mp.FS.mkdirTree(IMPORT);
  }
  for (const [name, file] of found) {
    if (!/^[^/\\]+$/.test(name) || name === "." || name === "..") continue;
    mp.FS.writeFile(`${IMPORT}/${name}`, new Uint8Array(await file.arrayBuffer()));
  }
  const seen = JSON.parse(bridge.inspect_data());
  page.loaded = seen;
  if (seen.error) {
    say(seen.error);
    return;
  }
  const question = said("Load the %s unit's game (%s transactions, %s files)? The game on this page is erased.", said(seen.name), seen.transactions, seen.files.length);
  if (!confirm(question)) {
    say(said("Nothing loaded: the page's game is as it was."));
    return;
  }
  eraseFlash();
  const count = bridge.install_data(localStorage);
  localStorage.setItem(EDITION_KEY, seen.edition);
  // said after the power-up, in the loaded unit's language (loadedNote)
  sessionStorage.setItem(LOADED_KEY, JSON.stringify({ name: seen.name, count, transactions: seen.transactions, ignored: seen.ignored }));
  location.reload();
}
$("load").addEventListener("change", (event) => {
  const files = [...event.target.files];
  event.target.value = "";
  loadData(files).catch((error) => say(said("The data could not be loaded: %s", refusal(error))));
});

// What the power-up after a unit's data was loaded says (LOADED_KEY's facts).
function loadedNote({ name, count, transactions, ignored }) {
  let note = said("Loaded the %s unit's data: %s files, %s transactions.", said(name), count, transactions);
  if (ignored.length) note += said(" Left out (not the unit's): %s.", ignored.join(", "));
  return note;
}

function fail(error) {
  page.error = String(error && error.message ? error.message : error);
  $("status").textContent = said("The unit stopped: %s", page.error);
  console.error(error);
}

// ---- power-up --------------------------------------------------------------------------------
async function powerUp() {
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    navigator.serviceWorker.register("sw.js").catch(() => {}); // offline once loaded
  }
  let firmware, legendData;
  [mp, firmware, legendData] = await Promise.all([
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
  const hold = sessionStorage.getItem(HOLD_KEY) === "1";
  sessionStorage.removeItem(HOLD_KEY);
  const problem = bridge.boot(localStorage, edition, hold, true);
  if (problem) throw new Error(problem);
  showLanguage(bridge.language()); // the unit's, from its settings: before anything is said
  mp.runPython("import bridge, js\nbridge.board.piezo.on_change = js.webPiezo\nbridge.on_reset = js.webReset");
  const loaded = sessionStorage.getItem(LOADED_KEY);
  say(loaded ? loadedNote(JSON.parse(loaded)) : "");
  sessionStorage.removeItem(LOADED_KEY);
  slots.forEach((held, slot) => {
    try {
      if (held) lay(slot, held); // still lying there
    } catch (error) {
      slots[slot] = 0; // a deed's tag where the edition the menu chose holds no deeds
      say(refusal(error));
    }
  });
  saveSlots();
  page.ready = true;
  page.bootMs = performance.now();
  drawCards();
  requestAnimationFrame(loop);
}

powerUp().catch(fail);
