// 16 Combos' table: every character's two rows of cards (type cards behind,
// value cards in front, one column per pair a, b, ..., the defense pair last
// and marked), the Character Order card of each, the draw pile, the waste
// and the discard pile, the action in progress (who acts on whom, the type,
// the level, the outcome and the combo), and your decision: each legal move
// the server sends, as a button or a clickable card or column, labelled in
// words (an announce says which combo it would be when the target's type is
// known). A card face down that only you know is drawn face up but dashed,
// with an eye: "known to you". The Combo Table is a side panel, drawn from
// the game's catalog (GET /api/tables/{id}/catalog), with the ruleset and the
// readings and options in force.
//
// Only the view is drawn: a card whose face the view does not hold is a back.
// View keys (docs/games/16-combos.md): ruleset, winning, seat, phase, round,
// round_limit, to_act, active, characters [rows, defense, order_card,
// consultation, held, stolen, wild, reacted, incapacitated, scavenge, shoved,
// out, to_place, to_place_ids, next_column], draw_pile, discard, waste,
// waste_value, action, effect, private, over, outcome (pairs and values per
// side; once over, every card is face up in every view). Moves: "7H" (place),
// "H>1", "H>1c", "H>1 wild", "pass", "change C", "swap", "keep", "switch bc", ...

import { h, plural } from "../js/dom.js";
import { SUITS } from "./lib/playing-cards.js";

// The view's phase names (comboarena/games/sixteen_combos/view.py: PHASE_NAMES), named once here.
const PHASE = {
  PLACE: "preparing pairs",
  TURN: "turn",
  CONSULT: "consultation",
  PREDICT: "predictive reaction",
  SCAVENGE: "scavenge",
  FACE: "face card",
  INFORM: "informed reaction",
  RECOVER: "recovery",
  COUNTER: "counter",
  EFFECT: "effect",
  STANCE: "change stance",
  OVER: "over",
};
// Event kinds used for sounds (view.py: EventKind).
const EV = { CHECK: "check", DEFEAT: "defeat", COUNTER: "counter", DRAW: "draw", PLACE: "place", OUT: "out", DAMAGE: "damage" };
// The four types as the rulebook names them (the catalog's "types" when the server sends it).
const TYPE_FALLBACK = { H: ["vitality", "♥"], D: ["wealth", "♦"], C: ["strength", "♣"], S: ["finesse", "♠"] };
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const ANNOUNCE = /^([HDCS])>(\d+)([a-z])?( wild)?$/;

/** The column (or target pair) chosen on an any-pair turn, before its type. */
let chosen = null;

function typeInfo(ctx, t) {
  const fromCat = ctx?.catalog?.types?.find((x) => x.letter === t);
  if (fromCat) return { name: fromCat.name, symbol: fromCat.symbol };
  const [name, symbol] = TYPE_FALLBACK[t] || [t, t];
  return { name, symbol };
}

const typeWords = (ctx, t) => (t ? `${typeInfo(ctx, t).symbol} ${typeInfo(ctx, t).name}` : "hidden type");

/** The combo of the Combo Table for a target type and an action type (from the catalog), or null. */
function comboOf(ctx, target, action) {
  if (!target || !ctx?.catalog?.combos) return null;
  return ctx.catalog.combos.find((c) => c.target === target && c.action === action) || null;
}

function charName(ctx, ch) {
  const who = ctx.names[ch.seat] ?? `Seat ${ch.seat + 1}`;
  const several = ctx.view.characters.filter((c) => c.seat === ch.seat).length > 1;
  return several ? `${who} · #${ch.id}` : who;
}

function relation(ctx, ch) {
  if (ctx.seat === null) return `side ${ch.side + 1}`;
  if (ch.seat === ctx.seat) return "you";
  const mine = ctx.view.characters.find((c) => c.seat === ctx.seat);
  return mine && mine.side === ch.side ? "ally" : "enemy";
}

// -- cards ------------------------------------------------------------------------------

function rankText(r) {
  return r === "T" ? "10" : r;
}

function cardWords(face) {
  if (!face) return "a face-down card";
  const base = face.replace("'", "");
  const deck = face.endsWith("'") ? " (draw deck)" : "";
  if (base === "BJ" || base === "RJ") return `${base === "BJ" ? "black" : "red"} joker (14)${deck}`;
  const suit = SUITS[base[1]];
  return `${rankText(base[0])} of ${suit ? suit.name : base[1]}${deck}`;
}

/**
 * One card: a back when its face is hidden from this seat; a face (dashed, with
 * an eye) when it lies face down but this seat knows it; a plain face when it
 * is face up. `data-card` is the face as the view writes it.
 */
