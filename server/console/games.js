// The games the token may see (admin: all; GM: its game; seat: its game), with where each stands.

import { api, game } from "./api.js";
import { clear, h, when } from "./dom.js";

async function lastActivity(summary) {
  const page = await api(`${game(summary.game_id)}/events?after=${Math.max(0, summary.version - 1)}&limit=1`);
  return page.events.length ? page.events[0].recorded_at : null;
}

export async function gamesPage(main) {
  const games = [];
  let cursor = null;
  do {
    const page = await api(`/v1/games?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    games.push(...page.games);
    cursor = page.next_cursor;
  } while (cursor && games.length < 5000);
  const details = await Promise.all(games.map((g) => api(game(g.game_id))));
  const activity = await Promise.all(games.map(lastActivity));
  const role = details.length ? details[0].you.role : "signed in";
  const rows = games.map((g, i) => {
    const meta = details[i].game;
    return h(
      "tr",
      { "data-game": g.game_id },
      h("td", {}, h("a", { href: `#/game/${encodeURIComponent(g.game_id)}/timeline` }, g.name)),
      h("td", {}, `${g.ruleset_id} v${g.ruleset_version}`),
      h("td", {}, g.status),
      h("td", {}, g.turn),
      h("td", {}, g.phase || ""),
      h("td", {}, when(g.deadline)),
      h("td", {}, meta.paused_at ? h("span", { class: "badge bad" }, `paused since ${when(meta.paused_at)}`) : "no"),
      h("td", {}, g.seat_count),
      h("td", {}, when(activity[i])),
    );
  });
  clear(
    main,
    h("h1", {}, "Games"),
    games.length
      ? h(
          "div",
          { class: "table-wrap" },
          h(
            "table",
            { id: "games" },
            h("thead", {}, h("tr", {}, ["Game", "Ruleset", "Status", "Turn", "Phase", "Deadline", "Paused", "Seats", "Last activity"].map((c) => h("th", { scope: "col" }, c)))),
            h("tbody", {}, rows),
          ),
        )
      : h("p", {}, "No games yet. Create one with POST /v1/games (admin token); see the README's quick start."),
  );
  return { role };
}
