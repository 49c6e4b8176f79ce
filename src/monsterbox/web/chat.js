// Table chat (issue 31): the players talk, spectators read. Messages are shown as text (never markup). Monster's
// tables have none unless the variant "More verbal communication" was chosen; the panel is absent then, and at a
// table of one person and bots (nobody to talk to) until someone has said something.
import { html, useState, useEffect, useRef } from "./lib.js";
import { api } from "./api.js";
import { t } from "./i18n.js";

const POLL_MS = 2500;

export function ChatPanel({ id, token, names, people }) {
  const [allowed, setAllowed] = useState(null);
  const [messages, setMessages] = useState([]);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const last = useRef(0);

  async function load() {
    try {
      const res = await api(`/api/games/${encodeURIComponent(id)}/chat?since=${last.current}`);
      setAllowed(res.allowed);
      if (res.messages.length) {
        last.current = res.messages[res.messages.length - 1].id;
        setMessages((old) => old.concat(res.messages).slice(-200));
      }
    } catch (e) { /* the next poll tries again */ }
  }
  useEffect(() => { load(); const h = setInterval(load, POLL_MS); return () => clearInterval(h); }, [id]);

  async function send(ev) {
    ev.preventDefault();
    setError("");
    try {
      await api(`/api/games/${encodeURIComponent(id)}/chat`, { method: "POST", body: { text }, token });
      setText("");
      await load();
    } catch (e) { setError(e.message); }
  }
  if (!allowed || (people < 2 && !messages.length)) return null;
  return html`<section class="chat" id="chat" aria-labelledby="chat-title">
    <h2 id="chat-title">${t("chat.title")}</h2>
    <ol class="chat-log" id="chat-log" aria-live="polite">${messages.map((m) => html`<li key=${m.id} data-chat=${m.id}>
      <b>${(names && names[m.seat]) || m.name}</b>: <span class="chat-text">${m.text}</span></li>`)}</ol>
    ${token ? html`<form class="chat-say" onSubmit=${send}>
      <label class="sr-only" for="chat-input">${t("chat.say")}</label>
      <input id="chat-input" maxlength="300" value=${text} onInput=${(e) => setText(e.currentTarget.value)} />
      <button type="submit" id="chat-send">${t("chat.send")}</button></form>`
      : html`<p class="hint">${t("chat.spectator")}</p>`}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </section>`;
}
