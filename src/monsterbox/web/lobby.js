// The lobby: set up a table (game, players, each seat, names, variants, practice seed) and find tables to join,
// watch or replay. Invite tokens stay in this tab's sessionStorage.
import { html, useState, useEffect } from "./lib.js";
import { api, tokens, lobbySocket } from "./api.js";
import { keepCreated } from "./invites.js";
import { t } from "./i18n.js";
import { settings } from "./state.js";
import { AccountBox, useAccount } from "./account.js";

export const GAME_INFO = {
  inn: { min: 3, max: 5, variants: [{ key: "open_treasures", type: "bool" }] },
  monster: { min: 2, max: 6, variants: [{ key: "elite", type: "bool" }, { key: "unreliable_weaponry", type: "bool" },
    { key: "character_choices", type: "int", min: 1, max: 5, def: 1 },
    // the rulebook's variant "More verbal communication": the table gets a chat (Monster's tables have none otherwise)
    { key: "verbal_communication", type: "bool" }] },
  mansion: { min: 2, max: 4, variants: [] },
  maker: { min: 2, max: 6, variants: [{ key: "short", type: "bool" }, { key: "rounds", type: "int", min: 1, max: 3,
    def: 1 }] },
};
// the server's named strengths (agents/levels.py): each beats the one below in the published ladders; "learned" is
// the policy learned by self-play (docs/results/learned-<game>.md), beside the ladder
export const LEVELS = { easy: "easy", normal: "medium", strong: "hard", learned: "learned" };

function defaultSeats(n) { return Array.from({ length: n }, (_, i) => (i === 0 ? "you" : "normal")); }

