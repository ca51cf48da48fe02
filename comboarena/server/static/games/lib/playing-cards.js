// The standard 52-card deck, drawn in CSS: rank + suit notation ("TH", "7S"),
// red hearts and diamonds, black spades and clubs, each suit its own symbol.
// The rank and suit sit in the top-left corner, so a card half covered in a
// fanned pile still says what it is.

import { h } from "../../js/dom.js";

export const SUITS = {
  S: { symbol: "♠", name: "spades", red: false },
  H: { symbol: "♥", name: "hearts", red: true },
  D: { symbol: "♦", name: "diamonds", red: true },
  C: { symbol: "♣", name: "clubs", red: false },
};
const RANK_NAMES = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};

export const rankOf = (card) => card[0];
export const suitOf = (card) => card[1];
export const rankText = (card) => (card[0] === "T" ? "10" : card[0]);
/** "7♥". */
export const shortName = (card) => `${rankText(card)}${SUITS[card[1]]?.symbol ?? card[1]}`;

/** "seven of hearts". */
export function cardName(card) {
  const suit = SUITS[card[1]];
  return suit ? `${RANK_NAMES[card[0]] || card[0]} of ${suit.name}` : card;
}

/**
 * A card face; a button (data-move) when `move` is given, a picker (data-pick,
 * data-covers) when only `onclick` is. `id` keeps it the same element across
 * updates (so it can fly from the hand to a pile); `from` names the anchor a
 * new card flies in from; `anim` a one-off effect (see js/motion.js).
 */
export function cardFace(card, opts = {}) {
  const { move = null, onclick = null, small = false, mid = false, extra = "", title = null, covers = null, id = card, from = null, anim = null, nonum = false } = opts;
  const suit = SUITS[card[1]] || { symbol: "?", red: false };
  const clickable = move !== null || onclick !== null;
  const label = title || cardName(card);
  const attrs = {
    class: `card pc${suit.red ? " red" : ""}${small ? " small" : mid ? " mid" : ""}${clickable ? " legal" : ""}${extra ? ` ${extra}` : ""}`,
    title: label,
    "aria-label": label,
    "data-covers": covers,
    "data-id": id,
    "data-from": from,
    "data-anim": anim,
    "data-nonum": nonum || null,
  };
  if (move !== null) attrs["data-move"] = move;
  else if (onclick !== null) attrs["data-pick"] = card;
  if (clickable) {
    attrs.type = "button";
    attrs.onclick = onclick || null;
  }
  return h(
    clickable ? "button" : "div",
    attrs,
    h("span", { class: "corner tl" }, rankText(card), h("br"), suit.symbol),
    h("span", { class: "pip" }, suit.symbol),
    h("span", { class: "corner br" }, rankText(card), h("br"), suit.symbol)
  );
}

export function cardBack({ small = true, id = null, extra = "" } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}${extra ? ` ${extra}` : ""}`, "aria-hidden": "true", "data-id": id });
}

/** A row of up to `max` backs standing for `n` hidden cards, with the count. */
export function backs(n, max = 7, { anchor = null } = {}) {
  const shown = [];
  for (let i = 0; i < Math.min(n, max); i++) shown.push(cardBack());
  return h(
    "div",
    { class: "cards fan backs", "aria-label": `${n} cards face down`, "data-anchor": anchor },
    shown,
    n > max ? h("span", { class: "stack-count more" }, `+${n - max}`) : null
  );
}
