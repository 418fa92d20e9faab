// The game page of one seat (/play/TOKEN): the board from the seat's side, the hand, the
// choices as board clicks and buttons, the other side's decisions played one by one at a
// readable pace, the bot's thinking, the win chance, hint, undo, resign, the log and the dice.
// Everything shown comes from the seat's view (docs/web.md); the page decides nothing itself.
import { api, ApiError, Choice, Info, Json, LogEntry, View } from "./api";
import { BOARD_H, BOARD_W, centre, drawBoard, helRule, leaderMarks, Mark, parseHex, SIDE_COLOUR, traitText, unitTitle } from "./board";
import { choiceMarks, destHex, fromHex, onBoard, onlyFrom, oddsLabel } from "./choices";
import { clear, h, percent } from "./dom";
import { dice, logLine, plainText } from "./log";
import { rememberGame } from "./store";
import { className, FLAG_ACTED, Pose, standsOf, TableView } from "./table";
import {
  aimedPose, commitText, gradeName, ORDER_NAMES, otherFlags, Pose as WrgPose, shownFlags, sideOfUnit, STEP_TITLES,
  troopName, unitLabel, Wrg6Table, wrgUnits,
} from "./wrg6";

const PACES: Record<string, number> = { slow: 1600, normal: 900, fast: 350, instant: 0 };

const PROMPTS: Record<string, string> = {
  "play-card": "Play a command card from your hand.",
  order: "Order units: click the highlighted units, in any sequence, then “Done ordering”.",
  move: "Move: click an ordered unit, then one of the hexes it can reach.",
  battle: "Battle: click a unit, then a target. A target's label: dice rolled, chance of a hit · of eliminating it (a flag it cannot retreat from counts).",
  "evade-or-stand": "Your unit is attacked: evade or stand?",
  "evade-path": "Choose the hex to evade to.",
  "ignore-flags": "How many flags do you ignore?",
  retreat: "Retreat: choose the next hex.",
  "leader-evade": "Your leader must escape: choose the path.",
  "battle-back": "Battle back?",
  "momentum-advance": "Momentum advance into the emptied hex (marked)? Click it, or hold.",
  "cavalry-extra-hex": "Your cavalry may move one more hex.",
  "bonus-combat": "Bonus close combat: choose a target, or none.",
  "commander-discard": "Your Army Commander is lost (Hellenistic H1.4): discard one card of your choice; your command drops by one for the rest of the game.",
  "companion-choice": "Your companions are hit by a sword and a flag (Hellenistic H6.7): ignore which?",
  "reserve-leader": "Name your reserve leader (Hellenistic H10.1): a secret the other side does not see. Once a game, from your fourth turn, the units next to him may redeploy with him.",
  "reserve-move": "The Reserve Move (Hellenistic H10): click a unit next to your reserve leader, then its hex (never next to an enemy, never forward); last, his hex.",
  "balk-retreat": "Balked warriors retreat one hex each (Hellenistic H6.13): click a warrior, then its hex, in the order you choose.",
};

// Quinn's decisions (status.decision), as the panel asks them.
const QUINN_PROMPTS: Record<string, string> = {
  activate: "Activate a command: click one of your marked stands (or its choice), or end the movement phase.",
  act: "Move the activated command (lit): drag a stand to move it (the wheel or [ ] turn it by 15°), or click it for its moves and charges; then end the activation.",
  "after-disengage": "Your stand passed its test: move it clear of the stands it was locked with (drag it, or pick a move).",
  "flee-choice": "A fleeing stand runs into a friend: disband it, or make the friend flee too.",
  "lock-target": "A locked stand attacks: choose which enemy it fights.",
  fire: "Fire: choose a target for the marked shooter (its field of fire is drawn), or hold its fire.",
};

// The stand a Quinn choice is about (it moves, charges, shoots), or null (end the phase, activate).
function standOf(c: Choice): number | null {
  return typeof c.action?.stand === "number" ? c.action.stand : null;
}

