// End-to-end test of Quinn's table in the browser: bgbot serve --game quinn on loopback with a
// fresh database, Debian's chromium driven by playwright-core. Run by ctest (bgbot_web_e2e_quinn):
//   node web/e2e/quinn.mjs --bgbot build/bgbot --shots DIR
// It starts s3 against the bot from the lobby (again, until the person's side has the initiative,
// which the dice decide), checks the table's four stands, plays a choice, hovers a move (its
// ghost), drops a stand where the rules refuse it (the reason is shown, nothing moved) and where
// they accept it (turned with the keys and the wheel while dragged), looks at a shooter's field of
// fire, ends the activation and sees the bot's answer in the log. web-quinn.png is the screenshot.
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
mkdirSync(SHOTS, { recursive: true });

const started = Date.now();
function log(...a) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
}
function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

const dir = mkdtempSync(join(tmpdir(), "bgbot-e2e-quinn-"));
let server = null;
let base = "";
function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(BGBOT, ["serve", "--game", "quinn", "--port", "0", "--db", join(dir, "games.sqlite")], { stdio: ["ignore", "pipe", "pipe"] });
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
const decision = (page) => page.locator(".status").getAttribute("data-decision");
async function waitMyTurn(page, timeout = 60000) {
  await page.waitForFunction(() => {
    const s = document.querySelector(".status");
    return s && (s.classList.contains("yours") || s.classList.contains("won") || s.classList.contains("over"));
  }, null, { timeout });
}
// Waits for a new version drawn with no request on its way. The bot may answer in the same
// request: on a loaded machine that can take longer than Playwright's 30 s default.
async function changed(page, old) {
  await page.waitForFunction((v) => {
    const g = document.querySelector(".game");
    return g && g.getAttribute("data-version") !== v && !g.classList.contains("busy");
  }, old, { timeout: 90000 });
}
// The centre of a stand on the screen.
async function centreOf(page, id) {
  const b = await page.locator(`svg.table g.stand[data-stand="${id}"] .stand-body`).boundingBox();
  check(b, `stand ${id} is drawn`);
  return [b.x + b.width / 2, b.y + b.height / 2];
}
// Screen pixels per inch of the table.
async function pixelsPerInch(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("svg.table");
    return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  });
}
async function stand(page, id) {
  const v = await api(`/api/seat/${tokenOf(page)}`);
  return v.position.state.stands.find((s) => s.id === id);
}

