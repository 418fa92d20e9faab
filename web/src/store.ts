// The games this browser plays, remembered in localStorage so that the lobby can list them: a
// seat link is the only key to a game, and a person who loses it cannot get back in.
import type { View } from "./api";

export interface MyGame {
  token: string;
  id: string;
  scenario: string;
  name: string;
  seat: string;
  opponent: string;
  started: string;
}

const KEY = "bgbot.games";

export function myGames(): MyGame[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((g) => typeof g?.token === "string") : [];
  } catch {
    return [];
  }
}

export function rememberGame(token: string, v: View) {
  const list = myGames().filter((g) => g.token !== token);
  const old = myGames().find((g) => g.token === token);
  list.unshift({
    token,
    id: v.id,
    scenario: v.scenario,
    name: v.scenario_name,
    seat: v.seat,
    opponent: v.opponent.kind === "bot" ? `bot ${v.opponent.spec}` : "a person",
    started: old?.started ?? new Date().toISOString().slice(0, 16).replace("T", " "),
  });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
}

export function forgetGame(token: string) {
  localStorage.setItem(KEY, JSON.stringify(myGames().filter((g) => g.token !== token)));
}
