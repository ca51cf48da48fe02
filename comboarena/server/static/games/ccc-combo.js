// c-c-c-COMBO's table, made to fit one screen (a laptop or a phone): the
// three other players around the top (partner across, opponents left and
// right), the centre with the deck, the discard pile and the play of the
// moment (the COMBO being answered, with its countdown), and at the bottom
// your own pile, your hand and your answers.
//
// Each card in your hand says what it can do, with an arrow to the pile it
// goes on (← left opponent, ↑ partner, → right opponent, ↓ your own pile):
// "burn 3" (a COMBO on an opponent), "feed 2" (a COMBO on your partner),
// "clear" (a COUNTER), or "discard only". The strongest plays glow (★).
// Click a card (or press its number) for its moves, numbered again; click a
// move on the card to play it at once.
//
// View keys: seat, players, phase (big players | play | window | burn | heal |
// over), turn, turns, turn_limit, to_act, teams, big_players, hand,
// hand_sizes, piles, discard, deck, reshuffles, window {pile, card, by,
// effect, count, waiting}, burn {seat, owed}, draws [[seat, n, reason]], over.
// Moves: "7H>2", "discard 7H", "pass", "burn 7H", "draw", "heal", "bp 2".

import { h, plural } from "../js/dom.js";
import { backs, cardFace, cardName, rankText, shortName, suitOf, SUITS } from "./lib/playing-cards.js";

// Event kinds of c-c-c-COMBO (comboarena/games/ccc_combo/state.py), named once.
const EV = {
  COMBO: "combo",
  COUNTER: "counter",
  DISCARD: "discard",
  PASS: "pass",
  STANDS: "stands",
  BURN: "burn",
  HEAL: "heal",
  DRAW: "draw",
  RESHUFFLE: "reshuffle",
  BIG: "big player",
  DEAL: "deal",
  END: "end",
};
const PHASE = { BIG: "big players", PLAY: "play", WINDOW: "window", BURN: "burn", HEAL: "heal", OVER: "over" };
const ARROW = { bottom: "↓", left: "←", top: "↑", right: "→" };

let selected = null;

const partnerOf = (s) => (s + 2) % 4;
const teamOf = (s) => s % 2;
const me = (ctx) => (ctx.seat === null ? 0 : ctx.seat);

/** "your" or "Ada's". */
function whose(ctx, seat) {
  return seat === ctx.seat ? "your" : `${ctx.names[seat]}'s`;
}

/** Where each seat sits on screen, seen from `me` (spectators: from seat 0). */
function place(ctx, seat) {
  return ["bottom", "left", "top", "right"][(seat - me(ctx) + 4) % 4];
}

function relation(ctx, seat) {
  if (ctx.seat === null) return `team ${"AB"[teamOf(seat)]}`;
  if (seat === ctx.seat) return "you";
  return teamOf(seat) === teamOf(ctx.seat) ? "partner" : "opponent";
}

const movePile = (m) => Number(m.split(">")[1]);

/**
 * What a move does, in a few words, and how good it is for the mover's team
 * (a rough guide for newcomers, not the AI's judgement):
 * a COMBO on an opponent burns the stack; on the partner it feeds them; a
 * COUNTER answering a COMBO on your side saves those cards.
 */
export function judge(view, seat, move) {
  if (move === "pass") return { kind: "pass", text: "pass", score: 0 };
  if (move.startsWith("discard ")) return { kind: "discard", text: "discard", score: 0 };
  if (move.startsWith("burn ")) return { kind: "burn", text: "burn it", score: 0 };
  const [card, pileText] = move.split(">");
  const pile = Number(pileText);
  const cards = view.piles[pile] || [];
  const top = cards[cards.length - 1];
  const ally = teamOf(pile) === teamOf(seat);
  if (view.phase === PHASE.WINDOW && view.window) {
    const w = view.window;
    const hurtsUs = (w.effect === "burn" && teamOf(w.pile) === teamOf(seat)) || (w.effect === "feed" && teamOf(w.pile) !== teamOf(seat));
    return { kind: "counter", text: w.effect === "burn" ? `stop burn ${w.count}` : `stop feed ${w.count}`, score: hurtsUs ? w.count + 1 : -w.count };
  }
  if (top && suitOf(card) === suitOf(top)) {
    const n = cards.length; // the stack after this COMBO
    if (ally) {
      const low = (view.hand_sizes[pile] ?? 9) <= 3;
      return { kind: "feed", text: `feed ${n}`, score: low ? n + 1 : n * 0.5 };
    }
    return { kind: "combo", text: `burn ${n}`, score: n };
  }
  const stack = Math.max(0, cards.length - 1);
  return { kind: "counter", text: stack ? `clear ${stack}` : "clear", score: ally && stack >= 2 ? stack * 0.8 : ally ? 0.1 : -0.5 };
}

