// Every text of the page exists in English, Norwegian Bokmål and Ukrainian, with the same
// placeholders, and every plural text has each plural form its language needs.

import assert from "node:assert/strict";
import { test } from "node:test";

import en from "../../web/i18n/en.js";
import nb from "../../web/i18n/nb.js";
import uk from "../../web/i18n/uk.js";
// These add their texts to the three dictionaries when loaded, as on the page.
import "../../web/i18n/start-up.js";
import "../../web/i18n/offline.js";

const OTHERS = { nb, uk };

/** A plural text is an object with an "other" form (web/i18n/index.js reads it so). */
const isPlural = (value) => value !== null && typeof value === "object" && Object.hasOwn(value, "other");

/** Every text in `dict` as [dotted key, value], plural texts as one entry. */
function texts(dict, prefix = "") {
  const out = [];
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string" || isPlural(value)) out.push([path, value]);
    else if (value && typeof value === "object") out.push(...texts(value, path));
    else out.push([path, value]);
  }
  return out;
}

/** The {placeholders} of a text (all forms of a plural text together). */
function placeholders(value) {
  const strings = typeof value === "string" ? [value] : Object.values(value);
  return [...new Set(strings.flatMap((s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
}

const english = new Map(texts(en));

for (const [code, dict] of Object.entries(OTHERS)) {
  const translated = new Map(texts(dict));

  test(`${code}: every English key is translated`, () => {
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    assert.deepEqual(missing, [], `${code} lacks ${missing.length} key(s) of en: ${missing.join(", ")}`);
  });

  test(`${code}: no key that English lacks`, () => {
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    assert.deepEqual(extra, [], `${code} has key(s) en lacks: ${extra.join(", ")}`);
  });

  test(`${code}: the same placeholders as English`, () => {
    const wrong = [];
    for (const [key, value] of english) {
      if (!translated.has(key)) continue;
      const want = placeholders(value).join(","), got = placeholders(translated.get(key)).join(",");
      if (want !== got) wrong.push(`${key}: en {${want}} but ${code} {${got}}`);
    }
    assert.deepEqual(wrong, [], wrong.join("\n"));
  });
}

for (const [code, dict] of Object.entries({ en, ...OTHERS })) {
  test(`${code}: plural texts have every plural form of the language`, () => {
    const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const wrong = [];
    for (const [key, value] of texts(dict)) {
      if (typeof value !== "string" && !isPlural(value)) wrong.push(`${key}: neither a text nor plural forms`);
      else if (isPlural(value)) {
        const lacking = forms.filter((form) => typeof value[form] !== "string");
        if (lacking.length) wrong.push(`${key}: no ${lacking.join(", ")} form`);
      }
      if (code !== "en" && isPlural(english.get(key)) && !isPlural(value)) wrong.push(`${key}: en has plural forms, ${code} one text`);
    }
    assert.deepEqual(wrong, [], wrong.join("\n"));
  });
}

for (const [code, dict] of Object.entries({ en, ...OTHERS })) {
  test(`${code}: Undo and Cancel are different words (a dialog's Cancel is no take-back)`, () => {
    assert.notEqual(dict.actions.undo, dict.common.cancel);
  });
}

for (const [code, dict] of Object.entries({ en, ...OTHERS })) {
  test(`${code}: the rules call Undo by the button's word and its sign (a phone shows only the sign)`, async () => {
    for (const game of ["tress", "take"]) {
      const page = (await import(`../../web/rules/${game}.${code}.js`)).default;
      assert.ok(page.appUndo.includes(dict.actions.undo) && page.appUndo.includes("↶"), `${game}.${code}: ${page.appUndo}`);
    }
  });
}
