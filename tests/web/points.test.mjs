// Points as the table writes them (web/table/points.js): one minus sign, no "−0".
import { test } from "node:test";
import assert from "node:assert/strict";

import { points } from "../../web/table/points.js";

test("a negative number takes the minus sign U+2212, as the score lines' subtraction does", () => {
  assert.equal(points(-45), "\u221245");
  assert.equal(points(45), "45");
});

test("zero is written 0 whichever way it is asked for", () => {
  assert.equal(points(0), "0");
  assert.equal(points(0, { negate: true }), "0");
  assert.equal(points(0, { plus: true }), "0");
});

test("a hand's result in Take may carry a plus; cards held are written as points against", () => {
  assert.equal(points(55, { plus: true }), "+55");
  assert.equal(points(-20, { plus: true }), "\u221220");
  assert.equal(points(40, { negate: true }), "\u221240");
});
