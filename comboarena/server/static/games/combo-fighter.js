// Combo Fighter's table: the fighters in the ring with their life bars (hand +
// deck: your deck is your life; Staggering and K.O. shown as they are), the
// cards of this round, and your hand drawn as cards (colour = kind, ▲■● =
// button, Speed / ★ Priority, damage Opening/Combo, Combo Box). Taking
// damage is one step ("take 3: 1 from hand, 2 from the deck"). The Character
// Sheets (Power Token both sides, Signature Combos, starting hand, deck) are
// a side panel, for your fighter and the opponent's, at any time.
//
// View keys: seat, mode, players, best_of, fight, round, wins, fights, phase
// (pick | play | retro | combo | damage | breath | discard | tag | over),
// to_act, ring, winner, tie, picked, shuffles, over, fighters[] {fighter,
// hand_size, deck, discard, aside, play, set_aside, drawn, side, x,
// staggering, chosen, damage, ko, retro, speed_bonus, flip}, and for a seat:
// hand, choice, pick. Moves: a card code (hf), aside:<code>, end, call, deck,
// rest, power, pass, done, tag, stay, or a fighter id.

import { h, plural } from "../js/dom.js";

// Event kinds of Combo Fighter (comboarena/games/combo_fighter/state.py), named once.
const EV = {
  REVEAL: "reveal",
  DAMAGE: "damage",
  TAKE: "take",
  STAGGER: "stagger",
  KO: "ko",
  SIGNATURE: "signature",
  COMBO: "combo",
  FIGHT_OVER: "fight_over",
  POWER: "power",
  OUTCOME: "outcome",
  CHOOSE: "choose",
  FLIP: "flip",
  END: "end",
};
const PHASE = { PICK: "pick", PLAY: "play", RETRO: "retro", COMBO: "combo", DAMAGE: "damage", BREATH: "breath", DISCARD: "discard", TAG: "tag", OVER: "over" };
const ICON = { triangle: "▲", square: "■", circle: "●" };
const LIFE = 50;
const WORDS = {
  end: "End the combo — deal the damage",
  call: "Call the Signature Combo!",
  power: "Use your power",
  pass: "Pass",
  done: "Done — refill your hand",
  tag: "Tag out (your teammate comes in)",
  stay: "Stay in the ring",
};

let sheetSeat = null; // the fighter shown in the sheet panel (null: yours)
let plan = null; // the damage being planned: {key, chosen: Set of hand indexes}

function info(ctx, seat, code) {
  return ctx.catalog?.fighters?.[seat]?.cards?.[code] || null;
}

function sheet(ctx, seat) {
  return ctx.catalog?.fighters?.[seat] || null;
}

function fighterName(ctx, seat) {
  const f = sheet(ctx, seat);
  return f ? f.name : ctx.view.fighters[seat].fighter;
}

const teamsOf = (v) => (v.players === 4 ? [[0, 2], [1, 3]] : [[0], [1]]);

/** Ids for a seat's cards in one list: "0:hf", then "0:hf~2" for a second copy. */
function ids(seat, codes) {
  const seen = new Map();
  return codes.map((c) => {
    const n = (seen.get(c) || 0) + 1;
    seen.set(c, n);
    return `${seat}:${c}${n > 1 ? `~${n}` : ""}`;
  });
}

function cardTitle(c) {
  return `${c.title}: ${c.kind}, button ${c.button}${c.kind === "attack" ? `, speed ${c.speed}` : c.priority ? ", priority" : ""}, damage ${c.opening} opening / ${c.combo} combo, combo box ${c.box.join(" ") || "empty"}`;
}

/** One action card; a button when it is a legal move (or a pick). */
function fcard(ctx, seat, code, { move = null, pick = null, onclick = null, small = false, extra = "", id = null, from = null, anim = null, covers = null } = {}) {
  const c = info(ctx, seat, code);
  const clickable = move !== null || onclick !== null;
  const kind = c ? c.kind : "unknown";
  const title = c ? cardTitle(c) : code;
  const attrs = {
    class: `card fc ${kind}${small ? " small" : ""}${clickable ? " legal" : ""}${extra ? ` ${extra}` : ""}`,
    title,
    "aria-label": title,
    "data-move": move,
    "data-pick": pick,
    "data-covers": covers,
    "data-id": id,
    "data-from": from,
    "data-anim": anim,
  };
  if (clickable) {
    attrs.type = "button";
    attrs.onclick = onclick || (() => ctx.act(move));
  }
  const body = c
    ? [
        h("span", { class: "fc-title" }, c.title),
        h("span", { class: "fc-icon" }, ICON[c.button] || "?"),
        h("span", { class: "fc-line" }, c.kind === "attack" ? `Spd ${c.speed}` : c.priority ? "★ Priority" : "—"),
        h("span", { class: "fc-line" }, `Dmg ${c.opening} / ${c.combo}`),
        h("span", { class: "fc-box" }, c.box.length ? `→ ${c.box.map((b) => ICON[b]).join("")}` : "no combo"),
      ]
    : [h("span", { class: "fc-icon" }, code)];
  return h(clickable ? "button" : "div", attrs, body);
}

