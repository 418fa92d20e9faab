// The WRG 6th edition table in SVG, to scale: the viewBox is in paces and the position's y runs up
// the table (x right, facings in degrees counter-clockwise from +x, a unit's pose the centre of its
// front edge), so the drawing sits in a group flipped upside down, and turned half round when the
// seat is side B so that a person's own army is at the bottom. Texts are turned back upright.
// Woods and hills, a grid of 100 p, each unit as its block of figure bases (files x ranks, the
// rear rank short of the figures lost) turned to its facing with its front edge marked, its
// label, order and flags; the unit asked now, its charge reach in a declare step, the targets of
// its choices and the poses its moves aim at (ghosts). Units that moved or lost men in the last
// step resolved slide from where they were and keep a mark until the next step resolves.
import { s } from "./dom";
import type { Json } from "./api";

export const WRG_SIDE_FILL: Record<string, string> = { A: "#2d5b9a", B: "#a8342c" };
const SIDE_FRONT: Record<string, string> = { A: "#cfe6ff", B: "#ffd6c8" };

export interface Pose {
  x: number;
  y: number;
  facing: number;
}

// A unit as drawn: the table's fixed facts joined with the state's pose and condition.
export interface WrgUnit extends Pose {
  id: number;
  side: string;        // "A" or "B"
  label: string;       // "A1", "B2"
  name: string;        // "Left phalanx"
  full: string;        // "A1 Left phalanx (hi)": the rules' name, as the log and choices say it
  troop: string;
  melee: string;
  missile: string;
  grade: string;
  shieldless: boolean;
  general: boolean;
  ff: number;          // a figure's frontage and depth, paces
  fd: number;
  files: number;       // now (fewer as figures are lost)
  ranks: number;
  startFigures: number;
  figures: number;
  men: number;
  order: string;
  nextOrder: string;
  flags: Set<string>;
  disordered: boolean;
  alive: boolean;
  commit: number | "hidden" | null;
  charge: number | null;   // the unit it charges this period
  pursue: number | null;   // the router it pursues
}

export function unitLabel(id: number): string {
  return id < 16 ? `A${id + 1}` : `B${id - 15}`;
}
export function sideOfUnit(id: number): string {
  return id < 16 ? "A" : "B";
}

export function wrgUnits(table: Json, state: Json): WrgUnit[] {
  const fixed = new Map<number, Json>();
  for (const t of table?.units ?? []) fixed.set(t.id, t);
  const generals = new Set<number>((state?.general ?? []).filter((g: unknown) => typeof g === "number"));
  const out: WrgUnit[] = [];
  for (const u of state?.units ?? []) {
    const t = fixed.get(u.id);
    if (!t) continue;
    const flags = new Set<string>(u.flags ?? []);
    out.push({
      id: u.id, side: t.side, label: unitLabel(u.id), name: t.name, full: u.name ?? `${unitLabel(u.id)} ${t.name}`,
      troop: t.troop, melee: t.melee, missile: t.missile, grade: t.grade, shieldless: !!t.shieldless,
      general: generals.has(u.id), ff: t.figure_frontage, fd: t.figure_depth,
      files: u.files ?? t.files, ranks: u.ranks ?? t.ranks, startFigures: t.files * t.ranks,
      figures: u.figures, men: u.men, order: u.order, nextOrder: u.next_order, flags,
      disordered: !!u.disordered, alive: flags.has("alive"),
      commit: u.commit === "hidden" ? "hidden" : typeof u.commit === "number" ? u.commit : null,
      charge: typeof u.charge === "number" ? u.charge : null,
      pursue: typeof u.pursue === "number" ? u.pursue : null,
      x: u.x, y: u.y, facing: u.facing,
    });
  }
  return out;
}

// ---- Words ------------------------------------------------------------------------------------

