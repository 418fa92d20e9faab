// The battlefield in SVG: 9 rows of hexes (13 on even rows, 12 on odd rows shifted half a hex
// right, as the position format numbers them), terrain, the two section lines, units with their
// type, side colour and blocks, leaders, and the highlights of the choices. A seat sees the board
// from its own side: for the top seat it is turned half a circle, so that its army is at the
// bottom and its left is on the left; the hexes keep their true names ("row,col").
import { s, Attrs } from "./dom";
import type { Json } from "./api";

export const ROWS = 9;
const R = 30; // hex radius (centre to corner)
const W = Math.sqrt(3) * R; // hex width
const MARGIN = 8;
export const BOARD_W = 13 * W + 2 * MARGIN;
export const BOARD_H = (ROWS - 1) * 1.5 * R + 2 * R + 2 * MARGIN;

export function rowLength(r: number): number {
  return r % 2 === 0 ? 13 : 12;
}

export interface Hex {
  row: number;
  col: number;
}

export function parseHex(name: unknown): Hex | null {
  if (typeof name !== "string") return null;
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(name);
  if (!m) return null;
  const row = Number(m[1]), col = Number(m[2]);
  return row < ROWS && col < rowLength(row) ? { row, col } : null;
}

export function hexName(h: Hex): string {
  return `${h.row},${h.col}`;
}

// The centre of a hex on the screen: x2 counts half-hex steps across the row.
export function centre(h: Hex, flipped: boolean): [number, number] {
  let row = h.row, x2 = 2 * h.col + (h.row % 2);
  if (flipped) {
    row = ROWS - 1 - row;
    x2 = 24 - x2;
  }
  return [MARGIN + W / 2 + (x2 * W) / 2, MARGIN + R + row * 1.5 * R];
}