function card(face, id, { known = false, small = false, move = null, extra = "", from = null, title = null, onclick = null } = {}) {
  const did = id === undefined || id === null ? null : `c${id}`;
  if (!face) {
    return h("div", { class: `card back cmb-card${small ? " small" : ""}${extra ? ` ${extra}` : ""}`, "data-id": did, "aria-label": "face down", title: "face down: hidden from you" });
  }
  const base = face.replace("'", "");
  const joker = base === "BJ" || base === "RJ";
  const suit = joker ? null : SUITS[base[1]];
  const red = joker ? base === "RJ" : suit && suit.red;
  const clickable = move !== null || onclick !== null;
  const label = title || `${cardWords(face)}${known ? ", face down: known only to you" : ""}`;
  const cls = `card pc cmb-card${red ? " red" : ""}${face.endsWith("'") ? " deck-b" : ""}${known ? " known" : ""}${small ? " small" : ""}${clickable ? " legal" : ""}${extra ? ` ${extra}` : ""}`;
  const corner = joker ? ["J", h("br"), "★"] : [rankText(base[0]), h("br"), suit ? suit.symbol : base[1]];
  return h(
    clickable ? "button" : "div",
    {
      class: cls,
      type: clickable ? "button" : null,
      title: label,
      "aria-label": label,
      "data-card": face,
      "data-id": did,
      "data-from": from,
      "data-move": move,
      onclick: clickable ? onclick || (() => {}) : null,
    },
    h("span", { class: "corner tl" }, corner),
    h("span", { class: "pip" }, joker ? "★" : suit ? suit.symbol : "?"),
    known ? h("span", { class: "eye", "aria-hidden": "true" }) : null
  );
}

const isKnown = (ctx, id) => ctx.view.private.includes(id);

// -- a pair, a character ------------------------------------------------------------------

/** The pair's value as this seat knows it ("=7"), or "?" when hidden. */
function valueTag(pv) {
  return pv.value !== null && pv.value !== undefined ? h("span", { class: "cmb-value", title: `value ${pv.value}` }, `=${pv.value}`) : h("span", { class: "cmb-value muted", title: "value hidden from you" }, "?");
}

function pairCards(ctx, pv, small) {
  const typeCard = card(pv.type_card, pv.type_id, { known: isKnown(ctx, pv.type_id), small, extra: "cmb-type" });
  const values = pv.value_ids.length
    ? h(
        "div",
        { class: `cmb-stack${pv.value_ids.length > 1 ? " many" : ""}` },
        pv.value_ids.map((id, i) => card(pv.value_cards[i], id, { known: isKnown(ctx, id), small }))
      )
    : h("div", { class: "cmb-empty-slot", title: "no value card yet" });
  return [typeCard, values];
}

