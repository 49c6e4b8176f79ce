// The rules' Markdown (games/<id>/help.py, served by /api/rules/<game>) drawn as elements: headings, paragraphs,
// lists, **bold** and `code`. Every piece of text lands as text: no markup from the server is ever parsed.
import { html } from "./lib.js";

function inline(text) {
  const out = [];
  const re = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let at = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(m[1] !== undefined ? html`<strong>${m[1]}</strong>` : html`<code>${m[2]}</code>`);
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** Markdown text -> elements; headings one level below `level` (a page's h2 holds the rules' #). */
export function Markdown({ text, level = 2 }) {
  const blocks = [];
  let para = [], list = null;
  const flush = () => {
    if (para.length) blocks.push(html`<p>${inline(para.join(" "))}</p>`);
    para = [];
    if (list) blocks.push(html`<ul>${list.map((li) => html`<li>${inline(li)}</li>`)}</ul>`);
    list = null;
  };
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trimEnd();
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      const n = Math.min(6, h[1].length + level - 1);
      blocks.push(html`<${"h" + n} class="md-h">${inline(h[2])}<//>`);
    } else if (/^\s*[-*]\s+/.test(line)) {
      if (para.length) { blocks.push(html`<p>${inline(para.join(" "))}</p>`); para = []; }
      (list = list || []).push(line.replace(/^\s*[-*]\s+/, ""));
    } else if (!line.trim()) {
      flush();
    } else if (list && /^\s+/.test(raw)) {
      list[list.length - 1] += " " + line.trim();
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return html`<div class="markdown">${blocks}</div>`;
}