function corners(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

const TERRAIN_FILL: Record<string, string> = {
  plain: "#dfe6c4",
  broken: "#cbbf9a",
  forest: "#7fa86a",
  hill: "#c9a97a",
  sea: "#6f9fcf",
  river: "#7fb2dd",
  ford: "#a9cde6",
  rampart: "#b9a58c",
  camp: "#e4d2a8",
  lake: "#6f9fcf",
  steep: "#a98a66",
};

// A glyph per terrain, so that it reads without colour too.
const TERRAIN_GLYPH: Record<string, string> = {
  broken: "∴",
  forest: "♣",
  hill: "⌒",
  sea: "≈",
  river: "≈",
  ford: "≋",
  rampart: "▲",
  camp: "⌂",
  lake: "≈",
  steep: "^^",
};

export const SIDE_COLOUR: Record<string, string> = { top: "#9c2f2f", bottom: "#2d5b9a" };

// The unit's class as the block colour of the game: light green, medium blue, heavy red.
const CLASS_COLOUR: Record<string, string> = { light: "#3f8f3a", medium: "#2f62b5", heavy: "#b83a2e" };

export interface Mark {
  cls: string; // CSS class on the hex: "can", "picked", "selected", "target", "hint", "changed"
  label?: string; // a short text drawn on the hex (battle odds)
}

export interface BoardOptions {
  flipped: boolean;
  glossary: Json;
  marks: Map<string, Mark[]>;
  onHex?: (hex: string) => void;
}

// The Hellenistic module (docs/scenarios.md): is a sub-rule in force in the game of this scenario?
export function helRule(scenario: Json, rule: string): boolean {
  const m = scenario?.hellenistic;
  return !!m?.on && !(m.off ?? []).includes(rule);
}

// A trait's tag and effect from the glossary ("Comp", "ignores a sword or a flag ...").
export function traitText(glossary: Json, name: string): { tag: string; effect: string } {
  const t = glossary?.traits?.[name];
  return { tag: t?.tag ?? name, effect: t?.effect ?? "" };
}

// A leader's grade letter ("a".."d") and whether he is the Army Commander, as far as the module
// has them act in this game; a leader with no grade is a "c" under the module (H3.1).
export function leaderMarks(scenario: Json, index: number): { grade: string | null; commander: boolean } {
  const l = scenario?.leaders?.[index] ?? {};
  return {
    grade: helRule(scenario, "leader-grades") ? (l.grade ?? "c") : null,
    commander: helRule(scenario, "army-commander") && !!l.commander,
  };
}

// The words of a unit's hover title: its type, side, blocks, order flags and traits.
export function unitTitle(u: Json, glossary: Json): string {
  const info = glossary?.units?.[u.type] ?? {};
  const full: number = Math.max(info.blocks ?? 0, u.start_blocks ?? 0) || u.blocks;
  const flags: string[] = u.flags ?? [];
  const traits: string[] = u.traits ?? [];
  return `${info.name ?? u.type} (${u.side}), ${u.blocks} of ${full} blocks` + (flags.length ? ` · ${flags.join(", ")}` : "") +
    traits.map((t) => ` · ${t}: ${traitText(glossary, t).effect}`).join("");
}

// The words of a leader's hover title: name, side, grade and Army Commander.
export function leaderTitle(l: Json, index: number, scenario: Json, glossary: Json): string {
  const m = leaderMarks(scenario, index);
  let t = `${l.name} (leader, ${l.side})`;
  if (m.grade) t += ` · grade ${m.grade}, ${glossary?.grades?.[m.grade]?.name ?? ""}: ${glossary?.grades?.[m.grade]?.effect ?? ""}`;
  if (m.commander) t += ` · ${glossary?.commander ?? "the Army Commander"}`;
  return t;
}

// Draws the scenario's terrain and the state's pieces.
export function drawBoard(scenario: Json, state: Json, opt: BoardOptions): SVGElement {
  const svg = s("svg", {
    viewBox: `0 0 ${BOARD_W.toFixed(0)} ${BOARD_H.toFixed(0)}`,
    class: "board",
    role: "img",
    "aria-label": "The battlefield",
  });
  const terrain = new Map<string, Json>();
  for (const t of scenario.terrain ?? []) terrain.set(t.hex, t);
  // What a hex's tooltip says of its pieces (the pieces themselves take no pointer events).
  const pieceText = new Map<string, string>();
  const addText = (hex: string, t: string) => pieceText.set(hex, (pieceText.has(hex) ? pieceText.get(hex) + "\n" : "") + t);
  (state.units ?? []).forEach((u: Json) => { if (u.status === "alive" && typeof u.hex === "string") addText(u.hex, unitTitle(u, opt.glossary)); });
  (state.leaders ?? []).forEach((l: Json, i: number) => {
    if (l.status === "alive" && typeof l.hex === "string") addText(l.hex, leaderTitle(l, i, scenario, opt.glossary));
  });

  const hexLayer = s("g", { class: "hexes" });
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < rowLength(row); col++) {
      const name = `${row},${col}`;
      const [cx, cy] = centre({ row, col }, opt.flipped);
      const t = terrain.get(name);
      const kind: string = t?.terrain ?? "plain";
      const marks = opt.marks.get(name) ?? [];
      const cls = ["hex", `t-${kind}`, ...marks.map((m) => m.cls)].join(" ");
      const tname = opt.glossary?.terrain?.[kind]?.name ?? kind;
      const attrs: Attrs = { class: cls, "data-hex": name };
      if (opt.onHex) attrs.onclick = () => opt.onHex!(name);
      const g = s("g", attrs, s("title", {}, `${name} · ${tname}` + (pieceText.has(name) ? "\n" + pieceText.get(name) : "")));
      g.appendChild(s("polygon", { points: corners(cx, cy, R - 0.6), fill: TERRAIN_FILL[kind] ?? "#ddd", class: "cell" }));
      const glyph = TERRAIN_GLYPH[kind];
      if (glyph) g.appendChild(s("text", { x: cx - 13, y: cy - 12, class: "glyph" }, glyph));
      if (kind === "rampart" && t?.facing) {
        // The two forward hexsides of a rampart: toward row 0 ("up") or row 8, as the viewer sees it.
        const up = (t.facing === "up") !== opt.flipped;
        const y = up ? cy - R * 0.55 : cy + R * 0.55;
        g.appendChild(s("path", { d: `M${cx - W / 2 + 3},${y} L${cx},${up ? cy - R + 3 : cy + R - 3} L${cx + W / 2 - 3},${y}`, class: "rampart-edge" }));
      }
      g.appendChild(s("text", { x: cx, y: cy + R - 6, class: "coord" }, name));
      hexLayer.appendChild(g);
    }
  }
  svg.appendChild(hexLayer);

  // The section lines run through the hexes of columns 4 and 8 of the even rows.
  for (const x2 of [8, 16]) {
    const x = MARGIN + W / 2 + (x2 * W) / 2;
    svg.appendChild(s("line", { x1: x, y1: MARGIN / 2, x2: x, y2: BOARD_H - MARGIN / 2, class: "section-line" }));
  }

  const pieces = s("g", { class: "pieces" });
  (state.units ?? []).forEach((u: Json, i: number) => {
    if (u.status !== "alive") return;
    const h = parseHex(u.hex);
    if (!h) return;
    pieces.appendChild(drawUnit(u, i, h, opt));
  });
  // Leaders: a gold disc ringed in the side's colour; the grade letter on a white badge and a
  // star for the Army Commander while the Hellenistic module has them act.
  (state.leaders ?? []).forEach((l: Json, i: number) => {
    if (l.status !== "alive") return;
    const h = parseHex(l.hex);
    if (!h) return;
    const [cx, cy] = centre(h, opt.flipped);
    const alone = !(state.units ?? []).some((u: Json) => u.status === "alive" && u.hex === l.hex);
    const x = alone ? cx : cx + 15, y = alone ? cy : cy - 15;
    const r = alone ? 13 : 9;
    const m = leaderMarks(scenario, i);
    const g = s("g", { class: `leader side-${l.side}` + (m.commander ? " commander" : ""), "data-leader": i,
      "data-grade": m.grade ?? "" },
      s("title", {}, leaderTitle(l, i, scenario, opt.glossary)),
      s("circle", { cx: x, cy: y, r, fill: "#d8b441", stroke: SIDE_COLOUR[l.side], "stroke-width": 3 }),
      s("text", { x, y: y + (alone ? 4 : 3.5), class: alone ? "leader-name" : "leader-initial" }, alone ? l.name.slice(0, 4) : l.name.slice(0, 2)));
    if (m.grade) {
      // Up and left of the disc: clear of the unit's type code below it.
      const bx = x - r * 0.85, by = y - r * 0.7;
      g.appendChild(s("circle", { cx: bx, cy: by, r: 5.5, class: "grade-badge" }));
      g.appendChild(s("text", { x: bx, y: by + 2.6, class: "grade-letter" }, m.grade));
    }
    if (m.commander) g.appendChild(s("text", { x: x + r * 0.9, y: y - r * 0.7 + 3.5, class: "commander-star" }, "★"));
    pieces.appendChild(g);
  });
  svg.appendChild(pieces);

  // Labels (battle odds) above the pieces.
  const labels = s("g", { class: "labels" });
  for (const [name, marks] of opt.marks) {
    const h = parseHex(name);
    if (!h) continue;
    const label = marks.find((m) => m.label)?.label;
    if (!label) continue;
    const [cx, cy] = centre(h, opt.flipped);
    // At the top of the hex, above the unit's type.
    labels.appendChild(s("rect", { x: cx - 25, y: cy - 29, width: 50, height: 14, rx: 3, class: "odds-bg" }));
    labels.appendChild(s("text", { x: cx, y: cy - 18.5, class: "odds" }, label));
  }
  svg.appendChild(labels);
  return svg;
}

