// The "take it" window's schedule (web/table/claim-window.js) on a clock the test moves by hand.

import assert from "node:assert/strict";
import { test } from "node:test";

import { callersOf, ClaimWindow, GRACE_MS } from "../../web/table/claim-window.js";
import { Pauser } from "../../web/table/pauser.js";

/** A clock whose time moves only when the test says: advance(ms) runs what falls due, in order. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const due = new Map();
  return {
    now: () => now,
    setTimeout: (fn, ms) => { const id = nextId++; due.set(id, { at: now + ms, fn }); return id; },
    clearTimeout: (id) => { due.delete(id); },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = [...due.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!next) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].fn();
        await flush();
      }
      now = end;
      await flush();
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A window whose every effect is written to `log` with the clock's time. */
function windowOn(clock, { open = () => true, canCall = true } = {}) {
  const log = [];
  const timers = new Pauser({ clock });
  const claims = new ClaimWindow({
    timers,
    stillOpen: open,
    botCall: async (seat) => { log.push(`${clock.now()} bot ${seat}`); },
    show: (spec) => { log.push(`${clock.now()} show ${spec.ms}`); claims.bar = spec; },
    hide: () => log.push(`${clock.now()} hide`),
    release: () => log.push(`${clock.now()} release`),
    personCall: () => (canCall ? (log.push(`${clock.now()} person`), Promise.resolve()) : null),
  });
  return { claims, log, timers };
}

const OFFERS = [
  { seat: 2, call: true, delay_ms: 900, cut_short: false },
  { seat: 1, call: false, delay_ms: 100, cut_short: false },
  { seat: 3, call: true, delay_ms: 400, cut_short: false },
];

test("callers: only seats that call, at their delay times the speed factor, earliest first", () => {
  assert.deepEqual(callersOf(OFFERS, 0.5), [{ seat: 3, at: 200 }, { seat: 2, at: 450 }]);
  assert.deepEqual(callersOf([{ seat: 2, call: true, delay_ms: 100, cut_short: false },
    { seat: 1, call: true, delay_ms: 100, cut_short: false }], 1).map((c) => c.seat), [1, 2]);
});

test("the person's countdown runs; callers inside it speak at their times; then it closes", async () => {
  const clock = fakeClock();
  const { claims, log } = windowOn(clock);
  let done = false;
  claims.run({ callers: callersOf(OFFERS, 1), personDue: false, personCan: true, countdownMs: 600, untilDiscard: false })
    .then(() => { done = true; });
  await clock.advance(599 + GRACE_MS);
  assert.equal(done, false);
  assert.ok(claims.decision, "the person has not decided yet");
  await clock.advance(1);
  assert.equal(done, true);
  // Seat 2 (900 ms) is later than the window and never calls.
  assert.deepEqual(log, ["0 show 600", "400 bot 3", `${600 + GRACE_MS} hide`]);
  assert.equal(claims.decision, null);
});

test("passing lets the pending callers speak at once, earliest first", async () => {
  const clock = fakeClock();
  const { claims, log } = windowOn(clock);
  const run = claims.run({ callers: callersOf(OFFERS, 1), personDue: false, personCan: true, countdownMs: 1000, untilDiscard: false });
  await clock.advance(100);
  claims.bar.onPass();
  await run;
  assert.deepEqual(log, ["0 show 1000", "100 hide", "100 bot 3", "100 bot 2"]);
});

test("after the person's call the window closes once the later callers have spoken", async () => {
  const clock = fakeClock();
  const { claims, log } = windowOn(clock);
  let done = false;
  claims.run({ callers: callersOf(OFFERS, 1), personDue: false, personCan: true, countdownMs: 1000, untilDiscard: false })
    .then(() => { done = true; });
  await clock.advance(50);
  await claims.bar.onCall();
  assert.equal(done, false);
  await clock.advance(900 - 50);
  assert.equal(done, true);
  assert.deepEqual(log, ["0 show 1000", "50 person", "50 hide", "400 bot 3", "900 bot 2", "900 hide"]);
});

test("the person due to draw: callers race the draw and the window does not wait", async () => {
  const clock = fakeClock();
  const { claims, log } = windowOn(clock);
  await claims.run({ callers: callersOf(OFFERS, 1), personDue: true, personCan: false, countdownMs: 600, untilDiscard: false });
  assert.deepEqual(log, []);
  await clock.advance(1000);
  assert.deepEqual(log, ["400 bot 3", "900 bot 2"]);
});

test("no person to call: the window lasts until the last caller", async () => {
  const clock = fakeClock();
  const { claims, log } = windowOn(clock);
  let done = false;
  claims.run({ callers: callersOf(OFFERS, 1), personDue: false, personCan: false, countdownMs: 600, untilDiscard: false })
    .then(() => { done = true; });
  await clock.advance(900 + GRACE_MS);
  assert.equal(done, true);
  assert.deepEqual(log, ["400 bot 3", "900 bot 2", `${900 + GRACE_MS} hide`]);
});

test("until_discard: past the countdown the bar stays; it closes once the window is no longer open", async () => {
  const clock = fakeClock();
  let open = true;
  const { claims, log } = windowOn(clock, { open: () => open });
  let done = false;
  claims.run({ callers: callersOf(OFFERS, 1), personDue: false, personCan: true, countdownMs: 300, untilDiscard: true })
    .then(() => { done = true; });
  await clock.advance(300 + GRACE_MS);
  assert.equal(done, true, "the drawer goes on");
  assert.ok(claims.late, "the bar waits for the discard");
  claims.late();
  assert.ok(claims.late, "still open: nothing closes");
  open = false;
  claims.late();
  await flush();
  assert.equal(claims.late, null);
  assert.deepEqual(log, ["0 show 300", `${300 + GRACE_MS} release`, `${300 + GRACE_MS} hide`]);
});

test("a window over the table stops the countdown and the callers until it closes", async () => {
  const clock = fakeClock();
  const { claims, log, timers } = windowOn(clock);
  let done = false;
  claims.run({ callers: callersOf(OFFERS, 1), personDue: false, personCan: true, countdownMs: 600, untilDiscard: false })
    .then(() => { done = true; });
  await clock.advance(200);
  let close;
  const shown = timers.during(() => new Promise((resolve) => { close = resolve; }));
  await clock.advance(5000);
  assert.deepEqual(log, ["0 show 600"], "nothing moves while paused");
  close();
  await shown;
  await clock.advance(200);
  assert.deepEqual(log, ["0 show 600", "5400 bot 3"]);
  await clock.advance(200 + GRACE_MS);
  assert.equal(done, true);
});
