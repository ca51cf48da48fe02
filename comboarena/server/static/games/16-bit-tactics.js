// 16 Bit Tactics' table: the map top-down, each square shaded by its height
// (the number in its corner) and coloured by its terrain, the units as tokens
// with their side's colour, a label that tells them apart ("He1", "Hx1") and a
// notch on the side they face; the initiative bar on top; beside the map (below
// it on a phone) the chosen unit, the acting unit's commands, the odds of the
// target in view and the dice. Between the battles of a campaign: the camp.
//
// Everything comes from the view and the legal moves: reachable squares are the
// legal `move <sq>`, targets the legal `<command> <sq>`, the odds are the view's
// `odds` (acting seat), the reasons a foe cannot be fought its `refused`. Every
// legal move is offered in words on the map or in the unit panel (the shell's
// move box still takes typed notation); moves are sent exactly as the legal list
// spells them.
//
// View keys read: seat, phase, battle, map, round, queue, initiative, turn,
// units, features, roster, rewards, odds, refused, over. Map squares: the
// catalog's maps (ht, terrain, mod per square a1, b1, ...).

import { fill, h } from "../js/dom.js";

// Event kinds (comboarena/games/bit_tactics/view.py: EventKind), named once here.
const EV = {
  ROUND: "round", TURN: "turn", MOVE: "move", SLIP: "slip", ACT: "act", ROLL: "roll", DAMAGE: "damage", HEAL: "heal",
  STATUS: "status", TICK: "tick", KNOCKBACK: "knockback", KO: "ko", REVIVE: "revive", COUNTER: "counter", SKILL: "skill",
  GUARD: "guard", SKIP: "skip", VICTORY: "victory", CAMP: "camp",
};
const FACING = { n: "north", e: "east", s: "south", w: "west" };
const ARROW = { n: "↑", e: "→", s: "↓", w: "←" };
const BANDS = ["miss", "fully resisted", "quarter", "partially resisted", "half", "full"];
const MOVE_MODE = "move";
const SQUARE = /^[a-z][0-9]+$/;
const CAMP_VERBS = ["job", "secondary", "learn", "equip", "remove"];
const DICE_KEPT = 12;

// Page state kept between renders (this page is one table at a time).
// mode: the command whose targets are lit ("move", "fight", "ja aimed-shot"...);
// armed: the target a touch screen tapped once (its odds shown; a second tap commits).
const S = { mode: null, sel: null, hover: null, armed: null, turnKey: "", dice: [], seen: new Set(), camper: null };

/** A legal move split into its command ("fight", "ja sprint", "item tonic") and its target square. */
function split(move) {
  const words = move.split(" ");
  const at = words.findLastIndex((w, i) => i > 0 && SQUARE.test(w));
  if (at < 0) return { key: move, square: null };
  return { key: [...words.slice(0, at), ...words.slice(at + 1)].join(" "), square: words[at] };
}

function mapOf(ctx) {
  const maps = ctx.catalog?.maps || [];
  return maps.find((m) => m.id === ctx.view.map) || maps[0] || null;
}

function squareName(i, width) {
  return `${String.fromCharCode(97 + (i % width))}${Math.floor(i / width) + 1}`;
}

function squareIndex(square, width) {
  return (Number(square.slice(1)) - 1) * width + (square.charCodeAt(0) - 97);
}

function unitAt(view, square) {
  const all = view.units.filter((u) => u.square === square);
  return all.find((u) => !u.ko) || all[0] || null;
}

function current(view) {
  const id = view.queue?.current;
  return id === undefined || id === null ? null : view.units[id] || null;
}

function pct(p) {
  return `${Math.round(100 * p)}%`;
}

/** Expected damage to one decimal ("~6.4", "~5"). */
function dmg(x) {
  return `~${Math.round(x * 10) / 10}`;
}

function titleCase(id) {
  return id
    .split("-")
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}

// -- names -------------------------------------------------------------------------

/** Two-letter codes for a title, the likeliest first: "Herald" He Hr Ha..., "Bog Gel" Bg Bo... */
function codes(title) {
  const words = title.split(/[\s-]+/).filter(Boolean);
  const first = (words[0] || "?")[0].toUpperCase();
  const out = words.length > 1 ? [first + words[1][0].toLowerCase()] : [];
  for (const ch of words.join("").slice(1)) if (/[a-z]/i.test(ch)) out.push(first + ch.toLowerCase());
  return out;
}

/**
 * Each unit's token label: its job's code (two letters; where two jobs begin
 * alike the later one takes another of its letters: Herald "He", Hexer "Hx")
 * and its number among the units of that job ("Go1", "Go2"), so no two tokens
 * read alike. The same for the whole battle: it depends on the units' jobs only.
 */
function labels(units) {
  const code = new Map();
  const taken = new Set();
  for (const u of units) {
    const title = u.title || u.name;
    if (code.has(title)) continue;
    const c = codes(title).find((x) => !taken.has(x)) || `${title[0].toUpperCase()}${code.size}`;
    taken.add(c);
    code.set(title, c);
  }
  const count = new Map();
  return units.map((u) => {
    const c = code.get(u.title || u.name);
    const n = (count.get(c) || 0) + 1;
    count.set(c, n);
    return `${c}${n}`;
  });
}

function labelOf(ctx, id) {
  return labels(ctx.view.units)[id] ?? `#${id}`;
}

