// The marks on the person's cards in words: each mark's title says what it means, as the rules
// page's legend does (web/rules, "In this app").

import { t } from "../i18n/index.js";

/** The marks that have words, by their css class on a hand card. */
const TITLES = { playable: "marks.playable", "taken-card": "marks.taken" };

/**
 * The title of a hand card with these marks: each mark's meaning, in the current language.
 * @param {string} classes the card's mark classes, space separated ("playable hinted"), or ""
 * @param {"tress"|"take"} game Take's green dot speaks of sequences
 * @returns {string} "" for a card with no mark that has words
 */
export function markTitle(classes, game) {
  return (classes ?? "").split(/\s+/).filter((mark) => TITLES[mark])
    .map((mark) => t(mark === "playable" && game === "take" ? "marks.playableTake" : TITLES[mark]))
    .join(" ");
}
