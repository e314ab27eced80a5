// The score sheet: each player's cards left, points for the round, running totals; the winner at the end.

import { cardName, parseCard, shortLabel } from "./cards.js";
import { h } from "../app/dom.js";
import { t, list } from "../i18n/index.js";
import { points as pointsText } from "./points.js";
import { isPerson, seatName, seatShort } from "./seats.js";

/** Table of the last round: cards left, round points, totals. */
export function resultTable(view) {
  const result = view.last_result;
  const take = view.game === "take";
  const rows = [];
  for (let seat = 0; seat < view.players; seat++) {
    const left = result?.hands?.[seat] ?? [];
    const points = result?.points?.[seat];
    rows.push(h("tr", { dataset: { seat: String(seat) }, class: view.winners?.includes(seat) ? "winner" : undefined }, [
      h("th", { scope: "row", text: seatName(view, seat) }),
      h("td.left-cards", {}, left.length
        ? left.map((key) => cardChip(key))
        : [h("span.out", { text: result?.out === seat ? t("scores.wentOut") : t("scores.noCards") })]),
      // Take: the hand's points split into the sequences owned and the cards held (K-17).
      ...(take ? [
        h("td.num", { text: numberOr(result?.table_points?.[seat]), dataset: { testid: `table-points-${seat}` } }),
        h("td.num", { text: numberOr(result?.hand_points?.[seat], { negate: true }), dataset: { testid: `held-points-${seat}` } }),
      ] : []),
      h("td.num", { text: numberOr(points, { plus: take }) }),
      h("td.num.total", { text: pointsText(view.scores[seat]), dataset: { testid: `total-${seat}` } }),
    ]));
  }
  // On a phone each player's cards left take a line of their own under his numbers (web/css/cards.css).
  return h(`table.score-table.result.${take ? "nums-4" : "nums-2"}`, { dataset: { testid: "result-table" } }, [
    h("thead", {}, [h("tr", {}, [
      h("th", { scope: "col", text: t("scores.player") }),
      h("th.cards-col", { scope: "col", text: t("scores.cardsLeft") }),
      // Headings over numbers line up with them (right).
      ...(take ? [h("th.num", { scope: "col", text: t("scores.tablePoints") }), h("th.num", { scope: "col", text: t("scores.heldPoints") })] : []),
      h("th.num", { scope: "col", text: take ? t("scores.handPoints") : t("scores.roundPoints") }),
      h("th.num", { scope: "col", text: t("scores.total") }),
    ])]),
    h("tbody", {}, rows),
  ]);
}

/** Every finished round's points and the totals. */
export function historyTable(view) {
  const take = view.game === "take";
  const rounds = view.round_scores ?? [];
  return h("table.score-table.history", { dataset: { testid: "score-history" } }, [
    h("thead", {}, [h("tr", {}, [
      h("th", { scope: "col", text: take ? t("scores.hand") : t("scores.round") }),
      // A phone shows each seat's short name (its badge at the table, "NW"): six columns fit.
      ...Array.from({ length: view.players }, (_, seat) => h("th.num", { scope: "col", "aria-label": seatName(view, seat) }, [
        h("span.seat-long", { text: seatName(view, seat), "aria-hidden": "true" }),
        h("span.seat-short", { text: seatShort(view, seat), "aria-hidden": "true" }),
      ])),
    ])]),
    h("tbody", {}, rounds.map((points, i) => h("tr", {}, [
      h("th", { scope: "row", text: String(i + 1) }),
      ...points.map((p) => h("td.num", { text: pointsText(p, { plus: take }) })),
    ]))),
    h("tfoot", {}, [h("tr", {}, [
      h("th", { scope: "row", text: t("scores.total") }),
      ...view.scores.map((s) => h("td.num.total", { text: pointsText(s) })),
    ])]),
  ]);
}

/** The title of the sheet after a round, or the winners' line at the end. */
export function sheetTitle(view) {
  if (view.phase === "match_over") {
    const winners = view.winners ?? [];
    const you = winners.includes(view.seat) && isPerson(view, view.seat);
    if (winners.length === 1) return you ? t("scores.youWin") : t("scores.wins", { name: seatName(view, winners[0]) });
    return t("scores.shared", { names: list(winners.map((s) => seatName(view, s))) });
  }
  const round = view.last_result?.round ?? view.round;
  const out = view.last_result?.out;
  const head = view.game === "take" ? t("scores.handOver", { round }) : t("scores.roundOver", { round });
  return out == null ? head : `${head} · ${t("scores.outBy", { name: seatName(view, out) })}`;
}

/** The whole sheet's body: result, then the history; before any score, a line that says so. */
export function sheetBody(view) {
  const nodes = [];
  const take = view.game === "take";
  if (view.phase === "match_over") {
    const goal = take ? t("scores.goalTake") : t("scores.goalTress");
    nodes.push(h("p.sheet-goal", { text: goal }));
  }
  if (!view.last_result && !(view.round_scores ?? []).length) {
    nodes.push(h("p.sheet-none", { dataset: { testid: "no-scores" }, text: take ? t("scores.noneHand") : t("scores.noneRound") }));
    // Take's points of the hand being played live on the seats (K-17): say where to look.
    if (take) nodes.push(h("p.sheet-none", { dataset: { testid: "scores-so-far" }, text: t("scores.soFarTake") }));
  }
  if (view.last_result) {
    // While the next round is played, the result shown is the last one's: its heading says so.
    if (!["round_over", "match_over"].includes(view.phase)) {
      const round = view.last_result.round ?? view.round - 1;
      nodes.push(h("h3", { dataset: { testid: "last-result" }, text: take ? t("scores.lastHand", { round }) : t("scores.lastRound", { round }) }));
    }
    nodes.push(h("div.table-scroll", {}, [resultTable(view)]));
  }
  if ((view.round_scores ?? []).length) {
    nodes.push(h("h3", { text: view.game === "take" ? t("scores.historyTake") : t("scores.history") }),
      h("div.table-scroll", {}, [historyTable(view)]));
  }
  return nodes;
}

/** Points as the sheet writes them (see points.js), or "–" where there are none. */
function numberOr(value, how = {}) {
  return value == null ? "–" : pointsText(value, how);
}

/** A card's short label on the score sheet: "K♠"; a joker "JK" (in Ukrainian «ДЖ»). @param {string} key */
export const chipText = (key) => shortLabel(key, t("cards.jokerShort"));

/** A card as a short coloured label (see chipText) for the score sheet. */
export function cardChip(key) {
  const card = parseCard(key);
  const text = chipText(key);
  return h("span.chip-card", { role: "img", "aria-label": cardName(key), dataset: { suit: card.suit ?? "joker" } }, [
    h("span", { text, "aria-hidden": "true" }),
  ]);
}
