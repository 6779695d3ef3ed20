// Plays the web build in headless Chromium (puppeteer-core, tests/web/package.json) as a person
// would, and prints one JSON object with what it saw. Every mode also lists the page's errors and
// any file the page asked for that the server has not (errors, httpErrors: a favicon.ico...).
//
//   node tests/web/browser.mjs URL CHROMIUM SCREENSHOT.png [MODE ARGS...]
//
// No mode: by clicking, card 1 into RED, card 2 into GREEN, 1 2 3 C 5 0 K; reads the aria-live
// mirror of the screen, takes a screenshot, drags card 2 out, reloads (a power cut) and reads
// the balances again, then reloads with the network off (the service worker's copy); the
// timings: boot to first pixel and to first screen, key down to pixel per key.
// banker: deploys the Banker by the New unit list, chooses deed 37 on the board and lays its tag
// on GREEN by clicks, card 1 in RED, BUY then GO; reads the board; lifts the tag and lays deed
// 39's by the keyboard alone (focus, Enter and Space); reloads (a power cut).
// keyboard EDITION TYPED: the keyboard alone (Tab, Shift+Tab, Space, Enter, Esc, the keypad's
// shortcuts): card 1 into RED, card 2 into GREEN, the slot trap tried (card 3 chosen, card 2
// in GREEN chosen), TYPED typed ("\n" is Enter), the sound switched off; then axe-core.
// stock_exchange: the readers' slots and the cards hidden; the market screen's sides turning
// while the aria-live words stay; an introduction by the keyboard alone; then axe-core.
// phone [FRENCH_FLASH]: a 390 x 844 touch screen: nothing wider than it, every key's label whole,
// a transfer by taps; the Stock Exchange's keypad likewise; axe-core on both; then, given a JSON
// file of localStorage entries holding a French Stock Exchange unit's flash, its keypad and the
// page's own words; then Electronic Banking set to French by its settings menu and back.
// export SE_DIR EB_DIR BAD_DIR: a transfer by clicks, then "Download the game" (its CSV, chart
// description and PNG, and the page's flash files to export them with host_sim); then "Load a
// unit's data" with BAD_DIR (refused), SE_DIR (downloaded again) and EB_DIR, whose card 2 is a
// spare tag, then paid with by the page's card 2.
import { readFileSync } from "node:fs";
import puppeteer from "puppeteer-core";

const [url, chromium, screenshot, mode, ...args] = process.argv.slice(2);
const TAP_MS = 100; // a finger on a key: the firmware's scan must see it down
const AXE = new URL("./node_modules/axe-core/axe.min.js", import.meta.url); // tests/web/package.json

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
});
const out = { errors: [], httpErrors: [] };
try {
  const page = await browser.newPage();
  page.on("pageerror", (error) => out.errors.push(String(error)));
  page.on("response", (response) => {
    if (response.status() >= 400) out.httpErrors.push(`${response.status()} ${response.url()}`);
  });
  page.on("dialog", (dialog) => dialog.accept()); // New unit, Load: "the game on this page is erased"
  if (mode === "phone") await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  else await page.setViewport({ width: 600, height: 900, deviceScaleFactor: 1 });

  const booted = async () => {
    await page.waitForFunction(() => window.unitPage && (window.unitPage.error || window.unitPage.screen.length > 0), { timeout: 20000 });
    return page.evaluate(() => ({ ...window.unitPage, latencies: undefined }));
  };
  const aria = () => page.$eval("#screen-text", (el) => el.textContent);
  const screenSays = (text) => page.waitForFunction((t) => document.querySelector("#screen-text").textContent.includes(t), { timeout: 5000 }, text);
  const tap = (selector) => page.click(selector, { delay: TAP_MS });
  const status = () => page.$eval("#status", (el) => el.textContent);
  const slotsKept = () => page.evaluate(() => localStorage.getItem("bank-unit:slots"));
  const standings = () => page.evaluate(() => window.unitPage.standings);
  // A fresh unit of that edition (the page's flash erased): the setting up, not the play.
  const fresh = async (edition) => {
    await page.evaluate((name) => {
      localStorage.clear();
      localStorage.setItem("bank-unit:edition", name);
    }, edition);
    await page.reload({ waitUntil: "load" });
    return booted();
  };

  await page.goto(url, { waitUntil: "load" });
  out.boot = await booted();
  const helpers = { booted, aria, screenSays, tap, status, slotsKept, standings, fresh };
  const play = { banker: playBanker, keyboard: playKeyboard, stock_exchange: playStockExchange, phone: playPhone, export: playExport };
  await (play[mode] || playTransfer)(page, helpers, ...args);
} catch (error) {
  out.failure = String(error && error.stack ? error.stack : error);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out) + "\n");

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// axe-core's violations on the page as it is: [{id, impact, help, nodes: [selector...]}].
async function accessibility(page) {
  await page.addScriptTag({ path: decodeURIComponent(AXE.pathname) });
  return page.evaluate(async () => {
    const found = await window.axe.run(document, { resultTypes: ["violations"] });
    return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
}

// Tab (or Shift+Tab) until the focus is on `selector`: the keyboard's own way there.
async function tabTo(page, selector, back = false) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => Boolean(document.activeElement && document.activeElement.matches(s)), selector)) return;
    if (back) await page.keyboard.down("Shift");
    await page.keyboard.press("Tab");
    if (back) await page.keyboard.up("Shift");
  }
  throw new Error(`Tab never reached ${selector}`);
}

