// The page's own shared settings: language, pace of the moves, and the card under the pointer (for the help
// panel). Only preferences are kept in localStorage (and the seats of "My tables", in api.js).
import { createStore } from "./lib.js";

const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const saved = (k, d) => { try { return localStorage.getItem(k) ?? d; } catch (e) { return d; } };
const browserLang = (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";

/** The paces a player can choose: the time between two moves shown (ms). */
export const PACES = [["instant", 0], ["fast", 250], ["normal", 700], ["slow", 1500]];

/** ?lang=fr (or en) in the address wins on first load, then the saved choice, then the browser's language. */
function firstLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "en" || asked === "fr") {
    try { localStorage.setItem("mb:lang", asked); } catch (e) { /* private mode */ }
    return asked;
  }
  const s = saved("mb:lang", browserLang);
  return s === "fr" || s === "en" ? s : "en";
}

function firstPace() {
  const s = saved("mb:pace", null);
  const n = s === null ? (reduced ? 0 : 700) : Number(s);
  return PACES.some(([, ms]) => ms === n) ? n : 700;
}

export const settings = createStore({
  lang: firstLang(),
  pace: firstPace(),
  explained: "",
  help: false,
  helpGame: null,
  sound: !!saved("mb:sound", ""),
  notify: !!saved("mb:notify", ""),
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

/** A preference kept in this browser (sound, notify). */
export function setPref(key, value) {
  try { localStorage.setItem("mb:" + key, value ? "1" : ""); } catch (e) { /* private mode */ }
  settings.set({ [key]: value });
}