function drawUnit(u: Json, index: number, h: Hex, opt: BoardOptions): SVGElement {
  const [cx, cy] = centre(h, opt.flipped);
  const info = opt.glossary?.units?.[u.type] ?? {};
  // A trait unit may have more blocks than its type (Silver Shields: 5).
  const full: number = Math.max(info.blocks ?? 0, u.start_blocks ?? 0) || u.blocks;
  const flags: string[] = u.flags ?? [];
  const traits: string[] = u.traits ?? [];
  const g = s("g", { class: `unit side-${u.side}` + (flags.includes("ordered") ? " ordered" : ""), "data-unit": index, "data-hex": u.hex,
    "data-traits": traits.join(" ") },
    s("title", {}, unitTitle(u, opt.glossary)));
  g.appendChild(s("rect", { x: cx - 19, y: cy - 13, width: 38, height: 24, rx: 4, fill: SIDE_COLOUR[u.side] ?? "#555", class: "unit-body" }));
  g.appendChild(s("rect", { x: cx - 19, y: cy - 13, width: 6, height: 24, rx: 2, fill: CLASS_COLOUR[info.class] ?? "#777" }));
  g.appendChild(s("text", { x: cx + 3, y: cy + 3, class: "unit-type" }, u.type));
  // Blocks: filled for those left, hollow for those lost.
  const n = Math.max(full, u.blocks);
  const step = 7;
  const x0 = cx - ((n - 1) * step) / 2;
  for (let k = 0; k < n; k++)
    g.appendChild(s("circle", { cx: x0 + k * step, cy: cy + 16, r: 2.8, class: k < u.blocks ? "block" : "block lost" }));
  // Troop traits (the Hellenistic module's, a battle's own): their tags on a tab over the unit's
  // top edge, on the left (an attached leader sits on the right).
  if (traits.length) {
    const tag = traits.map((t) => traitText(opt.glossary, t).tag).join(" ");
    const w = Math.min(40, 6 + tag.length * 4.3);
    g.appendChild(s("rect", { x: cx - 21, y: cy - 20, width: w, height: 10, rx: 3, class: "trait-tab" }));
    g.appendChild(s("text", { x: cx - 21 + w / 2, y: cy - 12.4, class: "trait-tag" }, tag));
  }
  return g;
}
