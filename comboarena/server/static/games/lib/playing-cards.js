// The standard 52-card deck, drawn in CSS: rank + suit notation ("TH", "7S"),
// red hearts and diamonds, black spades and clubs, each suit its own symbol.

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

/** "seven of hearts". */
export function cardName(card) {
  const suit = SUITS[card[1]];
  return suit ? `${RANK_NAMES[card[0]] || card[0]} of ${suit.name}` : card;
}

/** A card face; a button (with data-move) when `move` is given. */
export function cardFace(card, { move = null, onclick = null, small = false, mid = false, extra = "", title = null, covers = null } = {}) {
  const suit = SUITS[card[1]] || { symbol: "?", red: false };
  const clickable = move !== null || onclick !== null;
  const attrs = {
    class: `card pc${suit.red ? " red" : ""}${small ? " small" : mid ? " mid" : ""}${clickable ? " legal" : ""}${extra ? ` ${extra}` : ""}`,
    title: title || cardName(card),
    "aria-label": title || cardName(card),
    "data-covers": covers,
  };
  if (move !== null) attrs.dataset = { move };
  if (clickable) {
    attrs.type = "button";
    attrs.onclick = onclick;
  }
  return h(
    clickable ? "button" : "div",
    attrs,
    h("span", { class: "corner tl" }, rankText(card), h("br"), suit.symbol),
    h("span", { class: "pip" }, suit.symbol),
    h("span", { class: "corner br" }, rankText(card))
  );
}

export function cardBack({ small = true } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}`, "aria-hidden": "true" });
}

/** A row of up to `max` backs standing for `n` hidden cards, with the count. */
export function backs(n, max = 7) {
  const shown = [];
  for (let i = 0; i < Math.min(n, max); i++) shown.push(cardBack());
  return h(
    "div",
    { class: "cards fan", "aria-label": `${n} cards face down` },
    shown,
    n > max ? h("span", { class: "stack-count", style: { marginLeft: "8px" } }, `+${n - max}`) : null
  );
}
