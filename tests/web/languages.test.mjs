// The language box (web/i18n/index.js): every language by its own name, on a narrow screen by
// its own short form, never by the code "UK" (which reads as the United Kingdom).

import assert from "node:assert/strict";
import { test } from "node:test";

// A narrow screen (max-width: 600px) as the page's media query sees it.
globalThis.matchMedia = /** @type {any} */ (() => ({ matches: true, addEventListener() {} }));
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { LANGUAGES, languageOptionText } = await import("../../web/i18n/index.js");

test("a narrow screen shows each language in its own words, Ukrainian in its own script", () => {
  const shown = Object.fromEntries(LANGUAGES.map((lang) => [lang.code, languageOptionText(lang)]));
  assert.deepEqual(shown, { en: "EN", nb: "NO", uk: "УКР" });
  assert.deepEqual(LANGUAGES.map((lang) => lang.name), ["English", "Norsk bokmål", "Українська"]);
});
