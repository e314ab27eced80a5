// The person's preferences, kept in localStorage: speed, deck colours, sound, last game set-up.
//
// Everything read back is checked: at load against the values this page knows and the engine's
// catalog (web/app/catalog.js), and with checkCatalog the house rules, player counts and levels
// against that catalog (at once when the build wrote it into the page, else once the engine sends it).
// A value that does not fit is dropped (its default applies), the stored text is kept under
// "rummytable.settings:rejected" and the start screen says what was reset (web/storage/set-aside.js).

import { isPlainObject, keepRejected, setAside } from "../storage/set-aside.js";
import { gameInfo } from "./catalog.js";

const KEY = "rummytable.settings";

/**
 * Timings per speed (milliseconds): the pause before a computer player's first move of a turn
 * (botPause) and before each further move of the same turn (followPause: the turn reads as one
 * quick sequence, not as separate moves), card flight, the person's "take it" window, the scale
 * of the computer callers' reaction delays, the pause before a score sheet.
 */
export const SPEEDS = {
  slow: { botPause: 1400, followPause: 600, animation: 650, claimWindow: 8000, claimDelayFactor: 1.4, roundPause: 1200 },
  normal: { botPause: 550, followPause: 200, animation: 380, claimWindow: 5000, claimDelayFactor: 1, roundPause: 700 },
  fast: { botPause: 350, followPause: 100, animation: 200, claimWindow: 3500, claimDelayFactor: 0.5, roundPause: 300 },
  instant: { botPause: 0, followPause: 0, animation: 0, claimWindow: 3000, claimDelayFactor: 0, roundPause: 0 },
};

const GAMES = ["tress", "take"];
/** Computer levels a stored set-up may name; the catalog's levels narrow it (checkCatalog). */
const LEVELS = ["easy", "normal", "hard", "random"];

const DEFAULTS = {
  speed: "normal",
  deck: "standard",
  game: "tress",
  players: {},  // none chosen: the catalog's default
  levels: {},  // "tress.all": every computer player's level; "tress.2": seat 2's, used "per player"
  levelsPerSeat: {},  // game -> whether each computer player has a level of its own
  options: { tress: {}, take: {} },
  handOrder: "suit",
  // Tress: ask the person to "take it" only for a card that fits his hand ("fits"), or for every card.
  takeItAsk: "fits",
  // Card sounds (web/table/sound.js): on, since they are soft, short and start only after the
  // person's first click or key in the page, so an embedding page never speaks up by itself.
  sound: true,
};

const oneOf = (...values) => (value) => values.includes(value);
/** Whether `n` players fit the catalog's range (any number while the catalog is not known yet). */
const inRange = (range, n) => !range || (n >= range.min && n <= range.max);
const isScalar = (value) => value === null || typeof value === "boolean" || typeof value === "string"
  || (typeof value === "number" && Number.isFinite(value));

/** Per setting: does a stored value fit (whole values), or which of its entries fit (objects). */
const CHECKS = {
  speed: oneOf(...Object.keys(SPEEDS)),
  deck: oneOf("standard", "four"),
  game: oneOf(...GAMES),
  handOrder: oneOf("suit", "rank", "custom"),
  takeItAsk: oneOf("fits", "always"),
  sound: (value) => typeof value === "boolean",
  players: { entry: (game, n) => GAMES.includes(game) && Number.isInteger(n) && inRange(gameInfo(game)?.players, n) },
  levels: { entry: (key, level) => /^(tress|take)\.([1-5]|all)$/.test(key) && LEVELS.includes(level) },
  levelsPerSeat: { entry: (game, value) => GAMES.includes(game) && typeof value === "boolean" },
  options: { entry: (game, chosen) => GAMES.includes(game) && isPlainObject(chosen) && Object.values(chosen).every(isScalar) },
};

/** The setting names as set-aside.js reports them. */
const REPORTED = { options: "houseRules", levelsPerSeat: "levels" };

