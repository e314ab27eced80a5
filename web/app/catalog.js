// The games' facts as the engine states them in its catalog: player ranges and defaults, the
// house rules (options schema with defaults and rule ids) and the computer levels. The build
// runs the catalog under CPython and writes it into index.html (build.py, engine_catalog), so
// the start screen and its house rules show before the engine has started. A page served
// straight from web/ has none there and gets it from the engine once it runs (web/app.js).

/** @typedef {import("../engine/client.js").Catalog} Catalog */

/** @type {Catalog | null} */
let known = builtIn();
/** @type {Set<(catalog: Catalog) => void>} */
const listeners = new Set();

/** The catalog the build wrote into the page, or null. @returns {Catalog | null} */
function builtIn() {
  const element = typeof document === "object" ? document.getElementById("game-catalog") : null;
  try {
    const data = JSON.parse(element?.textContent || "null");
    return data && typeof data === "object" && data.games ? data : null;
  } catch {
    return null;
  }
}

/** The catalog, or null while it is not known yet. */
export function catalog() {
  return known;
}

/**
 * What the catalog says of `game`, or null while it is not known yet.
 * @param {string} game
 */
export function gameInfo(game) {
  return (known && Object.hasOwn(known.games, game) && known.games[game]) || null;
}

/** True when the page was built with the catalog (nothing to ask the engine). */
export function builtWithCatalog() {
  return known !== null;
}

/**
 * Call `listener(catalog)` once it is known: at once when it is.
 * @param {(catalog: Catalog) => void} listener
 */
export function whenCatalog(listener) {
  if (known) listener(known);
  else listeners.add(listener);
}

/**
 * The engine's catalog arrived (a page built without one).
 * @param {Catalog} arrived
 */
export function setCatalog(arrived) {
  if (known) return;
  known = arrived;
  for (const listener of listeners) listener(arrived);
  listeners.clear();
}
