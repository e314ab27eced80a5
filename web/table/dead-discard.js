// Tress: the card a granted "take it" leaves dead on the discard pile (rule T-17: once the top
// discard is given to the caller, the card beneath may be neither taken nor called until the next
// discard). No event names that card, so it is read off the pile as the log's events build it,
// and for the newest grant off the view, which marks the dead top card (`discard_dead`).

/** @typedef {import("../engine/client.js").View} View */
/** @typedef {import("../engine/client.js").GameEvent} GameEvent */

/** Events after which the pile's top is no longer the card a grant left dead. */
const PILE_CHANGES = new Set(["dealt", "card_discarded", "claim_granted"]);
const changesPile = (event) => PILE_CHANGES.has(event.kind) || (event.kind === "card_drawn" && event.source === "discard");

/**
 * The card each granted call left dead on top of the discard pile (T-17), by the index of its
 * `claim_granted` event. A grant that emptied the pile leaves none; so does one whose pile lies
 * beyond the events given, unless it is the newest and the view shows the dead card.
 * @param {View} view the current view (`discard_top`, `discard_dead`)
 * @param {GameEvent[]} events the log's events, oldest first
 * @returns {Map<number, string>} grant index -> the dead card's key
 */
export function deadAfterGrants(view, events) {
  const dead = new Map();
  /** @type {string[]} the pile's cards known from the events, bottom to top */
  let pile = [];
  let whole = false;  // whether `pile` is the whole pile (after a deal or a rebuild), not its top part
  let newest = -1;  // the newest grant with no pile change since
  events.forEach((event, i) => {
    if (changesPile(event)) newest = -1;
    if (event.kind === "dealt") {
      pile = event.discard_top ? [event.discard_top] : [];
      whole = true;
    } else if (event.kind === "card_discarded") pile.push(event.card);
    else if (event.kind === "card_drawn" && event.source === "discard") pile.pop();
    else if (event.kind === "stock_rebuilt") {
      // T-21: the pile but its top card became the stock; the top keeps its status.
      whole = pile.length > 0;
      pile = pile.slice(-1);
    } else if (event.kind === "claim_granted") {
      pile.pop();
      if (pile.length) dead.set(i, pile.at(-1));
      else if (!whole) newest = i;  // the card beneath lies beyond these events
    }
  });
  if (newest >= 0 && view?.discard_dead && view.discard_top) dead.set(newest, view.discard_top);
  return dead;
}
