// The short log of the last moves, in words.

import { cardName } from "./cards.js";
import { t, list } from "../i18n/index.js";
import { kindKey, ownerMeld, seatCase, seatName } from "./seats.js";

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
  const you = event.seat === view.seat && (view.seat_kinds ?? []).includes("human");
  const who = { name };
  const cards = (keys, faces) => list((keys ?? []).map((key, i) => cardName(key, faces?.[i])));
  switch (event.kind) {
    case "dealt":
      return t(view.game === "take" ? "log.dealtHand" : "log.dealt", { round: event.round, dealer: seatName(view, event.dealer) });
    case "card_drawn":
      if (event.source === "discard") return t(you ? "log.youTookDiscard" : "log.tookDiscard", { ...who, card: cardName(event.card) });
      if (event.penalty) {  // after a granted "take it" (T-16)
        return event.card && you ? t("log.youPenalty", { card: cardName(event.card) }) : t("log.penalty", who);
      }
      return event.card && you ? t("log.youDrewStock", { card: cardName(event.card) }) : t("log.drewStock", who);
    case "card_discarded":
      return t(you ? "log.youDiscarded" : "log.discarded", { ...who, card: cardName(event.card) });
    case "meld_created": {
      const meld = /** @type {Partial<ViewMeld>} */ (event.meld ?? {});
      return t(you ? "log.youMelded" : "log.melded", { ...who, kind: t(`melds.${kindKey(view, meld.kind ?? "run")}`), cards: cards(meld.cards, meld.faces) });
    }
    case "meld_extended": {
      const meld = /** @type {Partial<ViewMeld>} */ (event.meld ?? {});
      const added = event.cards ?? [];
      const faces = added.map((key) => meld.faces?.[meld.cards?.indexOf(key)]);
      if (!you && meld.owner === event.seat) {
        return t("log.extendedOwn", { ...who, cards: cards(added, faces), kind: t(`melds.${kindKey(view, meld.kind ?? "run")}`) });
      }
      const target = meld.owner != null ? ownerMeld(view, meld.owner, meld.kind ?? "run") : "";
      return t(you ? "log.youExtended" : "log.extended", { ...who, cards: cards(added, faces), meld: target });
    }
    case "joker_swapped":
      return t(you ? "log.youSwapped" : "log.swapped", { ...who, card: cardName(event.card) });
    case "claim_called":
      return t("log.called", { ...who, card: event.card ? cardName(event.card) : "" });
    case "claim_granted":
      return t("log.granted", { ...who, card: event.card ? cardName(event.card) : "" });
    case "claim_refused":  // the drawer takes the card himself (T-17)
      return t(you ? "log.youKeptClaim" : "log.keptClaim", who);
    case "sequence_taken_over":
      return t("log.takenOver", { name: seatName(view, event.to ?? event.seat), from: event.from != null ? seatCase(view, event.from, "obj") : "" });
    case "sequence_locked":
      return t("log.locked", who);
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
