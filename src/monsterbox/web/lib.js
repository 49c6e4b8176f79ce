// The view library, vendored (see vendor/VENDORED.md): Preact with htm tagged templates. htm builds elements and
// text nodes; every string from a view or the server lands as text, never as markup.
import { h, render, Fragment } from "./vendor/preact.module.js";
import { useState, useEffect, useRef, useMemo, useCallback, useLayoutEffect } from "./vendor/hooks.module.js";
import htm from "./vendor/htm.module.js";

export const html = htm.bind(h);
export { h, render, Fragment, useState, useEffect, useRef, useMemo, useCallback, useLayoutEffect };

/** A tiny store: the page's shared state (language, pace, the card under the pointer) with subscribers. */
export function createStore(initial) {
  let value = initial;
  const subs = new Set();
  return {
    get: () => value,
    set(patch) { value = Object.assign({}, value, patch); subs.forEach((f) => f(value)); },
    use() {
      const [, force] = useState(0);
      useEffect(() => { const f = () => force((n) => n + 1); subs.add(f); return () => subs.delete(f); }, []);
      return value;
    },
  };
}
