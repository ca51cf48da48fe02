// The lobby: games with their rules summary and options, a form to start a
// table (who sits where, per-move clock), and the open, running and finished tables.

import { api, heldSeat, joinTable, playerName, setPlayerName } from "./api.js";
import { fill, h, label } from "./dom.js";

const CLOCKS = [
  ["", "No clock"],
  ["15", "15 s per move"],
  ["30", "30 s per move"],
  ["60", "1 min per move"],
  ["180", "3 min per move"],
];

let games = [];
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
  const list = document.getElementById("games");
  fill(list, games.map(gameCard));
  await refreshTables();
  setInterval(refreshTables, 3000);
}

function gameCard(game) {
  const players =
    game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players}–${game.max_players} players`;
  const formBox = h("div", { class: "new-table hidden" });
  const openBtn = h(
    "button",
    {
      class: "btn primary",
      "data-testid": `new-${game.name}`,
      onclick: () => {
        formBox.classList.toggle("hidden");
        if (!formBox.dataset.built) {
          buildForm(game, formBox);
          formBox.dataset.built = "1";
        }
      },
    },
    "New table"
  );
  return h(
    "article",
    { class: "game-card", id: `game-${game.name}` },
    h("h3", {}, game.title),
    h("div", { class: "facts" }, `${players}${game.teams ? " · teams" : ""} · ${game.information}`),
    h("p", { class: "summary" }, game.summary),
    h("div", {}, openBtn),
    formBox
  );
}

/** The "new table" form of one game. */
function buildForm(game, box) {
  const values = {};
  const optionFields = game.options.map((opt) => optionField(game, opt, values, () => refreshSeats()));
  const seatsBox = h("div", { class: "seats-form" });
  const clock = h("select", { id: `clock-${game.name}` }, CLOCKS.map(([v, t]) => h("option", { value: v }, t)));
  const createBtn = h("button", { class: "btn good", "data-testid": `create-${game.name}` }, "Create table");
  const problem = h("div", { class: "error-line", role: "alert" });
  let seatSelects = [];

  async function refreshSeats() {
    problem.textContent = "";
    let setup;
    try {
      setup = await api(`/games/${game.name}/setup`, { method: "POST", body: { options: values } });
    } catch (err) {
      problem.textContent = err.message;
      createBtn.disabled = true;
      return;
    }
    createBtn.disabled = false;
    const previous = seatSelects.map((s) => s.value);
    seatSelects = [];
    const rows = [];
    for (let seat = 0; seat < setup.players; seat++) {
      const team = setup.teams.length < setup.players ? setup.teams.findIndex((t) => t.includes(seat)) : -1;
      const choices = [
        ["you", "You"],
        ["open", "A friend (open seat)"],
        ...game.agents.map((a) => [a.spec, `AI: ${a.label} — ${a.spec}`]),
      ];
      const select = h(
        "select",
        { id: `seat-${game.name}-${seat}`, "data-seat": seat },
        choices.map(([v, t]) => h("option", { value: v }, t))
      );
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
    optionFields,
    seatsBox,
    h("div", { class: "field" }, h("label", { for: clock.id }, "Clock"), clock),
    h("div", { class: "field" }, h("span"), h("span", { class: "help" }, "With a clock, an AI moves for anyone who runs out of time.")),
    h("div", {}, createBtn),
    problem
  );
  refreshSeats();
}

/** One option as a form control; writes the chosen value into `values`. */
function optionField(game, opt, values, changed) {
  const id = `opt-${game.name}-${opt.name}`;
  let control;
  if (opt.type === "bool") {
    control = h("input", { type: "checkbox", id, checked: opt.default ? true : null });
    control.addEventListener("change", () => {
      values[opt.name] = control.checked;
      changed();
    });
  } else if (opt.choices) {
    control = h(
      "select",
      { id },
      opt.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === opt.default ? true : null }, String(c)))
    );
    control.addEventListener("change", () => {
      values[opt.name] = JSON.parse(control.value);
      changed();
    });
  } else {
    const numeric = opt.type === "int" || opt.type === "float";
    control = h("input", {
      id,
      type: numeric ? "number" : "text",
      value: Array.isArray(opt.default) ? opt.default.join(",") : opt.default ?? "",
      step: opt.type === "float" ? "any" : null,
      min: opt.minimum ?? null,
      max: opt.maximum ?? null,
    });
    control.addEventListener("change", () => {
      const raw = control.value.trim();
      values[opt.name] = numeric && raw !== "" ? Number(raw) : raw;
      changed();
    });
  }
  return [
    h("div", { class: "field" }, h("label", { for: id }, label(opt.name)), control),
    opt.help ? h("div", { class: "field" }, h("span"), h("span", { class: "help" }, `${opt.help} (${opt.allowed})`)) : null,
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
  fill(
    document.getElementById("finished-tables"),
    data.finished.length ? data.finished.map(tableRow) : h("p", { class: "empty" }, "No finished games yet.")
  );
}

function tableRow(t) {
  const held = heldSeat(t.id);
  const seats = t.seats.map((s) =>
    h("span", { class: `chip ${s.kind}` }, s.kind === "open" ? `Seat ${s.seat + 1}: open` : s.kind === "reserved" ? `${s.name} (kept)` : s.name)
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
  const detail =
    t.status === "over" && t.result
      ? `${t.result.reason}`
      : t.status === "playing"
        ? `move ${t.version ?? 0}${t.watching ? ` · ${t.watching} watching` : ""}`
        : t.clock
          ? `${t.clock} s per move`
          : "";
  return h(
    "div",
    { class: "table-row", "data-table": t.id },
    h("span", { class: "title" }, t.title),
    h("span", { class: "seats" }, seats),
    h("span", { class: "muted small" }, detail),
    buttons
  );
}

start();
