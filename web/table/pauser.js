// Timeouts that stand still while a window is open over the table (Menu, Rules, Scores): the
// computer seats and the "take it" countdown wait for the person. The clock is injected, so the
// claim-window scheduler runs in unit tests on a clock the test moves by hand.

/**
 * @typedef {{setTimeout: (fn: () => void, ms: number) => any, clearTimeout: (id: any) => void,
 *   now: () => number}} Clock times in milliseconds
 * @typedef {{start: () => void, stop: () => void, cancel: () => void}} PausableTimer
 */

/** The page's own clock (Playwright's fake clock replaces these globals in the browser tests). */
export const PAGE_CLOCK = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
  now: () => performance.now(),
};

export class Pauser {
  /**
   * @param {{clock?: Clock, onPause?: (paused: boolean) => void, stopped?: () => boolean}} [options]
   *   onPause: told when the first window opens (true) and the last one closes (false);
   *   stopped: true when timers must not start again on resume (the match was closed)
   */
  constructor({ clock = PAGE_CLOCK, onPause = () => {}, stopped = () => false } = {}) {
    this.clock = clock;
    this.onPause = onPause;
    this.stopped = stopped;
    /** @type {Set<PausableTimer>} */
    this.timers = new Set();
    this.pauses = 0;
    /** @type {(() => void) | null} resolves the waits of unpaused() once the last window closes */
    this.wake = null;
  }

  /** True while a window is open over the table. */
  get paused() {
    return this.pauses > 0;
  }

  /**
   * Run `fn` (a window over the table) with the timers standing still until the last such window closes.
   * @template T
   * @param {() => T | Promise<T>} fn
   * @returns {Promise<T>}
   */
  async during(fn) {
    if (this.pauses++ === 0) {
      this.onPause(true);
      for (const timer of this.timers) timer.stop();
    }
    try {
      return await fn();
    } finally {
      if (--this.pauses === 0) {
        this.onPause(false);
        if (!this.stopped()) for (const timer of this.timers) timer.start();
        const wake = this.wake;
        this.wake = null;
        wake?.();
      }
    }
  }

  /** Resolve once no window is open over the table. */
  unpaused() {
    if (!this.pauses) return Promise.resolve();
    return new Promise((resolve) => {
      const before = this.wake;
      this.wake = () => { before?.(); resolve(undefined); };
    });
  }

  /**
   * Call `fn` after `ms` milliseconds of unpaused time.
   * @param {number} ms
   * @param {() => void} fn
   * @returns {PausableTimer} cancel() drops it
   */
  later(ms, fn) {
    const { clock } = this;
    let left = ms;
    let since = 0;
    let id = null;
    const timer = {
      start: () => { since = clock.now(); id = clock.setTimeout(() => { this.timers.delete(timer); fn(); }, left); },
      stop: () => { clock.clearTimeout(id); left = Math.max(0, left - (clock.now() - since)); },
      cancel: () => { clock.clearTimeout(id); this.timers.delete(timer); },
    };
    this.timers.add(timer);
    if (!this.pauses) timer.start();
    return timer;
  }

  /** Drop every timer (the match closed). */
  cancelAll() {
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }
}
