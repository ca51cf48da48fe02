// The replay page: step through a finished game from any seat's point of
// view, as a spectator, or with every card face up on one table. It opens at
// the first move; each move is said in words.
//
// Steps come from GET /api/tables/{id}/replay?pov=…: each has the action, its
// events in words (and `text`, the move in words, where the server sends it)
// and the view(s) after it. With pov=all a step carries `view` (the spectator's)
// and `seat_views` (each seat's own), drawn as one table with every card shown;
// an older server's `views` map is read the same way.

import { api, heldSeat } from "./api.js";
import { fill, h, icon } from "./dom.js";
import { drawBoard, loadGame } from "./games.js";
import { morphChildren } from "./morph.js";
import { animate, measure } from "./motion.js";
import { seatRows } from "./seats.js";
import { createSide } from "./side.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
const R = { data: null, module: null, generic: null, info: null, catalog: null, step: 0, timer: null, pov: "spectator" };
let side = null;

async function start() {
  $("download").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("download").querySelector(".dl-icon").replaceWith(icon("download", { size: 16 }));
  $("lobby-link").querySelector(".home-icon").replaceWith(icon("home", { size: 16 }));
  for (const [id, name] of [["first", "first"], ["prev", "prev"], ["play", "play"], ["next", "next"], ["last", "last"]]) $(id).append(icon(name));
  let meta;
  try {
    meta = await api(`/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    fill($("banner-now"), err.message, " ", h("a", { href: "/" }, "Back to the lobby"));
    return;
  }
  const { info, module, generic } = await loadGame(meta.game);
  R.generic = generic;
  try {
    R.catalog = (await api(`/tables/${encodeURIComponent(tableId)}/catalog`)).catalog;
  } catch {
    R.catalog = null;
  }
  R.info = info;
  R.module = module;
  document.title = `Replay: ${info.title} — Combo Arena`;
  document.body.dataset.game = info.name;
  fill($("where"), h("span", {}, `Replay · ${info.title}`), h("span", { class: "where-id muted" }, ` · table ${tableId}`));

  side = createSide($("side"), $("phone-tabs"));
  side.add({ id: "players", title: "Players", iconName: "people", el: h("div", { class: "panel" }, h("h3", {}, "Players"), h("div", { class: "seat-list", id: "seats" }), h("div", { class: "facts small muted", id: "result-line" })), pin: true });
  side.add({ id: "moves", title: "Moves", iconName: "log", el: h("div", { class: "panel log-panel" }, h("div", { class: "log", id: "log" })) });

  const held = heldSeat(tableId);
  R.pov = new URLSearchParams(location.search).get("pov") || (held ? String(held.seat) : "spectator");
  const pov = $("pov");
  fill(
    pov,
    h("option", { value: "spectator" }, "A spectator"),
    meta.seats.map((s) => h("option", { value: String(s.seat) }, `Seat ${s.seat + 1}: ${s.name}`)),
    h("option", { value: "all" }, hidesNothing(info) ? "Everyone (nothing hidden)" : "Everyone (hidden cards shown)")
  );
  pov.value = R.pov;
  pov.addEventListener("change", () => load(pov.value, R.step));
  wire();
  await load(R.pov, null);
}

async function load(pov, keepStep) {
  stop();
  try {
    R.data = await api(`/tables/${encodeURIComponent(tableId)}/replay?pov=${encodeURIComponent(pov)}`);
  } catch (err) {
    fill($("banner-now"), err.message);
    return;
  }
  R.pov = pov;
  const last = R.data.steps.length - 1;
  $("slider").max = String(last);
  // A replay opens at the first move, not at the end (which would give the result away).
  show(keepStep === null ? Math.min(1, last) : Math.min(keepStep, last), false);
}

/** A game of perfect information (16 Bit Tactics: a battle on an open map) has nothing to reveal. */
function hidesNothing(info) {
  return /^perfect/i.test(String(info?.information || ""));
}

/** What "Everyone" shows, in this game's words. */
export function revealedNote(info) {
  if (hidesNothing(info)) return `Nothing is hidden in ${info.title}: all see the same`;
  return "Hidden cards shown face up (dashed outline)";
}

function names() {
  return R.data.seats.map((s) => s.name);
}

/** The view(s) of a step: {view, seat, seatViews} for the chosen point of view. */
export function viewsOf(step, pov) {
  if (pov === "all") {
    const views = step.views || {};
    const view = step.view || views.spectator;
    let seatViews = step.seat_views;
    if (!seatViews) {
      seatViews = {};
      for (const [k, v] of Object.entries(views)) if (k !== "spectator") seatViews[k] = v;
    }
    return { view, seat: null, seatViews };
  }
  const view = (step.views || {})[pov] ?? step.view;
  return { view, seat: pov === "spectator" ? null : Number(pov), seatViews: null };
}

function ctxFor(step) {
  const { view, seat, seatViews } = viewsOf(step, R.pov);
  return {
    view,
    legal: [],
    seat,
    seatViews,
    names: names(),
    realNames: names(),
    table: { ...R.data, options: R.data.options },
    info: R.info,
    catalog: R.catalog,
    options: R.data.options,
    act: () => {},
    actMany: () => {},
    canAct: false,
    pending: false,
    lastEvents: step.events,
    fresh: true,
    timers: { window: null, clocks: [] },
    narrow: false,
    rerender: () => show(R.step, false),
    showPanel: null,
    readOnly: true,
  };
}

/** A move in words: the server's text, else its events' words, else who played what. */
export function stepText(step, seatNames) {
  if (step.seat === null || step.seat === undefined) return step.text || "The start of the game: the cards are dealt.";
  if (step.text) return step.text;
  const words = (step.events || []).map((e) => e.text).filter(Boolean);
  if (words.length) return words.join(" ");
  return `${seatNames[step.seat]}: ${step.action}`;
}

function show(i, moving = true) {
  const data = R.data;
  const forward = moving && i === R.step + 1;
  R.step = i;
  const step = data.steps[i];
  $("slider").value = String(i);
  $("step").textContent = `${i} / ${data.steps.length - 1}`;
  const what = stepText(step, names());
  $("banner-what").textContent = i === 0 ? "" : `Move ${i}${step.seat !== null && step.seat !== undefined ? ` · ${names()[step.seat]}` : ""}`;
  // Said in the banner, not on the board: the board's height is the game's to fill.
  $("revealed-note").textContent = R.pov === "all" ? revealedNote(R.info) : "";
  $("replay-what").classList.toggle("hidden", !$("banner-what").textContent && !$("revealed-note").textContent);
  $("banner-now").textContent = i === data.steps.length - 1 ? `${what} — ${data.result.text}` : what;
  $("banner-now").title = $("banner-now").textContent;
  const board = $("board");
  const before = measure(board);
  try {
    const ctx = ctxFor(step);
    const drawn = drawBoard(R.module, R.generic, ctx);
    morphChildren(board, h("div", {}, drawn));
    animate(board, before, { effects: forward });
  } catch (err) {
    console.error(err);
    fill(board, h("p", {}, String(err)));
  }
  renderSeats(step);
  renderLog();
}

function renderSeats(step) {
  const seats = R.data.seats.map((s) => ({ ...s, connected: false }));
  const winners = R.data.result.winners.length < R.data.players ? R.data.result.winners : [];
  fill($("seats"), seatRows({ seats, toAct: step.seat === null || step.seat === undefined ? [] : [step.seat], winners: R.step === R.data.steps.length - 1 ? winners : [] }));
  $("result-line").textContent = R.step === R.data.steps.length - 1 ? R.data.result.text : `Result: step to the end to see it.`;
}

function renderLog() {
  const lines = [];
  R.data.steps.forEach((step, i) => {
    if (i === 0) return;
    lines.push(h("div", { class: `line${i === R.step ? " current" : ""}`, style: { cursor: "pointer" }, "data-step": i, onclick: () => show(i) }, `${i}. `, stepText(step, names())));
  });
  const box = $("log");
  fill(box, lines);
  const current = box.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function stop() {
  if (R.timer) clearInterval(R.timer);
  R.timer = null;
  $("play").replaceChildren(icon("play"));
  $("play").setAttribute("aria-label", "play");
}

function wire() {
  const last = () => R.data.steps.length - 1;
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(Math.max(0, R.step - 1)));
  $("next").addEventListener("click", () => show(Math.min(last(), R.step + 1)));
  $("last").addEventListener("click", () => show(last()));
  $("slider").addEventListener("input", (ev) => show(Number(ev.target.value)));
  $("play").addEventListener("click", () => {
    if (R.timer) return stop();
    if (R.step >= last()) show(0);
    $("play").replaceChildren(icon("pause"));
    $("play").setAttribute("aria-label", "pause");
    R.timer = setInterval(() => {
      if (R.step >= last()) return stop();
      show(R.step + 1);
    }, 900);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLInputElement) return;
    if (ev.key === "ArrowRight") show(Math.min(last(), R.step + 1));
    else if (ev.key === "ArrowLeft") show(Math.max(0, R.step - 1));
    else if (ev.key === "Home") show(0);
    else if (ev.key === "End") show(last());
    else if (ev.key === " ") {
      $("play").click();
      ev.preventDefault();
    }
  });
}

start();
