// GM powers, each with a preview before it commits and a required reason: rollback, re-adjudication, fork,
// commands (deadlines, pause, dice entry... from the GM's available commands), orders by mail, seats, dice,
// export. Refusals are shown as the problem the API sent.

import { api, game, query } from "./api.js";
import { clear, h, note, problemBox } from "./dom.js";
import { commandForm, commandsOf } from "./form.js";
import { renderChanges, renderState, renderValue } from "./render.js";

const card = (title, ...children) => h("section", { class: "card" }, h("h2", {}, title), children);
const wide = (node) => {
  node.classList.add("wide");
  return node;
};

function field(id, text, control) {
  control.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, text), control);
}

function reasonInput(id) {
  return h("input", { id, required: true, maxlength: 1000, placeholder: "why (goes into the audit trail)" });
}

async function attempt(out, action) {
  clear(out, h("p", { class: "muted" }, "Working..."));
  try {
    await action();
  } catch (error) {
    clear(out, problemBox(error));
  }
}

function seatChoices(context) {
  const seats = context.meta.seats || [];
  return { seat_id: seats.map((s) => s.seat_id), seat: seats.map((s) => s.seat_id) };
}

// A command picker: a select of commands and the generated form of the chosen one.
function commandPicker(prefix, commands, choices) {
  let current = null;
  const holder = h("div");
  const select = h("select", { id: `${prefix}-type` }, commands.map((c) => h("option", { value: c.type }, c.type)));
  const pick = () => {
    const command = commands.find((c) => c.type === select.value);
    current = command ? commandForm(command, choices) : null;
    clear(holder, current ? current.node : h("p", {}, "No command."));
  };
  select.addEventListener("change", pick);
  pick();
  return { node: h("div", {}, field(`${prefix}-type`, "Command", select), holder), read: () => current && current.read(), select };
}

function rollbackCard(context) {
  const { id } = context;
  const target = h("input", { type: "number", min: 1, max: context.version, value: Math.max(1, context.version - 1) });
  const reason = reasonInput("rb-reason");
  const out = h("div", { id: "rollback-out" });
  const commit = h("button", { type: "button", class: "danger", id: "rb-commit", hidden: true }, "Commit rollback");
  async function preview() {
    await attempt(out, async () => {
      const page = await api(`${game(id)}/events${query({ after: target.value, limit: 1000, reverted: false })}`);
      commit.hidden = !page.events.length;
      clear(
        out,
        h("p", { id: "rb-preview" }, page.events.length ? `${page.events.length} event(s) after version ${target.value} will be marked reverted:` : "Nothing after this version: nothing to revert."),
        h("ul", {}, page.events.map((e) => h("li", {}, `v${e.version} turn ${e.turn ?? ""}: ${e.type}`))),
      );
    });
  }
  commit.addEventListener("click", () =>
    attempt(out, async () => {
      const done = await api(`${game(id)}/rollback`, { method: "POST", body: { to_version: Number(target.value), reason: reason.value } });
      commit.hidden = true;
      clear(out, note(`Rolled back to version ${target.value}; the game is now at version ${done.version}.`));
    }),
  );
  return card(
    "Rollback",
    h("p", { class: "muted" }, "Continue the game from an earlier version. The undone events stay in the history, marked reverted."),
    field("rb-version", "Back to version", target),
    field("rb-reason", "Reason", reason),
    h("button", { type: "button", class: "secondary", id: "rb-preview-button", onclick: preview }, "Preview"),
    " ",
    commit,
    out,
  );
}

