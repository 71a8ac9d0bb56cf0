// Browser journeys through the pages, in Debian's chromium driven by playwright-core:
// play a Gotham Race game to the end, step through its replay, search the rules and follow a
// citation. Usage: node journeys.js BASE_URL ARTIFACT_DIR. Exits non-zero on the first failure.
"use strict";
const { chromium } = require("playwright-core");
const path = require("path");

const [base, artifacts] = process.argv.slice(2);
const shot = (page, name) => page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
const check = (ok, message) => { if (!ok) throw new Error(message); };

async function playToTheEnd(page) {
  await page.goto(`${base}/`);
  await shot(page, "lobby");
  await page.selectOption("#game-select", "gotham-race");
  await page.selectOption("select[name=kind-0]", "person");
  for (const seat of [1, 2, 3]) await page.selectOption(`select[name=kind-${seat}]`, "random");
  await page.fill("input[name=name-0]", "Ann");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("a.seat-link");
  await shot(page, "created");
  await page.click("a.seat-link");
  await page.waitForSelector("#board .figure");
  await shot(page, "play-start");
  for (let turn = 0; turn < 400; turn++) {
    const status = await page.textContent("#status");
    if (status.startsWith("Finished")) break;
    const buttons = page.locator("#moves button.move");
    if (!(await buttons.count())) { await page.waitForTimeout(100); continue; }
    const before = await page.textContent("#status");
    try {
      await buttons.last().click({ timeout: 2000 });  // the list is redrawn as events arrive
    } catch (error) {
      continue;
    }
    await page.waitForFunction((old) => document.querySelector("#status").textContent !== old, before, { timeout: 10000 }).catch(() => {});
  }
  const final = await page.textContent("#status");
  check(final.startsWith("Finished"), `the game did not finish: ${final}`);
  await shot(page, "play-finished");
  return new URL(page.url()).pathname.split("/")[2];
}

async function stepThroughReplay(page, gameId) {
  await page.goto(`${base}/games/${gameId}/replay/`);
  await page.waitForSelector("#event h2");
  await page.click("#next");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.querySelector("#position").textContent.startsWith("event 3 "), null, { timeout: 10000 })
    .catch(() => check(false, "stepping did not move on to event 3"));
  const max = Number(await page.getAttribute("#slider", "max"));
  await page.fill("#slider", String(max));
  await page.waitForFunction((n) => document.querySelector("#position").textContent.startsWith(`event ${n} `), max);
  check((await page.textContent("#event")).includes("game finished"), "the last event is not the finish");
  await page.fill("#comment input[name=text]", "What a finish!");
  await page.click("#comment button");
  await page.waitForSelector(".note.person");
  await page.click("#analyse");
  await page.waitForFunction(() => document.querySelector("#analysis-status").textContent.startsWith("done"), null, { timeout: 120000 });
  await page.waitForSelector("#chart polyline");
  await shot(page, "replay");
}

async function searchAndFollow(page) {
  await page.goto(`${base}/rules/`);
  await page.fill("input[name=q]", "what happens when a deck runs out");
  await page.press("input[name=q]", "Enter");
  await page.waitForSelector("ol.results a");
  await shot(page, "rules-search");
  await page.click("ol.results a[href*='decks-exhausted']");
  await page.waitForSelector("p.summary");
  check((await page.textContent("h1")).includes("deck"), "the section page did not open");
  await shot(page, "rules-section");
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    const gameId = await playToTheEnd(page);
    await stepThroughReplay(page, gameId);
    await searchAndFollow(page);
    check(!errors.length, `page errors: ${errors.join("; ")}`);
    console.log("journeys passed");
  } catch (error) {
    await shot(page, "failure").catch(() => {});
    console.error(error.stack || String(error));
    process.exitCode = 1;
  } finally {
    await browser.close();
  }
})();
