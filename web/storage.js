// What the app keeps between visits: one saved match per game, saves that failed to load (set
// aside, never silently deleted) and statistics per game and computer level.
//
// localStorage when the browser allows it; otherwise (storage denied, for example in an iframe on
// another site) a map in memory, so the game keeps working and only forgets on close. An embedding
// page may keep the saves instead: listeners registered with onSave() hear every save (see
// web/embedded.js), and importSaves() hands them back.
//
// Keys: rummytable.save.<game>, rummytable.save.<game>:rejected, rummytable.stats.

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

/**
 * Keep the engine's save of a match (the bridge's `save` answer: {position, game, seats, seed}).
 * @param {{position: string, game: string, seats: string[], seed: number}} save
 * @param {{round?: number, players?: number, engine?: string}} [about] shown on the "continue" button
 */
export function saveMatch(save, about = {}) {
  if (!GAMES.includes(save?.game)) return;
  const record = { format: SAVE_FORMAT, savedAt: Date.now(), about, save };
  write(`save.${save.game}`, JSON.stringify(record));
  for (const listener of saveListeners) listener(save.game, record);
}

/**
 * The saved match of `game`: null when there is none, else {record} or {problem} for a save that
 * cannot even be read (the engine judges the position itself when it loads it).
 */
export function loadMatch(game) {
  const raw = read(`save.${game}`);
  if (raw === null) return null;
  try {
    const record = JSON.parse(raw);
    const save = record?.save;
    if (record?.format !== SAVE_FORMAT || save?.game !== game || typeof save.position !== "string"
        || !Array.isArray(save.seats) || !Number.isInteger(save.seed)) {
      return { problem: "not a save of this format" };
    }
    return { record };
  } catch (error) {
    return { problem: `not JSON: ${error.message}` };
  }
}

/** Forget the saved match of `game` (the match ended). */
export function clearMatch(game) {
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

/** The last save of `game` that failed to load, or null. */
export function rejectedMatch(game) {
  try {
    return JSON.parse(read(`save.${game}:rejected`) ?? "null");
  } catch {
    return null;
  }
}

/** Call `listener(game, record | null)` after each save (null: the save was cleared). */
export function onSave(listener) {
  saveListeners.add(listener);
  return () => saveListeners.delete(listener);
}

/** Take saves kept elsewhere (by an embedding page): {tress?: record, take?: record}. */
export function importSaves(records) {
  for (const game of GAMES) {
    const record = records?.[game];
    if (record && typeof record === "object") write(`save.${game}`, JSON.stringify(record));
  }
}

// ------------------------------------------------------------------ statistics

/** Statistics: {"<game>.<level>": {played, won, best, total}}. */
export function stats() {
  try {
    const data = JSON.parse(read("stats") ?? "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
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
