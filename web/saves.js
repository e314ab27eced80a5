// Save and resume: the match is saved after every move (the engine's versioned position), and
// the start screen offers to continue it. One save per game; a match with no person at the table
// (watch mode) is not saved. A save the engine refuses is set aside with a clear message, and the
// start screen stays ready for a new game.
//
// Statistics are counted here too, when a match with the person in it ends.

import { h } from "./dom.js";
import "./i18n/offline.js";
import { onLanguageChange, t } from "./i18n/index.js";
import { onMatchView } from "./match-events.js";
import { notice, startPanel } from "./start-panel.js";
import { recordMatch, setupStats } from "./stats.js";
import * as storage from "./storage.js";

/**
 * Wire saving, resuming and statistics into the app.
 * @param {{start: object}} app what startApp() returned
 * @param {() => object} engine the current engine
 */
export function setupSaves(app, engine) {
  const parts = startPanel();
  let chain = Promise.resolve();  // saves are written in the order they were asked for
  const valid = new Set();        // games whose save is offered: found at start, or saved this visit

  const drawResume = () => {
    const buttons = [];
    for (const game of storage.GAMES) {
      const found = storage.loadMatch(game);
      if (!found?.record || !valid.has(game)) continue;
      const about = found.record.about ?? {};
      buttons.push(h("button.secondary.resume", {
        type: "button", dataset: { testid: `resume-${game}` }, on: { click: () => resume(game) },
      }, [
        h("span.resume-title", { text: t("saves.resume", { game: t(`games.${game}.name`) }) }),
        about.round ? h("span.resume-detail", { text: t(game === "take" ? "saves.detailTake" : "saves.detail", { round: about.round, count: about.players ?? found.record.save.seats.length }) }) : null,
      ]));
    }
    parts.resume.replaceChildren(...(buttons.length ? [h("h2.resume-heading", { text: t("saves.heading") }), ...buttons] : []));
  };

  // A save found on this device is offered at once, so the start screen does not move when the
  // engine has checked it; one the engine then refuses is replaced by a notice (refuse below).
  for (const game of storage.GAMES) if (storage.loadMatch(game)?.record) valid.add(game);

  const refuse = (game, error) => {
    storage.rejectMatch(game, error?.message ?? error);
    valid.delete(game);
    notice(`save-${game}`, "saves.problem", () => ({ game: t(`games.${game}.name`) }), "save-problem");
    drawResume();
  };

  /** Ask the engine to load each save now (all in one go, before anything else is asked of it). */
  const check = (current) => {
    const loads = [];
    for (const game of storage.GAMES) {
      const found = storage.loadMatch(game);
      if (!found) continue;
      if (found.problem) {
        refuse(game, found.problem);
        continue;
      }
      loads.push(current.call("load", found.record.save).then(() => valid.add(game), (error) => refuse(game, error)));
    }
    return Promise.all(loads).then(drawResume);
  };

  const resume = async (game) => {
    const found = storage.loadMatch(game);
    if (!found?.record) return;
    const current = engine();
    try {
      await current.ready;
      const { view } = await current.call("load", found.record.save);
      parts.resume.replaceChildren();
      await app.start.on.play({ game, seats: found.record.save.seats, options: view.options ?? {}, resumed: true });
    } catch (error) {
      refuse(game, error);
    }
  };

  onMatchView(({ view, previousPhase, setup, engine: matchEngine }) => {
    if (!setup.seats.includes("human")) return;
    const game = view.game ?? setup.game;
    if (view.phase === "match_over") {
      if (previousPhase !== null && previousPhase !== "match_over") recordMatch(view, setup);
      chain = chain.then(() => storage.clearMatch(game));
      valid.delete(game);
      return;
    }
    const asked = matchEngine.call("save");
    chain = chain.then(() => asked).then((save) => {
      storage.saveMatch(save, { round: view.round, players: view.players ?? setup.seats.length });
      valid.add(save.game);
    }, () => {});  // the engine was stopped or replaced: the last save stands
  });

  if (!storage.persistent()) notice("memory", "saves.memoryOnly");
  onLanguageChange(setupStats(parts.tools));
  onLanguageChange(drawResume);
  // Back at the start screen (the person left a match): offer to continue it.
  new MutationObserver(() => { if (document.documentElement.dataset.screen === "start") drawResume(); })
    .observe(document.documentElement, { attributes: true, attributeFilter: ["data-screen"] });
  drawResume();
  const current = engine();
  current.ready.then(() => check(current), () => {});
  return { check: () => check(engine()) };
}