export function Lobby() {
  const [game, setGame] = useState("inn");
  const [players, setPlayers] = useState(3);
  const [seats, setSeats] = useState(defaultSeats(3));
  const [names, setNames] = useState(["", "", "", "", "", ""]);
  const [opts, setOpts] = useState({});
  const [practice, setPractice] = useState(false);
  const [seed, setSeed] = useState("");
  const [priv, setPriv] = useState(false);
  const [hints, setHints] = useState(false);
  const [rated, setRated] = useState(false);
  const [clockKind, setClockKind] = useState("none");
  const [clockA, setClockA] = useState("");
  const [clockB, setClockB] = useState("");
  const [timeoutLevel, setTimeoutLevel] = useState("normal");
  const { me } = useAccount();
  const [error, setError] = useState("");
  const info = GAME_INFO[game];

  function pickGame(g) {
    setGame(g);
    const n = Math.min(Math.max(players, GAME_INFO[g].min), GAME_INFO[g].max);
    setPlayers(n); setSeats(defaultSeats(n).map((d, i) => seats[i] || d)); setOpts({});
  }
  function pickPlayers(n) {
    n = Math.min(Math.max(Number(n) || info.min, info.min), info.max);
    setPlayers(n);
    setSeats(Array.from({ length: n }, (_, i) => seats[i] || (i === 0 ? "you" : "normal")));
  }

  async function create(ev) {
    ev.preventDefault();
    setError("");
    const mine = seats.indexOf("you");
    const body = {
      game, players,
      seats: seats.map((s) => (s === "you" || s === "human" ? "human" : s === "open" ? "open" : LEVELS[s])),
      names: names.slice(0, players).map((n) => n.trim() || null),
    };
    const options = {};
    for (const v of info.variants) if (opts[v.key] !== undefined) options[v.key] = opts[v.key];
    if (Object.keys(options).length) body.options = options;
    if (practice) { body.practice = true; if (seed !== "") body.seed = Number(seed); }
    if (priv) body.private = true;
    if (hints) body.hints = true;
    if (rated && me && !practice) body.rated = true;
    if (clockKind === "turn") body.clock = { turn_hours: Number(clockA || 24) };
    if (clockKind === "real") body.clock = { move_seconds: Number(clockA || 30), bank_seconds: Number(clockB || 300) };
    if (clockKind !== "none") body.timeout_agent = LEVELS[timeoutLevel];
    try {
      const res = await api("/api/games", { method: "POST", body });
      const held = await keepCreated(res, mine, game);
      location.hash = held !== null ? `#/table/${res.id}/${held}` : `#/table/${res.id}`;
    } catch (e) { setError(e.message); }
  }

  const seatChoices = ["you", "human", "open", "easy", "normal", "strong", "learned"];
  const seatLabel = { you: "lobby.you", human: "lobby.human", open: "lobby.open", easy: "lobby.bot.easy",
    normal: "lobby.bot.normal", strong: "lobby.bot.strong", learned: "lobby.bot.learned" };
  return html`<section class="lobby" id="lobby">
    <form class="new-table" id="create" onSubmit=${create} aria-labelledby="new-title">
      <h1 id="new-title">${t("lobby.new")}</h1>
      <fieldset class="games"><legend>${t("lobby.game")}</legend>
        ${Object.keys(GAME_INFO).map((g) => html`<div class=${`game-pick ${g === game ? "on" : ""}`} data-game-card=${g}>
          <label class="gp-name"><input type="radio" name="game" value=${g} checked=${g === game}
            onChange=${() => pickGame(g)} /> <span>${t("game." + g)}</span></label>
          <p class="gp-meta">${`${t("lobby.about.players", { a: GAME_INFO[g].min, b: GAME_INFO[g].max })} · ${
            t("about.length." + g)}`}</p>
          <p class="gp-about">${t("about." + g)}</p>
          <button type="button" class="link rules-link" data-rules=${g}
            onClick=${() => settings.set({ help: true, helpGame: g })}>${t("lobby.rules", { game: t("game." + g) })}</button>
        </div>`)}
      </fieldset>
      <label class="field">${t("lobby.players")}
        <input type="number" name="players" min=${info.min} max=${info.max} value=${players}
          onInput=${(e) => pickPlayers(e.currentTarget.value)} /></label>
      <ol class="seat-setup">
        ${seats.map((s, i) => html`<li key=${i}>
          <label class="seat-kind"><span class="seat-n">${t("lobby.seat", { n: i + 1 })}</span>
            <select name=${`seat-${i}`} value=${s} onChange=${(e) => {
              const v = e.currentTarget.value;
              setSeats(seats.map((x, j) => (j === i ? v : v === "you" && x === "you" ? "human" : x)));
            }}>${seatChoices.map((c) => html`<option value=${c}>${t(seatLabel[c])}</option>`)}</select></label>
          <label class="seat-name"><span class="sr-only">${t("lobby.name")} ${i + 1}</span>
            <input name=${`name-${i}`} maxlength="40" placeholder=${t("lobby.name")} value=${names[i]}
              onInput=${(e) => { const v = e.currentTarget.value; setNames(names.map((x, j) => (j === i ? v : x))); }} />
          </label></li>`)}
      </ol>
      <fieldset class="variants"><legend>${t("lobby.variants")}</legend>
        ${info.variants.length ? info.variants.map((v) => (v.type === "bool"
          ? html`<label class="check"><input type="checkbox" name=${v.key} checked=${!!opts[v.key]}
              onChange=${(e) => setOpts(Object.assign({}, opts, { [v.key]: e.currentTarget.checked }))} />
              ${t("opt." + v.key)}</label>`
          : html`<label class="field">${t("opt." + v.key)} <input type="number" name=${v.key} min=${v.min}
              max=${v.max} value=${opts[v.key] ?? v.def}
              onInput=${(e) => setOpts(Object.assign({}, opts, { [v.key]: Number(e.currentTarget.value) }))} />
            </label>`)) : html`<p class="hint">${t("lobby.none")}</p>`}
      </fieldset>
      ${me ? html`<label class="check"><input type="checkbox" name="rated" checked=${rated}
        onChange=${(e) => setRated(e.currentTarget.checked)} /> ${t("lobby.rated")}</label>` : null}
      <fieldset class="clock-setup"><legend>${t("clock.title")}</legend>
        <label class="field"><select name="clock" aria-label=${t("clock.title")} value=${clockKind}
          onChange=${(e) => { setClockKind(e.currentTarget.value); setClockA(""); setClockB(""); }}>
          <option value="none">${t("clock.none")}</option><option value="real">${t("clock.real")}</option>
          <option value="turn">${t("clock.turn")}</option></select></label>
        ${clockKind === "turn" ? html`<label class="field">${t("clock.hours")} <input type="number" name="turn_hours"
          min="0" step="any" placeholder="24" value=${clockA} onInput=${(e) => setClockA(e.currentTarget.value)} /></label>`
          : null}
        ${clockKind === "real" ? html`<label class="field">${t("clock.move")} <input type="number" name="move_seconds"
          min="5" placeholder="30" value=${clockA} onInput=${(e) => setClockA(e.currentTarget.value)} /></label>
          <label class="field">${t("clock.bankSeconds")} <input type="number" name="bank_seconds" min="0"
          placeholder="300" value=${clockB} onInput=${(e) => setClockB(e.currentTarget.value)} /></label>` : null}
        ${clockKind !== "none" ? html`<label class="field">${t("clock.agent")} <select name="timeout_agent"
          value=${timeoutLevel} onChange=${(e) => setTimeoutLevel(e.currentTarget.value)}>
          ${["easy", "normal", "strong"].map((l) => html`<option value=${l}>${t("lobby.bot." + l)}</option>`)}</select></label>`
          : null}
      </fieldset>
      <label class="check"><input type="checkbox" name="practice" checked=${practice}
        onChange=${(e) => setPractice(e.currentTarget.checked)} /> ${t("lobby.practice")}
        <small>${t("lobby.practice.help")}</small></label>
      ${practice ? html`<label class="field">${t("lobby.seed")} <input type="number" name="seed" min="0" value=${seed}
        onInput=${(e) => setSeed(e.currentTarget.value)} /></label>` : null}
      <label class="check"><input type="checkbox" name="private" checked=${priv}
        onChange=${(e) => setPriv(e.currentTarget.checked)} /> ${t("lobby.private")}</label>
      <label class="check"><input type="checkbox" name="hints" checked=${hints}
        onChange=${(e) => setHints(e.currentTarget.checked)} /> ${t("lobby.hints")}
        <small>${t("lobby.hints.help")}</small></label>
      <button type="submit" class="primary" id="create-button">${t("lobby.create")}</button>
      ${error ? html`<p class="error" role="alert" id="create-error">${error}</p>` : null}
    </form>
    <${Listings} />
  </section>`;
}

