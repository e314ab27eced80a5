// Prints, as JSON, what the page would show for the cases read from stdin: the rules pages
// (web/rules/text.js) and the option texts of each language (web/i18n/*.js). Used by
// e2e/test_rules_texts.py; run with `node --experimental-detect-module`.
//
// stdin: {"root": "<repository>", "defaults": {game: {option: default}}, "cases": [{"game", "lang", "options"}]}
// stdout: {"dictionaries": {lang: {...}}, "texts": {"game.lang": {...}},
//          "pages": [rulesText result per case]}

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const input = JSON.parse(readFileSync(0, "utf8"));
const web = (path) => pathToFileURL(`${input.root}/web/${path}`).href;
const { GAMES, LANGUAGES, rulesText, textsOf } = await import(web("rules/text.js"));

const texts = {};
for (const game of Object.keys(GAMES)) {
  for (const lang of LANGUAGES) texts[`${game}.${lang}`] = await textsOf(game, lang);
}
const dictionaries = {};
for (const lang of LANGUAGES) dictionaries[lang] = (await import(web(`i18n/${lang}.js`))).default;
const pages = [];
for (const { game, lang, options } of input.cases) pages.push(await rulesText(game, lang, options, input.defaults[game]));
process.stdout.write(JSON.stringify({ dictionaries, texts, pages }));