const TROOPS: Record<string, string> = {
  hi: "heavy infantry", mi: "medium infantry", li: "light infantry", hc: "heavy cavalry", lc: "light cavalry",
};
export function troopName(t: string): string {
  return TROOPS[t] ?? t;
}
// "reg-b" as the rules say it: Regular, morale class B.
export function gradeName(g: string): string {
  const [tr, cl] = (g || "").split("-");
  const training = tr === "reg" ? "Regular" : tr === "irr" ? "Irregular" : tr;
  return cl ? `${training} ${cl.toUpperCase()}` : training;
}
export const ORDER_NAMES: Record<string, string> = { Q: "quick march", W: "wait", S: "skirmish", H: "hold", A: "attack" };
export const STEP_TITLES: Record<string, string> = {
  declare: "W-SEQ 3: declare charges",
  respond: "W-SEQ 5: answer the charges",
  move: "W-SEQ 7: normal moves",
  orders: "W-SEQ 8: orders for the next period",
  shoot: "W-SEQ 9: shooting",
  over: "the battle is over",
};

// The flags a player watches, in the order shown, with a short tag and what they mean.
export const SHOWN_FLAGS: { flag: string; tag: string; cls: string; about: string }[] = [
  { flag: "broken", tag: "ROUT", cls: "f-broken", about: "broken: it routs toward its own edge and is out of the fight" },
  { flag: "shaken", tag: "SHAKEN", cls: "f-shaken", about: "shaken: it may not advance toward the enemy, and fights and tests worse" },
  { flag: "disordered", tag: "DIS", cls: "f-dis", about: "disordered: it fights worse until the cause ends or it holds to dress its ranks" },
  { flag: "impetuous", tag: "IMP", cls: "f-imp", about: "impetuous: it is eager to charge and may have to" },
  { flag: "pursuing", tag: "PURSUIT", cls: "f-pursue", about: "pursuing a routed enemy" },
];
export function shownFlags(u: WrgUnit): { tag: string; cls: string; about: string }[] {
  return SHOWN_FLAGS.filter((f) => (f.flag === "disordered" ? u.disordered : u.flags.has(f.flag)));
}
// The other flags, as the rules name them, in words.
const OTHER_FLAGS: Record<string, string> = {
  tested_first: "tested this period", no_advance: "may not advance", advanced: "advanced this period", retired: "retired this period",
  was_advancing: "was advancing", was_retiring: "was retiring", charging: "charging", charged: "charged",
  evaded: "evaded", shot_at: "shot at", was_shot_at: "was shot at", followed_up: "followed up", was_following_up: "was following up",
  disordered_until_rally: "disordered until it rallies", caught_moving: "caught moving", recoiled: "recoiled", hard_shot: "hard hit by shooting",
};
export function otherFlags(u: WrgUnit): string[] {
  const shown = new Set(["alive", "broken", "shaken", "impetuous", "pursuing"]);
  return [...u.flags].filter((f) => !shown.has(f)).map((f) => OTHER_FLAGS[f] ?? f.replace(/_/g, " "));
}

// A committed action in words, from its code: the 32-bit layout of spec §3.5,
// kind:5 | unit:5 | arg:6 | param:16, with the kinds in the order of src/wrg6/action.h. The
// seat's own commitments come as codes in its view; the other side's come as "hidden".
const KINDS = ["", "no charge", "charge", "stand", "evade", "counter-charge", "hold", "advance", "wheel left, then advance",
  "wheel right, then advance", "turn left", "turn right", "turn about", "retire half a move", "keep its order", "order",
  "hold fire", "shoot at"];
const ORDER_CODES = ["Q", "W", "S", "H", "A"];
export function commitText(code: number, names: Map<number, string>): string {
  const kind = code >>> 27, arg = (code >>> 16) & 63;
  const k = KINDS[kind];
  if (!k) return "committed";
  if (kind === 2 || kind === 17) return `${k} ${names.get(arg) ?? unitLabel(arg)}`;
  if (kind === 7) return arg === 4 ? "advance the full move" : `advance ${arg}/4 of the move`;
  if (kind === 15) return `order ${ORDER_CODES[arg] ?? "?"}`;
  return k;
}

// ---- Geometry ---------------------------------------------------------------------------------

