// The marks' words (web/table/marks.js, web/rules): each mark on a hand card has a title saying
// what it means, and the rules pages explain every mark, in every language.

import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { setLanguage, t } = await import("../../web/i18n/index.js");
const { markTitle } = await import("../../web/table/marks.js");
const { rulesText } = await import("../../web/rules/text.js");

for (const lang of ["en", "nb", "uk"]) {
  test(`${lang}: the green dot and the dashed outline have titles`, () => {
    setLanguage(lang, { remember: false });
    assert.equal(markTitle("playable", "tress"), t("marks.playable"));
    assert.equal(markTitle("playable hinted", "take"), t("marks.playableTake"));
    assert.equal(markTitle("taken-card", "tress"), t("marks.taken"));
    assert.equal(markTitle("playable taken-card", "tress"), `${t("marks.playable")} ${t("marks.taken")}`);
    assert.equal(markTitle("hinted", "tress"), "");
    assert.equal(markTitle("", "take"), "");
  });

  test(`${lang}: How to play explains the marks, the discard pile's outline, the owner's colour bar, the lock and the joker's corner too`, async () => {
    for (const [game, marks] of [["tress", ["markPlayable", "markTaken", "markTarget", "markDead", "markOwner", "markJoker"]], ["take", ["markPlayable", "markTaken", "markTarget", "markOwner", "markLock", "markJoker"]]]) {
      const rules = await rulesText(game, lang, {}, {});
      const items = rules.sections.flatMap((section) => section.items);
      for (const key of marks) {
        const item = items.find((it) => it.key === key);
        assert.ok(item && item.text !== key, `${game}: ${key}`);
      }
    }
  });
}
