// Small DOM helpers shared by every page. User-supplied text (names, moves,
// chat) is only ever put into the page with textContent, never as HTML.

/**
 * Listeners are kept on the element (el.__on) and called through one shared
 * dispatcher, so morph() (js/morph.js) can hand a freshly built element's
 * listeners over to the live element it patches.
 */
function dispatch(ev) {
  const fn = this.__on && this.__on[ev.type];
  if (fn) return fn.call(this, ev);
  return undefined;
}

/** Attach `fn` as the `type` listener of `el` (replacing the previous one). */
export function listen(el, type, fn) {
  if (!el.__on) el.__on = {};
  el.__on[type] = fn;
  el.addEventListener(type, dispatch);
}

/** Copy the listeners of `from` onto `to` (used by morph). */
export function takeListeners(to, from) {
  const had = to.__on || {};
  const want = from.__on || {};
  for (const type of Object.keys(want)) if (!had[type]) to.addEventListener(type, dispatch);
  to.__on = { ...want };
}

/**
 * Build an element: h("button", {class: "btn", onclick: fn}, "Text", child...).
 * Attributes starting with "on" become listeners; `dataset` takes an object;
 * null/false children are skipped; strings become text nodes.
 */
export function h(tag, attrs = {}, ...children) {
  const el = tag === "svg" || tag === "path" || tag === "circle" || tag === "rect" || tag === "line" || tag === "polyline"
    ? document.createElementNS("http://www.w3.org/2000/svg", tag)
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined && v !== false) el.dataset[k] = String(v);
    } else if (key === "class") el.setAttribute("class", value);
    else if (key === "style" && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (v === null || v === undefined) continue;
        if (k.startsWith("--")) el.style.setProperty(k, String(v));
        else el.style[k] = v;
      }
    } else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace all children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** "3 cards", "1 card". */
export function plural(n, word, many = word + "s") {
  return `${n} ${n === 1 ? word : many}`;
}

/** Seconds as m:ss (or s.s under ten seconds). */
export function clockText(seconds) {
  const s = Math.max(0, seconds);
  if (s < 10) return s.toFixed(1);
  const m = Math.floor(s / 60);
  const r = Math.floor(s % 60);
  return m ? `${m}:${String(r).padStart(2, "0")}` : String(r);
}

/** Turn "some_option" into "Some option". */
export function label(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "just now", "5 min ago", "2 h ago", "3 days ago" for an ISO time or epoch seconds (or "" when unknown). */
export function ago(when, now = Date.now()) {
  const t = typeof when === "number" ? when * 1000 : Date.parse(when);
  if (when === null || when === undefined || Number.isNaN(t)) return "";
  const s = Math.max(0, (now - t) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  const d = Math.floor(s / 86400);
  return d === 1 ? "yesterday" : `${d} days ago`;
}

// Icons are inline SVG: the emoji and symbols a font may lack (the clock,
// the speaker) always render, whatever fonts the browser has.
const ICONS = {
  clock: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.4V7z",
  sound: "M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z",
  mute: "M3 9v6h4l5 5V4L7 9H3zm13.6 3 2.9-2.9-1.4-1.4-2.9 2.9-2.9-2.9-1.4 1.4 2.9 2.9-2.9 2.9 1.4 1.4 2.9-2.9 2.9 2.9 1.4-1.4z",
  chat: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z",
  flag: "M5 3h2v18H5zM8 4h11l-2 4 2 4H8z",
  help: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 16h-2v-2h2zm2.1-7.7-.9.9A3.4 3.4 0 0 0 13 14h-2v-.5a4 4 0 0 1 1.2-2.8l1.2-1.3A2 2 0 1 0 10 8H8a4 4 0 1 1 7.1 2.3z",
  people: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm7 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM9 13c-3 0-7 1.5-7 4.5V20h14v-2.5C16 14.5 12 13 9 13zm7 0c-.3 0-.7 0-1.1.1 1.3.9 2.1 2.3 2.1 4.4V20h5v-2.5c0-3-3.7-4.5-6-4.5z",
  log: "M4 5h16v2H4zm0 6h16v2H4zm0 6h10v2H4z",
  sheet: "M6 2h9l5 5v15H6zm8 1.5V8h4.5zM8 12h10v1.5H8zm0 3h10v1.5H8zm0 3h7v1.5H8z",
  home: "M12 3 2 12h3v8h5v-6h4v6h5v-8h3z",
  play: "M8 5v14l11-7z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  first: "M6 6h2v12H6zm3.5 6L18 18V6z",
  last: "M16 6h2v12h-2zM6 18l8.5-6L6 6z",
  prev: "M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z",
  next: "M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z",
  close: "M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z",
  download: "M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z",
  keyboard: "M20 5H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm-9 3h2v2h-2zm0 3h2v2h-2zM8 8h2v2H8zm0 3h2v2H8zm-1 2H5v-2h2zm0-3H5V8h2zm9 7H8v-2h8zm0-4h-2v-2h2zm0-3h-2V8h2zm3 3h-2v-2h2zm0-3h-2V8h2z",
};

/** An inline SVG icon (decorative: give the button an aria-label). */
export function icon(name, { size = 18, title = null } = {}) {
  const svg = h("svg", { viewBox: "0 0 24 24", width: size, height: size, class: `icon icon-${name}`, "aria-hidden": title ? null : "true", role: title ? "img" : null });
  if (title) svg.append(Object.assign(document.createElementNS("http://www.w3.org/2000/svg", "title"), { textContent: title }));
  svg.append(h("path", { d: ICONS[name] || ICONS.help, fill: "currentColor" }));
  return svg;
}
