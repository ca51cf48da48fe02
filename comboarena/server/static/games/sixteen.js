// Sixteen's table: your hand, the play pile with its running sum, the other
// hands face down, the sets each side has won. Each playable card says what
// it would do (Sixteen, Match, Bust) so a newcomer sees the rules at work.
//
// View keys: seat, players, turn, to_act, hand, hand_sizes, pile, pile_sum,
// sets, set_piles, draw_pile, drawn, ignored, over. Moves: "5R", "W=5G", "draw".

import { h, plural } from "../js/dom.js";

const COLOURS = {
  R: { name: "red", css: "#d32f2f", shape: "●" },
  G: { name: "green", css: "#1e8e4e", shape: "▲" },
  B: { name: "blue", css: "#1f5fd6", shape: "■" },
  O: { name: "orange", css: "#e8780c", shape: "◆" },
};
const FACES = [];
for (let n = 0; n <= 6; n++) for (const c of "RGBO") FACES.push(`${n}${c}`);

let pickerOpen = false;

/** Number, colour letter and whether it is a wild, for a card as it lies ("5R", "W=5G") or is held ("W"). */
function parts(card) {
  if (card === "W") return { wild: true, num: null, col: null };
  const face = card.startsWith("W=") ? card.slice(2) : card;
  return { wild: card.startsWith("W="), num: Number(face[0]), col: face[1] };
}

export function describeCard(card) {
  const p = parts(card);
  if (p.num === null) return "wild card";
  const words = `${p.num} ${COLOURS[p.col].name}`;
  return p.wild ? `wild played as ${words}` : words;
}

/** A card face; a button when `move` is given (a legal move), else a picture. */
function cardEl(card, { move = null, small = false, extra = "", onclick = null, covers = null, key = false } = {}) {
  const p = parts(card);
  const clickable = move !== null || onclick !== null;
  const tag = clickable ? "button" : "div";
  const cls = `card${small ? " small" : ""}${clickable ? " legal" : ""}${p.wild ? " wild-played" : ""}${extra ? ` ${extra}` : ""}`;
  const style = p.num === null
    ? { background: "conic-gradient(#d32f2f, #e8780c, #1e8e4e, #1f5fd6, #d32f2f)" }
    : { background: COLOURS[p.col].css };
  const attrs = {
    class: cls,
    style,
    title: describeCard(card),
    "aria-label": describeCard(card),
    dataset: move !== null ? { move } : key ? { key: "1" } : undefined,
    "data-covers": covers,
    onclick: clickable ? onclick || (() => {}) : null,
  };
  if (clickable) attrs.type = "button";
  const inner =
    p.num === null
      ? [h("span", { style: { fontSize: "calc(var(--card-w) * 0.5)" } }, "W"), h("span", { class: "corner tl" }, "★")]
      : [
          h("span", { class: "corner tl" }, String(p.num)),
          h("span", { style: { fontSize: "calc(var(--card-w) * 0.55)", lineHeight: 1 } }, String(p.num)),
          h("span", { class: "corner br" }, `${COLOURS[p.col].shape}${p.wild ? "W" : ""}`),
        ];
  return h(tag, attrs, inner);
}

/** What playing `card` (as it would lie on the pile) does now, in words. */
function effect(card, view, options, names) {
  const p = parts(card);
  const after = view.pile_sum + p.num;
  const taker = names[(view.seat + 1) % view.players];
  if (after > 16) return { cls: "bad", text: `Bust (${after}) — set to ${taker}` };
  const kinds = [];
  if (after === 16) kinds.push("Sixteen");
  const pile = view.pile;
  if (options.matches !== false && pile.length >= 2) {
    const [a, b] = pile.slice(-2).map(parts);
    if (a.num === b.num && b.num === p.num) kinds.push("number match");
    if (a.col === b.col && b.col === p.col) kinds.push("colour match");
  }
  if (kinds.length) return { cls: "good", text: `${kinds.join(" + ")}! Set is yours` };
  if (after === 9) return { cls: "meh", text: "→ 9: safe from 16" };
  return { cls: "meh", text: `→ ${after}` };
}