function unitName(ctx, id) {
  const u = ctx.view.units[id];
  return u ? u.name : `unit ${id}`;
}

/** A unit as a sentence names it: "the Hexer", "the Goblin 2", "ada", or "yourself". */
function called(u, actor) {
  if (actor && u.id === actor.id) return "yourself";
  return u.title && u.name.startsWith(u.title) ? `the ${u.name}` : u.name;
}

// -- commands in words -----------------------------------------------------------------

/** The acting seat's legal battle moves grouped by command, with their target squares. */
function groups(ctx) {
  const out = new Map();
  for (const m of ctx.legal) {
    const { key, square } = split(m);
    if (!square) continue;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push({ move: m, square });
  }
  return out;
}

function abilityName(ctx, id) {
  return ctx.catalog?.abilities?.[id]?.name || titleCase(id);
}

function itemName(ctx, id) {
  return ctx.catalog?.items?.[id]?.name || titleCase(id);
}

/** What a command is called in a sentence: "Fight", "Aimed Shot", "Tonic", "Lore test". */
function actionName(ctx, key) {
  const words = key.split(" ");
  const off = words.at(-1) === "off" ? " (second weapon)" : "";
  if (words[0] === "fight") return "Fight";
  if (words[0] === "guard") return "Guard";
  if (words[0] === "limit") return words[1] ? `Limit ${abilityName(ctx, words[1])}` : "Limit Attack";
  if (words[0] === "ja" || words[0] === "magic") return `${abilityName(ctx, words[1])}${off}`;
  if (words[0] === "item") return itemName(ctx, words[1]);
  if (words[0] === "skill") return `${titleCase(words[1])} test`;
  return key;
}

/** A command's button in the unit panel: the sentence's name, with its cost or kind. */
function commandLabel(ctx, key) {
  const words = key.split(" ");
  if (key === MOVE_MODE) return "Move";
  if (words[0] === "magic") {
    const mp = ctx.catalog?.abilities?.[words[1]]?.mp;
    return `${actionName(ctx, key)}${mp ? ` · ${mp} MP` : ""}`;
  }
  if (words[0] === "item") return `Item: ${actionName(ctx, key)}`;
  return actionName(ctx, key);
}

function oddsFor(ctx, move) {
  return (ctx.view.odds || []).find((o) => o.action === move)?.targets || null;
}

function hitChance(t) {
  return 1 - (t.bands.miss || 0);
}

/** "70%, ~6.4": the chance to hit and the expected damage, from the view's odds. */
function oddsWords(t) {
  return `${pct(hitChance(t))}, ${dmg(t.damage)}`;
}

/**
 * A target in words: "Aimed Shot on the Hexer at c5 — 70%, ~6.4", "Fight the
 * Goblin 2 at d4 — 55%, ~3", "Volley at c4 — hits the Hexer 70%, ~4.8",
 * "Guard the Mender at e2", "Lore test on the rune door at e4 (TN 8)".
 */
function targetWords(ctx, key, move, square) {
  const v = ctx.view;
  const actor = current(v);
  const verb = key.split(" ")[0];
  const name = actionName(ctx, key);
  const who = unitAt(v, square);
  const odds = oddsFor(ctx, move) || [];
  const main = who ? odds.find((t) => t.unit === who.id) : null;
  let head = `${name} at ${square}`;
  if (verb === "skill") {
    const f = (mapOf(ctx)?.features || []).find((x) => x.square === square);
    if (f) head = `${name} on the ${f.kind} at ${square} (TN ${f.tn})`;
  } else if (who) {
    head = verb === "fight" || verb === "guard" ? `${name} ${called(who, actor)} at ${square}` : `${name} on ${called(who, actor)} at ${square}`;
  }
  const others = odds
    .filter((t) => t !== main)
    .map((t) => `${v.units[t.unit] ? called(v.units[t.unit], actor) : t.name}${t.ally && t.unit !== actor?.id ? " (ally)" : ""} ${oddsWords(t)}`);
  const parts = [];
  if (main) parts.push(oddsWords(main));
  if (others.length) parts.push(`${main ? "also" : "hits"} ${others.join("; ")}`);
  return parts.length ? `${head} — ${parts.join(" · ")}` : head;
}

/** Expected damage to foes less that to allies: the best targets first. */
function worth(ctx, move) {
  return (oddsFor(ctx, move) || []).reduce((sum, t) => sum + (t.ally ? -t.damage : t.damage), 0);
}

function targetsOf(ctx, g) {
  const list = S.mode && S.mode !== MOVE_MODE ? g.get(S.mode) || [] : [];
  return [...list].sort((a, b) => worth(ctx, b.move) - worth(ctx, a.move));
}

/** The target whose odds the panel shows: the one pointed at, else the one tapped, else the best. */
function aimed(list) {
  return list.find((x) => x.square === S.hover) || list.find((x) => x.square === S.armed) || list[0] || null;
}

// -- the dice feed -------------------------------------------------------------------

const DICE_KINDS = new Set([EV.ROLL, EV.DAMAGE, EV.HEAL, EV.ROUND, EV.TICK, EV.SLIP, EV.SKILL, EV.STATUS, EV.KO, EV.KNOCKBACK, EV.COUNTER]);

