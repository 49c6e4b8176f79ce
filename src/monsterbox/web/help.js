// The help panel: the card under the pointer in words, the rules of the game in the project's own words (the
// server's /api/rules/<game>: games/<id>/help.py's Markdown, drawn as text) with its card reference, and the keys.
// In the lobby it shows the rules of the game chosen there.
import { html, useState, useEffect } from "./lib.js";
import { t } from "./i18n.js";
import { settings } from "./state.js";
import { api } from "./api.js";
import { Markdown } from "./markdown.js";

const RULES = new Map();

/** The rules in the project's own words: {title, markdown, sections} (cached per game and language). */
export function rulesFor(game, lang) {
  const key = `${game}:${lang}`;
  if (!RULES.has(key)) {
    const p = api(`/api/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`);
    p.catch(() => RULES.delete(key));
    RULES.set(key, p);
  }
  return RULES.get(key);
}

export function HelpPanel({ game }) {
  const s = settings.use();
  const [rules, setRules] = useState(null);
  const [error, setError] = useState("");
  const g = game || (document.querySelector("[data-game]") || { dataset: {} }).dataset.game || "inn";
  useEffect(() => {
    let alive = true;
    setRules(null); setError("");
    rulesFor(g, s.lang).then((r) => alive && setRules(r)).catch((e) => alive && setError(e.message));
    return () => { alive = false; };
  }, [g, s.lang]);
  return html`<aside class="help" id="help" aria-labelledby="help-title">
    <div class="help-head"><h2 id="help-title">${t("help.title")}: ${t("game." + g)}</h2>
      <button type="button" id="help-close" onClick=${() => settings.set({ help: false })}>${t("help.close")}</button></div>
    <section><h3>${t("help.pointer")}</h3><p id="explained" aria-live="polite">${s.explained
      || t("help.pointer.none")}</p></section>
    <p class="hint">${t("help.keys")}</p>
    <section class="rules" id="rules" aria-label=${t("help.rules")}>
      ${rules ? html`<${Markdown} text=${rules.markdown} level=${3} />`
        : html`<p class="hint">${error || t("table.loading")}</p>`}</section>
  </aside>`;
}
