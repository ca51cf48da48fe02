// Motion on the table, driven by what changed: elements that moved fly from
// where they were (FLIP), new ones come from where the game says
// (data-from="<anchor>"), and data-anim names a one-off effect for the
// update that caused it. With prefers-reduced-motion nothing moves: the
// highlight of the last move (a static style) still says what changed.
//
//   data-id="7H"          the same thing before and after (a card, a seat)
//   data-anchor="deck"    a place things come from or go to
//   data-from="deck"      a new element flies in from that anchor
//   data-anim="slap"      play the named effect (see EFFECTS) once, on the update
//   data-count="12"       a number that ticks from its old value to this one

const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

export function reducedMotion() {
  return Boolean(reduce.matches);
}

const EFFECTS = {
  // A COUNTER (or any decisive card) slapped down on a pile.
  slap: [
    [
      { transform: "scale(1.9) rotate(-14deg)", opacity: 0.2, offset: 0 },
      { transform: "scale(0.92) rotate(3deg)", opacity: 1, offset: 0.55 },
      { transform: "scale(1.06) rotate(0deg)", offset: 0.8 },
      { transform: "none", opacity: 1 },
    ],
    { duration: 520, easing: "ease-out" },
  ],
  // Something new arrives (a card dealt, a chat line).
  pop: [
    [{ transform: "scale(0.6)", opacity: 0 }, { transform: "scale(1.08)", opacity: 1, offset: 0.7 }, { transform: "none", opacity: 1 }],
    { duration: 320, easing: "ease-out" },
  ],
  // A line of text that changed.
  fade: [[{ opacity: 0.15, transform: "translateY(-3px)" }, { opacity: 1, transform: "none" }], { duration: 380, easing: "ease-out" }],
  // Damage, a burn: a short shake with a red flash.
  hit: [
    [
      { transform: "translateX(0)", filter: "none" },
      { transform: "translateX(-7px)", filter: "drop-shadow(0 0 10px #ff3b3b)" },
      { transform: "translateX(6px)" },
      { transform: "translateX(-4px)" },
      { transform: "translateX(2px)" },
      { transform: "none", filter: "none" },
    ],
    { duration: 480, easing: "ease-in-out" },
  ],
  // A set, a round, a fight won.
  win: [
    [
      { transform: "scale(1)", boxShadow: "0 0 0 0 rgba(255,207,74,0.9)" },
      { transform: "scale(1.12)", boxShadow: "0 0 0 14px rgba(255,207,74,0)", offset: 0.6 },
      { transform: "none", boxShadow: "0 0 0 0 rgba(255,207,74,0)" },
    ],
    { duration: 900, easing: "ease-out" },
  ],
  // Draw the eye to something (your turn, a warning).
  glow: [
    [{ boxShadow: "0 0 0 0 rgba(124,196,255,0.9)" }, { boxShadow: "0 0 0 12px rgba(124,196,255,0)" }],
    { duration: 800, easing: "ease-out", iterations: 2 },
  ],
};

/** Where every identified element and anchor is now (call before changing the DOM). */
export function measure(root) {
  const ids = new Map();
  const anchors = new Map();
  const counts = new Map();
  for (const el of root.querySelectorAll("[data-id]")) {
    const id = el.getAttribute("data-id");
    if (!ids.has(id)) ids.set(id, el.getBoundingClientRect());
  }
  // An anchor hidden on this screen (a phone hides the rows of backs) gives way to another of the
  // same name that is shown (the seat around it); of two shown, the inner (later) one wins.
  for (const el of root.querySelectorAll("[data-anchor]")) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height) anchors.set(el.getAttribute("data-anchor"), r);
  }
  for (const el of root.querySelectorAll("[data-count][data-id]")) counts.set(el.getAttribute("data-id"), Number(el.getAttribute("data-count")));
  return { ids, anchors, counts };
}

/**
 * Animate what changed since `before` (from measure()). `effects`: also play
 * the data-anim effects (only for the render that follows an update).
 */
