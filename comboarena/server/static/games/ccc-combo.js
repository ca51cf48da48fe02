// c-c-c-COMBO's table: four players around it (you at the bottom, your
// partner across), each with a combo pile; your hand below. Select a card to
// see where it can go: a COMBO (same suit) on an opponent makes them BURN,
// on your partner FEEDS them; a COUNTER (same rank) clears a pile.
//
// View keys: seat, players, phase (big players | play | window | burn | heal |
// over), turn, turns, turn_limit, to_act, teams, big_players, hand,
// hand_sizes, piles, discard, deck, reshuffles, window {pile, card, by,
// effect, count, waiting}, burn {seat, owed}, draws [[seat, n, reason]], over.
// Moves: "7H>2", "discard 7H", "pass", "burn 7H", "draw", "heal", "bp 2".

import { h, plural } from "../js/dom.js";
import { backs, cardFace, cardName, rankOf, suitOf, SUITS } from "./lib/playing-cards.js";

let selected = null;

const partnerOf = (s) => (s + 2) % 4;
const teamOf = (s) => s % 2;

function who(ctx, seat) {
  return ctx.names[seat];
}

/** "your" or "Ada's". */
function whose(ctx, seat) {
  return seat === ctx.seat ? "your" : `${ctx.names[seat]}'s`;
}

/** Where each seat sits on screen, seen from `me` (spectators: from seat 0). */
function place(me, seat) {
  const d = (seat - (me ?? 0) + 4) % 4;
  return ["bottom", "left", "top", "right"][d];
}

function relation(ctx, seat) {
  if (ctx.seat === null) return `team ${"AB"[teamOf(seat)]}`;
  if (seat === ctx.seat) return "you";
  return teamOf(seat) === teamOf(ctx.seat) ? "partner" : "opponent";
}

/** What playing `card` on `pile` does, in words. */
function playEffect(ctx, card, pile) {
  const v = ctx.view;
  const top = v.piles[pile][v.piles[pile].length - 1];
  const owner = who(ctx, pile);
  if (suitOf(card) === suitOf(top)) {
    const n = v.piles[pile].length; // base + stack now; after the COMBO the stack is this long
    const ally = teamOf(pile) === teamOf(v.seat);
    return {
      cls: ally ? "good" : "good",
      text: ally ? `COMBO: feeds ${owner} ${n}` : `COMBO: ${owner} burns ${n}`,
    };
  }
  return { cls: "meh", text: `COUNTER: clears ${whose(ctx, pile)} pile` };
}

function pileView(ctx, seat) {
  const v = ctx.view;
  const pile = v.piles[seat] || [];
  const stack = Math.max(0, pile.length - 1);
  const fresh = v.window && v.window.pile === seat;
  const cards = pile.map((c, i) =>
    cardFace(c, { small: i < pile.length - 1, mid: i === pile.length - 1, extra: fresh && i === pile.length - 1 ? "new" : "" })
  );
  const top = pile[pile.length - 1];
  const needs = top ? `COMBO needs ${SUITS[suitOf(top)].symbol} · COUNTER needs a ${rankOf(top) === "T" ? "10" : rankOf(top)}` : "no pile yet";
  return h(
    "div",
    { class: "ccc-pile" },
    h("div", { class: "cards fan", "aria-label": `${who(ctx, seat)}'s combo pile: ${pile.map(cardName).join(", ") || "empty"}` }, cards),
    h("div", { class: "small muted" }, pile.length ? `stack ${stack} · ${needs}` : needs)
  );
}

function pod(ctx, seat) {
  const v = ctx.view;
  const isBP = v.big_players.includes(seat);
  const acting = v.to_act.includes(seat);
  const rel = relation(ctx, seat);
  const targets = [];
  if (selected && ctx.legal.includes(`${selected}>${seat}`)) {
    const move = `${selected}>${seat}`;
    const eff = playEffect(ctx, selected, seat);
    targets.push(
      h("button", { class: "move", "data-move": move, onclick: () => play(ctx, move) }, `${selected} here — ${eff.text}`)
    );
  }
  if (v.phase === "window" && v.window.pile === seat && seat !== ctx.seat) {
    // Counters from hand are shown on your cards; here, just say what is happening.
  }
  return h(
    "section",
    { class: `ccc-pod ${place(ctx.seat, seat)}${acting ? " acting" : ""}${targets.length ? " target" : ""}`, "data-seat": seat },
    h(
      "div",
      { class: "zone-label" },
      `${seat === ctx.seat ? (ctx.readOnly ? `${who(ctx, seat)} (seen from here)` : "You") : `${who(ctx, seat)} · ${rel}`}${isBP ? " · ★ Big Player" : ""}${v.turn === seat ? " · to play" : ""}`
    ),
    seat === ctx.seat ? null : h("div", { class: "small" }, plural(v.hand_sizes[seat], "card"), " ", backs(v.hand_sizes[seat], 6)),
    pileView(ctx, seat),
    targets
  );
}

