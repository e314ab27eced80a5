// Reading the engine's legal actions: which draws, discards, lay-offs and answers the person has now.
//
// The page never decides what is legal; it looks the person's intent up in view.legal_actions
// and sends the engine's own action JSON back (kinds and fields: docs/formats.md, "Actions").

/** @typedef {import("../engine/client.js").View} View */
/** @typedef {import("../engine/client.js").Action} Action */

/** The phases in which someone is to move. */
export const PLAYING = new Set(["draw", "claim", "play"]);

/** Legal actions of the viewer's seat. @param {View} view @returns {Action[]} */
export function mine(view) {
  return (view.legal_actions ?? []).filter((action) => action.seat === view.seat);
}

/** The viewer's legal actions of these kinds. @param {View} view @param {...string} kinds @returns {Action[]} */
export function ofKind(view, ...kinds) {
  return mine(view).filter((action) => kinds.includes(action.kind));
}

/** The draw from "stock" or "discard", if legal now. @param {View} view @param {"stock"|"discard"} source */
export function drawAction(view, source) {
  return ofKind(view, `draw_${source}`)[0] ?? null;
}

/** The "take it" call, if the viewer may make it now. @param {View} view */
export function callAction(view) {
  return ofKind(view, "call")[0] ?? null;
}

/** Discard actions by card key. @param {View} view @returns {Map<string, Action>} */
export function discardActions(view) {
  const result = new Map();
  for (const action of ofKind(view, "discard")) result.set(action.card, action);
  return result;
}

/** The card(s) an action moves from the hand to the table. @param {Action} action @returns {string[]} */
export function actionCards(action) {
  if (Array.isArray(action.cards)) return action.cards;
  if (action.card) return [action.card];
  return [];
}

/** Every card an action moves from the hand: all the melds' cards of a lay-down, else actionCards. @param {Action} action @returns {string[]} */
export function movedCards(action) {
  return action.melds ? action.melds.flatMap((meld) => meld.cards) : actionCards(action);
}

/** The meld an action adds to (lay_off, swap_joker, extend), if any. @param {Action} action @returns {number | null} */
export function actionMeld(action) {
  return typeof action.meld === "number" ? action.meld : null;
}

/**
 * Lay-offs / extensions that put exactly `cards` (keys) on meld `meldId` (any meld when null).
 * @param {View} view @param {string[]} cards @param {number | null} [meldId] @returns {Action[]}
 */
export function layOffs(view, cards, meldId = null) {
  const wanted = [...cards].sort().join(" ");
  return mine(view).filter((action) => {
    const target = actionMeld(action);
    if (target === null) return false;
    if (meldId !== null && target !== meldId) return false;
    return [...actionCards(action)].sort().join(" ") === wanted;
  });
}

/** Ids of the melds that some lay-off of `cards` may go on. @param {View} view @param {string[]} cards @returns {Set<number>} */
export function meldTargets(view, cards) {
  if (!cards.length) return new Set();
  return new Set(layOffs(view, cards).map(actionMeld));
}

/** The lay-downs (new melds) among the legal actions. @param {View} view */
export function layDownActions(view) {
  return ofKind(view, "lay_down");
}

/** Answers of the person due to draw while a call is pending (Tress, T-16). @param {View} view */
export function claimAnswers(view) {
  const take = drawAction(view, "discard");
  const grant = ofKind(view, "grant")[0] ?? drawAction(view, "stock");
  return { take, grant };
}

/** The action that moves on after a round or hand (if the engine asks the person for it). @param {View} view */
export function continueAction(view) {
  return ofKind(view, "next_round", "next_hand")[0] ?? null;
}

/** Same action? (compares JSON with sorted keys). @param {unknown} a @param {unknown} b */
export function sameAction(a, b) {
  return stable(a) === stable(b);
}

/** @param {unknown} value @returns {string} */
function stable(value) {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