async function press(page, key) {
  await page.keyboard.press(key, { delay: TAP_MS });
  await sleep(120);
}

// The Banker's page: its board of deeds, a deed's tag laid by pointer and by keyboard.
async function playBanker(page, { booted, aria, screenSays, tap }) {
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.select("#edition", "banker")]);
  out.bankerBoot = await booted();
  await tap('.key[data-key="C"]'); // ends the settings summary
  await screenSays("INSERT A CARD");
  const row = (square) => page.$eval(`.deed[data-square="${square}"]`, (el) => ({ text: el.textContent, label: el.getAttribute("aria-label"), pressed: el.getAttribute("aria-pressed") }));
  out.before = { row: await row(37), supply: await page.$eval("#supply", (el) => el.textContent), estateHidden: await page.$eval("#estate", (el) => el.hidden) };
  await tap('.deed[data-square="37"]');
  out.chosen = { row: await row(37), lay: await page.$eval("#lay-0", (el) => el.disabled) };
  await tap("#lay-0");
  await screenSays("OWNER: BANK");
  await tap('.card[data-card="1"]');
  await tap("#slot-1");
  await screenSays("CARD 1 PAYS");
  await tap('.key[data-key="BUY"]');
  await screenSays("BUY: CARD 1");
  await tap('.key[data-key="GO"]');
  await page.waitForFunction(() => document.querySelector('.deed[data-square="37"]').classList.contains("owned"), { timeout: 5000 });
  out.bought = { aria: await aria(), row: await row(37), standings: await page.evaluate(() => window.unitPage.standings), deeds: await page.evaluate(() => window.unitPage.deeds), supply: await page.$eval("#supply", (el) => el.textContent), slots: await page.evaluate(() => localStorage.getItem("bank-unit:slots")) };
  await page.screenshot({ path: screenshot, fullPage: true }); // the board below the unit

  // The keyboard alone: the tag on GREEN lifted (its button, Enter), deed 39 chosen (Space) and
  // laid on GREEN (Enter on Lay on GREEN). Enter on a control is the control's, not GO.
  await page.focus('.deed-tag[data-deed="37"]');
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => !document.querySelector(".deed-tag") && !document.querySelector("#screen-text").textContent.includes("BUY 37"), { timeout: 5000 });
  out.lifted = { slots: await page.evaluate(() => localStorage.getItem("bank-unit:slots")) };
  await page.focus('.deed[data-square="39"]');
  await page.keyboard.press(" ");
  out.keyChosen = { row: await row(39), lay: await page.$eval("#lay-0", (el) => el.disabled) };
  await page.focus("#lay-0");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector('#slot-0 .deed-tag[data-deed="39"]'), { timeout: 5000 });
  await screenSays("BOARDWALK");
  out.keyLaid = { aria: await aria(), slots: await page.evaluate(() => localStorage.getItem("bank-unit:slots")), standings: await page.evaluate(() => window.unitPage.standings), tag: await page.$eval('.deed-tag[data-deed="39"]', (el) => el.getAttribute("aria-label")) };

  await page.reload({ waitUntil: "load" }); // a power cut: the deed's owner and the tag stay
  out.reboot = await booted();
  await page.waitForFunction(() => window.unitPage.deeds, { timeout: 5000 });
  out.reboot.row = await row(37);
  out.reboot.slots = await page.evaluate(() => localStorage.getItem("bank-unit:slots"));
  out.reboot.tag = await page.$$eval(".deed-tag", (els) => els.map((el) => el.dataset.deed));
}

