// The discard pile's mark (web/table/piles.js): an empty pile says so; "dead" only on a dead card.

import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage, t } = await import("../../web/i18n/index.js");
const { discardMark } = await import("../../web/table/piles.js");

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: an empty discard pile is marked empty, never dead`, () => {
    setLanguage(lang, { remember: false });
    // Taking the only card of the pile leaves it empty, and the engine still calls it dead (T-17).
    const empty = discardMark({ discard_top: null, discard_count: 0, discard_dead: true });
    assert.equal(empty?.kind, "empty");
    assert.equal(empty.text, t("piles.empty"));
    assert.notEqual(empty.text, t("piles.dead"));
    assert.ok(empty.title.length > empty.text.length);
    const dead = discardMark({ discard_top: "9C", discard_count: 4, discard_dead: true });
    assert.deepEqual([dead?.kind, dead?.text], ["dead", t("piles.dead")]);
    assert.ok(dead.title.length > dead.text.length);
    assert.equal(discardMark({ discard_top: "9C", discard_count: 4, discard_dead: false }), null);
  });
}
