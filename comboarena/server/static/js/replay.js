// The replay page: step through a finished game from any seat's point of
// view, as a spectator, or with every hand revealed.

import { api, heldSeat } from "./api.js";
import { fill, h } from "./dom.js";
import { drawBoard, loadGame } from "./games.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
const R = { data: null, module: null, info: null, step: 0, timer: null, pov: "spectator" };

async function start() {
  $("download").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  let meta;
  try {
    meta = await api(`/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    fill($("banner"), err.message);
    return;
  }
  const { info, module, generic } = await loadGame(meta.game);
  R.generic = generic;
  R.catalog = (await api(`/tables/${encodeURIComponent(tableId)}/catalog`)).catalog;
  R.info = info;
  R.module = module;
  document.title = `Replay: ${info.title} — Combo Arena`;
  fill($("where"), `Replay · ${info.title} · table ${tableId}`);
  const held = heldSeat(tableId);
  R.pov = new URLSearchParams(location.search).get("pov") || (held ? String(held.seat) : "spectator");
  const pov = $("pov");
  fill(
    pov,
    h("option", { value: "spectator" }, "A spectator"),
    meta.seats.map((s) => h("option", { value: String(s.seat) }, `Seat ${s.seat + 1}: ${s.name}`)),
    h("option", { value: "all" }, "Everyone (all cards shown)")
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
    fill($("banner"), err.message);
    return;
  }
  R.pov = pov;
  const last = R.data.steps.length - 1;
  $("slider").max = String(last);
  show(keepStep === null ? last : Math.min(keepStep, last));
}

function ctxFor(view, seat) {
  return {
    view,
    legal: [],
    seat,
    names: R.data.seats.map((s) => s.name),
    table: { ...R.data, options: R.data.options },
    info: R.info,
    catalog: R.catalog,
    options: R.data.options,
    act: () => {},
    canAct: false,
    pending: false,
    lastEvents: R.data.steps[R.step].events,
    rerender: () => show(R.step),
    readOnly: true,
  };
}

function show(i) {
  const data = R.data;
  R.step = i;
  const step = data.steps[i];
  $("slider").value = String(i);
  $("step").textContent = `${i} / ${data.steps.length - 1}`;
  const who = step.seat === null ? "Start of the game" : `Move ${i}: ${data.seats[step.seat].name} played ${step.action}`;
  $("banner").textContent = i === data.steps.length - 1 ? `${who} — ${data.result.text}` : who;
  const board = $("board");
  try {
    if (R.pov === "all") {
      fill(
        board,
        h(
          "div",
          { class: "revealed" },
          data.seats.map((s) => [
            h("div", { class: "who" }, `Seen by ${s.name} (seat ${s.seat + 1})`),
            drawBoard(R.module, R.generic, ctxFor(step.views[String(s.seat)], s.seat)),
          ])
        )
      );
    } else {
      const seat = R.pov === "spectator" ? null : Number(R.pov);
      fill(board, drawBoard(R.module, R.generic, ctxFor(step.views[R.pov], seat)));
    }
  } catch (err) {
    console.error(err);
    fill(board, h("p", {}, String(err)));
  }
  renderSeats(step);
  renderLog();
}

function renderSeats(step) {
  fill(
    $("seats"),
    R.data.seats.map((s) =>
      h(
        "div",
        { class: `seat-item${step.seat === s.seat ? " to-act" : ""}` },
        h("span", { class: "name" }, `${s.seat + 1}. ${s.name}`),
        s.kind === "agent" ? h("span", { class: "chip small" }, s.agent || "AI") : null,
        R.data.result.winners.includes(s.seat) && R.data.result.winners.length < R.data.players
          ? h("span", { class: "chip small" }, "won")
          : null
      )
    )
  );
}

function renderLog() {
  const lines = [];
  R.data.steps.forEach((step, i) => {
    if (i === 0) return;
    const texts = step.events.map((e) => e.text).filter(Boolean);
    const line = h(
      "div",
      { class: `line${i === R.step ? " current" : ""}`, style: { cursor: "pointer" }, onclick: () => show(i) },
      `${i}. `,
      texts.length ? texts.join(" ") : `${R.data.seats[step.seat].name}: ${step.action}`
    );
    lines.push(line);
  });
  const box = $("log");
  fill(box, lines);
  const current = box.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function stop() {
  if (R.timer) clearInterval(R.timer);
  R.timer = null;
  $("play").textContent = "▶ Play";
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
    $("play").textContent = "⏸ Pause";
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
