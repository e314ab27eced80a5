// The rules page of a game as plain text, in one language, for one table's options: the structure
// (tress.js, take.js) picks the rules in play and the language file (tress.en.js, ...) words them.
// No page or DOM code here, so the texts can be checked outside the browser.

import { takeRules } from "./take.js";
import { tressRules } from "./tress.js";

/** Each game's rules structure; the option defaults come from the engine (its catalog). */
export const GAMES = { tress: tressRules, take: takeRules };

export const LANGUAGES = ["en", "nb", "uk"];

const TEXTS = {
  "tress.en": () => import("./tress.en.js"),
  "tress.nb": () => import("./tress.nb.js"),
  "tress.uk": () => import("./tress.uk.js"),
  "take.en": () => import("./take.en.js"),
  "take.nb": () => import("./take.nb.js"),
  "take.uk": () => import("./take.uk.js"),
};

/** The language file of `game` in `lang` (English when there is none). */
export async function textsOf(game, lang) {
  const load = TEXTS[`${game}.${lang}`] ?? TEXTS[`${game}.en`];
  return (await load()).default;
}

/** The value at a dotted key, or undefined. */
function lookup(texts, key) {
  let node = texts;
  for (const part of key.split(".")) {
    if (node == null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

/** Fill `{name}` placeholders; a plural object (`{one, few, many, other}`) is chosen by `count`. */
function fill(value, params, plurals) {
  let text = value;
  if (text !== null && typeof text === "object") text = text[plurals.select(Number(params.count ?? 0))] ?? text.other;
  if (typeof text !== "string") return undefined;
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

/**
 * The rules of `game` as the table plays them.
 * @param {string} game "tress" or "take"
 * @param {string} lang "en", "nb" or "uk"
 * @param {Record<string, any>} options the table's options; missing ones take the defaults
 * @param {Record<string, any>} defaults every option's default, by name, as the engine's catalog
 *   states them (the rules page marks the options set away from them)
 * @returns {Promise<{title: string, intro: string, note: string|null, houseLabel: string,
 *   sections: {heading: string, items: {text: string, house: boolean, key: string}[]}[], missing: string[]}>}
 *   house: the item follows an option set away from its default; missing: text keys the language lacks
 */
export async function rulesText(game, lang, options, defaults) {
  const build = GAMES[game];
  const texts = await textsOf(game, lang);
  const plurals = new Intl.PluralRules(lang);
  const o = { ...defaults };
  for (const [name, value] of Object.entries(options ?? {})) if (name in defaults && value !== undefined) o[name] = value;
  const plan = build(o);
  const missing = [];
  const say = (key, params = {}) => {
    const text = fill(lookup(texts, key), { ...(plan.params ?? {}), ...params }, plurals);
    if (text === undefined) missing.push(key);
    return text ?? key;
  };
  const changed = (names = []) => names.some((name) => name !== "players" && o[name] !== defaults[name]);
  const count = Object.keys(defaults).filter((name) => changed([name])).length;
  return {
    title: texts.title,
    intro: say(plan.intro),
    note: count ? say("houseNote", { count }) : null,
    houseLabel: say("houseLabel"),
    sections: plan.sections.map((section) => ({
      heading: say(`headings.${section.heading}`),
      items: section.items.map(([key, params, names]) => ({ key, text: say(key, params), house: changed(names) })),
    })),
    missing,
  };
}
