// The log's lines (web/table/log.js): every event the engines send reads as a sentence in each
// language, with no key or placeholder left over; a few English lines word for word.

import assert from "node:assert/strict";
import { test } from "node:test";

// setLanguage() writes <html lang>; the log needs nothing else of a page.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage } = await import("../../web/i18n/index.js");
const { describeEvent, logLines } = await import("../../web/table/log.js");

const tress = { game: "tress", seat: 0, players: 3, seat_kinds: ["human", "normal", "hard"] };
const take = { game: "take", seat: 0, players: 2, seat_kinds: ["human", "easy"] };
const run = { id: 3, owner: 1, kind: "run", cards: ["5H", "JK", "7H"], faces: ["5H", "6H", "7H"], start: 5, locked: false };
const set = { id: 2, owner: 2, kind: "set", cards: ["KD", "KS", "JK"], faces: ["KD", "KS", "K"], start: null, locked: false };

/** One event of every kind the engines send (docs/formats.md, "Events"), for either game. */
const EVENTS = [
  [tress, { kind: "dealt", round: 1, dealer: 2, hand_counts: [10, 10, 10], discard_top: "9C" }],
  [take, { kind: "dealt", round: 2, dealer: 1, hand_counts: [7, 7], discard_top: "9C" }],
  [tress, { kind: "card_drawn", seat: 0, source: "stock", card: "4H" }],
  [tress, { kind: "card_drawn", seat: 1, source: "stock", card: null }],
  [tress, { kind: "card_drawn", seat: 2, source: "discard", card: "9C" }],
  [tress, { kind: "card_drawn", seat: 0, source: "stock", card: "4H", penalty: true }],
  [tress, { kind: "card_drawn", seat: 1, source: "stock", card: null, penalty: true }],
  [tress, { kind: "card_discarded", seat: 1, card: "QS" }],
  [tress, { kind: "meld_created", seat: 1, meld_id: 3, meld: run }],
  [tress, { kind: "meld_created", seat: 0, meld_id: 2, meld: set }],
  [tress, { kind: "meld_extended", seat: 0, meld_id: 3, cards: ["8H"], end: "high", meld: { ...run, cards: [...run.cards, "8H"], faces: [...run.faces, "8H"] } }],
  [tress, { kind: "meld_extended", seat: 1, meld_id: 3, cards: ["4H"], end: "low", meld: run }],
  [tress, { kind: "joker_swapped", seat: 2, meld_id: 3, card: "6H", joker: "JK", meld: run }],
  [tress, { kind: "claim_called", seat: 2, card: "9C" }],
  [tress, { kind: "claim_granted", seat: 2, card: "9C", by: 1 }],
  [tress, { kind: "claim_refused", seat: 1, callers: [2] }],
  [tress, { kind: "claim_refused", seat: 0, callers: [2] }],
  [tress, { kind: "stock_rebuilt", count: 23 }],
  [tress, { kind: "dead_stock", rebuilds: 2 }],
  [tress, { kind: "round_scored", round: 3, points: [0, 20, 35], hands: [], totals: [0, 20, 35], out: 0 }],
  [take, { kind: "round_scored", round: 1, points: [10, -5], hands: [], totals: [10, -5], out: null }],
  [tress, { kind: "match_over", winners: [0, 2], totals: [10, 40, 10] }],
  [take, { kind: "sequence_taken_over", meld_id: 0, from: 1, to: 0, cards: ["4C"], bottom_added: [] }],
  [take, { kind: "sequence_locked", meld_id: 0, seat: 0, owner: 0 }],
];

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: every event kind reads as a line, nothing left unfilled`, () => {
    setLanguage(lang, { remember: false });
    const wrong = [];
    for (const [view, event] of EVENTS) {
      const line = describeEvent(view, event);
      if (typeof line !== "string" || !line.trim() || /⟦|\{\w+\}/.test(line)) wrong.push(`${event.kind}: ${JSON.stringify(line)}`);
    }
    assert.deepEqual(wrong, []);
  });
}

test("en: the lines as the table shows them", () => {
  setLanguage("en", { remember: false });
  const line = (view, event) => describeEvent(view, event);
  assert.equal(line(tress, EVENTS[3][1]), "West drew from the stock.");
  assert.equal(line(tress, EVENTS[7][1]), "West discarded the queen of spades.");
  assert.equal(line(tress, EVENTS[13][1]), "East: “take it!”");
  assert.equal(line(tress, { kind: "stock_rebuilt", count: 1 }), "The discard pile became the new stock (1 card).");
  assert.equal(line(tress, { kind: "stock_rebuilt", count: 23 }), "The discard pile became the new stock (23 cards).");
  assert.equal(line(take, EVENTS[20][1]), "Hand 1 is scored.");
});

test("an event the log does not tell of gives no line", () => {
  assert.equal(describeEvent(tress, { kind: "no_such_event" }), null);
});

/** A granted call with its penalty card, and a drawer keeping the called card: two events each. */
const GRANTED = [
  { kind: "claim_granted", seat: 2, card: "4S", by: 1 },
  { kind: "card_drawn", seat: 2, source: "stock", card: null, penalty: true },
];
const KEPT = [
  { kind: "claim_refused", seat: 1, callers: [2] },
  { kind: "card_drawn", seat: 1, source: "discard", card: "9C" },
];

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: one line per event: a granted call with its penalty card, a kept card`, () => {
    setLanguage(lang, { remember: false });
    for (const pair of [GRANTED, KEPT]) {
      const lines = logLines(tress, pair);
      assert.equal(lines.length, 1, JSON.stringify(lines));
      assert.doesNotMatch(lines[0].text, /⟦|\{\w+\}/);
    }
    const mine = logLines(tress, [{ ...GRANTED[0], seat: 0 }, { ...GRANTED[1], seat: 0, card: "5H" }]);
    assert.equal(mine.length, 1);
    // Events between them are lines of their own.
    assert.equal(logLines(tress, [GRANTED[0], { kind: "card_discarded", seat: 1, card: "QS" }, KEPT[1]]).length, 3);
  });
}

