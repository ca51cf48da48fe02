// Combo Fighter's table: the two fighters in the ring with their life bars
// (hand + deck: your deck is your life), the cards of this round, and your
// hand drawn as cards (colour = kind, ▲■● = button, Speed / ★ Priority, damage
// Opening/Combo, Combo Box). The card texts come from the table's catalog.
//
// View keys: seat, mode, players, best_of, fight, round, wins, fights, phase
// (pick | play | retro | combo | damage | breath | discard | tag | over),
// to_act, ring, winner, tie, picked, shuffles, over, fighters[] {fighter,
// hand_size, deck, discard, aside, play, set_aside, drawn, side, x,
// staggering, chosen, damage, ko, retro, speed_bonus, flip}, and for a seat:
// hand, choice, pick. Moves: a card code (hf), aside:<code>, end, call, deck,
// rest, power, pass, done, tag, stay, or a fighter id.

import { h, plural } from "../js/dom.js";

const ICON = { triangle: "▲", square: "■", circle: "●" };
const LIFE = 50;
const WORDS = {
  end: "End the combo — deal the damage",
  call: "Call the Signature Combo!",
  deck: "Take 1 damage from your deck",
  rest: "Take all the damage from your deck",
  power: "Use your power",
  pass: "Pass",
  done: "Done — refill your hand",
  tag: "Tag out (your teammate comes in)",
  stay: "Stay in the ring",
};

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

