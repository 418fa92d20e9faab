// End-to-end tests of the browser game: bgbot serve on loopback, Debian's chromium driven by
// playwright-core (never a downloaded browser). Run by ctest (bgbot_web_e2e):
//   node web/e2e/e2e.mjs --bgbot build/bgbot --battle tests/web/tiny.txt --shots DIR
// Each step asserts what a person sees; screenshots of the page go to --shots (docs/ keeps the
// ones the README shows: `--shots docs` refreshes them).
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import http from "node:http";

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith("--")) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));
const BGBOT = args.bgbot ?? "build/bgbot";
const BATTLE = args.battle ?? "tests/web/tiny.txt";
const SHOTS = args.shots ?? join(tmpdir(), "bgbot-web-shots");
const CHROMIUM = args.chromium ?? "/usr/bin/chromium";
mkdirSync(SHOTS, { recursive: true });

let failures = 0;
const started = Date.now();
function log(...a) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
}
function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

// ---- The server -------------------------------------------------------------------------------
const dir = mkdtempSync(join(tmpdir(), "bgbot-e2e-"));
let server = null;
let base = "";
function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(BGBOT, ["serve", "--port", "0", "--db", join(dir, "games.sqlite"), "--battle", BATTLE], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error("the server did not start: " + out)), 20000);
    server.stdout.on("data", (d) => {
      out += d;
      const m = /http:\/\/([^/]+):(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        base = `http://127.0.0.1:${m[2]}`;
        resolve();
      }
    });
    server.stderr.on("data", (d) => process.stderr.write(`[server] ${d}`));
    server.on("exit", (code) => { if (!base) reject(new Error(`the server exited (${code}): ${out}`)); });
  });
}
function stopServer() {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once("exit", () => resolve());
    server.kill("SIGTERM");
    setTimeout(() => server.kill("SIGKILL"), 5000);
  });
}

async function api(method, path, body, raw) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  let j = null;
  try { j = await res.json(); } catch { /* not JSON */ }
  return { status: res.status, json: j };
}

// ---- Page helpers -----------------------------------------------------------------------------
const tokenOf = (page) => /\/play\/([0-9a-f]{32})/.exec(page.url())?.[1];

async function decision(page) {
  return page.locator(".status").getAttribute("data-decision");
}

// Waits until this seat is to decide (the panel's prompt is the seat's) or the game is over.
async function waitMyTurn(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const s = document.querySelector(".status");
    return s && (s.classList.contains("yours") || s.classList.contains("won") || s.classList.contains("over"));
  }, null, { timeout });
}

async function startGame(page, scenario, side, opponent) {
  await page.goto(base + "/");
  await page.waitForSelector("#battle option", { state: "attached" });
  await page.selectOption("#battle", scenario);
  await page.selectOption("#side", side);
  await page.selectOption("#opponent", opponent);
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{32}$/), page.click("#start")]);
  await page.waitForSelector("svg.board");
}

async function hexesWith(page, cls) {
  return page.$$eval(`g.hex.${cls}`, (gs) => gs.map((g) => g.getAttribute("data-hex")));
}

// Clicks, then waits for the game to change (a new version drawn, no request on its way).
async function act(page, selector) {
  const v = await page.locator(".game").getAttribute("data-version");
  await page.click(selector);
  await page.waitForFunction((old) => {
    const g = document.querySelector(".game");
    return g && g.getAttribute("data-version") !== old && !g.classList.contains("busy");
  }, v);
}

// After a click that may or may not decide (a selection does not): wait a little for a change.
async function settle(page, version, ms = 1500) {
  await page.waitForFunction((old) => {
    const g = document.querySelector(".game");
    return !g || (g.getAttribute("data-version") !== old && !g.classList.contains("busy"));
  }, version, { timeout: ms }).catch(() => {});
}
const versionOf = (page) => page.locator(".game").getAttribute("data-version");

const key = (hex) => hex.split(",").map(Number).reduce((r, c) => r * 13 + c);