test("en: the joined lines word for word", () => {
  setLanguage("en", { remember: false });
  assert.deepEqual(logLines(tress, GRANTED).map((l) => l.text), ["East got the four of spades and a penalty card."]);
  assert.deepEqual(logLines(tress, KEPT).map((l) => l.text), ["West took the nine of clubs instead of East."]);
  assert.deepEqual(logLines(tress, [{ ...GRANTED[0], seat: 0 }, { ...GRANTED[1], seat: 0, card: "5H" }]).map((l) => l.text),
    ["You got the four of spades and drew the five of hearts as your penalty card."]);
});

/** A take-over (K-12): the extension at the high end and the take-over it made, as the engine sends them. */
const TAKE_OVER = (seat, from) => [
  { kind: "meld_extended", seat, meld_id: 4, cards: ["8S"], end: "high", meld: { id: 4, owner: seat, kind: "sequence", cards: ["5S", "6S", "7S", "8S"], faces: ["5S", "6S", "7S", "8S"], start: 5, locked: false } },
  { kind: "sequence_taken_over", meld_id: 4, from, to: seat, cards: ["5S", "6S", "7S", "8S"], bottom_added: [] },
];

test("a take-over reads as one line naming the card and the owner it was taken from, in each language", () => {
  const expected = {
    en: ["North added the eight of spades and took over the sequence from you.", "You added the eight of spades and took over the sequence from North."],
    nb: ["Nord la spar åtte på og tok over serien fra deg.", "Du la spar åtte på og tok over serien fra Nord."],
    uk: ["Північ додає вісімку пік і забирає послідовність у вас.", "Ви додали вісімку пік і забрали послідовність у Півночі."],
  };
  for (const lang of ["en", "nb", "uk"]) {
    setLanguage(lang, { remember: false });
    const got = [logLines(take, TAKE_OVER(1, 0)), logLines(take, TAKE_OVER(0, 1))].map((lines) => lines.map((l) => l.text));
    assert.deepEqual(got, expected[lang].map((line) => [line]), lang);
  }
  // An extension of one's own sequence is not a take-over and keeps its own line.
  setLanguage("en", { remember: false });
  assert.deepEqual(logLines(take, [TAKE_OVER(1, 0)[0]]).map((l) => l.text), ["North added the eight of spades to their own sequence."]);
});

test("uk: the cards a verb acts on are in the accusative, «до» takes the genitive", () => {
  setLanguage("uk", { remember: false });
  const extend = { kind: "meld_extended", seat: 0, meld_id: 3, cards: ["6C"], end: "high", meld: { ...run, cards: ["4C", "5C", "6C"], faces: ["4C", "5C", "6C"] } };
  assert.equal(describeEvent(tress, extend), "Ви додали шістку треф до послідовності Заходу.");
  assert.equal(describeEvent(tress, { kind: "card_discarded", seat: 1, card: "QS" }), "Захід скидає даму пік.");
  assert.equal(describeEvent(tress, { kind: "card_drawn", seat: 2, source: "discard", card: "AH" }), "Схід бере зі скидання туза чирв.");
  assert.equal(describeEvent(tress, { kind: "meld_extended", seat: 1, meld_id: 3, cards: ["4H"], end: "low", meld: run }), "Захід додає четвірку чирв до своєї послідовності.");
  assert.deepEqual(logLines(tress, GRANTED).map((l) => l.text), ["Схід отримує четвірку пік і штрафну карту."]);
  assert.deepEqual(logLines(tress, KEPT).map((l) => l.text), ["Захід бере дев’ятку треф собі замість Сходу."]);
});

