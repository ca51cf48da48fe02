// The lobby: each game as a card (a one-line pitch, the player count, "How
// to play", "Play now against AI" and its quick presets, a custom table with
// options as real controls, who sits where and a clock), then the open,
// running and finished tables (who won, and when).
//
// A game page may add to its card (see static/README.md): `pitch`,
// `lobby.presets(info)`, `lobby.control(option, form)` for an option it draws
// itself (Combo Fighter's fighter picker) and `lobby.changed(name, values)`.

import { api, heldSeat, joinTable, playerName, setPlayerName } from "./api.js";
import { modal } from "./dialogs.js";
import { ago, fill, h, label } from "./dom.js";
import { addStyles, genericModule, pageModule } from "./games.js";

const CLOCKS = [
  ["", "No clock"],
  ["15", "15 s per move"],
  ["30", "30 s per move"],
  ["60", "1 min per move"],
  ["180", "3 min per move"],
];

let games = [];
const modules = new Map();
const errorLine = () => document.getElementById("lobby-error");

function showError(err) {
  errorLine().textContent = err ? String(err.message || err) : "";
}

async function start() {
  const nameInput = document.getElementById("player-name");
  nameInput.value = playerName();
  nameInput.addEventListener("change", () => setPlayerName(nameInput.value));
  try {
    games = (await api("/games")).games;
  } catch (err) {
    showError(err);
    return;
  }
  const generic = await genericModule();
  await Promise.all(
    games.map(async (g) => {
      const m = await pageModule(g.name, g.page);
      modules.set(g.name, m || generic);
      if (m) await addStyles(g.name, m);
    })
  );
  fill(document.getElementById("games"), games.map(gameCard));
  await refreshTables();
  setInterval(refreshTables, 3000);
}

/** The one-line pitch: the page's own, else the first sentence of the summary. */
function pitchOf(game) {
  const m = modules.get(game.name);
  if (m && m.pitch) return m.pitch;
  const first = String(game.summary || "").split(/(?<=\.)\s/)[0];
  return first.length > 140 ? `${first.slice(0, 137)}…` : first;
}