// Plays one decision as a person might, preferring battles (to end the tiny battle).
async function playOne(page) {
  if (await page.locator(".menu").count()) {
    await page.locator(".menu button.choice").first().click();
    return "menu";
  }
  const targets = await hexesWith(page, "target");
  if (targets.length) {
    await page.click(`g.hex[data-hex="${targets[0]}"]`);
    return "battle";
  }
  const cards = page.locator(".card.playable");
  if (await cards.count()) {
    await cards.first().click();
    return "card";
  }
  const can = await hexesWith(page, "can");
  const d = await decision(page);
  if (d === "order" && can.length) {
    await page.click(`g.hex[data-hex="${can[0]}"]`);
    return "order";
  }
  if (d === "battle" && can.length) {
    await page.click(`g.hex[data-hex="${can[0]}"]`); // select the attacker: its targets follow
    if ((await hexesWith(page, "target")).length) return playOne(page);
  }
  const buttons = page.locator(".choices .buttons button.choice");
  if (await buttons.count()) {
    // Battle back, stand, take the fight: any button that battles first; "done" last.
    const texts = await buttons.allTextContents();
    let i = texts.findIndex((t) => /battle back|stand|advance/i.test(t));
    if (i < 0) i = texts.findIndex((t) => !/^done|end /i.test(t));
    if (i < 0) i = 0;
    await buttons.nth(i).click();
    return "button";
  }
  if (can.length) {
    await page.click(`g.hex[data-hex="${can[0]}"]`);
    return "hex";
  }
  const reach = await hexesWith(page, "reach");
  if (reach.length) {
    await page.click(`g.hex[data-hex="${reach[0]}"]`);
    return "reach";
  }
  await page.click("details.all-choices summary");
  await page.locator("details.all-choices .list button").first().click();
  return "list";
}

// ---- The tests ----------------------------------------------------------------------------------
const tests = [];
function test(name, fn) {
  tests.push({ name, fn });
}

let browser;