/** A small chip for a card in a list (signature combos, starting hand). */
function miniCard(ctx, seat, code) {
  const c = info(ctx, seat, code);
  return h("span", { class: `fc-mini ${c ? c.kind : "unknown"}`, title: c ? cardTitle(c) : code }, c ? `${ICON[c.button]} ${c.title}` : code);
}

/** The life bar: hand + deck (your deck is your life); Staggering and K.O. as they are. */
function lifeBar(fv, seat) {
  const life = fv.hand_size + fv.deck;
  let text;
  let pct;
  let cls = "";
  if (fv.ko) {
    text = "K.O.";
    pct = 0;
    cls = "ko";
  } else if (fv.staggering) {
    // The counts are in the facts line too: a phone drops them from the bar (see the CSS).
    text = ["STAGGERING · next hit K.O.", h("span", { class: "cf-life-more" }, ` · ${fv.hand_size} in hand + ${fv.deck} in the new deck`)];
    pct = Math.max(4, Math.min(100, (100 * life) / LIFE));
    cls = "staggering";
  } else {
    text = `Life ${life}`;
    pct = Math.max(0, Math.min(100, (100 * life) / LIFE));
    cls = life < 12 ? "low" : "";
  }
  return h(
    "div",
    { class: `cf-life ${cls}`, title: fv.ko ? "knocked out" : `${fv.hand_size} in hand + ${fv.deck} in the deck${fv.staggering ? " (Staggering: the next damage knocks out)" : ""}` },
    h("div", { class: "cf-life-fill", style: { width: `${pct}%` } }),
    h("span", { class: "cf-life-text", "data-id": `life-${seat}`, "data-count": fv.ko || fv.staggering ? null : life }, text)
  );
}

function eventsOf(ctx, kind, seat = undefined) {
  return (ctx.lastEvents || []).filter((e) => e.kind === kind && (seat === undefined || e.seat === seat));
}

