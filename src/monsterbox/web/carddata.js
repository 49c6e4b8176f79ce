// The card data a table plays with, indexed by id: the packaged card file of its game (the server's
// /api/cards/<game>), or a practice table's own card file (/api/games/<id>/cards; only practice tables may have one).
import { api } from "./api.js";

const cache = new Map();

/** The cards of `game`; those of the table `table` when given (a practice table, which may bring its own). */
export function loadCards(game, table = null) {
  const key = table ? `table:${table}` : game;
  if (!cache.has(key)) {
    const path = table ? `/api/games/${encodeURIComponent(table)}/cards` : `/api/cards/${encodeURIComponent(game)}`;
    cache.set(key, api(path).then((data) => {
      const byId = {};
      for (const [kind, list] of Object.entries(data)) {
        if (Array.isArray(list)) for (const c of list) if (c && c.id) byId[c.id] = Object.assign({ _kind: kind }, c);
      }
      return { data, byId };
    }).catch((e) => { cache.delete(key); throw e; }));
  }
  return cache.get(key);
}
