// Invite links for the seats this tab created: the token travels in the URL fragment, which browsers never send to
// the server. Shown to the creator only (they live in this tab's sessionStorage).
import { html, useState } from "./lib.js";
import { tokens } from "./api.js";
import { t } from "./i18n.js";

export function inviteLink(id, seat, token) {
  return `${location.origin}/#/play/${encodeURIComponent(id)}/${seat}/${encodeURIComponent(token)}`;
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
  return html`<details class="invites" open=${seats.length > 0 && !st.over && (st.version || 0) < 2}>
    <summary>${t("table.invite")}</summary>
    <p class="hint">${t("table.invite.help")}</p>
    <ul>
      ${seats.map((s) => html`<${LinkRow} key=${s} label=${t("table.invite.seat", { n: s + 1, name: names[s] })}
        link=${inviteLink(id, s, invites[s])} />`)}
      ${mine ? html`<${LinkRow} label=${t("table.yourLink")} link=${inviteLink(id, mySeat, mine)} />` : null}
    </ul></details>`;
}