function fighterPanel(ctx, seat) {
  const v = ctx.view;
  const fv = v.fighters[seat];
  const f = sheet(ctx, seat);
  const sideIdx = fv.side === "B" ? 1 : 0;
  const token = f?.token;
  const inRing = v.ring.includes(seat);
  const hit = eventsOf(ctx, EV.TAKE, seat).length || eventsOf(ctx, EV.KO, seat).length;
  const revealed = eventsOf(ctx, EV.REVEAL).length > 0;
  const wonRound = revealed && v.winner === seat;
  const badges = [];
  if (fv.ko) badges.push(h("span", { class: "chip cf-bad", "data-id": `ko-${seat}`, "data-anim": eventsOf(ctx, EV.KO, seat).length ? "slap" : null }, "K.O."));
  else if (fv.staggering) badges.push(h("span", { class: "chip cf-bad", "data-id": `stag-${seat}`, "data-anim": eventsOf(ctx, EV.STAGGER, seat).length ? "slap" : null }, "STAGGERING"));
  if (!inRing) badges.push(h("span", { class: "chip" }, "out of the ring"));
  if (v.to_act.includes(seat) && !v.over) badges.push(h("span", { class: "chip deciding" }, "deciding…"));
  if (fv.damage) badges.push(h("span", { class: "chip cf-bad" }, `takes ${fv.damage} damage`));
  const playIds = ids(seat, fv.play);
  const played = fv.play.map((code, i) =>
    fcard(ctx, seat, code, { small: true, id: playIds[i], extra: fv.set_aside.includes(i) ? "aside-mark" : "", from: seat !== ctx.seat ? `hand-${seat}` : null, anim: revealed && i === 0 ? "pop" : null })
  );
  let round;
  if (played.length) round = h("div", { class: "cards cf-round" }, played);
  else if (seat === ctx.seat && v.choice) round = h("div", { class: "cards cf-round" }, fcard(ctx, seat, v.choice, { small: true, extra: "facedown-mine", id: ids(seat, [v.choice])[0] }), h("span", { class: "small muted" }, "your face-down card"));
  else if (fv.chosen && ctx.seatViews?.[seat]?.choice) round = h("div", { class: "cards cf-round" }, fcard(ctx, seat, ctx.seatViews[seat].choice, { small: true, extra: "revealed" }), h("span", { class: "small muted" }, "face down"));
  else if (fv.chosen) round = h("div", { class: "cards cf-round" }, h("div", { class: "card back small", title: "a card played face down", "data-id": `down-${seat}`, "data-from": `hand-${seat}` }));
  else round = h("div", { class: "cards cf-round" }, h("span", { class: "muted small" }, v.phase === PHASE.PLAY && inRing ? "choosing a card…" : "—"));
  const who = seat === ctx.seat ? (ctx.readOnly ? ctx.names[seat] : "You") : ctx.names[seat];
  return h(
    "section",
    {
      class: `cf-fighter${inRing ? "" : " bench"}${wonRound ? " won" : ""}${seat === ctx.seat ? " mine" : ""}`,
      "data-seat": seat,
      "data-id": `fighter-${seat}`,
      "data-anim": hit ? "hit" : wonRound ? "win" : null,
    },
    h(
      "div",
      { class: "cf-head" },
      h("span", { class: "cf-who", title: `${ctx.names[seat]} — ${fighterName(ctx, seat)}` }, h("b", { class: "cf-fname" }, fighterName(ctx, seat)), h("span", { class: "muted cf-seatname" }, who)),
      ctx.showPanel ? h("button", { class: "btn small cf-sheet-btn", type: "button", "data-nonum": "1", onclick: () => { sheetSeat = seat; ctx.showPanel("sheets"); } }, "Sheet") : null
    ),
    lifeBar(fv, seat),
    h(
      "div",
      { class: "small cf-facts", "data-anchor": `hand-${seat}` },
      `Hand ${fv.hand_size} · Deck ${fv.deck} · Discard ${fv.discard.length}`,
      fv.x ? ` · X = ${fv.x}` : "",
      fv.speed_bonus ? ` · +${fv.speed_bonus} Speed` : ""
    ),
    token
      ? h("div", { class: "small cf-token", title: token.sides[sideIdx].text }, h("span", { class: `chip small side-${fv.side}` }, `Token ${fv.side}`), ` ${token.sides[sideIdx].name}`)
      : h("div", { class: "small cf-token" }, `Token side ${fv.side}`),
    fv.aside.length ? h("div", { class: "small cf-aside" }, "Set aside: ", fv.aside.map((c) => info(ctx, seat, c)?.title || c).join(", ")) : null,
    badges.length ? h("div", { class: "cf-badges" }, badges) : null,
    round,
    ctx.seatViews?.[seat]?.hand && seat !== ctx.seat
      ? h("div", { class: "cf-revealed" }, h("span", { class: "zone-label" }, "Hand"), h("div", { class: "cards" }, ctx.seatViews[seat].hand.map((c, i) => fcard(ctx, seat, c, { small: true, extra: "revealed", id: ids(seat, ctx.seatViews[seat].hand)[i] }))))
      : null
  );
}

function explain(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const mine = me !== null && v.to_act.includes(me) && ctx.legal.length;
  const fv = me !== null ? v.fighters[me] : null;
  switch (v.phase) {
    case PHASE.PICK:
      return mine ? "Choose the fighter your team sends into the ring (their sheets are in the Sheets panel)." : "The teams choose who fights.";
    case PHASE.PLAY:
      return mine ? "Choose a card to play face down. Attack beats footwork, footwork beats defense, defense beats attack." : "Waiting for the face-down cards…";
    case PHASE.RETRO:
      return mine ? "Your Power Token can change this round: use its power, or pass." : "A power may change this round…";
    case PHASE.COMBO:
      if (mine) return "You won the round! Continue the combo with a card whose button is in the last card's Combo Box (→), or end it and deal the damage.";
      return `${ctx.names[v.winner] ?? "The winner"} is comboing…`;
    case PHASE.DAMAGE:
      return mine ? `You take ${plural(fv.damage, "point")} of damage: choose how much from your hand, the rest from your deck.` : "Damage is being taken…";
    case PHASE.DISCARD:
      return mine ? "End of the round: throw away any cards you do not want, then Done to refill to 5." : "Refilling hands…";
    case PHASE.BREATH:
      return mine ? "Catch your breath: shuffle a card from your discard pile back into your deck, or pass." : "Catching breath…";
    case PHASE.TAG:
      return mine ? "Tag out to let your teammate fight, or stay in." : "Tag out or stay…";
    case PHASE.OVER:
      return "The match is over.";
    default:
      return "";
  }
}

function hintFor(ctx, code) {
  const v = ctx.view;
  const c = info(ctx, ctx.seat, code);
  switch (v.phase) {
    case PHASE.COMBO:
      return c ? { cls: "good", text: `+${c.combo} dmg` } : null;
    case PHASE.DISCARD:
      return { cls: "meh", text: "throw away" };
    default:
      return null;
  }
}

// -- taking damage in one step ----------------------------------------------------------

/**
 * The ways to take `n` damage with `hand` cards in hand and `deck` in the deck:
 * k from the hand (the rest from the deck). Reading of the rulebook's
 * "forced to discard your last card": a split that leaves hand and deck both
 * empty knocks out; one that empties the deck leaves the fighter Staggering
 * (the next damage knocks out).
 */
