// Translations: pick the language from the browser, switch at any time, look texts up by key.
//
//   import { t, setLanguage, onLanguageChange } from "./i18n/index.js";
//   t("hand.count", { count: 3 })   // "3 cards" / "3 kort" / "3 карти"
//
// A dictionary value is a string with {name} placeholders, or an object of plural forms
// keyed by Intl.PluralRules categories ("one", "few", "many", "other"), chosen by params.count.
// A key missing from a language falls back to English; a key missing everywhere shows as
// ⟦key⟧ so tests can find it.

import { keepRejected, setAside } from "../storage/set-aside.js";
import en from "./en.js";
import nb from "./nb.js";
import uk from "./uk.js";

/**
 * Each language by its own name; `short` is how that language itself abbreviates its name, for
 * a narrow screen (Ukrainian «УКР», not the code "UK", which reads as the United Kingdom).
 */
export const LANGUAGES = [
  { code: "en", name: "English", short: "EN" },
  { code: "nb", name: "Norsk bokmål", short: "NO" },
  { code: "uk", name: "Українська", short: "УКР" },
];

const DICTIONARIES = { en, nb, uk };

/** True for a language this page speaks ("constructor" or "__proto__" are not languages). */
const known = (code) => typeof code === "string" && Object.hasOwn(DICTIONARIES, code);

/** Narrow screens show the language box with the languages' own short names so it fits. */
const NARROW = typeof matchMedia === "function" ? matchMedia("(max-width: 600px)") : null;

/**
 * The text of a language in a language box: its own name ("Українська"), on a narrow screen its
 * own short form («УКР»; never the code "UK").
 */
export function languageOptionText(lang) {
  return NARROW?.matches ? lang.short : lang.name;
}

// Language boxes on the page, refilled when the screen turns narrow or wide. One listener for all:
// a box per redraw, each with its own listener, kept every old box (and its screen) alive.
const selects = new Set();

function fill(select) {
  const options = LANGUAGES.map((l) => {
    const option = document.createElement("option");
    option.value = l.code;
    option.textContent = languageOptionText(l);
    option.title = l.name;
    option.lang = l.code;
    return option;
  });
  select.replaceChildren(...options);
  select.value = current;
}

/** Forget boxes no longer on the page. */
function prune() {
  for (const select of selects) if (!select.isConnected) selects.delete(select);
}

NARROW?.addEventListener("change", () => {
  prune();
  for (const select of selects) fill(select);
});

/** Fill a language <select> with the languages by their own names, the current one chosen. */
export function fillLanguageSelect(select) {
  fill(select);
  prune();
  selects.add(select);
  return select;
}
const STORAGE_KEY = "rummytable.language";
const listeners = new Set();
let current = "en";
let plurals = new Intl.PluralRules("en");

/** The language to start in: a saved choice, else the first supported browser language. */
export function detectLanguage(preferred = navigator.languages ?? [navigator.language]) {
  const saved = safeStorageGet(STORAGE_KEY);
  if (known(saved)) return saved;
  if (saved !== null) {
    // Not a language of ours: keep it aside, say so, and pick from the browser instead.
    keepRejected(STORAGE_KEY, saved, "not a language of this page");
    safeStorageRemove(STORAGE_KEY);
    setAside("language");
  }
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base === "nb" || base === "no" || base === "nn") return "nb";
    if (known(base)) return base;
  }
  return "en";
}

export function language() {
  return current;
}

/** Switch language, remember it, update <html lang> and tell every listener. */
export function setLanguage(code, { remember = true } = {}) {
  if (!known(code)) code = "en";
  current = code;
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  if (remember) safeStorageSet(STORAGE_KEY, code);
  for (const listener of listeners) listener(code);
}

/** Call `listener(code)` after every language change; returns a function that unsubscribes. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when `key` exists in the current language or in English. */
export function has(key) {
  return lookup(DICTIONARIES[current], key) !== undefined || lookup(en, key) !== undefined;
}

/**
 * Translate `key`, filling {placeholders} from `params`.
 * @param {string} key dotted key, e.g. "table.stock"
 * @param {Record<string, string|number>} [params]
 */
export function t(key, params = {}) {
  let value = lookup(DICTIONARIES[current], key);
  if (value === undefined) value = lookup(en, key);
  if (value === undefined) return `⟦${key}⟧`;
  if (typeof value === "object") {
    const count = Number(params.count ?? 0);
    value = value[plurals.select(count)] ?? value.other;
  }
  return String(value).replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

/** Translate `key` when it exists, else return `fallback` (used for texts the engine may add). */
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

/** Format a list of words as the language does ("A, B and C"). */
export function list(items) {
  return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(items);
}

function lookup(dict, key) {
  let node = dict;
  for (const part of key.split(".")) {
    if (node == null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  if (node !== null && typeof node === "object" && !Object.hasOwn(node, "other")) return undefined;
  return node;
}

function safeStorageGet(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeStorageRemove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Denied: nothing stored to remove.
  }
}

function safeStorageSet(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be denied (private mode, embedded); the choice then lasts for this visit.
  }
}