let keptAside = false;  // the stored text of this visit is kept already (it holds every bad value)
let settings = load();

/** Read the stored settings; anything that does not fit is left at its default. */
function load() {
  const fresh = structuredClone(DEFAULTS);
  let raw = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return fresh;  // storage denied: the defaults, for this visit
  }
  if (raw === null) return fresh;
  let saved;
  try {
    saved = JSON.parse(raw);
  } catch {
    saved = undefined;
  }
  if (!isPlainObject(saved)) {
    reject(raw, ["settings"]);
    return fresh;
  }
  const bad = [];
  for (const [name, check] of Object.entries(CHECKS)) {
    if (!Object.hasOwn(saved, name)) continue;
    const value = saved[name];
    if (typeof check === "function") {
      if (check(value)) fresh[name] = value;
      else bad.push(name);
      continue;
    }
    if (!isPlainObject(value)) {
      bad.push(name);
      continue;
    }
    const kept = Object.entries(value).filter(([key, entry]) => check.entry(key, entry));
    if (kept.length < Object.keys(value).length) bad.push(name);
    Object.assign(fresh[name], structuredClone(Object.fromEntries(kept)));
  }
  if (bad.length) reject(raw, bad, fresh);
  return fresh;
}

/** Keep the stored text aside, report the settings reset, and store the checked ones. */
function reject(raw, names, replacement = null) {
  if (!keptAside) keepRejected(KEY, raw, `not usable: ${names.join(", ")}`);
  keptAside = true;
  for (const name of names) setAside(REPORTED[name] ?? name);
  try {
    if (replacement) localStorage.setItem(KEY, JSON.stringify(replacement));
    else localStorage.removeItem(KEY);
  } catch {
    // Denied since: the checked settings still apply for this visit.
  }
}

/** A house-rule value fits its item of the engine's options schema. */
function fitsSchema(item, value) {
  if (value === null) return Boolean(item.nullable);
  if (item.type === "bool") return typeof value === "boolean";
  if (item.type === "choice") return (item.choices ?? []).includes(value);
  if (item.type === "int") {
    return Number.isInteger(value) && (item.minimum == null || value >= item.minimum) && (item.maximum == null || value <= item.maximum);
  }
  return false;
}

/**
 * The engine's catalog has arrived: drop stored house rules, player counts and levels it does not
 * know or allow (an older or newer version may have stored them), and report what was reset.
 * @param {import("../engine/client.js").Catalog} catalog
 */
export function checkCatalog(catalog) {
  const games = catalog?.games;
  if (!isPlainObject(games)) return;
  const before = JSON.stringify(settings);
  const bad = new Set();
  for (const [game, info] of Object.entries(games)) {
    const chosen = settings.options[game] ?? {};
    const schema = new Map((info.options ?? []).map((item) => [item.name, item]));
    for (const [name, value] of Object.entries(chosen)) {
      if (!schema.has(name) || !fitsSchema(schema.get(name), value)) {
        delete chosen[name];
        bad.add("options");
      }
    }
    const players = settings.players[game];
    if (players !== undefined && (players < info.players.min || players > info.players.max)) {
      delete settings.players[game];
      bad.add("players");
    }
    for (const [key, level] of Object.entries(settings.levels)) {
      if (key.startsWith(`${game}.`) && !(info.levels ?? []).includes(level)) {
        delete settings.levels[key];
        bad.add("levels");
      }
    }
  }
  if (bad.size) reject(before, [...bad], settings);
}

export function get(name) {
  return settings[name];
}

export function set(name, value) {
  settings[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage may be denied; settings then last for this visit.
  }
}

/** Timings of the current speed; `?speed=instant` in the address overrides (for tests). */
export function timings() {
  const forced = new URLSearchParams(location.search).get("speed");
  const speed = Object.hasOwn(SPEEDS, forced) ? forced : settings.speed;
  return SPEEDS[speed] ?? SPEEDS.normal;
}