export function damageSplits(n, hand, deck) {
  const out = [];
  for (let k = 0; k <= Math.min(n, hand); k++) {
    const d = n - k;
    if (d > deck) continue;
    out.push({ hand: k, deck: d, ko: hand - k === 0 && deck - d === 0, empties: d > 0 && d === deck });
  }
  return out;
}

/** The moves that take the split: the chosen hand cards, then the deck ("rest" for two or more). */
export function damageMoves(codes, fromDeck) {
  const out = [...codes];
  if (fromDeck === 1) out.push("deck");
  else if (fromDeck > 1) out.push("rest");
  return out;
}

function damagePlanner(ctx) {
  const v = ctx.view;
  const fv = v.fighters[ctx.seat];
  const hand = v.hand || [];
  const n = fv.damage;
  const key = `${v.fight}/${v.round}/${n}/${hand.join(",")}/${fv.deck}`;
  const splits = damageSplits(n, hand.length, ctx.legal.includes("deck") ? fv.deck : 0);
  if (!plan || plan.key !== key) {
    // Start from the deck, keeping the hand, but never empty the deck when the hand can pay instead.
    const safe = splits.filter((s) => !s.ko && !s.empties);
    const start = safe[0] || splits.find((s) => !s.ko) || splits[0] || { hand: Math.min(n, hand.length), deck: 0 };
    plan = { key, chosen: new Set(Array.from({ length: start.hand }, (_, i) => hand.length - 1 - i)) };
  }
  const k = plan.chosen.size;
  const d = n - k;
  const split = splits.find((s) => s.hand === k);
  const ok = Boolean(split);
  const moves = damageMoves([...plan.chosen].sort((a, b) => a - b).map((i) => hand[i]), d);
  let warn = null;
  if (split?.ko) {
    warn = splits.some((s) => !s.ko)
      ? { cls: "bad", text: "This takes your last card: you are knocked out! Another split keeps you in the fight." }
      : { cls: "bad", text: "No split avoids it: this damage knocks you out." };
  } else if (split?.empties) {
    // The same judgement as the engine's fighters[s].risks ("stagger"), for the split chosen here.
    warn = splits.some((s) => !s.ko && !s.empties)
      ? { cls: "warn", text: "This empties your deck: you will be Staggering (the next hit knocks you out). Take more from your hand to avoid it." }
      : { cls: "warn", text: "This empties your deck: you will be Staggering (the next hit knocks you out)." };
  } else if (!ok) {
    warn = { cls: "warn", text: d > fv.deck ? `Your deck has only ${fv.deck}: take at least ${n - fv.deck} from your hand.` : `Choose at most ${n} cards.` };
  }
  const setK = (want) => {
    const chosen = new Set();
    for (let i = hand.length - 1; i >= 0 && chosen.size < want; i--) chosen.add(i);
    plan.chosen = chosen;
    ctx.rerender();
  };
  return h(
    "div",
    { class: "cf-damage", role: "group", "aria-label": "take damage" },
    h("div", { class: "cf-damage-line" }, h("b", {}, `Take ${n} damage:`), " ", h("span", { "data-testid": "split" }, `${k} from your hand (the marked cards) + ${d} from the deck`)),
    h(
      "div",
      { class: "cf-damage-controls" },
      h("button", { class: "btn small", type: "button", "data-nonum": "1", "aria-label": "one more from the deck", disabled: k === 0 || null, onclick: () => setK(k - 1) }, "− hand"),
      h("button", { class: "btn small", type: "button", "data-nonum": "1", "aria-label": "one more from the hand", disabled: k >= Math.min(n, hand.length) || null, onclick: () => setK(k + 1) }, "+ hand"),
      h(
        "button",
        {
          class: `btn ${split?.ko ? "danger" : "primary"}`,
          type: "button",
          "data-pick": "take",
          "data-testid": "take-damage",
          "data-covers": ctx.legal.join("|"),
          disabled: !ok || null,
          onclick: () => {
            plan = null;
            ctx.actMany(moves);
          },
        },
        `Take ${n}`
      )
    ),
    warn ? h("div", { class: `cf-warn ${warn.cls}`, role: "alert" }, warn.text) : null
  );
}

