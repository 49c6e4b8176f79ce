// monsterbox web client: lobby, seat tokens kept in this tab's sessionStorage (one per table), live table over a
// WebSocket. Tokens travel as "Authorization: Bearer" headers, never in HTTP query strings.
"use strict";
const $ = (id) => document.getElementById(id);
let socket = null;

let version = 0;
function tokens() { return JSON.parse(sessionStorage.getItem("monsterbox-tokens") || "{}"); }
function saveToken(game, seat, token) {
  const t = tokens(); t[game] = { seat: seat, token: token }; sessionStorage.setItem("monsterbox-tokens", JSON.stringify(t));
}
function auth(id) { const t = tokens()[id]; return t ? { Authorization: "Bearer " + t.token } : {}; }

async function api(path, options) {
  const opts = Object.assign({}, options || {});
  opts.headers = Object.assign({ "Content-Type": "application/json" }, opts.headers || {});
  const res = await fetch(path, opts);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || JSON.stringify(body.detail || body));
  return body;
}

async function showLobby() {
  if (socket) { socket.close(); socket = null; }
  $("lobby").hidden = false; $("table").hidden = true; $("status").textContent = "";
  const games = (await api("/api/games")).games;
  $("games").textContent = "";
  for (const g of games) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#game=" + g.id; a.textContent = `${g.game}, ${g.players} players, ${g.moves} moves, ${g.status} (${g.id})`;
    li.appendChild(a); $("games").appendChild(li);
  }
}

$("create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const players = Number(f.get("players"));
  const seats = ["human"].concat(Array(players - 1).fill(f.get("bots")));
  const req = { game: f.get("game"), players: players, seats: seats };
  if (f.get("seed")) { req.seed = Number(f.get("seed")); req.practice = true; }
  try {
    const res = await api("/api/games", { method: "POST", body: JSON.stringify(req) });
    saveToken(res.id, 0, res.tokens["0"]);
    const others = Object.entries(res.tokens).filter(([s]) => s !== "0");
    sessionStorage.setItem("monsterbox-invites-" + res.id, JSON.stringify(others));
    location.hash = "game=" + res.id;
  } catch (e) { $("create-error").textContent = e.message; }
});

function render(state) {
  version = state.version;
  $("title").textContent = `${state.game} — table ${state.id}` + (state.seat !== null ? ` — you are seat ${state.seat}` : " — spectator");
  $("turn").textContent = state.over ? "Game over: winners " + JSON.stringify(state.result.winners) + ", scores " + JSON.stringify(state.result.scores)
    : (state.to_play === state.seat ? "Your turn" : `Seat ${state.to_play} to play`);
  $("actions").textContent = "";
  for (const a of state.legal) {
    const b = document.createElement("button");
    b.textContent = a.text; b.title = a.id; b.dataset.action = a.id;
    b.addEventListener("click", () => play(state.id, a.id));
    $("actions").appendChild(b);
  }
  const view = Object.assign({}, state.view); const log = view.log || []; delete view.log;
  $("view").textContent = JSON.stringify(view, null, 1);
  $("board").innerHTML = renderView(state.game, state.view);
  $("log").textContent = "";
  const story = (state.story || []).map((e) => e.text);
  for (const line of story.slice().reverse()) {
    const li = document.createElement("li"); li.textContent = line; $("log").appendChild(li);
  }
}

async function play(id, action) {
  $("play-error").textContent = "";
  if (socket && socket.readyState === 1) { socket.send(JSON.stringify({ action: action, version: version })); return; }
  try { render(await api(`/api/games/${id}/actions`, { method: "POST", headers: auth(id), body: JSON.stringify({ action: action, version: version }) })); }
  catch (e) { $("play-error").textContent = e.message; }
}

async function showTable(id) {
  $("lobby").hidden = true; $("table").hidden = false;
  const t = tokens()[id];
  const q = t ? "?token=" + encodeURIComponent(t.token) : "";
  const invites = JSON.parse(sessionStorage.getItem("monsterbox-invites-" + id) || "[]");
  $("invites").textContent = "";
  for (const [s, tok] of invites) {
    const line = document.createElement("div"); const code = document.createElement("code");
    line.textContent = `Invite seat ${s}: `; code.textContent = `${location.origin}/#game=${id}&token=${tok}&seat=${s}`;
    line.appendChild(code); $("invites").appendChild(line);
  }
  try { render(await api(`/api/games/${id}`, { headers: auth(id) })); } catch (e) { $("play-error").textContent = e.message; return; }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws${q}`);
  socket.onmessage = (m) => { const s = JSON.parse(m.data); if (s.error) $("play-error").textContent = s.error; else { $("play-error").textContent = ""; render(s); } };
  $("status").textContent = "live";
  socket.onclose = () => { $("status").textContent = "offline"; };
}

function route() {
  const h = new URLSearchParams(location.hash.slice(1));
  const game = h.get("game");
  if (game && h.get("token")) saveToken(game, Number(h.get("seat")), h.get("token"));
  if (game) showTable(game); else showLobby();
}
window.addEventListener("hashchange", route);
$("home").addEventListener("click", (e) => { e.preventDefault(); location.hash = ""; });
route();
