// Moves in words (web/table/describe.js): an extension in Take says what a joker will stand for
// (K-5), at either end, and what the extension does to ownership (K-12) and the lock (K-14).

import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage } = await import("../../web/i18n/index.js");
const { describeAction, describeHint, describeReason, extendFaces } = await import("../../web/table/describe.js");
const { t } = await import("../../web/i18n/index.js");

const sevenToNine = { id: 4, owner: 1, kind: "run", cards: ["7S", "8S", "9S"], faces: ["7S", "8S", "9S"] };
const view = {
  game: "take", seat: 0, players: 2, seat_kinds: ["human", "normal"], phase: "play", to_move: 0,
  melds: [sevenToNine],
};

test("a joker above the top of a sequence stands for the next card up", () => {
  assert.deepEqual(extendFaces(sevenToNine, { kind: "extend", meld: 4, cards: ["JK"], end: "high" }), ["10S"]);
  assert.deepEqual(extendFaces(sevenToNine, { kind: "extend", meld: 4, cards: ["10S", "JK.1"], end: "high" }), ["10S", "JS"]);
});

test("a joker below the bottom stands for the next card down", () => {
  assert.deepEqual(extendFaces(sevenToNine, { kind: "extend", meld: 4, cards: ["JK", "6S"], end: "low" }), ["5S", "6S"]);
});

test("a joker on top of a king stands for the ace, and past the ace for nothing", () => {
  const high = { id: 2, owner: 1, kind: "run", cards: ["JH", "QH", "KH"], faces: ["JH", "QH", "KH"] };
  assert.deepEqual(extendFaces(high, { kind: "extend", meld: 2, cards: ["JK"], end: "high" }), ["AH"]);
  assert.deepEqual(extendFaces(high, { kind: "extend", meld: 2, cards: ["AH", "JK"], end: "high" }), ["AH", null]);
});

test("the take-over choice names the joker's card and the take-over, in every language", () => {
  const action = { kind: "extend", seat: 0, meld: 4, cards: ["JK"], end: "high" };
  setLanguage("en");
  const english = describeAction(view, action, { short: true });
  assert.match(english, /joker as the ten of spades/i);
  assert.match(english, /take this sequence over/);
  setLanguage("nb");
  assert.match(describeAction(view, action, { short: true }), /joker som spar ti|joker som/i);
  setLanguage("uk");
  assert.match(describeAction(view, action, { short: true }), /джокер/i);
  setLanguage("en");
});

test("a lay-off at one end of a run names the end with no stray space when no joker moves", () => {
  const tressView = {
    game: "tress", seat: 0, players: 3, seat_kinds: ["human", "normal", "normal"], phase: "play", to_move: 0,
    melds: [{ id: 0, owner: 1, kind: "run", cards: ["5H", "6H", "7H"], faces: ["5H", "6H", "7H"] }],
  };
  for (const lang of ["en", "nb", "uk"]) {
    setLanguage(lang);
    const text = describeAction(tressView, { kind: "lay_off", seat: 0, card: "4H", meld: 0, end: "low" });
    assert.doesNotMatch(text, / \)/, `${lang}: ${text}`);
    assert.match(text, /\(\S[^)]*\S\)\.$/, `${lang}: ${text}`);
  }
  setLanguage("en");
});

test("the hint's lay-off and extension are whole sentences; a take-over preview follows as one more", () => {
  const takeView = {
    game: "take", seat: 0, players: 2, seat_kinds: ["human", "normal"], phase: "play", to_move: 0,
    melds: [{ id: 3, owner: 1, kind: "run", start: 5, cards: ["5H", "6H", "7H"], faces: ["5H", "6H", "7H"] }],
  };
  const extend = { kind: "extend", seat: 0, meld: 3, cards: ["8H"], end: "high" };
  assert.equal(describeAction(takeView, extend),
    "Add the eight of hearts to North’s sequence (at the high end). You will take this sequence over from North.");
  assert.equal(describeAction(takeView, extend, { short: true }),
    "eight of hearts · at the high end — You will take this sequence over from North.");
  for (const lang of ["nb", "uk"]) {
    setLanguage(lang);
    assert.match(describeAction(takeView, extend), /\)\. \S.*\.$/, lang);
  }
  setLanguage("en");
});

test("an extension names its cards as the verb's object: the accusative in Ukrainian", () => {
  setLanguage("uk");
  const text = describeAction(view, { kind: "extend", seat: 0, meld: 4, cards: ["10S"], end: "high" });
  assert.match(text, /^Додайте десятку пік/, text);
  setLanguage("en");
});

