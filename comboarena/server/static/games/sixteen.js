// Sixteen's table: the other hands face down with their sets, the play pile
// with its running sum, your hand. Every card shows its number and its colour
// by shape as well as colour (red ●, green ▲, blue ■, orange ◆) in the top
// corner, so a fanned pile can be read card by card. Each playable card says
// what it would do (16!, match!, bust, → the new sum).
//
// View keys: seat, players, turn, to_act, hand, hand_sizes, pile, pile_sum,
// sets, set_piles, draw_pile, drawn, ignored, over. Moves: "5R", "W=5G", "draw".

import { h, plural } from "../js/dom.js";

// Event kinds of Sixteen (comboarena/games/sixteen/view.py: EventKind), named once.
const EV = { DRAW: "draw", PLAY: "play", SET: "set", IGNORED: "ignored", END: "end" };

const COLOURS = {
  R: { name: "red", css: "#d32f2f", shape: "●" },
  G: { name: "green", css: "#1e8e4e", shape: "▲" },
  B: { name: "blue", css: "#1f5fd6", shape: "■" },
  O: { name: "orange", css: "#e8780c", shape: "◆" },
};

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

/** "5◆" — the number with its colour's shape. */
function short(card) {
  const p = parts(card);
  return p.num === null ? "W" : `${p.num}${COLOURS[p.col].shape}${p.wild ? "(W)" : ""}`;
}

/** Stable ids for cards of one zone: the same card twice is "5R", then "5R~2". */
function ids(cards, zone = "") {
  const seen = new Map();
  return cards.map((c) => {
    const n = (seen.get(c) || 0) + 1;
    seen.set(c, n);
    return `${zone}${c}${n > 1 ? `~${n}` : ""}`;
  });
}

/** A card face; a button when `move` or `onclick` is given, else a picture. */
function cardEl(card, { move = null, small = false, extra = "", onclick = null, covers = null, id = null, from = null, anim = null, pick = false } = {}) {
  const p = parts(card);
  const clickable = move !== null || onclick !== null;
  const cls = `card sx${small ? " small" : ""}${clickable ? " legal" : ""}${p.wild ? " wild-played" : ""}${p.num === null ? " wild" : ""}${extra ? ` ${extra}` : ""}`;
  const attrs = {
    class: cls,
    style: p.num === null ? null : { "--sx": COLOURS[p.col].css },
    title: describeCard(card),
    "aria-label": describeCard(card),
    "data-move": move,
    "data-pick": pick ? card : null,
    "data-covers": covers,
    "data-id": id,
    "data-from": from,
    "data-anim": anim,
    onclick: clickable ? onclick || (() => {}) : null,
    type: clickable ? "button" : null,
  };
  const inner =
    p.num === null
      ? [h("span", { class: "corner tl" }, "W", h("br"), "★"), h("span", { class: "big" }, "W")]
      : [
          h("span", { class: "corner tl" }, String(p.num), h("br"), COLOURS[p.col].shape),
          h("span", { class: "big" }, String(p.num)),
          h("span", { class: "corner br" }, COLOURS[p.col].shape),
          p.wild ? h("span", { class: "wild-tag" }, "W") : null,
        ];
  return h(clickable ? "button" : "div", attrs, inner);
}

/** What playing `card` (as it would lie on the pile) does now: a short hint and a sentence. */
function effect(card, view, options, names) {
  const p = parts(card);
  const after = view.pile_sum + p.num;
  const taker = names[(view.seat + 1) % view.players];
  if (after > 16) return { cls: "bad", text: "bust", long: `Bust (${after}): the set goes to ${taker}` };
  const kinds = [];
  if (after === 16) kinds.push("Sixteen");
  const pile = view.pile;
  if (options.matches !== false && pile.length >= 2) {
    const [a, b] = pile.slice(-2).map(parts);
    if (a.num === b.num && b.num === p.num) kinds.push("number match");
    if (a.col === b.col && b.col === p.col) kinds.push("colour match");
  }
  if (kinds.length) return { cls: "good", text: after === 16 ? "16! set" : "match!", long: `${kinds.join(" + ")}: the set is yours`, strong: true };
  if (after === 9) return { cls: "meh", text: "→ 9 safe", long: "The pile at 9: no single card reaches 16 from there" };
  return { cls: "meh", text: `→ ${after}`, long: `The pile goes to ${after}` };
}