function diceLine(ctx, e) {
  const n = (id) => unitName(ctx, id);
  // A replay's events carry their sentence but not their numbers: show the sentence.
  if (e.unit === undefined && e.round === undefined) return DICE_KINDS.has(e.kind) && e.text ? { cls: "", text: e.text } : null;
  if (e.kind === EV.ROLL) {
    const rolls = e.rolls && e.rolls.length > 1 ? ` (${e.rolls.join(", ")}: lower kept)` : "";
    return { cls: e.band === "miss" ? "bad" : e.crit ? "crit" : "good", text: `${n(e.unit)} → ${n(e.target)}: d${e.die} rolled ${e.roll}${rolls} · ${e.band}${e.crit ? " · CRIT" : ""}` };
  }
  if (e.kind === EV.DAMAGE) return { cls: "dmg", text: `${n(e.unit)} −${e.amount} HP (${e.hp} left${e.why && e.why !== "attack" ? `, ${e.why}` : ""})` };
  if (e.kind === EV.HEAL) return { cls: "good", text: `${n(e.unit)} +${e.amount} HP (${e.hp})` };
  if (e.kind === EV.ROUND) return { cls: "round", text: `Round ${e.round}: initiative ${(e.rolls || []).map(([u, r]) => `${labelOf(ctx, u)} ${r.join("/")}`).join(" · ")}` };
  if (e.kind === EV.TICK && e.roll) return { cls: "", text: `${n(e.unit)} resists ${e.status}: d${e.roll.die} ${e.roll.rolls?.join("/")}${e.roll.won ? " — shortened" : ""}` };
  if (e.kind === EV.SLIP || e.kind === EV.SKILL) return { cls: e.ok ? "good" : "bad", text: `${n(e.unit)} ${e.skill} test: d${e.die} rolled ${e.roll} vs ${e.tn} — ${e.ok ? "success" : "failure"}` };
  if (e.kind === EV.STATUS) return { cls: "", text: `${n(e.unit)}: ${e.status} ${e.why || ""}${e.turns ? ` (${e.turns} turns)` : ""}` };
  if (e.kind === EV.KO) return { cls: "bad", text: `${n(e.unit)} is knocked out` };
  if (e.kind === EV.KNOCKBACK) return { cls: "dmg", text: `${n(e.unit)} knocked back ${e.from} → ${e.to}${e.fall ? " (falls)" : ""}` };
  if (e.kind === EV.COUNTER) return { cls: "", text: `${n(e.unit)} counter-attacks` };
  return null;
}

/** Add events to the dice box, newest on top; an event is known by its version and place in it. */
function addDice(ctx, events) {
  const place = new Map();
  for (const e of events || []) {
    const i = place.get(e.v) ?? 0;
    place.set(e.v, i + 1);
    const key = `${e.v}:${i}:${e.kind}`;
    if (S.seen.has(key)) continue;
    S.seen.add(key);
    const line = diceLine(ctx, e);
    if (line) S.dice.unshift({ ...line, id: `die-${key}` });
  }
  S.dice = S.dice.slice(0, DICE_KEPT);
}

function takeDice(ctx) {
  // A welcome (a reload, a reconnect) carries the feed so far: the rolls come back from it.
  if (ctx.restored && Array.isArray(ctx.feedEvents)) addDice(ctx, ctx.feedEvents);
  else if (ctx.fresh) addDice(ctx, ctx.lastEvents);
}

// -- the map ---------------------------------------------------------------------------

function initiativeBar(ctx, names) {
  const v = ctx.view;
  const q = v.queue;
  if (!q) return null;
  const phases = new Map(v.initiative?.phases || []);
  const rolls = new Map(v.initiative?.rolls || []);
  const order = [...(q.extra_turn ? [q.current] : []), ...q.order.slice(q.at), ...q.order.slice(0, q.at)];
  const done = new Set(q.order.slice(0, q.at));
  return h(
    "div",
    { class: "bt-init", "aria-label": `initiative, round ${v.round}` },
    h("span", { class: "bt-round" }, `R${v.round}`),
    order.map((id, i) => {
      const u = v.units[id];
      const now = id === q.current && i === 0;
      return h(
        "span",
        {
          class: `bt-chip side-${u.side}${now ? " now" : ""}${done.has(id) && !now ? " done" : ""}${u.ko ? " ko" : ""}${u.seat === ctx.seat ? " mine" : ""}`,
          "data-id": `init-${id}-${i}`,
          title: `${u.name} (${u.title}) · phase ${phases.get(id) ?? "?"} · roll ${(rolls.get(id) || []).join("/")}${done.has(id) ? " · has acted" : ""}${u.ko ? " · knocked out" : ""}`,
          onclick: () => { S.sel = id; ctx.rerender(); },
        },
        h("b", {}, names[id]),
        h("span", { class: "bt-chip-name ellipsis" }, u.name)
      );
    })
  );
}

function cellLook(map, i, ht) {
  const terrain = map.terrain[i];
  const light = 20 + Math.min(ht, 9) * 7;
  if (terrain === "water") return `hsl(205 55% ${light + 8}%)`;
  if (terrain === "deep water") return `hsl(222 60% ${light}%)`;
  if (terrain === "wall") return `hsl(30 6% ${light + 10}%)`;
  if (terrain === "boulder") return `hsl(28 25% ${light + 6}%)`;
  if (terrain === "rune door") return `hsl(275 30% ${light + 6}%)`;
  if (terrain === "slippery slope") return `hsl(48 35% ${light + 8}%)`;
  return `hsl(95 32% ${light}%)`;
}

const MOD_MARK = { broken: "⁘", thick: "♣", fast: "≈" };