const rad = (deg: number) => (deg * Math.PI) / 180;
const fwd = (deg: number): [number, number] => [Math.cos(rad(deg)), Math.sin(rad(deg))];
const leftOf = (deg: number) => fwd(deg + 90);
const f2 = (x: number) => (Math.round(x * 100) / 100).toString();
const norm = (deg: number) => ((deg % 360) + 360) % 360;

export function frontage(u: { files: number; ff: number }): number {
  return u.files * u.ff;
}
export function depthOf(u: { ranks: number; fd: number }): number {
  return u.ranks * u.fd;
}
export function centreOf(u: WrgUnit, p: Pose = u): [number, number] {
  const [fx, fy] = fwd(p.facing), d = depthOf(u) / 2;
  return [p.x - fx * d, p.y - fy * d];
}
// Front-left, front-right, rear-right, rear-left (left as the unit faces), as the rules count them.
export function cornersOf(u: WrgUnit, p: Pose = u): [number, number][] {
  const [fx, fy] = fwd(p.facing), [lx, ly] = leftOf(p.facing);
  const w = frontage(u) / 2, d = depthOf(u);
  return [[p.x + lx * w, p.y + ly * w], [p.x - lx * w, p.y - ly * w],
    [p.x - lx * w - fx * d, p.y - ly * w - fy * d], [p.x + lx * w - fx * d, p.y + ly * w - fy * d]];
}

function inWood(table: Json, x: number, y: number): boolean {
  return (table?.terrain ?? []).some((t: Json) => t.kind === "wood" && x >= t.x0 && x <= t.x1 && y >= t.y0 && y <= t.y1);
}

// Where a move choice aims (the rules' normal move, src/wrg6/movement.cpp): advances of quarters
// of the allowance (half in a wood for formed troops, at most half under order W), a wheel of 45
// degrees about the inner front corner and the rest ahead, turns about the centre, a retirement of
// half the allowance straight back. Only an aim: the moves are simultaneous, and the rules stop a
// unit short of enemies, friends it may not pass and the table's edge.
export function aimedPose(u: WrgUnit, action: Json, table: Json, glossary: Json): Pose | null {
  const kind = action?.kind;
  const normal = Number(glossary?.troops?.[u.troop]?.normal ?? 0);
  const allowance = u.troop !== "li" && inWood(table, u.x, u.y) ? Math.floor(normal / 2) : normal;
  const ahead = (p: Pose, dist: number): Pose => {
    const [fx, fy] = fwd(p.facing);
    return { x: p.x + fx * dist, y: p.y + fy * dist, facing: p.facing };
  };
  switch (kind) {
    case "advance": {
      let want = Math.floor((allowance * Number(action.quarters ?? 4)) / 4);
      if (u.order === "W") want = Math.min(want, Math.floor(allowance / 2));
      return ahead(u, want);
    }
    case "wheel-left":
    case "wheel-right": {
      const left = kind === "wheel-left";
      const c = cornersOf(u);
      const pivot = left ? c[0] : c[1];
      const nf = norm(u.facing + (left ? 45 : -45));
      const w = frontage(u);
      const [lx, ly] = leftOf(nf);
      const sgn = left ? -1 : 1;
      const turned = { x: pivot[0] + sgn * (w / 2) * lx, y: pivot[1] + sgn * (w / 2) * ly, facing: nf };
      const cap = u.order === "W" ? Math.floor(allowance / 2) : allowance;
      return ahead(turned, Math.max(0, Math.floor(cap - (w * Math.PI) / 4)));
    }
    case "turn-left":
    case "turn-right":
    case "turn-about": {
      const by = kind === "turn-left" ? 90 : kind === "turn-right" ? -90 : 180;
      const [cx, cy] = centreOf(u);
      const nf = norm(u.facing + by);
      const [fx, fy] = fwd(nf), d = depthOf(u) / 2;
      return { x: cx + fx * d, y: cy + fy * d, facing: nf };
    }
    case "retire": {
      const [fx, fy] = fwd(u.facing), back = Math.floor(allowance / 2);
      return { x: u.x - fx * back, y: u.y - fy * back, facing: u.facing };
    }
    default:
      return null;
  }
}