test("the person's own lock, take-over and granted card read in the second person, in each language", () => {
  const expected = {
    en: ["You locked a sequence.", "You took over a sequence from North.", "You got the nine of clubs.", "North locked a sequence."],
    nb: ["Du låste en serie.", "Du tok over en serie fra Nord.", "Du fikk kløver ni.", "Nord låste en serie."],
    uk: ["Ви заблокували послідовність.", "Ви забрали послідовність у Півночі.", "Ви отримали дев’ятку треф.", "Північ блокує послідовність."],
  };
  for (const lang of ["en", "nb", "uk"]) {
    setLanguage(lang, { remember: false });
    const got = [
      describeEvent(take, { kind: "sequence_locked", meld_id: 0, seat: 0, owner: 0 }),
      describeEvent(take, { kind: "sequence_taken_over", meld_id: 0, from: 1, to: 0, cards: ["4C"], bottom_added: [] }),
      describeEvent(tress, { kind: "claim_granted", seat: 0, card: "9C", by: 1 }),
      describeEvent(take, { kind: "sequence_locked", meld_id: 0, seat: 1, owner: 1 }),
    ];
    assert.deepEqual(got, expected[lang], lang);
  }
  setLanguage("en", { remember: false });
});

test("the person's own deal has a line of its own, the verb agreeing with «Ви» in Ukrainian", () => {
  const deal = (view, dealer) => describeEvent(view, { kind: "dealt", round: 1, dealer, hand_counts: [], discard_top: "9C" });
  setLanguage("uk");
  assert.equal(deal(take, 0), "Роздача 1: роздаєте Ви.");
  assert.equal(deal(take, 1), "Роздача 1: роздає Північ.");
  assert.equal(deal(tress, 0), "Раунд 1: роздаєте Ви.");
  setLanguage("nb");
  assert.equal(deal(tress, 0), "Runde 1: Du delte ut.");
  setLanguage("en");
  assert.equal(deal(take, 0), "Hand 1: You dealt.");
  assert.equal(deal(tress, 2), "Round 1: East dealt.");
});

/** North discards the nine of clubs, West the four of spades, which East calls for and gets (T-17). */
const DEAD_AFTER = [
  { kind: "card_discarded", seat: 2, card: "9C" },
  { kind: "card_drawn", seat: 1, source: "stock", card: null },
  { kind: "card_discarded", seat: 1, card: "4S" },
  { kind: "claim_called", seat: 2, card: "4S" },
  ...GRANTED,
];

test("en: a granted call is followed by a line naming the card it left dead (T-17)", () => {
  setLanguage("en", { remember: false });
  const lines = logLines(tress, DEAD_AFTER);
  assert.deepEqual(lines.slice(-2).map((l) => [l.kind, l.text]), [
    ["claim_granted", "East got the four of spades and a penalty card."],
    ["discard_dead", "The card beneath (nine of clubs) is dead: nobody may take it until the next discard."],
  ]);
  // The line stays once the next discard has ended it: the log tells what happened then.
  const later = logLines(tress, [...DEAD_AFTER, { kind: "card_drawn", seat: 1, source: "stock", card: null },
    { kind: "card_discarded", seat: 1, card: "KD" }]);
  assert.equal(later.filter((l) => l.kind === "discard_dead").length, 1);
});

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: the dead card's line reads as a sentence naming the card`, () => {
    setLanguage(lang, { remember: false });
    const line = logLines(tress, DEAD_AFTER).at(-1);
    assert.equal(line.kind, "discard_dead");
    assert.doesNotMatch(line.text, /⟦|\{\w+\}/);
    assert.match(line.text, { en: /nine of clubs/, nb: /kløver ni/, uk: /дев’ятка треф/ }[lang]);
    assert.match(line.text, { en: /dead/, nb: /dødt/, uk: /мертва/ }[lang]);
  });
}

test("no dead card is told when the grant emptied the pile, or when the card beneath is not known", () => {
  setLanguage("en", { remember: false });
  const dealt = { kind: "dealt", round: 1, dealer: 2, hand_counts: [10, 10, 10], discard_top: "4S" };
  const kinds = (view, events) => logLines(view, events).map((l) => l.kind);
  // The deal's up-card was the whole pile: nothing lies beneath it.
  assert.ok(!kinds(tress, [dealt, { kind: "claim_called", seat: 2, card: "4S" }, ...GRANTED]).includes("discard_dead"));
  // Beyond the events given: the view tells, for the newest grant only.
  assert.ok(!kinds(tress, GRANTED).includes("discard_dead"));
  const shown = { ...tress, discard_top: "7H", discard_dead: true };
  assert.deepEqual(logLines(shown, GRANTED).at(-1).text,
    "The card beneath (seven of hearts) is dead: nobody may take it until the next discard.");
  assert.ok(!kinds(shown, [...GRANTED, { kind: "card_discarded", seat: 0, card: "7H" }]).includes("discard_dead"));
  // A rebuilt stock leaves the top card on the pile (T-21): the card beneath the next grant is that one.
  const rebuilt = [...DEAD_AFTER.slice(0, 3), { kind: "stock_rebuilt", count: 30 }, { kind: "card_discarded", seat: 0, card: "2D" },
    { kind: "claim_called", seat: 2, card: "2D" }, { kind: "claim_granted", seat: 2, card: "2D", by: 1 }];
  assert.match(logLines(tress, rebuilt).at(-1).text, /four of spades/);
});