function board(ctx, map, targets, mine, names) {
  const v = ctx.view;
  const W = map.width;
  const H = map.height;
  const cells = [];
  const feature = new Map((map.features || []).map((f, i) => [f.square, { ...f, state: v.features?.[i] }]));
  const actor = current(v);
  const sel = S.sel !== null ? v.units[S.sel] : null;
  const lastMove = [...(ctx.lastEvents || [])].reverse().find((e) => e.kind === EV.MOVE);
  for (let rank = H; rank >= 1; rank--) {
    for (let file = 0; file < W; file++) {
      const i = (rank - 1) * W + file;
      const sq = squareName(i, W);
      const ht = map.ht[i];
      const target = targets.get(sq);
      const who = unitAt(v, sq);
      const f = feature.get(sq);
      const classes = ["bt-cell", `t-${map.terrain[i].replace(" ", "-")}`];
      if (target) classes.push(S.mode === MOVE_MODE ? "reach" : "target");
      if (S.hover === sq) classes.push("hover");
      if (S.armed === sq) classes.push("armed");
      if (sel && sel.square === sq) classes.push("sel");
      if (lastMove && (lastMove.to === sq || lastMove.from === sq)) classes.push("last-move");
      const clickable = Boolean(target) || Boolean(who);
      const words = target && S.mode !== MOVE_MODE ? targetWords(ctx, S.mode, target, sq) : target ? `move to ${sq}` : null;
      const label = `${sq}, height ${ht}, ${map.terrain[i]}${map.mod[i] ? ` (${map.mod[i]})` : ""}${who ? `, ${who.name}${who.ko ? " (knocked out)" : ""}` : ""}${words ? `: ${words}` : ""}`;
      cells.push(
        h(
          "div",
          {
            class: classes.join(" "),
            style: { gridRow: String(H - rank + 1), gridColumn: String(file + 1), background: cellLook(map, i, ht), "--ht": ht },
            "data-id": `sq-${sq}`,
            "data-sq": sq,
            "data-move": target || null,
            // The target list in the unit panel carries the numbers; the map is pointed at.
            "data-nonum": target ? "1" : null,
            role: clickable ? "button" : null,
            tabindex: clickable ? "0" : null,
            "aria-label": label,
            title: label,
            onclick: () => clickSquare(ctx, sq, target, who, mine),
            onmouseenter: () => peekAt(ctx, sq),
            onmouseleave: () => peekAt(ctx, null),
          },
          h("span", { class: "bt-ht" }, String(ht)),
          map.mod[i] ? h("span", { class: "bt-mod", title: map.mod[i] }, MOD_MARK[map.mod[i]] || "·") : null,
          f ? h("span", { class: "bt-feat", title: `${f.kind} (${f.skill} ${f.tn})` }, f.kind === "rune door" ? (f.state === "open" ? "▯" : "▮") : f.kind === "boulder" ? "●" : "⟋") : null,
          rank === 1 ? h("span", { class: "bt-file" }, sq[0]) : null,
          file === 0 ? h("span", { class: "bt-rank" }, String(rank)) : null
        )
      );
    }
  }
  const tokens = v.units.map((u) => {
    const i = squareIndex(u.square, W);
    const now = actor && actor.id === u.id;
    const hpShare = u.stats?.hp_max ? Math.max(0, Math.min(1, u.hp / u.stats.hp_max)) : 0;
    return h(
      "div",
      {
        class: `bt-unit side-${u.side}${u.seat === ctx.seat ? " mine" : ""}${u.ko ? " ko" : ""}${now ? " now" : ""}${S.sel === u.id ? " sel" : ""}`,
        style: { gridRow: String(H - Math.floor(i / W)), gridColumn: String((i % W) + 1) },
        "data-id": `unit-${u.id}`,
        "data-unit": u.id,
        "data-at": u.square,
        "aria-hidden": "true",
      },
      h("span", { class: `bt-face f-${u.facing}` }),
      h("span", { class: "bt-abbr" }, names[u.id]),
      // Knocked out is a mark on the token: its label still says who lies there.
      u.ko ? h("span", { class: "bt-ko", title: "knocked out" }, "KO") : null,
      h("span", { class: "bt-hp" }, h("span", { style: { width: `${Math.round(hpShare * 100)}%` } }))
    );
  });
  return h("div", { class: "bt-map", style: { "--cols": W, "--rows": H }, "aria-label": `map ${map.title}` }, cells, tokens);
}

function hoverNone() {
  return typeof window !== "undefined" && window.matchMedia && window.matchMedia("(hover: none)").matches;
}

/** Play a target (a square on the map or its line in the panel); a touch screen's first tap only shows its odds. */
function choose(ctx, sq, move) {
  if (S.mode !== MOVE_MODE && hoverNone() && S.armed !== sq) {
    S.armed = sq;
    ctx.rerender();
    return;
  }
  S.armed = null;
  S.hover = null;
  S.mode = null;
  ctx.act(move);
}

function clickSquare(ctx, sq, target, who, mine) {
  if (target) {
    choose(ctx, sq, target);
    return;
  }
  if (!who) {
    S.hover = sq;
    ctx.rerender();
    return;
  }
  S.sel = who.id;
  const actor = current(ctx.view);
  if (mine && actor && who.id === actor.id) S.mode = S.mode === MOVE_MODE ? null : MOVE_MODE;
  ctx.rerender();
}

// -- the side: unit card, commands, odds, dice --------------------------------------------