// The other editions' game (the default edition): a transfer by clicks, a drag, two reloads.
async function playTransfer(page, { booted, aria, screenSays, tap }) {
  await tap('.key[data-key="C"]'); // any key ends the settings summary, and does nothing else
  await screenSays("INSERT A CARD");
  await tap('.card[data-card="1"]');
  await tap("#slot-1");
  await screenSays("CARD 1 PAYS");
  await tap('.card[data-card="2"]');
  await tap("#slot-0");
  await screenSays("CARD 1 > CARD 2");
  await page.evaluate(() => { window.unitPage.latencies = []; });
  for (const key of ["1", "2", "3", "C", "5", "0", "K"]) { // C clears 123: 50K is sent
    await tap(`.key[data-key="${key}"]`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await screenSays("14.95M");
  out.latencies = await page.evaluate(() => window.unitPage.latencies);
  out.transfer = { aria: await aria(), standings: await page.evaluate(() => window.unitPage.standings) };
  await page.screenshot({ path: screenshot });
  out.tones = await page.evaluate(() => window.unitPage.tones);

  // Card 2 dragged out of GREEN onto the table (a drag, not a tap: pointer down, move, up).
  const from = await (await page.$('.card[data-card="2"]')).boundingBox();
  const to = await (await page.$("#cards")).boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width - 10, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  await screenSays("CARD 1 PAYS");
  out.dragged = { aria: await aria(), slots: await page.evaluate(() => localStorage.getItem("bank-unit:slots")) };

  await page.evaluate(() => navigator.serviceWorker && navigator.serviceWorker.ready);
  await page.reload({ waitUntil: "load" });
  out.reboot = await booted();
  out.reboot.aria = await aria();

  await page.setOfflineMode(true);
  await page.reload({ waitUntil: "load" });
  out.offline = await booted();
  out.offline.aria = await aria();
}

// The keyboard alone, on a fresh unit of `edition`: a transfer of `typed` from card 1 to card 2.
async function playKeyboard(page, { aria, screenSays, status, slotsKept, standings, fresh }, edition, typed) {
  out.keyboardBoot = await fresh(edition);
  await press(page, "Backspace"); // C (CANCEL): ends the settings summary
  await screenSays("INSERT A CARD");
  const card = (n) => `.card[data-card="${n}"]`;
  const pressed = (n) => page.$eval(card(n), (el) => el.getAttribute("aria-pressed"));
  await tabTo(page, card(1));
  await press(page, " ");
  out.chosen = { pressed: await pressed(1), status: await status(), focused: await page.evaluate(() => document.activeElement.dataset.card) };
  await tabTo(page, "#slot-button-1", true);
  await press(page, " ");
  await screenSays("CARD 1 PAYS");
  out.red = { slots: await slotsKept(), label: await page.$eval("#slot-button-1", (el) => el.getAttribute("aria-label")) };
  await tabTo(page, card(2));
  await press(page, "Enter");
  await tabTo(page, "#slot-button-0", true);
  await press(page, "Enter");
  await screenSays("CARD 1 > CARD 2");
  // The slot trap: card 3 chosen, then card 2 lying in GREEN chosen, then the GREEN slot.
  await tabTo(page, card(3));
  await press(page, " ");
  await tabTo(page, card(2), true);
  await press(page, " ");
  out.trap = { status: await status(), slots: await slotsKept(), aria: await aria(), chosen: await pressed(3) };
  await tabTo(page, "#slot-button-0", true);
  await press(page, "Enter");
  out.trapSlot = { status: await status(), slots: await slotsKept(), aria: await aria() };
  await tabTo(page, card(3));
  await press(page, " "); // card 3 no longer chosen
  out.unchosen = await pressed(3);
  await press(page, "Escape"); // off the card: Enter is the keypad's again
  for (const key of typed) await press(page, key === "\n" ? "Enter" : key);
  await page.waitForFunction((before) => JSON.stringify(window.unitPage.standings) !== before, { timeout: 5000 }, JSON.stringify(out.keyboardBoot.standings));
  out.typed = { aria: await aria(), standings: await standings(), slots: await slotsKept() };
  await tabTo(page, "#sound");
  const sound = () => page.$eval("#sound", (el) => ({ pressed: el.getAttribute("aria-pressed"), text: el.textContent }));
  out.soundBefore = await sound();
  await press(page, " ");
  out.soundAfter = await sound();
  out.help = await page.$eval(".help", (el) => el.textContent);
  out.shortcuts = await page.$$eval(".key[aria-keyshortcuts]", (els) => Object.fromEntries(els.map((el) => [el.dataset.key, el.getAttribute("aria-keyshortcuts")])));
  out.axe = await accessibility(page);
  await page.screenshot({ path: screenshot, fullPage: true });
}

// The Stock Exchange: no readers, so no slots and no cards; words for what the screen means.
async function playStockExchange(page, { aria, screenSays, standings, fresh }) {
  out.seBoot = await fresh("stock_exchange");
  const shown = (selector) => page.$$eval(selector, (els) => els.filter((el) => el.getClientRects().length > 0).length);
  out.hidden = {
    slots: await page.$eval("#slots", (el) => ({ hidden: el.hidden, display: getComputedStyle(el).display })),
    cards: await page.$eval("#cards", (el) => ({ hidden: el.hidden, display: getComputedStyle(el).display })),
    shownSlots: await shown(".slot"),
    shownCards: await shown(".card"),
  };
  await press(page, "Backspace"); // CANCEL: ends the settings summary
  await screenSays("MARKET");
  // 9 s of the market screen alone: its sides turn every 4 s, its meaning stays.
  const glass = new Set();
  const words = new Set();
  const changes = await page.evaluate(() => window.unitPage.spokenChanges);
  for (let i = 0; i < 36; i++) {
    const seen = await page.evaluate(() => [window.unitPage.screen.join(" · "), document.querySelector("#screen-text").textContent]);
    glass.add(seen[0]);
    words.add(seen[1]);
    await sleep(250);
  }
  out.turning = { glass: [...glass], words: [...words], changes: (await page.evaluate(() => window.unitPage.spokenChanges)) - changes };
  // An introduction, the keyboard alone: BANK PURCHASE by Tab and Space, HAT (1), code 01 typed,
  // Esc off the key, Enter (CONFIRM).
  await tabTo(page, '.key[data-key="BANK"]');
  await press(page, " ");
  out.form = [await aria()];
  for (const key of ["1", "0", "1"]) {
    await press(page, key);
    out.form.push(await aria());
  }
  await press(page, "Escape");
  await press(page, "Enter");
  await screenSays("President HAT");
  out.introduced = { aria: await aria(), standings: await standings(), glass: await page.evaluate(() => window.unitPage.screen) };
  out.shortcuts = await page.$$eval(".key[aria-keyshortcuts]", (els) => Object.fromEntries(els.map((el) => [el.dataset.key, el.getAttribute("aria-keyshortcuts")])));
  out.helpKeys = await page.$$eval(".key-ok, .key-back", (els) => els.map((el) => el.textContent));
  out.axe = await accessibility(page);
  await page.screenshot({ path: screenshot, fullPage: true });
}

// The page on a 390 x 844 phone: what sticks out, labels cut, a transfer by taps.
async function playPhone(page, { booted, screenSays, standings, fresh }, frenchFlash) {
  const fit = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll("main *")].filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > width + 0.5);
      const labels = [...document.querySelectorAll(".key")].map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        return { key: el.dataset.key, text: el.textContent, cut: el.scrollWidth > el.clientWidth, lines, words: el.textContent.split(" ").length };
      });
      return { width, scrollWidth: document.documentElement.scrollWidth, wide: wide.map((el) => el.id || el.className || el.tagName), labels };
    });
  await fresh("electronic_banking");
  out.ebFit = await fit();
  const touch = async (selector) => {
    await page.tap(selector);
    await sleep(150);
  };
  await touch('.key[data-key="C"]');
  await screenSays("INSERT A CARD");
  await touch('.card[data-card="1"]');
  await touch("#slot-1");
  await screenSays("CARD 1 PAYS");
  await touch('.card[data-card="2"]');
  await touch("#slot-0");
  await screenSays("CARD 1 > CARD 2");
  for (const key of ["5", "0", "K"]) await touch(`.key[data-key="${key}"]`);
  await screenSays("14.95M");
  out.ebTapped = { standings: await standings() };
  out.ebAxe = await accessibility(page);
  await page.screenshot({ path: screenshot, fullPage: true });
  await fresh("stock_exchange");
  out.seFit = await fit();
  out.seLiveLang = await page.$eval("#screen-text", (el) => el.lang);
  out.seAxe = await accessibility(page);
  if (!frenchFlash) return;
  // A unit whose settings say lang=fr: its keys are named as the French legends.
  await page.evaluate((entries) => {
    localStorage.clear();
    localStorage.setItem("bank-unit:edition", "stock_exchange");
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, JSON.parse(readFileSync(frenchFlash, "utf8")));
  await page.reload({ waitUntil: "load" });
  await booted();
  await page.waitForFunction(() => document.querySelector('.key[data-key="BANK"]')?.textContent !== "BANK PURCHASE", { timeout: 5000 });
  out.frFit = await fit();
  out.frKeypadLang = await page.$eval("#keypad", (el) => el.lang);
  // its live region's words are French, and marked so (web/spoken.py, page.js)
  await page.waitForFunction(() => document.querySelector("#screen-text").textContent.startsWith("MARCHÉ"), { timeout: 15000 });
  out.frLive = await page.$eval("#screen-text", (el) => ({ lang: el.lang, text: el.textContent }));
  out.frAxe = await accessibility(page);
  out.frPage = await pageWords(page);
  // The page's own words follow the unit's language (web/words.js): Electronic Banking set to
  // French by its settings menu (no reload: the page switches as the unit does), card 1 chosen;
  // then set back to English by the same keys.
  const menu = async (lang) => {
    await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.tap("#power-menu")]);
    await booted();
    await sleep(600); // the GO held through power-up let go (web/bridge.py _let_go): a tap of GO is seen
    for (const key of ["GO", "K", "GO", "M", "GO", "C"]) await touch(`.key[data-key="${key}"]`);
    await page.waitForFunction((l) => document.documentElement.lang === l, { timeout: 10000 }, lang);
    await touch('.card[data-card="1"]');
  };
  await fresh("electronic_banking");
  await menu("fr");
  out.ebFrPage = await pageWords(page);
  out.ebFrFit = await fit();
  out.ebFrAxe = await accessibility(page);
  await touch('.card[data-card="1"]'); // no longer chosen
  await menu("en");
  out.ebEnPage = await pageWords(page);
}

