// The words of a refused move (web/table/prompts.js): each situation gets its own title, in
// every language; a draw refused because the person has drawn already does not say "draw first".

import assert from "node:assert/strict";
import { test } from "node:test";

// setLanguage() writes <html lang>; these texts need nothing else of a page.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage, t } = await import("../../web/i18n/index.js");
const { refusalTexts } = await import("../../web/table/prompts.js");

/** The engine's refusals of a second draw (Tress T-11, Take K-8), as the bridge sends them. */
const DRAWN = [
  { rule: "T-11", phase: "play", reason: "you have already drawn this turn" },
  { rule: "K-8", phase: "play", reason: "you have already drawn this turn" },
];
const EMPTY = { rule: "T-11", phase: "draw", reason: "the discard pile is empty" };
const PLAY_FIRST = { rule: "T-11", phase: "draw", reason: "draw a card first" };

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: drawing twice says the card is drawn already, not "draw one card first"`, () => {
    setLanguage(lang, { remember: false });
    for (const error of DRAWN) {
      const { title, detail } = refusalTexts(error);
      assert.equal(title, t("explain.drawnAlready"));
      assert.notEqual(title, t(`explain.${error.rule}`));
      assert.equal(detail, "");
    }
    assert.equal(refusalTexts(EMPTY).title, t("explain.discardEmpty"));
    assert.equal(refusalTexts(PLAY_FIRST).title, t("explain.T-11"));
    assert.notEqual(t("explain.drawnAlready"), t("explain.T-11"));
  });
}

test("en: the words of a second draw", () => {
  setLanguage("en", { remember: false });
  assert.equal(refusalTexts(DRAWN[0]).title, "You have already drawn this turn: lay down if you can, then discard one card.");
  assert.deepEqual(refusalTexts(PLAY_FIRST), { title: "Draw one card first: from the stock or the top of the discard pile.", detail: "Rule: draw a card first" });
});

const { layDownTexts } = await import("../../web/table/prompts.js");

/** The word each language uses for Take's melds, and for melds in general. */
const SEQUENCE = { en: /sequence/, nb: /serie/, uk: /послідовн/ };
const MELD = { en: /meld/, nb: /kombinasjon/, uk: /комбінац/ };

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: Take's lay-down dialog speaks of sequences, Tress's of melds`, () => {
    setLanguage(lang, { remember: false });
    for (const selected of [true, false]) {
      const take = layDownTexts("take", { selected });
      for (const text of [take.title, take.help]) {
        assert.doesNotMatch(text, MELD[lang], text);
        assert.match(text, SEQUENCE[lang], text);
      }
      assert.match(layDownTexts("tress", { selected }).help, MELD[lang]);
    }
    assert.equal(layDownTexts("tress", { selected: true }).title, t("layDown.pick"));
  });
}

const { prompt } = await import("../../web/table/prompts.js");

/** The person (seat 0) is due to draw and East (seat 2) has called "take it" for the top card. */
const called = {
  game: "tress", seat: 0, players: 3, seat_kinds: ["human", "normal", "hard"], phase: "claim", to_move: 0,
  claims: [2], discard_top: "9C", legal_actions: [],
};

test("the call's prompt names the caller in every language", () => {
  for (const [lang, east] of [["en", "East"], ["nb", "Øst"], ["uk", "Схід"]]) {
    setLanguage(lang, { remember: false });
    const line = prompt(called, { human: true, thinking: null });
    assert.ok(line.startsWith(east), `${lang}: ${line}`);
    assert.notEqual(line, t("prompt.claimed"));
  }
  setLanguage("en", { remember: false });
  assert.equal(prompt(called, { human: true, thinking: null }), "East called “take it!”. Your answer?");
});

const { cardName } = await import("../../web/table/cards.js");

/** The person (seat 0) due to draw, with the discard pile's top card open to him. */
function drawView(game, legal = ["draw_stock", "draw_discard"]) {
  return { game, phase: "draw", seat: 0, to_move: 0, players: 4, discard_top: "9D",
    seat_kinds: ["human", "bot", "bot", "bot"], legal_actions: legal.map((kind) => ({ kind, seat: 0 })) };
}

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: a Tress draw says the others may call for the discard first (T-18); Take's does not`, () => {
    setLanguage(lang, { remember: false });
    const card = cardName("9D");
    const person = { human: true, thinking: null };
    assert.equal(prompt(drawView("tress"), person), t("prompt.drawBeforeCall", { card }));
    assert.equal(prompt(drawView("take"), person), t("prompt.draw", { card }));
    assert.notEqual(t("prompt.drawBeforeCall", { card }), t("prompt.draw", { card }));
    // A dead discard (T-17) cannot be drawn or called for: the line names the stock alone.
    assert.equal(prompt(drawView("tress", ["draw_stock"]), person), t("prompt.drawStock"));
  });
}

// Lay down with cards selected that go on a meld already on the table (no new meld to lay): the
// button stays available, since a press puts them there (web/table/moves.js).
const { layDownUnavailable } = await import("../../web/table/prompts.js");
const EXTEND = { kind: "extend", seat: 0, meld: 0, cards: ["4H"], end: "high" };
const PLAYING_VIEW = {
  game: "take", seat: 0, phase: "play", to_move: 0,
  legal_actions: [EXTEND, { kind: "discard", seat: 0, card: "4H" }, { kind: "discard", seat: 0, card: "9S" }],
};

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: Lay down is available for selected cards that fit a meld, and says why not otherwise`, () => {
    setLanguage(lang, { remember: false });
    const now = { mine: true, playing: true };
    assert.equal(layDownUnavailable(PLAYING_VIEW, { ...now, selection: ["4H"] }), "");
    assert.equal(layDownUnavailable(PLAYING_VIEW, { ...now, selection: ["9S"] }), t("notice.noSequence"));
    assert.equal(layDownUnavailable(PLAYING_VIEW, now), t("notice.noSequence"));
    assert.notEqual(t("notice.pickTheMeld"), "notice.pickTheMeld");
  });
}