function Listings() {
  const [lists, setLists] = useState({ waiting: null, playing: null, over: null });
  const [error, setError] = useState("");
  const load = async () => {
    try {
      const out = {};
      for (const s of ["waiting", "playing", "over"]) out[s] = (await api(`/api/games?status=${s}&limit=12`)).games;
      setLists(out);
    } catch (e) { setError(e.message); }
  };
  useEffect(() => { load(); const h = setInterval(load, 10000); return () => clearInterval(h); }, []);

  async function take(id, seat) {
    try {
      const res = await api(`/api/games/${encodeURIComponent(id)}/join`, { method: "POST", body: { seat } });
      tokens.set(res.id, res.seat, res.token, { game: (lists.waiting || []).concat(lists.playing || [])
        .map((x) => (x.id === id ? x.game : null)).find(Boolean) });
      location.hash = `#/table/${res.id}/${res.seat}`;
    } catch (e) { setError(e.message); }
  }

  return html`<section class="listings" aria-labelledby="tables-title">
    <h1 id="tables-title">${t("lobby.tables")}
      <button type="button" class="link" onClick=${load}>${t("lobby.refresh")}</button></h1>
    ${error ? html`<p class="error">${error}</p>` : null}
    <${AccountBox} />
    <${MyTables} />
    ${["waiting", "playing", "over"].map((s) => html`<h2>${t("lobby." + s)}</h2>
      ${lists[s] && lists[s].length ? html`<ul class=${`tables ${s}`}>${lists[s].map((g) => html`<li key=${g.id}>
        <span class="tg">${t("game." + g.game)}</span>
        <span class="ts">${g.seats.map((x) => (x.kind === "open" ? t("lobby.open.seat") : x.kind === "invited"
          ? t("lobby.invited.seat", { name: x.name }) : x.name)).join(", ")}</span>
        <span class="tm">${g.status === "playing" && g.to_play !== null && g.seats[g.to_play]
          ? t("lobby.turn", { name: g.seats[g.to_play].name }) : t("lobby.moves", { n: g.moves })}</span>
        ${g.seats.filter((x) => x.kind === "open").map((x) => html`<button type="button"
          onClick=${() => take(g.id, x.seat)}>${t("lobby.take", { n: x.seat + 1 })}</button>`)}
        <a href=${g.status === "over" ? `#/replay/${g.id}` : `#/table/${g.id}`}>${g.status === "over"
          ? t("lobby.replay") : t("lobby.watch")}</a></li>`)}</ul>`
      : html`<p class="hint">${lists[s] === null ? "…" : t("lobby.empty")}</p>`}`)}
  </section>`;
}

