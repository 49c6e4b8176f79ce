// Talking to the server (docs/server-api.md): JSON over HTTP with the seat's bearer token, and a WebSocket that
// pushes the table's state at every change and reconnects by itself. A seat's token is kept in this tab
// (sessionStorage) and in "My tables" (localStorage, this browser only), so a seat survives closing its tab; it never
// goes into a URL's query string.

import { settings } from "./state.js";

const TOKEN = (id, seat) => `mb:token:${id}:${seat}`;
const INVITES = (id) => `mb:invites:${id}`;
const SEATS = "mb:seats";
const MAX_SEATS = 40;

function readSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(SEATS) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.id === "string" && Number.isInteger(x.seat)
      && typeof x.token === "string") : [];
  } catch (e) { return []; }
}
function writeSeats(list) {
  try { localStorage.setItem(SEATS, JSON.stringify(list.slice(0, MAX_SEATS))); } catch (e) { /* private mode */ }
}

export const tokens = {
  get(id, seat) {
    const here = sessionStorage.getItem(TOKEN(id, seat));
    if (here) return here;
    const kept = readSeats().find((x) => x.id === id && x.seat === seat);
    if (kept) { sessionStorage.setItem(TOKEN(id, seat), kept.token); return kept.token; }
    return null;
  },
  /** Keep a seat's token in this tab and in "My tables" (info: {game}), newest first. */
  set(id, seat, token, info) {
    sessionStorage.setItem(TOKEN(id, seat), token);
    const list = readSeats().filter((x) => !(x.id === id && x.seat === seat));
    const old = readSeats().find((x) => x.id === id && x.seat === seat) || {};
    list.unshift(Object.assign({ id, seat, token, at: Date.now() }, old.game ? { game: old.game } : {}, info || {}));
    writeSeats(list);
  },
  forget(id, seat) {
    sessionStorage.removeItem(TOKEN(id, seat));
    writeSeats(readSeats().filter((x) => !(x.id === id && x.seat === seat)));
  },
  /** Every seat this browser holds: [{id, seat, game?, at}], newest first (this tab's too). */
  all() {
    const out = readSeats().map(({ id, seat, game, at }) => ({ id, seat, game, at }));
    for (let i = 0; i < sessionStorage.length; i++) {
      const m = /^mb:token:([^:]+):(\d+)$/.exec(sessionStorage.key(i));
      if (m && !out.some((x) => x.id === m[1] && x.seat === Number(m[2]))) out.push({ id: m[1], seat: Number(m[2]) });
    }
    return out;
  },
  invites: (id) => JSON.parse(sessionStorage.getItem(INVITES(id)) || localStorage.getItem(INVITES(id)) || "{}"),
  setInvites(id, map) {
    sessionStorage.setItem(INVITES(id), JSON.stringify(map));
    try { localStorage.setItem(INVITES(id), JSON.stringify(map)); } catch (e) { /* private mode */ }
  },
};

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

/** The signed-in session's anti-forgery token (account.js sets it from /api/session and /api/me): sent with every
 * state-changing request, which the server refuses without it when the session cookie travels along. */
let csrfToken = null;
export function setCsrf(value) { csrfToken = value || null; }

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { "Accept-Language": settings.get().lang };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (csrfToken && method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "offline");
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || `HTTP ${res.status}`);
  return data;
}

/**
 * A live table: delivers every state the server pushes (one per move, bots' moves included) to onState, and the
 * connection's health to onStatus ("live", "reconnecting"). Reconnects with a growing delay after a restart.
 */
export class Connection {
  constructor(id, seat, token, onState, onStatus) {
    Object.assign(this, { id, seat, token, onState, onStatus, delay: 300, closed: false, ws: null });
    this.open();
  }

