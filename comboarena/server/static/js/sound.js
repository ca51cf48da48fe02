// Short sound cues, synthesised with Web Audio (no files to load), with a
// mute toggle remembered by this browser. Browsers only allow sound after the
// person has touched the page, so the first cues before that stay silent.

import { h, icon } from "./dom.js";

const KEY = "comboarena.muted";
let ctx = null;

export function muted() {
  return localStorage.getItem(KEY) === "1";
}

function audio() {
  if (ctx || !window.AudioContext) return ctx;
  try {
    ctx = new AudioContext();
  } catch {
    ctx = null;
  }
  return ctx;
}

// Each cue: a few notes [frequency Hz, start s, length s, wave, volume].
const CUES = {
  card: [[520, 0, 0.06, "triangle", 0.18], [340, 0.03, 0.07, "triangle", 0.12]],
  draw: [[300, 0, 0.05, "triangle", 0.1], [420, 0.04, 0.05, "triangle", 0.08]],
  slap: [[140, 0, 0.12, "square", 0.22], [90, 0.02, 0.18, "sawtooth", 0.16]],
  combo: [[440, 0, 0.08, "square", 0.12], [660, 0.07, 0.1, "square", 0.12]],
  hit: [[120, 0, 0.15, "sawtooth", 0.2], [80, 0.05, 0.2, "square", 0.14]],
  win: [[523, 0, 0.12, "triangle", 0.18], [659, 0.11, 0.12, "triangle", 0.18], [784, 0.22, 0.22, "triangle", 0.2]],
  lose: [[392, 0, 0.16, "triangle", 0.16], [311, 0.15, 0.26, "triangle", 0.16]],
  turn: [[880, 0, 0.07, "sine", 0.14], [1320, 0.08, 0.1, "sine", 0.1]],
  tick: [[1000, 0, 0.03, "square", 0.06]],
  chat: [[740, 0, 0.05, "sine", 0.1], [990, 0.05, 0.06, "sine", 0.08]],
};

/** Play a cue by name (silently ignored when muted, unknown or not allowed yet). */
export function cue(name) {
  if (muted()) return;
  const notes = CUES[name];
  const ac = audio();
  if (!notes || !ac || ac.state === "suspended") return;
  const t0 = ac.currentTime + 0.01;
  for (const [freq, at, len, wave, vol] of notes) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(vol, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
    osc.connect(gain).connect(ac.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + len + 0.02);
  }
}

/** Let sound start once the person interacts with the page. */
export function unlockOnGesture() {
  const unlock = () => {
    const ac = audio();
    if (ac && ac.state === "suspended") ac.resume().catch(() => {});
  };
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, unlock, { capture: true, passive: true });
}

/** The mute toggle button (a speaker icon that says what it does). */
export function muteButton() {
  const btn = h("button", { class: "btn small icon-btn", id: "mute", type: "button" });
  const show = () => {
    const off = muted();
    btn.replaceChildren(icon(off ? "mute" : "sound"));
    btn.setAttribute("aria-label", off ? "Sound is off: turn it on" : "Sound is on: mute it");
    btn.setAttribute("title", off ? "Sound off (M)" : "Sound on (M)");
    btn.setAttribute("aria-pressed", off ? "true" : "false");
  };
  btn.addEventListener("click", () => {
    localStorage.setItem(KEY, muted() ? "0" : "1");
    show();
  });
  show();
  return btn;
}