/** "My tables": the seats this browser keeps (api.js), each with its table's status and whose turn it is, pushed
 * by the server (WS /api/turns/ws, the seats' tokens as its first message) whenever one of the tables changes. */
function MyTables() {
  const [seats, setSeats] = useState(tokens.all().slice(0, 12));
  const [info, setInfo] = useState({});
  useEffect(() => {
    if (!seats.length) return undefined;
    const list = seats.map((m) => ({ id: m.id, token: tokens.get(m.id, m.seat) })).filter((x) => x.token);
    const sock = lobbySocket("/api/turns/ws", (msg) => {
      if (msg.type !== "turns") return;
      const out = {};
      for (const x of msg.tables) {
        out[`${x.id}:${x.seat}`] = { game: x.game, over: x.over, to_play: x.to_play,
          seats: x.names.map((name) => ({ name })) };
      }
      for (const e of msg.errors || []) {
        for (const m of seats) if (m.id === e.id && !out[`${m.id}:${m.seat}`]) out[`${m.id}:${m.seat}`] = { gone: e.status === 404 };
      }
      setInfo(out);
    }, (ws) => ws.send(JSON.stringify({ seats: list })));
    return () => sock.close();
  }, [seats.length]);
  if (!seats.length) return null;
  const forget = (m) => { tokens.forget(m.id, m.seat); setSeats(tokens.all().slice(0, 12)); };
  return html`<h2 id="my-tables-title">${t("lobby.mine")}</h2>
    <ul class="tables mine" id="my-tables" aria-labelledby="my-tables-title">${seats.map((m) => {
      const st = info[`${m.id}:${m.seat}`];
      const game = (st && st.game) || m.game;
      const names = st && st.seats ? st.seats.map((x, i) => (x && x.name) || t("lobby.seat", { n: i + 1 })) : [];
      const status = !st ? "…" : st.gone ? t("table.gone") : st.over ? t("lobby.over.one")
        : st.to_play === m.seat ? t("table.yourTurn") : st.to_play !== null && st.to_play !== undefined
          ? t("lobby.turn", { name: names[st.to_play] }) : t("lobby.waiting");
      return html`<li key=${m.id + m.seat} data-my-table=${m.id} class=${st && !st.over && st.to_play === m.seat
        ? "my-turn" : ""}>
        <a href=${`#/table/${encodeURIComponent(m.id)}/${m.seat}`}>${`${game ? t("game." + game) : m.id} · ${
          names[m.seat] || t("lobby.seat", { n: m.seat + 1 })}`}</a>
        <span class="tm">${status}</span>
        <button type="button" class="link" onClick=${() => forget(m)}>${t("lobby.forget")}</button></li>`;
    })}</ul>`;
}