function pileMeter(sum) {
  const pct = Math.min(100, (100 * sum) / 16);
  return h(
    "div",
    { style: { minWidth: "160px" } },
    h("div", { style: { fontWeight: 800, fontSize: "1.2em" } }, `Sum ${sum}`, h("span", { class: "muted small" }, sum < 16 ? ` · ${16 - sum} to Sixteen` : "")),
    h(
      "div",
      { style: { position: "relative", height: "12px", background: "rgba(0,0,0,0.35)", borderRadius: "99px", marginTop: "4px", overflow: "hidden" } },
      h("div", { style: { width: `${pct}%`, height: "100%", background: sum === 16 ? "#3ecf7a" : "#ffcf4a" } }),
      h("div", { title: "9", style: { position: "absolute", left: `${(100 * 9) / 16}%`, top: 0, bottom: 0, width: "2px", background: "#fff8" } })
    )
  );
}

function seatLabel(ctx, seat) {
  const v = ctx.view;
  if (v.players !== 4 || ctx.seat === null) return ctx.names[seat];
  const mate = (ctx.seat + 2) % 4;
  return `${ctx.names[seat]}${seat === mate ? " (partner)" : seat === ctx.seat ? "" : " (opponent)"}`;
}

function setsLine(ctx) {
  const v = ctx.view;
  if (v.players === 4) {
    const a = v.sets[0] + v.sets[2];
    const b = v.sets[1] + v.sets[3];
    return `Team ${ctx.names[0]} + ${ctx.names[2]}: ${plural(a, "set")} · Team ${ctx.names[1]} + ${ctx.names[3]}: ${plural(b, "set")}`;
  }
  return v.sets.map((n, s) => `${ctx.names[s]}: ${plural(n, "set")}`).join(" · ");
}

function otherSeat(ctx, seat) {
  const v = ctx.view;
  const n = v.hand_sizes[seat];
  const backs = [];
  for (let i = 0; i < Math.min(n, 6); i++) backs.push(h("div", { class: "card back small", "aria-hidden": "true" }));
  const turn = v.turn === seat;
  return h(
    "div",
    { class: "zone", "data-seat": seat },
    h("div", { class: "zone-label" }, `${seatLabel(ctx, seat)} · ${plural(n, "card")} · ${plural(v.sets[seat], "set")}${turn ? " · to play" : ""}`),
    h("div", { class: "cards", "aria-label": `${plural(n, "card")} face down` }, backs)
  );
}

function drawPile(ctx) {
  const v = ctx.view;
  const canDraw = ctx.legal.includes("draw");
  const pile = h(
    canDraw ? "button" : "div",
    {
      class: `card back${canDraw ? " legal" : ""}`,
      type: canDraw ? "button" : null,
      dataset: canDraw ? { move: "draw" } : undefined,
      "aria-label": `draw pile, ${plural(v.draw_pile, "card")}${canDraw ? ": draw one" : ""}`,
      onclick: canDraw ? () => ctx.act("draw") : null,
    },
    h("span", { class: "stack-count" }, String(v.draw_pile))
  );
  return h("div", { class: "slot" }, h("div", { class: "zone-label" }, "Draw pile"), pile, canDraw ? h("span", { class: "hint good" }, "Draw") : null);
}

function playPile(ctx) {
  const v = ctx.view;
  const cards = v.pile.map((c) => cardEl(c));
  return h(
    "div",
    { class: "slot grow", style: { alignItems: "flex-start" } },
    h("div", { class: "zone-label" }, `Play pile${v.pile.length ? ` · ${plural(v.pile.length, "card")}` : ""}`),
    h("div", { class: "row", style: { alignItems: "center" } },
      h("div", { class: `cards${cards.length > 4 ? " fan" : ""}`, "aria-label": `play pile: ${v.pile.map(describeCard).join(", ") || "empty"}` }, cards.length ? cards : h("div", { class: "muted" }, "empty — a new round starts")),
      pileMeter(v.pile_sum)
    )
  );
}

