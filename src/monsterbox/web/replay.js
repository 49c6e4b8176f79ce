// The replay page: a finished game, move by move, both ways. The server's API gives the story of the game (every
// event in words, from a seat's view when this tab holds that seat's token) and the final table with every card
// shown; positions in between need a server endpoint (see replayFrame) and are shown when it exists.
import { html, useState, useEffect } from "./lib.js";
import { api, tokens } from "./api.js";
import { t } from "./i18n.js";
import { makeMoves } from "./moves.js";
import { loadCards } from "./carddata.js";
import { GAMES } from "./games/index.js";
import { seatNames } from "./table.js";

async function allEvents(id, token) {
  const out = [];
  let since = 0;
  for (let guard = 0; guard < 200 && since !== null; guard++) {
    const page = await api(`/api/games/${encodeURIComponent(id)}/events?since=${since}&limit=500`, { token });
    out.push(...page.events);
    since = page.next;
  }
  return out;
}

export function ReplayPage({ id }) {
  const mine = tokens.all().filter((m) => m.id === id);
  const [seat, setSeat] = useState(null);
  const [final, setFinal] = useState(null);
  const [events, setEvents] = useState([]);
  const [step, setStep] = useState(0);
  const [cards, setCards] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    const token = seat !== null ? tokens.get(id, seat) : null;
    Promise.all([api(`/api/games/${encodeURIComponent(id)}`, { token }), allEvents(id, token)])
      .then(([st, ev]) => { setFinal(st); setEvents(ev); setStep(ev.length); return loadCards(st.game); })
      .then(setCards).catch((e) => setError(e.message));
  }, [id, seat]);
  useEffect(() => {
    const key = (e) => {
      if (e.target && /INPUT|SELECT|TEXTAREA/.test(e.target.tagName)) return;
      if (e.key === "ArrowLeft") setStep((k) => Math.max(0, k - 1));
      if (e.key === "ArrowRight") setStep((k) => Math.min(events.length, k + 1));
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [events.length]);
  if (error) return html`<p class="error" role="alert">${error}</p>`;
  if (!final) return html`<p>${t("table.loading")}</p>`;
  const names = seatNames(final);
  const n = events.length;
  const Game = GAMES[final.game];
  const board = Game && cards ? Game({ st: Object.assign({}, final, { legal: [] }), view: final.view,
    moves: makeMoves({ legal: [] }, () => {}), names, nameOf: (i) => names[i], mySeat: seat, cards }) : null;
  return html`<section class="replay" id="replay" data-game=${final.game} data-step=${step}>
    <h1>${t("replay.title")}: ${t("game." + final.game)}</h1>
    <div class="replay-bar" role="group" aria-label=${t("replay.title")}>
      <button type="button" id="rp-first" onClick=${() => setStep(0)} disabled=${step === 0}>« ${t("replay.first")}</button>
      <button type="button" id="rp-prev" onClick=${() => setStep(Math.max(0, step - 1))} disabled=${step === 0}>
        ◀ ${t("replay.prev")}</button>
      <span class="step" aria-live="polite">${t("replay.step", { k: step, n })}</span>
      <button type="button" id="rp-next" onClick=${() => setStep(Math.min(n, step + 1))} disabled=${step === n}>
        ${t("replay.next")} ▶</button>
      <button type="button" id="rp-last" onClick=${() => setStep(n)} disabled=${step === n}>${t("replay.last")} »</button>
      <label>${t("replay.seat")} <select value=${seat === null ? "" : String(seat)}
        onChange=${(e) => setSeat(e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}>
        <option value="">${t("replay.all")}</option>
        ${mine.map((m) => html`<option value=${String(m.seat)}>${names[m.seat]}</option>`)}</select></label>
    </div>
    <ol class="replay-story" id="replay-story" tabindex="0" aria-label=${t("table.log")}>${events.slice(0, step).map((e, i) => html`<li key=${e.index}
      value=${i + 1} class=${i === step - 1 ? "current" : ""}>${e.text}</li>`).reverse()}</ol>
    ${step === n ? html`<div class="felt">${board}</div>` : html`<p class="hint">${t("replay.unavailable")}</p>`}
  </section>`;
}
