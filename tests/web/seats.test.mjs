// Seat texts (web/table/seats.js): the turn badge on the person's own seat speaks to the person.

import assert from "node:assert/strict";
import { test } from "node:test";

// setLanguage() writes <html lang>; these texts need nothing else of a page.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage } = await import("../../web/i18n/index.js");
const { isPerson, turnBadgeText } = await import("../../web/table/seats.js");

const view = { game: "tress", seat: 0, players: 3, seat_kinds: ["human", "normal", "hard"] };
const watched = { ...view, seat_kinds: ["easy", "normal", "hard"] };

const WORDS = {
  en: { own: "your turn", other: "to play" },
  nb: { own: "din tur", other: "sin tur" },
  uk: { own: "ваш хід", other: "ходить" },
};

for (const [lang, words] of Object.entries(WORDS)) {
  test(`${lang}: the person's own seat says "${words.own}", the others "${words.other}"`, () => {
    setLanguage(lang, { remember: false });
    assert.equal(turnBadgeText(view, 0, null), words.own);
    assert.equal(turnBadgeText(view, 1, null), words.other);
    assert.equal(turnBadgeText(watched, 0, null), words.other);
    assert.notEqual(turnBadgeText(view, 1, 1), words.other);
  });
}

test("the person is the view's seat, and nobody is in a match of computers being watched", () => {
  assert.deepEqual([0, 1, 2].map((seat) => isPerson(view, seat)), [true, false, false]);
  assert.deepEqual([0, 1, 2].map((seat) => isPerson(watched, seat)), [false, false, false]);
});