/** The announce moves for a target pair key ("1" the defense pair, "1c" column c), grouped. */
function announceGroups(ctx) {
  const groups = new Map();
  for (const m of ctx.legal) {
    const a = ANNOUNCE.exec(m);
    if (!a) continue;
    const key = `${a[2]}${a[3] || ""}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push({ move: m, type: a[1], target: Number(a[2]), col: a[3] || null, wild: !!a[4] });
  }
  return groups;
}

function column(ctx, ch, pv, i, groups) {
  const letter = LETTERS[i];
  const isDefense = letter === ch.defense;
  const label = h("div", { class: "cmb-col-label" }, letter, isDefense ? h("span", { class: "def", title: "the defense pair" }, "▼") : null, pv && typeof pv === "object" ? valueTag(pv) : null);
  if (pv === null) return h("div", { class: "cmb-col empty", "data-id": `col-${ch.id}-${i}` }, label, h("div", { class: "cmb-gone", title: "no pair in this column" }, "·"));
  if (pv === "held") return h("div", { class: "cmb-col held", "data-id": `col-${ch.id}-${i}` }, label, h("div", { class: "cmb-gone", title: "held out of play by a Grapple" }, "held"));
  const a = ctx.view.action;
  const targeted = a && a.target === ch.id && a.pair === pv.id;
  const key = `${ch.id}${letter}`;
  const picks = groups.get(key);
  const next = ctx.view.phase === PHASE.PLACE && ch.seat === ctx.seat && ch.next_column === i;
  const cls = `cmb-col${isDefense ? " defense" : ""}${targeted ? " targeted" : ""}${picks ? " choosable" : ""}${chosen === key ? " chosen" : ""}${next ? " next" : ""}`;
  const attrs = {
    class: cls,
    "data-id": `pair-${pv.id}`,
    "data-col": letter,
    title: `${charName(ctx, ch)}: pair ${letter}${isDefense ? " (defense pair)" : ""}${pv.type ? `, ${typeWords(ctx, pv.type)}` : ""}${pv.value !== null ? `, value ${pv.value}` : ""}`,
  };
  if (picks) {
    attrs["data-covers"] = picks.map((p) => p.move).join("|");
    attrs["data-pick"] = key;
    attrs.role = "button";
    attrs.tabindex = "0";
    attrs.onclick = () => {
      chosen = chosen === key ? null : key;
      ctx.rerender();
    };
  }
  return h("div", attrs, label, pairCards(ctx, pv, false));
}

function extraPair(ctx, pv, what, title) {
  return h("div", { class: "cmb-col extra", "data-id": `pair-${pv.id}`, title }, h("div", { class: "cmb-col-label" }, what, valueTag(pv)), pairCards(ctx, pv, false));
}

function chips(ctx, ch) {
  const v = ctx.view;
  const out = [];
  const acting = v.to_act.includes(ch.seat) && !v.over;
  if (v.active === ch.id) out.push(h("span", { class: "chip small turn-chip" }, "▶ turn"));
  if (acting && v.phase !== PHASE.PLACE) {
    const reacting = [PHASE.PREDICT, PHASE.INFORM, PHASE.COUNTER, PHASE.CONSULT, PHASE.RECOVER].includes(v.phase) && v.active !== ch.id;
    if (reacting) out.push(h("span", { class: "chip small react-chip" }, "may react"));
    else if (v.active !== ch.id || v.phase !== PHASE.TURN) out.push(h("span", { class: "chip small turn-chip" }, "to decide"));
  }
  if (acting && v.phase === PHASE.PLACE) out.push(h("span", { class: "chip small turn-chip" }, "placing"));
  if (ch.out) out.push(h("span", { class: "chip small bad-chip" }, "defeated"));
  else {
    out.push(h("span", { class: `chip small${ch.reacted ? " used" : ""}`, title: "one reaction per round" }, ch.reacted ? "reaction used" : "reaction ready"));
    if (ch.incapacitated) out.push(h("span", { class: "chip small bad-chip" }, "incapacitated"));
    if (ch.shoved) out.push(h("span", { class: "chip small bad-chip" }, "shoved"));
    if (ch.scavenge) out.push(h("span", { class: "chip small" }, "scavenge: draws two"));
  }
  return out;
}

function character(ctx, ch, groups) {
  const v = ctx.view;
  const rel = relation(ctx, ch);
  const cols = ch.rows.map((pv, i) => column(ctx, ch, pv, i, groups));
  const extras = [];
  if (ch.consultation) extras.push(extraPair(ctx, ch.consultation, "cons.", "Consultation pair"));
  if (ch.stolen) extras.push(extraPair(ctx, ch.stolen, "stolen", "a stolen pair held for the next action"));
  for (const pv of ch.held) extras.push(extraPair(ctx, pv, `${pv.col} held`, `pair ${pv.col}, held out of play by a Grapple`));
  if (ch.wild.length) {
    extras.push(
      h(
        "div",
        { class: "cmb-col extra", title: `a saved wild card (Bribe), value ${ch.wild_value}` },
        h("div", { class: "cmb-col-label" }, "wild", h("span", { class: "cmb-value" }, ch.wild_value === null ? "?" : `=${ch.wild_value}`)),
        h("div", { class: "cmb-stack" }, ch.wild.map((c, i) => card(c, ch.wild_ids[i])))
      )
    );
  }
  const placing = ch.to_place_ids.length ? toPlace(ctx, ch) : null;
  const acting = v.to_act.includes(ch.seat) && !v.over;
  return h(
    "section",
    {
      class: `cmb-char ${rel.replace(" ", "-")}${v.active === ch.id ? " active" : ""}${acting ? " acting" : ""}${ch.out ? " out" : ""}`,
      "data-id": `char-${ch.id}`,
      "data-character": ch.id,
      "aria-label": `character ${ch.id}, ${charName(ctx, ch)}`,
    },
    h(
      "div",
      { class: "cmb-head" },
      h("span", { class: "cmb-order", title: `Character Order card ${cardWords(ch.order_card)}: higher acts first` }, card(ch.order_card, ch.order_id, { small: true, extra: "order" }), h("span", { class: "cmb-order-label" }, "order")),
      h("span", { class: "cmb-name ellipsis", title: charName(ctx, ch) }, charName(ctx, ch)),
      h("span", { class: `chip small rel ${rel.replace(" ", "-")}` }, `char ${ch.id} · ${rel}`),
      chips(ctx, ch)
    ),
    h("div", { class: "cmb-rows", style: { "--cols": ch.rows.length + extras.length } }, cols, extras),
    placing
  );
}

function toPlace(ctx, ch) {
  const legal = new Set(ctx.legal);
  const mine = ch.seat === ctx.seat;
  const next = LETTERS[ch.next_column] || "";
  return h(
    "div",
    { class: "cmb-place" },
    h("span", { class: "zone-label" }, mine ? `Place a value card in column ${next}:` : `${plural(ch.to_place_ids.length, "value card")} to place`),
    h(
      "div",
      { class: "cards cmb-place-cards" },
      ch.to_place_ids.map((id, i) => {
        const face = ch.to_place[i];
        const move = face && legal.has(face) ? face : null;
        return card(face, id, { small: true, move, known: !!face && isKnown(ctx, id), onclick: move ? () => ctx.act(move) : null, title: move ? `place ${cardWords(face)} in column ${next}` : null });
      })
    )
  );
}

// -- the middle: piles and the action ------------------------------------------------------

function piles(ctx) {
  const v = ctx.view;
  const discardKnown = v.discard.filter((c) => c).length;
  return h(
    "div",
    { class: "cmb-piles" },
    h("div", { class: "cmb-pile", "data-anchor": "deck", title: `draw pile: ${plural(v.draw_pile, "card")}` }, h("div", { class: "card back small deck-b-back" }, h("span", { class: "stack-count" }, String(v.draw_pile))), h("span", { class: "cmb-pile-label" }, "draw")),
    h(
      "div",
      { class: "cmb-pile", title: `the waste${v.waste_value !== null ? `, value ${v.waste_value}` : ""}` },
      h("div", { class: "cards cmb-waste" }, v.waste.length ? v.waste.map((c, i) => card(c, v.waste_ids[i], { small: true })) : h("div", { class: "card small cmb-none" }, "—")),
      h("span", { class: "cmb-pile-label" }, `waste${v.waste_value !== null ? ` =${v.waste_value}` : ""}`)
    ),
    h("div", { class: "cmb-pile", title: `discard pile: ${plural(v.discard.length, "card")} face down${discardKnown ? `, ${discardKnown} known to you` : ""}` }, h("div", { class: "card back small" }, h("span", { class: "stack-count" }, String(v.discard.length))), h("span", { class: "cmb-pile-label" }, "discard"))
  );
}

function actionStrip(ctx) {
  const v = ctx.view;
  const a = v.action;
  if (v.active === null || v.active === undefined || v.over) return null;
  const turnOf = v.characters[v.active];
  const extra = v.queue?.extra_turn ? " (extra turn)" : "";
  if (!a || a.target < 0 || !v.characters[a.target]) {
    // Your own turn is said by the banner and the decision under it.
    if (turnOf.seat === ctx.seat && ctx.legal.length) return null;
    return h("div", { class: "cmb-action idle" }, h("div", { class: "cmb-action-text" }, h("b", { class: "ellipsis" }, `▶ ${turnOf.seat === ctx.seat ? "Your" : `${charName(ctx, turnOf)}'s`} turn${extra}`), h("span", { class: "muted small" }, turnOf.seat === ctx.seat ? "" : "— choosing a target and an action type")));
  }
  const actor = v.characters[a.actor];
  const target = v.characters[a.target];
  const combo = a.combo || (a.type && comboOf(ctx, targetType(v, a), a.type)?.name);
  const bits = [
    h("b", { class: "ellipsis" }, actor.seat === ctx.seat ? `You ${a.counter ? "counter" : "act"}` : `${charName(ctx, actor)} ${a.counter ? "counters" : "acts"}`),
    h("span", {}, " → ", h("b", {}, `${charName(ctx, target)}`), ` pair ${a.column || "(consultation)"}`),
    a.type ? h("span", { class: `chip small type-${a.type}` }, typeWords(ctx, a.type)) : null,
    a.value ? h("span", { class: "chip small", "data-id": "act-level", "data-count": a.value }, `level ${a.value}`) : null,
    a.source && a.source !== "drawn" ? h("span", { class: "chip small" }, a.source) : null,
    a.outcome ? h("span", { class: `chip small outcome ${a.outcome.replace(" ", "-")}`, "data-anim": ctx.fresh ? "pop" : null }, a.outcome) : null,
    combo ? h("span", { class: `chip small combo-chip${a.outcome ? "" : " if"}`, title: "the combo of the Combo Table" }, a.outcome ? combo : `on a defeat: ${combo}`) : null,
  ];
  // The action's value cards, then any drawn card not among them (each card once).
  const ids = [...a.card_ids];
  const faces = [...a.cards];
  a.drawn_ids.forEach((id, i) => {
    if (!ids.includes(id)) {
      ids.push(id);
      faces.push(a.drawn[i]);
    }
  });
  const cards = ids.map((id, i) => card(faces[i], id, { small: true, from: "deck" }));
  return h(
    "div",
    { class: "cmb-action", "aria-label": "the action in progress" },
    h("div", { class: "cmb-action-text" }, bits),
    cards.length ? h("div", { class: "cards cmb-action-cards" }, cards) : null,
    a.taking ? h("div", { class: "cmb-taking" }, h("span", { class: "small" }, "being stolen:"), pairCards(ctx, a.taking, true), valueTag(a.taking)) : null,
    h("div", { class: `cmb-clock${ctx.timers?.window ? "" : " idle"}`, "data-countdown": "window" }, h("span", { class: "bar" }, h("span", { class: "fill" })), h("span", { class: "clock", "data-countdown-text": "1" }, ""))
  );
}

function targetType(v, a) {
  const ch = v.characters[a.target];
  const pv = ch?.rows.find((p) => p && typeof p === "object" && p.id === a.pair) || (ch?.consultation?.id === a.pair ? ch.consultation : null);
  return pv ? pv.type : null;
}

// -- your decision -------------------------------------------------------------------------

/** A move in words, for its button: [short text, long sentence]. */
function describe(ctx, m) {
  const v = ctx.view;
  const w = m.split(" ");
  const head = w[0];
  const effect = v.effect;
  switch (head) {
    case "pass":
      if (v.phase === PHASE.TURN) return ["Pass", "pass your turn"];
      if (v.phase === PHASE.COUNTER) return ["No counter", "do not counter"];
      if (effect === "throw") return ["Switch nothing", "leave the pairs as they are"];
      return ["No reaction", "keep your pair as it is (your reaction stays unused)"];
    case "change":
      return [`Change to ${typeWords(ctx, w[1])}`, v.phase === PHASE.FACE ? `the face card changes the action to ${typeWords(ctx, w[1])}` : `use the face value card to change your pair's type to ${typeWords(ctx, w[1])} (your reaction)`];
    case "swap":
      if (w.length === 1) return ["Swap", "swap your pair's face value card with its type card (your reaction)"];
      if (w[1] === "to") return [`Swap: joker as ${typeWords(ctx, w[2])}`, `swap, the joker becoming a ${typeWords(ctx, w[2])} type card`];
      return [`Swap with ${w[1]}`, `swap the drawn face card with the type card of your pair ${w[1]}`];
    case "type":
      return [`Joker as ${typeWords(ctx, w[1])}`, `the joker's type is ${typeWords(ctx, w[1])}`];
    case "keep":
      return ["Keep", "keep the face card as the value (no change)"];
    case "add":
      return effect === "steal" ? ["Add as defense", "add the stolen pair to the right of your defense pair as your new defense pair"] : ["Add them", "add the two drawn cards together"];
    case "waste":
      return [`Take the waste${v.waste_value !== null ? ` (${v.waste_value})` : ""}`, "take the waste value and discard the two drawn"];
    case "hold":
      return ["Hold for next action", "use the stolen pair's type and value as your next action"];
    case "consult":
      return ["Consultation pair", "the action affects your Consultation pair (the defense pair is discarded)"];
    case "defense":
      return w[1] ? [`Defense: ${w[1]}`, `pair ${w[1]} is your defense pair`] : ["Defense pair", "the action affects your defense pair (the Consultation pair is discarded)"];
    case "counter":
      return ["COUNTER!", "counter with your defense pair's type and value (your reaction)"];
    case "accept":
      return ["Accept the wild", "accept the action's value card as a wild card (you still lose the pair)"];
    case "refuse":
      return ["Refuse", "refuse the wild card (you still lose the pair)"];
    case "switch":
      return [`${w[1][0]} ↔ ${w[1][1]}`, `switch pairs ${w[1][0]} and ${w[1][1]}`];
    case "insight":
      return [`${w[1]} ${w[2]}`, `turn pair ${w[1]}'s ${w[2]} card face up`];
    case "snipe":
      return [`pair ${w[1]}`, `the defeat or damage hits pair ${w[1]} instead`];
    case "defend":
      return [`on ${w[1]}`, `place the drawn card on pair ${w[1]}'s value for one round`];
    case "recover":
      return [`onto ${w[1]}`, `add the action's value card to your pair ${w[1]}`];
    case "stance":
      return [`stance ${w[1]}`, `pair ${w[1]} becomes your defense pair`];
    case "stack":
      return [`stack on ${w[1]}`, `stack the extra value card on pair ${w[1]}`];
    case "guard":
      return w[1] === "drawn" ? [`drawn → ${w[2]}${w[3] ? ` as ${typeInfo(ctx, w[3]).symbol}` : ""}`, `the drawn card replaces your pair ${w[2]}'s type card (the replaced card is discarded)${w[3] ? `, the joker as ${typeWords(ctx, w[3])}` : ""}`] : [`${w[1]}'s value → ${w[2]}`, `swap your column-${w[1]} value card (the card you are using) with your pair ${w[2]}'s type card`];
    default:
      return [m, m];
  }
}

