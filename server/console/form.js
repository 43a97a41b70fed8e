// Forms generated from a command's JSON Schema (msgspec's: `$ref` into `$defs`, `anyOf` with null for optional
// fields, `enum` for literals). Enums become selects, integers number inputs with their bounds, booleans
// checkboxes, arrays and objects nested fieldsets. `read()` gives the command as JSON.

import { h } from "./dom.js";

function resolve(schema, defs) {
  let seen = 0;
  while (schema && schema.$ref && seen++ < 20) schema = defs[schema.$ref.split("/").pop()];
  return schema || {};
}

function nullable(schema, defs) {
  const options = schema.anyOf || schema.oneOf;
  if (!options) return { schema: resolve(schema, defs), optional: false };
  const rest = options.filter((o) => o.type !== "null");
  return { schema: rest.length === 1 ? resolve(rest[0], defs) : { anyOf: rest }, optional: rest.length < options.length };
}

let counter = 0;
const fieldId = () => `f${++counter}`;

// A field: { node, read() } where read() returns undefined for "left empty".
function field(name, schema, defs, required, choices) {
  const { schema: inner, optional } = nullable(schema, defs);
  const id = fieldId();
  const hint = [inner.description, optional || !required ? "optional" : ""].filter(Boolean).join("; ");
  const labelled = (control, extra = null) =>
    h("div", { class: "field" }, h("label", { for: id }, name), control, extra, hint ? h("small", {}, hint) : null);
  if (inner.enum) {
    const select = h("select", { id, name }, !required || optional ? h("option", { value: "" }, "") : null, inner.enum.map((v) => h("option", { value: JSON.stringify(v) }, String(v))));
    return { node: labelled(select), read: () => (select.value === "" ? undefined : JSON.parse(select.value)) };
  }
  if (inner.type === "boolean") {
    const box = h("input", { id, name, type: "checkbox" });
    if (inner.default === true) box.checked = true;
    return { node: labelled(box), read: () => box.checked };
  }
  if (inner.type === "integer" || inner.type === "number") {
    const input = h("input", {
      id,
      name,
      type: "number",
      step: inner.type === "integer" ? 1 : "any",
      min: inner.minimum ?? inner.exclusiveMinimum,
      max: inner.maximum ?? inner.exclusiveMaximum,
      value: inner.default ?? "",
      required: required && !optional,
    });
    return { node: labelled(input), read: () => (input.value === "" ? undefined : Number(input.value)) };
  }
  if (inner.type === "array") return arrayField(name, inner, defs, id, hint);
  if (inner.type === "object" || inner.properties) {
    const nested = objectFields(inner, defs, choices);
    return { node: h("fieldset", { class: "nested" }, h("legend", {}, name), hint ? h("small", {}, hint) : null, nested.nodes), read: nested.read };
  }
  if (inner.anyOf) {
    const area = h("textarea", { id, name, rows: 2, placeholder: "JSON" });
    return { node: labelled(area), read: () => (area.value.trim() ? JSON.parse(area.value) : undefined) };
  }
  const known = choices[name];
  const input = h("input", {
    id,
    name,
    type: "text",
    placeholder: inner.format === "duration" ? "PT2H" : inner.format === "date-time" || /until|deadline|_at$/.test(name) ? "2030-01-01T12:00:00Z" : "",
    maxlength: inner.maxLength,
    value: inner.default ?? "",
    list: known ? `${id}-list` : null,
  });
  const list = known ? h("datalist", { id: `${id}-list` }, known.map((v) => h("option", { value: v }))) : null;
  return { node: labelled(input, list), read: () => (input.value === "" ? undefined : input.value) };
}

function arrayField(name, schema, defs, id, hint) {
  const items = [];
  const list = h("div", { class: "items" });
  const add = () => {
    const item = field(`${name}[${items.length}]`, schema.items || {}, defs, true, {});
    const row = h("div", { class: "item" }, item.node);
    const entry = { item, row };
    row.append(h("button", { type: "button", class: "small", onclick: () => { items.splice(items.indexOf(entry), 1); row.remove(); } }, "remove"));
    items.push(entry);
    list.append(row);
  };
  const node = h("fieldset", { class: "nested", id }, h("legend", {}, name), hint ? h("small", {}, hint) : null, list, h("button", { type: "button", class: "small", onclick: add }, `add to ${name}`));
  return { node, read: () => items.map((e) => e.item.read()).filter((v) => v !== undefined) };
}

function objectFields(schema, defs, choices) {
  const required = new Set(schema.required || []);
  const fields = Object.entries(schema.properties || {})
    .filter(([name]) => name !== "type")
    .map(([name, property]) => [name, field(name, property, defs, required.has(name), choices)]);
  return {
    nodes: fields.map(([, f]) => f.node),
    read: () => {
      const out = {};
      for (const [name, f] of fields) {
        const value = f.read();
        if (value !== undefined) out[name] = value;
      }
      return out;
    },
  };
}

// Every command of a schema (a single command's, or the ruleset's union): [{type, schema, defs, description}].
export function commandsOf(schema) {
  const defs = schema.$defs || {};
  const tops = schema.anyOf || schema.oneOf || [schema];
  return tops
    .map((top) => resolve(top, defs))
    .filter((s) => s.properties && s.properties.type && s.properties.type.enum)
    .map((s) => ({ type: s.properties.type.enum[0], schema: s, defs, description: s.description || "" }));
}

// A form for one command. `choices` suggests values by field name (e.g. seat ids for `seat_id`).
export function commandForm(command, choices = {}) {
  const fields = objectFields(command.schema, command.defs, choices);
  const node = h("div", { class: "command-form" }, command.description ? h("p", { class: "muted" }, command.description) : null, fields.nodes);
  return { node, read: () => ({ type: command.type, ...fields.read() }) };
}