// ---- The drawing ------------------------------------------------------------------------------

export interface WrgTableOptions {
  mySide: string | null;            // the seat's side, or null (a replay)
  flipped: boolean;                 // turned half round: side B's edge at the bottom
  cursor: number | null;            // the unit whose commitment is asked now
  cursorMine: boolean;              // asked of this seat (lit), or of the other side (a quieter mark)
  selected: number | null;          // the unit described in the panel
  targets: Map<number, { title: string; onClick?: () => void }>; // units a choice of the cursor unit charges or shoots at
  // Where the cursor unit's advances and wheels aim: their front edges, each with its key; a click
  // commits that move, hovering shows its ghost.
  aims: { pose: Pose; title: string; key: string; onClick?: () => void }[];
  arc: number;                      // the cursor unit's charge reach to draw (paces), or 0
  changed: Set<number>;             // moved, turned or lost men in the last step resolved
  losses: Map<number, string>;      // "-20 men": what the last step cost each unit
  from: Map<number, Pose>;          // where units were drawn last: they slide from there
  slideMs: number;
  showCommits: boolean;             // a replay: every commitment in words (the game is over)
  onUnit?: (id: number) => void;
  onEmpty?: () => void;
}

export class Wrg6Table {
  readonly svg: SVGSVGElement;
  readonly units: WrgUnit[];
  private root: SVGGElement;
  private ghostLayer: SVGGElement;
  private W: number;
  private D: number;

  constructor(private table: Json, state: Json, private opt: WrgTableOptions) {
    const W = Number(table?.width ?? 800), D = Number(table?.depth ?? 600);
    this.W = W;
    this.D = D;
    this.units = wrgUnits(table, state);
    const m = 34; // room for the rulers
    this.svg = s("svg", {
      class: "board table wrg6" + (opt.flipped ? " flipped" : ""), viewBox: `${-m} ${-m} ${W + 2 * m} ${D + 2 * m}`,
      "data-width": W, "data-depth": D, role: "img",
      "aria-label": `the table, ${W} x ${D} paces` + (opt.flipped ? ", side B's edge at the bottom" : ""),
    }) as SVGSVGElement;
    // Screen (x, D - y) for side A's view; (W - x, y) turned half round for side B's.
    const turn = opt.flipped ? `translate(${W} 0) scale(-1 1)` : `translate(0 ${D}) scale(1 -1)`;
    this.root = s("g", { class: "table-root", transform: turn }) as SVGGElement;
    this.svg.appendChild(this.root);
    this.root.appendChild(s("rect", { class: "felt", x: 0, y: 0, width: W, height: D, onclick: () => opt.onEmpty?.() }));
    this.root.appendChild(this.grid());
    this.root.appendChild(this.terrain());
    this.root.appendChild(this.edges());

    const cur = this.units.find((u) => u.id === opt.cursor && u.alive);
    if (cur && opt.arc > 0) this.root.appendChild(this.reachArc(cur, opt.arc));

    // Lines of the charges declared, while they are answered (declare and respond steps), and of
    // pursuits: from the front edge to the unit charged or pursued.
    const lines = s("g", { class: "wrg-lines" });
    const charging = state?.step === "declare" || state?.step === "respond";
    for (const u of this.units) {
      if (!u.alive || u.flags.has("broken")) continue;
      const to = charging && u.charge !== null ? u.charge : u.pursue;
      const o = this.units.find((x) => x.id === to && x.alive);
      if (!o) continue;
      const [tx, ty] = centreOf(o);
      const kind = to === u.charge && charging ? "charges" : "pursues";
      lines.appendChild(s("line", { class: kind === "charges" ? "charge-line" : "pursue-line", x1: f2(u.x), y1: f2(u.y), x2: f2(tx), y2: f2(ty) },
        s("title", {}, `${u.full} ${kind} ${o.full}`)));
    }
    this.root.appendChild(lines);

    // The front edges the cursor unit's moves aim at, each with its key.
    const aims = s("g", { class: "aim-layer" });
    if (cur)
      for (const a of opt.aims) {
        const w = frontage(cur) / 2;
        const [lx, ly] = leftOf(a.pose.facing), [fx, fy] = fwd(a.pose.facing);
        const ends = { x1: f2(a.pose.x + lx * w), y1: f2(a.pose.y + ly * w), x2: f2(a.pose.x - lx * w), y2: f2(a.pose.y - ly * w) };
        const g = s("g", { class: "aim", "data-aim": a.key }, s("title", {}, a.title),
          s("line", { class: "aim-hit", ...ends }), s("line", { class: "aim-edge", ...ends }),
          this.text(a.pose.x + lx * (w + 9) + fx * 2, a.pose.y + ly * (w + 9) + fy * 2, a.key, "aim-key"));
        g.addEventListener("mouseenter", () => this.showGhost(cur.id, a.pose));
        g.addEventListener("mouseleave", () => this.showGhost(null));
        if (a.onClick) g.addEventListener("click", (e) => { e.stopPropagation(); a.onClick!(); });
        aims.appendChild(g);
      }

    const layer = s("g", { class: "units" });
    for (const u of this.units.filter((x) => !x.alive)) layer.appendChild(this.lostUnit(u));
    for (const u of this.units.filter((x) => x.alive)) layer.appendChild(this.unitGroup(u));
    this.root.appendChild(layer);
    this.root.appendChild(aims);
    this.ghostLayer = s("g", { class: "ghosts" }) as SVGGElement;
    this.root.appendChild(this.ghostLayer);
    const labels = s("g", { class: "labels" });
    for (const u of this.units.filter((x) => x.alive)) labels.appendChild(this.unitLabels(u));
    this.root.appendChild(labels);
  }

