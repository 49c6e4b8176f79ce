// Accounts (issue 31): sign in, register, sign out in the lobby; the account's tables on any device (a seat held by
// the account is resumed here with a fresh token); the leaderboard and a player's profile. The session is an
// HttpOnly cookie the page never reads; its anti-forgery token lives in this module (api.js sends it).
import { html, useState, useEffect, useRef } from "./lib.js";
import { api, setCsrf, tokens, lobbySocket } from "./api.js";
import { t, num } from "./i18n.js";

const listeners = new Set();
let current = { loaded: false, me: null };

function publish(me) {
  current = { loaded: true, me };
  setCsrf(me ? me.csrf : null);
  for (const f of listeners) f(current);
}

/** The signed-in account ({name, csrf, ratings, tables}) or null; loaded once, then kept up to date. */
export async function refreshMe() {
  try {
    const me = await api("/api/session");
    publish(me && me.name ? me : null);
  } catch (e) { publish(null); }
  return current.me;
}

/** The account is known before the page's first request that changes something (main.js waits for it). */
export const accountReady = refreshMe();

export function useAccount() {
  const [state, setState] = useState(current);
  useEffect(() => {
    listeners.add(setState);
    if (!current.loaded) refreshMe();
    return () => listeners.delete(setState);
  }, []);
  return state;
}

/** Open one of the account's seats on this device: its token from the server if this browser has none. */
export async function resume(id, seat, game) {
  if (!tokens.get(id, seat)) {
    const res = await api(`/api/games/${encodeURIComponent(id)}/resume`, { method: "POST" });
    tokens.set(res.id, res.seat, res.token, { game });
  }
  location.hash = `#/table/${encodeURIComponent(id)}/${seat}`;
}

