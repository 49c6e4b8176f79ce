// The page: a header (lobby, help, language, pace), and the route from the URL fragment:
//   #/                          lobby
//   #/claim/<id>/<code>         an invite link: its seat is claimed with the code (invites.js), the token kept in
//                               this tab, and the address becomes #/table/<id>/<seat>
//   #/play/<id>/<seat>/<token>  a seat's own link: the token is kept in this tab for that table and seat, then
//                               dropped from the address bar
//   #/table/<id>/<seat>         that seat's table (its token from this tab), #/table/<id> to watch
//   #/replay/<id>               a finished game, move by move
import { html, render, useState, useEffect } from "./lib.js";
import { tokens } from "./api.js";
import { t } from "./i18n.js";
import { settings, setLang, setPace, PACES } from "./state.js";
import { loadIcons, Icon } from "./icons.js";
import { Lobby } from "./lobby.js";
import { LeaderboardPage, ProfilePage, accountReady } from "./account.js";
import { TablePage } from "./table.js";
import { ReplayPage } from "./replay.js";
import { ClaimPage } from "./invites.js";
import { HelpPanel } from "./help.js";

function parse(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "play" && parts.length >= 4) {
    const seat = Number(parts[2]);
    if (Number.isInteger(seat) && seat >= 0 && parts[3]) {
      tokens.set(parts[1], seat, parts[3]);
      history.replaceState(null, "", `#/table/${encodeURIComponent(parts[1])}/${seat}`);
      return { page: "table", id: parts[1], seat };
    }
  }
  if (parts[0] === "claim" && parts[1] && parts[2]) return { page: "claim", id: parts[1], code: parts[2] };
  if (parts[0] === "table" && parts[1]) {
    const seat = parts[2] !== undefined && parts[2] !== "" ? Number(parts[2]) : null;
    return { page: "table", id: parts[1], seat: Number.isInteger(seat) ? seat : null };
  }
  if (parts[0] === "replay" && parts[1]) return { page: "replay", id: parts[1] };
  if (parts[0] === "leaderboard") return { page: "leaderboard", game: parts[1] || "inn" };
  if (parts[0] === "player" && parts[1]) return { page: "player", name: parts[1] };
  return { page: "lobby" };
}

function App() {
  const [route, setRoute] = useState(parse(location.hash));
  const s = settings.use();
  useEffect(() => {
    const f = () => setRoute(parse(location.hash));
    window.addEventListener("hashchange", f);
    return () => window.removeEventListener("hashchange", f);
  }, []);
  useEffect(() => { document.documentElement.lang = s.lang; }, [s.lang]);
  useEffect(() => { if (route.page !== "table") document.title = t("app.title"); }, [s.lang, route.page]);
  const game = route.page !== "lobby" ? document.querySelector("[data-game]") : null;
  let body;
  if (route.page === "table") body = html`<${TablePage} key=${route.id + ":" + route.seat} id=${route.id} seat=${route.seat} />`;
  else if (route.page === "claim") body = html`<${ClaimPage} key=${route.id + ":" + route.code} id=${route.id}
    code=${route.code} onClaimed=${() => setRoute(parse(location.hash))} />`;
  else if (route.page === "replay") body = html`<${ReplayPage} key=${route.id} id=${route.id} />`;
  else if (route.page === "leaderboard") body = html`<${LeaderboardPage} key=${route.game} game=${route.game} />`;
  else if (route.page === "player") body = html`<${ProfilePage} key=${route.name} name=${route.name} />`;
  else body = html`<${Lobby} />`;
  return html`<div class=${`app ${s.help ? "with-help" : ""}`}>
    <header class="top">
      <a href="#/" class="brand" title=${t("nav.lobby")}><${Icon} name="skull" size=${22} />
        <span>${t("app.title")}</span><span class="sr-only"> – ${t("nav.lobby")}</span></a>
      <nav class="tools">
        <label class="pace"><span class="pace-lbl">${t("nav.pace")}</span>
          <select id="pace" value=${String(s.pace)} onChange=${(e) => setPace(Number(e.currentTarget.value))}>
            ${PACES.map(([k, ms]) => html`<option value=${String(ms)}>${t("pace." + k)}</option>`)}</select></label>
        <button type="button" id="help-toggle" aria-expanded=${s.help ? "true" : "false"}
          onClick=${() => settings.set({ help: !s.help, helpGame: game ? game.dataset.game : s.helpGame })}><${Icon} name="help" size=${18} />
          <span>${t("nav.help")}</span></button>
        <button type="button" id="lang-toggle" lang=${s.lang === "en" ? "fr" : "en"} title=${t("nav.lang.label")}
          onClick=${() => setLang(s.lang === "en" ? "fr" : "en")}>${s.lang === "en" ? "FR" : "EN"}<span
          class="sr-only"> – ${t("nav.lang.label")}</span></button>
      </nav>
    </header>
    <main id="main">${body}</main>
    ${s.help ? html`<${HelpPanel} game=${game ? game.dataset.game : s.helpGame} />` : null}
    <footer class="credits">Icons: <a href="https://game-icons.net" rel="noreferrer">game-icons.net</a> (CC BY 3.0)
      · Preact, htm (MIT, Apache-2.0)</footer>
  </div>`;
}

Promise.all([loadIcons().catch(() => {}), accountReady])
  .finally(() => render(html`<${App} />`, document.getElementById("app")));
