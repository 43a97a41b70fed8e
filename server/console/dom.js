// A tiny DOM builder: h("p", {class: "x"}, "text", child). Text is always set as text, never as HTML.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "value") node.value = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export function when(moment) {
  if (!moment) return "";
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? String(moment) : date.toISOString().replace("T", " ").slice(0, 19) + "Z";
}

export function problemBox(error) {
  const code = error.code ? h("code", {}, error.code) : null;
  return h("div", { class: "problem", role: "alert" }, h("strong", {}, `Refused (${error.status ?? "error"})`), " ", code, " ", error.detail ?? String(error));
}

export function note(text, kind = "ok") {
  return h("div", { class: `note ${kind}`, role: "status" }, text);
}