function handZone(ctx) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const hand = v.hand || [];
  const handIds = ids(ctx.seat, hand);
  const seen = new Set();
  const damage = v.phase === PHASE.DAMAGE && ctx.legal.length > 0;
  if (!damage) plan = null;
  const cells = hand.map((code, i) => {
    if (damage) {
      const chosen = plan?.chosen.has(i);
      return h(
        "div",
        { class: "slot", "data-id": `slot-${handIds[i]}` },
        fcard(ctx, ctx.seat, code, {
          id: handIds[i],
          extra: chosen ? "chosen-damage" : "",
          pick: `${code}#${i}`,
          onclick: () => {
            if (plan.chosen.has(i)) plan.chosen.delete(i);
            else plan.chosen.add(i);
            ctx.rerender();
          },
        }),
        h("span", { class: `hint ${chosen ? "bad" : "meh"}` }, chosen ? "discard" : "keep")
      );
    }
    // Several copies of a card are one move: only the first copy is clickable.
    const playable = legal.has(code) && !seen.has(code);
    seen.add(code);
    const asideMove = `aside:${code}`;
    const hint = playable ? hintFor(ctx, code) : null;
    const card = fcard(ctx, ctx.seat, code, { id: handIds[i], move: playable ? code : null, extra: playable || !ctx.legal.length ? "" : "idle" });
    const extra = legal.has(asideMove) && playable ? h("button", { class: "btn small", type: "button", "data-move": asideMove, onclick: () => ctx.act(asideMove) }, "set aside") : null;
    return h("div", { class: "slot", "data-id": `slot-${handIds[i]}` }, card, hint ? h("span", { class: `hint ${hint.cls}` }, hint.text) : null, extra);
  });
  const words = ctx.legal
    .filter((m) => WORDS[m])
    .map((m) => h("button", { class: `btn${m === "end" || m === "call" || m === "done" ? " primary" : ""}`, type: "button", "data-move": m, onclick: () => ctx.act(m) }, WORDS[m]));
  const picks = ctx.legal
    .filter((m) => ctx.catalog?.fighters?.some((f) => f.id === m))
    .map((m) => {
      const f = ctx.catalog.fighters.find((x) => x.id === m);
      return h("button", { class: "btn", type: "button", "data-move": m, onclick: () => ctx.act(m) }, `Send in ${f.name}`);
    });
  let breath = null;
  if (v.phase === PHASE.BREATH && ctx.legal.length) {
    const codes = [...new Set(v.fighters[ctx.seat].discard)].filter((c) => legal.has(c));
    breath = h("div", { class: "zone" }, h("div", { class: "zone-label" }, "Your discard pile: pick a card to shuffle back"), h("div", { class: "cards" }, codes.map((c) => fcard(ctx, ctx.seat, c, { move: c, small: true }))));
  }
  return h(
    "section",
    { class: "zone cf-hand" },
    h("div", { class: "zone-label" }, `${ctx.readOnly ? `${ctx.names[ctx.seat]}'s hand` : "Your hand"} · ${plural(hand.length, "card")}`),
    h("div", { class: "cards cf-handcards", "data-anchor": `hand-${ctx.seat}` }, cells.length ? cells : h("span", { class: "muted" }, "no cards in hand")),
    damage ? damagePlanner(ctx) : null,
    breath,
    words.length || picks.length ? h("div", { class: "moves cf-words" }, picks, words) : null
  );
}

// -- the Character Sheets panel -----------------------------------------------------------

