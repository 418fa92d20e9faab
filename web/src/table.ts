// Quinn's measured table in SVG, to scale: the viewBox is in inches and the table's y runs up (the
// position's coordinates: x right, y up, headings in degrees counter-clockwise from +x), so the
// drawing sits in a group flipped upside down and texts are flipped back. Rough ground, a grid
// of 6", each stand as a rectangle of its width and depth turned to its heading with its front
// edge marked, the locks, the activated command, the selected stand's charge reach and field of
// fire, ghosts of end poses (a choice hovered, a stand dragged). A stand that may move now is
// dragged with the pointer; the wheel or the [ ] keys turn it by 15 degrees meanwhile.
import { s } from "./dom";
import type { Json } from "./api";

export const QUINN_SIDE_FILL: Record<string, string> = { A: "#2d5b9a", B: "#a8342c" };
const SIDE_FRONT: Record<string, string> = { A: "#bfe0ff", B: "#ffd0c0" };

export interface Pose {
  x: number;
  y: number;
  heading: number;
}

// A stand as drawn: its pose (the state's) and its footprint and profile (the table's).
export interface StandInfo extends Pose {
  id: number;
  side: string;
  name: string;
  profile: string;
  cls: string;
  melee: string;
  width: number;
  depth: number;
  rate: number;
  range: number;
  free: boolean;
  alive: boolean;
  locks: number[];
  flags: number;
}

export const FLAG_ACTED = 2;
export const FLAG_FIRED = 16;

export function standsOf(table: Json, state: Json): StandInfo[] {
  const poses = new Map<number, Json>();
  for (const st of state?.stands ?? []) poses.set(st.id, st);
  const out: StandInfo[] = [];
  for (const t of table?.stands ?? []) {
    const p = poses.get(t.id);
    if (!p) continue;
    out.push({
      id: t.id, side: t.side, name: t.name, profile: t.profile, cls: t.class, melee: t.melee,
      width: t.width, depth: t.depth, rate: t.rate, range: t.range, free: !!t.free_mover,
      x: p.x, y: p.y, heading: p.heading, alive: !!p.alive, locks: p.locks ?? [], flags: p.flags ?? 0,
    });
  }
  return out;
}

// A short label: HI, HC, LCb (lc_bow), Hop (hoplite), Arc (archers).
export function shortLabel(profile: string): string {
  const [head, ...rest] = (profile || "?").split("_");
  const first = head.length <= 3 ? head.toUpperCase() : head[0].toUpperCase() + head.slice(1, 3);
  return first + rest.map((r) => r[0] ?? "").join("");
}

