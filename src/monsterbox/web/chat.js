// Table chat (issue 31): the players talk, spectators read. Messages are shown as text (never markup). Monster's
// tables have none unless the variant "More verbal communication" (the game option verbal_communication) was chosen;
// the panel is absent then, and at a table of one person and bots (nobody to talk to) until someone has said
// something. New messages are pushed over the table's WebSocket (api.js Connection: the "mb:chat" event); the history
// is read once when the panel opens and again whenever the socket (re)connects ("mb:live"), never polled.
import { html, useState, useEffect, useRef } from "./lib.js";
import { api } from "./api.js";
import { t } from "./i18n.js";

/** The messages so far and the new ones, each once, in order (a push and a fetch may both bring one). */
function merge(old, add) {
  const seen = new Set(old.map((m) => m.id));
  const out = old.concat(add.filter((m) => !seen.has(m.id)));
  out.sort((a, b) => a.id - b.id);
  return out.slice(-200);
}

export function ChatPanel({ id, token, names, people }) {
  const [allowed, setAllowed] = useState(null);
  const [messages, setMessages] = useState([]);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const last = useRef(0);

  function add(msgs) {
    if (!msgs.length) return;
    last.current = Math.max(last.current, ...msgs.map((m) => m.id));
    setMessages((old) => merge(old, msgs));
  }
  async function load() {
    try {
      const res = await api(`/api/games/${encodeURIComponent(id)}/chat?since=${last.current}`);
      setAllowed(res.allowed);
      add(res.messages);
    } catch (e) { /* the socket's next (re)connection reads it again */ }
  }
  useEffect(() => {
    last.current = 0;
    setMessages([]);
    load();
    const live = (ev) => { if (ev.detail.id === id) load(); };
    const pushed = (ev) => { if (ev.detail.table === id) { setAllowed(true); add(ev.detail.messages || []); } };
    window.addEventListener("mb:live", live);
    window.addEventListener("mb:chat", pushed);
    return () => { window.removeEventListener("mb:live", live); window.removeEventListener("mb:chat", pushed); };
  }, [id]);

  async function send(ev) {
    ev.preventDefault();
    setError("");
    try {
      const m = await api(`/api/games/${encodeURIComponent(id)}/chat`, { method: "POST", body: { text }, token });
      setText("");
      add([{ id: m.id, seat: m.seat, text: m.text, name: "" }]);  // the push brings it to the other pages
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
