// The table page: one seat's (or a spectator's) live table. States pushed by the server are shown one at a time at
// the chosen pace, so each bot move can be followed (each at least the pace after the one before reached the
// screen); the seat's own move shows at once. One line (data-prompt) names the decision the seat faces; on a touch
// screen a tap selects a move and a second tap (or Play) sends it; a hidden tab is alerted when the turn comes.
// A choice that takes several decisions (Monster's weapons for a kill, Maker's discards, Mansion's payments: the
// server's /choice/preview says where one goes on) is built step by step, each step offering the engine's legal
// moves there, with Back (or Escape) and Confirm: nothing is sent until the choice is complete (/choice).
import { html, useState, useEffect, useRef, useLayoutEffect } from "./lib.js";
import { ChatPanel } from "./chat.js";
import { api, tokens, Connection } from "./api.js";
import { t, pct } from "./i18n.js";
import { settings, setPref } from "./state.js";
import { decisionOf } from "./prompts.js";
import { makeMoves, MovesBar } from "./moves.js";
import { snapshot, play } from "./animate.js";
import { EndPanel } from "./endgame.js";
import { Invites } from "./invites.js";
import { Icon } from "./icons.js";
import { loadCards } from "./carddata.js";
import { GAMES, OBJECT } from "./games/index.js";

export function seatNames(st) {
  return (st.seats || []).map((s, i) => (s && s.name) || t("lobby.seat", { n: i + 1 }));
}

