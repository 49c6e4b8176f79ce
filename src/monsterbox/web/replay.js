// The replay page: a finished game, move by move, both ways (buttons, a slider, the arrow keys), drawn by the same
// table modules as live play (read-only), as one seat saw it or with every player's cards shown. The server gives
// each position (GET /api/games/{id}/replay/{step}?seat=k|all); the review panel draws a seat's win-chance curve.
import { html, useState, useEffect, useRef } from "./lib.js";
import { api, tokens } from "./api.js";
import { t } from "./i18n.js";
import { makeMoves } from "./moves.js";
import { loadCards } from "./carddata.js";
import { GAMES } from "./games/index.js";
import { seatNames } from "./table.js";
import { settings } from "./state.js";
import { winnerText } from "./endgame.js";
import { ReviewPanel } from "./review.js";

/** Every player's cards at once: each seat's panel from that seat's own view, every hand and screen shown. */
export function allCardsView(views) {
  const base = JSON.parse(JSON.stringify(views[0]));
  base.seats = base.seats.map((s, i) => {
    const own = views[i] && views[i].seats ? views[i].seats[i] : null;
    return own && own.seat === s.seat ? own : s;
  });
  base.hands = views.map((v) => v.hand || null);
  base.hand = null;
  base.seat = null;
  base.all = true;
  return base;
}

export function ReplayPage({ id }) {
  const mine = tokens.all().filter((m) => m.id === id);
  const [final, setFinal] = useState(null);
  const [cards, setCards] = useState(null);
  const [step, setStep] = useState(null);
  const [seat, setSeat] = useState(mine.length ? String(mine[0].seat) : "all");
  const [frame, setFrame] = useState(null);
  const [error, setError] = useState("");
  const asked = useRef(0);
  const lang = settings.use().lang;

  useEffect(() => {
    api(`/api/games/${encodeURIComponent(id)}`)
      .then((st) => {
        if (!st.over) { setError(t("replay.notover")); return null; }
        setFinal(st); setStep((k) => (k === null ? st.version : k));
        return loadCards(st.game, lang, st.practice ? st.id : null).then(setCards);
      }).catch((e) => setError(e.status === 404 ? t("table.gone") : e.message));
  }, [id, lang]);

  useEffect(() => {
    if (step === null) return;
    const n = ++asked.current;
    api(`/api/games/${encodeURIComponent(id)}/replay/${step}?seat=${seat}`)
      .then((f) => { if (n === asked.current) { setFrame(f); setError(""); } })
      .catch((e) => { if (n === asked.current) setError(e.message); });
  }, [id, step, seat, lang]);

  const n = final ? final.version : 0;
  const go = (k) => setStep(Math.max(0, Math.min(n, k)));
  useEffect(() => {
    const key = (e) => {
      if (e.target && /INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) return;  // the slider moves by itself
      const to = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (to) { e.preventDefault(); setStep((k) => Math.max(0, Math.min(n, (k || 0) + to))); }
      if (e.key === "Home") setStep(0);
      if (e.key === "End") setStep(n);
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [n]);

  if (!final) return html`<p class=${error ? "error" : ""} role=${error ? "alert" : null}>${error || t("table.loading")}</p>`;
  const names = seatNames(final);
  const Game = GAMES[final.game];
  const shownSeat = seat === "all" ? null : Number(seat);
  let board = null;
  if (frame && Game && cards) {
    const view = frame.views ? allCardsView(frame.views) : frame.view;
    const st = { id: final.id, game: final.game, players: final.players, seats: final.seats, seat: shownSeat,
      to_play: frame.to_play, over: frame.over, view, legal: [], result: final.result };
    board = Game({ st, view, moves: makeMoves({ legal: [] }, () => {}), names, nameOf: (i) => names[i],
      mySeat: shownSeat, cards });
  }
  const story = frame ? [...(frame.story || [])].reverse() : [];
  return html`<section class="replay" id="replay" data-game=${final.game} data-step=${step} data-steps=${n}
      data-seat=${seat} data-frame=${frame ? `${frame.step}:${frame.seat || ""}` : ""}>
    <h1>${t("replay.title")}: ${t("game." + final.game)}</h1>
    <div class="replay-bar" role="group" aria-label=${t("replay.controls")}>
      <button type="button" id="rp-first" onClick=${() => go(0)} disabled=${step === 0}>« ${t("replay.first")}</button>
      <button type="button" id="rp-prev" onClick=${() => go(step - 1)} disabled=${step === 0}>
        ◀ ${t("replay.prev")}</button>
      <span class="step" id="rp-step" aria-live="polite">${t("replay.step", { k: step, n })}</span>
      <button type="button" id="rp-next" onClick=${() => go(step + 1)} disabled=${step === n}>
        ${t("replay.next")} ▶</button>
      <button type="button" id="rp-last" onClick=${() => go(n)} disabled=${step === n}>${t("replay.last")} »</button>
      <label class="rp-seat">${t("replay.seat")} <select id="rp-seat" value=${seat}
        onChange=${(e) => setSeat(e.currentTarget.value)}>
        <option value="all">${t("replay.all")}</option>
        ${names.map((nm, i) => html`<option value=${String(i)}>${nm}</option>`)}</select></label>
    </div>
    <input type="range" class="rp-slider" id="rp-slider" min="0" max=${n} value=${step} aria-label=${t("replay.slider")}
      onInput=${(e) => go(Number(e.currentTarget.value))} />
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    ${frame && frame.step === n ? html`<p class="winner-text" id="winner">${winnerText(final, names)}</p>` : null}
    ${story.length ? html`<div class="last-move" id="last-move"><span class="lbl">${t("table.last")}</span>
      <span class="txt">${story[0].text}</span></div>` : null}
    <div class="felt" id="board">${board}</div>
    <${ReviewPanel} id=${id} final=${final} names=${names} step=${step} seat=${seat} onStep=${go} />
    <section class="log" aria-labelledby="rp-log-title">
      <h2 id="rp-log-title">${t("table.log")}</h2>
      <ol class="replay-story" id="replay-story" tabindex="0" aria-labelledby="rp-log-title">${story.map((e) => html`<li
        key=${e.index} value=${e.index + 1}>${e.text}</li>`)}</ol>
    </section>
  </section>`;
}
