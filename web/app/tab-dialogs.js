// What the person is asked and told when a game's match is open in another tab (web/app/tabs.js),
// or when a new match would take the place of the one saved.

import { h } from "./dom.js";
import { t } from "../i18n/index.js";
import { choose } from "../table/dialog.js";

const gameName = (game) => t(`games.${game}.name`);

/** "Continue" pressed while another tab plays that match: play it here? Resolves true or false. */
export async function askTakeOver(game) {
  const answer = await choose({
    title: t("tabs.openElsewhere", { game: gameName(game) }),
    body: [h("p.dialog-help", { text: t("tabs.takeOverHelp") })],
    choices: [{ label: t("tabs.playHere"), value: true, testid: "take-over", primary: true }],
    testid: "take-over-dialog",
  });
  return answer === true;
}

/**
 * "Play" pressed while another tab plays a match of the same game (one save per game).
 * @returns {Promise<"continue" | "new" | null>} go on with that match here, start anew, or neither
 */
export function askNewGame(game) {
  return choose({
    title: t("tabs.newWhileOpen", { game: gameName(game) }),
    body: [h("p.dialog-help", { text: t("tabs.newHelp", { game: gameName(game) }) })],
    choices: [
      { label: t("tabs.continueHere"), value: "continue", testid: "continue-here", primary: true },
      { label: t("tabs.newHere"), value: "new", testid: "new-here" },
    ],
    testid: "new-game-dialog",
  });
}

/**
 * "Play" pressed while a match of the same game is saved (one save per game): the saved match
 * stays until the person chooses a new one.
 * @param {string} game
 * @param {{round: string | null, scores: string | null}} about where the saved match stands
 *   (web/storage/saves.js, describeSave)
 * @returns {Promise<"continue" | "new" | null>} go on with the saved match, start anew, or neither (Cancel)
 */
export function askReplaceSave(game, about) {
  const where = [about.round, about.scores].filter(Boolean).join(" · ");
  return choose({
    title: t("saves.askTitle", { game: gameName(game) }),
    body: [
      where ? h("p.dialog-where", { dataset: { testid: "saved-where" }, text: where }) : null,
      h("p.dialog-help", { text: t("saves.askHelp", { game: gameName(game) }) }),
    ].filter(Boolean),
    choices: [
      { label: t("saves.askContinue"), value: "continue", testid: "continue-saved", primary: true },
      { label: t("saves.askNew"), value: "new", testid: "new-instead" },
    ],
    testid: "saved-game-dialog",
  });
}

/**
 * This tab's match went to another tab.
 * @param {string} game
 * @param {string} why "continue" (the other tab goes on with it), "new" (it started a new match of
 *   this game there) or "stolen" (it took the match without this tab's last word)
 * @param {boolean} lostMove a move made here came after the other tab had the match, and is not kept
 * @returns {Promise<"here" | "start">}
 */
export async function tellTakenOver(game, why, lostMove) {
  const replaced = why === "new";
  const help = replaced ? t("tabs.replacedHelp") : lostMove ? t("tabs.movedLostHelp") : t("tabs.movedHelp");
  const choices = replaced ? [] : [{ label: t("tabs.playHere"), value: "here", testid: "play-here", primary: true }];
  choices.push({ label: t("tabs.toStart"), value: "start", testid: "back-to-start", primary: replaced });
  const answer = await choose({
    title: t(replaced ? "tabs.replaced" : "tabs.movedAway", { game: gameName(game) }),
    body: [h("p.dialog-help", { text: help })],
    choices,
    dismissible: false,
    testid: "taken-over-dialog",
  });
  return answer === "here" ? "here" : "start";
}
