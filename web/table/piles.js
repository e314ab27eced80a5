// The stock and the discard pile, both real buttons (draw by click, tap or keyboard).

import { cardName, cardSVG } from "./cards.js";
import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";

/** @typedef {import("../engine/client.js").View} View */

/**
 * The mark on the discard pile: "empty" when it holds no card, "dead" when its top card may not
 * be taken or called (T-17), else none. An empty pile is never called dead.
 * @param {View} view
 * @returns {{kind: "empty" | "dead", text: string, title: string} | null}
 */
export function discardMark(view) {
  if (!view.discard_top) return { kind: "empty", text: t("piles.empty"), title: t("piles.emptyTitle") };
  if (view.discard_dead) return { kind: "dead", text: t("piles.dead"), title: t("piles.deadTitle") };
  return null;
}

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
  const mark = discardMark(view);
  const discard = h("button.pile.discard", {
    type: "button",
    class: [state.canDiscardPile ? "can" : "", state.discardTarget ? "target" : "", mark?.kind ?? ""].join(" ").trim() || undefined,
    "aria-disabled": state.canDiscardPile || state.discardTarget ? "false" : "true",
    "aria-label": discardLabel,
    title: state.discardTarget ? t("piles.targetTitle") : undefined,
    dataset: { testid: "discard-pile", drop: "discard", pile: "discard", top: top ?? "" },
    on: { click: () => state.onDiscardPile() },
  }, [
    top ? h("span.card", { dataset: { card: top } }, [cardSVG(top)]) : h("span.card.card-empty"),
    mark ? h(`span.pile-mark.pile-${mark.kind}`, { text: mark.text, title: mark.title, dataset: { testid: `discard-${mark.kind}` } }) : null,
  ]);
  return [
    h("div.pile-wrap", {}, [stock, h("span.pile-label", { text: t("piles.stock"), "aria-hidden": "true" })]),
    h("div.pile-wrap", {}, [discard, h("span.pile-label", { text: t("piles.discard"), "aria-hidden": "true" })]),
  ];
}