export function TablePage({ id, seat }) {
  const token = seat !== null ? tokens.get(id, seat) : null;
  const mySeat = token ? seat : null;
  const [shown, setShown] = useState(null);
  const [status, setStatus] = useState("connecting");
  const connRef = useRef(null);  // the live Connection (a spectator's "Watch again" after a quiet table)
  const [error, setError] = useState("");
  const [story, setStory] = useState([]);
  const [cards, setCards] = useState(null);
  const [picked, setPicked] = useState(null);  // touch: the move selected, played by a second tap or the bar's button
  const queue = useRef([]);
  const current = useRef(null);
  const timer = useRef(null);
  const shownAt = useRef(0);  // when the last state reached the screen (performance.now())
  const root = useRef(null);
  const storyMap = useRef(new Map());
  const pending = useRef(false);
  const relang = useRef(false);
  const shownLang = useRef(null);  // the language of the state shown
  const lastMover = useRef(null);
  const wasMine = useRef(false);
  const acted = useRef(false);  // the seat played a move since its turn last began
  const [hint, setHint] = useState(null);  // {version, data?, error?, busy?}
  // a choice being built: {version, previews: [the server's preview after 1, 2, ... steps]} (the last may be complete)
  const [building, setBuilding] = useState(null);
  const buildRef = useRef(null);
  const s = settings.use();
  const lang = s.lang;

  function mergeStory(st) {
    let changed = false;
    for (const e of st.story || []) {
      if (storyMap.current.get(e.index) !== e.text) { storyMap.current.set(e.index, e.text); changed = true; }
    }
    if (changed) setStory([...storyMap.current.entries()].sort((a, b) => b[0] - a[0]));
  }

  function show(st) {
    const cur = current.current;
    snapshot(root.current);
    lastMover.current = cur && st.version > cur.version ? cur.to_play : lastMover.current;
    current.current = st;
    mergeStory(st);
    setPicked(null);
    if (buildRef.current && buildRef.current.version !== st.version) build(null);  // the table moved on
    setShown(st);
  }

  /** Show the queued states one at a time, each at least the pace after the one before reached the screen. */
  function pump() {
    if (timer.current || !queue.current.length) return;
    const wait = shownAt.current + settings.get().pace - performance.now();
    if (wait > 0) {
      timer.current = setTimeout(() => { timer.current = null; pump(); }, wait);
      return;
    }
    show(queue.current.shift());
    // the next one waits for this one to be drawn (useLayoutEffect sets shownAt, then pumps again)
  }

  function accept(st, now) {
    const cur = current.current;
    // the same version with other seats or another clock (a seat out of time handed to a bot, taken back): shown too
    const newer = !cur || st.version > cur.version || (st.version === cur.version && (st.seat !== cur.seat
      || JSON.stringify(st.seats) !== JSON.stringify(cur.seats) || JSON.stringify(st.clock) !== JSON.stringify(cur.clock)));
    if (!newer && !relang.current) return;
    if (relang.current) {  // the same table in the other language: replaces what is shown, story included
      relang.current = false;
      shownLang.current = settings.get().lang;
      storyMap.current = new Map();
      setStory([]);
    }
    if (now || settings.get().pace === 0) {
      // at once (the seat's own move, a re-read): what was queued before it goes, what came after it stays queued
      queue.current = settings.get().pace === 0 ? [] : queue.current.filter((q) => q.version > st.version);
      clearTimeout(timer.current); timer.current = null;
      show(st);
      return;
    }
    queue.current = queue.current.filter((q) => q.version < st.version);
    queue.current.push(st);
    pump();
  }

  useEffect(() => {
    let alive = true;
    if (current.current) relang.current = true;  // a language switch: the state again, worded in it
    if (buildRef.current) build(null);  // a choice being built was worded in the other language: start it again
    api(`/api/games/${encodeURIComponent(id)}`, { token }).then((st) => {
      if (!alive) return;
      if (!shownLang.current) shownLang.current = lang;
      accept(st, true);
      loadCards(st.game, lang, st.practice ? st.id : null).then((c) => alive && setCards(c));
    }).catch((e) => alive && setError(e.status === 404 ? t("table.gone") : e.message));
    const conn = new Connection(id, mySeat, token, (st) => alive && accept(st, false),
      (s2, msg) => { if (!alive) return; setStatus(s2); if (s2 === "gone") setError(msg); });
    connRef.current = conn;
    return () => { alive = false; conn.close(); clearTimeout(timer.current); timer.current = null; };
  }, [id, seat, lang]);

  useLayoutEffect(() => {
    if (!shown) return;
    shownAt.current = performance.now();
    play(root.current, Math.min(450, Math.max(150, settings.get().pace * 0.7)));
    const mine = !shown.over && shown.to_play === mySeat && mySeat !== null;
    // keep the keyboard on the moves: when the seat's turn comes, the first move takes the focus (if the focus was
    // on the table or nowhere), which also brings it on screen
    // (or the seat just played one: the element it played is gone or is no longer a move)
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected
      || (root.current && root.current.contains(active) && !active.closest("[data-action]"));
    if (mine && (!wasMine.current || acted.current) && lost) {
      const first = root.current && root.current.querySelector("[data-action]");
      if (first) first.focus({ preventScroll: false });
    }
    if (mine) acted.current = false;
    wasMine.current = mine;
    alertTurn(shown, mine);
    if (queue.current.length) pump();
  }, [shown]);

  useEffect(() => {
    const back = () => { if (!document.hidden) clearAlert(current.current); };
    document.addEventListener("visibilitychange", back);
    return () => { document.removeEventListener("visibilitychange", back); clearAlert(null); };
  }, []);

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

  /** A tap on a touch screen selects (the bar says what it will do); a second tap, or Play, takes it. */
  function choose(action) {
    if (touchScreen() && picked !== action) { setPicked(action); return; }
    setPicked(null);
    step(action);
  }

  function build(b) { buildRef.current = b; setBuilding(b); }

  /** One more step of the seat's choice: the server previews it on a copy of the game. A first step that is a whole
   * choice is sent at once (as every move was); otherwise the choice is built, and sent only once complete. */
  async function step(action) {
    const st = current.current;
    if (!st || pending.current) return;
    const b = buildRef.current && buildRef.current.version === st.version ? buildRef.current : null;
    const last = b ? b.previews[b.previews.length - 1] : null;
    if (last && last.complete) return;
    const steps = [...(last ? last.steps.map((x) => x.id) : []), action];
    pending.current = true;
    setError("");
    let p;
    try {
      p = await api(`/api/games/${encodeURIComponent(id)}/choice/preview`, { method: "POST", token,
        body: { steps, version: st.version } });
    } catch (e) {
      pending.current = false;
      if (e.status === 409) accept(await api(`/api/games/${encodeURIComponent(id)}`, { token }), true);
      else setError(e.message);
      return;
    }
    pending.current = false;
    if (current.current !== st) return;  // the table changed meanwhile: what was previewed is gone
    if (p.complete && steps.length === 1) { acted.current = true; send(action); return; }
    build({ version: st.version, previews: [...(b ? b.previews : []), p] });
  }

  /** Take the last step of the choice back (the preview before it is kept: no request). */
  function back() {
    const b = buildRef.current;
    if (!b) return;
    setError("");
    build(b.previews.length > 1 ? { version: b.version, previews: b.previews.slice(0, -1) } : null);
  }

  /** Send the complete choice: every step at once, all or nothing. */
  async function confirm() {
    const st = current.current;
    const b = buildRef.current;
    if (!st || !b || pending.current) return;
    const steps = b.previews[b.previews.length - 1].steps.map((x) => x.id);
    pending.current = true;
    acted.current = true;
    setError("");
    try {
      const after = await api(`/api/games/${encodeURIComponent(id)}/choice`, { method: "POST", token,
        body: { steps, version: st.version } });
      build(null);
      accept(after, true);
    } catch (e) {
      if (e.status === 409) {
        build(null);
        accept(await api(`/api/games/${encodeURIComponent(id)}`, { token }), true);
      } else {
        setError(e.message);
      }
    } finally {
      pending.current = false;
    }
  }

  // Escape takes a step back while a choice is built
  useEffect(() => {
    if (!building) return undefined;
    const key = (ev) => { if (ev.key === "Escape" && !ev.defaultPrevented) { ev.preventDefault(); back(); } };
    document.addEventListener("keydown", key);
    return () => document.removeEventListener("keydown", key);
  }, [building]);

  // the keyboard stays on the choice: after a step, its first move (or Confirm once complete) takes the focus, in
  // the same frame as the step is drawn (a layout effect: the focus is never left on the page between the two)
  useLayoutEffect(() => {
    if (!building || !root.current) return;
    const done = building.previews[building.previews.length - 1].complete;
    const el = root.current.querySelector(done ? "#choice-confirm" : "[data-action]");
    if (el) el.focus({ preventScroll: false });
  }, [building]);

  /** Bring the first move placed on the table into view, with the focus (phones: it is often below the screen). */
  function showMoves() {
    const first = root.current && root.current.querySelector("#board [data-action]");
    if (first) { first.scrollIntoView({ block: "center", behavior: "smooth" }); first.focus({ preventScroll: true }); }
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
  // while a choice is built, the table shows the seat's view after the steps so far, with the moves offered there
  const b = building && building.version === shown.version ? building : null;
  const bLast = b ? b.previews[b.previews.length - 1] : null;
  const complete = !!(bLast && bLast.complete);
  const bOpen = b ? [...b.previews].reverse().find((p) => !p.complete) : null;
  const st = bOpen ? { ...shown, view: { ...bOpen.view, log: shown.view.log, log_first: shown.view.log_first },
    legal: complete ? [] : bOpen.legal, decision: bOpen.decision,
    prompt: complete ? t("choice.complete") : bOpen.prompt } : shown;
  const names = seatNames(st);
  const nameOf = (i) => (i === mySeat ? `${names[i]} (${t("table.you")})` : names[i]);
  const shownHint = hint && hint.version === st.version ? hint : null;
  const moves = makeMoves(st, choose, shownHint && shownHint.data ? shownHint.data.suggestion.id : null, picked);
  const Game = GAMES[st.game];
  const decision = decisionOf(st, mySeat, names, Game && cards && OBJECT[st.game] ? OBJECT[st.game](st, cards) : "");
  const last = story.length ? story[0][1] : "";
  const board = Game && cards ? Game({ st, view: st.view, moves, names, nameOf, mySeat, cards }) : null;
  const myTurn = decision.mine;
  const pickedText = picked ? (st.legal || []).find((a) => a.id === picked) : null;

  return html`<section id="table" class=${`table-page game-${st.game} ${myTurn ? "my-turn" : ""}`} ref=${root}
      data-game=${st.game} data-seat=${mySeat === null ? "" : String(mySeat)}
      data-to-play=${st.to_play === null || st.to_play === undefined ? "" : String(st.to_play)}
      data-over=${st.over ? "true" : "false"} data-version=${st.version} data-decision=${decision.kind}
      data-picked=${picked || ""} data-building=${b ? (complete ? "complete" : "open") : ""}
      data-steps=${bLast ? String(bLast.steps.length) : "0"} data-lang=${cards && cards.lang === lang && shownLang.current === lang ? lang : ""}>
    <div class="table-head">
      <h1>${t("game." + st.game)}</h1>
      ${st.practice ? html`<span class="badge practice">${t("table.practice")}</span>` : null}
      <span class=${`conn conn-${status}`} role="status">${status === "live" ? t("table.live")
        : status === "reconnecting" ? t("table.reconnecting") : status === "full" ? t("table.full")
        : status === "quiet" ? t("table.quiet") : ""}</span>
      ${status === "quiet" ? html`<button type="button" id="watch-again"
        onClick=${() => connRef.current && connRef.current.watchAgain()}>${t("table.watchAgain")}</button>` : null}
      ${mySeat !== null ? html`<${AlertToggle} />` : null}
    </div>
    ${seat !== null && mySeat === null ? html`<p class="notice">${t("table.notoken", { n: seat + 1 })}</p>` : null}
    ${mySeat === null && seat === null ? html`<p class="notice">${t("table.spectator")}</p>` : null}
    <${SeatsBar} st=${st} names=${names} mySeat=${mySeat} lastMover=${lastMover.current} />
    ${last ? html`<div class="last-move" id="last-move"><span class="lbl">${t("table.last")}</span>
      <span class="txt">${last}</span></div>` : null}
    ${st.notice ? html`<p class="notice">${st.notice}</p>` : null}
    ${error ? html`<p class="error" role="alert" id="play-error">${error}</p>` : null}
    ${st.hints && mySeat !== null && !st.over && !b ? html`<${HintBox} hint=${shownHint} myTurn=${myTurn} ask=${askHint}
      coop=${st.game === "monster"} />` : null}
    <div class="felt" id="board">${board}</div>
    <div class=${`action-bar ${myTurn ? "mine" : ""} ${st.over ? "over" : ""}`} id="action-bar">
      <div class="prompt-row"><p class=${`turn prompt ${myTurn ? "mine" : ""}`} id="turn" data-prompt
        aria-live="polite">${decision.prompt}</p>
        ${myTurn && moves.count() > moves.rest().length ? html`<button type="button" class="link" id="show-moves"
          onClick=${showMoves}>${t("table.showMoves")}</button>` : null}</div>
      ${pickedText ? html`<div class="picked" id="picked" role="status"><span class="lbl">${t("table.picked")}</span>
        <span class="txt">${pickedText.text}</span>
        <button type="button" class="primary" id="confirm" onClick=${() => { setPicked(null); step(picked); }}>
          ${t("table.play")}</button>
        <button type="button" id="unpick" onClick=${() => setPicked(null)}>${t("table.back")}</button></div>` : null}
      ${bLast ? html`<${Building} steps=${bLast.steps} complete=${complete} back=${back} confirm=${confirm} />` : null}
      <${MovesBar} moves=${moves} title=${t("table.moves")} />
    </div>
    ${st.over ? html`<${EndPanel} st=${st} names=${names} mySeat=${mySeat} cards=${cards} />` : null}
    <${Invites} id=${id} st=${st} names=${names} mySeat=${mySeat} />
    <${ChatPanel} id=${id} token=${token} names=${names}
      people=${(st.seats || []).filter((x) => x && x.kind !== "bot").length} />
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">${t("table.log")}</h2>
      <ol id="log" tabindex="0" aria-labelledby="log-title">${story.map(([i, text]) => html`<li key=${i} value=${i + 1}>${text}</li>`)}</ol>
      ${story.length && story[story.length - 1][0] > 0
        ? html`<button type="button" class="link" onClick=${older}>${t("table.older")}</button>` : null}
    </section>
  </section>`;
}

/** The choice being built: its steps so far ("Holy Water, Torch…"), Back (or Escape), and Confirm once complete. */
function Building({ steps, complete, back, confirm }) {
  return html`<div class="building" id="building" role="group" aria-label=${t("choice.title")}
      data-building=${complete ? "complete" : "open"}>
    <span class="lbl">${t("choice.title")}</span>
    <ol class="choice-steps" id="choice-steps">${steps.map((x, i) => html`<li key=${i} data-step=${x.id}>${x.text}</li>`)}
      ${complete ? null : html`<li class="more" aria-hidden="true">…</li>`}</ol>
    <button type="button" id="choice-back" onClick=${back} aria-keyshortcuts="Escape"
      title=${t("choice.backHelp")}>${t("choice.back")}</button>
    ${complete ? html`<button type="button" class="primary" id="choice-confirm" onClick=${confirm}>
      ${t("choice.confirm")}</button>` : null}
  </div>`;
}

/** A phone or tablet: no hovering pointer, so a tap selects first. */
export function touchScreen() {
  return !!(window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches);
}

// --- the turn alert: title, favicon badge, optional sound, a notification when allowed -----------------------------
const FAVICON = (badge) => "data:image/svg+xml," + encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" `
  + `viewBox="0 0 32 32"><rect x="2" y="4" width="20" height="26" rx="3" fill="#f2b84b"/>${badge
    ? '<circle cx="24" cy="9" r="8" fill="#e0362c" stroke="#fff" stroke-width="2"/>' : ""}</svg>`);
