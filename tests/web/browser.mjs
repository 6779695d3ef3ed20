// Plays the web build in headless Chromium (puppeteer-core, tests/web/package.json) by clicking,
// as a person would: card 1 into RED, card 2 into GREEN, 1 2 3 C 5 0 K; reads the aria-live
// mirror of the screen, takes a screenshot, drags card 2 out, reloads (a power cut) and reads
// the balances again, then reloads with the network off (the service worker's copy). Prints one
// JSON object with what it saw and the timings: boot to first pixel and to first screen, key
// down to pixel per key.
//
//   node tests/web/browser.mjs URL CHROMIUM SCREENSHOT.png
import puppeteer from "puppeteer-core";

const [url, chromium, screenshot] = process.argv.slice(2);
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
} catch (error) {
  out.failure = String(error && error.stack ? error.stack : error);
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out) + "\n");
