// The end of a game: the winner (or the team's fate) in words, the scoring as the rulebook counts it (drawn by the
// game's module), "deal verified" from the revealed record, rematch and replay.
import { html, useState, useEffect } from "./lib.js";
import { api, tokens } from "./api.js";
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

/** SHA-256 of a text, as lowercase hex (Web Crypto: in a secure context, https or this machine). */
export async function sha256hex(text) {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function EndPanel({ st, names, mySeat, cards }) {
  const [record, setRecord] = useState(null);
  const [error, setError] = useState("");
  const [offer, setOffer] = useState(null);  // the rematch someone started: its table id
  useEffect(() => {
    api(`/api/games/${encodeURIComponent(st.id)}/record`).then(setRecord).catch((e) => setError(e.message));
  }, [st.id]);
  useEffect(() => {  // a rematch started by another player of this table: offered here
    if (mySeat === null) return undefined;
    let alive = true;
    const look = () => api(`/api/games/${encodeURIComponent(st.id)}/rematch`)
      .then((r) => alive && setOffer(r.id)).catch(() => {});
    look();
    const h = setInterval(look, 4000);
    return () => { alive = false; clearInterval(h); };
  }, [st.id, mySeat]);
  // the deal checked here, not only by the server: SHA-256 of the revealed seed's decimal text against the
  // commitment this page was shown while the game was played (true/false; null: not checked in this browser)
  const [mine, setMine] = useState(null);
  const seedText = record ? record.seed_text : st.deal && st.deal.seed;
  useEffect(() => {
    if (!seedText || !st.seed_commitment || !(globalThis.crypto && crypto.subtle)) return undefined;
    let alive = true;
    sha256hex(String(seedText)).then((h) => alive && setMine(h === st.seed_commitment)).catch(() => {});
    return () => { alive = false; };
  }, [seedText, st.seed_commitment]);
  const Scoring = SCORING[st.game];

  /** Take this seat at the rematch (the server creates it for the first to ask; every human seat has one there). */
  async function rematch() {
    try {
      const res = await api(`/api/games/${encodeURIComponent(st.id)}/rematch`, { method: "POST",
        token: tokens.get(st.id, mySeat) });
      tokens.set(res.id, res.seat, res.token, { game: st.game });
      location.hash = `#/table/${res.id}/${res.seat}`;
    } catch (e) { setError(e.message); }
  }

  const verified = mine !== null ? mine : record ? record.deal_verified : st.deal && st.deal.verified;
  const others = st.seats.filter((x, i) => i !== mySeat && x.kind !== "bot").length;
  return html`<section class="end" id="end" aria-labelledby="end-title">
    <h2 id="end-title">${t("end.title")}</h2>
    <p class="winner-text" id="winner">${winnerText(st, names)}</p>
    ${Scoring ? html`<${Scoring} st=${st} names=${names} mySeat=${mySeat} cards=${cards} />` : null}
    <p class=${`deal ${verified ? "ok" : "bad"}`} id="deal" data-browser-check=${!seedText || !st.seed_commitment
      || !(globalThis.crypto && crypto.subtle) ? "none" : mine === null ? "pending" : mine ? "ok" : "bad"}>${record === null && !st.deal ? "" : verified
      ? (st.practice ? t("end.practice") + " · " : "") + t("end.verified") + (mine ? " · " + t("end.browser") : "")
      : t("end.unverified")}</p>
    ${error ? html`<p class="error">${error}</p>` : null}
    ${offer && mySeat !== null ? html`<p class="notice" id="rematch-offer">${t("end.offer")}</p>` : null}
    <div class="end-actions">
      ${mySeat !== null ? html`<button type="button" id="rematch" class=${offer ? "primary" : ""} onClick=${rematch}>
        ${offer ? t("end.join") : t("end.rematch")}</button>` : null}
      <a class="button" id="replay-link" href=${`#/replay/${encodeURIComponent(st.id)}`}>${t("end.replay")}</a>
    </div>
    ${mySeat !== null && others && !offer ? html`<p class="hint">${t("end.rematch.help")}</p>` : null}
  </section>`;
}