/** The moves of `seat`'s turn grouped per card, each judged, and the few strong ones. */
function planHand(ctx) {
  const v = ctx.view;
  const seat = ctx.seat;
  const perCard = new Map();
  let best = 1.5; // below this nothing is "strong"
  for (const m of ctx.legal) {
    let card = null;
    if (m.includes(">")) card = m.split(">")[0];
    else if (m.startsWith("discard ") || m.startsWith("burn ")) card = m.split(" ")[1];
    if (!card) continue;
    const j = { move: m, ...judge(v, seat, m) };
    if (!perCard.has(card)) perCard.set(card, []);
    perCard.get(card).push(j);
    if (j.score > best) best = j.score;
  }
  for (const list of perCard.values()) for (const j of list) j.strong = j.score >= 2 && j.score >= best - 0.01;
  return perCard;
}

function play(ctx, move) {
  selected = null;
  ctx.act(move);
}

// -- the three seats around the table ----------------------------------------------

function lastEvent(ctx, kind) {
  const list = ctx.lastEvents || [];
  for (let i = list.length - 1; i >= 0; i--) if (list[i].kind === kind) return list[i];
  return null;
}

function pileView(ctx, seat, size) {
  const v = ctx.view;
  const pile = v.piles[seat] || [];
  const stack = Math.max(0, pile.length - 1);
  const combo = lastEvent(ctx, EV.COMBO);
  const counter = lastEvent(ctx, EV.COUNTER);
  const windowHere = v.phase === PHASE.WINDOW && v.window && v.window.pile === seat;
  const cards = pile.map((c, i) => {
    const top = i === pile.length - 1;
    const justPlayed = top && ((combo && combo.pile === seat && combo.card === c) || (counter && counter.pile === seat && counter.card === c));
    const mover = justPlayed ? (combo && combo.card === c ? combo.seat : counter.seat) : null;
    return cardFace(c, {
      small: size === "small" || !top,
      mid: size !== "small" && top,
      extra: `${windowHere && top ? "last threat" : justPlayed ? "last" : ""}`,
      from: justPlayed && mover !== ctx.seat ? `hand-${mover}` : null,
      anim: justPlayed && counter && counter.card === c ? "slap" : null,
    });
  });
  const top = pile[pile.length - 1];
  const needs = top ? `${SUITS[suitOf(top)].symbol} combo · ${rankText(top)} counter` : "";
  return h(
    "div",
    { class: "ccc-pile", "data-anchor": `pile-${seat}` },
    h("div", { class: "cards fan", "aria-label": `${whose(ctx, seat)} combo pile: ${pile.map(cardName).join(", ") || "empty"}` }, cards.length ? cards : h("span", { class: "muted small" }, "no pile yet")),
    pile.length ? h("div", { class: "ccc-stack small" }, h("b", {}, `stack ${stack}`), h("span", { class: "muted" }, ` · ${needs}`)) : null
  );
}

function seatHeader(ctx, seat) {
  const v = ctx.view;
  const isBP = v.big_players.includes(seat);
  const n = v.hand_sizes[seat];
  const label = seat === ctx.seat ? (ctx.readOnly ? ctx.names[seat] : "You") : ctx.names[seat];
  return h(
    "div",
    { class: "ccc-head" },
    h("span", { class: "ccc-name", title: `${ctx.names[seat]} — ${relation(ctx, seat)}` }, label),
    isBP ? h("span", { class: "chip small bp", title: "Big Player: may HEAL the partner" }, "★ BP") : null,
    seat !== ctx.seat && relation(ctx, seat) !== "opponent" ? h("span", { class: `chip small rel ${relation(ctx, seat)}` }, relation(ctx, seat)) : null,
    v.over || v.phase === PHASE.BIG
      ? null
      : h("span", { class: `ccc-count${n <= 2 ? " low" : ""}`, "data-id": `count-${seat}`, "data-count": n, title: plural(n, "card") + " in hand" }, h("span", { "data-count-text": "1" }, String(n)), " ", h("span", { class: "muted" }, n === 1 ? "card" : "cards"))
  );
}