export function AccountBox() {
  const { loaded, me } = useAccount();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // "your turn" across the account's tables, pushed by the server while the lobby is open (WS /api/me/ws: the
  // account's tables again whenever one of them changes); a refused socket (the session ended) reads the account again
  useEffect(() => {
    if (!me) return undefined;
    const sock = lobbySocket("/api/me/ws", (msg) => {
      if (msg.type === "tables" && current.me) publish(Object.assign({}, current.me, { tables: msg.tables }));
    }, null, (code) => { if (code === 4401) refreshMe(); });
    return () => sock.close();
  }, [me ? me.name : null]);

  async function signIn(ev) {
    ev.preventDefault();
    setError(""); setBusy(true);
    try {
      await api("/api/session", { method: "POST", body: { name, password } });
      setPassword("");
      await refreshMe();
    } catch (e) { setError(e.message); } finally { setBusy(false); }
  }
  async function register() {
    setError(""); setBusy(true);
    try {
      await api("/api/accounts", { method: "POST", body: { name, password } });
      await api("/api/session", { method: "POST", body: { name, password } });
      setPassword("");
      await refreshMe();
    } catch (e) { setError(e.message); } finally { setBusy(false); }
  }
  async function signOut() {
    try { await api("/api/session", { method: "DELETE" }); } catch (e) { /* ended anyway */ }
    publish(null);
  }
  if (!loaded) return null;
  if (me) {
    return html`<section class="account" id="account" data-account=${me.name} aria-labelledby="account-title">
      <h2 id="account-title">${t("account.signedIn", { name: me.name })}</h2>
      <p><a href=${`#/player/${encodeURIComponent(me.name)}`} id="my-profile">${t("account.profile")}</a>
        · <a href="#/leaderboard/inn" id="leaderboard-link">${t("account.leaderboard")}</a>
        · <button type="button" class="link" id="sign-out" onClick=${signOut}>${t("account.signOut")}</button></p>
      ${me.tables.filter((x) => x.status !== "over").length ? html`<ul class="tables account-tables">
        ${me.tables.filter((x) => x.status !== "over").map((x) => html`<li key=${x.id} data-account-table=${x.id}
          class=${x.your_turn ? "my-turn" : ""}>
          <button type="button" class="link" onClick=${() => resume(x.id, x.seat, x.game).catch((e) => setError(e.message))}>
            ${`${t("game." + x.game)} · ${t("lobby.seat", { n: x.seat + 1 })}`}</button>
          <span class="tm">${x.your_turn ? t("table.yourTurn") : ""}</span></li>`)}</ul>` : null}
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    </section>`;
  }
  return html`<form class="account" id="sign-in" onSubmit=${signIn} aria-labelledby="sign-in-title">
    <h2 id="sign-in-title">${t("account.title")}</h2>
    <p class="hint">${t("account.help")}</p>
    <label class="field">${t("account.name")} <input name="user" autocomplete="username" maxlength="24" value=${name}
      onInput=${(e) => setName(e.currentTarget.value)} /></label>
    <label class="field">${t("account.password")} <input name="password" type="password"
      autocomplete="current-password" maxlength="200" value=${password}
      onInput=${(e) => setPassword(e.currentTarget.value)} /></label>
    <button type="submit" id="sign-in-button" disabled=${busy}>${t("account.signIn")}</button>
    <button type="button" id="register-button" disabled=${busy} onClick=${register}>${t("account.register")}</button>
    ${error ? html`<p class="error" role="alert" id="account-error">${error}</p>` : null}
  </form>`;
}

const GAMES = ["inn", "monster", "mansion", "maker"];

export function LeaderboardPage({ game }) {
  const [board, setBoard] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    setBoard(null);
    api(`/api/leaderboard/${encodeURIComponent(game)}`).then(setBoard).catch((e) => setError(e.message));
  }, [game]);
  return html`<section class="leaderboard" id="leaderboard" data-board=${game}>
    <h1>${t("account.leaderboard")} · ${t("game." + game)}</h1>
    <p>${GAMES.map((g) => html`<a href=${`#/leaderboard/${g}`} class=${g === game ? "on" : ""}>${t("game." + g)}</a> `)}</p>
    ${error ? html`<p class="error">${error}</p>` : null}
    ${board && board.players.length ? html`<table class="board"><thead><tr><th>#</th><th>${t("account.name")}</th>
      <th>${t("account.rating")}</th><th>${t("account.games")}</th></tr></thead><tbody>
      ${board.players.map((p, i) => html`<tr key=${p.name}><td>${i + 1}</td>
        <td><a href=${`#/player/${encodeURIComponent(p.name)}`}>${p.name}</a></td>
        <td>${`${p.mu.toFixed(1)} ± ${(2 * p.sigma).toFixed(1)}`}</td><td>${p.games}</td></tr>`)}</tbody></table>`
      : html`<p class="hint">${board ? t("lobby.empty") : "…"}</p>`}
  </section>`;
}

const TIER_KEYS = { blunder: "review.blunder", mistake: "review.mistakeTier", inaccuracy: "review.inaccuracy" };

/** A finished game's review on the profile: its accuracy and flag counts once computed; on the player's own
 * profile, a button that starts the review of the player's seat (GET .../review?seat=k, asked again while the
 * server computes it: 202 with its progress). */
function ProfileReview({ g, own, onDone }) {
  const [progress, setProgress] = useState(null);
  const [error, setError] = useState("");
  const alive = useRef(true);
  useEffect(() => () => { alive.current = false; }, []);
  async function ask() {
    try {
      const r = await api(`/api/games/${encodeURIComponent(g.id)}/review?seat=${g.seat}`);
      if (!alive.current) return;
      if (r.status === "computing") { setProgress(r); setTimeout(ask, 700); } else { setProgress(null); onDone(); }
    } catch (e) { if (alive.current) { setProgress(null); setError(e.message); } }
  }
  if (g.review) {
    // the tiers that hold a flagged move only ("blunder 2, inaccuracy 1")
    const tiers = Object.entries(g.review.tiers || {}).filter(([, v]) => v > 0)
      .map(([k, v]) => `${t(TIER_KEYS[k] || "review.mistake")} ${v}`).join(", ");
    return html`<span class="tr" data-review=${g.review.accuracy == null ? "" : String(g.review.accuracy)}>${
      g.review.accuracy == null ? t("account.reviewedNone")
        : t("account.reviewed", { a: num(g.review.accuracy), n: g.review.flagged }) + (tiers ? ` (${tiers})` : "")}</span>`;
  }
  if (error) return html`<span class="tr error" role="alert">${error}</span>`;
  if (progress) {
    return html`<span class="tr hint" role="status">${t("review.computing",
      { done: progress.done, total: progress.total || "…" })}</span>`;
  }
  if (!own) return html`<span class="tr hint">${t("account.notReviewed")}</span>`;
  return html`<button type="button" class="link tr" data-review-start=${g.id}
    onClick=${() => { setProgress({ done: 0, total: 0 }); ask(); }}>${t("account.review")}</button>`;
}

export function ProfilePage({ name }) {
  const [profile, setProfile] = useState(null);
  const [error, setError] = useState("");
  const { me } = useAccount();
  const load = () => api(`/api/players/${encodeURIComponent(name)}`).then(setProfile).catch((e) => setError(e.message));
  useEffect(() => { load(); }, [name]);
  if (error) return html`<section class="profile"><p class="error">${error}</p></section>`;
  if (!profile) return html`<section class="profile" aria-busy="true">…</section>`;
  const own = !!me && me.name.toLowerCase() === profile.name.toLowerCase();
  const result = (g) => {
    const won = g.rated ? g.won : g.result ? g.result.won : null;
    const words = won === null || won === undefined ? "" : won ? t("account.won") : t("account.lost");
    const score = g.result && g.game !== "monster" ? t("account.score", { s: g.result.score }) : "";
    const delta = g.rated ? `${g.delta >= 0 ? "+" : ""}${g.delta.toFixed(1)}` : t("account.unrated");
    return [words, score, delta].filter(Boolean).join(" · ");
  };
  return html`<section class="profile" id="profile" data-player=${profile.name}>
    <h1>${profile.name}</h1>
    <h2>${t("account.ratings")}</h2>
    <ul class="ratings">${Object.entries(profile.ratings).map(([g, r]) => html`<li key=${g} data-rating=${g}>
      ${`${t("game." + g)}: ${r.mu.toFixed(1)} ± ${(2 * r.sigma).toFixed(1)} (${t("account.gamesN", { n: r.games })})`}
      </li>`)}</ul>
    <h2>${t("account.history")}</h2>
    <ul class="tables history">${profile.games.map((g) => html`<li key=${g.id} data-profile-game=${g.id}>
      <span class="tg">${t("game." + g.game)}</span>
      <span class="tm">${result(g)}</span>
      <a href=${`#/replay/${g.id}`}>${t("lobby.replay")}</a>
      <${ProfileReview} g=${g} own=${own} onDone=${load} /></li>`)}</ul>
  </section>`;
}
