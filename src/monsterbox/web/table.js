// The table page: one seat's (or a spectator's) live table. States pushed by the server are shown one at a time at
// the chosen pace, so each bot move can be followed; the seat's own move shows at once.
import { html, useState, useEffect, useRef, useLayoutEffect } from "./lib.js";
import { api, tokens, Connection } from "./api.js";
import { t } from "./i18n.js";
import { settings } from "./state.js";
import { makeMoves, MovesBar } from "./moves.js";
import { snapshot, play } from "./animate.js";
import { EndPanel } from "./endgame.js";
import { Invites } from "./invites.js";
import { Icon } from "./icons.js";
import { loadCards } from "./carddata.js";
import { GAMES } from "./games/index.js";

export function seatNames(st) {
  return (st.seats || []).map((s, i) => (s && s.name) || t("lobby.seat", { n: i + 1 }));
}

export function TablePage({ id, seat }) {
  const token = seat !== null ? tokens.get(id, seat) : null;
  const mySeat = token ? seat : null;
  const [shown, setShown] = useState(null);
  const [status, setStatus] = useState("connecting");
  const [error, setError] = useState("");
  const [story, setStory] = useState([]);
  const [cards, setCards] = useState(null);
  const queue = useRef([]);
  const current = useRef(null);
  const timer = useRef(null);
  const root = useRef(null);
  const storyMap = useRef(new Map());
  const pending = useRef(false);
  const [hint, setHint] = useState(null);  // {version, data?, error?, busy?}
  settings.use();

  function mergeStory(st) {
    let changed = false;
    for (const e of st.story || []) {
      if (storyMap.current.get(e.index) !== e.text) { storyMap.current.set(e.index, e.text); changed = true; }
    }
    if (changed) setStory([...storyMap.current.entries()].sort((a, b) => b[0] - a[0]));
  }

  function show(st) {
    snapshot(root.current);
    current.current = st;
    mergeStory(st);
    setShown(st);
  }

  function pump() {
    if (timer.current) return;
    const next = queue.current.shift();
    if (!next) return;
    show(next);
    if (queue.current.length) {
      timer.current = setTimeout(() => { timer.current = null; pump(); }, settings.get().pace);
    }
  }

  function accept(st, now) {
    const cur = current.current;
    if (cur && st.version <= cur.version && !(st.version === cur.version && st.seat !== cur.seat)) return;
    queue.current = queue.current.filter((q) => q.version < st.version);
    if (now || settings.get().pace === 0) {
      queue.current = queue.current.filter((q) => q.version > st.version);
      clearTimeout(timer.current); timer.current = null;
      show(st);
      return;
    }
    queue.current.push(st);
    pump();
  }

  useEffect(() => {
    let alive = true;
    api(`/api/games/${encodeURIComponent(id)}`, { token }).then((st) => {
      if (!alive) return;
      accept(st, true);
      loadCards(st.game, st.practice ? st.id : null).then((c) => alive && setCards(c));
    }).catch((e) => alive && setError(e.status === 404 ? t("table.gone") : e.message));
    const conn = new Connection(id, mySeat, token, (st) => alive && accept(st, false),
      (s, msg) => { if (!alive) return; setStatus(s); if (s === "gone") setError(msg); });
    return () => { alive = false; conn.close(); clearTimeout(timer.current); };
  }, [id, seat]);

  useLayoutEffect(() => { play(root.current); }, [shown]);

  async function send(action) {
    const st = current.current;
    if (!st || pending.current) return;
    pending.current = true;
    setError("");
    try {
      accept(await api(`/api/games/${encodeURIComponent(id)}/actions`, { method: "POST", token,
        body: { action, version: st.version } }), true);
    } catch (e) {
      if (e.status === 409) {
        accept(await api(`/api/games/${encodeURIComponent(id)}`, { token }), true);
      } else {
        setError(e.message);
      }
    } finally {
      pending.current = false;
    }
  }

  async function askHint() {
    const st = current.current;
    if (!st) return;
    setHint({ version: st.version, busy: true });
    try {
      const data = await api(`/api/games/${encodeURIComponent(id)}/hint`, { token });
      setHint({ version: data.version, data });
    } catch (e) { setHint({ version: st.version, error: e.message }); }
  }

  async function older() {
    const first = story.length ? story[story.length - 1][0] : 0;
    if (first <= 0) return;
    const since = Math.max(0, first - 100);
    try {
      const page = await api(`/api/games/${encodeURIComponent(id)}/events?since=${since}&limit=${first - since}`,
        { token });
      for (const e of page.events) storyMap.current.set(e.index, e.text);
      setStory([...storyMap.current.entries()].sort((a, b) => b[0] - a[0]));
    } catch (e) { setError(e.message); }
  }

  if (!shown) {
    return html`<section class="table-page loading" aria-busy="true">
      <p>${error || t("table.loading")}</p></section>`;
  }
  const st = shown;
  const names = seatNames(st);
  const nameOf = (i) => (i === mySeat ? `${names[i]} (${t("table.you")})` : names[i]);
  const shownHint = hint && hint.version === st.version ? hint : null;
  const moves = makeMoves(st, send, shownHint && shownHint.data ? shownHint.data.suggestion.id : null);
  const Game = GAMES[st.game];
  const turn = st.over ? t("table.over") : st.to_play === mySeat && mySeat !== null ? t("table.yourTurn")
    : st.to_play !== null && st.to_play !== undefined ? t("table.toPlay", { name: names[st.to_play] }) : "";
  const last = story.length ? story[0][1] : "";
  const board = Game && cards ? Game({ st, view: st.view, moves, names, nameOf, mySeat, cards }) : null;
  const myTurn = !st.over && st.to_play === mySeat && mySeat !== null;

  return html`<section id="table" class=${`table-page game-${st.game} ${myTurn ? "my-turn" : ""}`} ref=${root}
      data-game=${st.game} data-seat=${mySeat === null ? "" : String(mySeat)}
      data-to-play=${st.to_play === null || st.to_play === undefined ? "" : String(st.to_play)}
      data-over=${st.over ? "true" : "false"} data-version=${st.version}>
    <div class="table-head">
      <h1>${t("game." + st.game)}</h1>
      ${st.practice ? html`<span class="badge practice">${t("table.practice")}</span>` : null}
      <span class=${`conn conn-${status}`} role="status">${status === "live" ? t("table.live")
        : status === "reconnecting" ? t("table.reconnecting") : ""}</span>
    </div>
    ${seat !== null && mySeat === null ? html`<p class="notice">${t("table.notoken", { n: seat + 1 })}</p>` : null}
    ${mySeat === null && seat === null ? html`<p class="notice">${t("table.spectator")}</p>` : null}
    <${SeatsBar} st=${st} names=${names} mySeat=${mySeat} />
    <div class=${`turn ${myTurn ? "mine" : ""}`} id="turn" aria-live="polite">${turn}</div>
    ${last ? html`<div class="last-move" id="last-move"><span class="lbl">${t("table.last")}</span>
      <span class="txt">${last}</span></div>` : null}
    ${st.notice ? html`<p class="notice">${st.notice}</p>` : null}
    ${error ? html`<p class="error" role="alert" id="play-error">${error}</p>` : null}
    ${st.hints && mySeat !== null && !st.over ? html`<${HintBox} hint=${shownHint} myTurn=${myTurn} ask=${askHint}
      coop=${st.game === "monster"} />` : null}
    <div class="felt" id="board">${board}</div>
    <${MovesBar} moves=${moves} title=${t("table.moves")} />
    ${st.over ? html`<${EndPanel} st=${st} names=${names} mySeat=${mySeat} cards=${cards} />` : null}
    <${Invites} id=${id} st=${st} names=${names} mySeat=${mySeat} />
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">${t("table.log")}</h2>
      <ol id="log" tabindex="0" aria-labelledby="log-title">${story.map(([i, text]) => html`<li key=${i} value=${i + 1}>${text}</li>`)}</ol>
      ${story.length && story[story.length - 1][0] > 0
        ? html`<button type="button" class="link" onClick=${older}>${t("table.older")}</button>` : null}
    </section>
  </section>`;
}