/** One action card; a button when it is a legal move. */
function fcard(ctx, seat, code, { move = null, small = false, hint = null, extra = "" } = {}) {
  const c = info(ctx, seat, code);
  const clickable = move !== null;
  const kind = c ? c.kind : "unknown";
  const title = c
    ? `${c.title}: ${c.kind}, button ${c.button}${c.kind === "attack" ? `, speed ${c.speed}` : c.priority ? ", priority" : ""}, damage ${c.opening} opening / ${c.combo} combo, combo box ${c.box.join(" ") || "empty"}`
    : code;
  const attrs = {
    class: `card fc ${kind}${small ? " small" : ""}${clickable ? " legal" : ""}${extra ? ` ${extra}` : ""}`,
    title,
    "aria-label": title,
  };
  if (clickable) {
    attrs.type = "button";
    attrs.dataset = { move };
    attrs.onclick = () => ctx.act(move);
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
  const el = h(clickable ? "button" : "div", attrs, body);
  return hint ? h("div", { class: "slot" }, el, h("span", { class: `hint ${hint.cls}` }, hint.text)) : el;
}

function lifeBar(fv) {
  const life = fv.hand_size + fv.deck;
  const pct = Math.max(0, Math.min(100, (100 * life) / LIFE));
  return h(
    "div",
    { class: "cf-life", title: `life ${life}: ${fv.hand_size} in hand + ${fv.deck} in the deck` },
    h("div", { class: "cf-life-fill", style: { width: `${pct}%`, background: life < 12 || fv.staggering ? "#ff6b6b" : "#3ecf7a" } }),
    h("span", { class: "cf-life-text" }, `Life ${life}`)
  );
}

function fighterPanel(ctx, seat) {
  const v = ctx.view;
  const fv = v.fighters[seat];
  const f = sheet(ctx, seat);
  const side = fv.side === "B" ? 1 : 0;
  const token = f?.token;
  const inRing = v.ring.includes(seat);
  const badges = [];
  if (fv.staggering) badges.push(h("span", { class: "chip cf-bad" }, "STAGGERING"));
  if (fv.ko) badges.push(h("span", { class: "chip cf-bad" }, "K.O."));
  if (!inRing) badges.push(h("span", { class: "chip" }, "out of the ring"));
  if (v.to_act.includes(seat)) badges.push(h("span", { class: "chip" }, "deciding…"));
  if (fv.damage) badges.push(h("span", { class: "chip cf-bad" }, `takes ${fv.damage} damage`));
  const played = fv.play.map((code, i) =>
    fcard(ctx, seat, code, { small: true, extra: fv.set_aside.includes(i) ? "aside-mark" : "" })
  );
  let round;
  if (played.length) round = h("div", { class: "cards" }, played);
  else if (seat === ctx.seat && v.choice) round = h("div", { class: "cards" }, fcard(ctx, seat, v.choice, { small: true, extra: "facedown-mine" }), h("span", { class: "small muted" }, "your face-down card"));
  else if (fv.chosen) round = h("div", { class: "card back small", title: "a card played face down" });
  else round = h("span", { class: "muted small" }, v.phase === "play" && inRing ? "choosing a card…" : "—");
  return h(
    "section",
    { class: `cf-fighter${inRing ? "" : " bench"}${v.winner === seat ? " won" : ""}`, "data-seat": seat },
    h("div", { class: "zone-label" }, `${ctx.names[seat]} · ${fighterName(ctx, seat)}${f ? ` · ${f.style}` : ""}`),
    lifeBar(fv),
    h(
      "div",
      { class: "small cf-facts" },
      `Hand ${fv.hand_size} · Deck ${fv.deck} · Discard ${fv.discard.length}`,
      token ? ` · Power Token ${fv.side}: ${token.sides[side].name}` : ` · Token side ${fv.side}`,
      fv.x ? ` · X = ${fv.x}` : "",
      fv.speed_bonus ? ` · +${fv.speed_bonus} Speed` : ""
    ),
    token ? h("div", { class: "small muted" }, token.sides[side].text) : null,
    fv.aside.length ? h("div", { class: "small" }, "Set aside: ", fv.aside.map((c) => info(ctx, seat, c)?.title || c).join(", ")) : null,
    badges.length ? h("div", { class: "cf-badges" }, badges) : null,
    h("div", { class: "zone-label", style: { marginTop: "6px" } }, "This round"),
    round
  );
}

function explain(ctx) {
  const v = ctx.view;
  const me = ctx.seat;
  const mine = me !== null && v.to_act.includes(me);
  const fv = me !== null ? v.fighters[me] : null;
  const other = v.ring.find((s) => s !== me);
  switch (v.phase) {
    case "pick":
      return mine ? "Choose the fighter your team sends into the ring." : "The teams choose who fights.";
    case "play":
      return mine
        ? "Choose a card to play face down. Attack beats footwork, footwork beats defense, defense beats attack; between two attacks the higher Speed wins, between two defenses or footworks a ★ Priority card wins."
        : "Waiting for the face-down cards…";
    case "retro":
      return mine ? "Your Power Token can change this round: use its power, or pass." : "A power may change this round…";
    case "combo":
      if (mine) {
        return "You won the round! Continue the combo with a card whose button is in the last card's Combo Box (→), or end it and deal the damage.";
      }
      return `${ctx.names[v.winner] ?? "The winner"} is comboing…`;
    case "damage":
      return mine
        ? `You take ${plural(fv.damage, "point")} of damage: discard one card per point, from your hand or from the top of your deck.`
        : "Damage is being taken…";
    case "discard":
      return mine ? "End of the round: throw away any cards you do not want, then Done to refill to 5." : "Refilling hands…";
    case "breath":
      return mine ? "Catch your breath: shuffle a card from your discard pile back into your deck, or pass." : "Catching breath…";
    case "tag":
      return mine ? "Tag out to let your teammate fight, or stay in." : "Tag out or stay…";
    case "over":
      return "The match is over.";
    default:
      return v.tie ? "The round is a tie: both deal Opening Damage." : other !== undefined ? "" : "";
  }
}

function hintFor(ctx, code) {
  const v = ctx.view;
  const c = info(ctx, ctx.seat, code);
  switch (v.phase) {
    case "combo":
      return c ? { cls: "good", text: `+${c.combo} dmg` } : null;
    case "damage":
      return { cls: "bad", text: "discard: −1 dmg" };
    case "discard":
      return { cls: "meh", text: "throw away" };
    default:
      return null;
  }
}

function handZone(ctx) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const seen = new Set();
  const cells = (v.hand || []).map((code) => {
    // Several copies of a card are one move: only the first copy is clickable.
    const playable = legal.has(code) && !seen.has(code);
    seen.add(code);
    const asideMove = `aside:${code}`;
    const card = fcard(ctx, ctx.seat, code, { move: playable ? code : null, hint: playable ? hintFor(ctx, code) : null, extra: playable || !ctx.legal.length ? "" : "idle" });
    if (legal.has(asideMove) && playable) {
      return h("div", { class: "slot" }, card, h("button", { class: "btn small", "data-move": asideMove, onclick: () => ctx.act(asideMove) }, "set aside"));
    }
    return card;
  });
  const words = ctx.legal.filter((m) => WORDS[m]).map((m) =>
    h("button", { class: `btn${m === "end" || m === "call" || m === "done" ? " primary" : ""}`, "data-move": m, onclick: () => ctx.act(m) }, WORDS[m])
  );
  const picks = ctx.legal.filter((m) => ctx.catalog?.fighters?.some((f) => f.id === m)).map((m) => {
    const f = ctx.catalog.fighters.find((x) => x.id === m);
    return h("button", { class: "btn", "data-move": m, onclick: () => ctx.act(m) }, `Send in ${f.name}`);
  });
  let breath = null;
  if (v.phase === "breath" && ctx.legal.length) {
    const codes = [...new Set(v.fighters[ctx.seat].discard)].filter((c) => legal.has(c));
    breath = h("div", { class: "zone" }, h("div", { class: "zone-label" }, "Your discard pile: pick a card to shuffle back"), h("div", { class: "cards" }, codes.map((c) => fcard(ctx, ctx.seat, c, { move: c, small: true }))));
  }
  return h(
    "section",
    { class: "zone" },
    h("div", { class: "zone-label" }, `${ctx.readOnly ? `${ctx.names[ctx.seat]}'s hand` : "Your hand"} · ${plural((v.hand || []).length, "card")}`),
    h("div", { class: "cards" }, cells.length ? cells : h("span", { class: "muted" }, "no cards in hand")),
    breath,
    words.length || picks.length ? h("div", { class: "moves", style: { marginTop: "10px" } }, picks, words) : null
  );
}

function signatures(ctx) {
  const f = sheet(ctx, ctx.seat);
  if (!f || !f.signatures.length) return null;
  return h(
    "details",
    { class: "small cf-sigs" },
    h("summary", {}, `${f.name}'s Signature Combos`),
    h(
      "ul",
      {},
      f.signatures.map((s) =>
        h(
          "li",
          {},
          h("b", {}, s.name),
          ": ",
          s.basic.cards.map((c) => info(ctx, ctx.seat, c)?.title || c).join(" → "),
          ` (${s.basic.damage} damage)`,
          s.power ? ` · power version: ${s.power.cards.map((c) => info(ctx, ctx.seat, c)?.title || c).join(" → ")} (${s.power.damage})` : ""
        )
      )
    )
  );
}

export default {
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
        h("li", {}, h("b", { style: { color: "#ff8a80" } }, "Attack (red)"), " beats ", h("b", { style: { color: "#ffe082" } }, "footwork (yellow)"), ", footwork beats ", h("b", { style: { color: "#90caf9" } }, "defense (blue)"), ", defense beats attack."),
        h("li", {}, "Two attacks: the higher ", h("b", {}, "Speed"), " wins. Two defenses or two footworks: a ", h("b", {}, "★ Priority"), " card wins. Otherwise it is a tie: both deal damage, nobody combos.")
      ),
      h("h4", {}, "Combos and damage"),
      h(
        "ul",
        {},
        h("li", {}, "The winner may keep playing cards: each next card's button (▲ ■ ●) must be in the previous card's ", h("b", {}, "Combo Box"), " (→ on the card)."),
        h("li", {}, "The first card deals its ", h("b", {}, "Opening"), " damage (Dmg first number), the others their ", h("b", {}, "Combo"), " damage (second number). X depends on your Power Token."),
        h("li", {}, "Playing the exact cards of a ", h("b", {}, "Signature Combo"), " lets you call it for its own damage."),
        h("li", {}, "Taking damage: discard one card per point, from your hand or the top of your deck.")
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

  render(ctx) {
    const v = ctx.view;
    const teams = v.players === 4 ? [[0, 2], [1, 3]] : [[0], [1]];
    const mine = ctx.seat !== null ? teams.findIndex((t) => t.includes(ctx.seat)) : 0;
    const order = mine === 1 ? [1, 0] : [0, 1];
    const score = teams.map((t, i) => `${t.map((s) => ctx.names[s]).join(" + ")} ${v.wins[i]}`).join(" – ");
    const panels = order.map((team) =>
      h("div", { class: "cf-team" }, teams[team].map((s) => fighterPanel(ctx, s)))
    );
    let outcome = null;
    if (v.winner !== null && v.phase !== "play") outcome = `Round ${v.round}: ${ctx.names[v.winner]} won the clash`;
    else if (v.tie) outcome = `Round ${v.round}: a tie — both deal Opening Damage`;
    return h(
      "div",
      { class: "cf" },
      h(
        "div",
        { class: "zone-label" },
        `Fight ${v.fight} (best of ${v.best_of}) · Round ${v.round} · fights won: ${score}${v.mode !== "versus" ? ` · ${v.mode}` : ""}`
      ),
      outcome ? h("div", { class: "banner", style: { background: "rgba(0,0,0,0.35)", margin: "6px 0" } }, outcome) : null,
      h("div", { class: "cf-ring" }, panels),
      // When it is your decision the banner above says it; otherwise say what is happening.
      ctx.canAct ? null : h("p", { class: "cf-explain" }, explain(ctx)),
      h("div", { class: "small muted cf-circle" }, "Win Circle: Attack ▶ Footwork ▶ Defense ▶ Attack"),
      ctx.seat !== null && v.hand ? handZone(ctx) : null,
      ctx.seat !== null ? signatures(ctx) : null
    );
  },
};