function peekAt(ctx, sq) {
  S.hover = sq;
  const box = document.querySelector(".bt-peek");
  if (box) fill(box, peekContent(ctx, sq));
  for (const el of document.querySelectorAll(".bt-target")) el.classList.toggle("aim", el.dataset.sq === aimed(targetsOf(ctx, groups(ctx)))?.square);
}

function bandBars(t) {
  const rows = BANDS.filter((b) => t.bands[b]).map((b) =>
    h("div", { class: `bt-band b-${b.replace(" ", "-")}` }, h("span", { class: "bt-band-name" }, b), h("span", { class: "bt-band-bar" }, h("span", { style: { width: pct(t.bands[b]) } })), h("span", { class: "bt-band-p" }, pct(t.bands[b])))
  );
  return h("div", { class: "bt-bands" }, rows);
}

function oddsBlock(t) {
  return h(
    "div",
    { class: `bt-odds${t.ally ? " ally" : ""}` },
    h("div", { class: "bt-odds-head" }, h("b", { class: "ellipsis" }, `${t.name}${t.ally ? " (ally)" : ""}`), h("span", {}, `hit ${pct(hitChance(t))} · ${dmg(t.damage)} dmg`)),
    bandBars(t),
    h("div", { class: "small muted" }, `crit ${pct(t.crit)} · KO ${pct(t.ko)}${t.effect ? ` · effect ${pct(t.effect)}` : ""}`)
  );
}

function unitLine(u) {
  const s = u.stats || {};
  return `${u.name} (${u.title} Lv${u.level}) · HP ${u.hp}/${s.hp_max} · MP ${u.mp}/${s.mp_max} · faces ${FACING[u.facing]}${u.ko ? " · knocked out" : ""}`;
}

function peekContent(ctx, sq) {
  const v = ctx.view;
  const map = mapOf(ctx);
  const list = targetsOf(ctx, groups(ctx));
  const aim = aimed(list);
  // A command is chosen: the odds of the target in view, before anything is committed.
  if (aim && (sq === null || sq === aim.square)) {
    const odds = oddsFor(ctx, aim.move);
    return h(
      "div",
      { class: "bt-aim" },
      h("div", { class: "bt-peek-title" }, targetWords(ctx, S.mode, aim.move, aim.square)),
      odds ? odds.map(oddsBlock) : h("div", { class: "small muted" }, "no attack roll: it simply happens"),
      S.armed === aim.square ? h("div", { class: "small bt-again" }, "Tap it again to do it.") : null
    );
  }
  if (!sq || !map) return h("span", { class: "muted" }, "Point at a square or a unit to see it here.");
  const i = squareIndex(sq, map.width);
  const where = `${sq} · HT ${map.ht[i]} · ${map.terrain[i]}${map.mod[i] ? ` (${map.mod[i]})` : ""}`;
  const who = unitAt(v, sq);
  const refused = (v.refused || []).find((r) => r.square === sq);
  const parts = [h("div", { class: "bt-peek-title" }, where)];
  if (who) parts.push(h("div", { class: "small ellipsis" }, unitLine(who)));
  if (refused) parts.push(h("div", { class: "bt-why" }, `Can't Fight ${unitName(ctx, refused.unit)}: ${refused.why}`));
  else if (S.mode && S.mode !== MOVE_MODE && who) parts.push(h("div", { class: "bt-why" }, `${actionName(ctx, S.mode)} cannot target ${who.name} from here.`));
  return h("div", {}, parts);
}

function unitCard(ctx) {
  const v = ctx.view;
  const u = S.sel !== null ? v.units[S.sel] : current(v);
  if (!u) return null;
  const s = u.stats || {};
  const bar = (cls, now, max) => h("span", { class: `bt-bar ${cls}` }, h("span", { style: { width: `${max ? Math.round((100 * Math.max(0, now)) / max) : 0}%` } }));
  return h(
    "div",
    { class: `bt-card side-${u.side}` },
    h("div", { class: "bt-card-head" }, h("b", { class: "ellipsis" }, u.name), h("span", { class: "muted small ellipsis" }, `${u.title} Lv${u.level} · ${ctx.names[u.seat] ?? ""}${u.ko ? " · knocked out" : ""}`)),
    h("div", { class: "bt-stat-row" }, h("span", {}, `HP ${u.hp}/${s.hp_max}`), bar("hp", u.hp, s.hp_max), h("span", {}, `MP ${u.mp}/${s.mp_max}`), bar("mp", u.mp, s.mp_max), h("span", {}, `Limit ${u.limit}`)),
    h("div", { class: "small bt-stats" }, `${u.square} facing ${ARROW[u.facing]} · MOV ${s.mov} Jump ${s.jump} · ATK d${s.atk} DMG ${s.dmg} · EVA ${s.eva} DEF ${s.def}/${s.def2} · M.Atk d${s.matk} M.Dmg ${s.mdmg} · M.Eva ${s.meva} M.Def ${s.mdef}/${s.mdef2}`),
    u.statuses.length ? h("div", { class: "bt-statuses" }, u.statuses.map(([name, turns]) => h("span", { class: "chip small" }, `${name} ${turns}`))) : null
  );
}

