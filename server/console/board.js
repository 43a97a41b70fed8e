// Purpose-made boards, by ruleset id. The Second Era: its lands by continent, with the tribes (and their gods),
// monsters and heroes on each.

import { h } from "./dom.js";

const PALETTE = ["#1f5fa8", "#a83a1f", "#2d7a2d", "#7a2d7a", "#8a6d00", "#1f7a7a"];

function secondEra(view) {
  const gods = view.gods || [];
  const colour = Object.fromEntries(gods.map((g, i) => [g.id, PALETTE[i % PALETTE.length]]));
  const godName = Object.fromEntries(gods.map((g) => [g.id, g.name]));
  const byLand = (items) => {
    const found = {};
    for (const item of items || []) (found[item.land] ||= []).push(item);
    return found;
  };
  const tribes = byLand(view.tribes);
  const monsters = byLand(view.monsters);
  const continents = {};
  for (const land of view.lands || []) (continents[land.continent] ||= []).push(land);
  return h(
    "section",
    { class: "board second-era", "aria-label": "Board: lands and tribes" },
    Object.entries(continents).map(([continent, lands]) =>
      h(
        "div",
        { class: "continent" },
        h("h3", {}, continent),
        h(
          "div",
          { class: "lands" },
          lands.map((land) =>
            h(
              "article",
              { class: `land element-${land.element}`, "data-land": land.id },
              h("h4", {}, land.name),
              h("p", { class: "muted" }, `${land.habitat}, ${land.element}`),
              (tribes[land.id] || []).map((t) =>
                h(
                  "p",
                  { class: `tribe${t.extinct ? " extinct" : ""}`, style: `border-left-color: ${colour[t.god] || "#555"}` },
                  h("strong", {}, t.name),
                  ` (${godName[t.god] || t.god}) `,
                  Object.entries(t.clans || {})
                    .filter(([, n]) => n)
                    .map(([role, n]) => `${n} ${role}`)
                    .join(", "),
                ),
              ),
              (monsters[land.id] || []).map((m) => h("p", { class: "monster" }, `monster: ${m.name || m.kind || m.id}`)),
            ),
          ),
        ),
      ),
    ),
  );
}

const BOARDS = { "second-era": secondEra };

export function board(rulesetId, view) {
  const draw = BOARDS[rulesetId];
  return draw && view ? draw(view) : null;
}