  // A text at (x, y) of the table, upright on the screen, and a point `k` paces below (x, y) on
  // the screen, in table coordinates.
  private text(x: number, y: number, t: string, cls: string): SVGElement {
    const undo = this.opt.flipped ? "scale(-1 1)" : "scale(1 -1)";
    return s("text", { class: cls, transform: `translate(${f2(x)} ${f2(y)}) ${undo}` }, t);
  }
  private down(k: number): number {
    return this.opt.flipped ? k : -k;
  }

  private grid(): SVGElement {
    const W = this.W, D = this.D;
    const g = s("g", { class: "grid" });
    for (let x = 50; x < W; x += 50) g.appendChild(s("line", { x1: x, y1: 0, x2: x, y2: D, class: x % 100 ? "g50" : "g100" }));
    for (let y = 50; y < D; y += 50) g.appendChild(s("line", { x1: 0, y1: y, x2: W, y2: y, class: y % 100 ? "g50" : "g100" }));
    // Paces along the edge nearest the person and the left one (as the screen shows them).
    const near = this.opt.flipped ? D : 0, left = this.opt.flipped ? W : 0;
    for (let x = 0; x <= W; x += 100) g.appendChild(this.text(x, near + this.down(16), String(x), "ruler-text"));
    for (let y = 100; y <= D; y += 100) g.appendChild(this.text(left + (this.opt.flipped ? 17 : -17), y, String(y), "ruler-text"));
    return g;
  }