function pileMeter(sum) {
  const pct = Math.min(100, (100 * sum) / 16);
  return h(
    "div",
    { class: "sx-meter" },
    h("div", { class: "sx-sum", "data-id": "pile-sum", "data-count": sum }, h("span", { "data-count-text": "1" }, `Sum ${sum}`), h("span", { class: "muted small" }, sum > 0 && sum < 16 ? ` · ${16 - sum} to 16` : "")),
    h("div", { class: "sx-bar" }, h("div", { class: `sx-fill${sum === 16 ? " full" : ""}`, style: { width: `${pct}%` } }), h("div", { class: "sx-nine", title: "9" }))
  );
}

function relation(ctx, seat) {
  const v = ctx.view;
  if (v.players !== 4 || ctx.seat === null || seat === ctx.seat) return "";
  return seat === (ctx.seat + 2) % 4 ? "partner" : "opponent";
}

function setsLine(ctx) {
  const v = ctx.view;
  if (v.players === 4) {
    const a = v.sets[0] + v.sets[2];
    const b = v.sets[1] + v.sets[3];
    return [
      h("span", { class: "sx-team ellipsis" }, `${ctx.names[0]} + ${ctx.names[2]}: `, h("b", { "data-id": "team-0", "data-count": a }, plural(a, "set"))),
      h("span", { class: "sx-team ellipsis" }, `${ctx.names[1]} + ${ctx.names[3]}: `, h("b", { "data-id": "team-1", "data-count": b }, plural(b, "set"))),
    ];
  }
  return v.sets.map((n, s) => h("span", { class: "sx-team ellipsis" }, `${ctx.names[s]}: `, h("b", {}, plural(n, "set"))));
}

function wonSet(ctx, seat) {
  return (ctx.lastEvents || []).some((e) => e.kind === EV.SET && e.seat === seat);
}

function otherSeat(ctx, seat) {
  const v = ctx.view;
  const n = v.hand_sizes[seat];
  const rel = relation(ctx, seat);
  const revealed = ctx.seatViews?.[seat]?.hand;
  const cards = revealed
    ? revealed.map((c, i) => cardEl(c, { small: true, extra: "revealed", id: ids(revealed, `h${seat}:`)[i] }))
    : Array.from({ length: Math.min(n, 6) }, () => h("div", { class: "card back small", "aria-hidden": "true" }));
  return h(
    "div",
    { class: `sx-seat${v.turn === seat ? " turn" : ""}${rel ? ` ${rel}` : ""}`, "data-seat": seat, "data-id": `seat-${seat}` },
    h(
      "div",
      { class: "sx-head" },
      h("span", { class: "sx-name", title: ctx.names[seat] }, ctx.names[seat]),
      rel ? h("span", { class: `chip small ${rel}` }, rel) : null,
      v.turn === seat ? h("span", { class: "chip small turn-chip" }, "to play") : null
    ),
    h("div", { class: "cards sx-backs", "data-anchor": `hand-${seat}`, "aria-label": `${plural(n, "card")} ${revealed ? "" : "face down"}` }, cards),
    h("div", { class: "small" }, plural(n, "card"), " · ", h("b", { class: "sx-sets", "data-id": `sets-${seat}`, "data-count": v.sets[seat], "data-anim": wonSet(ctx, seat) ? "win" : null, "data-anchor": `sets-${seat}` }, plural(v.sets[seat], "set")))
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
      "data-move": canDraw ? "draw" : null,
      "data-anchor": "deck",
      "aria-label": `draw pile, ${plural(v.draw_pile, "card")}${canDraw ? ": draw one" : ""}`,
      onclick: canDraw ? () => ctx.act("draw") : null,
    },
    h("span", { class: "stack-count" }, String(v.draw_pile))
  );
  return h("div", { class: "slot sx-draw" }, h("div", { class: "zone-label" }, "Draw"), pile, canDraw ? h("span", { class: "hint good" }, "Draw") : null);
}