function newCards(ctx) {
  const fresh = [];
  for (const e of ctx.lastEvents || []) if (e.kind === "draw" && e.seat === ctx.seat && e.card) fresh.push(e.card);
  return fresh;
}

function hand(ctx) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const fresh = newCards(ctx);
  const wildMoves = ctx.legal.filter((m) => m.startsWith("W="));
  const cells = v.hand.map((card) => {
    let el;
    let hint = null;
    const isNew = fresh.includes(card) && (fresh.splice(fresh.indexOf(card), 1), true);
    if (card === "W") {
      if (wildMoves.length) {
        el = cardEl(card, {
          extra: isNew ? "new" : "",
          covers: wildMoves.join("|"),
          key: true,
          onclick: () => {
            pickerOpen = !pickerOpen;
            ctx.rerender();
          },
        });
        hint = { cls: "good", text: pickerOpen ? "choose below" : "wild: you choose" };
      } else el = cardEl(card, { extra: isNew ? "new" : "" });
    } else if (legal.has(card)) {
      el = cardEl(card, { move: card, extra: isNew ? "new" : "", onclick: () => ctx.act(card) });
      hint = effect(card, v, ctx.options, ctx.names);
    } else {
      el = cardEl(card, { extra: isNew ? "new" : "" });
      if (el.tagName === "DIV") el.setAttribute("aria-disabled", "true");
    }
    return h("div", { class: "slot" }, el, hint ? h("span", { class: `hint ${hint.cls}` }, hint.text) : null);
  });
  return h(
    "div",
    { class: "zone" },
    h(
      "div",
      { class: "zone-label" },
      `${ctx.readOnly ? `${ctx.names[ctx.seat]}'s hand` : "Your hand"}${v.players === 4 && !ctx.readOnly ? " · " + seatLabel(ctx, ctx.seat) : ""} · ${plural(v.sets[ctx.seat], "set")} won`
    ),
    h("div", { class: "cards" }, cells.length ? cells : h("span", { class: "muted" }, "no cards left")),
    pickerOpen && wildMoves.length ? wildPicker(ctx, wildMoves) : null
  );
}

function wildPicker(ctx, wildMoves) {
  const v = ctx.view;
  const allowed = new Set(wildMoves);
  const rows = [];
  for (const c of "RGBO") {
    const cells = [];
    for (let n = 0; n <= 6; n++) {
      const move = `W=${n}${c}`;
      if (!allowed.has(move)) continue;
      const eff = effect(move, v, ctx.options, ctx.names);
      cells.push(
        h("div", { class: "slot" },
          cardEl(move, { move, small: true, onclick: () => { pickerOpen = false; ctx.act(move); } }),
          h("span", { class: `hint ${eff.cls}`, style: { fontSize: "0.62em" } }, eff.cls === "good" ? "set!" : eff.cls === "bad" ? "bust" : `→${v.pile_sum + n}`)
        )
      );
    }
    rows.push(h("div", { class: "cards" }, cells));
  }
  return h(
    "div",
    { class: "panel", style: { marginTop: "10px", background: "rgba(0,0,0,0.35)" }, "aria-label": "declare the wild" },
    h("div", { class: "zone-label" }, "Play the wild as… (pick a number and colour)"),
    rows,
    h("button", { class: "btn small", style: { marginTop: "6px" }, onclick: () => { pickerOpen = false; ctx.rerender(); } }, "Cancel")
  );
}

function lastSet(ctx) {
  const e = (ctx.lastEvents || []).find((x) => x.kind === "set");
  return e ? h("div", { class: "banner", style: { background: "rgba(0,0,0,0.35)", margin: "6px 0" } }, e.text) : null;
}