  // Woods (troops other than light infantry move at half speed in them) and hills.
  private terrain(): SVGElement {
    const g = s("g", { class: "terrain" });
    for (const t of this.table?.terrain ?? []) {
      const x0 = Math.min(t.x0, t.x1), y0 = Math.min(t.y0, t.y1), w = Math.abs(t.x1 - t.x0), hgt = Math.abs(t.y1 - t.y0);
      const about = t.kind === "wood"
        ? `${t.name || "wood"}: a wood (${w} x ${hgt} p): formed troops move at half speed in it`
        : `${t.name || "hill"}: a hill (${w} x ${hgt} p): higher ground in a fight`;
      const piece = s("g", { class: `terrain-piece ${t.kind}`, "data-terrain": t.kind }, s("title", {}, about));
      piece.appendChild(s("rect", { class: "terrain-body", x: x0, y: y0, width: w, height: hgt, rx: t.kind === "hill" ? 40 : 18 }));
      if (t.kind === "hill") {
        // Contours: two smaller rounded outlines toward the crest.
        for (const k of [0.2, 0.38]) piece.appendChild(s("rect", { class: "contour", x: f2(x0 + w * k), y: f2(y0 + hgt * k),
          width: f2(w * (1 - 2 * k)), height: f2(hgt * (1 - 2 * k)), rx: 30 }));
      } else {
        // Trees: a loose lattice of crowns, the same for the same wood.
        for (let ty = y0 + 18; ty < y0 + hgt - 8; ty += 30)
          for (let tx = x0 + 18 + (((ty - y0) / 30) % 2) * 14; tx < x0 + w - 8; tx += 30)
            piece.appendChild(s("circle", { class: "tree", cx: f2(tx), cy: f2(ty), r: 9 }));
      }
      // The name just inside the piece's edge at the top of the screen, clear of the units on it.
      piece.appendChild(this.text(x0 + w / 2, this.opt.flipped ? y0 + 13 : y0 + hgt - 13, t.name || t.kind, "terrain-name"));
      g.appendChild(piece);
    }
    return g;
  }

  // Each side's base edge named, faintly, just inside the table (y = 0 is side A's, y = depth B's).
  private edges(): SVGElement {
    const g = s("g", { class: "edges" });
    const sides = this.table?.sides ?? {};
    const whose = (n: string) => (/s$/.test(n) ? `${n}'` : `${n}'s`);
    g.appendChild(this.text(this.W / 2, 12, `${whose(sides.A ?? "A")} edge`, "edge-name side-A"));
    g.appendChild(this.text(this.W / 2, this.D - 12, `${whose(sides.B ?? "B")} edge`, "edge-name side-B"));
    return g;
  }

  // The charge reach: the front arc (45 degrees out from each front corner, I-CHG) out to the
  // unit's charge move, as arcs about the corners and a line ahead.
  private reachArc(u: WrgUnit, R: number): SVGElement {
    const [fl, fr] = cornersOf(u);
    const at = (c: [number, number], deg: number) => {
      const [dx, dy] = fwd(deg);
      return [c[0] + R * dx, c[1] + R * dy];
    };
    const h = u.facing;
    const a = at(fl, h + 45), b = at(fl, h), c = at(fr, h), d = at(fr, h - 45);
    const path = `M ${f2(fl[0])} ${f2(fl[1])} L ${f2(a[0])} ${f2(a[1])} A ${R} ${R} 0 0 0 ${f2(b[0])} ${f2(b[1])} ` +
      `L ${f2(c[0])} ${f2(c[1])} A ${R} ${R} 0 0 0 ${f2(d[0])} ${f2(d[1])} L ${f2(fr[0])} ${f2(fr[1])} Z`;
    return s("path", { class: "reach-arc", d: path }, s("title", {}, `${u.label}'s charge reach: ${R} p into its front arc`));
  }

  // A unit's footprint at a pose: the body, its figure bases, the front edge and an arrow.
  private body(u: WrgUnit, p: Pose, cls: string, bases: boolean): SVGGElement {
    const w = frontage(u), d = depthOf(u);
    const g = s("g", { class: cls, transform: `translate(${f2(p.x)} ${f2(p.y)}) rotate(${p.facing})` }) as SVGGElement;
    // In the group's frame the unit faces +x: the front edge is x = 0, the rear x = -d; its left is +y.
    g.appendChild(s("rect", { class: "unit-body", x: -d, y: -w / 2, width: d, height: w }));
    if (bases) {
      // The figures: full ranks from the front, the rear rank holding what is left.
      let left = u.figures;
      for (let r = 0; r < u.ranks; r++) {
        const n = Math.max(0, Math.min(u.files, left));
        left -= n;
        for (let f = 0; f < u.files; f++)
          g.appendChild(s("rect", { class: f < n ? "fig" : "fig gone", x: f2(-(r + 1) * u.fd + 1.5), y: f2(w / 2 - (f + 1) * u.ff + 1.5),
            width: f2(u.fd - 3), height: f2(u.ff - 3) }));
      }
    }
    g.appendChild(s("line", { class: "unit-front", x1: 0, y1: -w / 2, x2: 0, y2: w / 2 }));
    const t = Math.min(9, d * 0.35);
    g.appendChild(s("polygon", { class: "unit-arrow", points: `${f2(-t - 2)},${f2(-t)} -2,0 ${f2(-t - 2)},${f2(t)}` }));
    return g;
  }