function play(ctx, move) {
  selected = null;
  ctx.act(move);
}

function center(ctx) {
  const v = ctx.view;
  const top = v.discard[v.discard.length - 1];
  let what = "";
  if (v.phase === "window" && v.window) {
    const w = v.window;
    const target = w.pile === ctx.seat ? "you" : who(ctx, w.pile);
    const verb = w.effect === "burn" ? `${target} will burn ${w.count}` : `${target} will be fed ${w.count}`;
    const rank = rankOf(w.card) === "T" ? "10" : rankOf(w.card);
    what = `${who(ctx, w.by)} played ${cardName(w.card)} as a COMBO: ${verb} unless someone COUNTERs with a ${rank}.`;
  } else if (v.phase === "burn" && v.burn) {
    what = `${v.burn.seat === ctx.seat ? "You" : who(ctx, v.burn.seat)} must burn ${plural(v.burn.owed, "more card")}.`;
  } else if (v.phase === "heal" && v.draws.length) {
    const [s, n, reason] = v.draws[0];
    what = `${s === ctx.seat ? "You" : who(ctx, s)} (Big Player) may draw ${plural(n, "card")} (${reason}) — or HEAL the partner, who draws instead.`;
  } else if (v.phase === "big players") {
    what = "Each team names its Big Player: they get 9 cards instead of 7 and may HEAL their partner.";
  } else if (v.turn !== null) {
    what = `Turn ${v.turns + 1}: ${v.turn === ctx.seat ? "your move" : `${who(ctx, v.turn)} to play`}.`;
  }
  return h(
    "section",
    { class: "ccc-center" },
    h(
      "div",
      { class: "row", style: { justifyContent: "center" } },
      h("div", { class: "slot" }, h("div", { class: "zone-label" }, "Deck"), h("div", { class: "card back mid" }, h("span", { class: "stack-count" }, String(v.deck)))),
      h(
        "div",
        { class: "slot" },
        h("div", { class: "zone-label" }, `Discard · ${v.discard.length}`),
        top ? cardFace(top, { mid: true }) : h("div", { class: "card back mid", style: { opacity: 0.3 } })
      )
    ),
    what ? h("p", { class: "ccc-what" }, what) : null
  );
}

function hand(ctx) {
  const v = ctx.view;
  const legal = ctx.legal;
  const phase = v.phase;
  const mine = v.hand || [];
  if (selected && !mine.includes(selected)) selected = null;
  const extra = [];
  const cells = mine.map((card) => {
    const plays = legal.filter((m) => m.startsWith(`${card}>`));
    if (phase === "play" && (plays.length || legal.includes(`discard ${card}`))) {
      return cardFace(card, {
        extra: selected === card ? "selected" : "",
        covers: [...plays, `discard ${card}`].join("|"),
        onclick: () => {
          selected = selected === card ? null : card;
          ctx.rerender();
        },
      });
    }
    if (phase === "window" && plays.length) {
      return h("div", { class: "slot" }, cardFace(card, { move: plays[0], onclick: () => play(ctx, plays[0]) }), h("span", { class: "hint good" }, "COUNTER"));
    }
    if (phase === "burn" && legal.includes(`burn ${card}`)) {
      return h("div", { class: "slot" }, cardFace(card, { move: `burn ${card}`, onclick: () => play(ctx, `burn ${card}`) }), h("span", { class: "hint bad" }, "burn"));
    }
    return cardFace(card, { extra: "idle" });
  });
  if (phase === "play" && selected && legal.includes(`discard ${selected}`)) {
    extra.push(h("button", { class: "btn", "data-move": `discard ${selected}`, onclick: () => play(ctx, `discard ${selected}`) }, `Discard ${selected}`));
    extra.push(h("button", { class: "btn small", onclick: () => { selected = null; ctx.rerender(); } }, "Cancel"));
  }
  if (legal.includes("pass")) extra.push(h("button", { class: "btn primary", "data-move": "pass", onclick: () => play(ctx, "pass") }, "Pass — let the COMBO stand"));
  if (legal.includes("draw")) {
    const [, n, reason] = v.draws[0] || [0, 1, ""];
    extra.push(h("button", { class: "btn", "data-move": "draw", onclick: () => play(ctx, "draw") }, `Draw ${plural(n, "card")} yourself (${reason})`));
  }
  if (legal.includes("heal")) {
    extra.push(h("button", { class: "btn good", "data-move": "heal", onclick: () => play(ctx, "heal") }, `HEAL: ${who(ctx, partnerOf(ctx.seat))} draws instead`));
  }
  for (const m of legal.filter((x) => x.startsWith("bp "))) {
    const s = Number(m.slice(3));
    extra.push(h("button", { class: "btn", "data-move": m, onclick: () => play(ctx, m) }, `${s === ctx.seat ? "I am" : `${who(ctx, s)} is`} our Big Player`));
  }
  let label = `${ctx.readOnly ? `${ctx.names[ctx.seat]}'s hand` : "Your hand"} · ${plural(mine.length, "card")}`;
  if (phase === "play" && legal.length) label += selected ? ` · ${selected} selected: pick a pile above, or discard it` : " · pick a card to play";
  return h(
    "section",
    { class: "zone ccc-hand" },
    h("div", { class: "zone-label" }, label),
    // Decisions first, so Pass / Draw / Heal are in view without scrolling.
    extra.length ? h("div", { class: "moves", style: { margin: "4px 0 10px" } }, extra) : null,
    h("div", { class: "cards" }, cells.length ? cells : h("span", { class: "muted" }, "no cards — you are out!"))
  );
}