export function animate(root, before, { effects = true, duration = 380 } = {}) {
  if (reducedMotion()) return;
  const moved = [];
  for (const el of root.querySelectorAll("[data-id]")) {
    if (el.closest("[data-nofly]")) continue;
    const id = el.getAttribute("data-id");
    let from = before.ids.get(id);
    const fresh = !from;
    if (!from && effects && el.dataset.from) from = arrival(before.anchors.get(el.dataset.from), el);
    if (!from) continue;
    const to = el.getBoundingClientRect();
    if (!to.width || !to.height) continue;
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    const sx = from.width / to.width;
    const sy = from.height / to.height;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2 && Math.abs(sx - 1) < 0.04) continue;
    // Only fly what travelled on an update; a local re-render (a selection) just snaps.
    if (!effects && !fresh) continue;
    moved.push(el);
    el.animate(
      [
        { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, zIndex: 30 },
        { transformOrigin: "0 0", transform: "none", zIndex: 30 },
      ],
      { duration: fresh ? duration * 1.15 : duration, easing: "cubic-bezier(.2,.75,.25,1)" }
    );
  }
  if (!effects) return;
  for (const el of root.querySelectorAll("[data-anim]")) {
    const effect = EFFECTS[el.dataset.anim];
    if (effect) el.animate(effect[0], { ...effect[1], delay: moved.includes(el) ? duration * 0.6 : 0 });
  }
  for (const el of root.querySelectorAll("[data-count][data-id]")) {
    const was = before.counts.get(el.getAttribute("data-id"));
    const now = Number(el.getAttribute("data-count"));
    if (was !== undefined && was !== now && Number.isFinite(was)) tick(el, was, now);
  }
}

/**
 * Where a new element starts when it flies in from an anchor: centred on the
 * anchor at its own shape, shrunk to fit it but never stretched to it (a card
 * from a wide row of backs would otherwise be drawn twice as wide as itself,
 * over whatever sits beside its pile). None when the anchor is not on screen.
 */
function arrival(anchor, el) {
  if (!anchor || !anchor.width || !anchor.height) return null;
  const own = el.getBoundingClientRect();
  if (!own.width || !own.height) return null;
  const k = Math.min(1, anchor.width / own.width, anchor.height / own.height);
  const width = own.width * Math.max(k, 0.35);
  const height = own.height * Math.max(k, 0.35);
  return { left: anchor.left + (anchor.width - width) / 2, top: anchor.top + (anchor.height - height) / 2, width, height };
}

/** Play a named effect on one element (respects reduced motion). */
export function play(el, name) {
  const effect = EFFECTS[name];
  if (!el || !effect || reducedMotion()) return;
  el.animate(effect[0], effect[1]);
}

/** The count running on each number's text node holder: a newer one replaces it. */
const ticking = new WeakMap();

/**
 * Count a number shown in `el` from `from` to `to` (its text is "… N …" with N the number).
 * Only the latest count of an element writes: an update that arrives mid-count starts a
 * new one from the number the state had, and the older one stops without touching the
 * text (else it would finish last and leave the older number on screen).
 */
function tick(el, from, to) {
  const node = el.querySelector("[data-count-text]") || el;
  const template = node.textContent;
  const mark = String(to);
  const at = template.lastIndexOf(mark);
  ticking.delete(node);
  if (at < 0) return;
  const steps = Math.min(12, Math.abs(to - from));
  const start = performance.now();
  const total = 90 * steps;
  const run = {};
  ticking.set(node, run);
  // A redraw since (say, no count any more: a K.O.) owns the text now.
  const current = () => ticking.get(node) === run && node.isConnected && el.getAttribute("data-count") === mark;
  const frame = (now) => {
    if (!current()) return;
    const k = Math.min(1, (now - start) / total);
    const value = Math.round(from + (to - from) * k);
    if (k < 1) {
      node.textContent = template.slice(0, at) + value + template.slice(at + mark.length);
      requestAnimationFrame(frame);
    } else {
      node.textContent = template;
      ticking.delete(node);
    }
  };
  requestAnimationFrame(frame);
}
