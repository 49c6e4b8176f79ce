// The end of a game: the winner (or the team's fate) in words, the scoring as the rulebook counts it (drawn by the
// game's module), "deal verified" from the revealed record, rematch and replay.
import { html, useState, useEffect } from "./lib.js";
import { api } from "./api.js";
import { keepCreated } from "./invites.js";
import { t } from "./i18n.js";
import { SCORING } from "./games/index.js";

function listNames(names) {
  if (names.length < 2) return names.join("");
  return names.slice(0, -1).join(", ") + " & " + names[names.length - 1];
}

export function winnerText(st, names) {
  const r = st.result || {};
  if (st.game === "monster") return r.won ? t("end.team.won") : t("end.team.lost");
  const w = (r.winners || []).map((i) => names[i]);
  if (!w.length) return "";
  return w.length === 1 ? t("end.winner", { names: w[0] }) : t("end.tie", { names: listNames(w) });
}

export function EndPanel({ st, names, mySeat, cards }) {
  const [record, setRecord] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api(`/api/games/${encodeURIComponent(st.id)}/record`).then(setRecord).catch((e) => setError(e.message));
  }, [st.id]);
  const Scoring = SCORING[st.game];

  async function rematch() {
    const seats = st.seats.map((s, i) => (s.kind === "bot" ? s.agent : i === mySeat ? "human" : s.kind === "open"
      ? "open" : "human"));
    const body = { game: st.game, players: st.players, seats, names: st.seats.map((s) => s.name || null) };
    if (record && record.options) {
      const opts = Object.fromEntries(Object.entries(record.options).filter(([k]) => !["deck", "cards", "bag",
        "lairs", "crises", "weapons", "characters", "treasure_deck", "dice", "first_player", "first_leader"]
        .includes(k)));
      body.options = opts;
    }
    try {
      const res = await api("/api/games", { method: "POST", body });
      const me = mySeat !== null ? mySeat : Number(Object.keys(res.tokens)[0]);
      const held = await keepCreated(res, me);
      location.hash = held !== null ? `#/table/${res.id}/${held}` : `#/table/${res.id}`;
    } catch (e) { setError(e.message); }
  }

  const verified = record ? record.deal_verified : st.deal && st.deal.verified;
  return html`<section class="end" id="end" aria-labelledby="end-title">
    <h2 id="end-title">${t("end.title")}</h2>
    <p class="winner-text" id="winner">${winnerText(st, names)}</p>
    ${Scoring ? html`<${Scoring} st=${st} names=${names} mySeat=${mySeat} cards=${cards} />` : null}
    <p class=${`deal ${verified ? "ok" : "bad"}`} id="deal">${record === null && !st.deal ? "" : verified
      ? (st.practice ? t("end.practice") + " · " : "") + t("end.verified") : t("end.unverified")}</p>
    ${error ? html`<p class="error">${error}</p>` : null}
    <div class="end-actions">
      ${mySeat !== null ? html`<button type="button" id="rematch" onClick=${rematch}>${t("end.rematch")}</button>`
        : null}
      <a class="button" id="replay-link" href=${`#/replay/${encodeURIComponent(st.id)}`}>${t("end.replay")}</a>
    </div>
  </section>`;
}