function pod(ctx, seat) {
  const v = ctx.view;
  const acting = v.to_act.includes(seat);
  const burnt = (ctx.lastEvents || []).some((e) => e.kind === EV.BURN && e.seat === seat);
  const targets = [];
  if (selected && ctx.legal.includes(`${selected}>${seat}`)) {
    const move = `${selected}>${seat}`;
    const j = judge(v, ctx.seat, move);
    targets.push(h("button", { class: `move target ${j.kind}`, type: "button", "data-move": move, "data-nonum": "1", onclick: () => play(ctx, move) }, `${shortName(selected)} here: ${j.text}`));
  }
  const revealed = ctx.seatViews && ctx.seatViews[seat] && ctx.seatViews[seat].hand;
  return h(
    "section",
    {
      class: `ccc-pod ${place(ctx, seat)}${acting ? " acting" : ""}${targets.length ? " target" : ""}${v.turn === seat ? " turn" : ""}`,
      "data-seat": seat,
      "data-id": `pod-${seat}`,
      "data-anchor": `hand-${seat}`, // where its cards come from when the row of backs is hidden (a phone)
      "data-anim": burnt ? "hit" : null,
    },
    seatHeader(ctx, seat),
    revealed
      ? h("div", { class: "cards fan revealed-hand", "data-anchor": `hand-${seat}` }, revealed.map((c) => cardFace(c, { small: true, extra: "revealed", id: c })))
      : h("div", { class: "ccc-backs" }, backs(v.hand_sizes[seat], 5, { anchor: `hand-${seat}` })),
    pileView(ctx, seat, "small"),
    targets
  );
}

// -- the centre: deck, discard, the play of the moment -----------------------------

function spotlight(ctx) {
  const v = ctx.view;
  if (v.phase === PHASE.WINDOW && v.window) {
    const w = v.window;
    const target = w.pile === ctx.seat ? "you" : ctx.names[w.pile];
    const you = w.pile === ctx.seat;
    const effect = w.effect === "burn" ? `${target} burn${you ? "" : "s"} ${w.count}` : `${target} draw${you ? "" : "s"} ${w.count} (FEED)`;
    const rank = rankText(w.card);
    const waiting = (w.waiting || []).filter((s) => s !== w.by);
    return h(
      "div",
      { class: `ccc-spot window ${w.effect}`, "aria-live": "polite" },
      h("div", { class: "spot-card" }, cardFace(w.card, { mid: true, id: `spot-${w.card}`, extra: "last" })),
      h(
        "div",
        { class: "spot-text" },
        h("div", { class: "spot-title" }, `${ctx.names[w.by]}: COMBO ${shortName(w.card)} → ${whose(ctx, w.pile)} pile`),
        h("div", { class: "spot-effect" }, `${effect} unless someone COUNTERs with a ${rank}`),
        h(
          "div",
          { class: `spot-clock${ctx.timers?.window ? "" : " idle"}`, "data-countdown": "window" },
          h("span", { class: "bar" }, h("span", { class: "fill" })),
          h("span", { class: "clock", "data-countdown-text": "1" }, "")
        ),
        waiting.length ? h("div", { class: "small muted" }, `May answer: ${waiting.map((s) => (s === ctx.seat ? "you" : ctx.names[s])).join(", ")}`) : null
      )
    );
  }
  let text = "";
  if (v.phase === PHASE.BURN && v.burn) {
    text = `${v.burn.seat === ctx.seat ? "You" : ctx.names[v.burn.seat]} must BURN ${plural(v.burn.owed, "card")}.`;
  } else if (v.phase === PHASE.HEAL && v.draws.length) {
    const [s, n, reason] = v.draws[0];
    text = `${s === ctx.seat ? "You" : ctx.names[s]} (Big Player) may draw ${plural(n, "card")} (${reason}) — or HEAL: the partner draws instead.`;
  } else if (v.phase === PHASE.BIG) {
    text = "Each team names its Big Player (★): dealt 9 cards instead of 7, and may HEAL the partner.";
  } else if (v.phase === PHASE.OVER) {
    text = "The game is over.";
  } else if (v.turn !== null && v.turn !== undefined) {
    text = `Turn ${v.turns + 1}${v.turn_limit ? ` of ${v.turn_limit}` : ""}: ${v.turn === ctx.seat ? "your move" : `${ctx.names[v.turn]} to play`}.`;
  }
  return h("div", { class: "ccc-spot" }, h("p", { class: "spot-effect" }, text));
}

