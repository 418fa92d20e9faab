// The replay viewer (/replay/ID): a finished game of the database, decision by decision, with
// the events of each and the whole board (the game is over: nothing is hidden any more).
import { api, ApiError, Info, Json } from "./api";
import { drawBoard } from "./board";
import { clear, h } from "./dom";
import { logLine } from "./log";
import { TableView } from "./table";
import { sideOfUnit, STEP_TITLES, unitLabel, Wrg6Table, wrgUnits, Pose as WrgPose } from "./wrg6";

export async function showReplay(root: HTMLElement, info: Info, id: number) {
  clear(root);
  const page = h("div", { class: "replay" });
  root.appendChild(page);
  let step = 0, steps = 0, timer = 0;
  let cur: Json = null;
  let wrgDrawn = new Map<number, WrgPose>(); // WRG: where the units were drawn last (they slide on)

  // `want` is the decision last asked for: quick clicks and held keys step from it, not from the
  // one drawn, so none is lost while a fetch is under way; an answer overtaken by a later request
  // is dropped.
  let want = 0, asked = 0;
  const go = async (k: number) => {
    want = Math.max(0, steps > 0 ? Math.min(steps, k) : k);
    const mine = ++asked;
    try {
      const got = await api.replay(id, want);
      if (mine !== asked) return;
      cur = got;
      step = cur.step;
      steps = cur.steps;
      want = step;
      draw();
    } catch (e) {
      clear(page);
      page.appendChild(h("p", { class: "message" }, e instanceof ApiError ? e.message : String(e)));
      page.appendChild(h("a", { href: "/" }, "Back to the lobby"));
    }
  };
  const playPause = () => {
    if (timer) {
      clearInterval(timer);
      timer = 0;
    } else {
      timer = window.setInterval(() => { if (step >= steps) { clearInterval(timer); timer = 0; draw(); } else void go(want + 1); }, 700);
    }
    draw();
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") void go(want + 1);
    else if (e.key === "ArrowLeft") void go(want - 1);
    else if (e.key === "Home") void go(0);
    else if (e.key === "End") void go(steps);
  });

  // The buttons, the decision counter and the slider, the same for every game.
  const controls = () => [
    h("div", { class: "controls" },
      h("button", { onclick: () => void go(0), title: "the start (Home)" }, "|◀"),
      h("button", { onclick: () => void go(want - 1), title: "back (←)" }, "◀"),
      h("button", { onclick: playPause, class: "play" }, timer ? "❚❚" : "play ▶"),
      h("button", { onclick: () => void go(want + 1), title: "forward (→)" }, "▶"),
      h("button", { onclick: () => void go(steps), title: "the end (End)" }, "▶|"),
      h("span", { class: "step" }, `decision ${step} of ${steps}`)),
    h("input", { type: "range", min: 0, max: steps, value: step, class: "slider",
      oninput: (e: Event) => void go(Number((e.target as HTMLInputElement).value)) }),
  ];

  const draw = () => {
    clear(page);
    const pos = cur.position;
    // Quinn's table, or C&C's board.
    const quinn = pos.game === "quinn";
    if (pos.game === "wrg6") return drawWrg6(pos);
    const board = quinn
      ? new TableView(pos.table, pos.state, { mySide: null, selected: null, active: new Set(), draggable: new Set(), changed: new Set(),
        marks: new Map(), labels: new Map(), reach: [], whole: false }).svg
      : drawBoard(pos.scenario, pos.state, { flipped: false, glossary: info.glossary, marks: new Map() });
    const st = pos.state;
    page.appendChild(h("header", { class: "game-head" }, h("a", { href: "/", class: "home", title: "Lobby" }, "⌂"),
      h("div", { class: "title" }, h("b", {}, cur.scenario_name), ` · replay of game ${id}`,
        cur.players ? ` · ${cur.players.join(quinn ? " (A) against " : " (top) against ")} (${quinn ? "B" : "bottom"})` : ""),
      h("div", { class: "score" }, quinn
        ? `round ${st.round} · ${pos.table?.sides?.A ?? "A"} lost ${st.losses?.[0]} · ${pos.table?.sides?.B ?? "B"} lost ${st.losses?.[1]}`
        : `banners ${pos.scenario.army?.top ?? "top"} ${st.banners?.top} · ${pos.scenario.army?.bottom ?? "bottom"} ${st.banners?.bottom}`)));
    page.appendChild(h("div", { class: "game-body" }, h("div", { class: "board-box" }, board),
      h("aside", { class: "panel" },
        ...controls(),
        h("p", { class: "decision-text" }, step ? cur.text : "The battle's set-up."),
        h("ol", { class: "log" }, ...(cur.events ?? []).map((e: Json) => logLine(e, quinn ? "A" : "bottom"))))));
  };
  // WRG: the table from side A's edge, every commitment in words (the game is over), the decision
  // as its unit and its choice.
  const drawWrg6 = (pos: Json) => {
    const st = pos.state, table = pos.table ?? {};
    const units = wrgUnits(table, st);
    const view = new Wrg6Table(table, st, { mySide: null, flipped: false, cursor: st.step === "over" ? null : st.cursor, cursorMine: false,
      selected: null, targets: new Map(), aims: [], arc: 0, changed: new Set(), losses: new Map(), from: wrgDrawn,
      slideMs: timer ? 500 : 250, showCommits: true });
    wrgDrawn = new Map(units.map((u) => [u.id, { x: u.x, y: u.y, facing: u.facing }]));
    const lost = (side: string) => units.filter((u) => u.side === side)
      .reduce((n, u) => n + u.startFigures * 20 - (u.alive ? u.men : 0), 0);
    const name = (x: string) => table.sides?.[x] ?? x;
    // The decision's unit: the commit event names it.
    const commit = (cur.events ?? []).find((e: Json) => e.type === "commit" && typeof e.unit === "number");
    const who = commit ? `${unitLabel(commit.unit)} (${name(sideOfUnit(commit.unit))}): ` : "";
    page.appendChild(h("header", { class: "game-head" }, h("a", { href: "/", class: "home", title: "Lobby" }, "⌂"),
      h("div", { class: "title" }, h("b", {}, cur.scenario_name), ` · replay of game ${id}`,
        cur.players ? ` · ${cur.players.join(" (A) against ")} (B)` : ""),
      h("div", { class: "score" }, `period ${st.period} of ${st.period_limit} · ${STEP_TITLES[st.step] ?? st.step} · ` +
        `${name("A")} lost ${lost("A")} men · ${name("B")} lost ${lost("B")} men`)));
    page.appendChild(h("div", { class: "game-body wrg6" }, h("div", { class: "board-box" }, view.svg),
      h("aside", { class: "panel" },
        ...controls(),
        h("p", { class: "decision-text" }, step ? `${who}${cur.text}` : "The battle's set-up."),
        h("p", { class: "small" }, "Commitments not yet revealed are shown in words over their units (✓): the game is over, nothing is secret."),
        h("ol", { class: "log" }, ...(cur.events ?? []).map((e: Json) => logLine(e, "A"))))));
  };
  await go(0);
}