test("a game of Akragas against the bot: card, orders out of hex order, move, battle, log, dice, the bot's answer, undo, reload", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => { errors.push(String(e)); log("page error:", String(e)); });
  page.on("console", (m) => { if (m.type() === "error") log("console:", m.text()); });
  await startGame(page, "001", "bottom", "easy");
  await page.evaluate(() => localStorage.setItem("bgbot.pace", "fast"));
  await waitMyTurn(page);
  check((await decision(page)) === "play-card", "the game starts with the Syracusans to play a card");
  await page.screenshot({ path: join(SHOTS, "web-start.png") });

  // The threats: the Carthaginian light cavalry at 1,10 could reach the light infantry at 6,10
  // (four hexes, then close combat), so 6,10 is marked, and the list says by whom; off again.
  await page.click("#threats");
  await page.waitForSelector("div.threats");
  check((await hexesWith(page, "threat")).includes("6,10"), "the threatened light infantry at 6,10 is marked");
  check((await hexesWith(page, "in-reach")).length > 0, "enemy units in our reach are marked");
  const threatText = await page.textContent("div.threats");
  check(/LI 6,10 ← .*LC 1,10 close 2/.test(threatText), "the list names the light cavalry as the threat: " + threatText);
  await page.screenshot({ path: join(SHOTS, "web-threats.png") });
  await page.click("#threats");
  check((await hexesWith(page, "threat")).length === 0, "the threats go when the button is pressed again");

  // A card that orders at least two units: an Order Two, Three or Four of a section.
  const playable = await page.$$eval(".card.playable", (cs) => cs.map((c) => c.getAttribute("data-card")));
  check(playable.length >= 1, "cards can be played");
  const card = playable.find((c) => /^order-(two|three|four)-/.test(c)) ?? playable.find((c) => /^order-/.test(c)) ?? playable[0];
  log("playing", card);
  await page.click(`.card.playable[data-card="${card}"]`);
  await page.waitForSelector('.status[data-decision="order"]');
  const orderable = await hexesWith(page, "can");
  log("orderable", orderable.join(" "));
  check(orderable.length >= 1, "the card orders units, highlighted on the board");
  // Out of hex order: the last hex first.
  const sorted = [...orderable].sort((a, b) => key(a) - key(b));
  const wanted = sorted.length >= 2 ? [sorted[sorted.length - 1], sorted[0]] : [sorted[0]];
  for (const hx of wanted) {
    const v = await versionOf(page);
    await page.click(`g.hex.can[data-hex="${hx}"]`);
    // A unit with a leader on its hex: the page asks which of the two.
    if (await page.locator(".menu").count()) await page.locator(".menu button.choice").first().click();
    await settle(page, v, 10000);
    if ((await decision(page)) === "order") check(await page.locator(`g.hex.picked[data-hex="${hx}"]`).count() === 1, `${hx} is marked as ordered`);
  }
  if ((await decision(page)) === "order") {
    const picks = await page.locator(".picks").textContent();
    check(picks.includes(`Ordered (${wanted.length})`), `the picks are listed: ${picks}`);
    await act(page, '.choices .buttons button[data-type="end-orders"]');
  }
  // The orders were given in the sequence the person chose, not in hex order.
  const ordered = await page.$$eval('.log-line[data-type="ordered"] .text', (ls) => ls.map((l) => l.textContent));
  for (const hx of wanted) check(ordered.some((t) => t.endsWith(` ${hx}`)), `the log says ${hx} was ordered: ${ordered.join(" | ")}`);
  await page.waitForFunction(() => document.querySelector(".status")?.getAttribute("data-decision") !== "order");
  log("after orders:", await decision(page));
  // In the move phase the units just ordered are reckoned for this turn under the card played:
  // the list marks them with * and says so.
  if ((await decision(page)) === "move") {
    await page.click("#threats");
    await page.waitForSelector("div.threats");
    const now = await page.textContent("div.threats");
    check(now.includes("*: ordered in this move phase"), "the threats say which units are reckoned for this turn: " + now);
    await page.screenshot({ path: join(SHOTS, "web-threats-move.png") });
    await page.click("#threats");
  }

  // Turns until a battle: move forward (the reachable hex nearest the enemy), battle when a
  // target is in reach (its odds on the board, the dice shown), end the turn, see the bot answer.
  let battled = false, moved = false;
  for (let turn = 0; turn < 10 && !battled; turn++) {
    if (args.verbose) log(`turn ${turn}: start`);
    if (turn > 0) {
      await waitMyTurn(page);
      if (args.verbose) log(`turn ${turn}: my turn`);
      // The other side's battles may ask us first (battle back, retreat, ...).
      for (let i = 0; i < 10 && (await decision(page)) !== "play-card"; i++) {
        const cls = await page.locator(".status").getAttribute("class");
        if (cls.includes("won") || cls.includes("over")) break;
        const w = await versionOf(page);
        await playOne(page);
        await settle(page, w, 5000);
        await waitMyTurn(page);
      }
      if ((await decision(page)) !== "play-card") break;
      const cards = await page.$$eval(".card.playable", (cs) => cs.map((c) => c.getAttribute("data-card")));
      const pick = cards.find((c) => /^order-(three|four)-/.test(c)) ?? cards.find((c) => /^order-/.test(c)) ?? cards[0];
      const v = await versionOf(page);
      await page.click(`.card.playable[data-card="${pick}"]`);
      await settle(page, v, 10000);
      // Order what the card allows, then done.
      for (let i = 0; i < 6 && (await decision(page)) === "order"; i++) {
        const can = await hexesWith(page, "can");
        const w = await versionOf(page);
        if (can.length && i < 4) {
          await page.click(`g.hex.can[data-hex="${can[can.length - 1]}"]`);
          if (await page.locator(".menu").count()) await page.locator(".menu button.choice").first().click();
        } else await page.click('.choices .buttons button[data-type="end-orders"]');
        await settle(page, w, 10000);
      }
    }
    for (let i = 0; i < 4 && (await decision(page)) === "move"; i++) {
      if (!(await hexesWith(page, "selected")).length) {
        const movers = await hexesWith(page, "can");
        if (!movers.length) break;
        await page.click(`g.hex[data-hex="${movers[0]}"]`);
      }
      const from = (await hexesWith(page, "selected"))[0];
      const reach = await hexesWith(page, "reach");
      check(reach.length >= 1, "a selected unit shows the hexes it can reach");
      const to = [...reach].sort((x, y) => key(x) - key(y))[0];
      if (!moved) await page.screenshot({ path: join(SHOTS, "web-move.png") });
      const movedBefore = await page.locator('.log-line[data-type="moved"]').count();
      const w = await versionOf(page);
      await page.click(`g.hex[data-hex="${to}"]`);
      if (await page.locator(".menu").count()) await page.locator(".menu button.choice").first().click();
      await settle(page, w, 10000);
      const unitMoved = await page.locator(`g.unit[data-hex="${to}"]`).count() === 1 || await page.locator(`g.leader`).count() > 0;
      check(unitMoved, `a piece stands on ${to} after the move from ${from}`);
      check(await page.locator('.log-line[data-type="moved"] .text').last().textContent().then((t) => t.includes(`${from} -> ${to}`)) || movedBefore >= 150, `the move ${from} -> ${to} is in the log`);
      moved = true;
    }
    if (args.verbose) log(`turn ${turn}: moved`);
    if ((await decision(page)) === "move") await act(page, '.choices .buttons button[data-type="end-moves"]');
    for (let tries = 0; tries < 6 && !battled && (await decision(page)) === "battle"; tries++) {
      // The attacker: one to click, or the only one, selected already.
      const can = await hexesWith(page, "can");
      const sel = await hexesWith(page, "selected");
      if (!can.length && !sel.length) break;
      if (can.length) await page.click(`g.hex[data-hex="${can[tries % can.length]}"]`);
      else can.push(sel[0]);
      const targets = await hexesWith(page, "target");
      if (!targets.length) continue;
      const odds = await page.locator(".labels text.odds").first().textContent();
      check(/^\d+d \d+%·\d+%$/.test(odds), `a target shows its dice and chances: ${odds}`);
      await page.screenshot({ path: join(SHOTS, "web-battle.png") });
      const w = await versionOf(page);
      await page.click(`g.hex[data-hex="${targets[0]}"]`);
      await settle(page, w, 10000);
      await page.waitForSelector(".dice-tray .die, .log-line[data-type='roll'] .die", { state: "attached" });
      battled = true;
      log(`turn ${turn}: battled ${can[tries % can.length]} -> ${targets[0]}, odds ${odds}`);
    }
    if (args.verbose) log(`turn ${turn}: battles done`);
    // The rest of the turn: battles not wanted, any other decision.
    for (let i = 0; i < 40; i++) {
      const st = await page.locator(".status").getAttribute("class");
      if (!st.includes("yours")) break;
      const w = await versionOf(page);
      const done = page.locator('.choices .buttons button[data-type^="end-"]');
      if (await done.count()) await done.first().click();
      else await playOne(page);
      await settle(page, w);
    }
  }
  check(moved, "a unit was moved");
  check(battled, "a battle was fought within ten turns");
  // The bot answers: its card in the log, then it is our turn again.
  await page.waitForSelector(".log-line.theirs[data-type='card-played']", { timeout: 60000 });
  await waitMyTurn(page);
  const rolls = await page.locator(".log-line .die").count();
  check(!battled || rolls > 0, "the log shows the dice of the rolls");
  const sections = await page.locator(".log-line .section").count();
  check(sections > 0, "log lines name their rule-book sections");
  await page.screenshot({ path: join(SHOTS, "web-game.png") });

  // Undo: play a card, take it back.
  // The bot's battles may ask us something first (battle back, retreat, ...).
  for (let i = 0; i < 10 && (await decision(page)) !== "play-card"; i++) {
    const w0 = await versionOf(page);
    await playOne(page);
    await settle(page, w0, 5000);
    await waitMyTurn(page);
  }
  check((await decision(page)) === "play-card", "a new turn starts with a card");
  // A section card (it leaves the orders to give; a card such as Counter Attack with nothing to
  // copy would end the turn, and the draw that follows cannot be taken back).
  const sectionCardOf = async () => (await page.$$eval(".card.playable", (cs) => cs.map((c) => c.getAttribute("data-card"))))
    .find((c) => /^order-(two|three|four)-/.test(c));
  let sectionCard = await sectionCardOf();
  for (let turn = 0; turn < 6 && !sectionCard; turn++) {
    // None in hand: play this turn out and try the next.
    for (let i = 0; i < 60; i++) {
      const cls = await page.locator(".status").getAttribute("class");
      if (!cls.includes("yours")) break;
      const w0 = await versionOf(page);
      const done = page.locator('.choices .buttons button[data-type^="end-"]');
      if ((await decision(page)) !== "play-card" && (await done.count())) await done.first().click();
      else await playOne(page);
      await settle(page, w0);
    }
    await waitMyTurn(page);
    while ((await decision(page)) !== "play-card") {
      const w0 = await versionOf(page);
      await playOne(page);
      await settle(page, w0, 5000);
      await waitMyTurn(page);
    }
    sectionCard = await sectionCardOf();
  }
  check(sectionCard, "a section card to play within six turns");
  const handBefore = await page.$$eval(".hand .card", (cs) => cs.map((c) => c.getAttribute("data-card")).sort().join());
  const w = await versionOf(page);
  await page.click(`.card.playable[data-card="${sectionCard}"]`);
  await settle(page, w, 10000);
  check((await decision(page)) === "order", "the card asks for its orders");
  await page.click('.tools button:has-text("Undo")');
  await page.waitForSelector('.status[data-decision="play-card"]');
  const handAfter = await page.$$eval(".hand .card", (cs) => cs.map((c) => c.getAttribute("data-card")).sort().join());
  check(handBefore === handAfter, "undo gives the card back");

  // Reload: the same game, the same log.
  const logBefore = await page.locator(".log-line").count();
  await page.reload();
  await page.waitForSelector(".status.yours");
  const logAfter = await page.locator(".log-line").count();
  check(logAfter === logBefore || logBefore >= 200, `the log survives a reload (${logBefore} / ${logAfter})`);
  check((await decision(page)) === "play-card", "the game continues where it was");
  // The phone-sized page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, "web-phone.png"), fullPage: false });
  check(errors.length === 0, `no script errors: ${errors.join("; ")}`);
  await ctx.close();
});

