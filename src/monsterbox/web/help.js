// The help panel: the card under the pointer in words, the game's cards, and the rules. The rules text is a hook:
// rulesFor(game, lang): the rules in the project's own words, served by /api/rules/<game>.
import { html, useState, useEffect } from "./lib.js";
import { t } from "./i18n.js";
import { settings } from "./state.js";
import { loadCards } from "./carddata.js";
import { CARD_TEXT } from "./games/index.js";

/** Hook for the rules in the project's own words: return {title, sections: [{title, text}]} or null. */
export async function rulesFor(game, lang) {
  const res = await fetch(`/api/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`);
  if (!res.ok) return null;
  return res.json();
}

export function HelpPanel({ game }) {
  const s = settings.use();
  const [cards, setCards] = useState(null);
  const [rules, setRules] = useState(null);
  const g = game || (document.querySelector("[data-game]") || { dataset: {} }).dataset.game;
  useEffect(() => {
    if (!g) return;
    loadCards(g).then(setCards).catch(() => {});
    rulesFor(g, s.lang).then(setRules).catch(() => {});
  }, [g, s.lang]);
  const describe = g && CARD_TEXT[g];
  const lines = cards && describe ? describe(cards) : [];
  return html`<aside class="help" id="help" aria-labelledby="help-title">
    <div class="help-head"><h2 id="help-title">${t("help.title")}</h2>
      <button type="button" onClick=${() => settings.set({ help: false })}>${t("help.close")}</button></div>
    <section><h3>${t("help.pointer")}</h3><p id="explained" aria-live="polite">${s.explained
      || t("help.pointer.none")}</p></section>
    <p class="hint">${t("help.keys")}</p>
    <section><h3>${t("help.rules")}</h3>
      ${rules ? rules.sections.map((r) => html`<h4>${r.title}</h4><p>${r.text}</p>`)
        : html`<p class="hint">${t("help.rules.none")}</p>`}</section>
    ${lines.length ? html`<section><h3>${t("help.cards")}</h3><ul class="card-ref">
      ${lines.map((line) => html`<li>${line}</li>`)}</ul></section>` : null}
  </aside>`;
}
