// End-to-end test of the WRG table in the browser: bgbot serve --game wrg6 on loopback with a
// fresh database, Debian's chromium driven by playwright-core. Run by ctest (bgbot_web_e2e_wrg6):
//   node web/e2e/wrg6.mjs --bgbot build/bgbot --shots DIR
// From the lobby (the scenarios and their facts) it starts s1 as side B against the easy bot: side
// A commits first in every step, so the bot's commitments are always pending while the person
// enters theirs. It checks the table (to scale, in paces, side B at the bottom, six units as
// rectangles of their figures), then plays the whole battle through the page: charges and shots by
// a click on the target on the table, moves after hovering their aim (a ghost), the rest by the
// buttons. At every decision the bot's pending commitments must show as hidden only: on the table
// (?), in the panel, in the seat's view, and no reveal in the log after them; once revealed, their
// words must not have been on the page before. Then the replay of the game draws the same table.
// Last, s2 from side A: its hill and wood, and the horse's figures to scale. Screenshots:
// web-wrg6-lobby.png, web-wrg6.png, web-wrg6-fight.png, web-wrg6-end.png, web-wrg6-replay.png,
// web-wrg6-s2.png.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith("--")) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));
const BGBOT = args.bgbot ?? "build/bgbot";
const SHOTS = args.shots ?? join(tmpdir(), "bgbot-web-shots");
const CHROMIUM = args.chromium ?? "/usr/bin/chromium";
const MAX_DECISIONS = Number(args.decisions ?? 400);
mkdirSync(SHOTS, { recursive: true });

const started = Date.now();
function log(...a) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
}
function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

const dir = mkdtempSync(join(tmpdir(), "bgbot-e2e-wrg6-"));
let server = null;
let base = "";
function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(BGBOT, ["serve", "--game", "wrg6", "--port", "0", "--db", join(dir, "games.sqlite")], { stdio: ["ignore", "pipe", "pipe"] });
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
async function api(path) {
  const res = await fetch(base + path);
  return res.json();
}

const tokenOf = (page) => /\/play\/([0-9a-f]{32})/.exec(page.url())?.[1];
const versionOf = (page) => page.locator(".game").getAttribute("data-version");
async function waitMyTurn(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const s = document.querySelector(".status");
    const g = document.querySelector(".game");
    return s && g && !g.classList.contains("busy") &&
      (s.classList.contains("yours") || s.classList.contains("won") || s.classList.contains("over"));
  }, null, { timeout });
}
async function changed(page, old) {
  await page.waitForFunction((v) => {
    const g = document.querySelector(".game");
    return g && g.getAttribute("data-version") !== v && !g.classList.contains("busy");
  }, old, { timeout: 60000 });
}
const isOver = async (page) => (await page.locator(".status.won, .status.over").count()) > 0;
// Everything on the page but its history (the log and the last reveal): what the person sees of
// the step in progress, the table's words and tooltips included.
async function presentText(page) {
  return page.evaluate(() => {
    const parts = [];
    for (const sel of [".status", ".choices", ".commitments", ".unit-info", ".table-tools", "header"])
      for (const e of document.querySelectorAll(sel)) parts.push(e.innerText);
    for (const e of document.querySelectorAll("svg.table text, svg.table title")) parts.push(e.textContent);
    return parts.join("\n");
  });
}
const kindOf = (code) => code >>> 27;