let alerted = false;

function setIcon(badge) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.appendChild(link); }
  link.href = FAVICON(badge);
}

function alertTurn(st, mine) {
  const base = `${t("game." + st.game)} – ${t("app.title")}`;
  if (mine && document.hidden) {
    if (!alerted) {
      alerted = true;
      const prefs = settings.get();
      if (prefs.sound) beep();
      try {
        if (prefs.notify && "Notification" in window && Notification.permission === "granted") {
          new Notification(t("alert.title"), { body: t("game." + st.game), tag: `mb-${st.id}` });
        }
      } catch (e) { /* notifications unavailable */ }
    }
    document.title = `● ${t("alert.title")} – ${base}`;
    setIcon(true);
    return;
  }
  if (!document.hidden) clearAlert(st);
}

function clearAlert(st) {
  alerted = false;
  document.title = st ? `${t("game." + st.game)} – ${t("app.title")}` : t("app.title");
  setIcon(false);
}

function beep() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    const ctx = new Ctx();
    const osc = ctx.createOscillator(); const gain = ctx.createGain();
    osc.frequency.value = 660; gain.gain.value = 0.08;
    osc.connect(gain); gain.connect(ctx.destination);
    osc.start(); osc.stop(ctx.currentTime + 0.18);
  } catch (e) { /* no sound */ }
}