function sheetView(ctx, seat) {
  const f = sheet(ctx, seat);
  const v = ctx.view;
  if (!f) return h("p", { class: "muted" }, "This server sends no Character Sheet for this fighter.");
  const fv = v?.fighters?.[seat];
  const up = fv ? (fv.side === "B" ? 1 : 0) : 0;
  const cards = Object.values(f.cards || {});
  return h(
    "div",
    { class: "cf-sheet", "data-sheet": f.id },
    h("h4", {}, f.name, h("span", { class: "muted small" }, ` · ${f.style} · difficulty ${"★".repeat(f.difficulty || 0)}`)),
    f.bio ? h("p", { class: "small muted" }, f.bio) : null,
    h("h5", {}, `Power Token: ${f.token.name}`),
    f.token.text ? h("p", { class: "small" }, f.token.text) : null,
    h(
      "div",
      { class: "cf-token-sides" },
      f.token.sides.map((s, i) =>
        h("div", { class: `cf-token-side${i === up ? " up" : ""}`, "data-side": "AB"[i] }, h("div", {}, h("b", {}, `Side ${"AB"[i]}: ${s.name}`), i === up ? h("span", { class: "chip small up-chip" }, "face up") : null), h("div", { class: "small" }, s.text))
      )
    ),
    h("h5", {}, "Signature Combos"),
    f.signatures.length
      ? h(
          "div",
          { class: "cf-sigs" },
          f.signatures.map((s) =>
            h(
              "div",
              { class: "cf-sig" },
              h("div", { class: "cf-sig-name" }, s.name),
              ["basic", "power"].map((ver) =>
                s[ver]
                  ? h(
                      "div",
                      { class: "cf-sig-version" },
                      h("span", { class: `chip small ${ver}` }, ver === "basic" ? "Basic" : "Power"),
                      h("span", { class: "cf-sig-cards" }, s[ver].cards.map((c, i) => [i ? h("span", { class: "arrow" }, "→") : null, miniCard(ctx, seat, c)])),
                      h("b", { class: "cf-sig-dmg" }, `${s[ver].damage} dmg`),
                      s[ver].side_b_only ? h("span", { class: "small muted" }, " (side B only)") : null
                    )
                  : null
              )
            )
          )
        )
      : h("p", { class: "muted small" }, "none"),
    h("h5", {}, "Starting hand"),
    f.starting_hand
      ? h("div", { class: "cf-sig-cards" }, f.starting_hand.map((c) => miniCard(ctx, seat, typeof c === "string" ? c : c.code)))
      : h("p", { class: "muted small" }, "Not in this server's catalog yet."),
    ctx.view?.mode === "solo" && f.solo?.text ? [h("h5", {}, "Solo mode"), h("p", { class: "small" }, f.solo.text)] : null,
    h("h5", {}, `Deck (${cards.reduce((n, c) => n + (c.copies || 0), 0) || "?"} cards)`),
    h(
      "table",
      { class: "cf-decklist small" },
      h("thead", {}, h("tr", {}, h("th", {}, "Card"), h("th", {}, ""), h("th", {}, "Spd"), h("th", {}, "Dmg"), h("th", {}, "Box"), h("th", {}, "×"))),
      h(
        "tbody",
        {},
        cards.map((c) =>
          h(
            "tr",
            { class: c.kind },
            h("td", {}, h("span", { class: `kind-dot ${c.kind}` }), ` ${c.title}`),
            h("td", {}, ICON[c.button]),
            h("td", {}, c.kind === "attack" ? String(c.speed) : c.priority ? "★" : "—"),
            h("td", {}, `${c.opening}/${c.combo}`),
            h("td", {}, c.box.map((b) => ICON[b]).join("") || "—"),
            h("td", {}, c.copies ?? "")
          )
        )
      )
    )
  );
}

function sheetsPanel(ctx) {
  const fighters = ctx.catalog?.fighters || [];
  if (!fighters.length) return h("p", { class: "muted" }, "No Character Sheets available.");
  const v = ctx.view;
  const mine = ctx.seat ?? 0;
  if (sheetSeat === null || sheetSeat >= fighters.length) sheetSeat = mine;
  const order = [...fighters.keys()].sort((a, b) => (a === mine ? -1 : b === mine ? 1 : a - b));
  return h(
    "div",
    { class: "cf-sheets" },
    h(
      "div",
      { class: "segmented cf-sheet-pick", role: "group", "aria-label": "whose sheet" },
      order.map((s) =>
        h(
          "button",
          { type: "button", "aria-pressed": s === sheetSeat ? "true" : "false", "data-sheet-seat": s, onclick: () => { sheetSeat = s; ctx.rerender(); } },
          `${s === ctx.seat ? "You" : ctx.names[s]}: ${fighters[s].name}`
        )
      )
    ),
    sheetView({ ...ctx, view: v }, sheetSeat)
  );
}

// -- words and results ---------------------------------------------------------------------

function headline(events, ctx) {
  const order = [EV.KO, EV.FIGHT_OVER, EV.STAGGER, EV.SIGNATURE, EV.DAMAGE, EV.REVEAL, EV.OUTCOME, EV.POWER, EV.FLIP];
  for (const kind of order) {
    const e = (events || []).find((x) => x.kind === kind && x.text);
    if (e) return e.text.trim();
  }
  return undefined;
}

/** Each side's names and fights won, in seat order; "Ada (you)" rather than "You" where a line names both sides. */
function score(ctx, v, real = false) {
  const teams = teamsOf(v);
  const name = (s) => (real && ctx.realNames ? `${ctx.realNames[s]}${s === ctx.seat ? " (you)" : ""}` : ctx.names[s]);
  return teams.map((t, i) => ({ names: t.map(name).join(" + "), wins: v.wins[i] }));
}

function resultDetail(ctx) {
  const v = ctx.view;
  const [a, b] = score(ctx, v, true);
  const fights = (v.fights || []).map((w, i) => h("li", {}, `Fight ${i + 1}: ${w < 0 ? "a draw" : `won by ${score(ctx, v, true)[w].names}`}`));
  return [
    h("div", { class: "cf-final" }, h("span", { class: "ellipsis" }, a.names), h("b", {}, ` ${a.wins} – ${b.wins} `), h("span", { class: "ellipsis" }, b.names)),
    h("p", { class: "muted small" }, "fights won"),
    fights.length ? h("ul", { class: "small" }, fights) : null,
  ];
}

// -- the lobby: a fighter picker per seat ----------------------------------------------------

