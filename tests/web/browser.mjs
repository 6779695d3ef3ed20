// Plays the web build in headless Chromium (puppeteer-core, tests/web/package.json) by clicking,
// as a person would: card 1 into RED, card 2 into GREEN, 1 2 3 C 5 0 K; reads the aria-live
// mirror of the screen, takes a screenshot, drags card 2 out, reloads (a power cut) and reads
// the balances again, then reloads with the network off (the service worker's copy). Prints one
// JSON object with what it saw and the timings: boot to first pixel and to first screen, key
// down to pixel per key.
//
// With "banker" last: deploys the Banker by the New unit list, chooses deed 37 on the board and
// lays its tag on GREEN by clicks, card 1 in RED, BUY then GO; reads the board; lifts the tag
// and lays deed 39's by the keyboard alone (focus, Enter and Space); reloads (a power cut).
//
//   node tests/web/browser.mjs URL CHROMIUM SCREENSHOT.png [banker]
import puppeteer from "puppeteer-core";

const [url, chromium, screenshot, mode] = process.argv.slice(2);
const TAP_MS = 100; // a finger on a key: the firmware's scan must see it down

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
});
const out = { errors: [] };
try {
  const page = await browser.newPage();
  page.on("pageerror", (error) => out.errors.push(String(error)));
  await page.setViewport({ width: 600, height: 900, deviceScaleFactor: 1 });

  const booted = async () => {
    await page.waitForFunction(() => window.unitPage && (window.unitPage.error || window.unitPage.screen.length > 0), { timeout: 20000 });
    return page.evaluate(() => ({ ...window.unitPage, latencies: undefined }));
  };
  const aria = () => page.$eval("#screen-text", (el) => el.textContent);
  const screenSays = (text) => page.waitForFunction((t) => document.querySelector("#screen-text").textContent.includes(t), { timeout: 5000 }, text);
  const tap = (selector) => page.click(selector, { delay: TAP_MS });

  await page.goto(url, { waitUntil: "load" });
  out.boot = await booted();
  const helpers = { booted, aria, screenSays, tap };
  await (mode === "banker" ? playBanker(page, helpers) : playTransfer(page, helpers));
} catch (error) {
  out.failure = String(error && error.stack ? error.stack : error);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out) + "\n");

// The Banker's page: its board of deeds, a deed's tag laid by pointer and by keyboard.
async function playBanker(page, { booted, aria, screenSays, tap }) {
  page.on("dialog", (dialog) => dialog.accept()); // New unit: "the game on this page is erased"
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