export default {
  guide(info, options) {
    const windowSecs = options.counter_window;
    return h(
      "div",
      {},
      h("p", {}, "c-c-c-COMBO is a fast team card game for 4 with a standard deck. You and your partner sit across from each other. ", h("b", {}, "Keep your partner alive and make the opponents run out of cards"), ": a player with no cards at the end of a turn loses, with their team."),
      h("h4", {}, "Setup"),
      h("ul", {}, h("li", {}, "Each team names a ", h("b", {}, "Big Player"), " (★): dealt 9 cards instead of 7."), h("li", {}, "Everyone's first card becomes the base of their own ", h("b", {}, "combo pile"), ". The highest base starts.")),
      h("h4", {}, "Your turn: play one card, then draw one"),
      h(
        "ul",
        {},
        h("li", {}, h("b", {}, "COMBO"), ": a card of the same ", h("b", {}, "suit"), " as the top of someone else's pile. On an opponent they ", h("b", {}, "BURN"), " (lose) one card per card stacked on their base; on your partner it ", h("b", {}, "FEEDS"), " them that many."),
        h("li", {}, h("b", {}, "COUNTER"), ": a card of the same ", h("b", {}, "rank"), " as the top card. It clears the pile; your card becomes its new base."),
        h("li", {}, h("b", {}, "DISCARD"), ": put a card on the discard pile instead."),
        h("li", {}, "You never play on your own pile on your turn.")
      ),
      h("h4", {}, "Reaction window"),
      h("p", {}, `After every COMBO the other players have ${windowSecs ? `${windowSecs} seconds` : "a moment"} to COUNTER it with a card of the same rank (you may counter a COMBO on your own pile). A countdown shows the time; if you do nothing, you pass.`),
      h("h4", {}, "Big Player: HEAL"),
      h("p", {}, "Whenever the Big Player would draw, they may let their partner draw instead."),
      h("h4", {}, "How to play here"),
      h("p", {}, "Click a card in your hand: the piles it can go on light up with what it would do. In a reaction window, cards that can COUNTER are highlighted; or press Pass. Keys 1–9 pick the numbered moves; / lets you type a move like 7H>2 or discard 7H.")
    );
  },

  status(ctx) {
    const v = ctx.view;
    if (v.phase === "window") return "Reaction window: COUNTER with a card of the same rank, or pass.";
    if (v.phase === "burn") return `BURN: choose ${plural(v.burn?.owed ?? 1, "card")} to lose, one at a time.`;
    if (v.phase === "heal") return "You are the Big Player: draw yourself, or HEAL your partner.";
    if (v.phase === "big players") return "Name your team's Big Player.";
    return selected ? `Play ${cardName(selected)} on a pile, or discard it.` : "Your turn: pick a card to play.";
  },

  render(ctx) {
    const v = ctx.view;
    if (!ctx.legal.length || v.phase !== "play") selected = null;
    const seats = [0, 1, 2, 3].filter((s) => s !== ctx.seat);
    return h(
      "div",
      { class: "ccc" },
      h(
        "div",
        { class: "ccc-table" },
        seats.map((s) => pod(ctx, s)),
        center(ctx),
        ctx.seat !== null ? pod(ctx, ctx.seat) : null
      ),
      ctx.seat !== null && v.hand ? hand(ctx) : null
    );
  },
};
