// The card data of a game (the server's /api/cards/<game>: the packaged card file), indexed by id.
import { api } from "./api.js";

const cache = new Map();

export function loadCards(game) {
  if (!cache.has(game)) {
    cache.set(game, api(`/api/cards/${encodeURIComponent(game)}`).then((data) => {
      const byId = {};
      for (const [kind, list] of Object.entries(data)) {
        if (Array.isArray(list)) for (const c of list) if (c && c.id) byId[c.id] = Object.assign({ _kind: kind }, c);
      }
      return { data, byId };
    }));
  }
  return cache.get(game);
}