  private unitGroup(u: WrgUnit): SVGGElement {
    const o = this.opt;
    const cls = ["unit", `side-${u.side}`];
    if (u.side === o.mySide) cls.push("mine");
    if (o.cursor === u.id) cls.push(o.cursorMine ? "asked" : "asked-theirs");
    if (o.selected === u.id) cls.push("selected");
    if (o.targets.has(u.id)) cls.push("target");
    if (o.changed.has(u.id)) cls.push("changed");
    if (u.flags.has("broken")) cls.push("broken");
    if (u.flags.has("shaken")) cls.push("shaken");
    if (u.disordered) cls.push("disordered");
    const g = this.body(u, u, cls.join(" "), true);
    g.setAttribute("data-unit", String(u.id));
    g.setAttribute("data-side", u.side);
    g.setAttribute("data-label", u.label);
    g.style.setProperty("--side", WRG_SIDE_FILL[u.side] ?? "#666");
    g.style.setProperty("--front", SIDE_FRONT[u.side] ?? "#fff");
    const tgt = o.targets.get(u.id);
    g.appendChild(s("title", {}, (tgt ? `${tgt.title}\n` : "") + this.describe(u)));
    g.addEventListener("click", (e) => {
      e.stopPropagation();
      if (tgt?.onClick) tgt.onClick();
      else o.onUnit?.(u.id);
    });
    // Slide from where it was drawn last.
    const was = o.from.get(u.id);
    if (was && o.slideMs > 0 && (was.x !== u.x || was.y !== u.y || was.facing !== u.facing) && typeof g.animate === "function") {
      let f0 = was.facing;
      if (f0 - u.facing > 180) f0 -= 360;
      else if (u.facing - f0 > 180) f0 += 360;
      g.animate([{ transform: `translate(${was.x}px, ${was.y}px) rotate(${f0}deg)` },
        { transform: `translate(${u.x}px, ${u.y}px) rotate(${u.facing}deg)` }], { duration: o.slideMs, easing: "ease-in-out" });
    }
    return g;
  }

  private describe(u: WrgUnit): string {
    const flags = shownFlags(u).map((f) => f.about);
    return `${u.full}: ${troopName(u.troop)}, ${gradeName(u.grade)}, ${u.melee}` + (u.missile !== "none" ? ` and ${u.missile}` : "") +
      `; ${u.figures} of ${u.startFigures} figures (${u.men} men), ${u.files} x ${u.ranks}; order ${u.order}` +
      (u.nextOrder !== u.order ? ` (next period ${u.nextOrder})` : "") + (u.general ? "; the general is with it" : "") +
      (flags.length ? `; ${flags.join("; ")}` : "") + `; front edge at (${u.x}, ${u.y}) facing ${u.facing}°`;
  }

  private lostUnit(u: WrgUnit): SVGElement {
    const off = u.x < 0 || u.y < 0 || u.x > this.W || u.y > this.D;
    const g = this.body({ ...u, files: Math.max(1, u.files), ranks: Math.max(1, u.ranks) }, u, `lost side-${u.side}`, false);
    g.setAttribute("data-lost", String(u.id));
    g.appendChild(s("title", {}, `${u.full}: ${off ? "routed off the table" : "destroyed"}`));
    return g;
  }

