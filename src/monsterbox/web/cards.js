// Cards drawn as SVG from the card data: a frame in the card's colour, its name, its values, an icon, and a letter
// for its colour (colour is never the only cue). Backs for hidden cards say what is known (an Inn human's range).
import { html } from "./lib.js";
import { iconPaths } from "./icons.js";
import { explain } from "./state.js";

const W = 100, H = 140;

function fitText(text, x, y, size, max, cls) {
  const long = text.length * size * 0.58 > max;
  return html`<text x=${x} y=${y} class=${cls} font-size=${size} text-anchor="middle"
    textLength=${long ? max : null} lengthAdjust=${long ? "spacingAndGlyphs" : null}>${text}</text>`;
}

// Type sizes in the card's units (a card is 100 wide): at the phone's smallest card with words (62 px) each is at
// least 11 px on screen; the tiny cards (thumbnails) show only their value, icon and colour.
const TITLE = 18, LINE = 18, VALUE = 26, LETTER = 18;

/**
 * One card. face: {title, value, corner, icon, colour, letter, skulls, lines, back, backText}; label: what a screen
 * reader hears (and the help panel shows); key: stable id for animations; action: props from moves.props(id).
 * Words sit on dark bands (white on near-black), values on the light art panel (near-black on white).
 */
export function Card({ face: given, label, key, action, cls, size }) {
  let face = given;
  if (face.value !== undefined && face.value !== null && String(face.value).length > 3) {
    face = Object.assign({}, face, { value: null, corner: String(face.value) });  // long values under the icon
  }
  const colour = face.colour ? `c-${face.colour}` : "c-plain";
  const hasValue = face.value !== undefined && face.value !== null && face.value !== "";
  const lines = face.skulls ? [] : (face.lines || []).filter(Boolean).slice(0, 2);
  const band = lines.length || face.skulls;
  const top = lines.length > 1 ? 94 : 100;  // the words' band: one line, two lines, or the skulls
  const body = face.back ? html`
      <rect class="card-back" x="2" y="2" width="96" height="136" rx="9" />
      <rect class="card-back-inner" x="9" y="9" width="82" height="122" rx="6" />
      ${iconPaths(face.icon || "skull", 22, 26, 56, "ico back-ico")}
      ${face.backText ? html`<rect class="back-band" x="9" y="94" width="82" height="30" rx="4" />
        ${fitText(face.backText, 50, 116, VALUE - 4, 78, "back-text")}` : null}`
    : html`
      <rect class=${`card-face ${colour}`} x="2" y="2" width="96" height="136" rx="9" />
      <rect class="title-band" x="5" y="5" width="90" height="27" rx="6" />
      ${fitText(face.title || "", 50, 25, TITLE, 86, "card-title")}
      <rect class="card-inner" x="7" y="35" width="86" height=${band ? top - 38 : 98} rx="5" />
      ${iconPaths(face.icon, hasValue ? 42 : 27, band ? 38 : 52, band ? Math.min(46, top - 44) : 46)}
      ${hasValue ? html`<text x="11" y="66" class="card-value" font-size=${String(face.value).length > 2 ? VALUE - 6
        : VALUE} text-anchor="start">${face.value}</text>` : null}
      ${face.letter ? html`<g class="letter">
        <circle cx="22" cy=${band ? top - 15 : 118} r="11" class=${colour} /><text x="22" y=${band ? top - 9 : 124}
        font-size=${LETTER} text-anchor="middle">${face.letter}</text></g>` : null}
      ${face.corner ? fitText(String(face.corner), 60, band ? top - 8 : 124, LINE, 62, "card-corner") : null}
      ${band ? html`<rect class="line-band" x="5" y=${top} width="90" height=${135 - top} rx="6" />` : null}
      ${face.skulls ? skullRow(face.skulls) : null}
      ${lines.map((l, i) => fitText(l, 50, lines.length > 1 ? 112 + i * 19 : 124, LINE, 86, "card-line"))}`;
  const svg = html`<svg class="card-svg" viewBox=${`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">${body}</svg>`;
  const classes = `card ${size || ""} ${cls || ""} ${face.back ? "is-back" : ""}`;
  const hover = { onMouseEnter: () => explain(label), onFocus: () => explain(label) };
  if (action) {
    // named by its content (the drawing is hidden from screen readers; the words are not)
    return html`<button type="button" class=${classes + " playable"} data-key=${key} ...${action} ...${hover}>${svg}<span
      class="sr-only">${label}: ${action.title}</span></button>`;
  }
  return html`<div class=${classes} role="img" aria-label=${label} data-key=${key} ...${hover}>${svg}</div>`;
}

function skullRow(n) {
  const out = [];
  const step = Math.min(20, 84 / n);
  const start = 50 - ((n - 1) * step) / 2 - 9;
  for (let i = 0; i < n; i++) out.push(iconPaths("skull", start + i * step, 103, 18, "ico skull"));
  return out;
}

/** A row of cards, e.g. a hand or a stack shown fanned. */
export function Row({ children, cls, label }) {
  return html`<div class=${`row ${cls || ""}`} role=${label ? "group" : null} aria-label=${label || null}>
    ${children}</div>`;
}

/** Small token (coin, gem, cube, skull) with a count. */
export function Token({ icon, count, label, cls, action }) {
  const inner = html`<span class="tok-ico">${tokenIcon(icon)}</span><span class="tok-n">${count}</span>`;
  if (action) {
    return html`<button type="button" class=${`token playable ${cls || ""}`} ...${action}>${inner}<span
      class="sr-only">: ${label}: ${action.title}</span></button>`;
  }
  return html`<span class=${`token ${cls || ""}`} role="img" aria-label=${label}>${inner}</span>`;
}

function tokenIcon(name) {
  return html`<svg viewBox="0 0 40 40" class="tok-svg" aria-hidden="true" focusable="false">
    ${iconPaths(name, 2, 2, 36)}</svg>`;
}