/** The chosen command's targets, each a line in words; Back returns to the commands (and stands for them). */
function targetMenu(ctx, list) {
  const chosen = new Set(list.map((x) => x.move));
  const aim = aimed(list);
  return h(
    "div",
    { class: "bt-menu bt-armed", "data-keyscope": "1", "aria-label": `${actionName(ctx, S.mode)}: choose a target` },
    h(
      "div",
      { class: "bt-menu-head" },
      h("span", { class: "zone-label ellipsis" }, `${actionName(ctx, S.mode)}: pick a target`),
      h(
        "button",
        {
          class: "btn small ghost bt-back",
          type: "button",
          "data-nonum": "1",
          "data-covers": ctx.legal.filter((m) => !chosen.has(m)).join("|") || null,
          onclick: () => { S.mode = null; S.armed = null; ctx.rerender(); },
        },
        "Back"
      )
    ),
    h(
      "div",
      { class: "bt-targets" },
      list.map(({ move, square }) => {
        const words = targetWords(ctx, S.mode, move, square);
        return h(
          "button",
          {
            class: `btn small bt-target${aim && aim.square === square ? " aim" : ""}`,
            type: "button",
            "data-move": move,
            "data-sq": square,
            title: words,
            onclick: () => choose(ctx, square, move),
            onmouseenter: () => peekAt(ctx, square),
            onfocus: () => peekAt(ctx, square),
            onmouseleave: () => peekAt(ctx, null),
          },
          h("span", { class: "bt-target-words" }, words)
        );
      })
    )
  );
}

function commandMenu(ctx, g, mine) {
  if (!mine || !ctx.legal.length) return null;
  const v = ctx.view;
  const actor = current(v);
  const list = targetsOf(ctx, g);
  if (list.length) return targetMenu(ctx, list);
  const faces = ctx.legal.filter((m) => m.startsWith("face "));
  const buttons = [...g].map(([key, moves]) => {
    const isMove = key === MOVE_MODE;
    return h(
      "button",
      {
        class: `btn small bt-cmd${S.mode === key ? " on" : ""}${isMove ? " move-cmd" : ""}`,
        type: "button",
        "data-pick": key,
        "data-covers": moves.map((x) => x.move).join("|"),
        title: isMove ? "show where it can go" : `${actionName(ctx, key)}: ${moves.length} target${moves.length > 1 ? "s" : ""}`,
        onclick: () => { S.mode = S.mode === key ? null : key; S.armed = null; S.sel = actor?.id ?? S.sel; ctx.rerender(); },
      },
      commandLabel(ctx, key)
    );
  });
  return h(
    "div",
    { class: "bt-menu", "data-keyscope": "1", "aria-label": "your unit's actions" },
    h("div", { class: "zone-label ellipsis" }, actor ? `${actor.name}: ${v.turn?.moved ? "moved" : "may move"} · ${v.turn?.acted ? "acted" : "may act"}` : "Your turn"),
    h("div", { class: "bt-cmds" }, buttons),
    faces.length
      ? h("div", { class: "bt-faces" }, h("span", { class: "small muted" }, "Face"), faces.map((m) => h("button", { class: "btn small", type: "button", "data-move": m, title: `face ${FACING[m.slice(5)]}`, "aria-label": `face ${FACING[m.slice(5)]}`, onclick: () => ctx.act(m) }, ARROW[m.slice(5)])))
      : null,
    ctx.legal.includes("end") ? h("button", { class: "btn small bt-end", type: "button", "data-move": "end", onclick: () => { S.mode = null; ctx.act("end"); } }, "End turn") : null
  );
}

function diceBox() {
  return h(
    "div",
    { class: "bt-dice", "aria-label": "dice" },
    h("div", { class: "zone-label" }, "Dice"),
    S.dice.length ? S.dice.map((d, i) => h("div", { class: `bt-die ${d.cls}`, "data-id": d.id, "data-anim": i === 0 ? "pop" : null }, d.text)) : h("div", { class: "muted small" }, "rolls appear here as they happen")
  );
}

// -- camp (between the battles of a campaign) ----------------------------------------------

/** The camp decisions this seat may make, per party member: [{verb, what, move}]. */
function campChoices(ctx) {
  const out = new Map();
  for (const m of ctx.legal) {
    const [verb, unit, what] = m.split(" ");
    if (!CAMP_VERBS.includes(verb) || !unit || !what) continue;
    if (!out.has(unit)) out.set(unit, []);
    out.get(unit).push({ verb, what, move: m });
  }
  return out;
}

/** A camp decision in words: its group, its button, the sentence it stands for, and what the ability does. */
function campWords(ctx, r, c) {
  const who = titleCase(r.name);
  if (c.verb === "job") return { group: "Change job to", label: titleCase(c.what), says: `${who}'s job becomes ${titleCase(c.what)}`, text: "" };
  if (c.verb === "secondary") {
    if (c.what === "none") return { group: "Second job", label: "None", says: `${who} drops the second job`, text: "" };
    return { group: "Second job", label: titleCase(c.what), says: `${who}'s second job becomes ${titleCase(c.what)}`, text: "" };
  }
  const ab = ctx.catalog?.abilities?.[c.what];
  const abName = ab?.name || titleCase(c.what);
  const text = ab?.text || "";
  if (c.verb === "learn") return { group: "Learn", label: `${abName} · ${ab?.ap ?? "?"} AP`, says: `${who} learns ${abName}`, text };
  const kind = ab?.kind ? ` (${ab.kind})` : "";
  if (c.verb === "equip") return { group: "Reaction, support, movement", label: `Equip ${abName}${kind}`, says: `${who} equips ${abName}${kind}`, text };
  return { group: "Reaction, support, movement", label: `Remove ${abName}${kind}`, says: `${who} removes ${abName}${kind}`, text };
}