export default {
  guide(info, options) {
    const strict = options.draw === "strict";
    const loose = options.draw === "loose";
    return h(
      "div",
      {},
      h("p", {}, "Sixteen is a quick card game about the total of a shared pile. Win the most ", h("b", {}, "sets"), "."),
      h("h4", {}, "Your turn"),
      h(
        "ul",
        {},
        h("li", {}, strict || loose ? "Draw a card from the draw pile (click it), then play one card onto the play pile." : "A card is drawn for you; then play one card from your hand onto the play pile."),
        strict ? h("li", {}, "Strict rules: forget to draw and you play short a card for the rest of the game.") : null,
        loose ? h("li", {}, "Loose rules: forgot to draw? Draw later to get back to a full hand.") : null,
        h("li", {}, "Cards are numbers 0–6 in four colours: red ●, green ▲, blue ■, orange ◆. The pile's sum is shown next to it.")
      ),
      h("h4", {}, "Winning a set (the pile)"),
      h(
        "ul",
        {},
        h("li", {}, h("b", {}, "Sixteen"), ": your card makes the pile total exactly 16 — the set is yours."),
        options.matches === false
          ? null
          : h("li", {}, h("b", {}, "Match"), ": your card is the third in a row of the same number or the same colour — the set is yours."),
        h("li", {}, h("b", {}, "Bust"), ": your card takes the total over 16 — the set goes to your opponent. A bust beats a match."),
        options.bonus ? h("li", {}, "Bonus rules: a card that makes two sets at once (e.g. Sixteen and a Match) counts twice.") : null,
        h("li", {}, "Whoever won the set starts the next round" + (options.players === 4 ? " (in 4 players: the player after the one who finished it)." : "."))
      ),
      options.wilds === false ? null : [h("h4", {}, "Wild cards"), h("p", {}, "A wild (rainbow W) becomes any number and colour you choose when you play it: click it, then pick.")],
      options.players === 4 ? [h("h4", {}, "Teams"), h("p", {}, "Four players play as two teams of partners sitting opposite; sets count for the team.")] : null,
      h("h4", {}, "End"),
      h("p", {}, "When every card has been played, the side with the most sets wins. A last pile that makes no set is ignored."),
      h("h4", {}, "Tips"),
      h("p", {}, "Leave the pile at 9: no single card (6 is the highest) reaches 16 from there, and 0s are rare. Each card in your hand says what it would do."),
      h("h4", {}, "Keys"),
      h("p", { class: "keys" }, "1–9 play the numbered card, ← → move between cards, Enter plays, / lets you type a move like 5R or W=5G.")
    );
  },

  status(ctx) {
    const v = ctx.view;
    if (ctx.legal.includes("draw") && ctx.legal.length > 1) return "Your turn: draw a card (recommended), then play one.";
    if (ctx.legal.includes("draw")) return "Your turn: draw a card.";
    return v.pile.length ? `Your turn: play a card — the pile is at ${v.pile_sum}.` : "Your turn: play a card to start a new pile.";
  },

  render(ctx) {
    const v = ctx.view;
    const n = v.players;
    const seats = [];
    const me = ctx.seat;
    for (let i = 1; i <= n; i++) {
      const s = ((me ?? -1) + i + n) % n;
      if (s !== me) seats.push(otherSeat(ctx, s));
    }
    if (!ctx.legal.length) pickerOpen = false;
    return h(
      "div",
      { class: "sixteen" },
      h("div", { class: "row" }, seats),
      h("div", { class: "zone-label", style: { marginTop: "4px" } }, setsLine(ctx)),
      lastSet(ctx),
      h("div", { class: "row", style: { margin: "14px 0", flexWrap: "nowrap" } }, drawPile(ctx), playPile(ctx)),
      v.ignored.length ? h("div", { class: "zone" }, h("div", { class: "zone-label" }, "Ignored last pile"), h("div", { class: "cards" }, v.ignored.map((c) => cardEl(c, { small: true })))) : null,
      me !== null && v.hand ? hand(ctx) : null
    );
  },
};