function center(ctx) {
  const v = ctx.view;
  const top = v.discard[v.discard.length - 1];
  const discarded = lastEvent(ctx, EV.DISCARD) || lastEvent(ctx, EV.BURN);
  return h(
    "section",
    { class: "ccc-center" },
    h(
      "div",
      { class: "ccc-decks" },
      h("div", { class: "slot", title: `draw pile: ${plural(v.deck, "card")}` }, h("div", { class: "card back mid", "data-anchor": "deck" }, h("span", { class: "stack-count" }, String(v.deck))), h("span", { class: "tiny muted" }, "deck")),
      h(
        "div",
        { class: "slot", title: `discard pile: ${plural(v.discard.length, "card")}` },
        top
          ? cardFace(top, { mid: true, extra: discarded ? "last" : "", from: discarded && discarded.seat !== ctx.seat ? `hand-${discarded.seat}` : null })
          : h("div", { class: "card mid empty-slot" }),
        h("span", { class: "tiny muted" }, `discard ${v.discard.length}`)
      )
    ),
    spotlight(ctx)
  );
}

// -- your side: your pile, your hand, your answers -------------------------------------

function chip(ctx, j, card) {
  const pile = j.move.includes(">") ? movePile(j.move) : null;
  const where = pile === null ? "" : `${ARROW[place(ctx, pile)]} `;
  const who = pile === null ? "" : pile === ctx.seat ? "your pile" : ctx.names[pile];
  const title = pile === null ? `${j.text} ${shortName(card)}` : `${shortName(card)} on ${who}: ${j.text}`;
  return h(
    "button",
    {
      class: `chipmove ${j.kind}${j.strong ? " strong" : ""}`,
      type: "button",
      "data-move": j.move,
      "data-nonum": "1",
      title,
      "aria-label": title,
      onclick: (ev) => {
        ev.stopPropagation();
        play(ctx, j.move);
      },
    },
    j.strong ? "★ " : "",
    where,
    j.text
  );
}

function handCard(ctx, card, plan, freshDraws) {
  const v = ctx.view;
  const phase = v.phase;
  const moves = plan.get(card) || [];
  const from = freshDraws.includes(card) ? "deck" : null;
  const strong = moves.some((j) => j.strong);
  if (phase === PHASE.PLAY && moves.length) {
    const special = moves.filter((j) => j.kind !== "discard");
    const isSel = selected === card;
    return h(
      "div",
      { class: `slot ccc-card${isSel ? " sel" : ""}`, "data-id": `slot-${card}` },
      cardFace(card, {
        extra: `${special.length ? "" : "plain"}${isSel ? " selected" : ""}${strong ? " strong" : ""}`,
        covers: moves.map((j) => j.move).join("|"),
        from,
        onclick: () => {
          selected = selected === card ? null : card;
          ctx.rerender();
        },
      }),
      h("div", { class: "chips" }, special.length ? special.map((j) => chip(ctx, j, card)) : h("span", { class: "chipnote", title: "no COMBO or COUNTER: this card can only be discarded" }, "discard"))
    );
  }
  if (phase === PHASE.WINDOW && moves.some((j) => j.move.includes(">"))) {
    const j = moves.find((x) => x.move.includes(">"));
    return h(
      "div",
      { class: "slot ccc-card", "data-id": `slot-${card}` },
      cardFace(card, { move: j.move, extra: j.score > 0 ? "strong" : "", onclick: () => play(ctx, j.move), title: `COUNTER with ${cardName(card)}: ${j.text}` }),
      h("div", { class: "chips" }, h("span", { class: `chipnote counter${j.score > 0 ? " strong" : ""}` }, `COUNTER: ${j.text}`))
    );
  }
  if (phase === PHASE.BURN && ctx.legal.includes(`burn ${card}`)) {
    return h(
      "div",
      { class: "slot ccc-card", "data-id": `slot-${card}` },
      cardFace(card, { move: `burn ${card}`, onclick: () => play(ctx, `burn ${card}`), title: `burn ${cardName(card)}` }),
      h("div", { class: "chips" }, h("span", { class: "chipnote burn" }, "burn"))
    );
  }
  return h("div", { class: "slot ccc-card", "data-id": `slot-${card}` }, cardFace(card, { extra: ctx.legal.length ? "idle" : "", from }));
}