const GROUP_TITLES = {
  switch: "Switch two pairs",
  insight: "Insight: turn one card face up",
  snipe: "Snipe: choose the pair hit",
  defend: "Defend: place the drawn card",
  recover: "Recovery",
  stance: "Change Stance",
  stack: "Stack the extra value",
  guard: "Hire Guard: which type card to replace",
};

function announceButton(ctx, p) {
  const v = ctx.view;
  const ch = v.characters[p.target];
  let pv = null;
  if (p.col) pv = ch.rows[LETTERS.indexOf(p.col)];
  else pv = ch.rows.find((x) => x && typeof x === "object" && x.col === ch.defense) || null;
  const tt = pv && typeof pv === "object" ? pv.type : null;
  const combo = comboOf(ctx, tt, p.type);
  const ti = typeInfo(ctx, p.type);
  const tags = combo && combo.tags.length ? ` (${combo.tags.join(", ")})` : "";
  const long = `${p.move}: use ${ti.name} on ${charName(ctx, ch)}'s pair ${p.col || ch.defense}${p.wild ? " with your saved wild" : ""}${combo ? ` — on a defeat: ${combo.name}${tags}: ${combo.text}` : " — its type is hidden"}`;
  return h(
    "button",
    { class: `btn small cmb-announce type-${p.type}`, type: "button", "data-move": p.move, title: long, "aria-label": long, onclick: () => { chosen = null; ctx.act(p.move); } },
    h("span", { class: "sym" }, ti.symbol),
    ` ${ti.name}${p.wild ? " (wild)" : ""}`,
    h("span", { class: "combo-name" }, combo ? combo.name : "?")
  );
}

