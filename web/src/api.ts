// The HTTP API of bgbot serve (docs/web.md), typed as far as the page reads it.
/* eslint-disable @typescript-eslint/no-explicit-any */

export type Json = any;

export interface Choice {
  id: number;
  text: string;
  action: Json;
  // C&C: a battle's dice and odds; Quinn: a charge's modifier, the chance of each result and its cost.
  details?: { dice?: number; hit?: number; eliminate?: number; modifier?: number; odds?: Record<string, number>; cost?: number };
}

export interface LogEntry {
  n: number;
  v: number;
  type: string;
  side: string | null;
  text: string;
  section: string;
  dice?: (string | number)[]; // C&C: the faces' names; Quinn: the numbers rolled
  total?: number; // Quinn: a melee's or volley's total
}

export interface View {
  game: string;
  id: string;
  scenario: string;
  scenario_name: string;
  options?: Record<string, string>; // the game's options in force (C&C: {"hellenistic": "on"})
  seat: string;
  opponent: { kind: "bot"; spec: string } | { kind: "person"; joined: boolean; name: string };
  version: number;
  status: Json;
  position: Json;
  to_move: boolean;
  choices: Choice[];
  picks: { text: string; action: Json }[];
  thinking: { seat: string; ms: number } | null;
  win_chance: number | null;
  log: LogEntry[];
  log_size: number;
  undoable: number;
  result?: { winner: string; draw: boolean; score: Record<string, number>; seed: string };
  frames?: { v: number; state: Json }[];
  // What the game adds about the position (C&C: "reach", each unit's best battle against each
  // piece it could battle when next ordered alone, from the seat's own view).
  details?: { reach?: Reach[] };
}

// this_turn: a unit ordered in the move phase under way, reckoned for this turn under the card in force.
export interface Reach { unit: string; side: string; target: string; from: string; dice: number; close: boolean; this_turn?: boolean }

export interface Info {
  game: { name: string; title: string };
  // Each battle's facts (docs/web.md): with the Hellenistic module's use ("none", "available",
  // "on"), its leaders with grades and commanders, its units with troop traits, and the options
  // a new game of it may take (POST /api/games "options").
  scenarios: {
    id: string; name: string; year: string; top: string; bottom: string; rules: string[];
    hellenistic?: string; hellenistic_default?: boolean; module?: string;
    leaders?: { name: string; side: string; grade?: string; commander?: boolean }[];
    troops?: { hex: string; type: string; side: string; traits: string[] }[];
    options?: Record<string, { label: string; values: string[]; default: string; about: string }>;
  }[];
  levels: { spec: string; help: string }[];
  glossary: Json;
}

export class ApiError extends Error {
  constructor(public status: number, public code: string, message: string) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: Json): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "offline", "The server cannot be reached. Check the connection; the game is kept.");
  }
  let j: Json = null;
  try {
    j = await res.json();
  } catch {
    throw new ApiError(res.status, "bad_reply", `The server replied ${res.status} without JSON.`);
  }
  if (!res.ok) throw new ApiError(res.status, j?.error?.code ?? "error", j?.error?.message ?? `HTTP ${res.status}`);
  return j as T;
}

export const api = {
  info: () => call<Info>("GET", "/api/info"),
  start: (body: Json) => call<{ game: string; seat: string; token: string; join?: string }>("POST", "/api/games", body),
  view: (token: string, since: number, frames: number | null) =>
    call<View>("GET", `/api/seat/${token}?since=${since}` + (frames === null ? "" : `&frames=${frames}`)),
  // A decision: the reply is the new view with the log after `since` and the boards after `version`.
  act: (token: string, id: number, version: number, since: number) =>
    call<View>("POST", `/api/seat/${token}/act?since=${since}&frames=${version}`, { id, version }),
  // A decision as an action object the choices need not list (Quinn: a stand moved to any pose).
  actAction: (token: string, action: Json, version: number, since: number) =>
    call<View>("POST", `/api/seat/${token}/act?since=${since}&frames=${version}`, { action, version }),
  request: (token: string, what: "unpick" | "undo" | "resign", version: number, since: number) =>
    call<View>("POST", `/api/seat/${token}/${what}?since=${since}&frames=${version}`, { version }),
  hint: (token: string) =>
    call<{ win_chance: number; best: { id: number; text: string; win_chance: number }[] }>("GET", `/api/seat/${token}/hint`),
  record: (token: string) => call<{ record: Json }>("GET", `/api/seat/${token}/record`),
  replays: () => call<Json[]>("GET", "/api/replays"),
  replay: (id: number, step: number) => call<Json>("GET", `/api/replays/${id}?step=${step}`),
};