/** The selected card's moves, numbered for the keyboard (data-keyscope). */
function menu(ctx, plan) {
  const moves = plan.get(selected) || [];
  if (!moves.length) return null;
  return h(
    "div",
    { class: "ccc-menu", "data-keyscope": "1", role: "group", "aria-label": `moves for ${cardName(selected)}` },
    h("span", { class: "menu-title" }, `${shortName(selected)}:`),
    moves.map((j) => {
      const pile = j.move.includes(">") ? movePile(j.move) : null;
      const where = pile === null ? "" : pile === ctx.seat ? " on your pile" : ` on ${ctx.names[pile]} ${ARROW[place(ctx, pile)]}`;
      const verb = j.kind === "discard" ? "Discard" : j.kind === "feed" || j.kind === "combo" ? "COMBO" : "COUNTER";
      return h("button", { class: `btn small menu-move ${j.kind}${j.strong ? " strong" : ""}`, type: "button", "data-move": j.move, onclick: () => play(ctx, j.move) }, `${verb}${where}${j.kind === "discard" ? "" : `: ${j.text}`}`);
    }),
    h("button", { class: "btn small", type: "button", onclick: () => { selected = null; ctx.rerender(); } }, "Cancel")
  );
}

function answers(ctx) {
  const v = ctx.view;
  const legal = ctx.legal;
  const out = [];
  if (legal.includes("pass")) {
    const w = v.window;
    const hurts = w && ((w.effect === "burn" && teamOf(w.pile) === teamOf(ctx.seat)) || (w.effect === "feed" && teamOf(w.pile) !== teamOf(ctx.seat)));
    out.push(h("button", { class: `btn ${hurts ? "" : "primary"} answer`, type: "button", "data-move": "pass", onclick: () => play(ctx, "pass") }, hurts ? "Pass (let it stand)" : "Pass — let it stand"));
  }
  if (legal.includes("draw")) {
    const [, n, reason] = v.draws[0] || [0, 1, ""];
    out.push(h("button", { class: "btn answer", type: "button", "data-move": "draw", onclick: () => play(ctx, "draw") }, `Draw ${plural(n, "card")} (${reason})`));
  }
  if (legal.includes("heal")) {
    out.push(h("button", { class: "btn good answer", type: "button", "data-move": "heal", onclick: () => play(ctx, "heal") }, `HEAL: ${ctx.names[partnerOf(ctx.seat)]} draws`));
  }
  for (const m of legal.filter((x) => x.startsWith("bp "))) {
    const s = Number(m.slice(3));
    out.push(h("button", { class: "btn answer", type: "button", "data-move": m, onclick: () => play(ctx, m) }, `${s === ctx.seat ? "I am" : `${ctx.names[s]} is`} our Big Player`));
  }
  return out;
}

function mySide(ctx) {
  const v = ctx.view;
  const mine = v.hand || [];
  if (selected && (!mine.includes(selected) || v.phase !== PHASE.PLAY || !ctx.legal.length)) selected = null;
  const plan = planHand(ctx);
  const freshDraws = [];
  for (const e of ctx.lastEvents || []) if (e.kind === EV.DRAW && e.seat === ctx.seat && e.cards) freshDraws.push(...e.cards);
  const label = `${ctx.readOnly ? `${ctx.names[ctx.seat]}'s hand` : "Your hand"} · ${plural(mine.length, "card")}`;
  const cells = mine.map((c) => handCard(ctx, c, plan, freshDraws));
  const empty = h("span", { class: "muted ccc-note" }, v.phase === PHASE.BIG ? "The cards are dealt once both teams have named their Big Player." : v.over ? "no cards left" : "no cards in hand");
  return h(
    "section",
    { class: `ccc-me${v.to_act.includes(ctx.seat) ? " acting" : ""}`, "data-seat": ctx.seat },
    h("div", { class: "ccc-mypile" }, seatHeader(ctx, ctx.seat), pileView(ctx, ctx.seat, "mid")),
    h(
      "div",
      { class: "ccc-handzone" },
      h("div", { class: "zone-label" }, label),
      h("div", { class: `ccc-hand${mine.length > 10 ? " many" : ""}`, "data-anchor": `hand-${ctx.seat}` }, cells.length ? cells : empty),
      h("div", { class: "ccc-answers" }, selected ? menu(ctx, plan) : null, answers(ctx))
    )
  );
}