  // Upright words over a unit: its label, order and commitment (✓ the seat's own, ? the other
  // side's, hidden); just under it on the screen, its flags and what the last step cost it.
  private unitLabels(u: WrgUnit): SVGElement {
    const [cx, cy] = centreOf(u);
    const g = s("g", { class: `unit-labels side-${u.side}`, "data-unit": u.id });
    const o = this.opt;
    // The unit's half height on the screen: its frontage and depth as its facing turns them.
    const c = Math.abs(Math.cos(rad(u.facing))), sn = Math.abs(Math.sin(rad(u.facing)));
    const halfY = (c * frontage(u)) / 2 + (sn * depthOf(u)) / 2;
    // Words go behind a unit that faces up or down the screen (its front is where it fights), and
    // under one that faces across it; the commitment in words goes ahead (table y, either view).
    const sinF = Math.sin(rad(u.facing));
    const behind = Math.abs(sinF) > 0.6 ? -Math.sign(sinF) : this.down(1);
    const ahead = Math.abs(sinF) > 0.6 ? Math.sign(sinF) : -this.down(1);
    const label = this.text(cx, cy, `${u.label}${u.general ? "★" : ""}`, "unit-label");
    label.appendChild(s("tspan", { class: "order-tag" }, ` ${u.order}${u.nextOrder !== u.order ? `→${u.nextOrder}` : ""}`));
    if (u.commit !== null) {
      const hidden = u.commit === "hidden";
      const words = o.showCommits && typeof u.commit === "number" ? commitText(u.commit, new Map(this.units.map((x) => [x.id, x.label]))) : "";
      const mark = s("tspan", { class: `commit-mark ${hidden ? "hidden" : "known"}`, "data-commit": hidden ? "hidden" : "known" }, hidden ? " ?" : " ✓");
      label.appendChild(mark);
      label.appendChild(s("title", {}, hidden ? `${u.label} has committed: hidden until both sides have committed` : `${u.label} has committed` + (words ? `: ${words}` : "")));
      // A replay: the commitment in words just ahead of the unit.
      if (words) g.appendChild(this.text(cx, cy + ahead * (halfY + 9), words, "commit-words"));
    }
    g.appendChild(label);
    const tags = shownFlags(u), loss = o.losses.get(u.id);
    if (tags.length || loss) {
      const line = this.text(cx, cy + behind * (halfY + 9), "", "flag-line");
      for (const f of tags) line.appendChild(s("tspan", { class: f.cls }, ` ${f.tag} `));
      if (loss) line.appendChild(s("tspan", { class: "loss" }, ` ${loss}`));
      g.appendChild(line);
    }
    return g;
  }

  // A ghost of the cursor unit at a pose (a move choice hovered), a line to a target, or none.
  showGhost(id: number | null, pose?: Pose | null, target?: number | null) {
    while (this.ghostLayer.firstChild) this.ghostLayer.removeChild(this.ghostLayer.firstChild);
    const u = this.units.find((x) => x.id === id);
    if (!u) return;
    if (pose) {
      const [ax, ay] = centreOf(u), [bx, by] = centreOf(u, pose);
      this.ghostLayer.appendChild(s("line", { class: "ghost-path", x1: f2(ax), y1: f2(ay), x2: f2(bx), y2: f2(by) }));
      const g = this.body(u, pose, `ghost side-${u.side}`, false);
      g.style.setProperty("--side", WRG_SIDE_FILL[u.side] ?? "#666");
      g.setAttribute("data-ghost", String(u.id));
      this.ghostLayer.appendChild(g);
      const moved = Math.hypot(pose.x - u.x, pose.y - u.y);
      this.ghostLayer.appendChild(this.text(bx, by, `${Math.round(moved)} p · ${pose.facing}°`, "ghost-text"));
    }
    const o = this.units.find((x) => x.id === target);
    if (o) {
      const [tx, ty] = centreOf(o);
      this.ghostLayer.appendChild(s("line", { class: "ghost-target", x1: f2(u.x), y1: f2(u.y), x2: f2(tx), y2: f2(ty), "data-ghost-target": o.id }));
    }
  }
}
