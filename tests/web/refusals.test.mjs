// Take's refused sequences (web/table/refusals.js): a lone card laid down, or a card put on a
// sequence it does not fit, is told in the person's words, in every language, with the rule of
// sequences (K-4) as the detail, never the engine's English reason.

import assert from "node:assert/strict";
import { test } from "node:test";

// setLanguage() writes <html lang>; these texts need nothing else of a page.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage, t } = await import("../../web/i18n/index.js");
const { refusalTexts } = await import("../../web/table/prompts.js");
const { moveRefusalTexts } = await import("../../web/table/refusals.js");

const view = {
  game: "take", seat: 0, players: 2, seat_kinds: ["human", "normal"], phase: "play", to_move: 0,
  melds: [{ id: 3, owner: 1, kind: "run", start: 1, cards: ["AH", "2H", "3H"], faces: ["AH", "2H", "3H"] }],
};
const LONE = { kind: "lay_down", seat: 0, cards: ["9S"] };
const LONE_REFUSED = { rule: "K-4", phase: "play", reason: "a run needs at least 3 cards, not 1" };
const PAIR = { kind: "lay_down", seat: 0, cards: ["9S", "JD"] };
const PAIR_REFUSED = { rule: "K-4", phase: "play", reason: "a run needs at least 3 cards, not 2" };
const ON_HEARTS = { kind: "extend", seat: 0, meld: 3, cards: ["9S"], end: "high" };
const SUIT_REFUSED = { rule: "K-4", phase: "play", reason: "a run's cards must all be of one suit" };
const LANGUAGES = ["en", "nb", "uk"];

test("en: a lone card laid down and a card on a sequence of another suit say what is wrong", () => {
  setLanguage("en", { remember: false });
  assert.deepEqual(moveRefusalTexts(view, LONE, LONE_REFUSED), {
    title: "The nine of spades alone is no sequence and fits none on the table.",
    detail: t("explain.K-4"),
  });
  assert.equal(moveRefusalTexts(view, PAIR, PAIR_REFUSED).title, "These cards make no sequence and fit none on the table.");
  assert.deepEqual(moveRefusalTexts(view, ON_HEARTS, SUIT_REFUSED), {
    title: "The nine of spades does not fit North’s sequence.",
    detail: t("explain.K-4"),
  });
  assert.equal(moveRefusalTexts(view, { ...ON_HEARTS, cards: ["9S", "10S"] }, SUIT_REFUSED).title,
    "These cards do not fit North’s sequence.");
});

for (const lang of LANGUAGES) {
  test(`${lang}: no refused sequence shows the engine's English reason, and each speaks of sequences`, () => {
    setLanguage(lang, { remember: false });
    const cases = [[LONE, LONE_REFUSED], [PAIR, PAIR_REFUSED], [ON_HEARTS, SUIT_REFUSED]];
    const sequence = { en: /sequence/, nb: /serie/, uk: /послідовн/ }[lang];
    for (const [action, error] of cases) {
      const { title, detail } = moveRefusalTexts(view, action, error);
      const text = `${title} ${detail}`;
      assert.ok(!text.includes(error.reason), `${lang}: ${text}`);
      assert.ok(!text.includes(t("explain.detail")), `${lang}: ${text}`);
      assert.notEqual(title, t("explain.K-4"), `${lang}: the title says what is wrong with these cards`);
      assert.match(title, sequence, `${lang}: ${title}`);
      assert.doesNotMatch(text, /\{|\}|набір|tress/i, `${lang}: ${text}`);
      assert.equal(title[0], title[0].toLocaleUpperCase(), `${lang}: ${title}`);
    }
    assert.match(moveRefusalTexts(view, LONE, LONE_REFUSED).title, { en: /nine of spades/, nb: /[Ss]par ni/, uk: /дев/i }[lang]);
    assert.match(moveRefusalTexts(view, ON_HEARTS, SUIT_REFUSED).title, { en: /North/, nb: /Nord/, uk: /Півноч/ }[lang]);
  });
}

test("other refusals, and Tress, keep the words of their rule", () => {
  setLanguage("en", { remember: false });
  const locked = { rule: "K-14", phase: "play", reason: "the sequence is locked" };
  assert.deepEqual(moveRefusalTexts(view, ON_HEARTS, locked), refusalTexts(locked));
  const tress = { ...view, game: "tress" };
  const run = { rule: "T-7", phase: "play", reason: "a run needs at least 4 cards, not 1" };
  assert.deepEqual(moveRefusalTexts(tress, LONE, run), refusalTexts(run));
  assert.deepEqual(moveRefusalTexts(view, null, LONE_REFUSED), refusalTexts(LONE_REFUSED));
});
