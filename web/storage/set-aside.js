// Stored values that could not be used: a damaged byte, a value from another version, a hand-edited
// key. The module that reads a value checks it, keeps the bad one under "<key>:rejected" (never
// silently deleted) and reports it here; the start screen then says, in the person's language,
// what was reset to its default (web/app/ui.js).
//
// What may be reported (each has a name under "stored.what" in the dictionaries): language, settings,
// speed, deck, game, players, levels, houseRules, handOrder, takeItAsk, statistics.

const found = new Set();
const listeners = new Set();

/** Keep `raw` (the stored text) under `key` + ":rejected", with the reason. Storage may be denied. */
export function keepRejected(key, raw, reason) {
  try {
    localStorage.setItem(`${key}:rejected`, JSON.stringify({ rejectedAt: Date.now(), reason: String(reason), raw: String(raw) }));
  } catch {
    // Storage denied or full: the bad value is simply not kept.
  }
}

/**
 * Report that the stored value `what` could not be used and its default is in use now.
 * @param {string} what one of the names listed above
 */
export function setAside(what) {
  if (found.has(what)) return;
  found.add(what);
  for (const listener of listeners) listener([...found]);
}

/** Call `listener(names)` now if something was set aside already, and after each new report. */
export function onSetAside(listener) {
  listeners.add(listener);
  if (found.size) listener([...found]);
  return () => listeners.delete(listener);
}

/** A plain object (not null, not an array, not a class instance such as a Date). */
export function isPlainObject(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