function playPile(ctx) {
  const v = ctx.view;
  const last = [...(ctx.lastEvents || [])].reverse().find((e) => e.kind === EV.PLAY);
  const pileIds = ids(v.pile);
  const cards = v.pile.map((c, i) => {
    const top = i === v.pile.length - 1 && last && last.card === c;
    return cardEl(c, { id: pileIds[i], extra: top ? "last" : "", from: top && last.seat !== ctx.seat ? `hand-${last.seat}` : top ? "my-hand" : null });
  });
  return h(
    "div",
    { class: "sx-pile" },
    h("div", { class: "zone-label" }, `Play pile${v.pile.length ? ` · ${plural(v.pile.length, "card")}` : ""}`),
    h(
      "div",
      { class: "sx-pile-row" },
      h("div", { class: `cards sx-pilecards${cards.length > 2 ? " fan" : ""}${cards.length > 6 ? " long" : ""}`, "aria-label": `play pile: ${v.pile.map(describeCard).join(", ") || "empty"}` }, cards.length ? cards : h("div", { class: "muted sx-empty" }, "empty — a new round starts")),
      pileMeter(v.pile_sum)
    )
  );
}

function hand(ctx) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const fresh = [];
  for (const e of ctx.lastEvents || []) if (e.kind === EV.DRAW && e.seat === ctx.seat && e.card) fresh.push(e.card);
  const wildMoves = ctx.legal.filter((m) => m.startsWith("W="));
  const handIds = ids(v.hand, "");
  const cells = v.hand.map((card, i) => {
    let el;
    let hint = null;
    const isNew = fresh.includes(card) && (fresh.splice(fresh.indexOf(card), 1), true);
    const common = { id: handIds[i], extra: isNew ? "new" : "", from: isNew ? "deck" : null };
    if (card === "W") {
      if (wildMoves.length) {
        el = cardEl(card, {
          ...common,
          covers: wildMoves.join("|"),
          pick: true,
          onclick: () => {
            pickerOpen = !pickerOpen;
            ctx.rerender();
          },
        });
        hint = { cls: "good", text: pickerOpen ? "choose ↓" : "wild", long: "a wild: you choose its number and colour" };
      } else el = cardEl(card, common);
    } else if (legal.has(card)) {
      hint = effect(card, v, ctx.options, ctx.names);
      el = cardEl(card, { ...common, move: card, extra: `${common.extra}${hint.strong ? " strong" : ""}`, onclick: () => ctx.act(card) });
    } else {
      el = cardEl(card, common);
    }
    return h("div", { class: "slot", "data-id": `slot-${handIds[i]}` }, el, hint ? h("span", { class: `hint ${hint.cls}`, title: hint.long }, hint.text) : null);
  });
  const rel = v.players === 4 && !ctx.readOnly ? " · team with " + ctx.names[(ctx.seat + 2) % 4] : "";
  return h(
    "div",
    { class: "sx-hand zone" },
    h("div", { class: "zone-label" }, `${ctx.readOnly ? `${ctx.names[ctx.seat]}'s hand` : "Your hand"}${rel} · `, h("span", { "data-id": `sets-${ctx.seat}`, "data-count": v.sets[ctx.seat], "data-anim": wonSet(ctx, ctx.seat) ? "win" : null, "data-anchor": `sets-${ctx.seat}` }, `${plural(v.sets[ctx.seat], "set")} won`)),
    h("div", { class: "cards sx-handcards", "data-anchor": "my-hand" }, cells.length ? cells : h("span", { class: "muted" }, "no cards left")),
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
        h(
          "div",
          { class: "slot" },
          cardEl(move, { move, small: true, extra: eff.strong ? "strong" : "", onclick: () => { pickerOpen = false; ctx.act(move); } }),
          h("span", { class: `hint ${eff.cls} tiny-hint`, title: eff.long }, eff.cls === "good" ? "set!" : eff.cls === "bad" ? "bust" : `→${v.pile_sum + n}`)
        )
      );
    }
    rows.push(h("div", { class: "cards" }, cells));
  }
  return h(
    "div",
    { class: "panel sx-picker", "data-keyscope": "1", "aria-label": "declare the wild" },
    h("div", { class: "zone-label" }, "Play the wild as… (pick a number and colour)"),
    rows,
    h("button", { class: "btn small", type: "button", onclick: () => { pickerOpen = false; ctx.rerender(); } }, "Cancel")
  );
}

