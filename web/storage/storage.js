// What the app keeps between visits: one saved match per game, saves that failed to load (set
// aside, never silently deleted) and statistics per game and computer level.
//
// localStorage when the browser allows it; otherwise (storage denied, for example in an iframe on
// another site) a map in memory, so the game keeps working and only forgets on close. An embedding
// page may keep the saves instead: listeners registered with onSave() hear every save (see
// web/embedding/embedded.js), and importSaves() hands them back.
//
// Keys: rummytable.save.<game>, rummytable.save.<game>:rejected, rummytable.stats,
// rummytable.stats:rejected. (rummytable.settings and rummytable.language belong to
// web/app/settings.js and web/i18n/index.js, rummytable.build to web/offline.js.)
//
// Every save carries a stamp {owner, version}: the tab that wrote it and a counter raised by each
// write. A tab writes only over its own last write, so two tabs never overwrite each other's moves
// unnoticed (web/app/tabs.js decides which tab plays a match; this is the last line of defence).

import { isPlainObject, setAside } from "./set-aside.js";

const PREFIX = "rummytable.";
const SAVE_FORMAT = 1;
export const GAMES = ["tress", "take"];

const memory = new Map();
const saveListeners = new Set();

function probe() {
  try {
    const key = `${PREFIX}probe`;
    localStorage.setItem(key, "1");
    localStorage.removeItem(key);
    return localStorage;
  } catch {
    return null;
  }
}

let backend = probe();

/** True when saves outlive the page (localStorage works here). */
export function persistent() {
  return backend !== null;
}

function read(key) {
  if (backend) {
    try {
      return backend.getItem(PREFIX + key);
    } catch {
      backend = null;  // denied since: carry on in memory
    }
  }
  return memory.get(key) ?? null;
}

function write(key, value) {
  memory.set(key, value);
  if (!backend) return;
  try {
    backend.setItem(PREFIX + key, value);
  } catch {
    // Full or denied: the value stays in memory for this visit.
  }
}

function remove(key) {
  memory.delete(key);
  if (!backend) return;
  try {
    backend.removeItem(PREFIX + key);
  } catch {
    // Denied: nothing more to do.
  }
}

// ------------------------------------------------------------------ saved matches

const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
/** Seat kinds a save may name: the person, or a computer level (docs/engine-protocol.md). */
const SEAT_KINDS = ["human", "easy", "normal", "hard", "random"];

/** The shape problem of a stored save record of `game`, or null when it looks like one. */
function recordProblem(record, game) {
  if (!isPlainObject(record) || record.format !== SAVE_FORMAT) return "not a save of this format";
  const save = record.save;
  if (!isPlainObject(save) || save.game !== game) return `not a save of ${game}`;
  if (typeof save.position !== "string" || !save.position) return "the position is missing";
  if (!Array.isArray(save.seats) || save.seats.length < 2 || save.seats.length > 8
      || !save.seats.every((seat) => SEAT_KINDS.includes(seat))) return "the seats are not a list of seat kinds";
  if (!Number.isSafeInteger(save.seed)) return "the seed is not a whole number";
  if (record.about !== undefined && !isPlainObject(record.about)) return "the description is not an object";
  if (record.version !== undefined && !isCount(record.version)) return "the version is not a count";
  if (record.owner !== undefined && typeof record.owner !== "string") return "the writer is not named";
  return null;
}

/** What the "continue" button may show of a record's description: only numbers that make sense. */
function cleanAbout(about) {
  const clean = {};
  if (Number.isSafeInteger(about?.round) && about.round > 0) clean.round = about.round;
  if (Number.isSafeInteger(about?.players) && about.players > 1) clean.players = about.players;
  // Each player's total, by seat, and the person's seat: only a full set for the players named.
  if (clean.players && Array.isArray(about.scores) && about.scores.length === clean.players
      && about.scores.every(Number.isSafeInteger)
      && Number.isSafeInteger(about.seat) && about.seat >= 0 && about.seat < clean.players) {
    clean.scores = [...about.scores];
    clean.seat = about.seat;
  }
  return clean;
}

/** The stored record of `game` when it parses as one, else null. */
function storedRecord(game) {
  try {
    const record = JSON.parse(read(`save.${game}`) ?? "null");
    return recordProblem(record, game) === null ? record : null;
  } catch {
    return null;
  }
}

/**
 * Start writing the saves of `game` as `owner` (a tab's id): the stored save, if any, is stamped as
 * that tab's, so a tab that wrote it before stops at its next write (saveMatch answers conflict).
 * @returns {{game: string, owner: string, version: number}} the claim to pass to saveMatch
 */
export function claimMatch(game, owner) {
  const record = storedRecord(game);
  const version = (record?.version ?? 0) + 1;
  if (record) write(`save.${game}`, JSON.stringify({ ...record, owner, version }));
  return { game, owner, version: record ? version : 0 };
}

/**
 * Keep the engine's save of a match (the bridge's `save` answer: {position, game, seats, seed}).
 * With a claim, nothing is written when another tab has stamped the stored save since this tab's
 * last write: the answer is then {conflict: true} and the other tab's save stands.
 * @param {{position: string, game: string, seats: string[], seed: number}} save
 * @param {{round?: number, players?: number, scores?: number[], seat?: number}} [about] shown on
 *   the "continue" button (scores: each seat's total; seat: the person's)
 * @param {{owner: string, version: number} | null} [claim] from claimMatch; its version is raised
 * @returns {{saved: boolean, conflict?: boolean}}
 */