function readjudicateCard(context, mailCommands) {
  const { id } = context;
  const seats = context.meta.seats || [];
  const turn = h("input", { type: "number", min: 1, max: 1000000, value: Math.max(1, context.meta.turn - 1) });
  const reason = reasonInput("ra-reason");
  const reroll = h("input", { type: "checkbox" });
  const orders = [];
  const list = h("div", { id: "ra-orders" });
  const out = h("div", { id: "readjudicate-out" });
  const commit = h("button", { type: "button", class: "danger", id: "ra-commit", hidden: true }, "Commit re-adjudication");
  const addOrder = () => {
    const n = orders.length;
    const seat = h("select", {}, seats.map((s) => h("option", { value: s.seat_id }, `${s.name} (${s.controls || s.role})`)));
    const picker = commandPicker(`ra-${n}`, mailCommands, seatChoices(context));
    const row = h("fieldset", { class: "nested" }, h("legend", {}, `Order ${n + 1}`), field(`ra-${n}-seat`, "For seat", seat), picker.node);
    const order = { read: () => ({ seat_id: seat.value, command: picker.read() }) };
    row.append(h("button", { type: "button", class: "small", onclick: () => { orders.splice(orders.indexOf(order), 1); row.remove(); } }, "remove order"));
    orders.push(order);
    list.append(row);
  };
  const body = (dryRun) => ({ reason: reason.value, dry_run: dryRun, reroll: reroll.checked, orders: orders.map((o) => o.read()) });
  const seatName = (key) => (seats.find((s) => s.seat_id === key) || {}).name || key;
  async function run(dryRun) {
    await attempt(out, async () => {
      const result = await api(`${game(id)}/turns/${Number(turn.value)}/readjudicate`, { method: "POST", body: body(dryRun) });
      const p = result.preview;
      commit.hidden = !dryRun;
      clear(
        out,
        dryRun ? h("p", { id: "ra-summary" }, `Dry run: turn ${turn.value} re-resolved from version ${p.closing_version} (${p.replayed_phases} phase(s), ${p.event_count} event(s)). Nothing was appended.`) : note(`Committed: the game is now at version ${result.committed.version}.`),
        Object.entries(p.changes).map(([viewer, changes]) => h("div", { class: "seat-diff", "data-viewer": viewer }, h("h3", {}, viewer === "gm" ? "GM" : seatName(viewer)), renderChanges(changes))),
      );
    });
  }
  commit.addEventListener("click", () => run(false));
  return card(
    "Re-adjudicate a turn",
    h("p", { class: "muted" }, "Re-run a turn's resolution with corrected or missing orders and the same dice (or fresh ones); the dry run shows what each seat would see change."),
    field("ra-turn", "Turn", turn),
    field("ra-reason", "Reason", reason),
    h("label", {}, reroll, " fresh dice (reroll)"),
    list,
    h("button", { type: "button", class: "small", id: "ra-add", onclick: addOrder }, "add an order"),
    h("div", { class: "pager" }, h("button", { type: "button", id: "ra-dry-run", onclick: () => run(true) }, "Dry run"), commit),
    out,
  );
}

function forkCard(context) {
  const at = h("input", { type: "number", min: 1, max: context.version, value: context.version });
  const name = h("input", { maxlength: 200, placeholder: "what if..." });
  const out = h("div");
  const go = () =>
    attempt(out, async () => {
      const fork = await api(`${game(context.id)}/fork`, { method: "POST", body: { at_version: Number(at.value), name: name.value || null } });
      const compare = h("div", { id: "fork-compare" });
      clear(
        out,
        note("Forked. The tokens below are shown once: keep them (sign in with the fork's GM token to open it)."),
        renderValue(fork),
        h("button", { type: "button", class: "secondary", onclick: () => attempt(compare, async () => {
          const diff = await api(`${game(context.id)}/diff${query({ from_version: Number(at.value), other_game: fork.game_id })}`);
          clear(compare, h("h3", {}, `This game at v${at.value} against the fork now`), renderChanges(diff.changes));
        }) }, "Compare with the fork"),
        compare,
      );
    });
  return card("Fork and compare", field("fork-at", "At version", at), field("fork-name", "Name", name), h("button", { type: "button", id: "fork-go", onclick: go }, "Fork"), h("div", { id: "fork-out" }, out));
}

function commandCard(context, title, commands, { onBehalf = false } = {}) {
  const { id } = context;
  const seats = context.meta.seats || [];
  const picker = commandPicker(onBehalf ? "mail" : "gmc", commands, seatChoices(context));
  const seat = h("select", {}, seats.map((s) => h("option", { value: s.seat_id }, `${s.name} (${s.controls || s.role})`)));
  const source = h("input", { maxlength: 200, placeholder: "mail received 12:03" });
  const out = h("div");
  const send = () =>
    attempt(out, async () => {
      const headers = { "Idempotency-Key": `console-${crypto.randomUUID()}` };
      if (onBehalf) Object.assign(headers, { "On-Behalf-Of": seat.value, "Order-Source": source.value });
      const done = await api(`${game(id)}/commands`, { method: "POST", body: picker.read(), headers });
      clear(out, note(`Accepted: the game is at version ${done.version} (${done.events.map((e) => e.type).join(", ") || "no visible event"}).`));
    });
  return card(
    title,
    onBehalf ? h("p", { class: "muted" }, "Key in a seat's order received by mail: checked as that seat's own, recorded as entered by you, with its source.") : null,
    onBehalf ? [field("mail-seat", "For seat", seat), field("mail-source", "Source", source)] : null,
    picker.node,
    h("button", { type: "button", id: onBehalf ? "mail-send" : "gmc-send", onclick: send }, "Send"),
    out,
  );
}

