// The console's only door to the server: the public REST API and its event stream, with the token kept in
// sessionStorage (never in a URL, never logged). Errors come back as `Problem`s (RFC 9457 problem+json).

const KEY = "pantheon.console.token";

export const session = {
  token: () => sessionStorage.getItem(KEY),
  signIn: (token) => sessionStorage.setItem(KEY, token),
  signOut: () => sessionStorage.removeItem(KEY),
};

export class Problem extends Error {
  constructor(status, body) {
    const detail = typeof body === "object" && body ? body.detail || body.title : String(body || "");
    super(`${status} ${detail}`);
    this.status = status;
    this.code = typeof body === "object" && body ? body.code || "" : "";
    this.detail = detail;
    this.body = body;
  }
}

export async function api(path, { method = "GET", body, headers = {}, raw = false } = {}) {
  const sent = { Authorization: `Bearer ${session.token()}`, ...headers };
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (raw && response.ok) return response;
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) throw new Problem(response.status, data);
  return data;
}

export function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const game = (id) => `/v1/games/${encodeURIComponent(id)}`;

// Live events: an EventSource opened with a stream ticket (the token never goes into its URL). SSE events are
// named after their type, so a listener is added per event type of the ruleset. On an error the source is closed
// and reopened with a fresh ticket after the last version seen.
export function follow(gameId, after, eventTypes, onEvent) {
  let source = null;
  let last = after;
  let stopped = false;
  let retry = null;
  const handle = (message) => {
    const envelope = JSON.parse(message.data);
    if (envelope.version <= last) return;
    last = envelope.version;
    onEvent(envelope);
  };
  async function open() {
    if (stopped) return;
    try {
      const { ticket } = await api(`${game(gameId)}/events/stream-ticket`, { method: "POST" });
      if (stopped) return;
      source = new EventSource(`${game(gameId)}/events/stream${query({ ticket, after: last })}`);
      source.onmessage = handle;
      for (const type of eventTypes) source.addEventListener(type, handle);
      source.onerror = () => {
        source.close();
        if (!stopped) retry = setTimeout(open, 3000);
      };
    } catch {
      if (!stopped) retry = setTimeout(open, 5000);
    }
  }
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    if (source) source.close();
  };
}
