// The timeline (every event, with its metadata, reverted ranges marked) and the audit (every command, accepted
// or refused) with the hash-chain check.

import { api, game, query } from "./api.js";
import { clear, h, note, problemBox, when } from "./dom.js";
import { short } from "./render.js";

const PAGE = 50;

function input(id, labelText, attrs = {}) {
  const control = h("input", { id, name: id, ...attrs });
  return [h("div", { class: "field" }, h("label", { for: id }, labelText), control), control];
}

function select(id, labelText, options) {
  const control = h("select", { id, name: id }, options.map(([value, text]) => h("option", { value }, text)));
  return [h("div", { class: "field" }, h("label", { for: id }, labelText), control), control];
}

function eventRow(e, isGm) {
  const m = e.metadata || {};
  const reason = e.data && (e.data.reason || e.data.ruling_reason);
  return h(
    "tr",
    { class: e.reverted ? "reverted" : "", "data-version": e.version, "data-type": e.type },
    h("td", {}, e.version),
    h("td", {}, e.turn ?? ""),
    h("td", {}, h("strong", {}, e.type), e.entered_by ? h("div", { class: "badge" }, `entered by ${e.entered_by}`) : null),
    isGm ? h("td", {}, m.actor || "", m.seat_id ? ` (${m.seat_id})` : "", m.role ? h("div", { class: "muted" }, m.role) : null) : null,
    isGm ? h("td", {}, h("code", {}, m.token_id || "")) : null,
    h("td", {}, when(e.recorded_at)),
    isGm ? h("td", {}, h("code", { title: m.correlation_id || "" }, (m.correlation_id || "").slice(0, 8))) : null,
    h("td", { class: "data" }, reason ? h("div", {}, h("em", {}, "reason: "), reason) : null, h("code", {}, short(e.data))),
    h("td", { class: "why" }, e.reverted ? h("span", { class: "badge bad" }, `reverted at v${e.reverted.at} by ${e.reverted.by}: ${e.reverted.reason}`) : ""),
  );
}

// A rollback at version `at` reverted versions to_version + 1 to at - 1 (the events API marks each of them with
// `reverted.at`); its own event says where it went back to. Fetched once per rollback; null if not visible.
async function rollbackTarget(id, at, cache) {
  if (!cache.has(at)) {
    try {
      const page = await api(`${game(id)}/events${query({ after: at - 1, limit: 1 })}`);
      const event = page.events[0];
      cache.set(at, event && event.version === at && event.type === "TimelineReverted" ? event.data.to_version : null);
    } catch {
      return null; // asked again on the next load
    }
  }
  return cache.get(at);
}

function rangeRow(reverted, target, shown, columns) {
  const first = typeof target === "number" ? target + 1 : shown; // else: the first one this page shows
  const label = `Versions ${first}\u2013${reverted.at - 1} reverted by the rollback at v${reverted.at} (reason: ${reverted.reason}, by ${reverted.by})`;
  return h("tr", { class: "reverted-range", "data-rollback": reverted.at }, h("th", { colspan: columns, scope: "rowgroup" }, label));
}

// The page's rows, with a band before each run of events one rollback reverted.
async function timelineRows(id, events, isGm, columns, cache) {
  const rows = [];
  let previous = null;
  for (const e of events) {
    if (e.reverted && (!previous || !previous.reverted || previous.reverted.at !== e.reverted.at)) {
      rows.push(rangeRow(e.reverted, await rollbackTarget(id, e.reverted.at, cache), e.version, columns));
    }
    rows.push(eventRow(e, isGm));
    previous = e;
  }
  return rows;
}

export async function timelinePage(main, context) {
  const { id, isGm, eventTypes } = context;
  const [turnField, turn] = input("f-turn", "Turn", { type: "number", min: 0, max: 1000000 });
  const [typeField, type] = select("f-type", "Type", [["", "any"], ...eventTypes.sort().map((t) => [t, t])]);
  const seats = context.meta.seats || [];
  const [seatField, seat] = select("f-seat", "Seat", [["", "any"], ...seats.map((s) => [s.seat_id, `${s.name} (${s.seat_id})`])]);
  const [actorField, actor] = input("f-actor", "Actor", { maxlength: 200, placeholder: "gm:..., seat:..." });
  const [phaseField, phaseInput] = input("f-phase", "Phase", { maxlength: 64, placeholder: "orders" });
  const [revertedField, reverted] = select("f-reverted", "Reverted", [["", "all"], ["true", "reverted only"], ["false", "standing only"]]);
  const body = h("tbody");
  const status = h("div", { class: "pager" });
  let after = Math.max(0, context.version - PAGE);
  let head = context.version;
  const targets = new Map();
  const headings = ["Version", "Turn", "Type", isGm && "Who", isGm && "Token", "When", isGm && "Correlation id", "Data", "Reverted"].filter(Boolean);

  async function load() {
    const params = { after, limit: PAGE, turn: turn.value, phase: phaseInput.value.trim(), type: type.value, reverted: reverted.value };
    if (isGm) Object.assign(params, { seat: seat.value, actor: actor.value.trim() });
    try {
      const page = await api(`${game(id)}/events${query(params)}`);
      head = page.head_version;
      clear(body, await timelineRows(id, page.events, isGm, headings.length, targets));
      if (!page.events.length) body.append(h("tr", {}, h("td", { colspan: 9 }, "No event in this range matches.")));
      clear(
        status,
        h("button", { type: "button", class: "secondary", onclick: () => { after = 0; load(); } }, "First"),
        h("button", { type: "button", class: "secondary", disabled: after === 0, onclick: () => { after = Math.max(0, after - PAGE); load(); } }, "Older"),
        h("span", {}, `versions ${after + 1} to ${page.next_after} of ${head}`),
        h("button", { type: "button", class: "secondary", disabled: !page.more, onclick: () => { after = page.next_after; load(); } }, "Newer"),
        h("button", { type: "button", class: "secondary", onclick: () => { after = Math.max(0, head - PAGE); load(); } }, "Latest"),
      );
    } catch (error) {
      clear(body, h("tr", {}, h("td", { colspan: 9 }, problemBox(error))));
    }
  }
  const filters = h(
    "form",
    { class: "filters", onsubmit: (e) => { e.preventDefault(); after = 0; load(); } },
    turnField,
    phaseField,
    typeField,
    isGm ? seatField : null,
    isGm ? actorField : null,
    revertedField,
    h("button", { type: "submit" }, "Filter"),
  );
  main.append(
    filters,
    status,
    h("div", { class: "table-wrap" }, h("table", { id: "timeline" }, h("thead", {}, h("tr", {}, headings.map((c) => h("th", { scope: "col" }, c)))), body)),
  );
  await load();
  return (envelope) => {
    head = Math.max(head, envelope.version);
    // A new event may mark earlier ones reverted: reload the page being shown when it is the latest one.
    if (after + PAGE >= envelope.version - 1 || envelope.type === "TimelineReverted") load();
  };
}