const CLASS_NAMES: Record<string, string> = {
  HI: "heavy foot", MI: "medium foot", LI: "light foot", HC: "heavy horse", LC: "light horse", CH: "chariots", EL: "elephants",
};
export function className(c: string): string {
  return CLASS_NAMES[c] ?? c;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const dir = (deg: number): [number, number] => [Math.cos(rad(deg)), Math.sin(rad(deg))];
const f3 = (x: number) => (Math.round(x * 1000) / 1000).toString();

// The corners of a stand at a pose: front-left, front-right, rear-right, rear-left.
export function corners(st: { width: number; depth: number }, p: Pose): [number, number][] {
  const [fx, fy] = dir(p.heading);
  const [lx, ly] = [-fy, fx]; // the stand's left
  const d = st.depth / 2, w = st.width / 2;
  return [
    [p.x + fx * d + lx * w, p.y + fy * d + ly * w],
    [p.x + fx * d - lx * w, p.y + fy * d - ly * w],
    [p.x - fx * d - lx * w, p.y - fy * d - ly * w],
    [p.x - fx * d + lx * w, p.y - fy * d + ly * w],
  ];
}

export interface TableOptions {
  mySide: string | null;         // "A" or "B": the seat's side (null: a replay)
  selected: number | null;       // the stand described in the panel
  active: Set<number>;           // the stands of the activated command
  draggable: Set<number>;        // the stands a person may move now (drag and drop)
  changed: Set<number>;          // the stands the other side just moved or hurt
  marks: Map<number, string>;    // classes for stands: "target" (a charge or shot), "can" (a choice starts there), "hint"
  labels: Map<number, string>;   // a label over a stand (a charge's odds)
  reach: { pose: Pose; onClick?: () => void; title: string }[]; // end poses of the selected stand's moves
  whole: boolean;                // the whole table, or the part around the stands
  onStand?: (id: number) => void;
  onEmpty?: () => void;
  onDrop?: (id: number, pose: Pose) => void;
}

export class TableView {
  readonly svg: SVGSVGElement;
  private root: SVGGElement;
  private ghostLayer: SVGGElement;
  private stands: StandInfo[];
  private depth: number;
  private drag: { id: number; start: Pose; pose: Pose; px: number; py: number; moved: boolean; pointer: number } | null = null;
  private keyListener = (e: KeyboardEvent) => this.dragKey(e);

  constructor(private table: Json, state: Json, private opt: TableOptions) {
    const W = Number(table?.width ?? 72), D = Number(table?.depth ?? 48);
    this.depth = D;
    this.stands = standsOf(table, state);
    const alive = this.stands.filter((x) => x.alive);
    // The part of the table worth looking at: the stands and some room around them.
    let [x0, y0, x1, y1] = [0, 0, W, D];
    if (!opt.whole && alive.length) {
      const pad = 8;
      x0 = Math.min(...alive.map((a) => a.x)) - pad;
      x1 = Math.max(...alive.map((a) => a.x)) + pad;
      y0 = Math.min(...alive.map((a) => a.y)) - pad;
      y1 = Math.max(...alive.map((a) => a.y)) + pad;
      // At least 30" across, in the table's proportions, inside the table.
      const aspect = W / D;
      let w = Math.max(x1 - x0, 30), hgt = Math.max(y1 - y0, 30 / aspect);
      if (w / hgt < aspect) w = hgt * aspect;
      else hgt = w / aspect;
      w = Math.min(w, W);
      hgt = Math.min(hgt, D);
      const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
      x0 = Math.max(0, Math.min(W - w, cx - w / 2));
      y0 = Math.max(0, Math.min(D - hgt, cy - hgt / 2));
      x1 = x0 + w;
      y1 = y0 + hgt;
    }
    const m = 1.2; // room for the rulers
    // Screen y is D - y: the viewBox of the table's [y0, y1] is [D - y1, D - y0].
    this.svg = s("svg", {
      class: "board table", viewBox: `${f3(x0 - m)} ${f3(D - y1 - m)} ${f3(x1 - x0 + 2 * m)} ${f3(y1 - y0 + 2 * m)}`,
      "data-width": W, "data-depth": D, role: "img", "aria-label": `the table, ${W}" x ${D}"`,
    }) as SVGSVGElement;
    this.root = s("g", { class: "table-root", transform: `translate(0 ${D}) scale(1 -1)` }) as SVGGElement;
    this.svg.appendChild(this.root);
    this.root.appendChild(s("rect", { class: "felt", x: 0, y: 0, width: W, height: D,
      onclick: () => opt.onEmpty?.() }));
    // A grid of 6" (12" a little darker) and the inches along the edges.
    const grid = s("g", { class: "grid" });
    for (let x = 6; x < W; x += 6) grid.appendChild(s("line", { x1: x, y1: 0, x2: x, y2: D, class: x % 12 ? "g6" : "g12" }));
    for (let y = 6; y < D; y += 6) grid.appendChild(s("line", { x1: 0, y1: y, x2: W, y2: y, class: y % 12 ? "g6" : "g12" }));
    this.root.appendChild(grid);
    const ruler = s("g", { class: "ruler" });
    for (let x = 0; x <= W; x += 6) if (x >= x0 - 0.1 && x <= x1 + 0.1) ruler.appendChild(this.text(x, Math.max(0, y0) - 0.75, `${x}"`, "ruler-text"));
    for (let y = 6; y <= D; y += 6) if (y >= y0 - 0.1 && y <= y1 + 0.1) ruler.appendChild(this.text(Math.max(0, x0) - 0.6, y - 0.2, `${y}`, "ruler-text"));
    this.root.appendChild(ruler);

    // Rough ground: convex pieces, named.
    const rough = s("g", { class: "rough-layer" });
    for (const r of table?.rough ?? []) {
      const pts: [number, number][] = (r.points ?? []).map((p: number[]) => [p[0], p[1]]);
      if (pts.length < 3) continue;
      rough.appendChild(s("polygon", { class: "rough", points: pts.map((p) => `${f3(p[0])},${f3(p[1])}`).join(" ") },
        s("title", {}, `${r.name || "rough"}: rough ground (moving in it costs double)`)));
      const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length, cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
      rough.appendChild(this.text(cx, cy, r.name || "rough", "rough-name"));
    }
    this.root.appendChild(rough);

    // The selected stand's charge reach (its rate: a hint only, paths and turns cost more) and,
    // for a shooter, its field of fire: 45 degrees out from each front corner, to its range.
    const sel = this.stands.find((x) => x.id === opt.selected && x.alive);
    if (sel) {
      this.root.appendChild(s("circle", { class: "reach-circle", cx: sel.x, cy: sel.y, r: sel.rate },
        s("title", {}, `${sel.rate}" (its rate): about as far as it can charge`)));
      if (sel.range > 0) this.root.appendChild(this.fieldOfFire(sel));
    }

    // The end poses the selected stand's moves reach: a click plays one.
    const reach = s("g", { class: "reach-layer" });
    for (const r of opt.reach) {
      if (!sel) break;
      const g = this.rectOf(sel, r.pose, "reach-pose", true);
      g.appendChild(s("title", {}, r.title));
      if (r.onClick) g.addEventListener("click", (e) => { e.stopPropagation(); r.onClick!(); });
      reach.appendChild(g);
    }
    this.root.appendChild(reach);

    // Locks: a red line between the centres of stands locked in melee.
    const locks = s("g", { class: "lock-layer" });
    for (const a of alive)
      for (const b of a.locks) {
        const o = alive.find((x) => x.id === b);
        if (o && a.id < o.id) locks.appendChild(s("line", { class: "lock-line", x1: a.x, y1: a.y, x2: o.x, y2: o.y }));
      }

    const layer = s("g", { class: "stands" });
    // A lost stand stays as a faint outline where it fell.
    for (const st of this.stands.filter((x) => !x.alive)) {
      const g = this.rectOf(st, st, `lost side-${st.side}`, false);
      g.appendChild(s("title", {}, `${st.name}: lost`));
      layer.appendChild(g);
    }
    for (const st of alive) layer.appendChild(this.standGroup(st));
    this.root.appendChild(layer);
    this.root.appendChild(locks);
    // Labels on top: short names and odds, never turned.
    const labels = s("g", { class: "labels" });
    for (const st of alive) {
      labels.appendChild(this.text(st.x, st.y, shortLabel(st.profile), `stand-label side-${st.side}`));
      const extra = opt.labels.get(st.id);
      if (extra) labels.appendChild(this.text(st.x, st.y + Math.max(st.width, st.depth) / 2 + 0.6, extra, "odds-label"));
    }
    this.root.appendChild(labels);
    this.ghostLayer = s("g", { class: "ghosts" }) as SVGGElement;
    this.root.appendChild(this.ghostLayer);

    // Dragging: pointer events on the whole drawing, so that a fast pointer does not lose the stand.
    this.svg.addEventListener("pointermove", (e) => this.dragMove(e as PointerEvent));
    this.svg.addEventListener("pointerup", (e) => this.dragEnd(e as PointerEvent, false));
    this.svg.addEventListener("pointercancel", (e) => this.dragEnd(e as PointerEvent, true));
    this.svg.addEventListener("wheel", (e) => {
      if (!this.drag?.moved) return;
      e.preventDefault();
      this.turnGhost((e as WheelEvent).deltaY < 0 ? 15 : -15);
    }, { passive: false });
  }

  // A text at (x, y) of the table, upright on the screen.
  private text(x: number, y: number, t: string, cls: string): SVGElement {
    return s("text", { class: cls, transform: `translate(${f3(x)} ${f3(y)}) scale(1 -1)` }, t);
  }

  // A stand's rectangle at a pose, with its front edge marked: a thicker line and a small triangle.
  private rectOf(st: StandInfo, p: Pose, cls: string, front = true): SVGGElement {
    const d = st.depth, w = st.width;
    const g = s("g", { class: cls, transform: `translate(${f3(p.x)} ${f3(p.y)}) rotate(${p.heading})` }) as SVGGElement;
    g.appendChild(s("rect", { class: "stand-body", x: f3(-d / 2), y: f3(-w / 2), width: f3(d), height: f3(w) }));
    if (front) {
      g.appendChild(s("line", { class: "stand-front", x1: f3(d / 2), y1: f3(-w / 2), x2: f3(d / 2), y2: f3(w / 2) }));
      const t = Math.min(0.28, d * 0.4);
      g.appendChild(s("polygon", { class: "stand-arrow",
        points: `${f3(d / 2 - t)},${f3(-t)} ${f3(d / 2 - 0.04)},0 ${f3(d / 2 - t)},${f3(t)}` }));
    }
    return g;
  }

  private standGroup(st: StandInfo): SVGGElement {
    const o = this.opt;
    const cls = ["stand", `side-${st.side}`];
    if (st.side === o.mySide) cls.push("mine");
    if (o.active.has(st.id)) cls.push("active");
    if (o.draggable.has(st.id)) cls.push("draggable");
    if (o.selected === st.id) cls.push("selected");
    if (o.changed.has(st.id)) cls.push("changed");
    if (st.locks.length) cls.push("locked");
    if (st.flags & FLAG_ACTED) cls.push("acted");
    const m = o.marks.get(st.id);
    if (m) cls.push(m);
    const g = this.rectOf(st, st, cls.join(" "));
    g.setAttribute("data-stand", String(st.id));
    g.setAttribute("data-side", st.side);
    g.style.setProperty("--side", QUINN_SIDE_FILL[st.side] ?? "#666");
    g.style.setProperty("--front", SIDE_FRONT[st.side] ?? "#fff");
    g.appendChild(s("title", {}, `${st.name} (${st.profile}: ${className(st.cls)}, fights as ${className(st.melee)}; ` +
      `rate ${st.rate}"${st.range ? `, range ${st.range}"` : ""}${st.free ? ", moves freely" : ""}) ` +
      `at (${st.x.toFixed(2)}, ${st.y.toFixed(2)}) facing ${st.heading}°` + (st.locks.length ? "; locked in melee" : "")));
    g.addEventListener("pointerdown", (e) => this.dragStart(e as PointerEvent, st));
    g.addEventListener("click", (e) => e.stopPropagation());
    return g;
  }

  // The field of fire: the two 45-degree lines from the front corners, out to the range, and the
  // range beyond the front edge (arcs about the corners, a line ahead).
  private fieldOfFire(st: StandInfo): SVGElement {
    const [fl, fr] = corners(st, st);
    const R = st.range, h = st.heading;
    const at = (c: [number, number], deg: number): string => {
      const [dx, dy] = dir(deg);
      return `${f3(c[0] + R * dx)} ${f3(c[1] + R * dy)}`;
    };
    // Both arcs turn clockwise in the table (to smaller angles): sweep-flag 0 in the group's own
    // coordinates, which are the table's.
    const d = `M ${f3(fl[0])} ${f3(fl[1])} L ${at(fl, h + 45)} A ${R} ${R} 0 0 0 ${at(fl, h)} ` +
      `L ${at(fr, h)} A ${R} ${R} 0 0 0 ${at(fr, h - 45)} L ${f3(fr[0])} ${f3(fr[1])} Z`;
    return s("g", { class: "fire-field" },
      s("path", { class: "fire-area", d }, s("title", {}, `field of fire: 45° out from each front corner, ${R}" from the front edge`)),
      s("line", { class: "fire-edge", x1: f3(fl[0]), y1: f3(fl[1]), x2: at(fl, h + 45).split(" ")[0], y2: at(fl, h + 45).split(" ")[1] }),
      s("line", { class: "fire-edge", x1: f3(fr[0]), y1: f3(fr[1]), x2: at(fr, h - 45).split(" ")[0], y2: at(fr, h - 45).split(" ")[1] }));
  }

  // A ghost of a stand at a pose (a choice's end pose while hovered), or none.
  showGhost(id: number | null, pose?: Pose | null, cls = "hover") {
    while (this.ghostLayer.firstChild) this.ghostLayer.removeChild(this.ghostLayer.firstChild);
    const st = this.stands.find((x) => x.id === id);
    if (!st || !pose) return;
    this.ghostLayer.appendChild(s("line", { class: "ghost-path", x1: f3(st.x), y1: f3(st.y), x2: f3(pose.x), y2: f3(pose.y) }));
    const g = this.rectOf(st, pose, `ghost ${cls} side-${st.side}`);
    g.style.setProperty("--side", QUINN_SIDE_FILL[st.side] ?? "#666");
    g.setAttribute("data-ghost", String(st.id));
    this.ghostLayer.appendChild(g);
    const moved = Math.hypot(pose.x - st.x, pose.y - st.y);
    this.ghostLayer.appendChild(this.text(pose.x, pose.y + Math.max(st.width, st.depth) / 2 + 0.5,
      `${pose.heading}° · ${moved.toFixed(1)}"`, "ghost-text"));
  }

  // ---- Dragging -------------------------------------------------------------------------------

  private toTable(e: { clientX: number; clientY: number }): [number, number] | null {
    const ctm = this.root.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  private dragStart(e: PointerEvent, st: StandInfo) {
    if (e.button !== 0) return;
    const at = this.toTable(e);
    if (!at) return;
    e.preventDefault();
    const start = { x: st.x, y: st.y, heading: st.heading };
    this.drag = { id: st.id, start, pose: { ...start }, px: at[0], py: at[1], moved: false, pointer: e.pointerId };
    try {
      this.svg.setPointerCapture(e.pointerId);
    } catch {
      /* a synthetic pointer cannot be captured: the drawing still gets its moves */
    }
  }

  private dragMove(e: PointerEvent) {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    const at = this.toTable(e);
    if (!at) return;
    const dx = at[0] - d.px, dy = at[1] - d.py;
    if (!d.moved) {
      // A stand that may not move is not dragged; a small wobble is still a click.
      if (!this.opt.draggable.has(d.id) || Math.hypot(dx, dy) < 0.25) return;
      d.moved = true;
      this.svg.classList.add("dragging");
      document.addEventListener("keydown", this.keyListener, true);
    }
    d.pose = { x: d.start.x + dx, y: d.start.y + dy, heading: d.pose.heading };
    this.showGhost(d.id, d.pose, "drag");
  }

  private turnGhost(deg: number) {
    const d = this.drag;
    if (!d) return;
    d.pose = { ...d.pose, heading: (((d.pose.heading + deg) % 360) + 360) % 360 };
    this.showGhost(d.id, d.pose, "drag");
  }

  private dragKey(e: KeyboardEvent) {
    if (!this.drag?.moved) return;
    if (e.key === "[" || e.key === "]") {
      this.turnGhost(e.key === "[" ? 15 : -15);
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === "Escape") {
      e.stopPropagation();
      this.endDrag();
    }
  }

  private endDrag() {
    this.drag = null;
    this.svg.classList.remove("dragging");
    document.removeEventListener("keydown", this.keyListener, true);
    this.showGhost(null);
  }

  private dragEnd(e: PointerEvent, cancelled: boolean) {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    const moved = d.moved;
    const pose = { x: Math.round(d.pose.x * 1000) / 1000, y: Math.round(d.pose.y * 1000) / 1000, heading: d.pose.heading };
    this.endDrag();
    if (cancelled) return;
    if (!moved) this.opt.onStand?.(d.id);
    else {
      // The ghost stays where it was dropped until the server answers.
      this.showGhost(d.id, pose, "drag dropped");
      this.opt.onDrop?.(d.id, pose);
    }
  }
}
