// The console: sign-in, then hash routes: #/ (games), #/game/<id>/<page>. Every page reads the public API only.

import { api, follow, game, Problem, session } from "./api.js";
import { clear, h, problemBox } from "./dom.js";
import { gamesPage } from "./games.js";
import { timelinePage, auditPage } from "./history.js";
import { scrubPage } from "./scrub.js";
import { powersPage } from "./powers.js";

const main = document.getElementById("main");
const nav = document.getElementById("game-nav");
const who = document.getElementById("who");
const signOut = document.getElementById("sign-out");

const PAGES = { timeline: timelinePage, scrub: scrubPage, audit: auditPage, powers: powersPage };
const TITLES = { timeline: "Timeline", scrub: "Scrubber", audit: "Audit", powers: "GM powers" };
const rulesetCache = {};

// What every page gets: the game, who the caller is, the ruleset's schemas, and live events.
export async function gameContext(id) {
  const detail = await api(game(id));
  const meta = detail.game;
  const key = `${meta.ruleset_id}@${meta.ruleset_version}`;
  rulesetCache[key] ||= await api(`/v1/rulesets/${encodeURIComponent(meta.ruleset_id)}?version=${meta.ruleset_version}`);
  const ruleset = rulesetCache[key];
  const isGm = detail.you.role === "gm" || detail.you.role === "admin";
  const eventTypes = Object.keys(ruleset.schemas.events.$defs || {});
  return { id, detail, meta, ruleset, isGm, eventTypes, version: detail.version };
}

let stopLive = () => {};

function signInPage(message) {
  const input = h("input", { id: "token", type: "password", autocomplete: "off", required: true, placeholder: "pnt_..." });
  const form = h(
    "form",
    { class: "signin card", onsubmit: (e) => { e.preventDefault(); session.signIn(input.value.trim()); route(); } },
    h("h1", {}, "Sign in"),
    h("p", {}, "Paste a token: the admin token printed by ", h("code", {}, "pantheon serve"), ", a game's GM token, or a seat's token (a read-only player's view). It is kept in this tab only (sessionStorage) and sent as a bearer header, never in a URL."),
    h("div", { class: "field" }, h("label", { for: "token" }, "Token"), input),
    h("button", { type: "submit" }, "Sign in"),
    message ? problemBox(message) : null,
  );
  clear(main, form);
  input.focus();
}

function gameNav(id, current, isGm) {
  const pages = isGm ? Object.keys(TITLES) : ["timeline", "scrub"];
  clear(
    nav,
    h("a", { href: "#/" }, "All games"),
    pages.map((page) => h("a", { href: `#/game/${encodeURIComponent(id)}/${page}`, "aria-current": page === current ? "page" : null }, TITLES[page])),
  );
  nav.hidden = false;
}

async function route() {
  stopLive();
  stopLive = () => {};
  if (!session.token()) {
    nav.hidden = true;
    signOut.hidden = true;
    who.textContent = "";
    signInPage();
    return;
  }
  signOut.hidden = false;
  const [, kind, id, page = "timeline"] = location.hash.replace(/^#\/?/, "#/").split("/").map(decodeURIComponent);
  try {
    if (kind !== "game" || !id) {
      nav.hidden = true;
      clear(main, h("p", {}, "Loading games..."));
      const games = await gamesPage(main);
      who.textContent = games.role;
      return;
    }
    const context = await gameContext(id);
    who.textContent = `${context.detail.you.role}${context.detail.you.seat_id ? ` (${context.detail.you.seat_id})` : ""}`;
    const show = PAGES[page] && (context.isGm || page === "timeline" || page === "scrub") ? page : "timeline";
    gameNav(id, show, context.isGm);
    clear(main, h("h1", {}, `${context.meta.name}: ${TITLES[show]}`));
    const live = await PAGES[show](main, context);
    if (live) stopLive = follow(id, context.version, context.eventTypes, live);
  } catch (error) {
    if (error instanceof Problem && error.status === 401) {
      session.signOut();
      signInPage(error);
      return;
    }
    clear(main, problemBox(error));
  }
}

signOut.addEventListener("click", () => {
  session.signOut();
  location.hash = "#/";
  route();
});
window.addEventListener("hashchange", route);
route();