function auditRow(entry) {
  const refused = entry.outcome !== "accepted";
  return h(
    "tr",
    { "data-outcome": entry.outcome },
    h("td", {}, when(entry.recorded_at)),
    h("td", {}, h("strong", {}, entry.command_type)),
    h("td", {}, h("span", { class: `badge ${refused ? "bad" : "good"}` }, entry.outcome)),
    h("td", {}, entry.actor, entry.seat_id ? ` (${entry.seat_id})` : "", h("div", { class: "muted" }, entry.role)),
    h("td", {}, h("code", {}, entry.token_id || "")),
    h("td", {}, entry.turn ?? ""),
    h("td", {}, entry.first_version ? `v${entry.first_version}-${entry.last_version}` : ""),
    h("td", {}, refused ? [h("code", {}, entry.code || ""), " ", entry.message || ""] : [(entry.event_types || []).join(", "), entry.reason ? h("div", {}, h("em", {}, "reason: "), entry.reason) : null, entry.reverted ? h("span", { class: "badge bad" }, "reverted") : null]),
    h("td", {}, h("code", { title: entry.correlation_id || "" }, (entry.correlation_id || "").slice(0, 8))),
  );
}

export async function auditPage(main, context) {
  const { id } = context;
  const seats = context.meta.seats || [];
  const [seatField, seat] = select("a-seat", "Seat", [["", "any"], ...seats.map((s) => [s.seat_id, `${s.name} (${s.seat_id})`])]);
  const [typeField, type] = input("a-type", "Command", { maxlength: 64 });
  const [turnField, turn] = input("a-turn", "Turn", { type: "number", min: 0, max: 1000000 });
  const [outcomeField, outcome] = select("a-outcome", "Outcome", [["", "all"], ["accepted", "accepted"], ["rejected", "refused"]]);
  const body = h("tbody");
  const more = h("div", { class: "pager" });
  const integrity = h("div", { id: "integrity" });
  let cursor = null;

  async function load(append = false) {
    try {
      const page = await api(`${game(id)}/audit${query({ seat: seat.value, type: type.value.trim(), turn: turn.value, cursor, limit: 100 })}`);
      const rows = page.entries.filter((e) => !outcome.value || e.outcome === outcome.value).map(auditRow);
      if (append) body.append(...rows);
      else clear(body, rows);
      clear(more, page.next_cursor ? h("button", { type: "button", class: "secondary", onclick: () => { cursor = page.next_cursor; load(true); } }, "More") : h("span", { class: "muted" }, "End of the audit."));
    } catch (error) {
      clear(body, h("tr", {}, h("td", { colspan: 9 }, problemBox(error))));
    }
  }
  async function check() {
    try {
      const r = await api(`${game(id)}/integrity`);
      clear(
        integrity,
        r.ok
          ? note(`Hash chain intact: ${r.checked} events checked, head v${r.head_version} ${r.head_hash}.`)
          : note(`Hash chain BROKEN at version ${r.first_bad_version}: ${r.problem} (${r.checked} checked).`, "warn"),
      );
    } catch (error) {
      clear(integrity, problemBox(error));
    }
  }
  main.append(
    h("h2", {}, "Integrity"),
    h("button", { type: "button", id: "check-chain", onclick: check }, "Check the hash chain"),
    integrity,
    h("h2", {}, "Commands"),
    h("form", { class: "filters", onsubmit: (e) => { e.preventDefault(); cursor = null; load(); } }, seatField, typeField, turnField, outcomeField, h("button", { type: "submit" }, "Filter")),
    h(
      "div",
      { class: "table-wrap" },
      h("table", { id: "audit" }, h("thead", {}, h("tr", {}, ["When", "Command", "Outcome", "Who", "Token", "Turn", "Events", "Details", "Correlation id"].map((c) => h("th", { scope: "col" }, c)))), body),
    ),
    more,
  );
  await load();
  await check();
  return () => { cursor = null; load(); };
}