export function saveMatch(save, about = {}, claim = null) {
  if (!GAMES.includes(save?.game)) return { saved: false };
  let stamp = {};
  if (claim) {
    const stored = storedRecord(save.game);
    if (stored?.owner !== undefined && (stored.owner !== claim.owner || (stored.version ?? 0) !== claim.version)) {
      return { saved: false, conflict: true };
    }
    claim.version += 1;
    stamp = { owner: claim.owner, version: claim.version };
  }
  const record = { format: SAVE_FORMAT, savedAt: Date.now(), about: cleanAbout(about), save, ...stamp };
  write(`save.${save.game}`, JSON.stringify(record));
  for (const listener of saveListeners) listener(save.game, record);
  return { saved: true };
}

/**
 * The saved match of `game`: null when there is none, else {record} or {problem} for a save that
 * cannot even be read (the engine judges the position itself when it checks it).
 */
export function loadMatch(game) {
  const raw = read(`save.${game}`);
  if (raw === null) return null;
  let record;
  try {
    record = JSON.parse(raw);
  } catch (error) {
    return { problem: `not JSON: ${error.message}` };
  }
  const problem = recordProblem(record, game);
  return problem ? { problem } : { record: { ...record, about: cleanAbout(record.about) } };
}

/**
 * Forget the saved match of `game` (the match ended). With a claim, only this tab's own save:
 * one another tab has stamped since stays.
 */
export function clearMatch(game, claim = null) {
  const stored = claim ? storedRecord(game) : null;
  if (stored?.owner !== undefined && stored.owner !== claim.owner) return;
  remove(`save.${game}`);
  for (const listener of saveListeners) listener(game, null);
}

/** Move the saved match of `game` aside under save.<game>:rejected, with the reason. */
export function rejectMatch(game, reason) {
  const raw = read(`save.${game}`);
  if (raw === null) return;
  write(`save.${game}:rejected`, JSON.stringify({ rejectedAt: Date.now(), reason: String(reason), raw }));
  remove(`save.${game}`);
}

/** Call `listener(game, record | null)` after each save (null: the save was cleared). */
export function onSave(listener) {
  saveListeners.add(listener);
  return () => saveListeners.delete(listener);
}

/**
 * Take saves kept elsewhere (by an embedding page): {tress?: record, take?: record}. Each is stored
 * as given (a damaged one is then set aside by the check that follows, with its message).
 * @returns {string[]} the games whose save was taken
 */
export function importSaves(records) {
  const taken = [];
  for (const game of GAMES) {
    const record = records?.[game];
    if (record === undefined || record === null) continue;
    let text;
    try {
      text = JSON.stringify(record);
    } catch {
      text = String(record);  // not even JSON (a cycle, a BigInt): set aside by the check
    }
    write(`save.${game}`, text);
    taken.push(game);
  }
  return taken;
}

// ------------------------------------------------------------------ statistics

const STAT_LEVELS = ["easy", "normal", "hard", "random", "mixed"];

/** True for one row of the statistics: counts that add up and finite scores. */
function validEntry(key, entry) {
  const [game, level, ...rest] = key.split(".");
  if (!GAMES.includes(game) || !STAT_LEVELS.includes(level) || rest.length || !isPlainObject(entry)) return false;
  const { played, won, best, total } = entry;
  return isCount(played) && isCount(won) && won <= played && Number.isFinite(total)
    && (best === null || Number.isFinite(best)) && (best !== null || played === 0);
}

/** The stored statistics: {data} of the rows that make sense, and whether any did not. */
function readStats() {
  const raw = read("stats");
  if (raw === null) return { data: {}, bad: false, raw };
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { data: {}, bad: true, raw };
  }
  if (!isPlainObject(parsed)) return { data: {}, bad: true, raw };
  const data = Object.fromEntries(Object.entries(parsed).filter(([key, entry]) => validEntry(key, entry)));
  return { data, bad: Object.keys(data).length !== Object.keys(parsed).length, raw };
}

/** Statistics: {"<game>.<level>": {played, won, best, total}}, only rows that make sense. */
export function stats() {
  return readStats().data;
}

/**
 * Check the stored statistics once: rows that do not make sense are kept under stats:rejected,
 * the rest stays, and the start screen says so (web/storage/set-aside.js).
 */
export function checkStats() {
  const { data, bad, raw } = readStats();
  if (!bad) return;
  write("stats:rejected", JSON.stringify({ rejectedAt: Date.now(), reason: "rows that do not add up", raw }));
  write("stats", JSON.stringify(data));
  setAside("statistics");
}

/**
 * Count a finished match.
 * @param {{game: string, level: string, won: boolean, score: number}} result the person's final score
 */
export function recordResult({ game, level, won, score }) {
  if (!GAMES.includes(game) || !Number.isFinite(score)) return;
  const all = stats();
  const key = `${game}.${level}`;
  const entry = all[key] ?? { played: 0, won: 0, best: null, total: 0 };
  const better = game === "tress" ? (a, b) => a < b : (a, b) => a > b;  // Tress: lowest wins
  entry.played += 1;
  entry.won += won ? 1 : 0;
  entry.total += score;
  entry.best = entry.best === null || better(score, entry.best) ? score : entry.best;
  all[key] = entry;
  write("stats", JSON.stringify(all));
}

export function resetStats() {
  remove("stats");
}