// The page's own words (index.html's and page.js's, web/words.js) as they are now.
function pageWords(page) {
  return page.evaluate(() => {
    const $ = (id) => document.getElementById(id);
    return {
      lang: document.documentElement.lang,
      title: document.title,
      heading: document.querySelector("h1").textContent,
      slots: [0, 1].map((slot) => [$(`slot-button-${slot}`).innerHTML, $(`slot-button-${slot}`).getAttribute("aria-label")]),
      cards: $("cards").getAttribute("aria-label"),
      card: document.querySelector('.card[data-card="1"]').textContent,
      controls: ["power", "power-menu", "sound", "export"].map((id) => $(id).textContent),
      newUnit: document.querySelector(".controls label span").textContent,
      edition: $("edition").selectedOptions[0].text,
      load: document.querySelector(".load span").textContent,
      help: document.querySelector(".help summary").textContent,
      status: $("status").textContent,
    };
  });
}

// "Download the game" after a transfer, then "Load a unit's data": a folder that is none, then a
// Stock Exchange's and an Electronic Banking unit's.
async function playExport(page, { booted, screenSays, tap, status, standings, fresh }, seDir, ebDir, badDir) {
  await fresh("electronic_banking");
  await tap('.key[data-key="C"]');
  await screenSays("INSERT A CARD");
  await tap('.card[data-card="1"]');
  await tap("#slot-1");
  await tap('.card[data-card="2"]');
  await tap("#slot-0");
  await screenSays("CARD 1 > CARD 2");
  for (const key of ["5", "0", "K", "2", "M"]) {
    await tap(`.key[data-key="${key}"]`);
    await sleep(150);
  }
  await screenSays("12.95M");
  out.played = await standings();
  out.download = await download(page, tap);
  out.flash = await page.evaluate(() => {
    const files = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key.startsWith("bank-unit:flash:")) files[key.slice("bank-unit:flash:".length)] = localStorage.getItem(key);
    }
    return files;
  });
  const input = await page.$("#load");
  await input.uploadFile(badDir); // a folder with no unit's files: refused, nothing changes
  await page.waitForFunction(() => document.querySelector("#status").textContent.includes("no unit's files"), { timeout: 5000 });
  out.bad = { status: await status(), standings: await standings(), edition: await page.evaluate(() => window.unitPage.edition) };
  for (const [name, dir] of [["se", seDir], ["eb", ebDir]]) {
    await Promise.all([page.waitForNavigation({ waitUntil: "load", timeout: 20000 }), (await page.$("#load")).uploadFile(dir)]);
    const boot = await booted();
    out[name] = { edition: boot.edition, standings: boot.standings, status: await status() };
  }
  // The Electronic Banking unit's card 2 is a spare tag: the page's card 2 carries its UID.
  await tap('.key[data-key="C"]');
  await screenSays("INSERT A CARD");
  await tap('.card[data-card="2"]');
  await tap("#slot-1");
  await screenSays("CARD 2 PAYS");
  await tap('.card[data-card="1"]');
  await tap("#slot-0");
  await screenSays("CARD 2 > CARD 1");
  for (const key of ["1", "0", "K"]) {
    await tap(`.key[data-key="${key}"]`);
    await sleep(150);
  }
  await page.waitForFunction((before) => JSON.stringify(window.unitPage.standings) !== before, { timeout: 5000 }, JSON.stringify(out.eb.standings));
  out.eb.paid = await standings();
  out.eb.download = await download(page, tap);
  out.se.download = null; // (the Stock Exchange's is read below, from its own page)
  await page.screenshot({ path: screenshot, fullPage: true });
  await Promise.all([page.waitForNavigation({ waitUntil: "load", timeout: 20000 }), (await page.$("#load")).uploadFile(seDir)]);
  await booted();
  out.se.download = await download(page, tap);
  out.axe = await accessibility(page);
}

// Download the game: what its links hold (the CSV's text, the PNG as base64), its summary, the
// chart's description and accessible name.
async function download(page, tap) {
  await page.evaluate(() => {
    window.unitPage.export = null;
  });
  await tap("#export");
  await page.waitForFunction(() => window.unitPage.export, { timeout: 10000 });
  return page.evaluate(async () => {
    const read = async (id) => new Uint8Array(await (await fetch(document.getElementById(id).href)).arrayBuffer());
    const png = await read("png-link");
    let binary = "";
    for (const byte of png) binary += String.fromCharCode(byte);
    return {
      csv: new TextDecoder().decode(await read("csv-link")),
      png: btoa(binary),
      names: [document.getElementById("csv-link").download, document.getElementById("png-link").download],
      summary: document.getElementById("export-summary").textContent,
      label: document.getElementById("chart").getAttribute("aria-label"),
      chart: window.unitPage.export.chart,
      focused: document.activeElement.id,
    };
  });
}