// -- the end ---------------------------------------------------------------------------

/** Each team with its players and the cards each has left in hand (the result's scores). */
function resultDetail(ctx) {
  const r = ctx.result;
  if (!r) return null;
  const names = ctx.realNames || ctx.names;
  const draw = r.winners.length === names.length;
  const teams = [0, 1].map((t) => {
    const seats = [t, t + 2];
    const won = !draw && seats.some((s) => r.winners.includes(s));
    const yours = ctx.seat !== null && seats.includes(ctx.seat);
    return [
      h("div", { class: "ccc-team-line" }, `Team ${"AB"[t]}${yours ? " (yours)" : ""}${won ? " — won" : ""}`),
      seats.map((s) =>
        h(
          "div",
          { class: `score-row${won ? " won" : ""}` },
          h("span", { class: "name" }, `${names[s]}${s === ctx.seat ? " (you)" : ""}`),
          h("span", { class: "score" }, plural(r.scores[s], "card"))
        )
      ),
    ];
  });
  return [
    h("div", { class: "scores" }, h("div", { class: "score-row score-head" }, h("span", {}, "Player"), h("span", {}, "Cards left in hand")), teams),
    h("p", { class: "muted small" }, "A team loses when one of its players has no cards at the end of a turn."),
  ];
}

// -- words -------------------------------------------------------------------------

function headline(events, ctx) {
  const n = (s) => ctx.names[s];
  for (const e of [...(events || [])].reverse()) {
    switch (e.kind) {
      case EV.COUNTER:
        return `${n(e.seat)} COUNTERed with ${shortName(e.card)} on ${whose(ctx, e.pile)} pile — ${e.out_of_turn ? "the COMBO is cancelled and " : ""}the pile is cleared.`;
      case EV.COMBO: {
        const you = e.pile === ctx.seat;
        const what = e.effect === "burn" ? `${you ? "you burn" : `${n(e.pile)} burns`} ${e.stack}` : `${you ? "you draw" : `${n(e.pile)} draws`} ${e.stack} (FEED)`;
        return `${n(e.seat)} played ${shortName(e.card)} as a COMBO on ${whose(ctx, e.pile)} pile: ${what} unless someone COUNTERs.`;
      }
      case EV.STANDS:
        return `No COUNTER: the COMBO on ${whose(ctx, e.pile)} pile stands (${e.count}).`;
      case EV.HEAL:
        return `${n(e.seat)} HEALS: ${e.to === ctx.seat ? "you draw" : `${n(e.to)} draws`} ${plural(e.count, "card")}.`;
      case EV.DISCARD:
        return `${n(e.seat)} discarded ${shortName(e.card)}.`;
      case EV.BURN:
        if (e.cards && e.cards.length) return `${n(e.seat)} burned ${e.cards.map(shortName).join(" ")}${e.owed ? ` — ${e.owed} more to burn` : ""}.`;
        break;
      case EV.BIG:
        return `${n(e.big)} ${e.big === ctx.seat ? "are" : "is"} the Big Player of ${e.big === ctx.seat ? "your" : "that"} team.`;
      case EV.DEAL:
        return `Cards dealt. ${n(e.first)} ${e.first === ctx.seat ? "have" : "has"} the highest base and start${e.first === ctx.seat ? "" : "s"}.`;
      default:
        break;
    }
  }
  return undefined;
}