function decisions(ctx, groups) {
  const v = ctx.view;
  if (!ctx.legal.length || (v.phase === PHASE.PLACE && ctx.legal.every((m) => /^[2-9TJQKA][SHDC]$/.test(m)))) return null;
  const rows = [];
  const anyPair = [...groups.keys()].some((k) => /[a-z]$/.test(k));
  if (groups.size) {
    if (anyPair) {
      if (chosen && !groups.has(chosen)) chosen = null;
      if (chosen) {
        const [, t, c] = /^(\d+)([a-z])$/.exec(chosen);
        rows.push(
          h(
            "div",
            { class: "cmb-group", "data-keyscope": "1" },
            h("span", { class: "cmb-group-title" }, `${charName(ctx, v.characters[Number(t)])}, pair ${c}:`),
            groups.get(chosen).map((p) => announceButton(ctx, p)),
            h("button", { class: "btn small", type: "button", "data-nonum": "1", onclick: () => { chosen = null; ctx.rerender(); } }, "Back")
          )
        );
      } else rows.push(h("div", { class: "cmb-group" }, h("span", { class: "cmb-group-title" }, "Extra turn: click a highlighted pair to target it, then choose the action type.")));
    } else {
      for (const [key, list] of groups) {
        const ch = v.characters[Number(key.replace(/[a-z]$/, ""))];
        rows.push(h("div", { class: "cmb-group" }, h("span", { class: "cmb-group-title ellipsis" }, `→ ${charName(ctx, ch)} (pair ${ch.defense}):`), list.map((p) => announceButton(ctx, p))));
      }
    }
  }
  const placing = v.phase === PHASE.PLACE;
  const rest = ctx.legal.filter((m) => !ANNOUNCE.test(m) && !(placing && /^[2-9TJQKA][SHDC]$/.test(m)));
  const byHead = new Map();
  for (const m of rest) {
    const head = m.split(" ")[0];
    const key = GROUP_TITLES[head] ? head : "";
    if (!byHead.has(key)) byHead.set(key, []);
    byHead.get(key).push(m);
  }
  for (const [key, list] of byHead) {
    const buttons = list.map((m) => {
      const [text, long] = describe(ctx, m);
      const cls = m === "counter" ? " danger" : m === "pass" ? "" : " good";
      return h("button", { class: `btn small cmb-move${cls}`, type: "button", "data-move": m, title: `${m}: ${long}`, "aria-label": `${m}: ${long}`, onclick: () => ctx.act(m) }, text);
    });
    rows.push(h("div", { class: "cmb-group" }, key ? h("span", { class: "cmb-group-title" }, `${GROUP_TITLES[key]}:`) : null, buttons));
  }
  return h("div", { class: "cmb-decide", "aria-label": `your decision: ${statusText(ctx)}` }, rows);
}

