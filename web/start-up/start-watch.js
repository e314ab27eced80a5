// The start-up watch: tells a slow start from a broken one.
//
// Downloading takes as long as the connection needs: while bytes keep arriving (the worker reports
// at least twice a second while they do) the page waits, however long that is. Only a download
// that stops for `stallMs` fails, with type "download_stalled"; and once everything has arrived,
// Python gets `startMs` to start, else the start fails with type "start_timeout" (a browser or
// page that blocks WebAssembly leaves Python's start hanging for ever). The time before the first
// report counts as downloading: the worker reports as soon as it knows what it must fetch.

import { EngineError } from "../engine/engine.js";

export const STALL_MS = 20_000;
export const START_MS = 30_000;

/** The time in seconds, for messages. */
const seconds = (ms) => Math.round(ms / 100) / 10;

export class StartWatch {
  #timer = null;
  #loaded = -1;
  #stopped = false;
  #stallMs;
  #startMs;
  #onFail;

  /**
   * Start watching (the first download report is due within `stallMs`).
   * @param {{stallMs?: number, startMs?: number, onFail: (error: EngineError) => void}} options
   *   milliseconds; `onFail` gets an EngineError with `seconds`, the limit that ran out
   */
  constructor({ stallMs = STALL_MS, startMs = START_MS, onFail }) {
    this.#stallMs = stallMs;
    this.#startMs = startMs;
    this.#onFail = onFail;
    this.#arm("download_stalled");
  }

  /**
   * Feed every progress report of the worker (see web/worker.js).
   * @param {{stage: string, loaded?: number}} p
   */
  progress(p) {
    if (this.#stopped) return;
    if (p.stage === "download") {
      if (p.loaded !== this.#loaded) {
        this.#loaded = p.loaded ?? 0;
        this.#arm("download_stalled");
      }
    } else if (p.stage === "start") {
      this.#arm("start_timeout");
    } else if (p.stage === "ready") {
      this.stop();
    }
  }

  /** Stop watching (the engine started, or failed for another reason). */
  stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  #arm(type) {
    clearTimeout(this.#timer);
    const ms = type === "start_timeout" ? this.#startMs : this.#stallMs;
    this.#timer = setTimeout(() => {
      this.stop();
      const message = type === "start_timeout"
        ? `The engine's files have arrived, but Python did not start within ${seconds(ms)} s. `
          + "This browser or page may be blocking WebAssembly."
        : `Nothing has arrived for ${seconds(ms)} s: the download has stopped. `
          + "Check the connection, then try again; what has arrived so far is kept.";
      const error = /** @type {EngineError & {seconds?: number}} */ (new EngineError(type, message));
      error.seconds = seconds(ms);
      this.#onFail(error);
    }, ms);
  }
}
