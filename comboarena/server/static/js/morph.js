// Patch the live page to look like a freshly drawn one, keeping every element
// that is still there: its CSS transitions play (a life bar shrinks instead of
// jumping), focus and scroll stay put, and js/motion.js can fly the elements
// that moved. Game pages keep drawing the whole table from the view; this
// turns that into the few changes that matter.
//
// Children are matched by `data-id` where they carry one (a card, a seat),
// else by position among the unkeyed siblings of the same tag.

import { takeListeners } from "./dom.js";

/** Make the children of `live` match those of `fresh` (a detached element or fragment). */
export function morphChildren(live, fresh) {
  const want = [...fresh.childNodes];
  const old = [...live.childNodes];
  const keyed = new Map();
  const loose = [];
  for (const node of old) {
    const id = idOf(node);
    if (id !== null && !keyed.has(id)) keyed.set(id, node);
    else loose.push(node);
  }
  const used = new Set();
  let j = 0;
  want.forEach((node, i) => {
    let match = null;
    const id = idOf(node);
    if (id !== null) {
      match = keyed.get(id) || null;
      if (match) keyed.delete(id);
    } else {
      while (j < loose.length && used.has(loose[j])) j++;
      const candidate = loose[j];
      if (candidate && sameKind(candidate, node)) {
        match = candidate;
        j++;
      }
    }
    if (match) {
      used.add(match);
      patch(match, node);
    } else {
      match = node;
    }
    const here = live.childNodes[i];
    if (here !== match) live.insertBefore(match, here || null);
  });
  // What is left over is gone from the table.
  for (const node of [...live.childNodes].slice(want.length)) live.removeChild(node);
}

function idOf(node) {
  return node.nodeType === 1 && node.hasAttribute("data-id") ? `${node.tagName}:${node.getAttribute("data-id")}` : null;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && (a.nodeType !== 1 || (a.tagName === b.tagName && !a.hasAttribute("data-id")));
}

function patch(live, fresh) {
  if (live.nodeType !== 1) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return;
  }
  patchAttributes(live, fresh);
  takeListeners(live, fresh);
  const tag = live.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") {
    // Never fight the person typing.
    if (document.activeElement !== live) {
      if ("value" in fresh && live.value !== fresh.value) live.value = fresh.value;
      if (live.checked !== fresh.checked) live.checked = fresh.checked;
    }
    if (tag !== "SELECT") return;
  }
  if (tag === "DETAILS") {
    // The open state belongs to the reader once they touched it.
    if (live.dataset.touched) fresh.open = live.open;
  }
  morphChildren(live, fresh);
}

function patchAttributes(live, fresh) {
  for (const attr of [...live.attributes]) {
    if (attr.name === "open" && live.tagName === "DETAILS" && live.dataset.touched) continue;
    if (attr.name === "data-touched") continue;
    if (!fresh.hasAttribute(attr.name)) live.removeAttribute(attr.name);
  }
  for (const attr of fresh.attributes) {
    if (live.getAttribute(attr.name) !== attr.value) live.setAttribute(attr.name, attr.value);
  }
}
