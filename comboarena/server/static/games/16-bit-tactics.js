// 16 Bit Tactics' table: the map top-down, each square shaded by its height
// (the number in its corner) and coloured by its terrain, the units as tokens
// with their side's colour and a notch on the side they face; the initiative
// bar on top; beside the map (below it on a phone) the chosen unit, the acting
// unit's commands, the odds of the target under the pointer and the dice.
//
// Everything comes from the view and the legal moves: reachable squares are the
// legal `move <sq>`, targets the legal `<command> <sq>`, the odds are the view's
// `odds` (acting seat), the reasons a foe cannot be fought its `refused`. Moves
// are sent exactly as the legal list spells them.
//
// View keys read: seat, phase, map, round, queue, initiative, turn, units,
// features, odds, refused, over. Map squares: the catalog's maps (ht, terrain,
// mod per square a1, b1, ...).

import { fill, h } from "../js/dom.js";

// Event kinds (comboarena/games/bit_tactics/view.py: EventKind), named once here.
const EV = {
  ROUND: "round", TURN: "turn", MOVE: "move", SLIP: "slip", ACT: "act", ROLL: "roll", DAMAGE: "damage", HEAL: "heal",
  STATUS: "status", TICK: "tick", KNOCKBACK: "knockback", KO: "ko", REVIVE: "revive", COUNTER: "counter", SKILL: "skill",
  GUARD: "guard", SKIP: "skip", VICTORY: "victory",
};
const FACING = { n: "north", e: "east", s: "south", w: "west" };
const ARROW = { n: "↑", e: "→", s: "↓", w: "←" };
const BANDS = ["miss", "fully resisted", "quarter", "partially resisted", "half", "full"];
const MOVE_MODE = "move";
const SQUARE = /^[a-z][0-9]+$/;

// Page state kept between renders (this page is one table at a time).
const S = { mode: null, sel: null, hover: null, armed: null, turnKey: "", dice: [], seen: new Set() };

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

function unitAt(view, square) {
  const all = view.units.filter((u) => u.square === square);
  return all.find((u) => !u.ko) || all[0] || null;
}

function current(view) {
  const id = view.queue?.current;
  return id === undefined || id === null ? null : view.units[id] || null;
}