test("a tiny battle to its end, then its replay", async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  await page.goto(base + "/");
  await page.evaluate(() => localStorage.setItem("bgbot.pace", "instant"));
  await startGame(page, "t-tiny", "bottom", "random");
  if (args.verbose) log("tiny: started");
  let n = 0;
  for (; n < 300; n++) {
    await waitMyTurn(page);
    const cls = await page.locator(".status").getAttribute("class");
    if (cls.includes("won") || cls.includes("over")) break;
    const v = await versionOf(page);
    const what = await playOne(page);
    await settle(page, v, 3000);
    if (args.verbose) log("tiny:", what, await decision(page));
  }
  const status = await page.locator(".status .prompt").textContent();
  log(`tiny battle over after ${n} of our decisions: ${status}`);
  check(/Victory|Defeat|draw/.test(status), `the game ends with a banner: ${status}`);
  check(await page.locator(".status .seed").count() === 1, "the seed is shown once the game is over");
  await page.screenshot({ path: join(SHOTS, "web-end.png") });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('button:has-text("Save the record")')]);
  check(/\.json$/.test(download.suggestedFilename()), "the record downloads as JSON");
  // The finished game is in the lobby's replays; the viewer steps through it.
  await page.goto(base + "/");
  await page.waitForSelector(".replay-list a");
  await page.screenshot({ path: join(SHOTS, "web-lobby.png") });
  await Promise.all([page.waitForURL(/\/replay\/\d+$/), page.locator(".replay-list a").first().click()]);
  await page.waitForSelector(".replay .step");
  check((await page.locator(".replay .step").textContent()).startsWith("decision 0 of"), "the replay starts at the set-up");
  await page.click('.controls button[title^="forward"]');
  await page.waitForFunction(() => document.querySelector(".replay .step")?.textContent?.startsWith("decision 1 of"));
  await page.click('.controls button[title^="the end"]');
  await page.waitForFunction(() => { const t = document.querySelector(".replay .step")?.textContent ?? ""; const m = /decision (\d+) of (\d+)/.exec(t); return m && m[1] === m[2]; });
  await page.screenshot({ path: join(SHOTS, "web-replay.png") });
  await ctx.close();
});