function headline(events, ctx) {
  const n = (s) => ctx.names[s];
  const set = (events || []).find((e) => e.kind === EV.SET);
  if (set) {
    const you = set.seat === ctx.seat;
    const twice = set.count > 1 ? " — it counts twice" : "";
    if (set.kind === "bust") return `Bust! ${n(set.by)} went over 16: the set goes to ${you ? "you" : n(set.seat)}.`;
    const kinds = (set.kinds || [set.kind]).map((k) => (k === "sixteen" ? "Sixteen" : k)).join(" and ");
    return `${kinds}! ${you ? "You win" : `${n(set.seat)} wins`} the set${twice}.`;
  }
  const playEv = [...(events || [])].reverse().find((e) => e.kind === EV.PLAY);
  if (playEv) return `${n(playEv.seat)} played ${describeCard(playEv.card)} (${short(playEv.card)}): the pile is at ${playEv.sum}.`;
  return undefined;
}

export default {
  css: true,
  lobby: {
    presets() {
      return [
        { label: "4 players in teams", options: { players: 4 } },
        { label: "Younger players (no matches, no wilds)", options: { matches: false, wilds: false } },
      ];
    },
  },
  pitch: "Draw one, play one: make the pile hit exactly 16, or three in a row, and don't bust.",

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
        h("li", {}, "Cards are numbers 0–6 in four colours, each with its shape: red ●, green ▲, blue ■, orange ◆. The pile's sum is shown next to it.")
      ),
      h("h4", {}, "Winning a set (the pile)"),
      h(
        "ul",
        {},
        h("li", {}, h("b", {}, "Sixteen"), ": your card makes the pile total exactly 16 — the set is yours."),
        options.matches === false ? null : h("li", {}, h("b", {}, "Match"), ": your card is the third in a row of the same number or the same colour — the set is yours."),
        h("li", {}, h("b", {}, "Bust"), ": your card takes the total over 16 — the set goes to your opponent. A bust beats a match."),
        options.bonus ? h("li", {}, "Bonus rules: a card that makes two sets at once (e.g. Sixteen and a Match) counts twice.") : null,
        h("li", {}, "Whoever won the set starts the next round" + (options.players === 4 ? " (in 4 players: the player after the one who finished it)." : "."))
      ),
      options.wilds === false ? null : [h("h4", {}, "Wild cards"), h("p", {}, "A wild (rainbow W) becomes any number and colour you choose when you play it: click it, then pick.")],
      options.players === 4 ? [h("h4", {}, "Teams"), h("p", {}, "Four players play as two teams of partners sitting opposite; sets count for the team.")] : null,
      h("h4", {}, "End"),
      h("p", {}, "When every card has been played, the side with the most sets wins. A last pile that makes no set is ignored."),
      h("h4", {}, "Tips"),
      h("p", {}, "Leave the pile at 9: no single card (6 is the highest) reaches 16 from there, and 0s are rare. Each card in your hand says what it would do: 16! or match! wins the set, bust gives it away, → N is the new sum."),
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

  headline,

  cues(events, ctx) {
    const out = [];
    for (const e of events || []) {
      if (e.kind === EV.SET) out.push(e.seat === ctx.seat || (ctx.seat !== null && ctx.view.players === 4 && e.seat % 2 === ctx.seat % 2) ? "win" : "hit");
      else if (e.kind === EV.PLAY && e.seat !== ctx.seat) out.push("card");
      else if (e.kind === EV.DRAW && e.seat === ctx.seat) out.push("draw");
    }
    return out;
  },

  cancel() {
    pickerOpen = false;
  },

  render(ctx) {
    const v = ctx.view;
    const n = v.players;
    const others = [];
    const me = ctx.seat;
    for (let i = 1; i <= n; i++) {
      const s = ((me ?? -1) + i + n) % n;
      if (s !== me) others.push(otherSeat(ctx, s));
    }
    if (!ctx.legal.length) pickerOpen = false;
    return h(
      "div",
      { class: `sixteen players-${n}` },
      h("div", { class: "sx-others" }, others),
      h("div", { class: "sx-score" }, setsLine(ctx)),
      h("div", { class: "sx-middle" }, drawPile(ctx), playPile(ctx)),
      v.ignored.length ? h("div", { class: "zone" }, h("div", { class: "zone-label" }, "Ignored last pile"), h("div", { class: "cards" }, v.ignored.map((c) => cardEl(c, { small: true })))) : null,
      me !== null && v.hand ? hand(ctx) : null
    );
  },
};
