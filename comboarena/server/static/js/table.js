// The table page (the shell every game page plugs into; see static/README.md):
// the live feed over a WebSocket, the banner that says what just happened and
// what to do, the countdown, the board (drawn by the game's page, patched in
// place so it animates), the players, the log, the chat, resign, the result
// and rematch, sound, keyboard play and the guide shown once.

import { api, forgetSeat, heldSeat, joinTable, playerName, setPlayerName } from "./api.js";
import { createChat } from "./chat.js";
import { confirmDialog } from "./dialogs.js";
import { clockText, fill, h, icon } from "./dom.js";
import { drawBoard, hook, loadGame } from "./games.js";
import { morphChildren } from "./morph.js";
import { animate, measure, play } from "./motion.js";
import { agentLabel, seatRows } from "./seats.js";
import { createSide, isNarrow, NARROW } from "./side.js";
import { cue, muteButton, unlockOnGesture } from "./sound.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const wantedSeat = new URLSearchParams(location.search).get("seat");
const $ = (id) => document.getElementById(id);

const S = {
  table: null,
  info: null,
  module: null,
  generic: null,
  catalog: null,
  seat: null,
  token: null,
  version: null,
  view: null,
  legal: [],
  toAct: [],
  timers: { window: null, clocks: [] },
  timersAt: 0,
  result: null,
  lastEvents: [],
  headline: "",
  log: [],
  ws: null,
  retry: 0,
  pending: null,
  queue: [], // moves still to send, one after the other (a multi-step choice)
  nextId: 1,
  resultShown: false,
  rematchOffer: null,
  couldAct: false,
  lastTick: null,
  guideDone: false,
  chatIds: new Set(),
  logStick: true, // the log follows the newest line until its reader scrolls up
};

let side = null;
let chat = null;
const panelEls = new Map();

// -- start ----------------------------------------------------------------------

