// Extra texts that a part of the page brings along (start-up, saves and offline use) are added
// to the main dictionaries when that part loads, without replacing any key those already have.

import en from "./en.js";
import nb from "./nb.js";
import uk from "./uk.js";

const DICTIONARIES = { en, nb, uk };

/**
 * Copy the keys of `extra` into `target` where `target` has none (nested objects merge).
 * @param {Record<string, any>} target
 * @param {Record<string, any>} extra
 */
function addMissing(target, extra) {
  for (const [key, value] of Object.entries(extra)) {
    if (!(key in target)) target[key] = value;
    else if (value && typeof value === "object" && target[key] && typeof target[key] === "object") addMissing(target[key], value);
  }
}

/**
 * Add texts to every language's dictionary.
 * @param {{en: Record<string, any>, nb: Record<string, any>, uk: Record<string, any>}} texts per language code
 */
export function addTexts(texts) {
  for (const [code, dictionary] of Object.entries(DICTIONARIES)) addMissing(dictionary, texts[code]);
}