  open() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try { ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(this.id)}/ws?lang=${settings.get().lang}`); }
    catch (e) { this.retry(); return; }
    this.ws = ws;
    ws.onopen = () => {
      if (this.token) ws.send(JSON.stringify({ token: this.token }));
      this.delay = 300;
      this.onStatus("live");
      // the chat panel (chat.js) fetches what it missed while the socket was away
      window.dispatchEvent(new CustomEvent("mb:live", { detail: { id: this.id } }));
    };
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch (e) { return; }
      if (msg && msg.type === "chat") {  // new chat messages, pushed (server/chat.py): for the chat panel
        window.dispatchEvent(new CustomEvent("mb:chat", { detail: msg }));
        return;
      }
      if (msg && msg.error !== undefined) {
        // moves go over HTTP, so a refusal here is about the socket itself: only an unknown table matters
        if (msg.status === 404) this.onStatus("gone", msg.error);
        return;
      }
      if (msg && msg.id === this.id) {
        // a server that does not take the token on the socket pushes the public state: fetch this seat's own
        if (this.token && msg.seat !== this.seat) this.refresh();
        else this.onState(msg);
      }
    };
    ws.onclose = (ev) => {
      this.ws = null;
      if (this.closed) return;
      if (ev.code === 1001 && !this.token) {
        // a spectator of a table that was quiet for a long time (server: spectator_idle_seconds): no reconnection
        // until the reader asks for it (watchAgain), so an open tab costs the server nothing
        this.onStatus("quiet");
        return;
      }
      if (ev.code === 4503) {
        // the server is full (too many tables in memory, or this table's spectators): try again, slowly
        this.onStatus("full");
        this.retry(30000, 120000);
        return;
      }
      this.onStatus("reconnecting");
      this.retry();
    };
    ws.onerror = () => {};
  }

  /** Open again after a close (a reconnection) after this.delay, or at least ``min`` ms; delays grow to ``max``. */
  retry(min = 0, max = 2000) {
    clearTimeout(this.timer);
    this.delay = Math.max(this.delay, min);
    this.timer = setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, max);
  }

  /** A spectator's socket closed on a quiet table: open it again (the reader asked). */
  watchAgain() { if (!this.closed && !this.ws) { this.delay = 300; this.onStatus("reconnecting"); this.open(); } }

  /** This seat's state over HTTP; pushes that arrive meanwhile are folded into one more read. */
  async refresh() {
    if (this.refreshing) { this.again = true; return; }
    this.refreshing = true;
    try {
      do {
        this.again = false;
        this.onState(await api(`/api/games/${encodeURIComponent(this.id)}`, { token: this.token }));
      } while (this.again && !this.closed);
    } catch (e) {
      /* the socket's reconnection brings the state back */
    } finally {
      this.refreshing = false;
    }
  }

  close() { this.closed = true; clearTimeout(this.timer); if (this.ws) this.ws.close(); }
}

/**
 * A lobby socket that only speaks (server/turns.py: "/api/me/ws" for the account, "/api/turns/ws" for a guest's seats):
 * every message goes to onMessage; onOpen(ws) may send the first message. Reconnects with a growing delay, except
 * after a refusal (close codes 4400 to 4499: signed out, another site, too many pages), told to onRefused.
 */
export function lobbySocket(path, onMessage, onOpen, onRefused) {
  const self = { closed: false, ws: null, delay: 500, timer: null };
  function open() {
    if (self.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try { ws = new WebSocket(`${proto}://${location.host}${path}?lang=${settings.get().lang}`); }
    catch (e) { retry(); return; }
    self.ws = ws;
    ws.onopen = () => { self.delay = 500; if (onOpen) onOpen(ws); };
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch (e) { return; }
      if (msg && msg.error === undefined) onMessage(msg);
    };
    ws.onclose = (ev) => {
      self.ws = null;
      if (self.closed) return;
      if (ev.code >= 4400 && ev.code < 4500) { if (onRefused) onRefused(ev.code); return; }
      retry();
    };
    ws.onerror = () => {};
  }
  function retry() {
    clearTimeout(self.timer);
    self.timer = setTimeout(open, self.delay);
    self.delay = Math.min(self.delay * 2, 5000);
  }
  open();
  return { close() { self.closed = true; clearTimeout(self.timer); if (self.ws) self.ws.close(); } };
}
