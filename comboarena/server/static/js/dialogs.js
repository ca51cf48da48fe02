// Dialogs: a confirmation (resign, leave) that needs a second, deliberate
// click, and a modal that closes with Escape or a click outside.

import { fill, h } from "./dom.js";

/** Ask before something that cannot be undone; resolves true when confirmed. */
export function confirmDialog({ title, text, ok = "OK", cancel = "Cancel", danger = false }) {
  const box = document.getElementById("confirm");
  return new Promise((resolve) => {
    const done = (value) => {
      box.classList.add("hidden");
      document.removeEventListener("keydown", onKey, true);
      resolve(value);
    };
    const onKey = (ev) => {
      if (ev.key === "Escape") {
        ev.stopPropagation();
        done(false);
      }
    };
    document.getElementById("confirm-title").textContent = title;
    document.getElementById("confirm-text").textContent = text;
    const no = h("button", { class: "btn", type: "button", "data-testid": "confirm-no", onclick: () => done(false) }, cancel);
    const yes = h("button", { class: `btn ${danger ? "danger" : "primary"}`, type: "button", "data-testid": "confirm-yes", onclick: () => done(true) }, ok);
    fill(document.getElementById("confirm-actions"), no, yes);
    box.classList.remove("hidden");
    document.addEventListener("keydown", onKey, true);
    no.focus();
  });
}

/** A modal with a title and content (used by the lobby's "How to play"). */
export function modal(title, content, { id = "modal" } = {}) {
  let box = document.getElementById(id);
  if (!box) {
    box = h("div", { class: "overlay hidden", id, role: "dialog", "aria-modal": "true", "aria-labelledby": `${id}-title` });
    document.body.append(box);
  }
  const close = () => {
    box.classList.add("hidden");
    document.removeEventListener("keydown", onKey, true);
  };
  const onKey = (ev) => {
    if (ev.key === "Escape") close();
  };
  const closeBtn = h("button", { class: "btn primary", type: "button", onclick: close }, "Got it");
  const dialog = h("div", { class: "dialog guide" }, h("h2", { id: `${id}-title` }, title), content, h("div", { class: "actions" }, closeBtn));
  fill(box, dialog);
  box.onclick = (ev) => {
    if (ev.target === box) close();
  };
  box.classList.remove("hidden");
  document.addEventListener("keydown", onKey, true);
  // The button is at the end of a long text: focusing it must not scroll the title away.
  closeBtn.focus({ preventScroll: true });
  dialog.scrollTop = 0;
  return close;
}