test("two people by their seat links; a seat's replies and pushes never hold the other hand, the deck or the seed", async () => {
  const a = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const b = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const pa = await a.newPage(), pb = await b.newPage();
  await startGame(pa, "001", "bottom", "person");
  await pa.evaluate(() => localStorage.setItem("bgbot.pace", "instant"));
  const link = await pa.locator(".join-link").inputValue();
  check(/\/play\/[0-9a-f]{32}$/.test(link), `the creator is given the second seat's link: ${link}`);
  const tokA = tokenOf(pa), tokB = /([0-9a-f]{32})$/.exec(link)[1];
  check(tokA !== tokB, "two seats, two links");
  // Everything seat B's page receives: its fetches recorded by the page itself.
  await pb.addInitScript(() => {
    const seen = (window.__seen = []);
    const real = window.fetch.bind(window);
    window.fetch = async (...a) => {
      const res = await real(...a);
      res.clone().text().then((text) => seen.push({ url: String(a[0]), text }));
      return res;
    };
  });
  await pb.goto(link);
  await pb.evaluate(() => localStorage.setItem("bgbot.pace", "instant"));
  await pb.reload();
  await pb.waitForSelector("svg.board");
  const seatB = await pb.locator(".game-head .title").textContent();
  check(seatB.includes("(top)"), `the second person commands the top army: ${seatB}`);
  await pa.waitForFunction(() => !document.querySelector(".join-link"));
  // A plays a card and its orders; B sees it arrive by the push.
  await waitMyTurn(pa);
  for (let i = 0; i < 60; i++) {
    const cls = await pa.locator(".status").getAttribute("class");
    if (!cls.includes("yours")) break;
    const v = await versionOf(pa);
    const done = pa.locator('.choices .buttons button[data-type^="end-"]');
    if ((await decision(pa)) !== "play-card" && (await decision(pa)) !== "order" && (await done.count())) await done.first().click();
    else await playOne(pa);
    await settle(pa, v);
  }
  await pb.waitForSelector(".log-line.theirs[data-type='card-played']", { timeout: 30000 });
  await waitMyTurn(pb);
  await pb.screenshot({ path: join(SHOTS, "web-two-people.png") });
  // B may not act for A, nor A for B now.
  const va = await api("GET", `/api/seat/${tokA}`);
  const vb = await api("GET", `/api/seat/${tokB}`);
  check(va.json.to_move === false && vb.json.to_move === true, "the top seat is to move");
  const refused = await api("POST", `/api/seat/${tokA}/act`, { id: 0 });
  check(refused.status === 409 && refused.json.error.code === "not_your_turn", `a seat cannot act out of turn: ${refused.status}`);
  // The secrets: B's view holds its own hand and not A's; no response names A's token or the seed.
  const bottomHand = va.json.position.state.hand.bottom;
  check(bottomHand.every((c) => c !== "hidden"), "A sees its own cards");
  check(vb.json.position.state.hand.bottom.every((c) => c === "hidden"), "B sees only the backs of A's cards");
  check(vb.json.position.state.deck.every((c) => c === "hidden"), "B does not see the deck order");
  const seedRec = await api("GET", `/api/seat/${tokB}/record`);
  check(seedRec.status === 409, "no record (with the seed) while the game goes on");
  const seen = await pb.evaluate(() => window.__seen);
  check(seen.length >= 3, `B's page made its requests (${seen.length})`);
  for (const r of seen) {
    check(!r.text.includes(tokA), `no reply to B names A's link (${r.url})`);
    check(!/"seed"/.test(r.text), `no reply to B holds the seed (${r.url})`);
    if (/\/api\/seat\/[0-9a-f]{32}(\?|$)/.test(r.url)) {
      const j = JSON.parse(r.text);
      const st = j.position?.state;
      if (st) {
        check(st.hand.bottom.every((c) => c === "hidden"), `B's view hides A's hand (${r.url})`);
        check(st.deck.every((c) => c === "hidden"), `B's view hides the deck (${r.url})`);
      }
      for (const f of j.frames ?? []) check(f.state.hand.bottom.every((c) => c === "hidden") && f.state.deck.every((c) => c === "hidden"), "B's boards hide A's hand and the deck");
    }
  }
  // The push itself: a few seconds of B's event stream carry only versions.
  const stream = await new Promise((resolve) => {
    let text = "";
    const req = http.get(`${base}/api/seat/${tokB}/stream`, (res) => {
      res.on("data", (d) => (text += d));
    });
    setTimeout(() => { req.destroy(); resolve(text); }, 1500);
  });
  check(/^event: version\ndata: \{"version":\d+\}\n\n$/.test(stream), `the stream carries versions only: ${JSON.stringify(stream)}`);
  await a.close();
  await b.close();
});

