// The side panels of a table (players, log, chat, a game's own panels such as
// Combo Fighter's sheets, the guide): a column beside the board on a wide
// screen, a drawer over the lower part of the board on a phone, opened from
// a tab bar at the bottom. One pinned panel (the players) stays on top of the
// column on a wide screen.

import { h, icon } from "./dom.js";

export const NARROW = "(max-width: 820px)";

export function isNarrow() {
  return window.matchMedia(NARROW).matches;
}

export function createSide(root, phoneBar) {
  const tabs = new Map(); // id -> {id, title, icon, el, pinned, button, phoneButton, badge}
  const pinned = h("div", { class: "side-pinned" });
  const tablist = h("div", { class: "tabs", role: "tablist" });
  const panels = h("div", { class: "tab-panels" });
  const closeBtn = h("button", { class: "btn small icon-btn drawer-close", type: "button", "aria-label": "close the panel", onclick: () => close() }, icon("close"));
  root.append(h("div", { class: "drawer-head" }, h("span", { class: "drawer-title", id: "drawer-title" }), closeBtn), pinned, tablist, panels);
  let current = null; // the tab shown in the column
  let open = false; // the drawer (phone)
  const listeners = [];

  function add({ id, title, iconName = "log", el, pin = false, phone = true, column = true }) {
    const tab = { id, title, el, pin };
    el.classList.add("side-panel");
    el.dataset.panel = id;
    if (pin) pinned.append(el);
    else {
      panels.append(el);
      if (column) {
        tab.button = h(
          "button",
          { class: "tab", role: "tab", type: "button", "data-tab": id, "aria-selected": "false", onclick: () => show(id) },
          title,
          h("span", { class: "badge hidden" })
        );
        tablist.append(tab.button);
      }
    }
    if (phone) {
      tab.phoneButton = h(
        "button",
        { class: "phone-tab", type: "button", "data-tab": id, "aria-label": title, onclick: () => (open && current === id ? close() : show(id)) },
        icon(iconName, { size: 20 }),
        h("span", { class: "phone-tab-text" }, title),
        h("span", { class: "badge hidden" })
      );
      phoneBar.append(tab.phoneButton);
    }
    tabs.set(id, tab);
    if (!pin && current === null && column) current = id;
    sync();
    return tab;
  }

  function show(id) {
    if (!tabs.has(id)) return;
    const tab = tabs.get(id);
    if (!tab.pin || isNarrow()) current = id;
    if (isNarrow()) open = true;
    sync();
    for (const fn of listeners) fn(id);
  }

  function close() {
    open = false;
    sync();
    for (const fn of listeners) fn(null);
  }

  function sync() {
    const narrow = isNarrow();
    // On a wide screen a pinned panel is always there: the tab below it shows another one.
    if (!narrow && current && tabs.get(current)?.pin) {
      const first = [...tabs.values()].find((t) => !t.pin && t.button);
      current = first ? first.id : current;
    }
    root.classList.toggle("open", open && narrow);
    document.body.classList.toggle("drawer-open", open && narrow);
    for (const tab of tabs.values()) {
      const on = tab.id === current;
      tab.el.hidden = tab.pin ? narrow && !on : !on;
      tab.button?.setAttribute("aria-selected", on ? "true" : "false");
      tab.button?.classList.toggle("on", on);
      tab.phoneButton?.classList.toggle("on", on && open && narrow);
    }
    root.querySelector("#drawer-title").textContent = tabs.get(current)?.title || "";
  }

  function badge(id, n) {
    const tab = tabs.get(id);
    if (!tab) return;
    for (const b of [tab.button, tab.phoneButton]) {
      const el = b?.querySelector(".badge");
      if (!el) continue;
      el.textContent = n ? String(n) : "";
      el.classList.toggle("hidden", !n);
    }
  }

  /** Is panel `id` on screen now? */
  function visible(id) {
    const tab = tabs.get(id);
    if (!tab) return false;
    if (isNarrow()) return open && current === id;
    return tab.pin || current === id;
  }

  window.matchMedia(NARROW).addEventListener("change", () => {
    if (!isNarrow()) open = false;
    sync();
  });

  return {
    add,
    show,
    close,
    badge,
    visible,
    isOpen: () => open,
    current: () => current,
    onChange: (fn) => listeners.push(fn),
    has: (id) => tabs.has(id),
  };
}
