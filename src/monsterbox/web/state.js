// The page's own shared settings: language, pace of the bots' moves, and the card under the pointer (for the help
// panel). Only preferences are kept in localStorage, never a token.
import { createStore } from "./lib.js";

const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const saved = (k, d) => { try { return localStorage.getItem(k) ?? d; } catch (e) { return d; } };
const browserLang = (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";

export const settings = createStore({
  lang: saved("mb:lang", browserLang),
  pace: reduced ? 0 : Number(saved("mb:pace", 700)),
  explained: "",
  help: false,
});

export function setLang(lang) {
  try { localStorage.setItem("mb:lang", lang); } catch (e) { /* private mode */ }
  document.documentElement.lang = lang;
  settings.set({ lang });
}

export function setPace(ms) {
  try { localStorage.setItem("mb:pace", String(ms)); } catch (e) { /* private mode */ }
  settings.set({ pace: ms });
}

export function explain(text) { if (text && settings.get().help) settings.set({ explained: text }); }