// -- the banner, the guide, the combo table panel --------------------------------------------

function statusText(ctx) {
  const v = ctx.view;
  const a = v.action;
  const target = a && v.characters[a.target] ? `${charName(ctx, v.characters[a.target])}'s pair ${a.column || "(consultation)"}` : "";
  switch (v.phase) {
    case PHASE.PLACE:
      return "Preparing Pairs: place your value cards, left to right (they stay face down).";
    case PHASE.TURN:
      return v.queue?.extra_turn ? "Your extra turn: choose a target and an action type, or pass." : "Your turn: announce an action type on a target, or pass.";
    case PHASE.CONSULT:
      return "You are targeted: which pair faces the action?";
    case PHASE.PREDICT:
      return `Predictive Reaction: ${typeWords(ctx, a?.type)} on your pair ${a?.column}. React with a face card, or not.`;
    case PHASE.INFORM:
      return `Informed Reaction: level ${a?.value} ${typeWords(ctx, a?.type)} on your pair ${a?.column}. React, or not.`;
    case PHASE.FACE:
      return `You drew a face card (level ${a?.value}): keep it, change the type, or swap.`;
    case PHASE.SCAVENGE:
      return "Scavenge: add the two drawn cards, or take the waste value.";
    case PHASE.RECOVER:
      return "Recovery: add the failed action's card to one of your pairs, or not.";
    case PHASE.COUNTER:
      return `Critical failure on ${target}: counter with your defense pair?`;
    case PHASE.EFFECT:
      return `${a?.combo || v.effect}: choose its effect.`;
    case PHASE.STANCE:
      return "Change Stance: choose your defense pair, or pass.";
    default:
      return "Your move.";
  }
}

