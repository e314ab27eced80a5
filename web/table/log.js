// The short log of the last moves, in words.

import { cardName } from "./cards.js";
import { t, list } from "../i18n/index.js";
import { deadAfterGrants } from "./dead-discard.js";
import { isPerson, kindKey, ownerMeld, seatCase, seatName } from "./seats.js";

/** @typedef {import("../engine/client.js").View} View */
/** @typedef {import("../engine/client.js").GameEvent} GameEvent */
/** @typedef {import("../engine/client.js").ViewMeld} ViewMeld */

/**
 * One event in words, or null for events not worth a line.
 * @param {View} view the current view (for seat names)
 * @param {GameEvent} event an engine event
 */
export function describeEvent(view, event) {
  const name = event.seat != null ? seatName(view, event.seat) : "";
  const you = isPerson(view, event.seat);
  const who = { name };
  // Cards the verb acts on take the object case where the language has one (uk: «шістку треф»).
  const card = (key) => cardName(key, undefined, "acc");
  const cards = (keys, faces) => list((keys ?? []).map((key, i) => cardName(key, faces?.[i], "acc")));
  switch (event.kind) {
    case "dealt": {
      // The person's own deal has its own line: the verb agrees with «Ви» in Ukrainian.
      const take = view.game === "take";
      const mine = isPerson(view, event.dealer);
      const key = mine ? (take ? "log.youDealtHand" : "log.youDealt") : (take ? "log.dealtHand" : "log.dealt");
      return t(key, { round: event.round, dealer: seatName(view, event.dealer) });
    }
    case "card_drawn":
      if (event.source === "discard") return t(you ? "log.youTookDiscard" : "log.tookDiscard", { ...who, card: card(event.card) });
      if (event.penalty) {  // after a granted "take it" (T-16)
        return event.card && you ? t("log.youPenalty", { card: cardName(event.card) }) : t("log.penalty", who);
      }
      return event.card && you ? t("log.youDrewStock", { card: card(event.card) }) : t("log.drewStock", who);
    case "card_discarded":
      return t(you ? "log.youDiscarded" : "log.discarded", { ...who, card: card(event.card) });
    case "meld_created": {
      const meld = /** @type {Partial<ViewMeld>} */ (event.meld ?? {});
      return t(you ? "log.youMelded" : "log.melded", { ...who, kind: t(`melds.${kindKey(view, meld.kind ?? "run")}`), cards: cards(meld.cards, meld.faces) });
    }
    case "meld_extended": {
      const meld = /** @type {Partial<ViewMeld>} */ (event.meld ?? {});
      if (!you && meld.owner === event.seat) {
        const kind = kindKey(view, meld.kind ?? "run");
        return t("log.extendedOwn", { ...who, cards: addedCards(event), own: t(`melds.ownTo.${kind}`) });
      }
      const target = meld.owner != null ? ownerMeld(view, meld.owner, meld.kind ?? "run", "to") : "";
      return t(you ? "log.youExtended" : "log.extended", { ...who, cards: addedCards(event), meld: target });
    }
    case "joker_swapped":
      return t(you ? "log.youSwapped" : "log.swapped", { ...who, card: card(event.card) });
    case "claim_called":
      return t("log.called", { ...who, card: event.card ? cardName(event.card) : "" });
    case "claim_granted":
      return t(you ? "log.youGranted" : "log.granted", { ...who, card: event.card ? card(event.card) : "" });
    case "claim_refused":  // the drawer takes the card himself (T-17)
      return t(you ? "log.youKeptClaim" : "log.keptClaim", who);
    case "sequence_taken_over": {
      const taker = event.to ?? event.seat;
      const mine = isPerson(view, taker);
      return t(mine ? "log.youTookOver" : "log.takenOver", { name: seatName(view, taker), from: event.from != null ? seatCase(view, event.from, "obj") : "" });
    }
    case "sequence_locked":
      return t(you ? "log.youLocked" : "log.locked", who);
    case "stock_rebuilt":
      return t("log.stockRebuilt", { count: event.count ?? 0 });
    case "dead_stock":  // T-22: the round ends with nobody out
      return t("log.deadStock", { count: event.rebuilds ?? 0 });
    case "round_scored":
      return view.game === "take" ? t("log.handScored", { round: event.round }) : t("log.roundScored", { round: event.round });
    case "match_over":
      return t("log.matchOver", { names: list((event.winners ?? []).map((s) => seatName(view, s))) });
    default:
      return null;
  }
}