function abbrev(name) {
  const words = name.split(/[\s-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

function pct(p) {
  return `${Math.round(100 * p)}%`;
}

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

function commandLabel(ctx, key) {
  const words = key.split(" ");
  const abilities = ctx.catalog?.abilities || {};
  const items = ctx.catalog?.items || {};
  const off = words.at(-1) === "off" ? " (second weapon)" : "";
  if (key === MOVE_MODE) return "Move";
  if (words[0] === "fight") return "Fight";
  if (words[0] === "guard") return "Guard";
  if (words[0] === "limit") return words[1] ? `Limit: ${abilities[words[1]]?.name || words[1]}` : "Limit Attack";
  if (words[0] === "ja") return `${abilities[words[1]]?.name || words[1]}${off}`;
  if (words[0] === "magic") {
    const a = abilities[words[1]];
    return `${a?.name || words[1]}${a?.mp ? ` · ${a.mp} MP` : ""}`;
  }
  if (words[0] === "item") return `Item: ${items[words[1]]?.name || words[1]}`;
  if (words[0] === "skill") return `Skill: ${words[1]}`;
  return key;
}

function oddsFor(ctx, move) {
  return (ctx.view.odds || []).find((o) => o.action === move)?.targets || null;
}

function hitChance(t) {
  return 1 - (t.bands.miss || 0);
}

function unitName(ctx, id) {
  const u = ctx.view.units[id];
  return u ? u.name : `unit ${id}`;
}

// -- the dice feed -------------------------------------------------------------------

function diceLine(ctx, e) {
  const n = (id) => unitName(ctx, id);
  if (e.kind === EV.ROLL) {
    const rolls = e.rolls && e.rolls.length > 1 ? ` (${e.rolls.join(", ")}: lower kept)` : "";
    return { cls: e.band === "miss" ? "bad" : e.crit ? "crit" : "good", text: `${n(e.unit)} → ${n(e.target)}: d${e.die} rolled ${e.roll}${rolls} · ${e.band}${e.crit ? " · CRIT" : ""}` };
  }
  if (e.kind === EV.DAMAGE) return { cls: "dmg", text: `${n(e.unit)} −${e.amount} HP (${e.hp} left${e.why && e.why !== "attack" ? `, ${e.why}` : ""})` };
  if (e.kind === EV.HEAL) return { cls: "good", text: `${n(e.unit)} +${e.amount} HP (${e.hp})` };
  if (e.kind === EV.ROUND) return { cls: "round", text: `Round ${e.round}: initiative ${(e.rolls || []).map(([u, r]) => `${abbrev(n(u))} ${r.join("/")}`).join(" · ")}` };
  if (e.kind === EV.TICK && e.roll) return { cls: "", text: `${n(e.unit)} resists ${e.status}: d${e.roll.die} ${e.roll.rolls?.join("/")}${e.roll.won ? " — shortened" : ""}` };
  if (e.kind === EV.SLIP || e.kind === EV.SKILL) return { cls: e.ok ? "good" : "bad", text: `${n(e.unit)} ${e.skill} test: d${e.die} rolled ${e.roll} vs ${e.tn} — ${e.ok ? "success" : "failure"}` };
  if (e.kind === EV.STATUS) return { cls: "", text: `${n(e.unit)}: ${e.status} ${e.why || ""}${e.turns ? ` (${e.turns} turns)` : ""}` };
  if (e.kind === EV.KO) return { cls: "bad", text: `${n(e.unit)} is knocked out` };
  if (e.kind === EV.KNOCKBACK) return { cls: "dmg", text: `${n(e.unit)} knocked back ${e.from} → ${e.to}${e.fall ? " (falls)" : ""}` };
  if (e.kind === EV.COUNTER) return { cls: "", text: `${n(e.unit)} counter-attacks` };
  return null;
}

function takeDice(ctx) {
  if (!ctx.fresh) return;
  (ctx.lastEvents || []).forEach((e, i) => {
    const key = `${e.v}:${i}:${e.kind}`;
    if (S.seen.has(key)) return;
    S.seen.add(key);
    const line = diceLine(ctx, e);
    if (line) S.dice.unshift({ ...line, id: `d${S.seen.size}` });
  });
  S.dice = S.dice.slice(0, 12);
}

// -- drawing -----------------------------------------------------------------------

function initiativeBar(ctx) {
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
          title: `${u.name} (${u.title}) · phase ${phases.get(id) ?? "?"} · roll ${(rolls.get(id) || []).join("/")}${done.has(id) ? " · has acted" : ""}`,
          onclick: () => { S.sel = id; ctx.rerender(); },
        },
        h("b", {}, abbrev(u.name)),
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

function board(ctx, map, targets, mine) {
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
      const label = `${sq}, height ${ht}, ${map.terrain[i]}${map.mod[i] ? ` (${map.mod[i]})` : ""}${who ? `, ${who.name}` : ""}${target ? `: ${target}` : ""}`;
      cells.push(
        h(
          "div",
          {
            class: classes.join(" "),
            style: { gridRow: String(H - rank + 1), gridColumn: String(file + 1), background: cellLook(map, i, ht), "--ht": ht },
            "data-id": `sq-${sq}`,
            "data-sq": sq,
            "data-move": target || null,
            "data-nonum": target && S.mode === MOVE_MODE ? "1" : null,
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
      h("span", { class: "bt-abbr" }, u.ko ? "KO" : abbrev(u.name)),
      h("span", { class: "bt-hp" }, h("span", { style: { width: `${Math.round(hpShare * 100)}%` } }))
    );
  });
  return h("div", { class: "bt-map", style: { "--cols": W, "--rows": H }, "aria-label": `map ${map.title}` }, cells, tokens);
}

function squareIndex(square, width) {
  return (Number(square.slice(1)) - 1) * width + (square.charCodeAt(0) - 97);
}

function hoverNone() {
  return typeof window !== "undefined" && window.matchMedia && window.matchMedia("(hover: none)").matches;
}

function clickSquare(ctx, sq, target, who, mine) {
  if (target) {
    // Where the pointer cannot hover (a touch screen), the first tap on a target shows its odds.
    if (S.mode !== MOVE_MODE && hoverNone() && S.armed !== sq) {
      S.armed = sq;
      S.hover = sq;
      ctx.rerender();
      return;
    }
    S.armed = null;
    S.hover = null;
    if (S.mode === MOVE_MODE) S.mode = null;
    ctx.act(target);
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

function peekAt(ctx, sq) {
  S.hover = sq;
  const box = document.querySelector(".bt-peek");
  if (box) fill(box, peekContent(ctx, sq));
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
    h("div", { class: "bt-odds-head" }, h("b", { class: "ellipsis" }, t.name), h("span", {}, `hit ${pct(hitChance(t))} · ~${t.damage} dmg`)),
    bandBars(t),
    h("div", { class: "small muted" }, `crit ${pct(t.crit)} · KO ${pct(t.ko)}${t.effect ? ` · effect ${pct(t.effect)}` : ""}`)
  );
}

function unitLine(u) {
  const s = u.stats || {};
  return `${u.name} (${u.title} Lv${u.level}) · HP ${u.hp}/${s.hp_max} · MP ${u.mp}/${s.mp_max} · faces ${FACING[u.facing]}`;
}

function peekContent(ctx, sq) {
  const v = ctx.view;
  const map = mapOf(ctx);
  if (!sq || !map) return h("span", { class: "muted" }, S.mode && S.mode !== MOVE_MODE ? "Point at a target to see the odds before you commit." : "Point at a square or a unit to see it here.");
  const i = squareIndex(sq, map.width);
  const where = `${sq} · HT ${map.ht[i]} · ${map.terrain[i]}${map.mod[i] ? ` (${map.mod[i]})` : ""}`;
  const who = unitAt(v, sq);
  const g = S.mode && S.mode !== MOVE_MODE ? groups(ctx).get(S.mode) || [] : [];
  const hit = g.find((x) => x.square === sq);
  if (hit) {
    const odds = oddsFor(ctx, hit.move);
    return h("div", {}, h("div", { class: "bt-peek-title" }, `${commandLabel(ctx, S.mode)} → ${where}`), odds ? odds.map(oddsBlock) : h("div", { class: "small muted" }, "no attack roll: it simply happens"));
  }
  const refused = (v.refused || []).find((r) => r.square === sq);
  const parts = [h("div", { class: "bt-peek-title" }, where)];
  if (who) parts.push(h("div", { class: "small ellipsis" }, unitLine(who)));
  if (refused) parts.push(h("div", { class: "bt-why" }, `Can't Fight ${unitName(ctx, refused.unit)}: ${refused.why}`));
  else if (S.mode && S.mode !== MOVE_MODE && who) parts.push(h("div", { class: "bt-why" }, `${commandLabel(ctx, S.mode)} cannot target ${who.name} from here.`));
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
    h("div", { class: "bt-card-head" }, h("b", { class: "ellipsis" }, u.name), h("span", { class: "muted small ellipsis" }, `${u.title} Lv${u.level} · ${ctx.names[u.seat] ?? ""}`)),
    h("div", { class: "bt-stat-row" }, h("span", {}, `HP ${u.hp}/${s.hp_max}`), bar("hp", u.hp, s.hp_max), h("span", {}, `MP ${u.mp}/${s.mp_max}`), bar("mp", u.mp, s.mp_max), h("span", {}, `Limit ${u.limit}`)),
    h("div", { class: "small bt-stats" }, `${u.square} facing ${ARROW[u.facing]} · MOV ${s.mov} Jump ${s.jump} · ATK d${s.atk} DMG ${s.dmg} · EVA ${s.eva} DEF ${s.def}/${s.def2} · M.Atk d${s.matk} M.Dmg ${s.mdmg} · M.Eva ${s.meva} M.Def ${s.mdef}/${s.mdef2}`),
    u.statuses.length ? h("div", { class: "bt-statuses" }, u.statuses.map(([name, turns]) => h("span", { class: "chip small" }, `${name} ${turns}`))) : null
  );
}

function commandMenu(ctx, g, mine) {
  if (!mine || !ctx.legal.length) return null;
  const v = ctx.view;
  const actor = current(v);
  const buttons = [];
  const faces = ctx.legal.filter((m) => m.startsWith("face "));
  if (S.mode && S.mode !== MOVE_MODE && g.has(S.mode)) {
    const list = g.get(S.mode);
    return h(
      "div",
      { class: "bt-menu", "data-keyscope": "1", "aria-label": `${commandLabel(ctx, S.mode)}: choose a target` },
      h("div", { class: "zone-label" }, `${commandLabel(ctx, S.mode)}: pick a target`),
      h(
        "div",
        { class: "bt-targets" },
        list.map(({ move, square }) => {
          const who = unitAt(v, square);
          const odds = oddsFor(ctx, move);
          const main = odds?.find((t) => who && t.unit === who.id) || odds?.[0];
          return h(
            "button",
            { class: "btn small bt-target", type: "button", "data-move": move, onclick: () => { S.mode = null; ctx.act(move); }, onmouseenter: () => peekAt(ctx, square), onfocus: () => peekAt(ctx, square), onmouseleave: () => peekAt(ctx, null) },
            h("b", {}, square),
            who ? h("span", { class: "ellipsis" }, ` ${who.name}`) : null,
            main ? h("span", { class: "bt-target-odds" }, ` ${pct(hitChance(main))} · ~${main.damage}`) : null
          );
        })
      ),
      h("button", { class: "btn small ghost", type: "button", "data-nonum": "1", onclick: () => { S.mode = null; ctx.rerender(); } }, "Back")
    );
  }
  for (const [key, list] of g) {
    const isMove = key === MOVE_MODE;
    buttons.push(
      h(
        "button",
        {
          class: `btn small bt-cmd${S.mode === key ? " on" : ""}${isMove ? " move-cmd" : ""}`,
          type: "button",
          "data-pick": key,
          "data-covers": list.map((x) => x.move).join("|"),
          title: isMove ? "show where it can go" : `${commandLabel(ctx, key)}: ${list.length} target${list.length > 1 ? "s" : ""}`,
          onclick: () => { S.mode = S.mode === key ? null : key; S.sel = actor?.id ?? S.sel; ctx.rerender(); },
        },
        commandLabel(ctx, key)
      )
    );
  }
  return h(
    "div",
    { class: "bt-menu", "data-keyscope": "1", "aria-label": "your unit's actions" },
    h("div", { class: "zone-label ellipsis" }, actor ? `${actor.name}: ${v.turn?.moved ? "moved" : "may move"} · ${v.turn?.acted ? "acted" : "may act"}` : "Your turn"),
    h("div", { class: "bt-cmds" }, buttons),
    faces.length ? h("div", { class: "bt-faces" }, h("span", { class: "small muted" }, "Face"), faces.map((m) => h("button", { class: "btn small", type: "button", "data-move": m, title: `face ${FACING[m.slice(5)]}`, onclick: () => ctx.act(m) }, ARROW[m.slice(5)]))) : null,
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

function render(ctx) {
  const v = ctx.view;
  const map = mapOf(ctx);
  takeDice(ctx);
  if (!map || !v.units || v.phase !== "battle" && !v.over) {
    return h("div", { class: "bt bt-camp" }, h("p", {}, v.phase === "camp" ? "Camp between battles: choose with the buttons below." : "Waiting for the battle…"));
  }
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
  return h(
    "div",
    { class: `bt${ctx.narrow ? " narrow" : ""}` },
    initiativeBar(ctx),
    h(
      "div",
      { class: "bt-main" },
      h("div", { class: "bt-mapbox" }, board(ctx, map, targets, mine)),
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
    const dmg = (events || []).find((e) => e.kind === EV.DAMAGE && e.unit === roll.target);
    return `${n(roll.unit)} attacked ${n(roll.target)}: rolled ${roll.roll} on d${roll.die} — ${roll.band}${roll.crit ? ", a crit" : ""}${dmg ? `, ${dmg.amount} damage` : ""}.`;
  }
  const move = [...(events || [])].reverse().find((e) => e.kind === EV.MOVE);
  if (move) return `${n(move.unit)} moved ${move.from} → ${move.to}.`;
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
      h("ul", {}, h("li", {}, "The initiative bar on top says who acts: higher EVA acts in an earlier phase, dice settle the order within it."), h("li", {}, "Click your glowing unit to see where it can go (the lit squares), then click a square. Moving costs MOV: water 2, broken/thick/fast +1, climbing +1 per HT (the first +1 HT free)."), h("li", {}, "Pick a command (Fight, a job ability, a spell, an item, Guard) and then a target. Point at a target first to see the chance of each result and the expected damage."), h("li", {}, "After moving you may turn (Face). End turn when done.")),
      h("h4", {}, "Attacks"),
      h("p", {}, "Roll the attack die: at or under EVA misses, under 2×DEF a quarter, under DEF half, above it full; the die's top face is a crit (double damage). Attacks from behind lower EVA by 1, from the front raise it. Walls and high ground taller than the target block the line; range is counted without diagonals."),
      h("h4", {}, "The map"),
      h("p", {}, "Each square shows its height (the number, and lighter is higher) and its terrain: green open ground, blue water, dark blue deep water (impassable), grey walls. Marks: ⁘ broken, ♣ thick, ≈ fast."),
      h("h4", {}, "Keys"),
      h("p", { class: "keys" }, "1–9 pick a command or a target, Esc goes back.")
    );
  },

  status(ctx) {
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
