// The card data a table plays with, indexed by id: the packaged card file of its game (the server's
// /api/cards/<game>, names in the page's language), or a practice table's own card file (/api/games/<id>/cards;
// only practice tables may have one).
import { api } from "./api.js";
import { settings } from "./state.js";

const cache = new Map();

/** The cards of `game` in `lang`; those of the table `table` when given (a practice table, which may bring its own). */
export function loadCards(game, lang, table = null) {
  const language = lang || settings.get().lang;
  const key = `${table ? `table:${table}` : game}:${language}`;
  if (!cache.has(key)) {
    const path = table ? `/api/games/${encodeURIComponent(table)}/cards` : `/api/cards/${encodeURIComponent(game)}`;
    const p = api(path).then((data) => {
      const byId = {};
      for (const [kind, list] of Object.entries(data)) {
        if (Array.isArray(list)) for (const c of list) if (c && c.id) byId[c.id] = Object.assign({ _kind: kind }, c);
      }
      return { data, byId, lang: language };
    });
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return cache.get(key);
}

/**
 * A card's name in the page's language. viewName: the name the table's view gives (its card file's): the packaged
 * card's translated name is used only when the view names that same card (a practice table's own card file keeps
 * its own words); without a view name, the packaged name, else fallback.
 */
export function cardName(cards, id, viewName, fallback) {
  const c = cards && id ? cards.byId[id] : null;
  if (viewName) return c && (c.name_en || c.name) === viewName ? c.name : viewName;
  return (c && c.name) || fallback || "";
}