/**
 * The log's lines for a list of events, one line per thing that happened: a granted "take it"
 * and the caller's penalty cards read as one line (T-17), followed by one saying which card the
 * grant left dead on the discard pile (T-17, see dead-discard.js), and so do a drawer's refusal of the
 * callers and his taking the card (T-17), and an extension and the take-over it made (K-12);
 * events not worth a line give none.
 * @param {View} view the current view (for seat names)
 * @param {GameEvent[]} events the engine's events, oldest first
 * @returns {{text: string, kind: string, seat: number | undefined}[]}
 */
export function logLines(view, events) {
  const lines = [];
  const dead = deadAfterGrants(view, events);
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    let text = null;
    if (event.kind === "claim_granted") {
      const grant = i;
      const penalties = [];
      while (events[i + 1]?.kind === "card_drawn" && events[i + 1].penalty && events[i + 1].seat === event.seat) penalties.push(events[++i]);
      text = penalties.length ? grantedWithPenalty(view, event, penalties) : describeEvent(view, event);
      // The card beneath is dead now (T-17): said in the log, not only in the pile's tooltip.
      if (dead.has(grant)) {
        lines.push({ text, kind: event.kind, seat: event.seat });
        text = t("log.discardDead", { card: cardName(dead.get(grant)) });
        lines.push({ text, kind: "discard_dead", seat: undefined });
        continue;
      }
    } else if (event.kind === "meld_extended" && events[i + 1]?.kind === "sequence_taken_over" && events[i + 1].meld_id === event.meld_id) {
      text = tookOverWith(view, event, events[++i]);  // one line: the card added took the sequence over (K-12)
    } else if (event.kind === "claim_refused" && events[i + 1]?.kind === "card_drawn" && events[i + 1].source === "discard" && events[i + 1].seat === event.seat) {
      text = keptAgainst(view, event, events[++i]);
    } else {
      text = describeEvent(view, event);
    }
    if (text) lines.push({ text, kind: event.kind, seat: event.seat });
  }
  return lines;
}

/** "North got the four of spades and a penalty card." (the penalty cards named only to their owner). */
function grantedWithPenalty(view, granted, penalties) {
  const card = granted.card ? cardName(granted.card, undefined, "acc") : "";
  const count = penalties.length;
  if (isPerson(view, granted.seat) && penalties.every((p) => p.card)) {
    return t("log.youGrantedPenalty", { card, count, penalty: list(penalties.map((p) => cardName(p.card, undefined, "acc"))) });
  }
  return t("log.grantedPenalty", { name: seatName(view, granted.seat), card, count });
}

/** "North added the eight of spades and took over the sequence from you." (K-12: the extension was the take-over). */
function tookOverWith(view, extended, taken) {
  const from = taken.from != null ? seatCase(view, taken.from, "obj") : "";
  return t(isPerson(view, extended.seat) ? "log.youTookOverWith" : "log.tookOverWith",
    { name: seatName(view, extended.seat), cards: addedCards(extended), from });
}

/** The cards a `meld_extended` event added, in words (object case), a joker named by what it stands for. */
function addedCards(extended) {
  const meld = /** @type {Partial<ViewMeld>} */ (extended.meld ?? {});
  return list((extended.cards ?? []).map((key) => cardName(key, meld.faces?.[meld.cards?.indexOf(key) ?? -1], "acc")));
}

/** "East took the nine of clubs instead of North." (the drawer kept the called card, T-17). */
function keptAgainst(view, refused, drawn) {
  const callers = list((refused.callers ?? []).map((seat) => seatCase(view, seat, "obj")));
  const card = cardName(drawn.card, undefined, "acc");
  if (!callers) return t(isPerson(view, refused.seat) ? "log.youTookDiscard" : "log.tookDiscard", { name: seatName(view, refused.seat), card });
  return t(isPerson(view, refused.seat) ? "log.youKeptFrom" : "log.keptFrom", { name: seatName(view, refused.seat), card, callers });
}
