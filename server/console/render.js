// A readable rendering of any ruleset's state: objects as definition lists, lists of objects as tables, lists of
// plain values inline. Every value carries `data-path` (its JSON Pointer), so tests and people can tell exactly
// which field of the view is shown. Empty values (null) are left out: they are what a viewer may not see.

import { h } from "./dom.js";

const pointer = (path, key) => `${path}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;
const isPlain = (value) => value === null || typeof value !== "object";
const label = (key) => String(key).replaceAll("_", " ");

export function renderValue(value, path = "") {
  if (value === null || value === undefined) return h("span", { class: "none", "data-path": path }, "none");
  if (typeof value === "boolean") return h("span", { "data-path": path }, value ? "yes" : "no");
  if (isPlain(value)) return h("span", { "data-path": path }, String(value));
  if (Array.isArray(value)) return renderList(value, path);
  return renderObject(value, path);
}

function renderObject(object, path) {
  const entries = Object.entries(object).filter(([, v]) => v !== null && v !== undefined);
  if (!entries.length) return h("span", { class: "none", "data-path": path }, "empty");
  return h(
    "dl",
    { class: "fields", "data-path": path },
    entries.map(([key, value]) => [h("dt", {}, label(key)), h("dd", {}, renderValue(value, pointer(path, key)))]),
  );
}

function renderList(list, path) {
  if (!list.length) return h("span", { class: "none", "data-path": path }, "none");
  if (list.every(isPlain)) {
    return h("span", { class: "inline-list", "data-path": path }, list.map((v, i) => [i ? ", " : "", renderValue(v, pointer(path, i))]));
  }
  if (list.every((v) => v && typeof v === "object" && !Array.isArray(v))) return renderTable(list, path);
  return h("ol", { "data-path": path }, list.map((v, i) => h("li", {}, renderValue(v, pointer(path, i)))));
}

function renderTable(rows, path) {
  const columns = [];
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (value !== null && value !== undefined && !columns.includes(key)) columns.push(key);
    }
  }
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { "data-path": path },
      h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, label(c))))),
      h(
        "tbody",
        {},
        rows.map((row, i) =>
          h(
            "tr",
            {},
            columns.map((c) => h("td", {}, row[c] === null || row[c] === undefined ? "" : renderValue(row[c], pointer(pointer(path, i), c)))),
          ),
        ),
      ),
    ),
  );
}

// The top level of a view: one section per key, so a long state reads as chapters.
export function renderState(view, path = "") {
  const sections = Object.entries(view || {}).filter(([, v]) => v !== null && v !== undefined);
  return h(
    "div",
    { class: "state" },
    sections.map(([key, value]) =>
      isPlain(value)
        ? h("p", { class: "scalar" }, h("strong", {}, label(key), ": "), renderValue(value, pointer(path, key)))
        : h("details", { open: true }, h("summary", {}, label(key)), renderValue(value, pointer(path, key))),
    ),
  );
}

export function short(value) {
  if (value === undefined) return "";
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

// A structured diff: one row per changed path, before and after.
export function renderChanges(changes) {
  if (!changes.length) return h("p", { class: "muted" }, "No change.");
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "diff" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "where"), h("th", { scope: "col" }, "before"), h("th", { scope: "col" }, "after"))),
      h(
        "tbody",
        {},
        changes.map((c) =>
          h("tr", {}, h("td", {}, h("code", {}, c.path)), h("td", { class: "before" }, short(c.before)), h("td", { class: "after" }, short(c.after))),
        ),
      ),
    ),
  );
}

// The changes from one JSON value to another, as the server's diffs are: one {path, before, after} per changed leaf
// (a value added or removed has `before` or `after` undefined).
export function diffValues(before, after, path = "", out = []) {
  const container = (v) => v !== null && typeof v === "object";
  if (container(before) && container(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of keys) diffValues(before[key], after[key], pointer(path, key), out);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    out.push({ path, before, after });
  }
  return out;
}
