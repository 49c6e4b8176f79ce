// Shared pieces of the four tables: labelled zones, seat panels, words for colours.
import { html } from "../lib.js";

export const cap = (s) => (s ? String(s).charAt(0).toUpperCase() + String(s).slice(1) : "");
export const words = (id) => cap(String(id).replace(/_\d+$/, "").replace(/_/g, " "));

/** A labelled area of the table. */
export function Zone({ title, children, cls, id }) {
  return html`<section class=${`zone ${cls || ""}`} id=${id || null} aria-label=${title}>
    ${title ? html`<h3 class="zone-title">${title}</h3>` : null}${children}</section>`;
}

/** A player's area: name, whose turn, and what they have. */
export function SeatPanel({ seat, st, nameOf, children, cls, extra }) {
  const active = st.to_play === seat;
  return html`<section class=${`seat-panel ${active ? "active" : ""} ${seat === st.seat ? "mine" : ""} ${cls || ""}`}
      data-seat-panel=${seat} aria-label=${nameOf(seat)}>
    <h3 class="seat-title"><span class="seat-name">${nameOf(seat)}</span>${extra || null}
      ${active ? html`<span class="turn-dot" aria-hidden="true">●</span>` : null}</h3>
    ${children}</section>`;
}

/** A table of the scoring breakdown (rows of cells; first row is the header), and what its figures mean in words. */
export function ScoreTable({ head, rows, cls, explain }) {
  return html`${explain ? html`<p class="score-explain" id="score-explain">${explain}</p>` : null}
  <div class="score-wrap"><table class=${`score ${cls || ""}`}>
    <thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
    <tbody>${rows.map((r) => html`<tr class=${r.cls || ""}>${r.cells.map((c, i) => (i === 0
      ? html`<th scope="row">${c}</th>` : html`<td data-label=${head[i] || null}>${c}</td>`))}</tr>`)}</tbody>
  </table></div>`;
}
