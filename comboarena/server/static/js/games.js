// Loading a game's page module, with the generic renderer as the fallback.
//
// A game module (static/games/<name>.js) default-exports:
//   guide(info, options)  -> Node   newcomer's "How to play" (rules in plain words)
//   render(ctx)           -> Node   the table drawn from ctx.view (see table.js for ctx)
//   status(ctx)           -> string optional: the banner line when it is your move
// Clickable moves carry data-move="<notation>" (and are only made for legal
// moves); an element that stands for several moves lists them in
// data-covers="a|b|c". Any legal move not on the board is shown as a button
// below it, so a game is always fully playable.

import { api } from "./api.js";

export async function loadGame(name) {
  const info = await api(`/games/${encodeURIComponent(name)}`);
  let module = null;
  if (info.page) {
    try {
      module = (await import(`/static/games/${name}.js`)).default;
    } catch (err) {
      console.error(`the page of ${name} failed to load; using the generic one`, err);
    }
  }
  const generic = (await import("/static/games/generic.js")).default;
  return { info, module: module || generic, generic };
}

/**
 * Draw with the game's page, or with the generic table if the page fails on
 * this view (say the game changed its view): a table always shows.
 */
export function drawBoard(module, generic, ctx) {
  try {
    return module.render(ctx);
  } catch (err) {
    console.error("the game's page could not draw this view; showing the generic table", err);
    return generic.render(ctx);
  }
}
