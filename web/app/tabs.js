// One writer per match across the tabs (and windows) of this site: the tab that plays a game's
// saved match holds a Web Lock named after the game; another tab that wants the match asks for it.
//
//   const hold = await tabs.hold("tress");                 // null: another tab plays it
//   const hold = await tabs.hold("tress", { why: "continue", onAsked });  // take it over
//   hold.lost.then((why) => ...);                          // another tab took it
//   hold.release();
//
// Taking over is polite first: the asking tab says so on a BroadcastChannel, the holder stops its
// match, writes its last save (onAsked) and lets go; only a holder that does not answer in time (a
// frozen tab) has the lock stolen. Either way the save's stamp (web/storage/storage.js) keeps a tab that
// missed the news from writing over the other's moves.
//
// Without localStorage there is nothing shared to protect (each tab keeps its saves in memory);
// without Web Locks the stamps alone stop the older tab at its next write.

import { persistent } from "../storage/storage.js";

/** This tab's name in the stamps of its saves. */
export const TAB = globalThis.crypto?.randomUUID?.() ?? `tab-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** How long a holder may take to write its last save and let go before the lock is taken. */
export const HANDOVER_MS = 4000;

const locks = globalThis.navigator?.locks ?? null;
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("rummytable.tabs") : null;
const held = new Map();  // game -> this tab's hold
const changeListeners = new Set();

const lockName = (game) => `rummytable.match.${game}`;

/** True when tabs share the saves, so they must take turns. */
export function shared() {
  return persistent() && locks !== null;
}

/** True when another tab of this site holds the match of `game` now. */
export async function busy(game) {
  if (!shared() || held.has(game)) return false;
  try {
    const state = await locks.query();
    return state.held.some((lock) => lock.name === lockName(game));
  } catch {
    return false;
  }
}

/** Call `listener(game)` when a tab (this one or another) starts or stops holding a match. */
export function onChange(listener) {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function changed(game) {
  channel?.postMessage({ type: "changed", game, from: TAB });
  for (const listener of changeListeners) listener(game);
}

channel?.addEventListener("message", (event) => {
  const { type, game, from, why } = event.data ?? {};
  if (from === TAB || typeof game !== "string") return;
  if (type === "ask") held.get(game)?.asked(why);
  else if (type === "changed") for (const listener of changeListeners) listener(game);
});

/** Request the lock; resolves with {release, lost, done} once granted, or null (ifAvailable and held). */
function request(game, options) {
  return new Promise((granted, refused) => {
    /** @type {(value?: unknown) => void} */
    let release = () => {};
    let answered = false;
    const done = locks.request(lockName(game), options, (lock) => {
      answered = true;
      if (!lock) {
        granted(null);
        return undefined;
      }
      const holding = new Promise((resolve) => { release = resolve; });
      granted({ release: () => release(), lost: () => lost, done });
      return holding;
    });
    // Settles when the lock is let go: null when this tab released it, "stolen" when taken.
    const lost = done.then(() => null, (error) => (error?.name === "AbortError" ? "stolen" : null));
    done.catch((error) => { if (!answered) refused(error); });
  });
}

/**
 * Hold the match of `game` for this tab.
 * @param {string} game
 * @param {{why?: "continue" | "new" | null, onAsked?: (why: string) => Promise<void>}} [options]
 *   why: null (default) only takes a free match; "continue" or "new" asks its holder to let go
 *   (what the other tab is told). onAsked: runs when another tab asks for it, before letting go.
 * @returns {Promise<{game: string, lost: Promise<string>, release: () => void} | null>} null when
 *   another tab holds it and `why` is null
 */
export async function hold(game, { why = null, onAsked = async () => {} } = {}) {
  const mine = held.get(game);
  if (mine && !mine.released) return mine;
  let taken;
  /** @type {(reason?: unknown) => void} */
  let onLost = () => {};
  const lost = new Promise((resolve) => { onLost = resolve; });
  const entry = {
    game,
    lost,
    released: false,
    release: () => {
      if (entry.released) return;
      entry.released = true;
      if (held.get(game) === entry) held.delete(game);
      taken?.release();
      taken?.done.then(() => changed(game), () => changed(game));
    },
    asked: async (reason) => {
      if (entry.released) return;
      try {
        await onAsked(reason);
      } finally {
        entry.release();
        onLost(reason);
      }
    },
  };
  if (!shared()) {
    held.set(game, entry);
    return entry;
  }
  taken = await request(game, { ifAvailable: true });
  if (!taken && !why) return null;
  if (!taken) {
    channel?.postMessage({ type: "ask", game, from: TAB, why });
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), HANDOVER_MS);
    try {
      taken = await request(game, { signal: abort.signal });
    } catch {
      taken = await request(game, { steal: true });  // the holder did not answer: a frozen tab
    } finally {
      clearTimeout(timer);
    }
  }
  taken.lost()?.then((reason) => {
    if (reason && !entry.released) {
      entry.released = true;
      if (held.get(game) === entry) held.delete(game);
      onLost(reason);
    }
  });
  held.set(game, entry);
  changed(game);
  return entry;
}
