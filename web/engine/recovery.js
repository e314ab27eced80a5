// When the engine stops under a running page (web/engine/engine.js gave up on it: terminated, a call
// past its deadline, an unreadable message, a silent worker): a new engine is started and the
// match at the table goes on from its last save, with a message saying what happened. Nothing
// saved is lost; a move the old engine never answered was never made.
//
// An engine that keeps stopping is not restarted under the match forever: after MAX_RESTARTS in a
// row with no move in between, the start screen says so and the match waits in its save.
//
// <html data-engine-restarts="N">: how many times the engine was restarted since the page loaded.

import { t } from "../i18n/index.js";
import { onMatchView } from "../app/match-events.js";
import { notice } from "../app/start-panel.js";

export const MAX_RESTARTS = 3;

/**
 * @param {{app: import("../app/ui.js").App, saves: {resume: Function, playing: () => string | null},
 *   restart: () => {ready: Promise<unknown>}}} parts what startApp() and setupSaves() returned, and
 *   a function that starts a new engine and makes it the page's (web/app.js)
 * @returns {{stopped: (error: Error) => void, onRestart: (listener: (error: Error) => void) => void}}
 */
export function setupRecovery({ app, saves, restart }) {
  let restarts = 0;
  let total = 0;
  const listeners = new Set();
  // A move went through: the engine works again.
  onMatchView(({ previousPhase }) => { if (previousPhase !== null) restarts = 0; });

  const stopped = (error) => {
    console.warn("The game engine stopped; starting it again.", error);
    restarts += 1;
    total += 1;
    document.documentElement.dataset.engineRestarts = String(total);
    const match = app.match();
    const game = saves.playing();  // the match this tab saves, if one is at the table
    if (match) {
      match.close();
      match.inform(t("recovery.restarting"), "", "engine-restarting");
    }
    for (const listener of listeners) listener(error);
    const engine = restart();
    engine.ready.then(async () => {
      if (!match || app.match() !== match) {
        notice("engine", "recovery.restartedStart", {}, "engine-restarted");
        return;
      }
      if (game && restarts <= MAX_RESTARTS && await saves.resume(game, { restarted: true })) {
        app.match()?.inform(t("recovery.restarted"), t("recovery.restartedDetail"), "engine-restarted");
        return;
      }
      if (app.match() === match) app.showStart();
      notice("engine", game ? "recovery.gaveUp" : "recovery.watchLost", {}, "engine-problem");
    }, () => {
      // The new engine did not start either: the start screen shows why, with "Try again".
      if (app.match() === match) app.showStart();
      if (game) notice("engine", "recovery.savedForLater", {}, "engine-problem");
    });
  };
  return { stopped, onRestart: (listener) => listeners.add(listener) };
}
