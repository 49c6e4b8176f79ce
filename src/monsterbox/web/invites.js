// Invites. A new table gives its creator one seat token (its own) and a single-use claim code for each other human
// seat (docs/server-api.md). An invite link carries the code in the URL fragment, which browsers never send to the
// server: #/claim/<id>/<code>. Opening it claims the seat (POST /claim): the token that comes back is kept in that
// tab (sessionStorage) and the address becomes #/table/<id>/<seat>; a link already used says so. The links are shown
// to the creator only (they live in the creating tab's sessionStorage) and only while their seat waits.
import { html, useState, useEffect } from "./lib.js";
import { api, tokens } from "./api.js";
import { t } from "./i18n.js";

export function claimLink(id, code) {
  return `${location.origin}/#/claim/${encodeURIComponent(id)}/${encodeURIComponent(code)}`;
}

/** A link holding a seat's own token (the creator's, to come back from another browser). */
export function inviteLink(id, seat, token) {
  return `${location.origin}/#/play/${encodeURIComponent(id)}/${seat}/${encodeURIComponent(token)}`;
}

async function claim(id, code) {
  return api(`/api/games/${encodeURIComponent(id)}/claim`, { method: "POST", body: { code } });
}

/**
 * After POST /api/games: this tab keeps the creator's token and the invites. The server gives the token of the first
 * human seat; `mine` is the seat the creator plays (null or -1: none, it watches). When that is another seat, this
 * tab claims its invite, and the first human seat's token becomes that seat's link. Returns the seat this tab holds
 * (or null).
 */
export async function keepCreated(res, mine, game) {
  const invites = {};
  for (const [s, code] of Object.entries(res.invites || {})) invites[s] = { code };
  let held = null;
  for (const [s, token] of Object.entries(res.tokens || {})) {
    const seat = Number(s);
    if (seat === mine) {
      tokens.set(res.id, seat, token, { game });
      held = seat;
    } else {
      invites[s] = { token };
    }
  }
  if (mine !== null && mine >= 0 && held === null && invites[mine] && invites[mine].code) {
    const got = await claim(res.id, invites[mine].code);
    tokens.set(res.id, got.seat, got.token, { game });
    held = got.seat;
    delete invites[mine];
  }
  tokens.setInvites(res.id, invites);
  return held;
}

function LinkRow({ label, link }) {
  const [copied, setCopied] = useState(false);
  const copy = async (ev) => {
    const input = ev.currentTarget.parentNode.querySelector("input");
    input.select();
    try { await navigator.clipboard.writeText(link); } catch (e) { /* the text stays selected to copy by hand */ }
    setCopied(true);
  };
  return html`<li><span class="inv-label">${label}</span>
    <input class="inv-link" readonly value=${link} aria-label=${label} onFocus=${(e) => e.currentTarget.select()} />
    <button type="button" onClick=${copy}>${copied ? t("table.copied") : t("table.copy")}</button></li>`;
}

export function Invites({ id, st, names, mySeat }) {
  const invites = tokens.invites(id);
  const seats = Object.keys(invites).map(Number).filter((s) => s !== mySeat);
  const mine = mySeat !== null ? tokens.get(id, mySeat) : null;
  if (!seats.length && !mine) return null;
  const waiting = (s) => !st.seats || !st.seats[s] || st.seats[s].kind === "invited";
  const linkOf = (s) => {
    const inv = invites[s];
    if (typeof inv === "string") return inviteLink(id, s, inv);  // kept by an earlier version of this page
    return inv.code ? claimLink(id, inv.code) : inviteLink(id, s, inv.token);
  };
  const open = seats.some((s) => waiting(s)) && !st.over;
  return html`<details class="invites" open=${open}>
    <summary>${t("table.invite")}</summary>
    <p class="hint">${t("table.invite.help")}</p>
    <ul>
      ${seats.map((s) => (invites[s].code && !waiting(s)
        ? html`<li key=${s} class="inv-taken"><span class="inv-label">${t("table.invite.seat", { n: s + 1,
            name: names[s] })}</span> <span>${t("table.invite.taken")}</span></li>`
        : html`<${LinkRow} key=${s} label=${t("table.invite.seat", { n: s + 1, name: names[s] })}
            link=${linkOf(s)} />`))}
      ${mine ? html`<${LinkRow} label=${t("table.yourLink")} link=${inviteLink(id, mySeat, mine)} />` : null}
    </ul></details>`;
}

/** #/claim/<id>/<code>: claims the seat once, then shows its table; a used or wrong code is said in words. */
export function ClaimPage({ id, code, onClaimed }) {
  const [error, setError] = useState(null);
  useEffect(() => {
    claim(id, code).then((res) => {
      tokens.set(res.id, res.seat, res.token);
      history.replaceState(null, "", `#/table/${encodeURIComponent(res.id)}/${res.seat}`);
      onClaimed();
    }).catch((e) => {
      history.replaceState(null, "", `#/table/${encodeURIComponent(id)}`);  // the code leaves the address bar
      setError(e);
    });
  }, [id, code]);
  if (!error) return html`<section class="claim" id="claim"><p>${t("claim.working")}</p></section>`;
  const words = { 409: "claim.used", 403: "claim.bad", 404: "claim.gone" }[error.status];
  return html`<section class="claim" id="claim" data-claim=${error.status || "error"}>
    <h1>${t("claim.title")}</h1>
    <p class="error" role="alert">${words ? t(words) : error.message}</p>
    ${error.status !== 404 ? html`<p><a href=${`#/table/${encodeURIComponent(id)}`} onClick=${() => onClaimed()}
      >${t("claim.watch")}</a></p>` : null}
    <p><a href="#/">${t("nav.lobby")}</a></p>
  </section>`;
}
