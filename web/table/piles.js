// The stock and the discard pile, both real buttons (draw by click, tap or keyboard).

import { cardName, cardSVG } from "./cards.js";
import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";

/** @typedef {import("../engine/client.js").View} View */

/**
 * @param {View} view
 * @param {{canStock: boolean, canDiscardPile: boolean, discardTarget: boolean,
 *          onStock: () => void, onDiscardPile: () => void}} state
 */
export function renderPiles(view, state) {
  const stock = h("button.pile.stock", {
    type: "button",
    class: state.canStock ? "can" : undefined,
    "aria-disabled": state.canStock ? "false" : "true",
    "aria-label": t("piles.stockLabel", { count: view.stock_count }),
    dataset: { testid: "stock", pile: "stock" },
    on: { click: () => state.onStock() },
  }, [
    h("span.card.card-back", {}, [cardSVG(null)]),
    h("span.pile-count", { text: String(view.stock_count), "aria-hidden": "true" }),
  ]);
  const top = view.discard_top;
  const discardLabel = top
    ? t(view.discard_dead ? "piles.discardDeadLabel" : "piles.discardLabel", { card: cardName(top), count: view.discard_count })
    : t("piles.discardEmpty");
  const discard = h("button.pile.discard", {
    type: "button",
    class: [state.canDiscardPile ? "can" : "", state.discardTarget ? "target" : "", view.discard_dead ? "dead" : ""].join(" ").trim() || undefined,
    "aria-disabled": state.canDiscardPile || state.discardTarget ? "false" : "true",
    "aria-label": discardLabel,
    dataset: { testid: "discard-pile", drop: "discard", pile: "discard", top: top ?? "" },
    on: { click: () => state.onDiscardPile() },
  }, [
    top ? h("span.card", { dataset: { card: top } }, [cardSVG(top)]) : h("span.card.card-empty"),
    view.discard_dead ? h("span.pile-dead", { text: t("piles.dead") }) : null,
  ]);
  return [
    h("div.pile-wrap", {}, [stock, h("span.pile-label", { text: t("piles.stock"), "aria-hidden": "true" })]),
    h("div.pile-wrap", {}, [discard, h("span.pile-label", { text: t("piles.discard"), "aria-hidden": "true" })]),
  ];
}
