// The lobby (/): a new battle (battle, side, opponent), the games this browser plays, and the
// finished games of the database to replay.
import { api, ApiError, Info, Json } from "./api";
import { clear, h } from "./dom";
import { forgetGame, myGames } from "./store";

export async function showLobby(root: HTMLElement, info: Info) {
  clear(root);
  const page = h("div", { class: "lobby" });
  root.appendChild(page);
  page.appendChild(h("header", { class: "lobby-head" }, h("h1", {}, "BoardGamesBot"),
    h("p", {}, `${info.game?.title ?? "Commands & Colors: Ancients"} — against the bot or a friend, now or by correspondence.`)));

  const scenarios = info.scenarios ?? [];
  const battle = h("select", { id: "battle", name: "battle" },
    ...scenarios.map((s) => h("option", { value: s.id }, `${s.id} ${s.name}${s.year ? ` (${s.year})` : ""}`))) as HTMLSelectElement;
  const side = h("select", { id: "side", name: "side" }) as HTMLSelectElement;
  const opponent = h("select", { id: "opponent", name: "opponent" },
    ...(info.levels ?? []).map((l) => h("option", { value: l.spec, selected: l.spec === "normal", title: l.help }, `Bot: ${l.spec}`)),
    h("option", { value: "person" }, "A second person (by a private link)")) as HTMLSelectElement;
  const name = h("input", { id: "name", name: "name", maxlength: 40, placeholder: "your name (optional)" }) as HTMLInputElement;
  // The Hellenistic module, for the battles that can take it (their options), set to the battle's default.
  const module = h("select", { id: "hellenistic", name: "hellenistic" },
    h("option", { value: "on" }, "on"), h("option", { value: "off" }, "off")) as HTMLSelectElement;
  const moduleLabel = h("label", { id: "hellenistic-label", title: "" }, "Hellenistic module ", module);
  let moduleFor = "";
  const about = h("div", { class: "battle-about" });
  const error = h("p", { class: "message", role: "alert" });

  const quinn = info.game?.name === "quinn";
  const wrg6 = info.game?.name === "wrg6";
  const describe = () => {
    const s = scenarios.find((x) => x.id === battle.value);
    const keep = side.value;
    clear(side);
    if (quinn) return describeQuinn(s as Json, keep);
    if (wrg6) return describeWrg6(s as Json, keep);
    side.appendChild(h("option", { value: "bottom" }, `${s?.bottom ?? "Bottom"} (bottom)`));
    side.appendChild(h("option", { value: "top" }, `${s?.top ?? "Top"} (top)`));
    if (keep) side.value = keep;
    clear(about);
    const opt = s?.options?.hellenistic;
    moduleLabel.style.display = opt ? "" : "none";
    if (opt && moduleFor !== s!.id) module.value = opt.default;  // a new battle: its default
    moduleFor = s?.id ?? "";
    if (opt) moduleLabel.title = opt.about;
    if (!s) return;
    const first = (s as Json).first;
    const btw = (s as Json).banners_to_win;
    about.appendChild(h("p", {}, `${s.top} (top) against ${s.bottom} (bottom)` +
      (btw ? `; ${btw.top} and ${btw.bottom} banners to win` : "") + (first ? `; the ${first === "top" ? s.top : s.bottom} side moves first.` : ".")));
    if (s.rules?.length) about.appendChild(h("ul", { class: "rules" }, ...s.rules.map((r) => h("li", {}, r))));
    if (opt) {
      // The module: its default, and what it brings in this battle (grades, commanders, troops).
      const on = module.value === "on";
      about.appendChild(h("p", { class: "module-about" }, h("b", {}, "Hellenistic module"),
        `: ${s.hellenistic === "on" ? "on by default" : "available, off by default"}; this game ${on ? "with" : "without"} it.`));
      if (on) {
        const army = (side: string) => (side === "top" ? s.top : s.bottom);
        const g = info.glossary;
        const leaders = (s.leaders ?? []).map((l) => `${l.name} (${l.grade ?? "c"}${l.commander ? ", Army Commander" : ""})`);
        const bySide = (side: string) => (s.leaders ?? []).map((l, i) => ({ l, t: leaders[i] })).filter((x) => x.l.side === side).map((x) => x.t);
        const items = ["top", "bottom"].filter((side) => bySide(side).length).map((side) => h("li", {}, `${army(side)}: ${bySide(side).join(", ")}`));
        for (const t of s.troops ?? [])
          items.push(h("li", {}, `${army(t.side)} ${g?.units?.[t.type]?.name ?? t.type} at ${t.hex}: ` +
            t.traits.map((x) => `${x} (${g?.traits?.[x]?.tag ?? x})`).join(", ")));
        about.appendChild(h("ul", { class: "rules module-list" }, ...items));
      }
    }
    const lvl = (info.levels ?? []).find((l) => l.spec === opponent.value);
    if (lvl) about.appendChild(h("p", { class: "level-help" }, `${lvl.spec}: ${lvl.help}`));
  };
  // Quinn: sides A and B by their armies' names; the scenario's words, armies, table and rounds.
  const describeQuinn = (s: Json, keep: string) => {
    moduleLabel.style.display = "none";
    const armies = s?.armies ?? {};
    for (const x of ["A", "B"]) side.appendChild(h("option", { value: x }, `${armies[x]?.name ?? x} (${x})`));
    side.value = keep === "A" || keep === "B" ? keep : "A";
    clear(about);
    if (!s) return;
    if (s.about) about.appendChild(h("p", {}, s.about));
    const army = (x: string) => {
      const a = armies[x] ?? {};
      const kinds = Object.entries(a.profiles ?? {}).map(([p, n]) => `${n} ${p}`).join(", ");
      return h("li", {}, `${a.name ?? x} (${x}): ${a.stands ?? "?"} stands (${kinds}); it breaks after losing ${a.break_point ?? "?"}`);
    };
    about.appendChild(h("ul", { class: "rules" }, army("A"), army("B"),
      h("li", {}, `A table of ${s.table?.width ?? 72}" x ${s.table?.depth ?? 48}"` + (s.rough ? ` with ${s.rough} pieces of rough ground` : ", open ground") +
        `; at most ${s.round_limit ?? "?"} rounds` + (s.successive_melee ? "; successive melee" : ""))));
    const lvl = (info.levels ?? []).find((l) => l.spec === opponent.value);
    if (lvl) about.appendChild(h("p", { class: "level-help" }, `${lvl.spec}: ${lvl.help}`));
  };
  // WRG: sides A and B by their armies' names; the scenario's words, armies (units, figures, troop
  // types), table, periods, terrain and the evasion rule in force.
  const describeWrg6 = (s: Json, keep: string) => {
    moduleLabel.style.display = "none";
    const armies = s?.armies ?? {};
    for (const x of ["A", "B"]) side.appendChild(h("option", { value: x }, `${armies[x]?.name ?? x} (${x})`));
    side.value = keep === "A" || keep === "B" ? keep : "A";
    clear(about);
    if (!s) return;
    if (s.about) about.appendChild(h("p", {}, s.about));
    const troop: Record<string, string> = { hi: "heavy infantry", mi: "medium infantry", li: "light infantry", hc: "heavy cavalry", lc: "light cavalry" };
    const army = (x: string) => {
      const a = armies[x] ?? {};
      const kinds = Object.entries(a.troops ?? {}).map(([t, n]) => `${n} ${troop[t] ?? t}`).join(", ");
      return h("li", {}, `${a.name ?? x} (${x}): ${a.units ?? "?"} units of ${a.figures ?? "?"} figures (${kinds})` +
        (x === "A" ? "; starts at the bottom edge, commits first in each step" : "; starts at the top edge"));
    };
    const evade = s.evade_rule === "b"
      ? "evasion (I-EVD b): the listed paces added to the normal move"
      : "evasion (I-EVD a): the listed paces and a die × 10 p";
    about.appendChild(h("ul", { class: "rules" }, army("A"), army("B"),
      h("li", {}, `A table of ${s.table?.width ?? "?"} x ${s.table?.depth ?? "?"} paces` +
        (s.terrain ? ` with ${s.terrain} piece${s.terrain === 1 ? "" : "s"} of terrain` : ", open ground") +
        `; at most ${s.period_limit ?? "?"} periods; ${evade}`),
      h("li", {}, "Each step of a period is simultaneous: both sides commit every unit, unseen by the other, then all is revealed and resolved.")));
    const lvl = (info.levels ?? []).find((l) => l.spec === opponent.value);
    if (lvl) about.appendChild(h("p", { class: "level-help" }, `${lvl.spec}: ${lvl.help}`));
  };
  battle.addEventListener("change", describe);
  module.addEventListener("change", describe);
  opponent.addEventListener("change", describe);
  describe();

  const start = h("button", { id: "start", class: "primary" }, "Start the battle") as HTMLButtonElement;
  start.addEventListener("click", async () => {
    start.disabled = true;
    error.textContent = "";
    try {
      const s = scenarios.find((x) => x.id === battle.value);
      const options = s?.options?.hellenistic ? { hellenistic: module.value } : undefined;
      const r = await api.start({ scenario: battle.value, side: side.value, opponent: opponent.value, name: name.value || undefined, options });
      if (r.join) localStorage.setItem(`bgbot.join.${r.token}`, r.join);
      location.href = `/play/${r.token}`;
    } catch (e) {
      error.textContent = e instanceof ApiError ? e.message : String(e);
      start.disabled = false;
    }
  });

  page.appendChild(h("section", { class: "new-game" }, h("h2", {}, "A new battle"),
    h("div", { class: "form" },
      h("label", {}, "Battle ", battle), h("label", {}, "Your side ", side),
      h("label", {}, "Opponent ", opponent), moduleLabel, h("label", {}, "Name ", name)),
    about, start, error));

  const mine = myGames();
  if (mine.length) {
    const list = h("ul", { class: "my-games" });
    for (const g of mine) {
      list.appendChild(h("li", {},
        h("a", { href: `/play/${g.token}` }, `${g.scenario} ${g.name}`),
        ` — ${g.seat}, against ${g.opponent}, ${g.started} `,
        h("button", { class: "link", title: "forget this game in this browser (the link still works)",
          onclick: () => { forgetGame(g.token); void showLobby(root, info); } }, "forget")));
    }
    page.appendChild(h("section", {}, h("h2", {}, "Your games"), h("p", { class: "small" },
      "Kept in this browser. Each link is the only key to its seat: bookmark it to play from elsewhere."), list));
  }

  const replays = h("section", { class: "replays" }, h("h2", {}, "Finished games"), h("p", { class: "small" }, "Loading…"));
  page.appendChild(replays);
  try {
    const list = await api.replays();
    clear(replays);
    replays.appendChild(h("h2", {}, "Finished games"));
    if (!list.length) replays.appendChild(h("p", { class: "small" }, "None yet."));
    else
      replays.appendChild(h("table", { class: "replay-list" },
        h("tr", {}, h("th", {}, "battle"), h("th", {}, quinn || wrg6 ? "players (A, B)" : "players (top, bottom)"), h("th", {}, "winner"), h("th", {}, wrg6 ? "enemy men downed (A–B)" : quinn ? "stands won" : "banners"), h("th", {}, wrg6 ? "periods" : "turns"), h("th", {}, "")),
        ...list.slice(0, 50).map((g: Json) => h("tr", {},
          h("td", {}, `${g.scenario} ${g.scenario_name}`), h("td", {}, (g.players ?? []).join(", ")),
          h("td", {}, g.winner || "draw"), h("td", {}, (g.score ?? []).join("–")), h("td", {}, String(g.turns)),
          h("td", {}, h("a", { href: `/replay/${g.id}` }, "replay"))))));
  } catch (e) {
    clear(replays);
    replays.appendChild(h("h2", {}, "Finished games"));
    replays.appendChild(h("p", { class: "message" }, e instanceof ApiError ? e.message : String(e)));
  }
}
