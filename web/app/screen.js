// Which screen is up: the start screen or the table. The app shell (web/app/ui.js) switches it;
// the parts that care (the start panel, saves, offline updates, the embedded mode) ask or listen
// here. <html data-screen="start" | "table"> shows it for the style sheets and the tests.

/** @typedef {"start" | "table"} Screen */

/** @type {Screen} */
let current = "start";
/** @type {Set<(screen: Screen) => void>} */
const listeners = new Set();

/** The screen that is up. @returns {Screen} */
export function screen() {
  return current;
}

/** True unless the table is up. */
export function onStartScreen() {
  return current !== "table";
}

/**
 * Show `next` (the caller has already shown its elements) and tell every listener.
 * @param {Screen} next
 */
export function showScreen(next) {
  current = next;
  document.documentElement.dataset.screen = next;
  for (const listener of listeners) listener(next);
}

/**
 * Call `listener(screen)` after every switch of screen; returns a function that unsubscribes.
 * @param {(screen: Screen) => void} listener
 */
export function onScreenChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