// A charge's odds in short: the modifier and the chance that the defender recoils, flees or is destroyed.
function chargeOdds(c: Choice): string | undefined {
  const d = c.details;
  if (!d?.odds) return undefined;
  const win = (d.odds.DR ?? 0) + (d.odds.DF ?? 0) + (d.odds.DD ?? 0);
  return `${(d.modifier ?? 0) >= 0 ? "+" : ""}${d.modifier ?? 0} · ${percent(win)}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export class GamePage {
  private view: View | null = null;
  private log: LogEntry[] = [];
  private queue: { v: number; state: Json }[] = [];
  private shownState: Json = null; // a frame being shown, or null: the view's own position
  private shownV = Infinity; // the log is shown up to this version while frames play
  private changed = new Set<string>();
  private animating = false;
  private skip = false;
  private selected: string | null = null;
  private selStand: number | null = null; // Quinn: the stand selected on the table
  private table: TableView | null = null; // Quinn: the table drawn last (ghosts are drawn on it in place)
  private wrg: Wrg6Table | null = null; // WRG: the table drawn last (ghosts are drawn on it in place)
  private wrgSel: number | null = null; // WRG: the unit described in the panel (none: the one asked)
  private wrgDrawn = new Map<number, WrgPose>(); // WRG: where each unit was drawn last (it slides on from there)
  private wrgLast: Json = null; // WRG: the state drawn last
  // WRG: what the last step resolved changed (units moved or hurt, and the men each lost).
  private wrgRecent = { changed: new Set<number>(), losses: new Map<number, string>() };
  private inspected: string | null = null; // the hex last clicked: its pieces described in the panel
  private hint: { win_chance: number; best: { id: number; text: string; win_chance: number }[] } | null = null;
  // C&C: the threats shown on the board and listed under the tools (the Threats button).
  private threats = false;
  private busy = false;
  private message = "";
  private thinkingSince = 0;
  private stream: EventSource | null = null;
  private lastEvent = Date.now();
  private timer = 0;
  private menu: Choice[] | null = null;
  private menuHex: string | null = null;
  private announced = 0; // the newest version the push announced
  private lastFrame = 0; // the newest board version queued or shown
  private lastFrameText = "";
  private fetching = false;
  private again = false;

  private root = h("div", { class: "game" });

  constructor(private token: string, private info: Info) {}

  async mount(parent: HTMLElement) {
    clear(parent);
    parent.appendChild(this.root);
    this.root.appendChild(h("p", { class: "loading" }, "Loading the game…"));
    document.addEventListener("keydown", (e) => this.key(e));
    try {
      const v = await api.view(this.token, 0, null);
      this.take(v, false);
    } catch (e) {
      clear(this.root);
      this.root.appendChild(h("div", { class: "error-page" },
        h("h2", {}, "This game cannot be opened"),
        h("p", {}, e instanceof ApiError ? e.message : String(e)),
        h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
      return;
    }
    this.listen();
    this.timer = window.setInterval(() => this.tick(), 250);
  }

  // Server push: a new version means a fetch; if the stream is refused or silent, poll.
  private listen() {
    this.stream = new EventSource(`/api/seat/${this.token}/stream`);
    this.stream.addEventListener("version", (ev) => {
      this.lastEvent = Date.now();
      try {
        const v = JSON.parse((ev as MessageEvent).data).version;
        this.announced = Math.max(this.announced, v);
        if (this.view && v > this.view.version) void this.refresh();
      } catch {
        /* a malformed push is ignored: the next poll catches up */
      }
    });
    this.stream.onopen = () => (this.lastEvent = Date.now());
  }

  private tick() {
    // No push for 20 s (a proxy that buffers, too many streams): poll every 3 s instead.
    if (Date.now() - this.lastEvent > 20000 && !this.busy && Date.now() % 3000 < 250) void this.refresh();
    if (this.view?.thinking) this.renderThinking();
  }

  // A push that came while a request was on its way is fetched when the request is answered.
  private catchUp() {
    if (this.view && this.announced > this.view.version) void this.refresh();
  }

  // One fetch at a time: pushes that come meanwhile make one more fetch after it.
  private async refresh() {
    if (!this.view || this.busy) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    try {
      const v = await api.view(this.token, this.log.length, this.view.version);
      this.take(v, true);
    } catch (e) {
      this.fail(e);
    } finally {
      this.fetching = false;
    }
    if (this.again) {
      this.again = false;
      void this.refresh();
    }
  }

  // A new view: its log appended, the other side's boards queued to play one by one.
  private take(v: View, animate: boolean, ownDecision = false) {
    if (this.view && v.version < this.view.version) return; // an older reply that came late
    if (v.log_size < this.log.length || (v.log.length && v.log[0].n !== this.log.length + 1)) {
      // The log was rebuilt (an undo): fetch it whole.
      this.log = [];
      void api.view(this.token, 0, null).then((full) => this.take(full, false), (e) => this.fail(e));
      if (!this.view) return;
    } else {
      this.log.push(...v.log);
    }
    const previous = this.view;
    this.view = v;
    if (!previous || previous.seat !== v.seat) rememberGame(this.token, v);
    if (v.thinking && !previous?.thinking) this.thinkingSince = Date.now();
    if (previous?.opponent.kind === "person" && !previous.opponent.joined && v.opponent.kind === "person" && v.opponent.joined)
      this.message = "Your opponent has opened their link and joined the game.";
    if (v.version !== previous?.version) {
      this.hint = null;
      this.menu = null;
      if (!v.to_move || !v.choices.some((c) => fromHex(c) === this.selected)) this.selected = null;
      if (v.game === "quinn" && (!v.to_move || !v.choices.some((c) => standOf(c) === this.selStand))) this.selStand = null;
    }
    let frames = v.frames ?? [];
    if (ownDecision) frames = frames.slice(1); // the first board is the seat's own decision
    if (!this.lastFrameText && previous) this.lastFrameText = JSON.stringify(previous.position?.state ?? null);
    if (animate && frames.length && this.pace() > 0) {
      for (const f of frames) {
        if (f.v <= this.lastFrame) continue; // queued by an earlier reply
        this.lastFrame = f.v;
        const text = JSON.stringify(f.state);
        if (text === this.lastFrameText) continue; // nothing to see (a seat joined)
        this.lastFrameText = text;
        this.queue.push(f);
      }
      if (this.queue.length && !this.animating) void this.play();
    }
    this.lastFrame = Math.max(this.lastFrame, v.version);
    if (!this.animating && !this.queue.length) this.lastFrameText = JSON.stringify(v.position?.state ?? null);
    if (!this.selected && v.to_move) this.selected = onlyFrom(v.choices);
    if (v.game === "quinn" && this.selStand === null && v.to_move) this.selStand = onlyStand(v.choices);
    this.render();
  }

  private pace(): number {
    return PACES[localStorage.getItem("bgbot.pace") ?? "normal"] ?? 900;
  }

  // The other side's decisions, a board each, at the chosen pace; "Skip" shows the last.
  private async play() {
    this.animating = true;
    this.skip = false;
    try {
      let before = this.view?.position?.state;
      if (this.queue.length) this.shownV = this.queue[0].v - 1;
      // Everything the other side changed stays marked until the person acts, skipped boards too.
      this.changed.clear();
      while (this.queue.length) {
        const f = this.queue.shift()!;
        for (const hx of changedHexes(this.shownState ?? before, f.state)) this.changed.add(hx);
        if (this.skip) {
          this.shownState = f.state;
          continue;
        }
        before = f.state;
        this.shownState = f.state;
        this.shownV = f.v;
        this.render();
        // A board where nothing moved or lost a block (an order given) goes by quicker.
        await sleep(this.changed.size ? this.pace() : this.pace() * 0.4);
      }
    } finally {
      // Whatever happens, the page comes back to the game's own view.
      this.queue = [];
      this.animating = false;
      this.shownState = null;
      this.shownV = Infinity;
      // The last board's changes stay marked until the person acts: what the other side just did.
      this.render();
    }
  }

  private fail(e: unknown) {
    if (e instanceof ApiError && e.code === "stale") {
      this.message = "The game had moved on: here is the new position.";
      void this.refresh();
    } else {
      this.message = e instanceof ApiError ? e.message : String(e);
    }
    this.render();
    this.catchUp();
  }

  private async decide(c: Choice) {
    if (!this.view || this.busy || this.animating) return;
    this.busy = true;
    this.message = "";
    this.menu = null;
    this.selected = null;
    this.changed.clear();
    try {
      const v = await api.act(this.token, c.id, this.view.version, this.log.length);
      this.busy = false;
      this.take(v, true, true);
      this.catchUp();
    } catch (e) {
      this.busy = false;
      this.fail(e);
    }
  }

  // A decision the choices need not list (Quinn: a stand dropped at a pose): the server's rules
  // decide, and a refusal's reason is shown.
  private async decideAction(action: Json) {
    if (!this.view || this.busy || this.animating) return;
    this.busy = true;
    this.message = "";
    this.menu = null;
    this.changed.clear();
    try {
      const v = await api.actAction(this.token, action, this.view.version, this.log.length);
      this.busy = false;
      this.take(v, true, true);
      this.catchUp();
    } catch (e) {
      this.busy = false;
      if (e instanceof ApiError && e.code !== "stale") this.message = `Refused: ${e.message}`;
      if (e instanceof ApiError && e.code !== "stale") this.render();
      else this.fail(e);
      this.catchUp();
    }
  }

  // A click on a Quinn stand: the choice it stands for (a command to activate, a target of the
  // selected stand), a menu when several fit, else the stand is selected.
  private clickStand(id: number) {
    const v = this.view;
    if (!v) return;
    const live = v.to_move && !this.busy && !this.animating;
    this.menu = null;
    if (live) {
      const state = v.position.state;
      if (v.status?.decision === "activate") {
        const cmd = state.command_of?.[id];
        const c = v.choices.find((x) => x.action?.kind === "activate" && x.action.command === cmd && cmd >= 0);
        if (c) return void this.decide(c);
      }
      if (this.selStand !== null && this.selStand !== id) {
        const fits = v.choices.filter((c) => standOf(c) === this.selStand && c.action?.target === id);
        if (fits.length === 1) return void this.decide(fits[0]);
        if (fits.length > 1) return this.openMenu(fits);
      }
      // A target every choice of which comes from one stand (a flight into a friend).
      const direct = v.choices.filter((c) => c.action?.target === id && standOf(c) !== id);
      if (!v.choices.some((c) => standOf(c) === id) && direct.length === 1) return void this.decide(direct[0]);
    }
    this.selStand = id;
    this.render();
  }

  private async request(what: "unpick" | "undo" | "resign") {
    if (!this.view || this.busy) return;
    if (what === "resign" && !window.confirm("Resign this battle? The other side wins.")) return;
    this.busy = true;
    this.message = "";
    try {
      // After an undo the server rebuilds the log: it comes whole.
      if (what === "undo") this.log = [];
      const v = await api.request(this.token, what, this.view.version, this.log.length);
      this.busy = false;
      this.take(v, false);
      this.catchUp();
    } catch (e) {
      this.busy = false;
      this.fail(e);
    }
  }

  private async askHint() {
    if (!this.view?.to_move || this.busy) return;
    this.busy = true;
    this.message = "Thinking about a hint…";
    this.render();
    try {
      this.hint = await api.hint(this.token);
      this.message = "";
    } catch (e) {
      this.message = e instanceof ApiError ? e.message : String(e);
    }
    this.busy = false;
    this.render();
    this.catchUp();
  }

  private async saveRecord() {
    try {
      const r = await api.record(this.token);
      const blob = new Blob([JSON.stringify(r.record, null, 1)], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: `bgbot-${this.view?.id ?? "game"}.json` });
      a.click();
    } catch (e) {
      this.fail(e);
    }
  }

  // A click on a hex: a choice that ends there, a unit to select, or a menu when several fit.
  private clickHex(hex: string) {
    const v = this.view;
    this.inspected = hex;
    if (!v || !v.to_move || this.busy || this.animating) return this.render();
    this.menu = null;
    if (this.selected) {
      const fits = v.choices.filter((c) => fromHex(c) === this.selected && destHex(c) === hex);
      if (fits.length === 1) return void this.decide(fits[0]);
      if (fits.length > 1) return this.openMenu(fits, hex);
    }
    // The marked hex of a momentum advance takes the advance.
    if (v.status?.decision === "momentum-advance" && hex === v.position.state?.combat?.target_hex) {
      const adv = v.choices.find((c) => c.action?.type === "advance");
      if (adv) return void this.decide(adv);
    }
    const direct = v.choices.filter((c) => fromHex(c) === null && destHex(c) === hex);
    const starts = v.choices.some((c) => fromHex(c) === hex);
    if (hex === this.selected) {
      // A second click on the selected unit keeps it (Esc or an empty hex clears a selection).
    } else if (starts && !direct.length) this.selected = hex;
    else if (direct.length === 1 && !starts) return void this.decide(direct[0]);
    else if (direct.length) return this.openMenu(direct, hex);
    else this.selected = null;
    this.render();
  }

  private openMenu(list: Choice[], hex?: string) {
    this.menu = list;
    this.menuHex = hex ?? null;
    this.render();
  }

  private key(e: KeyboardEvent) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "Escape") {
      this.selected = null;
      this.selStand = null;
      this.menu = null;
      this.render();
    } else if (e.key === " " && this.animating) {
      this.skip = true;
      e.preventDefault();
    } else if (this.view?.game === "wrg6" && /^[1-9]$/.test(e.key) && this.view.to_move && !this.busy && !this.animating) {
      // WRG: the digits take the choices in their order (the buttons show the digits).
      const c = this.view.choices[Number(e.key) - 1];
      if (c) void this.decide(c);
    } else if (e.key === "d" && this.view?.to_move) {
      const done = this.view.choices.find((c) => /^end-/.test(c.action?.type ?? c.action?.kind ?? ""));
      if (done) void this.decide(done);
    } else if (e.key === "u" && this.view?.undoable) void this.request("undo");
  }

  // ---- Drawing --------------------------------------------------------------------------------

  private render() {
    const v = this.view;
    if (!v) return;
    clear(this.root);
    // The version drawn, and whether a request is on its way: for tests and for styles.
    this.root.setAttribute("data-version", String(v.version));
    this.root.classList.toggle("busy", this.busy || this.animating);
    const pos = v.position;
    const state = this.shownState ?? pos.state;
    const scenario = pos.scenario;
    const me = v.seat, them = me === "top" ? "bottom" : "top";
    const live = v.to_move && !this.animating && !this.busy;
    if (v.game === "quinn") return this.renderQuinn(v, state, live);
    if (v.game === "wrg6") return this.renderWrg6(v, state, live);
    this.wrg = null;
    this.table = null;

    const marks = new Map<string, Mark[]>();
    const mark = (hex: string | null | undefined, m: Mark) => {
      if (!hex) return;
      marks.set(hex, [...(marks.get(hex) ?? []), m]);
    };
    if (live) choiceMarks(v.choices, this.selected, marks);
    if (!this.shownState) for (const p of v.picks) mark(p.action?.hex, { cls: "picked" });
    const subject = subjectHex(state);
    if (subject && v.to_move && !this.animating) mark(subject, { cls: "subject" });
    // A momentum advance goes into the hex the battle emptied.
    if (live && v.status?.decision === "momentum-advance" && typeof state.combat?.target_hex === "string")
      mark(state.combat.target_hex, { cls: "reach" });
    for (const hx of this.changed) mark(hx, { cls: "changed" });
    if (this.hint && live)
      for (const b of this.hint.best.slice(0, 1)) {
        const c = v.choices[b.id];
        if (c) {
          mark(fromHex(c), { cls: "hint" });
          mark(destHex(c), { cls: "hint" });
        }
      }
    // Threats: your units the enemy could battle on its turn, and theirs you could battle.
    if (this.threats && !this.shownState)
      for (const r of v.details?.reach ?? []) mark(r.target, { cls: r.side === me ? "in-reach" : "threat" });
    const board = drawBoard(scenario, state, {
      flipped: me === "top",
      glossary: this.info.glossary,
      marks,
      onHex: (hx) => this.clickHex(hx),
    });

    const army = (side: string) => scenario.army?.[side] ?? side;
    const banners = (side: string) => h("span", { class: `banners side-${side}`, "data-side": side },
      `${army(side)} `, h("b", {}, String(state.banners?.[side] ?? 0)), ` / ${scenario.banners_to_win?.[side] ?? "?"} banners`);

    const moduleOn = !!scenario.hellenistic?.on;
    const head = h("header", { class: "game-head" },
      h("a", { href: "/", class: "home", title: "Lobby" }, "⌂"),
      h("div", { class: "title" }, h("b", {}, `${v.scenario_name}`),
        moduleOn ? h("span", { class: "module-tag", title: "the Hellenistic rules (H0-H11) are in force in this game" }, " Hellenistic module ") : null,
        ` · you command the ${army(me)} (${me})`,
        " against ", v.opponent.kind === "bot" ? `the bot (${v.opponent.spec})` : (v.opponent.name && v.opponent.name !== "human" ? v.opponent.name : "another person")),
      h("div", { class: "score" }, banners(me), " · ", banners(them)));

    const boardBox = h("div", { class: "board-box" }, board, this.diceTray(), this.menuBox());

    const side = h("aside", { class: "panel" },
      this.statusBox(v, me),
      this.winBar(v),
      this.choiceBox(v, live),
      this.hexInfo(scenario, state),
      this.handBox(v, state, me, them, live),
      this.moduleBox(scenario, state),
      this.logBox(me));

    this.root.appendChild(head);
    this.root.appendChild(h("div", { class: "game-body" }, boardBox, side));
  }

  // ---- Quinn: the measured table ------------------------------------------------------------

  private renderQuinn(v: View, state: Json, live: boolean) {
    const pos = v.position;
    const table = pos.table ?? {};
    const me = v.seat, them = me === "A" ? "B" : "A";
    const st = v.status ?? {};
    const sideName = (x: string) => table.sides?.[x] ?? x;
    const choices = live && !this.shownState ? v.choices : [];
    const sideOf = new Map<number, string>();
    for (const t of table.stands ?? []) sideOf.set(t.id, t.side);
    const moving = state.side === 0 ? "A" : state.side === 1 ? "B" : null;

    // The activated command's stands; those a person may drag; the marks of the choices.
    const active = new Set<number>();
    if (typeof state.active_cmd === "number" && state.active_cmd >= 0)
      for (const x of state.stands ?? [])
        if (x.alive && sideOf.get(x.id) === moving && state.command_of?.[x.id] === state.active_cmd) active.add(x.id);
    const draggable = new Set<number>();
    const marks = new Map<number, string>();
    const labels = new Map<number, string>();
    for (const c of choices) {
      const id = standOf(c), k = c.action?.kind;
      if (id !== null && (k === "move" || k === "hold" || k === "charge")) draggable.add(id);
      if (k === "activate")
        for (const x of state.stands ?? [])
          if (x.alive && sideOf.get(x.id) === me && state.command_of?.[x.id] === c.action.command) marks.set(x.id, "can");
      if (id !== null && this.selStand === null) marks.set(id, "can");
    }
    const reach: { pose: Pose; onClick?: () => void; title: string }[] = [];
    if (this.selStand !== null)
      for (const c of choices) {
        if (standOf(c) !== this.selStand) continue;
        const t = c.action?.target;
        if (typeof t === "number" && t !== this.selStand) {
          marks.set(t, "target");
          const odds = chargeOdds(c);
          if (odds && !labels.has(t)) labels.set(t, odds);
        }
        const to = c.action?.to;
        if (c.action?.kind === "move" && to) reach.push({ pose: { x: to.x, y: to.y, heading: to.heading }, onClick: () => void this.decide(c), title: c.text });
      }
    if (this.hint && live)
      for (const b of this.hint.best.slice(0, 1)) {
        const c = v.choices[b.id];
        if (c && standOf(c) !== null) marks.set(standOf(c)!, "hint");
      }
    const changed = new Set<number>();
    for (const k of this.changed) if (k.startsWith("stand:")) changed.add(Number(k.slice(6)));
    const whole = localStorage.getItem("bgbot.table.whole") === "1";
    this.table = new TableView(table, state, {
      mySide: me, selected: this.selStand, active, draggable, changed, marks, labels, reach, whole,
      onStand: (id) => this.clickStand(id),
      onEmpty: () => { this.selStand = null; this.menu = null; this.render(); },
      onDrop: (id, p) => void this.decideAction({ kind: "move-to", stand: id, x: p.x, y: p.y, heading: p.heading }),
    });

    const losses = (x: string) => h("span", { class: `losses side-${x}`, "data-side": x,
      title: `stands lost, of the ${st.break_points?.[x] ?? "?"} that break the army` },
      `${sideName(x)} lost `, h("b", {}, String(st.losses?.[x] ?? 0)), ` / ${st.break_points?.[x] ?? "?"}`);
    const head = h("header", { class: "game-head" },
      h("a", { href: "/", class: "home", title: "Lobby" }, "⌂"),
      h("div", { class: "title" }, h("b", {}, `${v.scenario_name}`),
        ` · you command the ${sideName(me)} (${me})`,
        " against ", v.opponent.kind === "bot" ? `the bot (${v.opponent.spec})` : (v.opponent.name && v.opponent.name !== "human" ? v.opponent.name : "another person")),
      h("div", { class: "score" }, `Round ${st.round ?? state.round ?? "?"} of ${st.round_limit ?? "?"} · `, losses(me), " · ", losses(them)));

    const toolbar = h("div", { class: "table-tools" },
      h("span", { class: "phase" }, `${possessive(sideName(st.side ?? ""))} ${st.phase ?? ""} phase` + (st.player1 ? ` · Player 1: ${sideName(st.player1)}` : "")),
      h("button", { class: "link", id: "table-zoom", onclick: () => {
        localStorage.setItem("bgbot.table.whole", whole ? "0" : "1");
        this.render();
      } }, whole ? "close up" : `the whole table (${table.width}" x ${table.depth}")`));
    const boardBox = h("div", { class: "board-box" }, toolbar, this.table.svg, this.diceTray(true), this.menuBox());

    const side = h("aside", { class: "panel" },
      this.statusBox(v, me),
      this.winBar(v),
      this.choiceBox(v, live),
      this.standInfo(table, state),
      h("div", { class: "table-help small" },
        "The grid is 6\". Drag a lit stand of the activated command to move it: the wheel or [ and ] turn it by 15° while you drag, Esc lets go. ",
        "Click a stand for its charge reach (a circle of its rate, a hint: turns and rough cost more), a shooter's field of fire and range, ",
        "and its moves (outlines: click one) and targets (red, with the charge's modifier and chance to win). Hover a choice to see where it ends."),
      this.logBox(me));

    this.root.appendChild(head);
    this.root.appendChild(h("div", { class: "game-body quinn" }, boardBox, side));
  }

  // ---- WRG 6th edition: simultaneous steps entered unit by unit ------------------------------

  private renderWrg6(v: View, state: Json, live: boolean) {
    this.table = null;
    const pos = v.position;
    const table = pos.table ?? {};
    const me = v.seat, them = me === "A" ? "B" : "A";
    const st = v.status ?? {};
    const sideName = (x: string) => table.sides?.[x] ?? x;
    const choices = live && !this.shownState ? v.choices : [];
    const units = wrgUnits(table, state);
    const over = state.step === "over" || !!v.result;
    const cursor = over ? null : typeof state.cursor === "number" ? state.cursor : null;
    const cur = units.find((u) => u.id === cursor) ?? null;
    const cursorMine = cursor !== null && sideOfUnit(cursor) === me && v.to_move;

    // What the last step resolved changed: measured against the state drawn before it.
    const last = this.wrgLast;
    if (last && last.resolved !== state.resolved) {
      const before = new Map<number, Json>();
      for (const u of last.units ?? []) before.set(u.id, u);
      const changed = new Set<number>(), losses = new Map<number, string>();
      for (const u of state.units ?? []) {
        const o = before.get(u.id);
        if (!o) continue;
        const alive = (u.flags ?? []).includes("alive"), wasAlive = (o.flags ?? []).includes("alive");
        if (o.x !== u.x || o.y !== u.y || o.facing !== u.facing || o.men !== u.men || alive !== wasAlive) changed.add(u.id);
        const lost = (wasAlive ? o.men : 0) - (alive ? u.men : 0);
        const figs = (o.figures ?? 0) - (u.figures ?? 0);
        if (wasAlive && !alive) losses.set(u.id, "lost");
        else if (lost > 0) losses.set(u.id, `−${lost} men` + (figs > 0 ? ` (${figs} fig.)` : ""));
      }
      this.wrgRecent = { changed, losses };
    }

    // The choices on the table: the units they charge or shoot at, the poses the moves aim at.
    const targets = new Map<number, { title: string; onClick?: () => void }>();
    const aims: { pose: WrgPose; title: string; key: string; onClick?: () => void }[] = [];
    const aimOf = new Map<number, WrgPose>();
    choices.forEach((c, i) => {
      const t = c.action?.target;
      if (typeof t === "number") targets.set(t, { title: `click: ${c.text}`, onClick: () => void this.decide(c) });
      const p = cur ? aimedPose(cur, c.action, table, this.info.glossary) : null;
      if (!p || !cur) return;
      aimOf.set(c.id, p);
      // The moves that go somewhere are drawn as their front edges (turns and retiring stay on
      // the unit's own ground: their ghosts show when their buttons are hovered).
      if (c.action.kind !== "advance" && !/^wheel/.test(c.action.kind)) return;
      const dist = Math.round(Math.hypot(p.x - cur.x, p.y - cur.y));
      aims.push({ pose: p, key: String(i + 1), onClick: () => void this.decide(c),
        title: `${i + 1}: ${c.text}: its front edge ${dist} p on, facing ${p.facing}° (an aim: the rules stop it short of enemies, of friends it may not pass and of the edge)` });
    });
    if (this.hint && live)
      for (const b of this.hint.best.slice(0, 1)) {
        const t = v.choices[b.id]?.action?.target;
        if (typeof t === "number" && targets.has(t)) targets.get(t)!.title += " (the hint)";
      }
    const arc = cursorMine && state.step === "declare" && cur ? Number(this.info.glossary?.troops?.[cur.troop]?.charge ?? 0) : 0;
    const flipped = (me === "B") !== (localStorage.getItem("bgbot.wrg6.turned") === "1");
    const pace = this.pace();
    this.wrg = new Wrg6Table(table, state, {
      mySide: me, flipped, cursor, cursorMine, selected: this.wrgSel, targets, aims, arc,
      changed: this.wrgRecent.changed, losses: this.wrgRecent.losses, from: this.wrgDrawn,
      slideMs: pace > 0 ? Math.min(700, pace * 0.7) : 0, showCommits: false,
      onUnit: (id) => { this.wrgSel = this.wrgSel === id ? null : id; this.render(); },
      onEmpty: () => { this.wrgSel = null; this.render(); },
    });
    this.wrgDrawn = new Map(units.map((u) => [u.id, { x: u.x, y: u.y, facing: u.facing }]));
    this.wrgLast = state;

    const lost = (x: string) => h("span", { class: `losses side-${x}`, "data-side": x, title: "men lost (20 to a figure)" },
      `${sideName(x)} lost `, h("b", {}, String(st.men_lost?.[x] ?? 0)), " men");
    const head = h("header", { class: "game-head" },
      h("a", { href: "/", class: "home", title: "Lobby" }, "⌂"),
      h("div", { class: "title" }, h("b", {}, `${v.scenario_name}`),
        ` · you command the ${sideName(me)} (${me})`,
        " against ", v.opponent.kind === "bot" ? `the bot (${v.opponent.spec})` : (v.opponent.name && v.opponent.name !== "human" ? v.opponent.name : "another person")),
      h("div", { class: "score" }, `Period ${state.period ?? "?"} of ${state.period_limit ?? "?"} · `, lost(me), " · ", lost(them)));

    const asked = cur && !over
      ? ` · asked: ${cur.full}` + (sideOfUnit(cur.id) === me ? " (yours)" : ` (${sideName(sideOfUnit(cur.id))})`) : "";
    const toolbar = h("div", { class: "table-tools" },
      h("span", { class: "phase", "data-step": state.step ?? "" },
        `Period ${state.period} of ${state.period_limit} · ${STEP_TITLES[state.step] ?? state.step}${asked}`),
      h("button", { class: "link", id: "table-turn", title: "turn the table half round", onclick: () => {
        localStorage.setItem("bgbot.wrg6.turned", localStorage.getItem("bgbot.wrg6.turned") === "1" ? "0" : "1");
        this.render();
      } }, `${sideName(flipped ? "B" : "A")} at the bottom · turn the table`));
    const boardBox = h("div", { class: "board-box" }, toolbar, this.wrg.svg, this.diceTray(true));

    const side = h("aside", { class: "panel" },
      this.statusBox(v, me),
      this.winBar(v),
      this.wrgChoices(v, live, cur, aimOf),
      this.wrgCommitments(v, state, units, me),
      this.wrgRevealed(me),
      this.wrgUnitInfo(units, cur),
      h("div", { class: "table-help small" },
        "Each step of a period is simultaneous: every unit of both sides commits in turn, the other side sees only that it has ",
        "(?), and when all have, the commitments are revealed together and the step is resolved. Hover a choice to see where it aims; ",
        "click a red unit to charge or shoot at it, or a dashed front edge (its key beside it) to make that move; the keys 1–9 take the choices. The grid is 100 p; ",
        "a unit's front edge is its light edge, each small square a figure. Click a unit for its details."),
      this.logBox(me));

    this.root.appendChild(head);
    this.root.appendChild(h("div", { class: "game-body wrg6" }, boardBox, side));
  }

  // The choices of the unit asked: a button each (with its key), a move's aim shown while hovered.
  private wrgChoices(v: View, live: boolean, cur: ReturnType<typeof wrgUnits>[number] | null, aimOf: Map<number, WrgPose>): HTMLElement | null {
    if (!v.to_move || v.result || this.animating) return null;
    const box = h("div", { class: "choices wrg-choices" });
    if (cur) box.appendChild(h("div", { class: "asked-unit" }, h("b", {}, cur.full), ` — ${STEP_TITLES[v.position.state?.step] ?? ""}`));
    const row = h("div", { class: "buttons column" });
    v.choices.forEach((c, i) => {
      const b = this.choiceButton(c, true);
      if (i < 9) b.insertBefore(h("span", { class: "key" }, String(i + 1)), b.firstChild);
      const pose = aimOf.get(c.id) ?? null, target = typeof c.action?.target === "number" ? c.action.target : null;
      if (cur && (pose || target !== null)) {
        const show = (on: boolean) => this.wrg?.showGhost(on ? cur.id : null, on ? pose : null, on ? target : null);
        b.addEventListener("mouseenter", () => show(true));
        b.addEventListener("mouseleave", () => show(false));
        b.addEventListener("focus", () => show(true));
        b.addEventListener("blur", () => show(false));
      }
      row.appendChild(b);
    });
    box.appendChild(row);
    box.appendChild(h("p", { class: "small secret-note" },
      "Your choice stays hidden from the other side until both sides have committed every unit; then all are revealed together."));
    box.appendChild(h("div", { class: "tools" },
      h("button", { onclick: () => void this.askHint(), disabled: !live, title: "what the bot would do in your place" }, "Hint"),
      h("button", { onclick: () => void this.request("undo"), disabled: !live || !v.undoable,
        title: "take back your last commitment (not past a step resolved)" }, `Undo${v.undoable ? ` (${v.undoable})` : ""}`),
      h("button", { onclick: () => void this.request("resign"), disabled: this.busy }, "Resign"),
      this.paceSelect()));
    if (this.hint)
      box.appendChild(h("div", { class: "hint" }, h("b", {}, "Hint: "),
        this.hint.best.length ? this.hint.best.slice(0, 3).map((b) => `${b.text} (${percent(b.win_chance)})`).join(" · ") : "no suggestion"));
    return box;
  }

  // This step's commitments so far: the seat's own in words, the other side's only as made.
  private wrgCommitments(v: View, state: Json, units: ReturnType<typeof wrgUnits>, me: string): HTMLElement | null {
    if (v.result || state.step === "over") return null;
    const names = new Map(units.map((u) => [u.id, u.full]));
    const table = v.position.table ?? {};
    const mine = units.filter((u) => u.side === me && u.alive && u.commit !== null);
    const theirs = units.filter((u) => u.side !== me && u.alive && u.commit !== null);
    const them = me === "A" ? "B" : "A";
    const box = h("div", { class: "commitments", "data-step": state.step },
      h("h3", {}, `This step's commitments (${STEP_TITLES[state.step] ?? state.step})`));
    const list = h("ul", {});
    for (const u of mine)
      list.appendChild(h("li", { class: "mine", "data-unit": u.id }, h("b", {}, `${u.label} `),
        typeof u.commit === "number" ? commitText(u.commit, names) : "committed"));
    if (typeof state.cursor === "number" && sideOfUnit(state.cursor) === me && v.to_move)
      list.appendChild(h("li", { class: "mine asked" }, h("b", {}, `${unitLabel(state.cursor)} `), "to choose now"));
    for (const u of theirs)
      list.appendChild(h("li", { class: "theirs", "data-unit": u.id }, h("b", {}, `${u.label} `),
        u.commit === "hidden" ? "committed — hidden until the step is revealed" : "committed"));
    if (!theirs.length)
      list.appendChild(h("li", { class: "theirs quiet" }, me === "A"
        ? `The ${table.sides?.[them] ?? them} commit after you, without seeing your choices.`
        : `The ${table.sides?.[them] ?? them} have no commitment pending in this step.`));
    box.appendChild(list);
    return box;
  }

  // The last commitments revealed together, and what the step brought after them.
  private wrgRevealed(me: string): HTMLElement | null {
    const shown = this.log.filter((e) => e.v <= this.shownV);
    let end = shown.length - 1;
    while (end >= 0 && shown[end].type !== "reveal") end--;
    if (end < 0) return null;
    let start = end;
    while (start > 0 && shown[start - 1].type === "reveal") start--;
    const after: LogEntry[] = [];
    for (let i = end + 1; i < shown.length && after.length < 14; i++) {
      if (shown[i].type === "commit" || shown[i].type === "reveal") break;
      after.push(shown[i]);
    }
    return h("div", { class: "revealed" },
      h("h3", {}, "Revealed together"),
      h("ul", {}, ...shown.slice(start, end + 1).map((e) => {
        const u = (e as Json).unit;
        const who = typeof u === "number" ? (sideOfUnit(u) === me ? "mine" : "theirs") : "";
        return h("li", { class: who, "data-n": e.n }, plainText(e.text));
      })),
      after.length ? h("div", { class: "small" }, "Then:") : null,
      after.length ? h("ol", { class: "log" }, ...after.map((e) => logLine(e, me))) : null);
  }

  // The selected unit (or the one asked) in words: troop, class, weapons, figures, order, flags.
  private wrgUnitInfo(units: ReturnType<typeof wrgUnits>, cur: ReturnType<typeof wrgUnits>[number] | null): HTMLElement | null {
    const u = units.find((x) => x.id === this.wrgSel) ?? cur;
    if (!u) return null;
    const table = this.view?.position?.table ?? {};
    const flags = shownFlags(u), other = otherFlags(u).filter((f) => !/^disordered/.test(f) || !u.disordered);
    return h("div", { class: "hex-info stand-info unit-info", "data-unit": u.id },
      h("div", {}, h("b", {}, `${u.full} `), `— ${table.sides?.[u.side] ?? u.side} (${u.side})` + (u.general ? ", with the general ★" : "")),
      h("div", { class: "small" }, `${troopName(u.troop)}, ${gradeName(u.grade)}; hand to hand: ${u.melee}` +
        (u.missile !== "none" ? `; shoots: ${u.missile}` : "") + (u.shieldless ? "; no shields" : "")),
      h("div", { class: "small" }, u.alive
        ? `${u.figures} of ${u.startFigures} figures (${u.men} men) in ${u.files} files × ${u.ranks} ranks, ${u.files * u.ff} × ${u.ranks * u.fd} p`
        : "lost"),
      h("div", { class: "small" }, `order ${u.order} (${ORDER_NAMES[u.order] ?? ""})` +
        (u.nextOrder !== u.order ? `; next period ${u.nextOrder} (${ORDER_NAMES[u.nextOrder] ?? ""})` : "")),
      flags.length ? h("div", { class: "small" }, ...flags.map((f) => h("div", {}, h("span", { class: `flag-tag ${f.cls}` }, f.tag), ` ${f.about}`))) : null,
      other.length ? h("div", { class: "small" }, `also: ${other.join(", ")}`) : null,
      h("div", { class: "small" }, `front edge at (${u.x}, ${u.y}) facing ${u.facing}°`));
  }

  // The selected Quinn stand in words: profile, classes, rate, range, pose, locks.
  private standInfo(table: Json, state: Json): HTMLElement | null {
    if (this.selStand === null) return null;
    const x = standsOf(table, state).find((a) => a.id === this.selStand);
    if (!x) return null;
    const names = new Map<number, string>();
    for (const t of table.stands ?? []) names.set(t.id, t.name);
    return h("div", { class: "hex-info stand-info", "data-stand": x.id },
      h("div", {}, h("b", {}, `${x.name} `), `(${table.sides?.[x.side] ?? x.side}, stand ${x.id})`),
      h("div", { class: "small" }, `${x.profile}: ${className(x.cls)}, fights as ${className(x.melee)}; rate ${x.rate}"` +
        (x.range ? `, shoots ${x.range}"` : "") + (x.free ? "; moves in any direction and turns for free" : "")),
      h("div", { class: "small" }, `at (${x.x.toFixed(2)}, ${x.y.toFixed(2)}) facing ${x.heading}°` +
        (x.locks.length ? `; locked with ${x.locks.map((l) => names.get(l) ?? l).join(", ")}` : "") +
        (x.flags & FLAG_ACTED ? "; has acted this phase" : "") + (x.alive ? "" : "; lost")));
  }

  private diceTray(several = false): HTMLElement | null {
    // The last roll of the log shown (during playback, the last roll played so far).
    // The last roll of this turn or the one before (the other side's, seen on coming back).
    const shown = this.log.filter((e) => e.v <= this.shownV);
    if (several) {
      // Quinn: the last three rolls of the recent events, each with its total and its words.
      const rolls = shown.slice(-20).filter((e) => e.dice && e.dice.length).slice(-3);
      if (!rolls.length) return null;
      return h("div", { class: "dice-tray several" }, ...rolls.map((e) => h("div", { class: "roll", "data-n": e.n, "data-type": e.type },
        dice(e.dice!), typeof e.total === "number" ? h("b", { class: "total" }, `= ${e.total}`) : null,
        h("span", { class: "roll-text" }, plainText(e.text)))));
    }
    let turnEnds = 0;
    for (let i = shown.length - 1; i >= 0; i--) {
      const e = shown[i];
      if (e.dice && e.dice.length)
        return h("div", { class: "dice-tray", "data-n": e.n }, dice(e.dice), h("span", { class: "roll-text" }, plainText(e.text)));
      if (e.type === "turn-end" && ++turnEnds === 2) break;
    }
    return null;
  }

  private menuBox(): HTMLElement | null {
    if (!this.menu) return null;
    // Beside the hex clicked (as a share of the board, so that it follows the board's size).
    let style = "";
    const hx = parseHex(this.menuHex);
    if (hx) {
      const [x, y] = centre(hx, this.view?.seat === "top");
      const left = Math.min(70, Math.max(0, (x / BOARD_W) * 100 + 3));
      const top = Math.min(75, Math.max(0, (y / BOARD_H) * 100 - 4));
      style = `left:${left.toFixed(1)}%;top:${top.toFixed(1)}%;right:auto`;
    }
    return h("div", { class: "menu", style },
      h("div", { class: "menu-title" }, "Which one?"),
      ...this.menu.map((c) => this.choiceButton(c, true)),
      h("button", { class: "link", onclick: () => { this.menu = null; this.render(); } }, "Cancel"));
  }

  private statusBox(v: View, me: string): HTMLElement {
    const st = v.status ?? {};
    let text: string;
    let cls = "status";
    if (v.result || st.game_over) {
      const w = st.winner;
      text = st.resigned ? (st.resigned === me ? "You resigned: the other side wins." : "Your opponent resigned: you win!")
        : v.result?.draw || st.draw ? "The battle ends in a draw."
        : w === me ? "Victory! You won the battle." : "Defeat: the other side won the battle.";
      cls += w === me ? " won" : " over";
    } else if (this.animating) {
      text = v.game === "wrg6" ? "The other side's commitments and what the step brought, played back…" : "The other side's turn, played back…";
    } else if (v.to_move) {
      text = (v.game === "wrg6" ? wrgPrompt(v) : v.game === "quinn" ? QUINN_PROMPTS[st.decision] : PROMPTS[st.decision]) ?? "Your decision.";
      const subject = subjectHex(v.position.state);
      if (subject && st.decision !== "move" && st.decision !== "battle" && st.decision !== "order") text = text.replace(/[.?]$/, "") + ` (the piece at ${subject})` + (text.endsWith("?") ? "?" : ".");
      cls += " yours";
    } else if (v.thinking) {
      text = "The bot is thinking…";
    } else if (v.opponent.kind === "person") {
      text = v.opponent.joined ? "Waiting for your opponent's decision." : "Waiting for your opponent to open their link.";
    } else {
      text = "Waiting…";
    }
    const box = h("div", { class: cls, "data-decision": st.decision ?? "" }, h("p", { class: "prompt" }, text));
    if (v.thinking && !this.animating)
      box.appendChild(h("div", { class: "progress", title: `thinking up to ${Math.round(v.thinking.ms / 100) / 10} s` },
        h("div", { class: "progress-bar", id: "think-bar" })));
    if (this.animating)
      box.appendChild(h("button", { class: "skip", onclick: () => { this.skip = true; } }, "Skip ▸▸ (space)"));
    if (this.message) box.appendChild(h("p", { class: "message", role: "alert" }, this.message));
    if (v.opponent.kind === "person" && !v.opponent.joined) {
      const join = localStorage.getItem(`bgbot.join.${this.token}`);
      if (join) {
        const url = `${location.origin}/play/${join}`;
        const input = h("input", { class: "join-link", readonly: true, value: url, onclick: (e: Event) => (e.target as HTMLInputElement).select() }) as HTMLInputElement;
        const copy = h("button", { class: "copy", onclick: () => {
          input.select();
          const done = () => (copy.textContent = "Copied");
          if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, () => document.execCommand("copy") && done());
          else if (document.execCommand("copy")) done();
        } }, "Copy");
        box.appendChild(h("p", { class: "join" }, "Send this private link to your opponent (it is their seat: anyone with it plays it): ", input, copy));
      }
    }
    if (v.result) {
      box.appendChild(h("p", { class: "seed" }, `The game's seed was ${v.result.seed}.`));
      box.appendChild(h("div", { class: "buttons" },
        h("button", { onclick: () => void this.saveRecord() }, "Save the record"),
        h("a", { class: "button", href: "/" }, "New battle")));
    }
    return box;
  }

  private renderThinking() {
    const bar = document.getElementById("think-bar");
    const t = this.view?.thinking;
    if (!bar || !t) return;
    const f = Math.min(1, (Date.now() - this.thinkingSince) / Math.max(1, t.ms));
    bar.style.width = `${Math.round(f * 100)}%`;
  }

  private winBar(v: View): HTMLElement | null {
    const w = this.hint?.win_chance ?? v.win_chance;
    if (w === null || w === undefined || v.result) return null;
    return h("div", { class: "win", title: "your chance to win, by the bot's last estimate" },
      h("span", {}, `Your chance: ${percent(w)}`),
      h("div", { class: "win-bar" }, h("div", { class: "win-mine", style: `width:${(w * 100).toFixed(1)}%` })));
  }

  private choiceButton(c: Choice, plain = false): HTMLElement {
    const odds = c.details?.odds ? chargeOdds(c) : oddsLabel(c);
    const hinted = this.hint?.best.findIndex((b) => b.id === c.id) ?? -1;
    // Quinn: a move's or a charge's end pose is drawn as a ghost while the choice is hovered.
    const to = c.action?.to;
    const ghost = to && standOf(c) !== null
      ? (on: boolean) => this.table?.showGhost(on ? standOf(c) : null, on ? { x: to.x, y: to.y, heading: to.heading } : null)
      : null;
    return h("button", {
      class: "choice" + (hinted === 0 ? " hinted" : ""),
      "data-choice": c.id,
      "data-type": c.action?.type ?? c.action?.kind ?? "",
      onclick: () => void this.decide(c),
      onmouseenter: ghost ? () => ghost(true) : null,
      onmouseleave: ghost ? () => ghost(false) : null,
      onfocus: ghost ? () => ghost(true) : null,
      onblur: ghost ? () => ghost(false) : null,
      title: c.details?.odds ? oddsTitle(c) : null,
      disabled: this.busy || this.animating,
    }, c.text, odds && !plain ? h("span", { class: "odds-inline" }, ` ${odds}`) : null,
      hinted >= 0 ? h("span", { class: "hint-tag" }, ` hint ${percent(this.hint!.best[hinted].win_chance)}`) : null);
  }

  private choiceBox(v: View, live: boolean): HTMLElement | null {
    if (!v.to_move || v.result || this.animating) return null;
    const box = h("div", { class: "choices" });
    if (v.picks.length) {
      box.appendChild(h("div", { class: "picks" }, h("b", {}, `Ordered (${v.picks.length}): `),
        v.picks.map((p) => p.text).join("; "), " ",
        h("button", { class: "link", onclick: () => void this.request("unpick"), disabled: !live }, "take back the last")));
    }
    // Buttons: the choices with no hex, and those of the selected unit.
    // Quinn: the choices of no stand (end the phase, activate a command) and the selected stand's.
    // Its moves come apart, in a short list (they are also the outlines on the table).
    const quinn = v.game === "quinn";
    const buttons = quinn
      ? v.choices.filter((c) => standOf(c) === null || (standOf(c) === this.selStand && c.action?.kind !== "move"))
      : v.choices.filter((c) => !onBoard(c) || (this.selected !== null && fromHex(c) === this.selected));
    const moves = quinn ? v.choices.filter((c) => standOf(c) === this.selStand && c.action?.kind === "move") : [];
    const cards = v.choices.filter((c) => c.action?.type === "play-card");  // in the hand (discards are buttons too)
    const row = h("div", { class: "buttons" });
    for (const c of buttons) if (!cards.includes(c)) row.appendChild(this.choiceButton(c));
    box.appendChild(row);
    if (moves.length)
      box.appendChild(h("div", { class: "move-list" }, h("div", { class: "small" }, `Its moves (${moves.length}; hover one to see it on the table):`),
        ...moves.map((c) => this.choiceButton(c))));
    // Every choice, for those who prefer a list (and keyboards).
    const all = h("details", { class: "all-choices" }, h("summary", {}, `All choices (${v.choices.length})`),
      h("div", { class: "list" }, ...v.choices.map((c) => this.choiceButton(c))));
    box.appendChild(all);
    const tools = h("div", { class: "tools" },
      h("button", { onclick: () => void this.askHint(), disabled: !live, title: "what the bot would do in your place" }, "Hint"),
      // Only where the game gives the units' reach (C&C).
      v.details?.reach && h("button", { id: "threats", class: this.threats ? "on" : "",
        title: "which of your units the enemy could battle on its turn (red), and which of theirs yours could battle (blue)",
        onclick: () => { this.threats = !this.threats; this.render(); } }, "Threats"),
      h("button", { onclick: () => void this.request("undo"), disabled: !live || !v.undoable,
        title: "take back your last decision (not past a roll, a draw or the other side's move)" }, `Undo${v.undoable ? ` (${v.undoable})` : ""}`),
      h("button", { onclick: () => void this.request("resign"), disabled: this.busy }, "Resign"),
      this.paceSelect());
    box.appendChild(tools);
    if (this.hint) {
      box.appendChild(h("div", { class: "hint" }, h("b", {}, "Hint: "),
        this.hint.best.length ? this.hint.best.slice(0, 3).map((b) => `${b.text} (${percent(b.win_chance)})`).join(" · ") : "no suggestion"));
    }
    if (this.threats && v.details?.reach) box.appendChild(this.threatList(v));
    return box;
  }

  // The threats in words, one line per threatened piece: "HI 7,5 ← MI 1,4 close 5, LB 2,4 fire 1".
  private threatList(v: View): HTMLElement {
    const me = v.seat;
    const units: Json[] = v.position?.state?.units ?? [];
    const name = (hex: string) => {
      const u = units.find((x) => x.hex === hex && x.status === "alive");
      return u ? `${u.type} ${hex}` : `leader ${hex}`;
    };
    const lines = (mine: boolean) => {
      const by = new Map<string, string[]>();
      for (const r of v.details?.reach ?? [])
        if ((r.side === me) !== mine)
          by.set(r.target, [...(by.get(r.target) ?? []), `${name(r.unit)}${r.this_turn ? "*" : ""} ${r.close ? "close" : "fire"} ${r.dice}`]);
      return [...by.entries()].map(([t, a]) => h("div", {}, `${name(t)} ← ${a.join(", ")}`));
    };
    return h("div", { class: "threats" },
      h("div", { class: "small" }, h("b", {}, "Yours the enemy could battle on its turn"), " (attacker, kind, most dice):"),
      ...lines(true),
      h("div", { class: "small" }, h("b", {}, "Theirs you could battle when ordered:")),
      ...lines(false),
      h("div", { class: "small" }, "Each unit ordered alone by a plain card, the others where they stand: a card can add moves or dice.",
        (v.details?.reach ?? []).some((r) => r.this_turn) ? " *: ordered in this move phase, reckoned for this turn under the card in force." : ""));
  }

  private paceSelect(): HTMLElement {
    const cur = localStorage.getItem("bgbot.pace") ?? "normal";
    const sel = h("select", { title: "how fast the other side's moves are played back", class: "pace",
      onchange: (e: Event) => localStorage.setItem("bgbot.pace", (e.target as HTMLSelectElement).value) },
      ...Object.keys(PACES).map((p) => h("option", { value: p, selected: p === cur }, `pace: ${p}`)));
    return sel;
  }

  // The selected hex's unit and leader in words: type, blocks, traits and what they do, the
  // leader's grade and whether he is the Army Commander.
  private hexInfo(scenario: Json, state: Json): HTMLElement | null {
    const hx = this.selected ?? this.inspected;
    if (!hx) return null;
    const u = (state.units ?? []).find((x: Json) => x.status === "alive" && x.hex === hx);
    const li = (state.leaders ?? []).findIndex((x: Json) => x.status === "alive" && x.hex === hx);
    if (!u && li < 0) return null;
    const g = this.info.glossary;
    const box = h("div", { class: "hex-info", "data-hex": hx });
    if (u) {
      const full = unitTitle(u, g).split(" · ")[0];
      box.appendChild(h("div", {}, h("b", {}, `${hx}: `), full));
      for (const t of u.traits ?? [])
        box.appendChild(h("div", { class: "small" }, h("span", { class: "module-tag" }, traitText(g, t).tag), ` ${t}: ${traitText(g, t).effect}`));
    }
    if (li >= 0) {
      const l = state.leaders[li];
      const m = leaderMarks(scenario, li);
      box.appendChild(h("div", {}, h("b", {}, `${l.name}`), ` (leader${m.grade ? `, grade ${m.grade} ${g?.grades?.[m.grade]?.name ?? ""}` : ""}${m.commander ? ", Army Commander ★" : ""})`));
      if (m.grade) box.appendChild(h("div", { class: "small" }, g?.grades?.[m.grade]?.effect ?? ""));
    }
    return box;
  }

  // The Hellenistic module in this game: on or off, each side's Army Commander (and whether he is
  // lost), the graded leaders and the troop traits on the board with what they do.
  private moduleBox(scenario: Json, state: Json): HTMLElement | null {
    const m = scenario.hellenistic;
    if (!m) return null;
    const g = this.info.glossary;
    const box = h("div", { class: "module-box" }, h("h3", {}, `Hellenistic module: ${m.on ? "on" : "off"}`));
    if (!m.on) {
      box.appendChild(h("p", { class: "small" }, "This battle can be played with the Hellenistic rules; this game is played without them."));
      return box;
    }
    if ((m.off ?? []).length) box.appendChild(h("p", { class: "small" }, `Without: ${m.off.join(", ")}.`));
    const lines: (HTMLElement | string)[] = [];
    const army = (side: string) => scenario.army?.[side] ?? side;
    if (helRule(scenario, "army-commander")) {
      for (const side of ["top", "bottom"]) {
        const i = (scenario.leaders ?? []).findIndex((l: Json) => l.side === side && l.commander);
        if (i < 0) continue;
        const gone = ((state.commander_gone ?? 0) >> (side === "top" ? 0 : 1)) & 1;
        lines.push(h("li", {}, `★ ${army(side)}: ${scenario.leaders[i].name}` + (gone ? " — lost: command reduced (H1.4)" : "")));
      }
    }
    if (helRule(scenario, "leader-grades")) {
      const graded = (state.leaders ?? []).map((l: Json, i: number) => ({ l, i })).filter((x: Json) => x.l.status === "alive");
      if (graded.length)
        lines.push(h("li", {}, "Grades: " + graded.map((x: Json) => `${x.l.name} ${leaderMarks(scenario, x.i).grade}`).join(", ")));
    }
    // The seat's own reserve leader (H10): the other side's is hidden in the seat's view.
    const me = this.view?.seat;
    const mine = me ? state.reserve_leader?.[me] : undefined;
    if (typeof mine === "number" && state.leaders?.[mine])
      lines.push(h("li", {}, `Your reserve leader (H10, secret): ${state.leaders[mine].name}` +
        (((state.reserve_done ?? 0) >> (me === "top" ? 0 : 1)) & 1 ? " — the Reserve Move is made" : "")));
    const seen = new Set<string>();
    for (const u of state.units ?? []) if (u.status === "alive") for (const t of u.traits ?? []) seen.add(t);
    for (const t of seen) lines.push(h("li", {}, h("span", { class: "module-tag" }, traitText(g, t).tag), ` ${t}: ${traitText(g, t).effect}`));
    box.appendChild(h("ul", {}, ...lines));
    box.appendChild(h("p", { class: "small" }, "Grades (H3): a war-god, b superior, c ordinary, d low-ranking; ★ the Army Commander (H1). Click a piece for its details."));
    return box;
  }

  private handBox(v: View, state: Json, me: string, them: string, live: boolean): HTMLElement {
    const hand: string[] = state.hand?.[me] ?? [];
    // Each card's choices: its play (a section card also in the two other sections, H2, one
    // order fewer: a menu of three) or its discard (H1.4).
    const playable = new Map<string, Choice[]>();
    if (live)
      for (const c of v.choices)
        if (c.action?.type === "play-card" || c.action?.type === "discard-card")
          playable.set(c.action.card, [...(playable.get(c.action.card) ?? []), c]);
    const discarding = v.status?.decision === "commander-discard";
    const cards = this.info.glossary?.cards ?? {};
    const box = h("div", { class: "hand" },
      h("h3", {}, discarding && live ? "Your hand — click the card to discard" : "Your hand"),
      h("div", { class: "cards" }, ...hand.map((id) => {
        const list = playable.get(id);
        const c = list?.[0];
        const g = cards[id] ?? { name: id, effect: "" };
        const hinted = list?.some((x) => this.hint?.best[0]?.id === x.id);
        const take = () => {
          if (!list) return;
          if (list.length === 1) void this.decide(list[0]);
          else this.openMenu(list);
        };
        return h("div", {
          class: "card" + (c ? " playable" : "") + (hinted ? " hinted" : "") + ` g-${g.group ?? ""}`,
          "data-card": id,
          "data-plays": list ? list.length : 0,
          tabindex: c ? 0 : null,
          title: list && list.length > 1 ? "a section card: play it in its own section, or in another with one order fewer (Hellenistic H2)" : null,
          onclick: c ? take : null,
          onkeydown: c ? (e: Event) => { if ((e as KeyboardEvent).key === "Enter") take(); } : null,
        }, h("div", { class: "card-name" }, g.name), h("div", { class: "card-effect" }, g.effect),
          list && list.length > 1 ? h("div", { class: "small" }, "any section (H2)") : null);
      })),
      h("p", { class: "counts" },
        `The other side holds ${(state.hand?.[them] ?? []).length} cards · deck ${(state.deck ?? []).length}`,
        state.played ? ` · on the table: ${cards[state.played]?.name ?? state.played}` : ""));
    return box;
  }

  private logBox(me: string): HTMLElement {
    const shown = this.log.filter((e) => e.v <= this.shownV);
    const list = h("ol", { class: "log", start: 1 }, ...shown.slice(-200).map((e) => logLine(e, me)));
    const box = h("div", { class: "log-box" }, h("h3", {}, "Log"), list);
    requestAnimationFrame(() => (list.scrollTop = list.scrollHeight));
    return box;
  }
}

