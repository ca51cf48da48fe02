// The generic table: works for any registered game. It shows the seat's view
// as labelled values and leaves the legal moves to the buttons under the
// board, so a game without its own page is still fully playable.

import { h, label } from "../js/dom.js";

function value(v, depth = 0) {
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  if (typeof v === "boolean") return h("span", { class: "val" }, v ? "yes" : "no");
  if (typeof v !== "object") return h("span", { class: "val" }, String(v));
  if (Array.isArray(v)) {
    if (!v.length) return h("span", { class: "muted" }, "none");
    if (v.every((x) => x === null || typeof x !== "object")) return h("span", {}, v.map((x) => value(x, depth + 1)));
    return h(
      "div",
      { class: "nested" },
      v.map((x, i) => h("div", {}, h("span", { class: "muted small" }, `${i}: `), value(x, depth + 1)))
    );
  }
  if (depth > 6) return h("span", { class: "val" }, JSON.stringify(v));
  return h("dl", { class: "nested" }, Object.entries(v).map(([k, x]) => [h("dt", {}, label(k)), h("dd", {}, value(x, depth + 1))]));
}

export function viewList(view) {
  return h(
    "dl",
    {},
    Object.entries(view)
      .filter(([k]) => k !== "game")
      .map(([k, x]) => [h("dt", {}, label(k)), h("dd", {}, value(x))])
  );
}

export default {
  guide(info) {
    return h(
      "div",
      {},
      h("p", {}, info.summary),
      h("h4", {}, "How to make a move"),
      h("p", {}, "Your legal moves appear as buttons under the table; click one, press its number key, or type it."),
      h("pre", { class: "small", style: { whiteSpace: "pre-wrap" } }, info.notation),
      info.options.length
        ? [h("h4", {}, "Options"), h("ul", {}, info.options.map((o) => h("li", {}, `${o.name}: ${o.help} (${o.allowed})`)))]
        : null
    );
  },

  render(ctx) {
    const own = ctx.seatViews
      ? Object.entries(ctx.seatViews).map(([seat, view]) =>
          h("details", { class: "generic-seat" }, h("summary", {}, `What ${ctx.names[Number(seat)] ?? `seat ${Number(seat) + 1}`} sees`), viewList(view))
        )
      : null;
    return h(
      "div",
      { class: "generic" },
      h("p", { class: "muted small" }, `${ctx.info.title} has no dedicated table yet; here is everything you can see.`),
      viewList(ctx.view),
      own
    );
  },
};
