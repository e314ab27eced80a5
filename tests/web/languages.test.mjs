// The language box (web/i18n/index.js): every language by its own name, on a narrow screen too.

import assert from "node:assert/strict";
import { test } from "node:test";

// A narrow screen (max-width: 600px) as the page's media query sees it.
globalThis.matchMedia = /** @type {any} */ (() => ({ matches: true, addEventListener() {} }));
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { LANGUAGES, languageOptionText } = await import("../../web/i18n/index.js");

test("a narrow screen names each language in itself, never by a code like UK", () => {
  const shown = Object.fromEntries(LANGUAGES.map((lang) => [lang.code, languageOptionText(lang)]));
  assert.deepEqual(shown, { en: "English", nb: "Norsk", uk: "Українська" });
  for (const text of Object.values(shown)) assert.doesNotMatch(text, /^[A-Z]{2}$/);
});
