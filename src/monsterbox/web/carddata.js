// The card data of a game (the server's /api/cards/<game>: the packaged card file, names in the page's language),
// indexed by id.
import { api } from "./api.js";
import { settings } from "./state.js";

const cache = new Map();

export function loadCards(game, lang) {
  const key = `${game}:${lang || settings.get().lang}`;
  if (!cache.has(key)) {
    const p = api(`/api/cards/${encodeURIComponent(game)}`).then((data) => {
      const byId = {};
      for (const [kind, list] of Object.entries(data)) {
        if (Array.isArray(list)) for (const c of list) if (c && c.id) byId[c.id] = Object.assign({ _kind: kind }, c);
      }
      return { data, byId, lang: key.split(":")[1] };
    });
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return cache.get(key);
}

/** A card's name in the page's language from the card data, else the given words. */
export function cardName(cards, id, fallback) {
  const c = cards && id ? cards.byId[id] : null;
  return (c && c.name) || fallback || "";
}