function HintBox({ hint, myTurn, ask, coop }) {
  const d = hint && hint.data;
  const pct = (p) => `${Math.round(p * 100)}%`;
  return html`<div class="hint-box" id="hint-box">
    <button type="button" id="hint-button" onClick=${ask} disabled=${!myTurn || !!hint}
      title=${t("hint.help")}><${Icon} name="help" size=${16} /> ${t("hint.button")}</button>
    ${hint && hint.busy ? html`<span class="hint" role="status">${t("hint.thinking")}</span>` : null}
    ${hint && hint.error ? html`<span class="error" role="alert">${hint.error}</span>` : null}
    ${d ? html`<div class="hint-text" id="hint-text" role="status">
      <p><strong>${t("hint.suggest")}</strong> ${d.suggestion.text}
        <span class="tag">${t(coop ? "hint.team" : "hint.chance", { p: pct(d.value) })}</span></p>
      <details><summary>${t("hint.options", { n: d.options.length })}</summary>
        <ol class="hint-options">${d.options.map((o) => html`<li key=${o.id}
          class=${o.id === d.suggestion.id ? "best" : ""}><span class="est">${pct(o.estimate)}</span> ${o.text}</li>`)}
        </ol><p class="hint">${t("hint.about", { samples: d.samples })}</p></details>
    </div>` : null}
  </div>`;
}

function SeatsBar({ st, names, mySeat }) {
  const winners = st.over && st.result ? st.result.winners || [] : [];
  return html`<ol class="seats" aria-label=${t("table.seats")}>
    ${(st.seats || []).map((s, i) => html`<li key=${i} class=${`seat-chip ${st.to_play === i ? "to-play" : ""}
        ${i === mySeat ? "me" : ""} ${winners.includes(i) ? "winner" : ""}`} data-seat-chip=${i}
        aria-current=${st.to_play === i ? "step" : null}>
      <${Icon} name=${s.kind === "bot" ? "bot" : "character"} size=${16} />
      <span class="nm">${names[i]}${i === mySeat ? ` (${t("table.you")})` : ""}</span>
      <span class="kind">${s.kind === "bot" ? t("table.bot") : s.kind === "open" ? t("table.open")
        : s.kind === "invited" ? t("table.invited") : ""}</span>
    </li>`)}
  </ol>`;
}
