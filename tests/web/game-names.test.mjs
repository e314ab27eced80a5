// The games' names (web/i18n, web/rules): each language calls each game by one name everywhere,
// Ukrainian by Ukrainian names («Трес», «Взяти»), never the English ones.

import assert from "node:assert/strict";
import { test } from "node:test";

import en from "../../web/i18n/en.js";
import nb from "../../web/i18n/nb.js";
import uk from "../../web/i18n/uk.js";
import "../../web/i18n/start-up.js";
import "../../web/i18n/offline.js";

const DICTIONARIES = { en, nb, uk };
const PAGES = {};
for (const lang of Object.keys(DICTIONARIES)) {
  for (const game of ["tress", "take"]) PAGES[`${game}.${lang}`] = (await import(`../../web/rules/${game}.${lang}.js`)).default;
}

/** Every string in a dictionary or page, with its key. */
function strings(node, prefix = "") {
  if (typeof node === "string") return [[prefix, node]];
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => strings(value, prefix ? `${prefix}.${key}` : key));
}

for (const [lang, dict] of Object.entries(DICTIONARIES)) {
  test(`${lang}: a game has one name on the start screen, the rules button and its rules page`, () => {
    for (const game of ["tress", "take"]) {
      assert.equal(dict.rules[game], dict.games[game].name, `${game}: rules.${game}`);
      assert.equal(PAGES[`${game}.${lang}`].title, dict.games[game].name, `${game}: the rules page's title`);
    }
  });
}

test("uk: no text calls a game by its English name, and a name in a sentence is in «quotes»", () => {
  assert.deepEqual([uk.games.tress.name, uk.games.take.name], ["Трес", "Взяти"]);
  const texts = [...strings(uk), ...strings(PAGES["tress.uk"]), ...strings(PAGES["take.uk"])];
  const english = texts.filter(([, text]) => /\bTress\b|\bTake\b/.test(text));
  assert.deepEqual(english, []);
  const bare = texts.filter(([, text]) => /\{game\}/.test(text) && !/«\{game\}»/.test(text));
  assert.deepEqual(bare, []);
});