function playersText(game) {
  const n = game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players}–${game.max_players} players`;
  return n;
}

function gameCard(game) {
  const m = modules.get(game.name);
  const formBox = h("div", { class: "new-table hidden", id: `form-${game.name}` });
  const problem = h("div", { class: "error-line", role: "alert" });
  const openForm = (ev) => {
    formBox.classList.toggle("hidden");
    ev?.currentTarget?.closest(".game-card")?.classList.toggle("wide", !formBox.classList.contains("hidden"));
    if (!formBox.dataset.built) {
      buildForm(game, formBox);
      formBox.dataset.built = "1";
    }
  };
  const quick = { label: "Play now against AI", options: {}, testid: `quick-${game.name}` };
  const presets = m?.lobby?.presets?.(game) || [];
  const presetBtn = (p, cls) =>
    h("button", { class: cls, type: "button", "data-testid": p.testid || null, title: p.title || null, onclick: (ev) => quickPlay(game, p, ev.currentTarget, problem) }, p.label);
  return h(
    "article",
    { class: "game-card", id: `game-${game.name}`, "data-game": game.name },
    h("h3", {}, game.title),
    h("p", { class: "pitch" }, pitchOf(game)),
    h(
      "div",
      { class: "facts" },
      h("span", { class: "chip" }, playersText(game)),
      game.teams ? h("span", { class: "chip" }, "teams") : null,
      h("button", { class: "link-btn", type: "button", "data-testid": `guide-${game.name}`, onclick: () => modal(`How to play ${game.title}`, (m || {}).guide ? m.guide(game, defaults(game)) : h("p", {}, game.summary)) }, "How to play")
    ),
    h("div", { class: "card-actions" }, presetBtn(quick, "btn primary"), h("button", { class: "btn", type: "button", "data-testid": `new-${game.name}`, onclick: openForm }, "Custom table")),
    presets.length ? h("div", { class: "presets" }, h("span", { class: "muted small" }, "Quick start:"), presets.map((p) => presetBtn(p, "btn small"))) : null,
    strengthList(game),
    problem,
    formBox
  );
}

/** An AI's strength from the game's shipped ladder (comboarena ladder): rating, interval, games. */
function strengthText(agent) {
  const s = agent.strength;
  if (!s) return "not rated yet";
  const r = (x) => Math.round(x);
  return `rating ${r(s.rating)} (${r(s.low)}–${r(s.high)}) · ${s.games} games${s.provisional ? " · provisional" : ""}`;
}

/** The game's AIs strongest first, each with its strength, so people can pick one of their level. */
function strengthList(game) {
  const rated = game.agents.filter((a) => a.strength).sort((a, b) => a.strength.place - b.strength.place);
  const ordered = [...rated, ...game.agents.filter((a) => !a.strength)];
  if (!rated.length) return null;
  return h(
    "details",
    { class: "ai-strength", "data-testid": `strength-${game.name}` },
    h("summary", { class: "small" }, "AI opponents by strength"),
    h(
      "ol",
      { class: "small" },
      ordered.map((a) => h("li", { "data-agent": a.spec }, h("span", { class: "ai-name" }, a.label), " ", h("span", { class: "muted" }, strengthText(a))))
    )
  );
}

function defaults(game) {
  return Object.fromEntries(game.options.map((o) => [o.name, o.default]));
}

/** "Play now": you in seat 1, the game's default AI everywhere else, the preset's options. */
async function quickPlay(game, preset, button, problem) {
  button.disabled = true;
  problem.textContent = "";
  try {
    const setup = await api(`/games/${game.name}/setup`, { method: "POST", body: { options: preset.options } });
    const seats = Array.from({ length: setup.players }, (_, i) => (i === 0 ? "open" : preset.agent || game.default_agent));
    const created = await api("/tables", { method: "POST", body: { game: game.name, options: preset.options, seats } });
    await joinTable(created.table.id, 0);
    location.href = `/table/${created.table.id}`;
  } catch (err) {
    problem.textContent = err.message;
    button.disabled = false;
  }
}

/** The "custom table" form of one game. */
function buildForm(game, box) {
  const m = modules.get(game.name);
  const values = {};
  const optionsBox = h("div", { class: "options-form" });
  const seatsBox = h("div", { class: "seats-form seat-pick" });
  const clock = h("select", { id: `clock-${game.name}` }, CLOCKS.map(([v, t]) => h("option", { value: v }, t)));
  const createBtn = h("button", { class: "btn good", type: "button", "data-testid": `create-${game.name}` }, "Create table");
  const problem = h("div", { class: "error-line", role: "alert" });
  let seatSelects = [];
  let setup = null;

  const changed = (name) => {
    m?.lobby?.changed?.(name, values);
    refresh();
  };

  async function refresh() {
    problem.textContent = "";
    try {
      setup = await api(`/games/${game.name}/setup`, { method: "POST", body: { options: values } });
    } catch (err) {
      problem.textContent = err.message;
      createBtn.disabled = true;
      return;
    }
    createBtn.disabled = false;
    const form = { game, values, setup, changed };
    fill(optionsBox, game.options.map((opt) => m?.lobby?.control?.(opt, form) ?? optionField(game, opt, values, changed, setup)));
    const previous = seatSelects.map((s) => s.value);
    seatSelects = [];
    const rows = [];
    for (let seat = 0; seat < setup.players; seat++) {
      const team = setup.teams.length < setup.players ? setup.teams.findIndex((t) => t.includes(seat)) : -1;
      const choices = [["you", "You"], ["open", "A friend (open seat)"], ...game.agents.map((a) => [a.spec, `AI: ${a.label}${a.strength ? ` · rating ${Math.round(a.strength.rating)}` : ""}`])];
      const select = h("select", { id: `seat-${game.name}-${seat}`, "data-seat": seat }, choices.map(([v, t]) => h("option", { value: v }, t)));
      select.value = previous[seat] || (seat === 0 ? "you" : game.default_agent);
      seatSelects.push(select);
      const who = `Seat ${seat + 1}${seat === 0 ? " (starts)" : ""}${team >= 0 ? ` · team ${"AB"[team]}` : ""}`;
      rows.push(h("div", { class: "field" }, h("label", { for: select.id }, who), select));
    }
    fill(seatsBox, rows);
  }

  createBtn.addEventListener("click", async () => {
    problem.textContent = "";
    const choices = seatSelects.map((s) => s.value);
    const mine = choices.indexOf("you");
    if (choices.filter((c) => c === "you").length > 1) {
      problem.textContent = "You can sit in one seat only; make the others a friend or an AI.";
      return;
    }
    const body = {
      game: game.name,
      options: values,
      seats: choices.map((c) => (c === "you" ? "open" : c)),
      clock: clock.value ? Number(clock.value) : null,
    };
    createBtn.disabled = true;
    try {
      const created = await api("/tables", { method: "POST", body });
      const id = created.table.id;
      if (mine >= 0) await joinTable(id, mine);
      location.href = `/table/${id}`;
    } catch (err) {
      problem.textContent = err.message;
      createBtn.disabled = false;
    }
  });

  fill(
    box,
    optionsBox,
    h("div", { class: "zone-label lobby-label" }, "Who sits where"),
    seatsBox,
    h("div", { class: "field" }, h("label", { for: clock.id }, "Clock"), clock),
    h("div", { class: "field" }, h("span"), h("span", { class: "help" }, "With a clock, an AI moves for anyone who runs out of time.")),
    h("div", {}, createBtn),
    problem
  );
  refresh();
}

/**
 * One option as a real control: a switch for yes/no, buttons for a few
 * choices, a number or text field otherwise. Writes the value into `values`.
 */
function optionField(game, opt, values, changed, setup) {
  const id = `opt-${game.name}-${opt.name}`;
  const current = opt.name in values ? values[opt.name] : setup?.options?.[opt.name] ?? opt.default;
  let control;
  if (opt.type === "bool") {
    const input = h("input", { type: "checkbox", id, checked: current ? true : null, role: "switch" });
    input.addEventListener("change", () => {
      values[opt.name] = input.checked;
      changed(opt.name);
    });
    control = h("label", { class: "switch" }, input, h("span", { class: "small" }, current ? "on" : "off"));
  } else if (opt.choices && opt.choices.length <= 6) {
    control = h(
      "div",
      { class: "segmented", id, role: "group", "aria-label": label(opt.name) },
      opt.choices.map((c) =>
        h(
          "button",
          {
            type: "button",
            "data-value": JSON.stringify(c),
            "aria-pressed": c === current ? "true" : "false",
            onclick: () => {
              values[opt.name] = c;
              changed(opt.name);
            },
          },
          String(c)
        )
      )
    );
  } else {
    const numeric = opt.type === "int" || opt.type === "float";
    const shown = Array.isArray(current) ? current.join(",") : current ?? "";
    control = h("input", {
      id,
      type: numeric ? "number" : "text",
      value: shown,
      placeholder: current === null || current === undefined ? "default" : null,
      step: opt.type === "float" ? "any" : null,
      min: opt.minimum ?? null,
      max: opt.maximum ?? null,
    });
    control.addEventListener("change", () => {
      const raw = control.value.trim();
      if (raw === "") delete values[opt.name];
      else values[opt.name] = numeric ? Number(raw) : raw;
      changed(opt.name);
    });
  }
  return [
    h("div", { class: "field" }, h(opt.type === "bool" || opt.choices ? "span" : "label", { class: "field-label", for: opt.type === "bool" || opt.choices ? null : id }, label(opt.name)), control),
    opt.help ? h("div", { class: "field" }, h("span"), h("span", { class: "help" }, opt.help)) : null,
  ];
}

async function refreshTables() {
  let data;
  try {
    data = await api("/tables");
  } catch (err) {
    showError(err);
    return;
  }
  showError(null);
  const open = data.tables.filter((t) => t.status === "waiting");
  const playing = data.tables.filter((t) => t.status === "playing");
  fill(document.getElementById("open-tables"), open.length ? open.map(tableRow) : h("p", { class: "empty" }, "No open tables — start one above."));
  fill(document.getElementById("playing-tables"), playing.length ? playing.map(tableRow) : h("p", { class: "empty" }, "No games in progress."));
  fill(document.getElementById("finished-tables"), data.finished.length ? data.finished.map(tableRow) : h("p", { class: "empty" }, "No finished games yet."));
}

/** "Ada won", "Ada + Cy won", "Draw", from the lobby entry's result. */
export function outcomeText(t) {
  const r = t.result;
  if (!r) return "";
  const winners = r.winners || [];
  if (r.draw || (winners.length && winners.length === t.seats.length)) return "Draw";
  const names = r.winner_names || winners.map((s) => t.seats[s]?.name ?? `Seat ${s + 1}`);
  return names.length ? `${names.join(" + ")} won` : "";
}

function tableRow(t) {
  const held = heldSeat(t.id);
  const winners = new Set(t.result?.winners || []);
  const seats = t.seats.map((s) =>
    h(
      "span",
      { class: `chip ${s.kind}${t.status === "over" && winners.has(s.seat) && winners.size < t.seats.length ? " winner" : ""}`, title: s.name },
      s.kind === "open" ? `Seat ${s.seat + 1}: open` : s.kind === "reserved" ? `${s.name} (kept)` : s.name
    )
  );
  const buttons = [];
  if (t.status === "waiting") {
    const freeSeat = t.seats.find((s) => s.kind === "open");
    if (held) buttons.push(h("a", { class: "btn primary", href: `/table/${t.id}` }, "Back to your seat"));
    else if (freeSeat)
      buttons.push(
        h(
          "button",
          {
            class: "btn primary",
            type: "button",
            "data-testid": `join-${t.id}`,
            onclick: async (ev) => {
              ev.target.disabled = true;
              try {
                await joinTable(t.id, freeSeat.seat);
                location.href = `/table/${t.id}`;
              } catch (err) {
                showError(err);
                ev.target.disabled = false;
              }
            },
          },
          "Join"
        )
      );
    buttons.push(h("a", { class: "btn", href: `/table/${t.id}` }, "Look"));
  } else if (t.status === "playing") {
    buttons.push(h("a", { class: "btn", href: `/table/${t.id}` }, held ? "Back to your seat" : "Watch"));
  } else {
    buttons.push(h("a", { class: "btn", href: `/replay/${t.id}` }, "Replay"));
    buttons.push(h("a", { class: "btn small", href: `/api/tables/${t.id}/record`, download: "" }, "Record"));
  }
  let detail;
  if (t.status === "over") {
    const when = ago(t.finished_at ?? t.finished ?? t.created);
    detail = [h("span", { class: "outcome" }, outcomeText(t) || "Over"), t.result?.reason ? h("span", { class: "muted small" }, ` · ${t.result.reason}`) : null, when ? h("span", { class: "muted small" }, ` · ${when}`) : null];
  } else if (t.status === "playing") {
    detail = h("span", { class: "muted small" }, `move ${t.version ?? 0}${t.watching ? ` · ${t.watching} watching` : ""}`);
  } else {
    detail = h("span", { class: "muted small" }, t.clock ? `${t.clock} s per move` : `created ${ago(t.created)}`);
  }
  return h("div", { class: "table-row", "data-table": t.id }, h("span", { class: "title" }, t.title), h("span", { class: "seats" }, seats), h("span", { class: "detail" }, detail), buttons);
}

start();
