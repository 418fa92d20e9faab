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

// A face by its name (C&C), or a number (Quinn's d10 and d6): the number itself.
export function die(face: string | number): HTMLElement {
  if (typeof face === "number" || /^\d+$/.test(face))
    return h("span", { class: "die d-num", title: `rolled ${face}`, "data-face": String(face) }, String(face));
  const f = FACES[face] ?? { glyph: "?", cls: "", name: face };
  return h("span", { class: `die ${f.cls}`, title: f.name, "data-face": face }, f.glyph);
}

export function dice(faces: (string | number)[]): HTMLElement {
  return h("span", { class: "dice" }, ...faces.map(die));
}

// Log lines worth a person's eye are bolder; routine ones (turn end, card drawn) quieter.
const QUIET = new Set(["turn-end", "card-drawn", "ordered", "reshuffle", "hold", "hold-fire"]);
const LOUD = new Set(["unit-eliminated", "banner", "leader-killed", "victory", "draw", "card-played",
  "melee", "volley", "destroyed", "game-over", "flee"]);

// The engine's text starts with its section in brackets; the page shows the section apart.
export function plainText(text: string): string {
  return text.replace(/^\[[^\]]{1,24}\]\s*/, "");
}

// WRG's events name their rule ("W-RR", "I-CAS", "§3.5" the spec's section) and their unit (ids
// below 16 are side A's), not a side: their own quiet and loud kinds.
const WRG_QUIET = new Set(["commit", "order", "no-charge", "stop-pursuit", "follow-up"]);
const WRG_LOUD = new Set(["break", "rout", "routed-off", "destroyed", "shaken", "contact", "melee", "game-over", "shoot"]);

function wrgLine(e: LogEntry, rule: string, mySeat: string): HTMLElement {
  const unit = (e as { unit?: number }).unit;
  const side = typeof unit === "number" ? (unit < 16 ? "A" : "B") : "";
  const who = side ? (side === mySeat ? "mine" : "theirs") : "";
  const cls = ["log-line", "wrg", who, WRG_QUIET.has(e.type) ? "quiet" : "", WRG_LOUD.has(e.type) ? "loud" : "",
    e.type === "period" ? "period-line" : ""].join(" ");
  const spec = /^§/.test(rule);
  return h("li", { class: cls, "data-type": e.type, "data-n": e.n },
    h("span", { class: "section", title: spec ? `spec ${rule} (../shared/reference/later/wrg6.md)` : `rule ${rule} (docs/wrg6-rules.md)` }, rule),
    h("span", { class: "text" }, e.text),
    e.dice && e.dice.length ? dice(e.dice) : null);
}

export function logLine(e: LogEntry, mySeat: string): HTMLElement {
  const rule = (e as { rule?: unknown }).rule;
  if (typeof rule === "string" && e.section === undefined) return wrgLine(e, rule, mySeat);
  const who = e.side ? (e.side === mySeat ? "mine" : "theirs") : "";
  const cls = ["log-line", who, QUIET.has(e.type) ? "quiet" : "", LOUD.has(e.type) ? "loud" : ""].join(" ");
  // Sections: C&C's rule book by number, a card's own rule, or Quinn's rule ids (Q-MEL-1, I-FLEE).
  const numbered = /^§?\d/.test(e.section ?? ""), quinn = /^[QI]-/.test(e.section ?? "");
  return h("li", { class: cls, "data-type": e.type, "data-n": e.n },
    e.section ? h("span", { class: "section", title: numbered ? `rule book section ${e.section}` : quinn ? `rule ${e.section} (docs/quinn-rules.md)` : "the card's own rule" },
      numbered ? `§${e.section.replace(/^§/, "")}` : e.section) : null,
    h("span", { class: "text" }, plainText(e.text)),
    e.dice && e.dice.length ? dice(e.dice) : null,
    typeof e.total === "number" ? h("span", { class: "total", title: "the die and the modifiers" }, `= ${e.total}`) : null);
}