// WRG: what the seat is asked, by the step (the unit asked is the state's cursor).
function wrgPrompt(v: View): string {
  const st = v.position?.state ?? {};
  const u = typeof st.cursor === "number" ? (v.position.state.units ?? []).find((x: Json) => x.id === st.cursor) : null;
  const name = u?.name ?? "your unit";
  switch (st.step) {
    case "declare": return `Declare charges: does ${name} charge? Red units are in reach: click one to charge it, or choose no charge.`;
    case "respond": return `${name} is charged: stand, evade or counter-charge?`;
    case "move": return `Move ${name}: hover a choice to see where it aims, then click it, or a dashed front edge on the table.`;
    case "orders": return `Orders for the next period: ${name} keeps its order or takes a new one.`;
    case "shoot": return `Shooting: choose ${name}'s target (red: click it) or hold fire.`;
    default: return `Your commitment for ${name}.`;
  }
}

function possessive(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}

// The stand a selection should start on: every stand choice is of one stand (a command of one
// stand, the shooter whose turn it is to fire).
function onlyStand(choices: Choice[]): number | null {
  let only: number | null = null;
  for (const c of choices) {
    const id = standOf(c);
    if (id === null) continue;
    if (only !== null && only !== id) return null;
    only = id;
  }
  return only;
}

