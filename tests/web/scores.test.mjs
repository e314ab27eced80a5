// The score sheet's card labels (web/table/scores.js): a joker is labelled in the page's language.

import assert from "node:assert/strict";
import { test } from "node:test";

// setLanguage() writes <html lang>; these labels need nothing else of a page.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage } = await import("../../web/i18n/index.js");
const { chipText } = await import("../../web/table/scores.js");

for (const [lang, joker, king] of [["en", "JK", "K♠"], ["nb", "JK", "K♠"], ["uk", "ДЖ", "К♠"]]) {
  test(`${lang}: a joker left in hand reads ${joker} on the score sheet, a natural card its rank as printed (${king})`, () => {
    setLanguage(lang, { remember: false });
    assert.equal(chipText("JK.1"), joker);
    assert.equal(chipText("KS"), king);
  });
}