function comboTablePanel(ctx) {
  const cat = ctx.catalog;
  if (!cat || !cat.combos) return h("p", { class: "muted" }, "The Combo Table is loading…");
  const types = cat.types.map((t) => t.letter);
  const a = ctx.view?.action;
  const current = a?.combo || null;
  const grid = h(
    "table",
    { class: "cmb-table", "aria-label": "the Combo Table" },
    h("thead", {}, h("tr", {}, h("th", { title: "rows: the target's type; columns: your action type" }, h("span", { class: "tname" }, "target ↓ you →")), types.map((t) => h("th", { class: `type-${t}` }, typeInfo(ctx, t).symbol, h("span", { class: "tname" }, typeInfo(ctx, t).name))))),
    h(
      "tbody",
      {},
      types.map((target) =>
        h(
          "tr",
          {},
          h("th", { class: `type-${target}` }, typeInfo(ctx, target).symbol, h("span", { class: "tname" }, typeInfo(ctx, target).name)),
          types.map((action) => {
            const c = comboOf(ctx, target, action);
            return h("td", { class: current === c.name ? "current" : "", title: `${c.name}${c.tags.length ? ` (${c.tags.join(", ")})` : ""}: ${c.text}` }, h("b", {}, c.name), c.tags.length ? h("div", { class: "tags" }, c.tags.join(", ")) : null);
          })
        )
      )
    )
  );
  const list = h(
    "dl",
    { class: "cmb-combo-list" },
    cat.combos.map((c) => [
      h("dt", { class: current === c.name ? "current" : "" }, `${c.name} `, h("span", { class: "muted small" }, `${typeInfo(ctx, c.action).symbol} on ${typeInfo(ctx, c.target).symbol}${c.tags.length ? ` · ${c.tags.join(", ")}` : ""}`)),
      h("dd", {}, c.text),
    ])
  );
  return h(
    "div",
    { class: "cmb-combos" },
    h("p", { class: "cmb-ruleset" }, h("b", {}, cat.ruleset)),
    cat.ruleset_line ? h("p", { class: "small cmb-ruleset-line" }, "In force: ", cat.ruleset_line.split(" — ").slice(1).join(" — ")) : null,
    h("p", { class: "small" }, h("b", {}, "Winning"), " (not in the rulebook; our reading): ", cat.winning),
    h("p", { class: "small muted" }, "Check: your value − the target's value: 6..12 defeated (the combo happens), 1..5 damaged, −5..0 missed, −12..−6 critical failure."),
    grid,
    list
  );
}

/**
 * The end dialog's detail: each side's pairs in play and their total value (the round
 * limit's tiebreak), the winners starred, and the reason in words.
 */
function resultDetail(ctx) {
  const v = ctx.view;
  const out = v.outcome;
  if (!out) return null;
  const real = ctx.realNames && ctx.realNames.length ? ctx.realNames : ctx.names;
  const name = (s) => `${real[s] ?? `Seat ${s + 1}`}${s === ctx.seat ? " (you)" : ""}`;
  const sides = out.pairs.map((_, side) => [...new Set(v.characters.filter((c) => c.side === side).map((c) => c.seat))]);
  const rows = sides.map((seats, side) =>
    h(
      "div",
      { class: `score-row${out.winners.includes(side) ? " won" : ""}`, "data-side": side },
      h("span", { class: "name" }, seats.map(name).join(" and ")),
      h("span", { class: "score" }, `${plural(out.pairs[side], "pair")} · ${out.values[side]}`)
    )
  );
  return [
    h("div", { class: "scores" }, h("div", { class: "score-row score-head" }, h("span", {}, "Side"), h("span", {}, "Pairs in play · total value")), rows),
    h("p", { class: "muted small" }, ctx.result?.reason || out.reason),
  ];
}