test("with a call pending, the drawer's answers are worded as the buttons that give them (T-17)", () => {
  const claim = { game: "tress", seat: 0, players: 4, seat_kinds: ["human", "normal", "normal", "normal"],
    phase: "claim", to_move: 0, claims: [2], melds: [], discard_top: "7D" };
  const action = { kind: "draw_stock", seat: 0 };
  setLanguage("en");
  assert.equal(describeAction(claim, action), "Let North have it: you draw from the stock.");
  assert.equal(describeAction({ ...claim, phase: "draw", claims: [] }, action), "Draw from the stock.");
  const keep = { kind: "draw_discard", seat: 0 };
  assert.equal(describeAction(claim, keep), "Take it myself: you draw the seven of diamonds from the discard pile.");
  assert.equal(describeAction({ ...claim, phase: "draw", claims: [] }, keep), "Take the seven of diamonds from the discard pile.");
  setLanguage("nb");
  assert.equal(describeAction(claim, action), "La Nord få det: du trekker fra bunken.");
  assert.match(describeAction(claim, keep), /^Jeg tar det selv: /);
  setLanguage("uk");
  assert.match(describeAction(claim, action), /^Віддайте карту \(Північ\)/);
  assert.match(describeAction(claim, keep), /^Беру сам: /);
  setLanguage("en");
});

test("a Tress lay-down in the hint is a sentence; in a chooser, the melds alone", () => {
  const tress = { ...view, game: "tress", melds: [] };
  const action = { kind: "lay_down", seat: 0, melds: [{ kind: "set", cards: ["5C", "5D", "5S"] }, { kind: "set", cards: ["9H", "9S", "JK"] }] };
  for (const lang of ["en", "nb", "uk"]) {
    setLanguage(lang);
    const long = describeAction(tress, action);
    assert.ok(long.endsWith("."), `${lang}: ${long}`);
    assert.ok(long.includes(" · "), `${lang}: ${long}`);
    const short = describeAction(tress, action, { short: true });
    assert.ok(!short.endsWith(".") && long.includes(short), `${lang}: ${short}`);
  }
  setLanguage("en");
});

/** A Take table where North owns the sequence ``cards`` (id 3) and seat 0 may take it over by adding
 * ``card`` at its high end: the view, the extension and the take-over reason. */
function takeOverCase(start, cards, card) {
  const takeView = {
    game: "take", seat: 0, players: 2, seat_kinds: ["human", "normal"], phase: "play", to_move: 0,
    melds: [{ id: 3, owner: 1, kind: "run", start, cards, faces: cards }],
  };
  const extend = { kind: "extend", seat: 0, meld: 3, cards: [card], end: "high" };
  const takeOver = { id: "play.take_over", params: { cards: extend.cards, meld: 3, owner: 1, size: cards.length + 1 }, text: "english" };
  return { takeView, extend, takeOver };
}

test("a take-over hint says the take-over once, in the reason, in every language (K-12)", () => {
  const { takeView, extend, takeOver } = takeOverCase(5, ["5H", "6H", "7H", "8H"], "9H");
  for (const lang of ["en", "nb", "uk"]) {
    setLanguage(lang);
    // The take-over sentence's first words ("You will take"), the same with or without the lock.
    const preview = t("preview.takeOver", { name: "" }).split(" ").slice(0, 3).join(" ");
    const { text, why } = describeHint(takeView, extend, takeOver);
    assert.ok(!text.includes(preview), `${lang}: the move repeats the take-over: ${text}`);
    assert.equal(text, describeAction(takeView, extend).split(". ")[0] + ".", `${lang}: ${text}`);
    assert.equal(why, describeReason(takeView, takeOver), lang);
    // A look-ahead wrapping the take-over's reason says it too.
    const wrapped = { id: "lookahead.confirmed", params: { reason: takeOver }, text: "english" };
    assert.ok(!describeHint(takeView, extend, wrapped).text.includes(preview), `${lang}: wrapped`);
    // Another reason leaves the move's own take-over sentence, the only one then.
    const other = { id: "play.extend", params: { cards: extend.cards, meld: 3, end: "high" }, text: "english" };
    assert.equal(describeHint(takeView, extend, other).text, describeAction(takeView, extend), lang);
  }
  setLanguage("en");
  assert.equal(describeHint(takeView, extend, takeOver).text, "Add the nine of hearts to North’s sequence (at the high end).");
});

test("a take-over hint that locks the sequence still says it locks (K-14)", () => {
  const { takeView, extend, takeOver } = takeOverCase(10, ["10H", "JH", "QH", "KH"], "AH");
  for (const lang of ["en", "nb", "uk"]) {
    setLanguage(lang);
    const { text } = describeHint(takeView, extend, takeOver);
    assert.ok(text.endsWith(` ${t("preview.lock")}`), `${lang}: ${text}`);
  }
  setLanguage("en");
});

test("a hint to let a take-it chance go is the pass words", () => {
  setLanguage("en");
  assert.equal(describeHint(view, null, null).text, t("hint.pass"));
});
