// Take's refused sequences in the person's words. The engine refuses a lone card laid down, or
// a card put on a sequence it does not fit, with its rule K-4 (what a sequence is) and an English
// reason ("a run needs at least 3 cards, not 1"); the page says instead what went wrong with the
// cards the person chose, and the rule as the detail, in every language.

import { cardName } from "./cards.js";
import { t } from "../i18n/index.js";
import { refusalTexts, ruleOf } from "./prompts.js";
import { ownerMeld } from "./seats.js";

/** @typedef {import("../engine/client.js").View} View */
/** @typedef {import("../engine/client.js").Action} Action */

const capital = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The words of the engine's refusal of `action`: for Take's lay-downs and extensions refused by
 * K-4, what is wrong with the chosen cards (too few for a sequence and fitting none on the
 * table; not fitting the sequence tapped), with K-4's own words as the detail; every other
 * refusal as refusalTexts gives it.
 * @param {View | null} view the person's view when the move was sent
 * @param {Action | null} action the refused move
 * @param {any} error the engine's error (rule, phase, reason)
 * @returns {{title: string, detail: string}}
 */
export function moveRefusalTexts(view, action, error) {
  const { rule } = ruleOf(error);
  if (view?.game !== "take" || rule !== "K-4" || !action) return refusalTexts(error);
  const cards = action.cards ?? [];
  const card = cards.length === 1 ? cardName(cards[0]) : "";
  if (action.kind === "lay_down" && cards.length) {
    // The page lays cards on a sequence that takes them instead (web/table/moves.js layDown):
    // the engine sees a lay-down only when they fit none on the table.
    return { title: capital(t("explain.noSequence", { count: cards.length, card })), detail: t("explain.K-4") };
  }
  if (action.kind === "extend" && cards.length) {
    const meld = view.melds?.find((item) => item.id === action.meld);
    const where = meld ? ownerMeld(view, meld.owner, meld.kind, "to") : t("reason.words.meld");
    return { title: capital(t("explain.noFit", { count: cards.length, card, meld: where })), detail: t("explain.K-4") };
  }
  return refusalTexts(error);
}
