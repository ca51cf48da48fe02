// Loading a game's page module, with the generic renderer as the fallback.
// The contract a page module follows is in static/README.md.

import { api } from "./api.js";

const cache = new Map();

/** The page module of `name` (its default export), or null when it has none or it fails to load. */
export async function pageModule(name, hasPage = true) {
  if (!hasPage) return null;
  if (!cache.has(name)) {
    cache.set(
      name,
      import(`/static/games/${name}.js`)
        .then((m) => m.default)
        .catch((err) => {
          console.error(`the page of ${name} failed to load; using the generic one`, err);
          return null;
        })
    );
  }
  return cache.get(name);
}

export async function genericModule() {
  return (await import("/static/games/generic.js")).default;
}

/** A game page's own stylesheet (static/games/<name>.css), when its module says it has one. */
export function addStyles(name, module) {
  if (!module || !module.css || document.querySelector(`link[data-game-css="${name}"]`)) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `/static/games/${name}.css`;
  link.dataset.gameCss = name;
  const loaded = new Promise((resolve) => {
    link.onload = resolve;
    link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}

export async function loadGame(name) {
  const info = await api(`/games/${encodeURIComponent(name)}`);
  const module = await pageModule(name, info.page);
  await addStyles(name, module);
  const generic = await genericModule();
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

/** Call an optional hook of the page module; a failing hook never breaks the table. */
export function hook(module, name, ...args) {
  const fn = module && module[name];
  if (typeof fn !== "function") return undefined;
  try {
    return fn.apply(module, args);
  } catch (err) {
    console.error(`${name}() of the game page failed`, err);
    return undefined;
  }
}
