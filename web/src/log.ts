// The rule log and the dice: each event with its rule-book section, each roll's faces drawn.
import { h } from "./dom";
import type { LogEntry } from "./api";

// The six faces of a C&C die: a unit-class symbol in its colour, the helmet, the flag, the swords.
const FACES: Record<string, { glyph: string; cls: string; name: string }> = {
  light: { glyph: "●", cls: "d-light", name: "light (green circle)" },
  medium: { glyph: "▲", cls: "d-medium", name: "medium (blue triangle)" },
  heavy: { glyph: "■", cls: "d-heavy", name: "heavy (red square)" },
  leader: { glyph: "H", cls: "d-leader", name: "leader (helmet)" },
  helmet: { glyph: "H", cls: "d-leader", name: "leader (helmet)" },
  flag: { glyph: "⚑", cls: "d-flag", name: "flag" },
  sword: { glyph: "⚔", cls: "d-sword", name: "crossed swords" },
};

export function die(face: string): HTMLElement {
  const f = FACES[face] ?? { glyph: "?", cls: "", name: face };
  return h("span", { class: `die ${f.cls}`, title: f.name, "data-face": face }, f.glyph);
}

export function dice(faces: string[]): HTMLElement {
  return h("span", { class: "dice" }, ...faces.map(die));
}

// Log lines worth a person's eye are bolder; routine ones (turn end, card drawn) quieter.
const QUIET = new Set(["turn-end", "card-drawn", "ordered", "reshuffle"]);
const LOUD = new Set(["unit-eliminated", "banner", "leader-killed", "victory", "draw", "card-played"]);

// The engine's text starts with its section in brackets; the page shows the section apart.
export function plainText(text: string): string {
  return text.replace(/^\[[^\]]{1,24}\]\s*/, "");
}

export function logLine(e: LogEntry, mySeat: string): HTMLElement {
  const who = e.side ? (e.side === mySeat ? "mine" : "theirs") : "";
  const cls = ["log-line", who, QUIET.has(e.type) ? "quiet" : "", LOUD.has(e.type) ? "loud" : ""].join(" ");
  return h("li", { class: cls, "data-type": e.type, "data-n": e.n },
    e.section ? h("span", { class: "section", title: /^§?\d/.test(e.section) ? `rule book section ${e.section}` : "the card's own rule" },
      /^§?\d/.test(e.section) ? `§${e.section.replace(/^§/, "")}` : e.section) : null,
    h("span", { class: "text" }, plainText(e.text)),
    e.dice && e.dice.length ? dice(e.dice) : null);
}