let browser;
let failed = false;
try {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (Debian's chromium package)`);
  await startServer();
  log("server at", base);
  const info = await api("/api/info");
  check(info.game?.name === "wrg6", "the server serves wrg6");
  check(["s1", "s2"].every((id) => info.scenarios.some((s) => s.id === id)), "the info lists s1 and s2");

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => { errors.push(String(e)); log("page error:", String(e)); });
  page.on("console", (m) => { if (m.type() === "error") log("console:", m.text()); });

  // The lobby: the scenarios, the sides by their armies' names, the facts of each.
  await page.goto(base + "/");
  await page.waitForSelector("#battle option", { state: "attached" });
  const battles = await page.$$eval("#battle option", (os) => os.map((o) => o.value));
  check(["s1", "s2"].every((s) => battles.includes(s)), `the lobby offers s1 and s2: ${battles}`);
  await page.selectOption("#battle", "s2");
  const about2 = await page.locator(".battle-about").innerText();
  check(/1000 x 700 paces/.test(about2) && /2 pieces of terrain/.test(about2) && /12 periods/.test(about2), `s2's facts: ${about2}`);
  check(/heavy cavalry/.test(about2) && /Horsemen \(A\)/.test(about2), `s2's armies: ${about2}`);
  await page.selectOption("#battle", "s1");
  const sides = await page.$$eval("#side option", (os) => os.map((o) => `${o.value}:${o.textContent}`));
  check(sides.length === 2 && /^A:Greeks/.test(sides[0]) && /^B:Gauls/.test(sides[1]), `sides A and B by name: ${sides}`);
  const about1 = await page.locator(".battle-about").innerText();
  check(/800 x 600 paces/.test(about1) && /open ground/.test(about1) && /I-EVD a/.test(about1), `s1's facts: ${about1}`);
  await page.selectOption("#side", "B");
  await page.selectOption("#opponent", "easy");
  await page.screenshot({ path: join(SHOTS, "web-wrg6-lobby.png") });
  await page.evaluate(() => localStorage.setItem("bgbot.pace", "fast"));
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{32}$/), page.click("#start")]);
  await page.waitForSelector("svg.table.wrg6");
  const token = tokenOf(page);
  await waitMyTurn(page);

  // The table: in paces, six units, side B (the person's) at the bottom, each unit its size.
  const vb = (await page.locator("svg.table").getAttribute("viewBox")).split(" ").map(Number);
  check(vb.length === 4 && vb[2] > 800 && vb[2] < 900 && vb[3] > 600 && vb[3] < 700, `a viewBox in paces around 800 x 600: ${vb}`);
  check((await page.locator("svg.table g.unit[data-unit]").count()) === 6, "the table shows 6 units");
  const labels = await page.$$eval("svg.table .unit-label", (ts) => ts.map((t) => t.textContent));
  check(["A1", "A2", "A3", "B1", "B2", "B3"].every((l) => labels.some((x) => x.startsWith(l))), `labels A1..B3: ${labels}`);
  const boxOf = (id) => page.locator(`svg.table g.unit[data-unit="${id}"] .unit-body`).boundingBox();
  const [a1, b1, a3] = [await boxOf(0), await boxOf(16), await boxOf(2)];
  check(b1.y > a1.y + 100, `side B's units are at the bottom of the screen: A1 ${a1.y}, B1 ${b1.y}`);
  const ppp = await page.evaluate(() => { const s = document.querySelector("svg.table"); return s.getBoundingClientRect().width / s.viewBox.baseVal.width; });
  check(Math.abs(a1.width - 120 * ppp) < 2 && Math.abs(a1.height - 40 * ppp) < 2, `A1 is 120 x 40 p (6 x 2 figures of 20 x 20): ${a1.width} x ${a1.height} px at ${ppp} px/p`);
  check(Math.abs(a3.height - 30 * ppp) < 2, `A3's light infantry are 30 p deep: ${a3.height}`);
  check((await page.locator('svg.table g.unit[data-unit="0"] rect.fig').count()) === 12, "A1 shows its 12 figures");
  check((await page.locator("svg.table g.unit.asked").count()) === 1, "the unit asked is lit");

  // The battle, decision by decision.
  const snapshots = []; // { logSize, text } while the bot's commitments were pending
  let decisions = 0, mapClicks = 0, hovered = 0, hiddenSeen = 0, reveals = 0, fightShot = false, firstShot = false;
  const botReveals = []; // [logN, text]
  let logSeen = 0;
  for (;;) {
    await waitMyTurn(page, 90000);
    if (await isOver(page)) break;
    check(++decisions <= MAX_DECISIONS, `the battle ends within ${MAX_DECISIONS} decisions`);
    const v = await api(`/api/seat/${token}`);
    check(v.to_move && v.choices.length > 0, "the page says it is the person's decision and the view agrees");
    const st = v.position.state;
    check(st.cursor >= 16, `the unit asked is side B's: ${st.cursor}`);
    check((await page.locator(`svg.table g.unit.asked[data-unit="${st.cursor}"]`).count()) === 1, "the unit asked is lit on the table");
    const phase = await page.locator(".table-tools .phase").innerText();
    check(new RegExp(`Period ${st.period} of 12`).test(phase) && phase.includes("W-SEQ") && phase.includes(`B${st.cursor - 15}`),
      `the toolbar shows the period, the step and the unit asked: ${phase}`);

    // The bot's pending commitments: hidden in the seat's view, shown as "?" and as hidden in the
    // panel, and the log has no reveal after their commit lines.
    const hidden = st.units.filter((u) => u.id < 16 && u.commit !== undefined);
    check(hidden.every((u) => u.commit === "hidden"), `the seat's view hides the bot's commitments: ${JSON.stringify(hidden.map((u) => u.commit))}`);
    hiddenSeen += hidden.length;
    const marks = await page.$$eval('svg.table .commit-mark[data-commit="hidden"]', (ms) => ms.length);
    check(marks === hidden.length, `one hidden mark (?) per pending bot commitment: ${marks} of ${hidden.length}`);
    const theirs = await page.$$eval(".commitments li.theirs[data-unit]", (ls) => ls.map((l) => l.textContent));
    check(theirs.length === hidden.length && theirs.every((t) => /hidden/.test(t)), `the panel lists them as hidden: ${theirs}`);
    if (hidden.length) {
      const after = await page.$$eval(".log-box .log-line", (ls) => {
        const i = ls.findIndex((l, k) => l.dataset.type === "commit" && ls.slice(k).every((x) => x.dataset.type !== "reveal"));
        return i < 0 ? [] : ls.slice(i).map((l) => `${l.dataset.type}|${l.textContent}`);
      });
      // (A unit the rules force, one falling back, has its commitment set without a commit line.)
      check(after.filter((t) => /Greeks commits? for A/.test(t)).length <= hidden.length && after.every((t) => t.startsWith("commit|") && /commits? for/.test(t)),
        `the log shows only that the bot committed: ${after.join(" / ")} (hidden: ${hidden.map((u) => u.id)}; ` +
        `page log ${await page.locator(".log-box .log-line").count()} lines, view log ${v.log_size}: ` +
        (await api(`/api/seat/${token}?since=${Math.max(0, v.log_size - 14)}`)).log.map((e) => `${e.n} v${e.v} ${e.type}: ${e.text}`).join("\n") + ")");
      snapshots.push({ logSize: (await api(`/api/seat/${token}?since=0`)).log_size, text: await presentText(page) });
    }

    if (!firstShot) {
      await page.screenshot({ path: join(SHOTS, "web-wrg6.png") });
      firstShot = true;
    }

    // A choice: a charge or a shot by a click on its target on the table; a move after hovering
    // its aim; otherwise the attacker's policy by the buttons (advance, keep orders, stand).
    const byText = (re) => v.choices.find((c) => re.test(c.text));
    let pick = v.choices.find((c) => typeof c.action?.target === "number") ?? byText(/^stand$/) ?? byText(/full move/) ??
      byText(/keep its order/) ?? v.choices[0];
    const v0 = await versionOf(page);
    if (typeof pick.action?.target === "number") {
      await page.click(`svg.table g.unit.target[data-unit="${pick.action.target}"] .unit-body`, { force: true });
      mapClicks++;
    } else {
      const button = page.locator(`.wrg-choices button.choice[data-choice="${pick.id}"]`);
      check((await button.count()) === 1, `a button for "${pick.text}"`);
      if (pick.action?.kind === "advance" && hovered < 3) {
        await button.hover();
        check((await page.locator(`svg.table [data-ghost="${st.cursor}"]`).count()) === 1, "a hovered move shows its aim (a ghost)");
        check((await page.locator("svg.table g.aim[data-aim]").count()) > 0, "the moves' aims are drawn on the table");
        hovered++;
      }
      await button.click();
    }
    await changed(page, v0);
    // The bot's commitments revealed since: their words must not have been on the page before.
    const now = await api(`/api/seat/${token}?since=${logSeen}`);
    const fresh = now.log;
    if (typeof pick.action?.target === "number") {
      // The click committed the charge or the shot: pending still, or revealed with the step.
      const me = now.position.state.units.find((u) => u.id === st.cursor);
      const name = st.units.find((u) => u.id === st.cursor).name;
      check((now.position.state.resolved === st.resolved && [2, 17].includes(kindOf(me.commit ?? 0))) ||
        fresh.some((e) => e.type === "reveal" && e.text === `${name}: ${pick.text}`), `the click on the target committed "${pick.text}"`);
    }
    for (const e of fresh) {
      logSeen = e.n;
      if (e.type === "reveal" && typeof e.unit === "number" && e.unit < 16) botReveals.push([e.n, e.text]);
      if (e.type === "reveal") reveals++;
    }
    for (const [n, text] of botReveals.splice(0))
      for (const s of snapshots)
        if (s.logSize < n) check(!s.text.includes(text), `"${text}" was on the page before it was revealed`);
    if (!fightShot && fresh.some((e) => e.type === "melee")) {
      await waitMyTurn(page, 90000);
      await page.screenshot({ path: join(SHOTS, "web-wrg6-fight.png") });
      fightShot = true;
    }
  }
  const end = await api(`/api/seat/${token}`);
  log(`the battle is over after ${decisions} decisions: ${JSON.stringify(end.result)}; ${mapClicks} clicks on targets, ` +
    `${hiddenSeen} hidden bot commitments seen, ${reveals} reveals`);
  check(end.result && end.status.game_over, "the game is over");
  check(hiddenSeen > 0 && reveals > 0, "the bot's commitments were pending while the person decided, and were revealed");
  check(mapClicks > 0, "at least one charge or shot was chosen on the table");
  check(await page.locator(".revealed li").count() > 0, "the last reveal is shown");
  await page.screenshot({ path: join(SHOTS, "web-wrg6-end.png") });
  const rolls = await page.$$eval(".log-line .die.d-num", (ds) => ds.map((d) => d.textContent));
  check(rolls.length > 0 && rolls.every((r) => /^[1-6]$/.test(r)), `dice are shown as faces 1-6: ${rolls.slice(0, 10)}`);

  // The replay: the same table, decision by decision.
  await page.goto(base + "/");
  await page.waitForSelector(".replay-list a");
  await Promise.all([page.waitForURL(/\/replay\/\d+$/), page.click(".replay-list a")]);
  await page.waitForSelector("svg.table.wrg6");
  check((await page.locator("svg.table g.unit[data-unit]").count()) === 6, "the replay draws the 6 units");
  for (let i = 0; i < 5; i++) await page.click('button[title="forward (→)"]');
  await page.waitForFunction(() => /decision 5 of/.test(document.querySelector(".step")?.textContent ?? ""));
  const said = await page.locator(".decision-text").innerText();
  check(/^[AB]\d \(/.test(said), `the replay names the decision's unit: ${said}`);
  await page.click('button[title="the end (End)"]');
  await page.waitForFunction(() => { const t = document.querySelector(".step")?.textContent ?? ""; const m = /decision (\d+) of (\d+)/.exec(t); return m && m[1] === m[2]; });
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(SHOTS, "web-wrg6-replay.png") });

  // s2 from side A: the hill and the wood, the horse's bigger figures, the table not turned.
  await page.goto(base + "/");
  await page.waitForSelector("#battle option", { state: "attached" });
  await page.selectOption("#battle", "s2");
  await page.selectOption("#side", "A");
  await page.selectOption("#opponent", "easy");
  await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{32}$/), page.click("#start")]);
  await page.waitForSelector("svg.table.wrg6");
  await waitMyTurn(page);
  check((await page.locator("svg.table .terrain-piece.wood").count()) === 1 && (await page.locator("svg.table .terrain-piece.hill").count()) === 1,
    "s2's wood and hill are drawn");
  // (The box holds the outline: the unit asked has a thick one.)
  const [h1, hb] = [await boxOf(0), await boxOf(16)];
  check(hb.y < h1.y, "side A at the bottom for side A");
  const pp2 = await page.evaluate(() => { const s = document.querySelector("svg.table"); return s.getBoundingClientRect().width / s.viewBox.baseVal.width; });
  check(Math.abs(h1.width - 90 * pp2) < 6 * pp2 && Math.abs(h1.height - 80 * pp2) < 6 * pp2, `the lancers are 3 x 2 figures of 30 x 40 p: ${h1.width} x ${h1.height}`);
  await page.screenshot({ path: join(SHOTS, "web-wrg6-s2.png") });
  check(errors.length === 0, `no page errors: ${errors}`);
  await ctx.close();
  log("ok   WRG s1 in the browser: the lobby, the table to scale, a battle to its end with hidden commitments, the replay");
} catch (e) {
  failed = true;
  log("FAIL", e.stack ?? e);
  for (const c of browser?.contexts() ?? []) for (const p of c.pages()) await p.screenshot({ path: join(SHOTS, "fail-wrg6.png") }).catch(() => {});
} finally {
  await browser?.close().catch(() => {});
  await stopServer();
  rmSync(dir, { recursive: true, force: true });
}
log(failed ? "failed" : "all passed", `(screenshots in ${SHOTS})`);
process.exit(failed ? 1 : 0);
