// Icons from game-icons.net (CC BY 3.0, vendored by scripts/vendor_web.py): drawn from their path data, so no markup
// is ever parsed. Icons are decorative: whatever they mean is also said in words.
import { html } from "./lib.js";

let ICONS = {};
let SIZE = 512;

export async function loadIcons() {
  const res = await fetch("/static/vendor/game-icons.json");
  const data = await res.json();
  ICONS = data.icons; SIZE = data.size;
}

/** An icon as an SVG group to place inside a card (x, y, size in the card's units). */
export function iconPaths(name, x, y, size, cls) {
  const icon = ICONS[name];
  if (!icon) return null;
  const k = size / SIZE;
  return html`<g class=${cls || "ico"} transform=${`translate(${x} ${y}) scale(${k})`} aria-hidden="true">
    ${icon.paths.map((d) => html`<path d=${d} />`)}</g>`;
}

/** A stand-alone inline icon (for buttons and labels). */
export function Icon({ name, size, label }) {
  const icon = ICONS[name];
  if (!icon) return null;
  return html`<svg class="icon" viewBox=${`0 0 ${SIZE} ${SIZE}`} width=${size || 20} height=${size || 20}
    aria-hidden=${label ? null : "true"} role=${label ? "img" : null} aria-label=${label || null}
    focusable="false">${icon.paths.map((d) => html`<path d=${d} />`)}</svg>`;
}
