// Bringing the meld a hint names into view (web/table/reveal.js): how far the melds' box scrolls.

import assert from "node:assert/strict";
import { test } from "node:test";

const { revealDelta } = await import("../../web/table/reveal.js");

const shown = { top: 200, bottom: 450 };

test("a meld in view needs no scrolling", () => {
  assert.equal(revealDelta(shown, { top: 260, bottom: 330 }), 0);
});

test("a meld below the fold scrolls up into view, its foot a margin above the edge", () => {
  assert.equal(revealDelta(shown, { top: 672, bottom: 742 }), 742 - 444);
});

test("a meld above the part in view (under a hint's box, or scrolled past) scrolls down to show", () => {
  assert.equal(revealDelta(shown, { top: 150, bottom: 220 }), 150 - 206);
});

test("a meld taller than the part in view shows from its top", () => {
  assert.equal(revealDelta(shown, { top: 500, bottom: 900 }), 500 - 206);
});