let browser;
let failed = false;
try {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (Debian's chromium package)`);
  await startServer();
  log("server at", base);
  const info = await api("/api/info");
  check(info.game?.name === "quinn", "the server serves quinn");
  check(["s1", "s2", "s3"].every((id) => info.scenarios.some((s) => s.id === id)), "the info lists s1, s2, s3");

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => { errors.push(String(e)); log("page error:", String(e)); });
  page.on("console", (m) => { if (m.type() === "error") log("console:", m.text()); });

  // The lobby offers the scenarios and the sides A and B; a game starts until the Greeks (A) move
  // first (the initiative is a roll: about one game in two).
  let tries = 0;
  for (;;) {
    check(++tries <= 16, "the Greeks won the initiative in one of 16 games");
    await page.goto(base + "/");
    await page.waitForSelector("#battle option", { state: "attached" });
    const battles = await page.$$eval("#battle option", (os) => os.map((o) => o.value));
    check(["s1", "s2", "s3"].every((s) => battles.includes(s)), `the lobby offers s1, s2, s3: ${battles}`);
    await page.selectOption("#battle", "s3");
    const sides = await page.$$eval("#side option", (os) => os.map((o) => `${o.value}:${o.textContent}`));
    check(sides.length === 2 && /^A:Greeks/.test(sides[0]) && /^B:Horsemen/.test(sides[1]), `sides A and B by name: ${sides}`);
    await page.selectOption("#side", "A");
    await page.selectOption("#opponent", "easy");
    if (tries === 1) await page.screenshot({ path: join(SHOTS, "web-quinn-lobby.png") });
    await Promise.all([page.waitForURL(/\/play\/[0-9a-f]{32}$/), page.click("#start")]);
    await page.waitForSelector("svg.table");
    const v = await api(`/api/seat/${tokenOf(page)}`);
    if (v.status.player1 === "A") break;
  }
  log(`the Greeks move first (game ${tries})`);
  await waitMyTurn(page);
  check((await decision(page)) === "activate", "the Greeks activate a command first");
  check((await page.locator("svg.table g.stand").count()) === 4, "the table shows 4 stands");
  const vb = await page.locator("svg.table").getAttribute("viewBox");
  check(vb && vb.split(" ").length === 4, `the table has a viewBox in inches: ${vb}`);

  // A choice: activate the hoplites' command (a button of the panel).
  const activate = page.locator('.choices .buttons button.choice[data-type="activate"]', { hasText: "Hoplites" });
  check((await activate.count()) === 1, "a button activates the hoplites' command");
  let v0 = await versionOf(page);
  await activate.click();
  await changed(page, v0);
  check((await decision(page)) === "act", "the command is activated");
  check((await page.locator('svg.table g.stand.active[data-stand="0"]').count()) === 1, "the activated command is lit");
  check((await page.locator("svg.table g.reach-pose").count()) > 0, "the hoplites' moves are drawn");
  check((await page.locator("svg.table circle.reach-circle").count()) === 1, "the selected stand's charge reach is drawn");

  // Hovering a move shows its end pose as a ghost.
  const move = page.locator('.choices .move-list button.choice[data-type="move"]').first();
  await move.hover();
  check((await page.locator('svg.table [data-ghost="0"]').count()) === 1, "a hovered move shows its ghost");
  await page.mouse.move(5, 5);

  // A drop the rules refuse: onto the heavy horse. The reason is shown and the stand stays.
  const before = await stand(page, 0);
  let [sx, sy] = await centreOf(page, 0);
  const [ex, ey] = await centreOf(page, 64);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(sx + ((ex - sx) * i) / 8, sy + ((ey - sy) * i) / 8);
  check((await page.locator('svg.table [data-ghost="0"]').count()) === 1, "the dragged stand has a ghost");
  await page.mouse.up();
  await page.waitForSelector(".status .message", { timeout: 10000 });
  const reason = await page.locator(".status .message").textContent();
  log("refused:", reason);
  check(/Refused: .+/.test(reason) && /stand|path|enemy|touch/i.test(reason), `the refusal's reason is shown: ${reason}`);
  const still = await stand(page, 0);
  check(still.x === before.x && still.y === before.y, "the refused stand did not move");
  check((await decision(page)) === "act" && (await page.locator("svg.table g.stand").count()) === 4, "the page goes on");

  // A legal drop: 3" forward, turned 15 degrees left with "[", right with the wheel, left again.
  const ppi = await pixelsPerInch(page);
  [sx, sy] = await centreOf(page, 0);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(sx, sy - (3 * ppi * i) / 6);
  await page.keyboard.press("[");
  await page.mouse.wheel(0, 100);
  await page.waitForTimeout(100);
  await page.keyboard.press("[");
  const ghostText = await page.locator("svg.table .ghost-text").textContent();
  check(/^105°/.test(ghostText), `the ghost turned to 105°: ${ghostText}`);
  v0 = await versionOf(page);
  await page.mouse.up();
  await changed(page, v0);
  const after = await stand(page, 0);
  log("moved to", after.x, after.y, after.heading);
  check(after.heading === 105 && after.y > before.y + 2.5 && Math.abs(after.x - before.x) < 0.3, `the hoplites moved about 3" forward and turned: ${JSON.stringify(after)}`);
  check(!(await page.locator(".status .message").count()), "no refusal after a legal drop");
  const moves = await page.$$eval(".log-line", (ls) => ls.map((l) => l.textContent));
  check(moves.some((t) => /Hoplites.*moves to/.test(t)), `the log tells the move: ${moves.slice(-3)}`);

  // A shooter's field of fire and range: a click on the archers. While the Greeks activate (the
  // stop roll after the hoplites was not a 6) it activates their command and selects them;
  // otherwise it only selects them.
  await page.evaluate(() => localStorage.setItem("bgbot.pace", "fast"));
  await waitMyTurn(page, 90000);
  const archers = await stand(page, 1);
  if (archers.alive && !(await page.locator(".status.won, .status.over").count())) {
    const activating = (await decision(page)) === "activate";
    v0 = await versionOf(page);
    await page.click('svg.table g.stand[data-stand="1"]');
    if (activating) await changed(page, v0);
    await page.waitForSelector("svg.table .fire-field");
    check((await page.locator(".stand-info").textContent()).includes("Archers"), "the panel describes the archers");
  }
  await page.screenshot({ path: join(SHOTS, "web-quinn.png") });

  // End the activation, if one is on; the rest of the phase and the bot's turn follow. Either the
  // Greeks decide again or the game is over; the bot's answer is in the log, with its dice.
  const end = page.locator(".choices .buttons button.choice", { hasText: "end the activation" });
  if (await end.count()) {
    v0 = await versionOf(page);
    await end.click();
    await changed(page, v0);
  }
  for (let i = 0; i < 12; i++) {
    await waitMyTurn(page, 90000);
    const lines = await page.$$eval(".log-line", (ls) => ls.filter((l) => /Horsemen|B0 |B1 /.test(l.textContent)).length);
    if (lines > 0 || (await page.locator(".status.won, .status.over").count())) break;
    // Still the Greeks' phase (a second command, or the fire phase): end or hold.
    const next = page.locator(".choices .buttons button.choice").filter({ hasText: /end the|holds|holds its fire/ }).first();
    if (!(await next.count())) break;
    v0 = await versionOf(page);
    await next.click();
    await changed(page, v0);
  }
  const theirs = await page.$$eval(".log-line", (ls) => ls.map((l) => l.textContent));
  log("last log lines:", theirs.slice(-4).join(" | "));
  check(theirs.length > 3, "the log grows");
  const rolls = await page.$$eval(".log-line .die.d-num", (ds) => ds.map((d) => d.textContent));
  check(rolls.length > 0 && rolls.every((r) => /^\d+$/.test(r)), `dice are shown as numbers: ${rolls}`);
  await page.screenshot({ path: join(SHOTS, "web-quinn-later.png") });
  check(errors.length === 0, `no page errors: ${errors}`);
  await ctx.close();
  log("ok   Quinn s3 in the browser: the table, a choice, a ghost, a refused and a legal drop, the bot's answer");
} catch (e) {
  failed = true;
  log("FAIL", e.stack ?? e);
  for (const c of browser?.contexts() ?? []) for (const p of c.pages()) await p.screenshot({ path: join(SHOTS, "fail-quinn.png") }).catch(() => {});
} finally {
  await browser?.close().catch(() => {});
  await stopServer();
  rmSync(dir, { recursive: true, force: true });
}
log(failed ? "failed" : "all passed", `(screenshots in ${SHOTS})`);
process.exit(failed ? 1 : 0);
