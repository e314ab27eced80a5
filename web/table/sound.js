// Short card sounds made in the page with the Web Audio API: no sound files, nothing fetched.
//
// Browsers let a page start audio only after the person has clicked, tapped or pressed a key in
// it (autoplay rules), so the AudioContext is made at the first such gesture and never before.
// Where Web Audio is missing or refuses, every call here quietly does nothing.

import * as settings from "../app/settings.js";

/**
 * The sounds, each a few soft tones: [start (seconds after now), frequency (hertz), length (seconds),
 * wave shape, peak gain (0..1)]. Quiet peaks and quick fades keep them in the background.
 * @type {Record<string, [number, number, number, OscillatorType, number][]>}
 */
const SOUNDS = {
  // A card slides off the stock or the discard pile: a low brush.
  draw: [[0, 320, 0.07, "triangle", 0.05]],
  // A card laid on the table or on the discard pile: a soft tap, a little lower.
  lay: [[0, 220, 0.06, "sine", 0.08], [0.015, 440, 0.04, "triangle", 0.03]],
  // "Take it!": two quick rising notes.
  claim: [[0, 660, 0.08, "sine", 0.06], [0.09, 880, 0.1, "sine", 0.06]],
  // The person's turn begins: one clear, gentle note.
  turn: [[0, 523, 0.16, "sine", 0.05]],
};

/** @type {AudioContext | null} */
let context = null;
let listening = false;

/** Make the AudioContext (once), at a user gesture. */
function unlock() {
  if (context) {
    if (context.state === "suspended") context.resume().catch(() => {});
    return;
  }
  try {
    const Context = globalThis.AudioContext ?? /** @type {any} */ (globalThis).webkitAudioContext;
    if (Context) context = new Context();
  } catch {
    context = null;  // no audio here: the page plays on in silence
  }
}

/**
 * Wait for the person's first gesture in the page to allow sounds (idempotent). Call from the
 * page's own code (the table does at start); nothing sounds before it.
 */
export function listenForGesture() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, unlock, { capture: true, passive: true });
}

/** Whether sounds are on (the person's setting). */
export function soundOn() {
  return settings.get("sound") !== false;
}

/**
 * Play one of the card sounds, if sounds are on and the page may make them; never throws.
 * @param {"draw" | "lay" | "claim" | "turn"} name
 */
export function play(name) {
  const tones = SOUNDS[name];
  if (!tones || !soundOn() || !context || context.state === "closed") return;
  try {
    const now = context.currentTime;
    for (const [start, frequency, length, wave, peak] of tones) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.value = frequency;
      // A quick rise and an exponential fade: no click at either end.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(peak, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
  } catch {
    // A browser that refuses a node: no sound this time, the game goes on.
  }
}
