// The table chat: seats and spectators, short messages, stored with the table.
// Text from other people only ever goes into the page with textContent.
//
// Wire format (see the server's protocol): send {"type": "chat", "text",
// "token"?}; receive {"type": "chat", "message": {id, seat, name, text, at}};
// the welcome carries the last messages as "chat".

import { h, icon } from "./dom.js";

export const MAX_CHARS = 200;
const HIDE_KEY = "comboarena.chat.hidden";

/**
 * The chat panel. `send(text)` returns false when the message could not be
 * sent now; `onUnread(n)` tells the page how many lines arrived unseen.
 */
export function createChat({ send, me = () => null, onUnread = () => {} }) {
  const list = h("div", { class: "chat-list", id: "chat-list", role: "log", "aria-live": "polite", "aria-label": "chat messages" });
  const input = h("input", {
    id: "chat-input",
    maxlength: MAX_CHARS,
    placeholder: "Say something nice…",
    autocomplete: "off",
    "aria-label": "chat message",
  });
  const go = h("button", { class: "btn small", id: "chat-send", type: "button" }, "Send");
  const note = h("div", { class: "chat-note small muted", id: "chat-note" });
  const hideBtn = h("button", { class: "btn small", id: "chat-hide", type: "button", "aria-pressed": "false" }, "Hide chat");
  const form = h("div", { class: "chat-form" }, input, go);
  const el = h("div", { class: "chat", id: "chat" }, h("div", { class: "chat-head" }, h("span", { class: "muted small" }, icon("chat", { size: 14 }), " Table chat"), hideBtn), list, form, note);
  const seen = new Set();
  let hidden = localStorage.getItem(HIDE_KEY) === "1";
  let unread = 0;
  let visible = () => true;

  function line(m) {
    const mine = me() !== null && m.seat === me();
    const who = h("span", { class: "chat-who" }, m.name || (m.seat === null || m.seat === undefined ? "Spectator" : `Seat ${m.seat + 1}`));
    const when = m.at ? new Date(m.at) : null;
    return h(
      "div",
      { class: `chat-line${mine ? " me" : ""}${m.seat === null || m.seat === undefined ? " spectator" : ""}`, "data-chat": m.id ?? "" },
      who,
      h("span", { class: "chat-text" }, m.text),
      when && !Number.isNaN(when.getTime())
        ? h("time", { class: "chat-at", datetime: m.at, title: when.toLocaleString() }, when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }))
        : null
    );
  }

  function add(m, { quiet = false } = {}) {
    if (!m || typeof m.text !== "string") return false;
    const key = m.id ?? `${m.at}|${m.seat}|${m.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
    list.append(line(m));
    while (list.childElementCount > 200) list.firstElementChild.remove();
    if (atBottom || !quiet) list.scrollTop = list.scrollHeight;
    if (!quiet && (hidden || !visible()) && m.seat !== me()) {
      unread += 1;
      onUnread(unread);
    }
    return true;
  }

  function setHidden(value) {
    hidden = value;
    localStorage.setItem(HIDE_KEY, value ? "1" : "0");
    el.classList.toggle("hidden-chat", value);
    hideBtn.textContent = value ? "Show chat" : "Hide chat";
    hideBtn.setAttribute("aria-pressed", value ? "true" : "false");
    if (!value) markRead();
  }

  function markRead() {
    unread = 0;
    onUnread(0);
    list.scrollTop = list.scrollHeight;
  }

  function submit() {
    const text = input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHARS) {
      note.textContent = `At most ${MAX_CHARS} characters.`;
      return;
    }
    if (send(text)) {
      input.value = "";
      note.textContent = "";
    } else {
      note.textContent = "Not connected — the message was not sent.";
    }
  }

  go.addEventListener("click", submit);
  input.addEventListener("keydown", (ev) => {
    ev.stopPropagation(); // typing here is not playing: no move keys
    if (ev.key === "Enter") submit();
    if (ev.key === "Escape") input.blur();
  });
  hideBtn.addEventListener("click", () => setHidden(!hidden));
  setHidden(hidden);

  return {
    el,
    add,
    /** Replace the history (the welcome's last messages). */
    reset(messages) {
      for (const m of messages || []) add(m, { quiet: true });
      list.scrollTop = list.scrollHeight;
    },
    error(text) {
      note.textContent = text || "";
    },
    unavailable(text) {
      input.disabled = true;
      go.disabled = true;
      note.textContent = text;
    },
    /** The page tells the chat when it is on screen (a tab, a drawer). */
    shown(isVisible) {
      visible = isVisible;
      if (isVisible() && !hidden) markRead();
    },
    markRead,
  };
}