function memberFacts(ctx, r) {
  const passives = [r.reaction, r.support, r.movement].filter(Boolean).map((a) => abilityName(ctx, a));
  return `XP ${r.xp} · AP ${r.ap?.[r.job] ?? 0} · second job ${r.secondary ? titleCase(r.secondary) : "none"}${passives.length ? ` · ${passives.join(", ")}` : ""}`;
}

function member(ctx, r, moves, decider) {
  const mine = Boolean(moves);
  return h(
    mine ? "button" : "div",
    {
      class: `bt-member${S.camper === r.name ? " on" : ""}${mine ? " mine" : ""}`,
      type: mine ? "button" : null,
      "data-id": `member-${r.name}`,
      "data-pick": mine ? `member ${r.name}` : null,
      "data-covers": mine ? moves.map((c) => c.move).join("|") : null,
      onclick: mine ? () => { S.camper = r.name; ctx.rerender(); } : null,
    },
    h("span", { class: "bt-member-head" }, h("b", { class: "ellipsis" }, titleCase(r.name)), h("span", { class: "ellipsis" }, `${titleCase(r.job)} Lv${r.history.length}`), decider ? h("span", { class: "muted small ellipsis" }, decider) : null),
    h("span", { class: "small muted ellipsis bt-member-facts" }, memberFacts(ctx, r))
  );
}

function campChoicesBox(ctx, r, moves) {
  const byGroup = new Map();
  for (const c of moves) {
    const w = campWords(ctx, r, c);
    if (!byGroup.has(w.group)) byGroup.set(w.group, []);
    byGroup.get(w.group).push(
      h("button", { class: "btn small bt-choice", type: "button", "data-move": c.move, title: w.text ? `${w.says}: ${w.text}` : w.says, "aria-label": w.says, onclick: () => ctx.act(c.move) }, w.label)
    );
  }
  return h(
    "div",
    { class: "bt-choices", "aria-label": `${titleCase(r.name)}'s choices` },
    h("div", { class: "zone-label ellipsis" }, `${titleCase(r.name)}, ${titleCase(r.job)}`),
    [...byGroup].map(([group, buttons]) => h("div", { class: "bt-choice-row" }, h("span", { class: "small muted bt-choice-group" }, group), h("div", { class: "bt-choice-list" }, buttons)))
  );
}

/** A camp decision as the banner says it: "Bram's job becomes Hexer." */
function campHeadline(ctx, e) {
  if (e.action === "ready") return "The party is ready.";
  const r = (ctx.view.roster || []).find((x) => x.name === e.unit) || { name: e.unit };
  return `${campWords(ctx, r, { verb: e.action, what: e.what }).says}.`;
}

function camp(ctx) {
  const v = ctx.view;
  const roster = v.roster || [];
  const choices = campChoices(ctx);
  // While a choice is on its way the list is empty: keep the member in hand.
  if (choices.size && !choices.has(S.camper)) S.camper = choices.keys().next().value;
  const total = ctx.catalog?.maps?.length;
  const map = mapOf(ctx);
  const deciders = Math.max(1, ctx.names.length - 1); // the last seat plays the monsters
  const r = choices.has(S.camper) ? roster.find((x) => x.name === S.camper) : null;
  const waiting = ctx.names[v.to_act?.[0]];
  return h(
    "div",
    { class: `bt bt-camp${ctx.narrow ? " narrow" : ""}` },
    h(
      "div",
      { class: "bt-camp-head" },
      h("b", {}, `Camp before battle ${v.battle + 1}${total ? ` of ${total}` : ""}${map ? `: ${map.title}` : ""}`),
      v.rewards ? h("div", { class: "small" }, `Last battle: ${v.rewards.award} XP and AP each (${v.rewards.defeated} of ${v.rewards.enemies} foes defeated)`) : null,
      h("div", { class: "small muted" }, ctx.legal.length ? "Choose each party member's job and abilities, then Ready." : `Waiting for ${waiting ?? "the party"} at camp…`)
    ),
    // Who decides for whom matters only where several seats share the party.
    h("div", { class: "bt-roster" }, roster.map((x, i) => member(ctx, x, choices.get(x.name), deciders > 1 ? ctx.names[i % deciders] ?? "" : ""))),
    r ? campChoicesBox(ctx, r, choices.get(r.name)) : null,
    ctx.legal.includes("ready")
      ? h("button", { class: "btn primary bt-ready", type: "button", "data-move": "ready", onclick: () => ctx.act("ready") }, `Ready: on to battle ${v.battle + 1}`)
      : null
  );
}

// -- the table ---------------------------------------------------------------------------

