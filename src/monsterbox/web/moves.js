// Acting on the table: every legal move of the seat becomes exactly one element carrying data-action (the testing
// hook in DESIGN.md). Game tables place moves on what they concern (a card, a lair, a tile); whatever a table does
// not place lands in the moves bar, so no legal move is ever missing. The move a hint suggests carries
// data-hinted="true" (drawn highlighted); the move selected by a first tap on a touch screen data-picked="true".
import { html } from "./lib.js";

export function makeMoves(state, send, hinted, picked) {
  const legal = new Map((state.legal || []).map((a) => [a.id, a]));
  const claimed = new Set();
  const m = {
    has: (id) => legal.has(id) && !claimed.has(id),
    text: (id) => (legal.get(id) || {}).text || id,
    /** The unclaimed legal ids that start with prefix (e.g. "place:goblin:"). */
    with: (prefix) => [...legal.keys()].filter((id) => id.startsWith(prefix) && !claimed.has(id)),
    /** Props that make an element play the move (and claim it). */
    props(id) {
      claimed.add(id);
      return { "data-action": id, title: m.text(id), "data-hinted": id === hinted ? "true" : null,
        "data-picked": id === picked ? "true" : null, onClick: (ev) => { ev.stopPropagation(); send(id); } };
    },
    /** A card's or place's only move, or null. */
    one(id) { return m.has(id) ? m.props(id) : null; },
    /** A small button for a move, placed next to what it concerns. */
    chip(id, label, cls) {
      if (!m.has(id)) return null;
      const p = m.props(id);
      // the visible label, then the full wording for screen readers (the name keeps the visible text)
      return html`<button type="button" class=${`move ${cls || ""}`} ...${p}>${label || p.title}${label
        ? html`<span class="sr-only">: ${p.title}</span>` : null}</button>`;
    },
    /** Chips for every unclaimed move starting with prefix, labelled by label(id). */
    chips(prefix, label, cls) {
      const ids = m.with(prefix);
      return ids.length ? html`<span class="chips">${ids.map((id) => m.chip(id, label ? label(id) : null, cls))}</span>`
        : null;
    },
    rest: () => [...legal.keys()].filter((id) => !claimed.has(id)),
    count: () => legal.size,
  };
  return m;
}

/** The moves no table element took: one button each, with the server's words. */
export function MovesBar({ moves, title }) {
  const rest = moves.rest();
  if (!rest.length) return null;
  return html`<div class="moves-bar" role="group" aria-label=${title}>
    ${rest.map((id) => moves.chip(id, null, "wide"))}</div>`;
}