test("bad requests get a 4xx reply with the reason, and the server goes on", async () => {
  const cases = [
    ["POST", "/api/games", undefined, "{not json", 400],
    ["POST", "/api/games", { scenario: "../../etc/passwd" }, undefined, 404],
    ["POST", "/api/games", { scenario: "001", opponent: "cheat:ms=100" }, undefined, 400],
    ["POST", "/api/games", { scenario: "001", side: "left" }, undefined, 400],
    ["POST", "/api/games", undefined, JSON.stringify({ name: "x".repeat(70000) }), 413],
    ["GET", "/api/seat/00000000000000000000000000000000", undefined, undefined, 404],
    ["GET", "/api/seat/zz", undefined, undefined, 404],
    ["GET", "/api/replays/999999", undefined, undefined, 404],
    ["GET", "/api/seat/00000000000000000000000000000000?since=-4", undefined, undefined, 404],
  ];
  for (const [m, p, body, raw, want] of cases) {
    const r = await api(m, p, body, raw);
    check(r.status === want, `${m} ${p}: ${r.status}, wanted ${want}`);
    check(typeof r.json?.error?.message === "string" && r.json.error.message.length > 0, `${m} ${p} says why`);
  }
  const g = await api("POST", "/api/games", { scenario: "001", opponent: "person" });
  check(g.status === 201, "a game starts");
  for (const body of [{ id: -1 }, { id: 99999 }, { id: "0" }, { id: 0, version: 12345 }, [], { id: 1.5 }]) {
    const r = await api("POST", `/api/seat/${g.json.token}/act`, body);
    check(r.status >= 400 && r.status < 500 && r.json?.error?.code, `act ${JSON.stringify(body)}: ${r.status}`);
  }
  const r = await api("GET", `/api/seat/${g.json.token}?frames=x`);
  check(r.status === 400, "a bad frames parameter is refused");
  const info = await api("GET", "/api/info");
  check(info.status === 200 && info.json.scenarios.some((s) => s.id === "t-tiny"), "the server goes on serving, with the operator's battle listed");
});

