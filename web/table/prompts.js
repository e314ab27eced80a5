// What the table says in words: the line that tells the person what to do now, and the message
// over the table when the engine refuses a move.

import { cardName } from "./cards.js";
import { has, language, t, tOr } from "../i18n/index.js";
import * as A from "./actions.js";
import { seatName } from "./seats.js";

/** @typedef {import("../engine/client.js").View} View */

/**
 * The prompt line for `view`.
 * @param {View} view
 * @param {{human: boolean, thinking: number | null}} who whether a seat is the person's, and
 *   which computer seat is thinking
 * @returns {string}
 */
export function prompt(view, { human, thinking }) {
  const name = (seat) => seatName(view, seat);
  if (view.phase === "match_over") return t("prompt.matchOver");
  if (view.phase === "round_over") return view.game === "take" ? t("prompt.handOver") : t("prompt.roundOver");
  if (!human) return t("prompt.watching", { name: name(view.to_move) });
  if (view.to_move !== view.seat) {
    return thinking === view.to_move ? t("prompt.thinking", { name: name(view.to_move) }) : t("prompt.waiting", { name: name(view.to_move) });
  }
  if (view.phase === "claim") {
    // The first caller is the one the answer is about (T-17); the engine lists callers in order.
    const caller = (view.claims ?? [])[0];
    return caller == null ? t("prompt.claimed") : t("prompt.claimedBy", { name: name(caller) });
  }
  if (view.phase === "draw") {
    if (!A.drawAction(view, "discard")) return t("prompt.drawStock");
    // In Tress the others may still call for that card until the person draws (T-18): say so, or
    // a call that arrives a moment later seems to take back the person's turn.
    const key = view.game === "tress" ? "prompt.drawBeforeCall" : "prompt.draw";
    return t(key, { card: cardName(view.discard_top) });
  }
  if (view.game === "take") return t("prompt.playTake");
  if (view.contract?.all_cards) return t("prompt.playRound7");
  return view.down?.[view.seat] ? t("prompt.playDown") : t("prompt.playTress");
}

/**
 * The rule id and plain English reason of an engine error (the bridge sends both for a refused
 * move; any other error has its message as the reason).
 * @param {any} error
 * @returns {{rule: string | null, reason: string | null}}
 */
export function ruleOf(error) {
  return { rule: error?.rule ?? null, reason: error?.reason ?? (error?.message ? String(error.message) : null) };
}

/** The draw rules (Tress T-11, Take K-8): one rule id for several situations, told apart below. */
const DRAW_RULES = new Set(["T-11", "K-8"]);

/**
 * The words of a refusal in the person's language: a title for the situation, and the engine's
 * reason as a detail when it adds something. A draw refused because the person has drawn already
 * (phase "play") or because the discard pile is empty says that, not "draw one card first".
 * @param {any} error the engine's error (rule, phase and reason when it refused a move)
 * @returns {{title: string, detail: string}}
 */
export function refusalTexts(error) {
  const { rule, reason } = ruleOf(error);
  let situation = null;
  if (DRAW_RULES.has(rule ?? "")) {
    if (error?.phase === "play") situation = "explain.drawnAlready";
    else if (/discard pile is empty/.test(reason ?? "")) situation = "explain.discardEmpty";
  }
  if (situation) return { title: t(situation), detail: "" };
  const title = rule ? tOr(`explain.${rule}`, t("explain.generic")) : t("explain.generic");
  // The engine's own words are English: other languages show the translated rule alone when there is one.
  const translated = rule && has(`explain.${rule}`);
  const detail = reason && reason !== title && (language() === "en" || !translated) ? `${t("explain.detail")} ${reason}` : "";
  return { title, detail };
}

/**
 * Show why the engine refused a move, in the person's language; nothing changed.
 * @param {import("./table.js").TableView} table
 * @param {any} error
 * @param {{title: string, detail: string}} [texts] the words, when the move gives better ones
 *   than the rule alone (web/table/refusals.js)
 */
export function showRefusal(table, error, texts = refusalTexts(error)) {
  const { title, detail } = texts;
  table.showMessage(title, detail);
  table.message.dataset.rule = ruleOf(error).rule ?? "";
}

/**
 * Why the Lay down button is unavailable now ("" when it is available): not yet drawn, or, while
 * playing, a hand that holds no contract (Tress, T-12) or no sequence (Take, K-4) to lay down.
 * @param {View} view
 * @param {{mine: boolean, playing: boolean, selection?: string[]}} now the person is to move; is in
 *   the play phase; the selected hand cards (those that fit a meld on the table make it available)
 * @returns {string}
 */
export function layDownUnavailable(view, { mine, playing, selection = [] }) {
  if (!mine) return "";
  if (!playing) return ["draw", "claim"].includes(view.phase) ? t("notice.drawFirst") : "";
  // Selected cards that go on a meld: Lay down puts them there (web/table/moves.js).
  if (A.layDownActions(view).length || (selection.length && A.layOffs(view, selection).length)) return "";
  return view.game === "take" ? t("notice.noSequence") : t("notice.noContract");
}

/**
 * The title and help of the lay-down dialog, shown when there is more than one way to lay the
 * cards (one way is laid at once). Take lays down one sequence at a time and calls it so; Tress
 * lays down its contract's melds.
 * @param {"tress"|"take"} game
 * @param {{selected: boolean}} how selected: the person chose cards (else they come from the whole hand)
 * @returns {{title: string, help: string}}
 */
export function layDownTexts(game, { selected }) {
  const hand = selected ? "" : "Hand";
  const take = game === "take" ? "Take" : "";
  return { title: t(`layDown.pick${take}`), help: t(`layDown.pickHelp${hand}${take}`) };
}

/**
 * What a discard still needs when the selection is not one card: the Discard button's title and
 * the notice a press shows say the same.
 * @param {number} selected how many hand cards are selected
 * @returns {string} the text in the page's language
 */
export function discardNeeds(selected) {
  return t(selected ? "notice.oneToDiscard" : "notice.selectToDiscard");
}

/**
 * Show a short notice over the table (not a refusal: no rule).
 * @param {import("./table.js").TableView} table
 * @param {string} text
 */
export function showNotice(table, text) {
  table.showMessage(text, "");
  table.message.dataset.rule = "";
}
