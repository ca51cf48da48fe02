// The HTTP API and what this browser remembers: the seat tokens it holds
// (per table, in localStorage) and the player's name.

const SEATS_KEY = "comboarena.seats";
const NAME_KEY = "comboarena.name";

/** Call the API; resolves to JSON, or rejects with an Error carrying .code. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const res = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = new Error(data?.error?.message || `request failed (${res.status})`);
    err.code = data?.error?.code || "http";
    throw err;
  }
  return data;
}

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** The seat this browser holds at `tableId`: {seat, token} or null. */
export function heldSeat(tableId) {
  return readSeats()[tableId] || null;
}

export function rememberSeat(tableId, seat, token) {
  const all = readSeats();
  all[tableId] = { seat, token, at: Date.now() };
  // Keep the 200 most recent tables only.
  const keys = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
  for (const key of keys.slice(200)) delete all[key];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function forgetSeat(tableId) {
  const all = readSeats();
  delete all[tableId];
  localStorage.setItem(SEATS_KEY, JSON.stringify(all));
}

export function playerName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function setPlayerName(name) {
  localStorage.setItem(NAME_KEY, name.trim().slice(0, 24));
}

/** Join a table (a seat number, or null for the first open one); remembers the token. */
export async function joinTable(tableId, seat = null, claim = null) {
  const body = { name: playerName() || null };
  if (seat !== null && seat !== undefined) body.seat = seat;
  if (claim) body.claim = claim;
  const res = await api(`/tables/${encodeURIComponent(tableId)}/join`, { method: "POST", body });
  rememberSeat(tableId, res.seat, res.token);
  return res;
}
