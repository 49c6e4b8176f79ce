// Cards drawn as SVG from the card data: a frame in the card's colour, its name, its values, an icon, and a letter
// for its colour (colour is never the only cue). Backs for hidden cards say what is known (an Inn human's range).
import { html } from "./lib.js";
import { iconPaths } from "./icons.js";
import { explain } from "./state.js";

const W = 100, H = 140;

function fitText(text, x, y, size, max, cls) {
  const long = text.length * size * 0.56 > max;
  return html`<text x=${x} y=${y} class=${cls} font-size=${size} text-anchor="middle"
    textLength=${long ? max : null} lengthAdjust=${long ? "spacingAndGlyphs" : null}>${text}</text>`;
}

/**
 * One card. face: {title, value, corner, icon, colour, letter, skulls, lines, back, backText}; label: what a screen
 * reader hears (and the help panel shows); key: stable id for animations; action: props from moves.props(id).
 */
export function Card({ face: given, label, key, action, cls, size }) {
  let face = given;
  if (face.value !== undefined && face.value !== null && String(face.value).length > 3) {
    face = Object.assign({}, face, { value: null, corner: String(face.value) });  // long values under the icon
  }
  const colour = face.colour ? `c-${face.colour}` : "c-plain";
  const body = face.back ? html`
      <rect class="card-back" x="2" y="2" width="96" height="136" rx="9" />
      <rect class="card-back-inner" x="9" y="9" width="82" height="122" rx="6" />
      ${iconPaths(face.icon || "skull", 26, 36, 48, "ico back-ico")}
      ${face.backText ? fitText(face.backText, 50, 112, 17, 80, "back-text") : null}`
    : html`
      <rect class=${`card-face ${colour}`} x="2" y="2" width="96" height="136" rx="9" />
      <rect class="card-inner" x="7" y="24" width="86" height="78" rx="5" />
      ${fitText(face.title || "", 50, 17, 12, 86, "card-title")}
      ${iconPaths(face.icon, face.value !== undefined && face.value !== null ? 38 : 29, 34, 42)}
      ${face.value !== undefined && face.value !== null ? html`
        <text x="10" y="46" class="card-value" font-size=${String(face.value).length > 2 ? 14 : 20}
          text-anchor="start">${face.value}</text>` : null}
      ${face.letter ? html`<g class="letter">
        <circle cx="19" cy="89" r="8.5" class=${colour} /><text x="19" y="93.5" font-size="12"
        text-anchor="middle">${face.letter}</text></g>` : null}
      ${face.corner ? fitText(String(face.corner), 50, 96, 12, 80, "card-corner") : null}
      ${face.skulls ? skullRow(face.skulls) : null}
      ${(face.lines || []).slice(0, 2).map((l, i) => fitText(l, 50, face.skulls ? 134 : 118 + i * 14, 10.5, 88,
        "card-line"))}`;
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
  const step = Math.min(18, 80 / n);
  const start = 50 - ((n - 1) * step) / 2 - 8;
  for (let i = 0; i < n; i++) out.push(iconPaths("skull", start + i * step, 108, 16, "ico skull"));
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