function seatsCard(context) {
  const name = h("input", { maxlength: 200, required: true });
  const role = h("select", {}, ["player", "bot", "observer", "co_gm"].map((r) => h("option", { value: r }, r)));
  const controls = h("input", { maxlength: 64 });
  const out = h("div");
  const add = () =>
    attempt(out, async () => {
      const seat = await api(`${game(context.id)}/seats`, { method: "POST", body: { name: name.value, role: role.value, controls: controls.value || null } });
      clear(out, note("Seat added. Its token is shown once: give it to the player."), renderValue(seat));
    });
  const listing = h("div", { id: "seat-list" }, renderValue(context.meta.seats || []));
  attempt(listing, async () => clear(listing, renderValue((await api(`${game(context.id)}/seats`)).seats.map(({ seat, ...rest }) => ({ ...seat, ...rest })))));
  const which = h("select", {}, (context.meta.seats || []).map((s) => h("option", { value: s.seat_id }, `${s.name} (${s.seat_id})`)));
  const why = reasonInput("token-reason");
  const tokenOut = h("div");
  const tokenAction = (path, done) => () =>
    attempt(tokenOut, async () => {
      const answer = await api(`${game(context.id)}/seats/${encodeURIComponent(which.value)}/${path}`, { method: "POST", body: { reason: why.value } });
      clear(tokenOut, note(done), renderValue(answer));
    });
  return card(
    "Seats",
    listing,
    h("h3", {}, "Tokens"),
    field("token-seat", "Seat", which),
    field("token-reason", "Reason", why),
    h(
      "div",
      { class: "pager" },
      h("button", { type: "button", class: "danger", onclick: tokenAction("token/revoke", "Token revoked: it stops working at once.") }, "Revoke token"),
      h("button", { type: "button", onclick: tokenAction("token", "New token issued (shown once); the old one no longer works.") }, "Reissue token"),
    ),
    tokenOut,
    h("h3", {}, "Add a seat"),
    field("seat-name", "Name", name),
    field("seat-role", "Role", role),
    field("seat-controls", "Controls", controls),
    h("button", { type: "button", onclick: add }, "Add seat"),
    out,
  );
}

function diceCard(context) {
  const out = h("div");
  const reason = reasonInput("dice-reason");
  const ledger = h("div");
  const load = () =>
    attempt(ledger, async () => {
      const report = await api(`${game(context.id)}/dice`);
      clear(ledger, renderState({ commitments: report.epochs, rolls: report.rolls.slice(-30), pending: report.pending, head_hash: report.head_hash }));
    });
  const reveal = () =>
    attempt(out, async () => {
      await api(`${game(context.id)}/dice/reveal`, { method: "POST", body: { reason: reason.value } });
      clear(out, note("Seed revealed; a new epoch began."));
      load();
    });
  load();
  return card("Dice", h("p", { class: "muted" }, "Ledger (last 30 rolls), commitments and revealed seeds. Enter physical dice with the EnterDice command above."), ledger, field("dice-reason", "Reason", reason), h("button", { type: "button", onclick: reveal }, "Reveal the current seed"), out);
}

function exportCard(context) {
  const out = h("div");
  const download = () =>
    attempt(out, async () => {
      const response = await api(`${game(context.id)}/export`, { raw: true });
      const url = URL.createObjectURL(await response.blob());
      const link = h("a", { href: url, download: `${context.id}.jsonl` }, "save");
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      clear(out, note("Export downloaded."));
    });
  return card("Export", h("p", { class: "muted" }, "The whole game as JSON Lines; check it with pantheon verify-dice."), h("button", { type: "button", onclick: download }, "Download export"), out);
}

export async function powersPage(main, context) {
  const available = await api(`${game(context.id)}/commands/available`);
  const all = commandsOf(context.ruleset.schemas.commands);
  const gmTypes = new Set(available.commands.map((c) => c.type));
  const gmCommands = all.filter((c) => gmTypes.has(c.type));
  const mailCommands = all.filter((c) => !c.description.startsWith("GM") && !gmTypes.has(c.type));
  main.append(
    h("p", { class: "muted" }, `Turn ${available.turn}, ${available.phase || "no phase"}; version ${available.version}; deadline ${available.deadline || "none"}.`),
    h(
      "div",
      { class: "cards" },
      rollbackCard(context),
      wide(readjudicateCard(context, mailCommands)),
      commandCard(context, "GM commands (deadlines, pause, late orders, dice...)", gmCommands),
      commandCard(context, "Orders by mail", mailCommands, { onBehalf: true }),
      forkCard(context),
      wide(seatsCard(context)),
      diceCard(context),
      exportCard(context),
    ),
  );
  return null;
}
