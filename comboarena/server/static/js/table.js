// The table page: the live feed over a WebSocket, the seats and clocks, the
// log, the result and rematch, keyboard play; the game module draws the board.
//
// ctx handed to a game module's render():
//   view, legal (this seat's legal moves, notation), seat (null: watching),
//   names (seat names, "You" for yours), table (public table facts), info
//   (the game), options, act(notation), canAct, pending, lastEvents (events of
//   the last update as this seat saw them), catalog (the game's printed
//   content, e.g. card texts, or null), rerender(), readOnly.

import { api, forgetSeat, heldSeat, joinTable, playerName, setPlayerName } from "./api.js";
import { clockText, fill, h } from "./dom.js";
import { drawBoard, loadGame } from "./games.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const wantedSeat = new URLSearchParams(location.search).get("seat");
const $ = (id) => document.getElementById(id);

const S = {
  table: null,
  info: null,
  module: null,
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
  log: [],
  ws: null,
  connected: false,
  retry: 0,
  pending: null,
  nextId: 1,
  resultShown: false,
  rematchOffer: null,
  closedByServer: false,
};

// -- start ----------------------------------------------------------------------

async function start() {
  try {
    S.table = await api(`/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    fill($("banner"), err.message, " ", h("a", { href: "/" }, "Back to the lobby"));
    return;
  }
  const held = heldSeat(tableId);
  if (held) S.token = held.token;
  const { info, module, generic } = await loadGame(S.table.game);
  S.generic = generic;
  S.catalog = (await api(`/tables/${encodeURIComponent(tableId)}/catalog`)).catalog;
  S.info = info;
  S.module = module;
  document.title = `${info.title} — Combo Arena`;
  fill($("where"), `${info.title} · table ${tableId}`);
  fill($("help-body"), module.guide(info, S.table.options));
  if (info.example) $("typed").placeholder = `e.g. ${info.example}`;
  wireControls();
  connect();
  setInterval(tickClocks, 100);
  if (!localStorage.getItem(`comboarena.helped.${info.name}`) && S.token) {
    localStorage.setItem(`comboarena.helped.${info.name}`, "1");
    openHelp();
  }
}

// -- the feed ------------------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    S.connected = true;
    S.retry = 0;
    setConn(true);
    send({ type: "hello", token: S.token || undefined, since: S.version ?? undefined });
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
    S.connected = false;
    S.pending = null;
    setConn(false);
    if (ev.code === 4404) {
      fill($("banner"), "This table does not exist. ", h("a", { href: "/" }, "Back to the lobby"));
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
      takeSnapshot(msg);
      render();
      break;
    case "update":
      if (S.version !== null && msg.version !== S.version + 1) {
        // A gap (should not happen on one connection): ask for a fresh picture.
        send({ type: "hello", token: S.token || undefined, since: S.version });
        return;
      }
      addEvents(msg.events);
      S.lastEvents = msg.events;
      takeSnapshot(msg);
      S.pending = null;
      render();
      break;
    case "sync":
      S.table = msg.table;
      takeSnapshot(msg);
      render();
      break;
    case "table":
      S.table = msg.table;
      if (msg.notice) S.log.push({ text: msg.notice, notice: true });
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
    case "error":
      if (msg.id !== undefined && S.pending === msg.id) S.pending = null;
      showError(msg.message);
      render();
      break;
    default:
      break;
  }
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
    S.log.push({ text: e.text, me: S.seat !== null && e.seat === S.seat, big: ["set", "end", "ko", "knockout", "win"].includes(e.kind) });
  }
  if (S.log.length > 500) S.log.splice(0, S.log.length - 500);
}

// -- acting ----------------------------------------------------------------------

function act(notation) {
  if (!S.token || S.pending !== null) return;
  if (!S.legal.includes(notation)) {
    showError(`${notation} is not a legal move now.`);
    return;
  }
  showError("");
  const id = S.nextId++;
  if (send({ type: "act", token: S.token, action: notation, version: S.version, id })) {
    S.pending = id;
    render();
  } else {
    showError("Not connected — reconnecting…");
  }
}

function showError(text) {
  $("error").textContent = text || "";
}

// -- rendering -------------------------------------------------------------------

function names() {
  return (S.table?.seats || []).map((s, i) => (i === S.seat ? "You" : s.name));
}

function context(extra = {}) {
  return {
    view: S.view,
    legal: S.pending === null ? S.legal : [],
    seat: S.seat,
    names: names(),
    table: S.table,
    info: S.info,
    catalog: S.catalog,
    options: S.table.options,
    act,
    canAct: S.pending === null && S.legal.length > 0,
    pending: S.pending !== null,
    lastEvents: S.lastEvents,
    rerender: render,
    readOnly: false,
    ...extra,
  };
}

function render() {
  if (!S.table || !S.module || !S.view) return;
  const ctx = context();
  renderBanner(ctx);
  renderWaiting();
  const board = $("board");
  const focused = document.activeElement?.dataset?.move;
  fill(board, drawBoard(S.module, S.generic, ctx));
  renderMoves(ctx);
  numberTargets();
  if (focused) document.querySelector(`[data-move="${CSS.escape(focused)}"]`)?.focus();
  renderSeats();
  renderLog();
  renderFacts();
  renderResult(false);
}

function renderBanner(ctx) {
  const banner = $("banner");
  banner.className = "banner";
  const t = S.table;
  let text;
  if (t.status === "waiting") {
    const open = t.seats.filter((s) => s.kind === "open" || s.kind === "reserved").length;
    text = `Waiting for ${open === 1 ? "1 more player" : `${open} more players`} to sit down…`;
  } else if (S.result) {
    text = `${outcomeFor(S.seat)}${S.result.text || "Game over."}`;
    banner.classList.add("over");
  } else if (S.seat !== null && t.seats[S.seat]?.replaced) {
    text = "An AI plays your seat now (you left or ran out of time). You can still watch.";
  } else if (ctx.canAct) {
    text = moduleStatus(ctx) || "Your move.";
    banner.classList.add("mine");
  } else if (S.pending !== null) {
    text = "Sending your move…";
  } else {
    const waiting = S.toAct.map((s) => ctx.names[s]).join(" and ");
    text = waiting ? `Waiting for ${waiting}…` : "…";
    if (S.seat === null) text = `Watching · ${text}`;
  }
  banner.textContent = text;
}

function moduleStatus(ctx) {
  try {
    return S.module.status ? S.module.status(ctx) : "";
  } catch (err) {
    console.error(err);
    return "";
  }
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
        {
          class: `btn ${String(s.seat) === wantedSeat ? "primary" : ""}`,
          "data-testid": `take-${s.seat}`,
          onclick: () => takeSeat(s.seat),
        },
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
      {},
      "Invite a friend: send them this link — ",
      h("a", { href: link }, link),
      " ",
      h("button", { class: "btn small", onclick: () => navigator.clipboard?.writeText(link) }, "Copy")
    ),
    S.seat !== null
      ? h(
          "button",
          { class: "btn", "data-testid": "fill", onclick: () => fillWithAgents() },
          `Start now: ${t.fallback} takes the empty seats`
        )
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
  if (!rest.length) {
    fill(box, ctx.canAct ? null : h("span", { class: "muted small" }, S.seat === null ? "You are watching." : "No move for you right now."));
    return;
  }
  fill(
    box,
    h("span", { class: "muted small" }, "Moves:"),
    rest.map((m) => h("button", { class: "move", "data-move": m, onclick: () => act(m) }, m))
  );
}

/** Number the first nine clickable moves so keys 1-9 play them. */
function numberTargets() {
  document.querySelectorAll("kbd.auto").forEach((k) => k.remove());
  targets().slice(0, 9).forEach((el, i) => el.append(h("kbd", { class: "auto" }, String(i + 1))));
}

function targets() {
  return [...document.querySelectorAll("#board [data-move], #board [data-key], #moves [data-move]")].filter(
    (el) => !el.disabled && el.offsetParent !== null
  );
}

function renderSeats() {
  const t = S.table;
  if (!t) return;
  // The server's idle limit (no table clock) is only shown in its last minute.
  const elapsed = (performance.now() - S.timersAt) / 1000;
  const clocks = new Map((S.timers.clocks || []).filter((c) => !c.idle || c.remaining - elapsed < 60).map((c) => [c.seat, c]));
  fill(
    $("seats"),
    t.seats.map((s) => {
      const c = clocks.get(s.seat);
      const kind = s.kind === "agent" ? (s.replaced ? `AI for ${s.name}` : "AI") : s.kind === "person" ? "" : s.kind;
      return h(
        "div",
        { class: `seat-item${S.toAct.includes(s.seat) && !S.result ? " to-act" : ""}`, "data-seat": s.seat },
        h("span", { class: `dot${s.connected ? " on" : ""}`, title: s.connected ? "connected" : "not connected" }),
        h("span", { class: "name" }, s.kind === "open" ? `Seat ${s.seat + 1} (open)` : s.name, s.seat === S.seat ? h("span", { class: "you" }, " · you") : null),
        kind ? h("span", { class: "chip small" }, kind) : null,
        s.strikes ? h("span", { class: "chip small", title: "times the clock ran out" }, `⏱×${s.strikes}`) : null,
        c ? h("span", { class: "clock", "data-clock": s.seat }, clockText(c.remaining)) : null
      );
    })
  );
  tickClocks();
}

/** Count the clocks and the reaction window down between server messages. */
function tickClocks() {
  const elapsed = (performance.now() - S.timersAt) / 1000;
  for (const c of S.timers.clocks || []) {
    const el = document.querySelector(`[data-clock="${c.seat}"]`);
    const left = c.remaining - elapsed;
    if (!el) {
      if (c.idle && left < 60 && left > 0) return renderSeats();
      continue;
    }
    el.textContent = clockText(left);
    el.classList.toggle("low", left < Math.min(10, c.seconds / 3));
  }
  const box = $("countdown");
  const w = S.timers.window;
  const mine = (S.timers.clocks || []).find((c) => c.seat === S.seat && S.table?.clock);
  const shown = w || mine;
  if (!shown || S.result) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  const left = Math.max(0, shown.remaining - elapsed);
  $("countdown-label").textContent = w
    ? w.mine
      ? "Reaction window — answer now or you pass automatically"
      : "Reaction window — the others may answer"
    : "Your clock — an AI moves for you when it runs out";
  $("countdown-fill").style.width = `${Math.max(0, Math.min(100, (100 * left) / shown.seconds))}%`;
  $("countdown-time").textContent = `${clockText(left)} s`;
  box.classList.toggle("low", left < shown.seconds / 3);
}

function renderLog() {
  const box = $("log");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  fill(
    box,
    S.log.slice(-200).map((l) => h("div", { class: `line${l.me ? " me" : ""}${l.big ? " big" : ""}${l.notice ? " notice" : ""}` }, l.text))
  );
  if (atBottom) box.scrollTop = box.scrollHeight;
}

function renderFacts() {
  const t = S.table;
  const opts = Object.entries(t.options || {})
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  fill(
    $("table-facts"),
    h("div", {}, `Options: ${opts || "defaults"}`),
    h("div", {}, t.clock ? `Clock: ${t.clock} s per move (then ${t.fallback} moves for you)` : "No move clock"),
    h("div", {}, `Move ${S.version ?? 0}${t.spectators ? ` · ${t.spectators} watching` : ""}`)
  );
}

/** "You won! " / "You lost. " / "Draw. " before the result line, for a seated player. */
function outcomeFor(seat) {
  if (seat === null || !S.result) return "";
  const r = S.result.returns[seat];
  return r > 0 ? "You won! " : r < 0 ? "You lost. " : "";
}

function renderResult(force) {
  if (!S.result) return;
  const box = $("result");
  if (!S.resultShown || force) {
    S.resultShown = true;
    box.classList.remove("hidden");
  }
  $("result-text").textContent = `${outcomeFor(S.seat)}${S.result.text || "Game over."}`;
  $("result-detail").textContent = `${S.result.reason} · scores ${S.result.scores.join(" – ")}`;
  const rematchId = S.rematchOffer || S.table.rematch;
  const buttons = [];
  if (S.token && !rematchId) {
    buttons.push(h("button", { class: "btn primary", "data-testid": "rematch", onclick: askRematch }, "Rematch"));
  } else if (rematchId) {
    buttons.push(
      S.token
        ? h("button", { class: "btn primary", "data-testid": "rematch", onclick: () => goToRematch(rematchId) }, "Join the rematch")
        : h("a", { class: "btn primary", href: `/table/${rematchId}` }, "Watch the rematch")
    );
  }
  buttons.push(h("a", { class: "btn", href: `/replay/${tableId}` }, "Replay"));
  buttons.push(h("a", { class: "btn", href: `/api/tables/${tableId}/record`, download: "" }, "Download record"));
  buttons.push(h("a", { class: "btn", href: "/" }, "Lobby"));
  buttons.push(h("button", { class: "btn", onclick: () => box.classList.add("hidden") }, "Look at the table"));
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

// -- help and keys -------------------------------------------------------------

function openHelp() {
  $("help").classList.remove("hidden");
  $("help-close").focus();
}

function wireControls() {
  $("help-btn").addEventListener("click", openHelp);
  $("help-close").addEventListener("click", () => $("help").classList.add("hidden"));
  const typed = $("typed");
  const play = () => {
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
  };
  $("typed-go").addEventListener("click", play);
  typed.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") play();
    if (ev.key === "Escape") typed.blur();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape") {
      $("help").classList.add("hidden");
      $("result").classList.add("hidden");
      return;
    }
    if (ev.key === "h" || ev.key === "?") {
      openHelp();
      ev.preventDefault();
      return;
    }
    if (ev.key === "/") {
      typed.focus();
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