const EMBLEM = ["#d6453a", "#3a78d6", "#e0a800", "#8e5bd6", "#1e8e4e", "#e8780c"];
let roster = null; // [{id, name, style, sheet?}] once known

function initials(name) {
  return name.split(/\s+/).map((w) => w[0]).join("").slice(0, 2).toUpperCase();
}

/**
 * Every fighter the server knows: the game's catalog when /api/games sends
 * one, else the fighters tag mode starts with (names only, no sheets).
 */
async function loadRoster(game) {
  if (roster) return roster;
  const all = game.catalog?.fighters;
  if (Array.isArray(all) && all.length) {
    roster = all.map((f) => ({ id: f.id, name: f.name, style: f.style, sheet: f }));
    return roster;
  }
  const res = await fetch(`/api/games/${game.name}/setup`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ options: { mode: "tag" } }) });
  const data = res.ok ? await res.json() : null;
  const ids = data?.options?.fighters || [];
  roster = ids.map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1), style: "", sheet: null }));
  return roster;
}

function sheetPopover(f, cls = "fp-pop") {
  const s = f.sheet;
  if (!s) return h("div", { class: cls, role: cls === "fp-pop" ? "tooltip" : null }, h("b", {}, f.name), h("div", { class: "small muted" }, "Its Character Sheet shows at the table (Sheets panel)."));
  return h(
    "div",
    { class: cls, role: cls === "fp-pop" ? "tooltip" : null },
    h("b", {}, s.name),
    h("div", { class: "small muted" }, `${s.style} · difficulty ${"★".repeat(s.difficulty || 0)}`),
    h("div", { class: "small" }, h("b", {}, `Power Token — ${s.token.name}: `), s.token.sides.map((x, i) => `${"AB"[i]}: ${x.name}`).join(" / ")),
    h("div", { class: "small" }, h("b", {}, "Signature Combos: "), s.signatures.map((x) => x.name).join(", ")),
    s.starting_hand ? h("div", { class: "small" }, h("b", {}, "Starting hand: "), s.starting_hand.map((c) => (typeof c === "string" ? s.cards?.[c]?.title || c : c.title)).join(", ")) : null
  );
}

function fighterPicker(opt, form) {
  const box = h("div", { class: "fighter-picker", id: `opt-${form.game.name}-fighters` });
  loadRoster(form.game).then((list) => {
    const chosen = form.values.fighters || form.setup.options.fighters || [];
    const rows = [];
    const mode = form.setup.options.mode;
    for (let seat = 0; seat < form.setup.players; seat++) {
      const who = mode === "solo" && seat === 1 ? "the solo AI" : `seat ${seat + 1}`;
      rows.push(
        h(
          "div",
          { class: "fp-row", "data-seat": seat },
          h("span", { class: "field-label small" }, `Fighter for ${who}`),
          h(
            "div",
            { class: "fp-choices", role: "radiogroup", "aria-label": `fighter for ${who}` },
            list.map((f, i) =>
              h(
                "button",
                {
                  type: "button",
                  class: "fp-choice",
                  role: "radio",
                  "aria-checked": chosen[seat] === f.id ? "true" : "false",
                  "data-fighter": f.id,
                  onclick: () => {
                    const next = [...(form.values.fighters || form.setup.options.fighters || [])];
                    next[seat] = f.id;
                    form.values.fighters = next;
                    form.changed("fighters");
                  },
                },
                h("span", { class: "fp-emblem", style: { background: EMBLEM[i % EMBLEM.length] } }, initials(f.name)),
                h("span", { class: "fp-name" }, f.name),
                f.style ? h("span", { class: "fp-style" }, f.style) : null,
                sheetPopover(f)
              )
            )
          ),
          // The chosen fighter's sheet in short, always there (a phone has no hover).
          list.find((f) => f.id === chosen[seat]) ? sheetPopover(list.find((f) => f.id === chosen[seat]), "fp-summary") : null
        )
      );
    }
    box.replaceChildren(...rows);
  });
  return h("div", { class: "field fp-field" }, h("span", { class: "field-label" }, "Fighters"), box);
}