async function start() {
  try {
    S.table = await api(`/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    fill($("banner-now"), err.message, " ", h("a", { href: "/" }, "Back to the lobby"));
    return;
  }
  const held = heldSeat(tableId);
  if (held) S.token = held.token;
  const { info, module, generic } = await loadGame(S.table.game);
  S.generic = generic;
  try {
    S.catalog = (await api(`/tables/${encodeURIComponent(tableId)}/catalog`)).catalog;
  } catch {
    S.catalog = null;
  }
  S.info = info;
  S.module = module;
  document.title = `${info.title} — Combo Arena`;
  fill($("where"), h("span", { class: "where-game" }, info.title), h("span", { class: "where-id muted" }, ` · table ${tableId}`));
  document.body.dataset.game = info.name;
  buildChrome();
  wireKeys();
  unlockOnGesture();
  connect();
  setInterval(tickClocks, 100);
  window.matchMedia(NARROW).addEventListener("change", () => render());
}

/** The tools in the top bar and the side panels. */
function buildChrome() {
  const help = h("button", { class: "btn small", id: "help-btn", type: "button", title: "How to play (H)", onclick: () => side.show("guide") }, icon("help", { size: 16 }), h("span", { class: "label" }, " How to play"));
  const resign = h("button", { class: "btn small danger hidden", id: "resign-btn", type: "button", onclick: resignOrLeave }, icon("flag", { size: 16 }), h("span", { class: "label", id: "resign-label" }, " Resign"));
  const lobby = h("a", { class: "btn small", href: "/", title: "Lobby" }, icon("home", { size: 16 }), h("span", { class: "label" }, " Lobby"));
  fill($("tools"), muteButton(), help, resign, lobby);

  side = createSide($("side"), $("phone-tabs"));
  const players = h("div", { class: "panel players-panel" }, h("h3", {}, "Players"), h("div", { class: "seat-list", id: "seats" }), h("div", { class: "facts small muted", id: "table-facts" }));
  side.add({ id: "players", title: "Players", iconName: "people", el: players, pin: true });

  const typed = h("input", { id: "typed", autocomplete: "off", spellcheck: "false", placeholder: S.info.example ? `e.g. ${S.info.example}` : "a move, then Enter", "aria-label": "type a move" });
  const log = h(
    "div",
    { class: "panel log-panel" },
    h("div", { class: "log", id: "log", "aria-live": "polite" }),
    h("div", { class: "typed" }, typed, h("button", { class: "btn small", id: "typed-go", type: "button", onclick: playTyped }, "Play")),
    h("div", { class: "keys" }, "Keys: 1–9 pick a numbered move · / type a move · H help · M sound")
  );
  typed.addEventListener("keydown", (ev) => {
    ev.stopPropagation();
    if (ev.key === "Enter") playTyped();
    if (ev.key === "Escape") typed.blur();
  });
  side.add({ id: "log", title: "Log", iconName: "log", el: log });
  const lines = log.querySelector("#log");
  lines.addEventListener("scroll", () => {
    if (lines.clientHeight) S.logStick = atEnd(lines);
  });

  chat = createChat({
    send: sendChat,
    me: () => S.seat,
    onUnread: (n) => side.badge("chat", n),
  });
  side.add({ id: "chat", title: "Chat", iconName: "chat", el: h("div", { class: "panel chat-panel" }, chat.el) });
  chat.shown(() => side.visible("chat"));

  for (const p of hook(S.module, "panels", S.info) || []) {
    const el = h("div", { class: "panel game-panel", id: `panel-${p.id}` });
    panelEls.set(p.id, { el, spec: p });
    side.add({ id: p.id, title: p.title, iconName: p.icon || "sheet", el });
  }
  const guide = h("div", { class: "panel guide", id: "help" }, h("h3", { id: "help-title" }, `How to play ${S.info.title}`), h("div", { id: "help-body" }, S.module.guide(S.info, S.table.options || {})));
  side.add({ id: "guide", title: "Guide", iconName: "help", el: guide, phone: false });
  side.onChange((id) => {
    // A hidden log cannot scroll: it catches up with the newest line when it is shown.
    if (id === "log" && S.logStick) followLog();
    if (id === "chat") chat.markRead();
    if (id === "guide") guideRead();
  });
}

// -- the feed ------------------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    S.retry = 0;
    setConn(true);
    send({ type: "hello", token: S.token || undefined, since: S.version ?? undefined, name: playerName() || undefined });
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", (ev) => {
    if (S.ws !== ws) return;
    S.pending = null;
    S.queue = [];
    setConn(false);
    if (ev.code === 4404) {
      fill($("banner-now"), "This table does not exist. ", h("a", { href: "/" }, "Back to the lobby"));
      return;
    }
    // Reconnect with back-off; the server sends what we missed (or a full picture).
    const delay = Math.min(5000, 300 * 2 ** S.retry++);
    setTimeout(connect, delay);
  });
}

function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) {
    S.ws.send(JSON.stringify(msg));
    return true;
  }
  return false;
}

function setConn(ok) {
  const el = $("conn");
  el.className = `conn ${ok ? "ok" : "down"}`;
  el.textContent = ok ? "live" : "reconnecting…";
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      if (S.token && msg.seat === null) {
        // Our token is not valid here any more (e.g. the seat was freed): watch instead.
        forgetSeat(tableId);
        S.token = null;
      }
      S.seat = msg.seat;
      S.table = msg.table;
      if (msg.full) S.log = [];
      addEvents(msg.events);
      if (Array.isArray(msg.chat)) chat.reset(msg.chat);
      takeSnapshot(msg);
      render(restore(msg.events));
      break;
    case "update":
      if (S.version !== null && msg.version !== S.version + 1) {
        // A gap (should not happen on one connection): ask for a fresh picture.
        send({ type: "hello", token: S.token || undefined, since: S.version, name: playerName() || undefined });
        return;
      }
      addEvents(msg.events);
      S.lastEvents = msg.events || [];
      takeSnapshot(msg);
      S.pending = null;
      render({ fresh: true });
      continueQueue();
      break;
    case "sync":
      S.table = msg.table;
      takeSnapshot(msg);
      render();
      break;
    case "table":
      S.table = msg.table;
      if (msg.notice) S.log.push({ text: msg.notice, notice: true });
      if (msg.notice) S.headline = msg.notice;
      render();
      break;
    case "timers":
      if (msg.version === S.version) {
        S.timers = msg.timers;
        S.timersAt = performance.now();
        renderSeats();
      }
      break;
    case "ack":
      if (S.pending === msg.id) S.pending = null;
      if (msg.rematch) goToRematch(msg.rematch);
      break;
    case "rematch":
      S.rematchOffer = msg.table;
      if (S.table) S.table.rematch = msg.table;
      renderResult(true);
      break;
    case "chat":
      if (chat.add(msg.message) && msg.message?.seat !== S.seat) cue("chat");
      break;
    case "error":
      onError(msg);
      break;
    default:
      break;
  }
}

function onError(msg) {
  if (msg.code === "rate_limited" || (msg.id !== undefined && S.chatIds.has(msg.id))) {
    chat.error(msg.message);
    return;
  }
  if (msg.code === "unknown_type" && /chat/.test(msg.message || "")) {
    chat.unavailable("Chat is not available on this server.");
    return;
  }
  if (msg.id !== undefined && S.pending === msg.id) S.pending = null;
  S.queue = [];
  showError(msg.message);
  render();
}

/**
 * A welcome (a reload, a reconnect) brings the table's recent events: the
 * latest version's are "what just happened", so the banner says it again.
 * Nothing new happened, though: the render is not fresh (no effects, no sounds).
 */
function restore(events) {
  const feed = Array.isArray(events) ? events : [];
  const latest = feed.reduce((v, e) => (typeof e.v === "number" && e.v > v ? e.v : v), -Infinity);
  // Nothing kept (a reconnect that missed nothing): what the banner said still holds.
  if (latest > -Infinity) S.lastEvents = feed.filter((e) => e.v === latest);
  return { restored: true, feedEvents: feed };
}

function takeSnapshot(msg) {
  S.version = msg.version;
  S.view = msg.view;
  S.legal = msg.legal || [];
  S.toAct = msg.to_act || [];
  S.timers = msg.timers || { window: null, clocks: [] };
  S.timersAt = performance.now();
  S.result = msg.result;
  if (S.table) S.table.version = msg.version;
}

function addEvents(events) {
  for (const e of events || []) {
    if (!e.text) continue;
    S.log.push({ text: e.text, me: S.seat !== null && e.seat === S.seat, big: ["set", "end", "ko", "fight_over", "win", "stands"].includes(e.kind) });
  }
  if (S.log.length > 500) S.log.splice(0, S.log.length - 500);
}

// -- acting ----------------------------------------------------------------------

function act(notation) {
  if (!S.token || S.pending !== null) return false;
  if (!S.legal.includes(notation)) {
    showError(`${notation} is not a legal move now.`);
    return false;
  }
  showError("");
  const id = S.nextId++;
  if (send({ type: "act", token: S.token, action: notation, version: S.version, id })) {
    S.pending = id;
    render();
    return true;
  }
  showError("Not connected — reconnecting…");
  return false;
}

/** Play several moves in a row (e.g. take 3 damage: two cards, then the deck); stops at the first that is not legal. */
function actMany(moves) {
  if (!moves.length) return;
  S.queue = moves.slice(1);
  if (!act(moves[0])) S.queue = [];
}

function continueQueue() {
  if (!S.queue.length) return;
  if (S.pending !== null) return;
  const next = S.queue[0];
  if (!S.legal.includes(next)) {
    // The table moved on (the fight ended, a window closed): stop quietly unless it is still our decision.
    if (S.legal.length) showError(`Stopped before ${next}: it is not a legal move any more.`);
    S.queue = [];
    return;
  }
  S.queue.shift();
  act(next);
}

function playTyped() {
  const typed = $("typed");
  const text = typed.value.trim();
  if (!text) return;
  // Match the legal move ignoring case and spaces, as the engine reads notation.
  const norm = (s) => s.replace(/\s+/g, "").toLowerCase();
  const found = S.legal.find((m) => norm(m) === norm(text));
  if (found) {
    act(found);
    typed.value = "";
  } else {
    showError(
      S.legal.length
        ? `"${text}" is not a legal move now. Legal: ${S.legal.slice(0, 20).join(", ")}${S.legal.length > 20 ? " …" : ""}`
        : "You have no move to make right now."
    );
  }
}

function showError(text) {
  $("error").textContent = text || "";
}

function sendChat(text) {
  const id = `c${S.nextId++}`;
  S.chatIds.add(id);
  return send({ type: "chat", text, token: S.token || undefined, id });
}

// -- rendering -------------------------------------------------------------------

function names() {
  return (S.table?.seats || []).map((s, i) => (i === S.seat ? "You" : s.name));
}

function context(fresh, { restored = false, feedEvents = [] } = {}) {
  const legal = S.pending === null && !S.queue.length ? S.legal : [];
  return {
    view: S.view,
    legal,
    seat: S.seat,
    names: names(),
    realNames: (S.table?.seats || []).map((s) => s.name),
    table: S.table,
    info: S.info,
    catalog: S.catalog,
    options: S.table.options || {},
    act,
    actMany,
    canAct: legal.length > 0,
    pending: S.pending !== null || S.queue.length > 0,
    lastEvents: S.lastEvents,
    fresh,
    restored,
    feedEvents,
    timers: S.timers,
    result: S.result,
    narrow: isNarrow(),
    rerender: () => render(),
    showPanel: (id) => side.show(id),
    readOnly: false,
  };
}

function render({ fresh = false, restored = false, feedEvents = [] } = {}) {
  if (!S.table || !S.module || !S.view) return;
  const ctx = context(fresh, { restored, feedEvents });
  renderBoard(ctx, fresh);
  renderBanner(ctx, fresh);
  renderWaiting();
  renderMoves(ctx);
  numberTargets();
  renderSeats();
  renderLog();
  renderPanels(ctx);
  renderTools();
  renderResult(false);
  sounds(ctx, fresh);
  guideOnce();
  S.couldAct = ctx.canAct;
}

function renderBoard(ctx, fresh) {
  const board = $("board");
  const before = measure(board);
  const drawn = drawBoard(S.module, S.generic, ctx);
  morphChildren(board, h("div", {}, drawn));
  animate(board, before, { effects: fresh });
}

function renderBanner(ctx, fresh) {
  const banner = $("banner");
  const t = S.table;
  if (fresh || ctx.restored) {
    const words = hook(S.module, "headline", S.lastEvents, ctx);
    const text = words ?? S.lastEvents.map((e) => e.text).filter(Boolean).join(" ");
    if (text) S.headline = text;
  }
  let now;
  let mode = "";
  if (t.status === "waiting") {
    const open = t.seats.filter((s) => s.kind === "open" || s.kind === "reserved").length;
    now = `Waiting for ${open === 1 ? "1 more player" : `${open} more players`} to sit down…`;
  } else if (S.result) {
    now = `${outcomeFor(S.seat)}${S.result.text || "Game over."}`;
    mode = "over";
  } else if (S.seat !== null && t.seats[S.seat]?.replaced) {
    now = `${agentLabel(t.fallback)} plays your seat now (you resigned, left or ran out of time). You are watching.`;
  } else if (ctx.canAct) {
    now = hook(S.module, "status", ctx) || "Your move.";
    mode = "mine";
  } else if (ctx.pending) {
    now = "Sending your move…";
  } else {
    const waiting = S.toAct.map((s) => ctx.names[s]).join(" and ");
    now = waiting ? `Waiting for ${waiting}…` : "…";
    if (S.seat === null) now = `Watching · ${now}`;
  }
  banner.className = `banner${mode ? ` ${mode}` : ""}`;
  $("banner-what").textContent = S.headline;
  $("banner-what").title = S.headline;
  $("banner-now").textContent = now;
  if (fresh && S.headline) play($("banner-what"), "fade");
}

function renderWaiting() {
  const box = $("waiting");
  const t = S.table;
  if (t.status !== "waiting") {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  const link = `${location.origin}/table/${tableId}`;
  const rows = t.seats.map((s) => {
    let action = null;
    if (s.kind === "open" && S.seat === null) {
      action = h(
        "button",
        { class: `btn ${String(s.seat) === wantedSeat ? "primary" : ""}`, "data-testid": `take-${s.seat}`, onclick: () => takeSeat(s.seat) },
        "Take this seat"
      );
    }
    const who = s.kind === "open" ? "open" : s.kind === "reserved" ? `kept for ${s.name}` : s.name;
    return h("div", { class: "seat-item" }, h("span", { class: "name" }, `Seat ${s.seat + 1}: ${who}${s.seat === S.seat ? " (you)" : ""}`), action);
  });
  const nameInput = h("input", { value: playerName(), maxlength: 24, placeholder: "Your name", "aria-label": "Your name" });
  nameInput.addEventListener("change", () => setPlayerName(nameInput.value));
  fill(
    box,
    h("h3", {}, "Waiting for players"),
    h("div", { class: "seat-list" }, rows),
    S.seat === null ? h("p", { class: "namebar" }, "Your name: ", nameInput) : null,
    h(
      "p",
      { class: "invite" },
      "Invite a friend: send them this link — ",
      h("a", { href: link }, link),
      " ",
      h("button", { class: "btn small", type: "button", onclick: () => navigator.clipboard?.writeText(link) }, "Copy")
    ),
    S.seat !== null
      ? h("button", { class: "btn", "data-testid": "fill", type: "button", onclick: () => fillWithAgents() }, `Start now: ${agentLabel(t.fallback)} takes the empty seats`)
      : null
  );
}

async function takeSeat(seat) {
  try {
    const res = await joinTable(tableId, seat);
    S.token = res.token;
    S.ws?.close(); // reconnect as the seated player
  } catch (err) {
    showError(err.message);
  }
}

async function fillWithAgents() {
  try {
    await api(`/tables/${encodeURIComponent(tableId)}/fill`, { method: "POST", body: { token: S.token } });
  } catch (err) {
    showError(err.message);
  }
}

function renderMoves(ctx) {
  const covered = new Set();
  for (const el of $("board").querySelectorAll("[data-move]")) covered.add(el.dataset.move);
  for (const el of $("board").querySelectorAll("[data-covers]")) for (const m of el.dataset.covers.split("|")) covered.add(m);
  const rest = ctx.legal.filter((m) => !covered.has(m));
  const box = $("moves");
  box.classList.toggle("hidden", !rest.length);
  fill(
    box,
    rest.length ? h("span", { class: "muted small" }, "Moves:") : null,
    rest.map((m) => h("button", { class: "move", type: "button", "data-move": m, onclick: () => act(m) }, m))
  );
}

/**
 * Number the first nine moves so keys 1-9 play them. Where the board opens a
 * choice (data-keyscope: say the actions of a selected card), its moves are
 * numbered instead; data-pick elements (select a card) are numbered too.
 */
function numberTargets() {
  for (const el of document.querySelectorAll("[data-num]")) el.removeAttribute("data-num");
  targets()
    .slice(0, 9)
    .forEach((el, i) => el.setAttribute("data-num", String(i + 1)));
}

function targets() {
  const scope = document.querySelector("#board [data-keyscope]");
  const within = scope ? [scope] : [$("board"), $("moves")];
  const found = [];
  for (const root of within) {
    for (const el of root.querySelectorAll("[data-move], [data-pick]")) {
      if (el.hasAttribute("data-nonum") || el.disabled || el.offsetParent === null) continue;
      found.push(el);
    }
  }
  return found;
}

function shownClocks() {
  // The server's idle limit (no table clock) is only shown in its last minute.
  const elapsed = (performance.now() - S.timersAt) / 1000;
  return new Map((S.timers.clocks || []).filter((c) => !c.idle || c.remaining - elapsed < 60).map((c) => [c.seat, c]));
}

function renderSeats() {
  const t = S.table;
  if (!t) return;
  const box = $("seats");
  morphChildren(
    box,
    h("div", {}, seatRows({ seats: t.seats, me: S.seat, toAct: S.toAct, clocks: shownClocks(), over: Boolean(S.result), winners: S.result?.winners?.length < t.seats.length ? S.result.winners : [] }))
  );
  tickClocks();
  const opts = Object.entries(t.options || {})
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : v}`)
    .join(", ");
  fill(
    $("table-facts"),
    h("div", {}, `Options: ${opts || "defaults"}`),
    h("div", {}, t.clock ? `Clock: ${t.clock} s per move (then ${agentLabel(t.fallback)} moves for you)` : "No move clock"),
    h("div", {}, `Move ${S.version ?? 0}${t.spectators ? ` · ${t.spectators} watching` : ""}`)
  );
}

/** Count the clocks and the reaction window down between server messages. */
function tickClocks() {
  const elapsed = (performance.now() - S.timersAt) / 1000;
  for (const c of S.timers.clocks || []) {
    const el = document.querySelector(`[data-clock="${c.seat}"]`);
    const left = c.remaining - elapsed;
    if (!el) {
      if (c.idle && left < 60 && left > 0 && left > 59.85) renderSeats();
      continue;
    }
    el.textContent = clockText(left);
    el.classList.toggle("low", left < Math.min(10, c.seconds / 3));
  }
  const box = $("countdown");
  const w = S.timers.window;
  const mine = (S.timers.clocks || []).find((c) => c.seat === S.seat && S.table?.clock);
  const shown = w || mine;
  const boardClocks = document.querySelectorAll("#board [data-countdown]");
  if (!shown || S.result) {
    box.classList.add("hidden");
    for (const el of boardClocks) el.classList.add("idle");
    return;
  }
  box.classList.remove("hidden");
  const left = Math.max(0, shown.remaining - elapsed);
  const frac = Math.max(0, Math.min(1, left / shown.seconds));
  $("countdown-label").textContent = w
    ? w.mine
      ? "Answer now — or you pass"
      : "Reaction window"
    : "Your clock";
  $("countdown-fill").style.width = `${100 * frac}%`;
  $("countdown-time").textContent = `${clockText(left)} s`;
  box.classList.toggle("low", left < shown.seconds / 3);
  for (const el of boardClocks) {
    const which = el.dataset.countdown;
    const src = which === "window" ? w : shown;
    el.classList.toggle("idle", !src);
    if (!src) continue;
    const l = Math.max(0, src.remaining - elapsed);
    el.style.setProperty("--left", String(Math.max(0, Math.min(1, l / src.seconds))));
    el.classList.toggle("low", l < src.seconds / 3);
    const text = el.querySelector("[data-countdown-text]");
    if (text) text.textContent = `${clockText(l)} s`;
  }
  // A tick each second in the last three of a window you may answer.
  if (w && w.mine && left < 3) {
    const s = Math.ceil(left);
    if (S.lastTick !== s && s > 0) {
      S.lastTick = s;
      cue("tick");
    }
  } else S.lastTick = null;
}

function atEnd(box) {
  return box.scrollHeight - box.scrollTop - box.clientHeight < 40;
}

function followLog() {
  const box = $("log");
  box.scrollTop = box.scrollHeight;
}

function renderLog() {
  const box = $("log");
  if (box.clientHeight) S.logStick = atEnd(box);
  fill(
    box,
    S.log.slice(-200).map((l) => h("div", { class: `line${l.me ? " me" : ""}${l.big ? " big" : ""}${l.notice ? " notice" : ""}` }, l.text))
  );
  if (S.logStick) followLog();
}

function renderPanels(ctx) {
  for (const { el, spec } of panelEls.values()) {
    try {
      morphChildren(el, h("div", {}, spec.render(ctx)));
    } catch (err) {
      console.error(`the ${spec.id} panel failed`, err);
    }
  }
}

function seatedPerson() {
  return S.token && S.seat !== null && S.table?.seats[S.seat]?.kind === "person";
}

function renderTools() {
  const btn = $("resign-btn");
  const show = seatedPerson() && !S.result && (S.table.status === "playing" || S.table.status === "waiting");
  btn.classList.toggle("hidden", !show);
  $("resign-label").textContent = S.table.status === "waiting" ? " Leave seat" : " Resign";
}

async function resignOrLeave() {
  const waiting = S.table.status === "waiting";
  const ai = agentLabel(S.table.fallback);
  const ok = await confirmDialog(
    waiting
      ? { title: "Leave your seat?", text: "Your seat opens again for someone else. You can keep watching.", ok: "Leave seat", cancel: "Stay", danger: true }
      : {
          title: "Resign this game?",
          text: `${ai} takes over your seat and plays on for your side; you cannot come back to it. You can keep watching.`,
          ok: "Resign",
          cancel: "Keep playing",
          danger: true,
        }
  );
  if (!ok) return;
  const token = S.token;
  if (!send({ type: "leave", token })) {
    try {
      await api(`/tables/${encodeURIComponent(tableId)}/leave`, { method: "POST", body: { token } });
    } catch (err) {
      showError(err.message);
      return;
    }
  }
  if (waiting) {
    // The seat is open again: this browser is a spectator now.
    forgetSeat(tableId);
    S.token = null;
    S.ws?.close();
  }
}

/** "You won! " / "You lost. " / "Draw. " before the result line, for a seated player. */
function outcomeFor(seat) {
  if (seat === null || !S.result) return "";
  const r = S.result.returns[seat];
  return r > 0 ? "You won! " : r < 0 ? "You lost. " : "";
}

function defaultResultDetail(ctx) {
  const r = S.result;
  const seats = S.table.seats;
  const rows = seats.map((s) =>
    h(
      "div",
      { class: `score-row${r.winners.includes(s.seat) && r.winners.length < seats.length ? " won" : ""}` },
      h("span", { class: "name" }, s.seat === S.seat ? `${s.name} (you)` : s.name),
      h("span", { class: "score" }, String(r.scores[s.seat]))
    )
  );
  return [h("div", { class: "scores" }, h("div", { class: "score-row score-head" }, h("span", {}, "Player"), h("span", {}, "Score")), rows), h("p", { class: "muted small" }, r.reason)];
}

function renderResult(force) {
  if (!S.result) return;
  const box = $("result");
  if (!S.resultShown || force) {
    S.resultShown = true;
    box.classList.remove("hidden");
    cue(outcomeFor(S.seat).startsWith("You lost") ? "lose" : "win");
  }
  $("result-text").textContent = `${outcomeFor(S.seat)}${S.result.text || "Game over."}`;
  const ctx = context(false);
  fill($("result-detail"), hook(S.module, "resultDetail", ctx) ?? defaultResultDetail(ctx));
  const rematchId = S.rematchOffer || S.table.rematch;
  const buttons = [];
  if (S.token && !rematchId) {
    buttons.push(h("button", { class: "btn primary", "data-testid": "rematch", type: "button", onclick: askRematch }, "Rematch"));
  } else if (rematchId) {
    buttons.push(
      S.token
        ? h("button", { class: "btn primary", "data-testid": "rematch", type: "button", onclick: () => goToRematch(rematchId) }, "Join the rematch")
        : h("a", { class: "btn primary", href: `/table/${rematchId}` }, "Watch the rematch")
    );
  }
  buttons.push(h("a", { class: "btn", href: `/replay/${tableId}` }, "Replay"));
  buttons.push(h("a", { class: "btn", href: `/api/tables/${tableId}/record`, download: "" }, "Download record"));
  buttons.push(h("a", { class: "btn", href: "/" }, "Lobby"));
  buttons.push(h("button", { class: "btn", type: "button", onclick: () => box.classList.add("hidden") }, "Look at the table"));
  fill($("result-actions"), buttons);
}

function askRematch() {
  send({ type: "rematch", token: S.token, id: S.nextId++ });
}

async function goToRematch(newId) {
  try {
    if (S.token) await joinTable(newId, null, S.token);
  } catch (err) {
    if (err.code !== "started") {
      showError(err.message);
      return;
    }
  }
  location.href = `/table/${newId}`;
}

function sounds(ctx, fresh) {
  if (fresh) {
    const cues = hook(S.module, "cues", S.lastEvents, ctx);
    const list = cues ?? (S.lastEvents.some((e) => e.seat !== S.seat) ? ["card"] : []);
    for (const name of new Set(list)) cue(name);
  }
  if (ctx.canAct && !S.couldAct && !S.result) {
    cue("turn");
    play($("banner"), "glow");
  }
}

/**
 * The guide opens by itself the first time a person sits at a game, on a wide
 * screen only: in the side column, beside the board, never over it. On a
 * phone every panel is a drawer over the board, so there it never opens
 * unasked: the help button is lit until the guide has been opened.
 */
function guideOnce() {
  if (S.guideDone || !S.token || S.seat === null) return;
  if (localStorage.getItem(guideKey())) {
    S.guideDone = true;
    return;
  }
  if (isNarrow()) {
    $("help-btn").classList.add("attention");
    return;
  }
  side.show("guide");
}

function guideKey() {
  return `comboarena.helped.${S.info.name}`;
}

/** The guide has been shown (by itself or asked for): it does not open by itself again. */
function guideRead() {
  localStorage.setItem(guideKey(), "1");
  S.guideDone = true;
  $("help-btn").classList.remove("attention");
}

// -- keys ------------------------------------------------------------------------

function wireKeys() {
  // A reader who opens or closes a <details> on the board keeps it that way.
  $("board").addEventListener("toggle", (ev) => ev.target.setAttribute?.("data-touched", "1"), true);
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLTextAreaElement) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape") {
      $("result").classList.add("hidden");
      if (side.isOpen()) side.close();
      hook(S.module, "cancel");
      render();
      return;
    }
    if (ev.key === "h" || ev.key === "?") {
      side.show("guide");
      ev.preventDefault();
      return;
    }
    if (ev.key === "m") {
      $("mute").click();
      return;
    }
    if (ev.key === "/") {
      // The move box lives in the log panel: bring it on screen (Chat or the Guide may be showing).
      if (!side.visible("log")) side.show("log");
      $("typed").focus();
      ev.preventDefault();
      return;
    }
    if (/^[1-9]$/.test(ev.key)) {
      const el = targets()[Number(ev.key) - 1];
      if (el) {
        el.click();
        ev.preventDefault();
      }
      return;
    }
    if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
      const list = targets();
      if (!list.length) return;
      const i = list.indexOf(document.activeElement);
      const next = ev.key === "ArrowRight" ? (i + 1) % list.length : (i - 1 + list.length) % list.length;
      list[i < 0 ? 0 : next].focus();
      ev.preventDefault();
    }
  });
}

start();
