// The "take it" window after a new card on the discard pile (Tress, T-15..T-19): when each
// computer caller speaks, how long the person's countdown runs, and when the window closes. It
// knows nothing of the page: the timers come from a Pauser (web/table/pauser.js, clock injected)
// and everything it does at the table goes through the callbacks it is given.

/** @typedef {import("../engine/client.js").ClaimOffer} ClaimOffer */
/** @typedef {import("./pauser.js").Pauser} Pauser */

/**
 * The computer seats that call, each with the moment it calls (its delay times `factor`,
 * milliseconds), earliest first (then by seat).
 * @param {ClaimOffer[]} offers
 * @param {number} factor the speed setting's claimDelayFactor
 * @returns {{seat: number, at: number}[]}
 */
export function callersOf(offers, factor) {
  return offers.filter((offer) => offer.call)
    .map((offer) => ({ seat: offer.seat, at: Math.round(offer.delay_ms * factor) }))
    .sort((a, b) => a.at - b.at || a.seat - b.seat);
}

/** Extra time past the countdown before the window closes, so the bar's end is seen (milliseconds). */
export const GRACE_MS = 30;

export class ClaimWindow {
  /**
   * @param {{timers: Pauser, stillOpen: () => boolean, botCall: (seat: number) => Promise<void>,
   *   show: (spec: {ms: number, onCall: () => void, onPass: () => void}) => void, hide: () => void,
   *   release: () => void, personCall: () => Promise<void> | null}} parts
   *   stillOpen: the card may still be called; botCall: that computer seat calls (a call too late
   *   is swallowed by the caller); show/hide: the person's countdown bar; release: under
   *   until_discard, the countdown is over but the bar stays until the drawer's discard;
   *   personCall: the person calls, or null when the person can no longer call
   */
  constructor(parts) {
    this.parts = parts;
    /** @type {Promise<void> | null} while the person's countdown runs: settles when the person decides */
    this.decision = null;
    /** @type {(() => void) | null} until_discard, after release: closes the window once it is no longer open */
    this.late = null;
  }

  /**
   * Run one window. With the person due to draw, the computer callers race the person's draw and
   * this returns at once. Otherwise it returns when the window closes (or, under until_discard
   * with the person able to call, once the countdown is over: `late` then closes it).
   * @param {{callers: {seat: number, at: number}[], personDue: boolean, personCan: boolean,
   *   countdownMs: number, untilDiscard: boolean}} spec countdownMs: the person's countdown
   * @returns {Promise<void>}
   */
  async run({ callers, personDue, personCan, countdownMs, untilDiscard }) {
    const { timers, stillOpen, botCall, show, hide, release, personCall } = this.parts;
    if (personDue) {
      for (const caller of callers) timers.later(caller.at, () => { botCall(caller.seat); });
      return;
    }
    const windowMs = personCan ? countdownMs : (callers.at(-1)?.at ?? 0);
    await new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      const pending = new Set(untilDiscard ? callers : callers.filter((caller) => caller.at <= windowMs));
      /** @type {import("./pauser.js").PausableTimer[]} */
      const started = [];
      let finished = false;
      let called = false;
      /** @type {() => void} */
      let decided = () => {};
      this.decision = new Promise((settle) => { decided = () => settle(undefined); });
      const finish = async (/** @type {boolean} */ flush) => {
        if (finished) return;
        finished = true;
        decided();
        this.decision = null;
        this.late = null;
        for (const timer of started) timer.cancel();
        hide();
        if (flush) {
          for (const caller of [...pending].sort((a, b) => a.at - b.at)) await botCall(caller.seat);
        }
        resolve();
      };
      for (const caller of pending) {
        started.push(timers.later(caller.at, async () => {
          await botCall(caller.seat);
          pending.delete(caller);
          // After the person's call, the window closes once the later callers have spoken.
          if (called && !pending.size) finish(false);
        }));
      }
      // until_discard: the countdown over, the drawer plays on while the bar stays up;
      // `late` closes it when the discard lands (or the round ends).
      const releaseBar = () => {
        if (finished) return;
        this.late = () => { if (!stillOpen()) finish(false); };
        release();
        resolve();
      };
      started.push(timers.later(windowMs + GRACE_MS,
        () => (untilDiscard && personCan && !called ? releaseBar() : finish(false))));
      if (personCan) {
        show({
          ms: windowMs,
          onCall: async () => {
            if (called) return;
            const calling = personCall();
            if (!calling) return;
            called = true;
            decided();
            hide();
            await calling;
            if (!pending.size) finish(false);
          },
          onPass: () => finish(true),
        });
      }
    });
  }
}
