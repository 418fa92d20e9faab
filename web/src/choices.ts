// How the view's choices map onto the board: which hex a choice starts from (a unit that moves
// or battles), which hex it ends on (an order, a move's destination, a target, a retreat hex),
// and the marks drawn for them. A choice with no hex (done, stand, evade, battle back, …) is a
// button of the panel.
import type { Choice } from "./api";
import type { Mark } from "./board";
import { percent } from "./dom";

const FROM_TYPES = new Set(["move-unit", "move-leader", "battle", "balk-retreat", "reserve-step"]);

export function fromHex(c: Choice): string | null {
  return FROM_TYPES.has(c.action?.type) && typeof c.action.from === "string" ? c.action.from : null;
}

export function destHex(c: Choice): string | null {
  const a = c.action ?? {};
  switch (a.type) {
    case "order-unit":
    case "order-leader":
      return a.hex ?? null;
    case "move-unit":
    case "move-leader":
    case "evade-to":
    case "retreat-to":
    case "extra-hex":
    case "balk-retreat":
    case "reserve-step":
    case "reserve-leader-to":
    case "place-reserve":
    case "place-leader":
      return a.to && a.to !== "off" ? a.to : null;
    case "battle":
    case "bonus-combat":
      return a.target ?? null;
    default:
      return null;
  }
}

export function onBoard(c: Choice): boolean {
  return fromHex(c) !== null || destHex(c) !== null;
}

export function isBattle(c: Choice): boolean {
  return c.action?.type === "battle" || c.action?.type === "bonus-combat";
}

export function oddsLabel(c: Choice): string | undefined {
  const d = c.details;
  if (!d) return undefined;
  if (d.hit === undefined || d.eliminate === undefined) return undefined;
  return `${d.dice}d ${percent(d.hit)}·${percent(d.eliminate)}`;
}

function add(marks: Map<string, Mark[]>, hex: string | null, m: Mark) {
  if (!hex) return;
  const list = marks.get(hex) ?? [];
  if (!list.some((x) => x.cls === m.cls && x.label === m.label)) list.push(m);
  marks.set(hex, list);
}

// The marks of the choices: with no hex selected, every hex a choice starts from or ends on;
// with one selected, the hexes its choices reach (and the odds of its targets).
export function choiceMarks(choices: Choice[], selected: string | null, marks: Map<string, Mark[]>) {
  if (selected) {
    add(marks, selected, { cls: "selected" });
    for (const c of choices)
      if (fromHex(c) === selected) add(marks, destHex(c), isBattle(c) ? { cls: "target", label: oddsLabel(c) } : { cls: "reach" });
    return;
  }
  for (const c of choices) {
    const f = fromHex(c);
    if (f) add(marks, f, { cls: "can" });
    else if (destHex(c)) add(marks, destHex(c), isBattle(c) ? { cls: "target", label: oddsLabel(c) } : { cls: "can" });
  }
}

// The hex a selection should start on when there is no other: every from-choice from one hex.
export function onlyFrom(choices: Choice[]): string | null {
  let only: string | null = null;
  for (const c of choices) {
    const f = fromHex(c);
    if (!f) continue;
    if (only && only !== f) return null;
    only = f;
  }
  return only;
}
