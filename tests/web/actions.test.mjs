// Building actions from a view's legal actions (web/table/actions.js): the page sends back the
// engine's own action JSON, found by what the person did.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as A from "../../web/table/actions.js";

const tressDraw = {
  game: "tress", seat: 0, phase: "draw",
  legal_actions: [
    { kind: "draw_stock", seat: 0 },
    { kind: "draw_discard", seat: 0 },
    { kind: "call", seat: 2 },
  ],
};

const tressPlay = {
  game: "tress", seat: 1, phase: "play",
  legal_actions: [
    { kind: "lay_down", seat: 1, melds: [{ kind: "set", cards: ["4H", "4S", "4C"] }, { kind: "set", cards: ["KD", "KS", "JK"] }] },
    { kind: "lay_off", seat: 1, card: "JK", meld: 2, end: "high" },
    { kind: "lay_off", seat: 1, card: "JK", meld: 2, end: "low" },
    { kind: "lay_off", seat: 1, card: "9C", meld: 4, end: "high" },
    { kind: "swap_joker", seat: 1, card: "6H", meld: 0 },
    { kind: "discard", seat: 1, card: "7C" },
    { kind: "discard", seat: 1, card: "9C" },
  ],
};

const takePlay = {
  game: "take", seat: 0, phase: "play",
  legal_actions: [
    { kind: "lay_down", seat: 0, cards: ["5C", "JK", "7C"] },
    { kind: "extend", seat: 0, meld: 0, cards: ["JK"], end: "high" },
    { kind: "discard", seat: 0, card: "3S" },
  ],
};

test("only the viewer's own actions count", () => {
  assert.deepEqual(A.mine(tressDraw).map((a) => a.kind), ["draw_stock", "draw_discard"]);
  assert.equal(A.callAction(tressDraw), null, "seat 2's call is not the viewer's");
  assert.deepEqual(A.callAction({ ...tressDraw, seat: 2 }), { kind: "call", seat: 2 });
});

test("draws by source", () => {
  assert.deepEqual(A.drawAction(tressDraw, "stock"), { kind: "draw_stock", seat: 0 });
  assert.deepEqual(A.drawAction(tressDraw, "discard"), { kind: "draw_discard", seat: 0 });
  assert.equal(A.drawAction(tressPlay, "stock"), null);
});

test("discards by card, and the cards and meld an action moves", () => {
  assert.deepEqual([...A.discardActions(tressPlay).keys()], ["7C", "9C"]);
  assert.deepEqual(A.actionCards(tressPlay.legal_actions[1]), ["JK"]);
  assert.deepEqual(A.actionCards(takePlay.legal_actions[1]), ["JK"]);
  assert.equal(A.actionMeld(tressPlay.legal_actions[1]), 2);
  assert.equal(A.actionMeld(tressPlay.legal_actions[0]), null, "a lay-down makes new melds");
});

test("lay-offs of exactly the chosen cards, on one meld or any", () => {
  assert.equal(A.layOffs(tressPlay, ["JK"], 2).length, 2, "both ends of meld 2");
  assert.deepEqual(A.layOffs(tressPlay, ["JK"], 4), []);
  assert.deepEqual([...A.meldTargets(tressPlay, ["9C"])], [4]);
  assert.deepEqual([...A.meldTargets(tressPlay, ["6H"])], [0], "a joker swap goes on its meld");
  assert.deepEqual([...A.meldTargets(tressPlay, [])], []);
  assert.deepEqual(A.layOffs(takePlay, ["JK"]), [takePlay.legal_actions[1]]);
});

test("lay-downs of both games", () => {
  assert.deepEqual(A.layDownActions(tressPlay), [tressPlay.legal_actions[0]]);
  assert.deepEqual(A.layDownActions(takePlay), [takePlay.legal_actions[0]]);
});

test("the drawer's answers to a call: keep the card, or let the caller have it (T-16)", () => {
  const asked = { game: "tress", seat: 1, phase: "claim", legal_actions: [
    { kind: "draw_discard", seat: 1 }, { kind: "grant", seat: 1 },
  ] };
  assert.deepEqual(A.claimAnswers(asked), { take: { kind: "draw_discard", seat: 1 }, grant: { kind: "grant", seat: 1 } });
});

test("moving on after a round or a hand", () => {
  assert.deepEqual(A.continueAction({ seat: 2, legal_actions: [{ kind: "next_round", seat: 2 }] }), { kind: "next_round", seat: 2 });
  assert.deepEqual(A.continueAction({ seat: 0, legal_actions: [{ kind: "next_hand", seat: 0 }] }), { kind: "next_hand", seat: 0 });
  assert.equal(A.continueAction(tressPlay), null);
});

test("the same action whatever the order of its keys", () => {
  assert.ok(A.sameAction({ kind: "discard", seat: 1, card: "7C" }, { card: "7C", seat: 1, kind: "discard" }));
  assert.ok(!A.sameAction({ kind: "discard", seat: 1, card: "7C" }, { kind: "discard", seat: 1, card: "9C" }));
  assert.ok(A.sameAction(tressPlay.legal_actions[0], JSON.parse(JSON.stringify(tressPlay.legal_actions[0]))));
});