test("Gaugamela with the Hellenistic module: the lobby's switch, traits, grades, the commanders, a section card in another section", async () => {
  // The API: the battles' options; a battle without the module's set-up is refused with the reason.
  const info = await api("GET", "/api/info");
  const g109 = info.json.scenarios.find((s) => s.id === "109");
  check(g109?.hellenistic === "on" && g109.options?.hellenistic?.default === "on", "109 has the module on by default");
  check(Object.keys(info.json.scenarios.find((s) => s.id === "001").options ?? {}).length === 0, "001 takes no option");
  check(info.json.glossary?.traits?.companion?.tag === "Comp", "the glossary names the companion trait's tag");
  const refused = await api("POST", "/api/games", { scenario: "001", opponent: "easy", options: { hellenistic: "on" } });
  check(refused.status === 400 && refused.json?.error?.code === "bad_option" && /no set-up for the Hellenistic module/.test(refused.json.error.message),
    `001 with the module is refused with the reason: ${JSON.stringify(refused.json)}`);
  const on105 = await api("POST", "/api/games", { scenario: "105", opponent: "easy", options: { hellenistic: "on" } });
  check(on105.status === 201, "105 (available, off by default) starts with the module on");
  const v105 = await api("GET", `/api/seat/${on105.json.token}`);
  check(v105.json.options?.hellenistic === "on" && v105.json.position.scenario.hellenistic.on === true, "the game's copy of 105 has the module on");

  // The Persians' seat: the Macedonian reserve leader is hidden in every reply (H10.1).
  const persian = await api("POST", "/api/games", { scenario: "109", side: "bottom", opponent: "easy" });
  check(persian.status === 201, "a game of 109 from the Persian side");
  let pv = await api("GET", `/api/seat/${persian.json.token}`);
  for (let i = 0; i < 100 && !pv.json.to_move; i++) {
    await new Promise((r) => setTimeout(r, 100));
    pv = await api("GET", `/api/seat/${persian.json.token}`);
  }
  const named = pv.json.position.state.reserve_leader?.top;
  check(named === "hidden", `the other side's reserve leader is hidden: ${JSON.stringify(pv.json.position.state.reserve_leader)}`);
  check(!/names (Alexander|Parmenio|Craterus)/.test(JSON.stringify(pv.json.log)), "the log names no reserve leader to the Persians");

  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => { errors.push(String(e)); log("page error:", String(e)); });
  // The lobby: the switch shows for battles that can take the module, at the battle's default.
  await page.goto(base + "/");
  await page.waitForSelector("#battle option", { state: "attached" });
  await page.selectOption("#battle", "001");
  check(!(await page.locator("#hellenistic-label").isVisible()), "no module switch for Akragas");
  await page.selectOption("#battle", "105");
  check(await page.locator("#hellenistic-label").isVisible() && (await page.inputValue("#hellenistic")) === "off", "105: the switch, off by default");
  await page.selectOption("#battle", "109");
  check((await page.inputValue("#hellenistic")) === "on", "109: the switch, on by default");
  const about = await page.locator(".battle-about").textContent();
  check(/Hellenistic module/.test(about) && /Alexander \(a, Army Commander\)/.test(about) && /companion \(Comp\)/.test(about),
    `the battle's description names the module, the grades and the troops: ${about}`);
  await page.selectOption("#side", "top");
  await page.selectOption("#opponent", "easy");
  await page.screenshot({ path: join(SHOTS, "web-hellenistic-lobby.png") });
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{32}$/), page.click("#start")]);
  await page.waitForSelector("svg.board");
  await page.evaluate(() => localStorage.setItem("bgbot.pace", "instant"));
  await waitMyTurn(page);
  check(/Hellenistic module/.test(await page.locator(".game-head").textContent()), "the header names the module");
  check((await page.locator('g.unit[data-hex="2,5"] .trait-tag').textContent()) === "Comp", "the Companions carry their tag on the board");
  check(/companion: ignores a sword or a flag/.test(await page.locator('g.unit[data-hex="2,5"] title').textContent()), "the unit's title says what the trait does");
  const tip = await page.locator('g.hex[data-hex="2,5"] > title').textContent();
  check(/companion: ignores a sword/.test(tip) && /Alexander \(leader, top\) · grade a, war-god/.test(tip) && /Army Commander/.test(tip),
    `the hex's tooltip describes its unit and leader: ${tip}`);
  check(await page.locator('g.leader[data-grade="a"]').count() === 1, "one war-god (Alexander) on the board");
  check(await page.locator("g.leader.commander").count() === 2, "two Army Commanders marked");
  check(/Alexander \(leader, top\) · grade a, war-god/.test(await page.locator('g.leader[data-grade="a"] title').textContent()), "a leader's tooltip gives his grade");
  const box = await page.locator(".module-box").textContent();
  check(/Hellenistic module: on/.test(box) && /Alexander/.test(box) && /Darius III/.test(box) && /Comp/.test(box), `the side panel's module box: ${box}`);
  // H10.1: the Macedonians first name their reserve leader, a secret; then the panel shows it to them.
  if ((await decision(page)) === "reserve-leader") {
    const names = await page.$$eval('.choices .buttons button.choice[data-type="name-reserve"]', (bs) => bs.map((b) => b.textContent));
    check(names.length === 3 && /the reserve leader \(secret\)/.test(names[0]), `the reserve leader is named by a button: ${names}`);
    await act(page, '.choices .buttons button.choice[data-type="name-reserve"] >> nth=1');
    await waitMyTurn(page);
    check(/Your reserve leader \(H10, secret\): Parmenio/.test(await page.locator(".module-box").textContent()), "the seat sees its own reserve leader");
  }
  // A section card: its own section or another with one order fewer (H2), a menu of three.
  check((await decision(page)) === "play-card", "the Macedonians play a card");
  const sectionCard = page.locator('.card.playable[data-plays="3"]').first();
  if (await sectionCard.count()) {
    await sectionCard.click();
    await page.waitForSelector(".menu button.choice");
    const texts = await page.$$eval(".menu button.choice", (bs) => bs.map((b) => b.textContent));
    check(texts.length === 3 && texts.filter((t) => /section \(one order fewer\)/.test(t)).length === 2, `three plays of a section card: ${texts}`);
    await page.screenshot({ path: join(SHOTS, "web-hellenistic-card.png") });
    await act(page, ".menu button.choice >> nth=1");
    check((await decision(page)) === "order", "the card played in another section: orders");
    check(/in the (left|center|right) section/.test(await page.locator(".log").textContent()), "the log says where the card was played");
  } else {
    log("no section card in this hand: the menu of three is not shown");
  }
  // A piece clicked where it is no choice (an enemy's): the panel tells what it is.
  await page.click('g.hex[data-hex="8,6"]');
  await page.waitForSelector('.hex-info[data-hex="8,6"]');
  const hexInfo = await page.locator(".hex-info").textContent();
  check(/Darius III/.test(hexInfo) && /grade c/.test(hexInfo) && /Army Commander/.test(hexInfo), `the panel describes the hex: ${hexInfo}`);
  await page.screenshot({ path: join(SHOTS, "web-hellenistic.png") });
  check(errors.length === 0, `no page errors: ${errors}`);
  await ctx.close();
});

// ---- Run ----------------------------------------------------------------------------------------
try {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (Debian's chromium package)`);
  await startServer();
  log("server at", base);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  for (const t of tests) {
    if (args.only && !args.only.split("|").some((o) => t.name.includes(o))) continue;
    const t0 = Date.now();
    try {
      await t.fn();
      log(`ok   ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failures++;
      log(`FAIL ${t.name}\n     ${e.stack ?? e}`);
      for (const c of browser.contexts()) for (const p of c.pages()) await p.screenshot({ path: join(SHOTS, `fail-${failures}-${Math.random().toString(36).slice(2, 6)}.png`) }).catch(() => {});
      for (const c of browser.contexts()) await c.close().catch(() => {});
    }
  }
} catch (e) {
  failures++;
  log("FAIL", e.stack ?? e);
} finally {
  await browser?.close().catch(() => {});
  await stopServer();
  rmSync(dir, { recursive: true, force: true });
}
log(failures ? `${failures} failed` : "all passed", `(screenshots in ${SHOTS})`);
process.exit(failures ? 1 : 0);