// A charge's chances in words (Q-RES-1 over the ten faces).
function oddsTitle(c: Choice): string {
  const o = c.details?.odds ?? {};
  const names: [string, string][] = [["AD", "attacker destroyed"], ["AR", "attacker recoils"], ["L", "locked"],
    ["DR", "defender recoils"], ["DF", "defender flees"], ["DD", "defender destroyed"]];
  return `modifier ${c.details?.modifier ?? 0}; ` + names.filter(([k]) => o[k]).map(([k, n]) => `${n} ${percent(o[k])}`).join(", ") +
    (c.details?.cost !== undefined ? `; costs ${c.details.cost}"` : "");
}

// The hex of the piece the pending decision is about (the unit that retreats, evades, battles
// back; the leader that escapes), from the position's "subject".
function subjectHex(state: Json): string | null {
  const i = state?.subject;
  if (typeof i !== "number") return null;
  const piece = state.decision === "leader-evade" ? state.leaders?.[i] : state.units?.[i];
  return typeof piece?.hex === "string" ? piece.hex : null;
}

// The hexes whose pieces differ between two boards: where a unit or leader went, where it came
// from, and where blocks were lost.
function changedHexes(a: Json, b: Json): Set<string> {
  const out = new Set<string>();
  if (!a || !b) return out;
  const pieces = (x: Json, key: string) => (x[key] ?? []) as Json[];
  // WRG: the units that moved, turned, lost men or were lost, as "unit:ID" (a board where one did
  // is shown for the whole pace).
  const ua = new Map<number, Json>();
  for (const u of (a.units ?? []) as Json[]) if (typeof u.x === "number") ua.set(u.id, u);
  for (const u of (b.units ?? []) as Json[]) {
    const o = ua.get(u.id);
    if (o && typeof u.x === "number" && (o.x !== u.x || o.y !== u.y || o.facing !== u.facing || o.men !== u.men || (o.flags ?? []).length !== (u.flags ?? []).length))
      out.add(`unit:${u.id}`);
  }
  // Quinn: the stands that moved, turned or were lost, as "stand:ID".
  const sa = new Map<number, Json>();
  for (const st of (a.stands ?? []) as Json[]) sa.set(st.id, st);
  for (const st of (b.stands ?? []) as Json[]) {
    const o = sa.get(st.id);
    if (o && (o.x !== st.x || o.y !== st.y || o.heading !== st.heading || o.alive !== st.alive || (o.locks ?? []).length !== (st.locks ?? []).length))
      out.add(`stand:${st.id}`);
  }
  for (const key of ["units", "leaders"]) {
    const pa = pieces(a, key), pb = pieces(b, key);
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const u = pa[i] ?? {}, w = pb[i] ?? {};
      if (u.hex !== w.hex || u.blocks !== w.blocks || u.status !== w.status) {
        if (typeof u.hex === "string") out.add(u.hex);
        if (typeof w.hex === "string") out.add(w.hex);
      }
    }
  }
  return out;
}

export { SIDE_COLOUR };
