// The scrubber: any version (slider, arrow keys, previous/next), the start of a turn, or a moment; the GM's truth
// and a seat's view side by side (the seat's through `as_seat`, its own redaction), and the diff from the
// previous version.

import { api, game, query } from "./api.js";
import { clear, h, problemBox } from "./dom.js";
import { board } from "./board.js";
import { diffValues, renderChanges, renderState } from "./render.js";

function pane(title, state, rulesetId) {
  const meta = state.game;
  return [
    h("h2", {}, title),
    h("p", { class: "muted" }, `version ${state.version} of ${state.latest_version}; turn ${meta.turn}, ${meta.phase || "no phase"}, ${meta.status}${meta.paused_at ? ", paused" : ""}`),
    board(rulesetId, state.view),
    renderState(state.view),
  ];
}

export async function scrubPage(main, context) {
  const { id, isGm, meta } = context;
  let head = context.version;
  let version = head;
  const slider = h("input", { id: "version", type: "range", min: 1, max: head, value: head, "aria-label": "Version" });
  const shown = h("output", { for: "version", id: "version-shown" }, `v${head}`);
  const turnInput = h("input", { id: "jump-turn", type: "number", min: 1, max: 1000000, "aria-label": "Turn" });
  const timeInput = h("input", { id: "jump-time", type: "datetime-local", step: 1, "aria-label": "Time (UTC)" });
  const seats = (meta.seats || []).filter((s) => s.role !== "co_gm");
  const seatSelect = h("select", { id: "as-seat", "aria-label": "Seat view" }, h("option", { value: "" }, "no seat view"), seats.map((s) => h("option", { value: s.seat_id }, `${s.name} (${s.controls || s.role})`)));
  const left = h("section", { class: "pane", id: "gm-pane", "aria-live": "polite" });
  const right = h("section", { class: "pane", id: "seat-pane" });
  const diff = h("section", { id: "diff" });
  const message = h("div");
  let pending = null;

  async function show(target) {
    version = Math.min(Math.max(1, target), head);
    slider.value = version;
    shown.textContent = `v${version}`;
    clear(message);
    try {
      const seatAt = (v) => (isGm && seatSelect.value && v >= 1 ? api(`${game(id)}/state${query({ at_version: v, as_seat: seatSelect.value })}`) : null);
      const [truth, seatView, seatBefore, changes] = await Promise.all([
        api(`${game(id)}/state${query({ at_version: version })}`),
        seatAt(version),
        seatAt(version - 1),
        version > 1 ? api(`${game(id)}/diff${query({ from_version: version - 1, to_version: version })}`) : null,
      ]);
      clear(left, pane(isGm ? "GM's truth" : "Your view", truth, meta.ruleset_id));
      if (seatView) {
        const seat = seats.find((s) => s.seat_id === seatSelect.value);
        const name = seat ? seat.name : seatSelect.value;
        const seatChanges = seatBefore
          ? diffValues({ game: seatBefore.game, view: seatBefore.view }, { game: seatView.game, view: seatView.view })
          : [];
        clear(
          right,
          pane(`${name}'s view`, seatView, meta.ruleset_id),
          h("h3", {}, `What ${name} saw change`),
          h("div", { id: "seat-diff" }, renderChanges(seatChanges)),
        );
        right.hidden = false;
      } else {
        right.hidden = true;
      }
      clear(diff, h("h2", {}, version > 1 ? `What changed from v${version - 1} to v${version}` : "The first version"), changes ? renderChanges(changes.changes) : null);
    } catch (error) {
      clear(message, problemBox(error));
    }
  }
  const later = (target) => {
    clearTimeout(pending);
    pending = setTimeout(() => show(target), 120);
  };
  async function jump(params) {
    try {
      const state = await api(`${game(id)}/state${query(params)}`);
      show(state.version);
    } catch (error) {
      clear(message, problemBox(error));
    }
  }
  slider.addEventListener("input", () => later(Number(slider.value)));
  seatSelect.addEventListener("change", () => show(version));
  main.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowLeft" || event.key === "[") show(version - 1);
    if (event.key === "ArrowRight" || event.key === "]") show(version + 1);
  });
  main.append(
    h(
      "div",
      { class: "scrubber" },
      h("button", { type: "button", class: "secondary", id: "prev", onclick: () => show(version - 1), "aria-label": "Previous version" }, "< prev"),
      slider,
      h("button", { type: "button", class: "secondary", id: "next", onclick: () => show(version + 1), "aria-label": "Next version" }, "next >"),
      shown,
      h("form", { class: "filters", id: "turn-form", onsubmit: (e) => { e.preventDefault(); if (turnInput.value) jump({ at_turn: turnInput.value }); } }, turnInput, h("button", { type: "submit", class: "secondary" }, "Start of turn")),
      h("form", { class: "filters", id: "time-form", onsubmit: (e) => { e.preventDefault(); if (timeInput.value) jump({ at_time: `${timeInput.value.length === 16 ? `${timeInput.value}:00` : timeInput.value}Z` }); } }, timeInput, h("button", { type: "submit", class: "secondary" }, "At time (UTC)")),
      isGm ? seatSelect : null,
    ),
    h("p", { class: "muted" }, "Arrow keys or [ and ] step through versions; the slider moves too."),
    message,
    h("div", { class: "panes" }, left, right),
    diff,
  );
  right.hidden = true;
  if (isGm && seats.length) seatSelect.value = seats[0].seat_id;
  await show(head);
  return (envelope) => {
    const atHead = version === head;
    head = Math.max(head, envelope.version);
    slider.max = head;
    if (atHead) later(head);
  };
}