function AlertToggle() {
  const s = settings.use();
  const canNotify = "Notification" in window;
  async function notify(ev) {
    const on = ev.currentTarget.checked;
    if (on && canNotify && Notification.permission === "default") {
      try { await Notification.requestPermission(); } catch (e) { /* refused */ }
    }
    setPref("notify", on);
  }
  return html`<details class="alerts"><summary>${t("alert.settings")}</summary>
    <p class="hint">${t("alert.help")}</p>
    <label class="check"><input type="checkbox" id="alert-sound" checked=${!!s.sound}
      onChange=${(e) => setPref("sound", e.currentTarget.checked)} /> ${t("alert.sound")}</label>
    ${canNotify ? html`<label class="check"><input type="checkbox" id="alert-notify" checked=${!!s.notify}
      onChange=${notify} /> ${t("alert.notify")}</label>` : null}</details>`;
}

function HintBox({ hint, myTurn, ask, coop }) {
  const d = hint && hint.data;
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

function SeatsBar({ st, names, mySeat, lastMover }) {
  const winners = st.over && st.result ? st.result.winners || [] : [];
  return html`<ol class="seats" aria-label=${t("table.seats")}>
    ${(st.seats || []).map((s, i) => html`<li key=${i} class=${`seat-chip ${st.to_play === i ? "to-play" : ""}
        ${i === mySeat ? "me" : ""} ${winners.includes(i) ? "winner" : ""} ${i === lastMover && !st.over
          ? "just-moved" : ""}`} data-seat-chip=${i}
        aria-current=${st.to_play === i ? "step" : null}>
      <${Icon} name=${s.kind === "bot" ? "bot" : "character"} size=${16} />
      <span class="nm">${names[i]}${i === mySeat ? ` (${t("table.you")})` : ""}</span>
      <span class="kind">${s.kind === "bot" ? t("table.bot") : s.kind === "open" ? t("table.open")
        : s.kind === "invited" ? t("table.invited") : ""}</span>
      ${st.clock && !st.over ? html`<${SeatClock} clock=${st.clock} seat=${i} />` : null}
      ${s.timed_out ? html`<span class="timed-out" data-timed-out=${i}>${s.note}</span>` : null}
      ${s.timed_out && i === mySeat ? html`<${TakeBack} id=${st.id} seat=${i} />` : null}
    </li>`)}
  </ol>`;
}

/** A seat's time: the seconds left of the move for the seat to play (counting down), else its bank. */
function SeatClock({ clock, seat }) {
  const [now, setNow] = useState(Date.now() / 1000);
  const running = clock.seat === seat && clock.deadline !== null && clock.deadline !== undefined;
  useEffect(() => {
    if (!running) return undefined;
    const h = setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => clearInterval(h);
  }, [running, clock.deadline]);
  const secs = running ? Math.max(0, clock.deadline - now) : (clock.banks || [])[seat] || 0;
  const text = secs >= 3600 ? `${Math.floor(secs / 3600)} h ${String(Math.floor((secs % 3600) / 60)).padStart(2, "0")}`
    : `${Math.floor(secs / 60)}:${String(Math.floor(secs % 60)).padStart(2, "0")}`;
  return html`<span class=${`clock ${running ? "running" : ""}`} data-clock=${seat}
    title=${running ? t("clock.left") : t("clock.bank")}>${text}</span>`;
}

function TakeBack({ id, seat }) {
  const [error, setError] = useState("");
  async function take() {
    try {
      await api(`/api/games/${encodeURIComponent(id)}/takeback`, { method: "POST", token: tokens.get(id, seat) });
    } catch (e) { setError(e.message); }
  }
  return html`<button type="button" id="take-back" onClick=${take}>${t("clock.takeBack")}</button>
    ${error ? html`<span class="error">${error}</span>` : null}`;
}