function render(ctx) {
  const v = ctx.view;
  const map = mapOf(ctx);
  takeDice(ctx);
  if (v.phase === "camp") return camp(ctx);
  if (!map || !v.units || (v.phase !== "battle" && !v.over)) return h("div", { class: "bt" }, h("p", {}, "Waiting for the battle…"));
  const actor = current(v);
  const mine = Boolean(actor && ctx.seat !== null && actor.seat === ctx.seat && ctx.legal.length);
  const turnKey = `${v.round}:${v.queue?.at}:${actor?.id}:${v.queue?.extra_turn}`;
  if (turnKey !== S.turnKey) {
    S.turnKey = turnKey;
    S.mode = null;
    S.armed = null;
    S.sel = actor ? actor.id : null;
  }
  const g = groups(ctx);
  const ordered = new Map([...g].sort(([a], [b]) => (a === MOVE_MODE ? -1 : b === MOVE_MODE ? 1 : 0)));
  if (S.mode && !ordered.has(S.mode)) S.mode = null;
  const targets = new Map(S.mode && mine ? (ordered.get(S.mode) || []).map((x) => [x.square, x.move]) : []);
  const names = labels(v.units);
  const armed = Boolean(mine && S.mode && S.mode !== MOVE_MODE);
  return h(
    "div",
    { class: `bt${ctx.narrow ? " narrow" : ""}${armed ? " armed" : ""}` },
    initiativeBar(ctx, names),
    h(
      "div",
      { class: "bt-main" },
      h("div", { class: "bt-mapbox" }, board(ctx, map, targets, mine, names)),
      h(
        "div",
        { class: "bt-side" },
        unitCard(ctx),
        commandMenu(ctx, ordered, mine),
        h("div", { class: "bt-peek", "aria-live": "polite" }, peekContent(ctx, S.hover)),
        diceBox()
      )
    )
  );
}

function headline(events, ctx) {
  const n = (id) => unitName(ctx, id);
  const roll = [...(events || [])].reverse().find((e) => e.kind === EV.ROLL);
  if (roll) {
    const hurt = (events || []).find((e) => e.kind === EV.DAMAGE && e.unit === roll.target);
    return `${n(roll.unit)} attacked ${n(roll.target)}: rolled ${roll.roll} on d${roll.die} — ${roll.band}${roll.crit ? ", a crit" : ""}${hurt ? `, ${hurt.amount} damage` : ""}.`;
  }
  const move = [...(events || [])].reverse().find((e) => e.kind === EV.MOVE);
  if (move) return `${n(move.unit)} moved ${move.from} → ${move.to}.`;
  const decided = [...(events || [])].reverse().find((e) => e.kind === EV.CAMP);
  if (decided) return campHeadline(ctx, decided);
  const turn = [...(events || [])].reverse().find((e) => e.kind === EV.TURN);
  if (turn) return `${n(turn.unit)}'s turn${turn.extra ? " (Quicken)" : ""}.`;
  return undefined;
}

export default {
  css: true,
  pitch: "Grid battles with height, facing and dice: outmanoeuvre the other party on a small map.",
  lobby: {
    presets() {
      return [
        { label: "Party against monsters", options: { mode: "monsters" } },
        { label: "Party against party", options: { mode: "versus" } },
      ];
    },
  },

  guide() {
    return h(
      "div",
      {},
      h("p", {}, "Two sides fight on a small map of heights. Knock out every foe to win (or hold the most HP when the rounds run out)."),
      h("h4", {}, "A unit's turn"),
      h(
        "ul",
        {},
        h("li", {}, "The initiative bar on top says who acts: higher EVA acts in an earlier phase, dice settle the order within it. Tokens read a job's letters and a number (He1 a Herald, Hx1 a Hexer); a knocked-out unit keeps its token with a KO mark."),
        h("li", {}, "Click your glowing unit to see where it can go (the lit squares), then click a square. Moving costs MOV: water 2, broken/thick/fast +1, climbing +1 per HT (the first +1 HT free)."),
        h("li", {}, "Pick a command (Fight, a job ability, a spell, an item, Guard): its targets light up on the map and are listed in words with the chance to hit and the expected damage; the odds of each result show before you commit. On a touch screen, tap a target once to see its odds, again to do it."),
        h("li", {}, "After moving you may turn (Face). End turn when done.")
      ),
      h("h4", {}, "Attacks"),
      h("p", {}, "Roll the attack die: at or under EVA misses, under 2×DEF a quarter, under DEF half, above it full; the die's top face is a crit (double damage). Attacks from behind lower EVA by 1, from the front raise it. Walls and high ground taller than the target block the line; range is counted without diagonals."),
      h("h4", {}, "The map"),
      h("p", {}, "Each square shows its height (the number, and lighter is higher) and its terrain: green open ground, blue water, dark blue deep water (impassable), grey walls. Marks: ⁘ broken, ♣ thick, ≈ fast."),
      h("h4", {}, "Campaigns"),
      h("p", {}, "Between battles the party makes camp: pick a member, change its job or second job, learn abilities with the AP it earned, set its reaction, support and movement abilities, then Ready."),
      h("h4", {}, "Keys"),
      h("p", { class: "keys" }, "1–9 pick a command or a target, Esc goes back. The move box (/) takes typed moves too: move c4, fight d5, ja aimed-shot c5, end.")
    );
  },

  status(ctx) {
    if (ctx.view.phase === "camp") return "Camp: choose your party's jobs and abilities, then Ready.";
    const actor = current(ctx.view);
    if (!actor) return "Your move.";
    return `Your turn: ${actor.name} on ${actor.square} — click it to move, or pick a command.`;
  },

  render,

  headline,

  cues(events) {
    const out = [];
    for (const e of events || []) {
      if (e.kind === EV.ROLL) out.push(e.band === "miss" ? "card" : "hit");
      else if (e.kind === EV.KO) out.push("slap");
      else if (e.kind === EV.VICTORY) out.push("win");
    }
    return out;
  },

  cancel() {
    S.mode = null;
    S.armed = null;
  },
};
