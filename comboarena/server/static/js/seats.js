// The players panel (who sits where, who is to act, connection, clocks,
// time-outs) and the table facts under it. Shared by the table and replay pages.

import { clockText, h, icon } from "./dom.js";

/** A name for an agent spec a newcomer can read ("ismcts:iters=200" -> "Search AI (200)"). */
export function agentLabel(spec) {
  const [name, ...rest] = String(spec || "").split(":");
  if (name === "random") return "Random AI";
  if (name === "first") return "Simple AI";
  if (name === "ismcts") {
    const iters = rest.find((p) => p.startsWith("iters="));
    return iters ? `Search AI (${iters.slice(6)})` : "Search AI";
  }
  if (name.endsWith(".heuristic")) return "Heuristic AI";
  return spec ? String(spec).slice(0, 24) : "an AI";
}

/**
 * One row per seat. `clocks`: seat -> {remaining, seconds} shown now;
 * `toAct`: seats that owe a decision; `me`: this browser's seat.
 */
export function seatRows({ seats, me = null, toAct = [], clocks = new Map(), over = false, winners = [] }) {
  return seats.map((s) => {
    const c = clocks.get(s.seat);
    const kind = s.kind === "agent" ? (s.replaced ? `AI for ${s.name}` : "AI") : s.kind === "person" ? "" : s.kind === "open" ? "open" : s.kind;
    const name = s.kind === "open" ? `Seat ${s.seat + 1} (open)` : s.name;
    return h(
      "div",
      {
        class: `seat-item${toAct.includes(s.seat) && !over ? " to-act" : ""}${s.seat === me ? " mine" : ""}`,
        "data-seat": s.seat,
        "data-id": `seat-${s.seat}`,
      },
      h("span", { class: `dot${s.connected ? " on" : ""}`, title: s.connected ? "connected" : "not connected" }),
      h("span", { class: "name", title: name }, name),
      s.seat === me ? h("span", { class: "you" }, "you") : null,
      winners.includes(s.seat) ? h("span", { class: "chip small win-chip" }, "won") : null,
      kind ? h("span", { class: "chip small" }, kind) : null,
      s.strikes
        ? h("span", { class: "chip small strikes", title: `ran out of time ${s.strikes} time${s.strikes === 1 ? "" : "s"}` }, icon("clock", { size: 12 }), `×${s.strikes}`)
        : null,
      c ? h("span", { class: "clock", "data-clock": s.seat }, clockText(c.remaining)) : null
    );
  });
}