/** The spectator's view with every character taken from its owner's view (replays: "Everyone"). */
function everyone(ctx) {
  const v = ctx.view;
  const views = Object.values(ctx.seatViews);
  return {
    ...v,
    characters: v.characters.map((ch) => ctx.seatViews[ch.seat]?.characters?.[ch.id] ?? ch),
    private: [...new Set(views.flatMap((x) => x.private || []))],
  };
}

export default {
  css: true,
  lobby: {
    presets() {
      return [
        { label: "Quick: value cards as dealt, 6 columns", options: { placement: "dealt", columns: 6 } },
        { label: "One of Each Type (4 pairs)", options: { one_of_each: true } },
      ];
    },
  },
  pitch: "A battle of rows of playing cards: sixteen combos of what you use against what they defend.",

  guide(info) {
    return h(
      "div",
      {},
      h("p", {}, "16 Combos (Poikilos 1.0 RC1) is a turn-based battle with playing cards. Each character has a row of ", h("b", {}, "type cards"), " (the suit is the type: ♥ vitality, ♦ wealth, ♣ strength, ♠ finesse) and in front of them a row of ", h("b", {}, "value cards"), ". A column is a ", h("b", {}, "pair"), "; the last one (▼) is the ", h("b", {}, "defense pair"), " and the one you are attacked on."),
      h("h4", {}, "Your turn"),
      h("ul", {}, h("li", {}, "Choose a target and an action type you have available (two of that type in your value row): the button says which combo it makes against the target's type when it is known."), h("li", {}, "A value card is drawn; the Check compares it with the target's value: 6 or more above defeats the pair and the combo happens."), h("li", {}, "When you are targeted you may react once per round with a face card (change or swap), and counter after a critical failure.")),
      h("h4", {}, "Reading the table"),
      h("ul", {}, h("li", {}, "A patterned back is a card hidden from you. A card with a dashed edge and an eye is face down but known to you (your own)."), h("li", {}, "Cards with a prime (7♥′, blue edge) come from the draw deck. The small card by each name is its Character Order card: highest acts first."), h("li", {}, "The Combo Table panel lists all sixteen combos, the ruleset and the options in force.")),
      h("h4", {}, "The ruleset and winning"),
      h("p", {}, info?.summary || ""),
      h("h4", {}, "Keys"),
      h("p", { class: "keys" }, "1–9 choose the numbered move, / lets you type a move like H>1 or pass.")
    );
  },

  status(ctx) {
    return statusText(ctx);
  },

  cues(events, ctx) {
    const out = [];
    for (const e of events || []) {
      if (e.kind === EV.CHECK) out.push(e.outcome === "defeated" ? "hit" : "slap");
      else if (e.kind === EV.COUNTER) out.push("combo");
      else if (e.kind === EV.DRAW) out.push("draw");
      else if (e.kind === EV.PLACE && e.character !== undefined && ctx.view.characters[e.character]?.seat === ctx.seat) out.push("card");
    }
    return out;
  },

  cancel() {
    chosen = null;
  },

  resultDetail,

  panels() {
    return [{ id: "combos", title: "Combo Table", icon: "sheet", render: comboTablePanel }];
  },

  render(shown) {
    // A replay's "Everyone": each character as its owner sees it (its own cards known), one table.
    const ctx = shown.seatViews ? { ...shown, view: everyone(shown) } : shown;
    const v = ctx.view;
    if (!ctx.legal.length) chosen = null;
    const groups = announceGroups(ctx);
    // Your own characters at the bottom, near your controls; the others above, in order.
    const chars = [...v.characters];
    const mine = chars.filter((c) => ctx.seat !== null && c.seat === ctx.seat);
    const others = chars.filter((c) => !mine.includes(c));
    // More than two characters: two per row, and cards sized so every row fits the window's height.
    const perRow = chars.length > 2 ? 2 : 1;
    const rows = Math.ceil(others.length / perRow) + Math.ceil(mine.length / perRow);
    return h(
      "div",
      { class: `cmb chars-${chars.length}${perRow > 1 ? " many" : ""}`, style: { "--rows": Math.max(rows, 2) } },
      h(
        "div",
        { class: "cmb-top" },
        h("button", { class: "cmb-ruleset-chip", type: "button", "data-nonum": "1", title: ctx.catalog?.ruleset_line || v.ruleset, onclick: () => ctx.showPanel("combos") }, v.ruleset),
        v.round ? h("span", { class: "chip small" }, `Round ${Math.min(v.round, v.round_limit)} / ${v.round_limit}`) : null,
        h("span", { class: "chip small cmb-phase" }, v.over ? "game over" : v.phase),
        piles(ctx)
      ),
      h("div", { class: "cmb-others" }, others.map((ch) => character(ctx, ch, groups))),
      actionStrip(ctx),
      decisions(ctx, groups),
      h("div", { class: `cmb-mine${mine.length === 1 ? " solo" : ""}` }, mine.map((ch) => character(ctx, ch, groups)))
    );
  },
};