export default {
  css: true,
  lobby: {
    presets() {
      return [{ label: "Relaxed reactions (8 s)", options: { counter_window: 8 } }];
    },
  },
  pitch: "A fast team card game: stack COMBOs on your rivals' piles, COUNTER in the blink of an eye.",

  guide(info, options) {
    const windowSecs = options.counter_window;
    return h(
      "div",
      {},
      h("p", {}, "c-c-c-COMBO is a fast team card game for 4 with a standard deck. You and your partner sit across from each other. ", h("b", {}, "Keep your partner alive and make the opponents run out of cards"), ": a player with no cards at the end of a turn loses, with their team."),
      h("h4", {}, "Setup"),
      h("ul", {}, h("li", {}, "Each team names a ", h("b", {}, "Big Player"), " (★ BP): dealt 9 cards instead of 7."), h("li", {}, "Everyone's first card becomes the base of their own ", h("b", {}, "combo pile"), ". The highest base starts.")),
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
      h("p", {}, `After every COMBO the other players have ${windowSecs ? `${windowSecs} seconds` : "a moment"} to COUNTER it with a card of the same rank (you may counter a COMBO on your own pile). The countdown shows the time left; if you do nothing, you pass.`),
      h("h4", {}, "Big Player: HEAL"),
      h("p", {}, "Whenever the Big Player would draw, they may let their partner draw instead."),
      h("h4", {}, "How to play here"),
      h(
        "ul",
        {},
        h("li", {}, "Each card in your hand says what it can do, with an arrow to the pile: ← and → your opponents, ↑ your partner, ↓ your own pile. ", h("b", {}, "burn 3"), " = a COMBO that makes them burn 3; ", h("b", {}, "feed 2"), " = a COMBO that feeds your partner 2; ", h("b", {}, "clear"), " = a COUNTER. ★ marks the strongest plays."),
        h("li", {}, "Click a move under a card to play it at once, or click the card (or press its number 1–9) to list its moves, then pick one (click or its number). Esc cancels."),
        h("li", {}, "In a reaction window, the cards that can COUNTER light up: click one (or its number), or Pass."),
        h("li", {}, "/ lets you type a move: 7H>2 (on seat 3's pile), discard 7H, pass.")
      )
    );
  },

  status(ctx) {
    const v = ctx.view;
    if (v.phase === PHASE.WINDOW) {
      const w = v.window;
      const counter = ctx.legal.some((m) => m.includes(">"));
      return counter ? `COUNTER ${shortName(w.card)} with a ${rankText(w.card)} — or pass.` : `You have no ${rankText(w.card)} to COUNTER with: pass, or wait.`;
    }
    if (v.phase === PHASE.BURN) return `BURN: choose ${plural(v.burn?.owed ?? 1, "card")} to lose, one at a time.`;
    if (v.phase === PHASE.HEAL) return "You are the Big Player: draw yourself, or HEAL your partner.";
    if (v.phase === PHASE.BIG) return "Name your team's Big Player (★: 9 cards, may HEAL).";
    return selected ? `Play ${cardName(selected)}: pick a move, or Esc.` : "Your turn: play a card (each says what it does), then you draw.";
  },

  headline,

  resultDetail,

  cues(events, ctx) {
    const out = [];
    for (const e of events || []) {
      if (e.kind === EV.COUNTER) out.push("slap");
      else if (e.kind === EV.COMBO) out.push("combo");
      else if (e.kind === EV.BURN && e.cards?.length) out.push("hit");
      else if (e.kind === EV.DISCARD) out.push("card");
      else if (e.kind === EV.DRAW && e.seat === ctx.seat) out.push("draw");
    }
    return out;
  },

  cancel() {
    selected = null;
  },

  render(ctx) {
    const v = ctx.view;
    if (!ctx.legal.length || v.phase !== PHASE.PLAY) selected = null;
    const around = [1, 2, 3].map((d) => (me(ctx) + d) % 4);
    const seated = ctx.seat !== null && v.hand;
    return h(
      "div",
      { class: `ccc${v.phase === PHASE.WINDOW ? " in-window" : ""}${seated ? "" : " watching"}` },
      h("div", { class: "ccc-top" }, around.map((s) => pod(ctx, s))),
      center(ctx),
      seated ? mySide(ctx) : h("div", { class: "ccc-watch" }, pod(ctx, me(ctx)))
    );
  },
};