export default {
  css: true,
  lobby: {
    presets() {
      return [
        { label: "Quick fight (1 fight)", options: { best_of: 1 } },
        { label: "Solo vs the rulebook AI", options: { mode: "solo" } },
        { label: "2 v 2 tag team", options: { mode: "tag" } },
      ];
    },
    control(opt, form) {
      return opt.name === "fighters" ? fighterPicker(opt, form) : null;
    },
    changed(name, values) {
      // Another mode has another number of fighters: start from its defaults.
      if (name === "mode") delete values.fighters;
    },
  },
  pitch: "An arcade fighting game in cards: read your rival, win the clash, chain a combo.",

  guide(infoGame, options) {
    return h(
      "div",
      {},
      h("p", {}, "Combo Fighter is a card duel in the style of arcade fighting games. ", h("b", {}, "Your deck is your life bar"), ": every point of damage costs you a card. Knock the other fighter out to win a fight; win ", options.best_of > 1 ? `${Math.ceil(options.best_of / 2)} of ${options.best_of} fights` : "the fight", " to win the match."),
      h("h4", {}, "A round"),
      h(
        "ul",
        {},
        h("li", {}, "Both fighters play one card ", h("b", {}, "face down"), ", then they are revealed."),
        h("li", {}, h("b", { class: "k-attack" }, "Attack (red)"), " beats ", h("b", { class: "k-footwork" }, "footwork (yellow)"), ", footwork beats ", h("b", { class: "k-defense" }, "defense (blue)"), ", defense beats attack."),
        h("li", {}, "Two attacks: the higher ", h("b", {}, "Speed"), " wins. Two defenses or two footworks: a ", h("b", {}, "★ Priority"), " card wins. Otherwise it is a tie: both deal damage, nobody combos.")
      ),
      h("h4", {}, "Combos and damage"),
      h(
        "ul",
        {},
        h("li", {}, "The winner may keep playing cards: each next card's button (▲ ■ ●) must be in the previous card's ", h("b", {}, "Combo Box"), " (→ on the card)."),
        h("li", {}, "The first card deals its ", h("b", {}, "Opening"), " damage (Dmg first number), the others their ", h("b", {}, "Combo"), " damage (second number). X depends on your Power Token."),
        h("li", {}, "Playing the exact cards of a ", h("b", {}, "Signature Combo"), " (see your Character Sheet in the Sheets panel) lets you call it for its own damage."),
        h("li", {}, "Taking damage: one card per point, from your hand or the top of your deck. Here you choose the split in one step: mark the hand cards to lose, the rest comes from the deck.")
      ),
      h("h4", {}, "End of a round"),
      h("p", {}, "Throw away any cards you do not want, then refill to 5. When your deck runs out you are ", h("b", {}, "Staggering"), ": your discard pile becomes your deck, but the next hit knocks you out."),
      h("h4", {}, "Keys"),
      h("p", { class: "keys" }, "1–9 pick the numbered card or button, / lets you type a move (a card's code such as hf, or end, deck, done…).")
    );
  },

  status(ctx) {
    return explain(ctx);
  },

  headline,

  cues(events, ctx) {
    const out = [];
    for (const e of events || []) {
      if (e.kind === EV.REVEAL) out.push("card");
      else if (e.kind === EV.KO) out.push("slap");
      else if (e.kind === EV.DAMAGE) out.push("hit");
      else if (e.kind === EV.SIGNATURE) out.push("combo");
      else if (e.kind === EV.FIGHT_OVER) out.push(ctx.seat !== null && teamsOf(ctx.view)[e.winner]?.includes(ctx.seat) ? "win" : "lose");
    }
    return out;
  },

  panels() {
    return [{ id: "sheets", title: "Sheets", icon: "sheet", render: sheetsPanel }];
  },

  resultDetail,

  render(ctx) {
    const v = ctx.view;
    const teams = teamsOf(v);
    const mine = ctx.seat !== null ? teams.findIndex((t) => t.includes(ctx.seat)) : 0;
    const order = mine === 1 ? [1, 0] : [0, 1];
    const sc = score(ctx, v);
    const panels = order.map((team) => h("div", { class: "cf-team" }, teams[team].map((s) => fighterPanel(ctx, s))));
    let outcome = null;
    if (v.winner !== null && v.winner !== undefined && v.phase !== PHASE.PLAY) outcome = `Round ${v.round}: ${ctx.names[v.winner]} won the clash`;
    else if (v.tie) outcome = `Round ${v.round}: a tie — both deal Opening Damage`;
    return h(
      "div",
      { class: "cf" },
      h(
        "div",
        { class: "cf-top" },
        h("span", { class: "zone-label" }, `Fight ${v.fight} of ${v.best_of} · Round ${v.round}${v.mode !== "versus" ? ` · ${v.mode}` : ""}`),
        h("span", { class: "cf-score", title: "fights won" }, h("span", { class: "ellipsis" }, sc[order[0]].names), h("b", {}, ` ${sc[order[0]].wins} – ${sc[order[1]].wins} `), h("span", { class: "ellipsis" }, sc[order[1]].names))
      ),
      outcome ? h("div", { class: "cf-outcome" }, outcome) : null,
      h("div", { class: "cf-ring" }, panels),
      ctx.canAct ? null : h("p", { class: "cf-explain" }, explain(ctx)),
      h("div", { class: "small muted cf-circle" }, "Win Circle: Attack ▶ Footwork ▶ Defense ▶ Attack"),
      ctx.seat !== null && v.hand ? handZone(ctx) : null
    );
  },
};
