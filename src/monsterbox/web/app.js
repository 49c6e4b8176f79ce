// monsterbox web client: lobby, seat tokens kept in localStorage, live table over a WebSocket.
"use strict";
const $ = (id) => document.getElementById(id);
let socket = null;

function tokens() { return JSON.parse(localStorage.getItem("monsterbox-tokens") || "{}"); }
function saveToken(game, seat, token) {
  const t = tokens(); t[game] = { seat: seat, token: token }; localStorage.setItem("monsterbox-tokens", JSON.stringify(t));
}

async function api(path, options) {
  const res = await fetch(path, Object.assign({ headers: { "Content-Type": "application/json" } }, options || {}));
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || JSON.stringify(body.detail || body));
  return body;
}

async function showLobby() {
  if (socket) { socket.close(); socket = null; }
  $("lobby").hidden = false; $("table").hidden = true; $("status").textContent = "";
  const games = await api("/api/games");
  $("games").innerHTML = "";
  for (const g of games.slice().reverse()) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#game=" + g.id; a.textContent = `${g.game}, ${g.players} players, ${g.actions} actions (${g.id})`;
    li.appendChild(a); $("games").appendChild(li);
  }
}

$("create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const players = Number(f.get("players"));
  const seats = ["human"].concat(Array(players - 1).fill(f.get("bots")));
  const req = { game: f.get("game"), players: players, seats: seats };
  if (f.get("seed")) req.seed = Number(f.get("seed"));
  try {
    const res = await api("/api/games", { method: "POST", body: JSON.stringify(req) });
    saveToken(res.id, 0, res.tokens["0"]);
    const others = Object.entries(res.tokens).filter(([s]) => s !== "0");
    localStorage.setItem("monsterbox-invites-" + res.id, JSON.stringify(others));
    location.hash = "game=" + res.id;
  } catch (e) { $("create-error").textContent = e.message; }
});

function render(state) {
  $("title").textContent = `${state.game} — table ${state.id}` + (state.seat !== null ? ` — you are seat ${state.seat}` : " — spectator");
  $("turn").textContent = state.over ? "Game over: winners " + JSON.stringify(state.result.winners) + ", scores " + JSON.stringify(state.result.scores)
    : (state.to_play === state.seat ? "Your turn" : `Seat ${state.to_play} to play`);
  $("actions").innerHTML = "";
  for (const a of state.legal) {
    const b = document.createElement("button");
    b.textContent = a.text; b.title = a.id; b.dataset.action = a.id;
    b.addEventListener("click", () => play(state.id, a.id));
    $("actions").appendChild(b);
  }
  const view = Object.assign({}, state.view); const log = view.log || []; delete view.log;
  $("view").textContent = JSON.stringify(view, null, 1);
  $("board").innerHTML = renderView(state.game, state.view);
  $("log").innerHTML = "";
  const story = state.story || log.map((e) => JSON.stringify(e));
  for (const line of story.slice().reverse()) {
    const li = document.createElement("li"); li.textContent = line; $("log").appendChild(li);
  }
}

async function play(id, action) {
  const t = tokens()[id];
  $("play-error").textContent = "";
  if (socket && socket.readyState === 1) { socket.send(JSON.stringify({ action: action })); return; }
  try { render(await api(`/api/games/${id}/actions`, { method: "POST", body: JSON.stringify({ action: action, token: t && t.token }) })); }
  catch (e) { $("play-error").textContent = e.message; }
}

async function showTable(id) {
  $("lobby").hidden = true; $("table").hidden = false;
  const t = tokens()[id];
  const q = t ? "?token=" + encodeURIComponent(t.token) : "";
  const invites = JSON.parse(localStorage.getItem("monsterbox-invites-" + id) || "[]");
  $("invites").innerHTML = invites.length ? "Invite: " + invites.map(([s, tok]) =>
    `seat ${s}: <code>${location.origin}/#game=${id}&token=${tok}&seat=${s}</code>`).join("<br>") : "";
  try { render(await api(`/api/games/${id}${q}`)); } catch (e) { $("play-error").textContent = e.message; return; }
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
