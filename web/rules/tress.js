// Which rules a Tress table plays: the rules page as text keys of web/rules/tress.<lang>.js, chosen
// and filled in from the table's options, so the page shows the house rules in play. The same
// structure serves every language; each item names the options that shaped it.

/** Jokers in the deck (T-1): the option, or 4, 5 or 6 by the number of players. */
function jokerCount(o) {
  return o.jokers ?? ({ 5: 5, 6: 6 }[o.players] ?? 4);
}

/**
 * The rules page of a Tress table.
 * @param {Record<string, any>} o the table's options, every one given (the engine's defaults merged in)
 * @returns {{intro: string, sections: {heading: string, items: any[][]}[]}}
 *   items are [text key, placeholder values, names of the options the item follows]
 */
export function tressRules(o) {
  const limit = o.claim_limit;
  const dead = o.dead_stock_rebuilds;
  return {
    intro: "intro",
    sections: [
      { heading: "cards", items: [
        ["deck", { count: jokerCount(o) }, ["jokers", "players"]],
        ["values"],
      ] },
      { heading: "melds", items: [
        ["set"],
        ["run"],
        [o.wrap_runs ? "aceWrap" : "ace", {}, ["wrap_runs"]],
        [`jokers.${o.joker_ratio}`, {}, ["joker_ratio"]],
        ...(o.no_adjacent_jokers ? [["noAdjacentJokers", {}, ["no_adjacent_jokers"]]] : []),
        [o.joker_swap ? "jokerSwap" : "jokerStays", {}, ["joker_swap"]],
      ] },
      { heading: "rounds", items: [
        ["round1"], ["round2"], ["round3"], ["round4"], ["round5"], ["round6"],
        [`round7.${o.round7}`, {}, ["round7"]],
      ] },
      { heading: "turn", items: [
        ["draw"],
        [o.must_lay_down ? "goDownMust" : "goDown", {}, ["must_lay_down"]],
        [o.distinct_melds ? "distinct" : "notDistinct", {}, ["distinct_melds"]],
        [o.extra_melds ? "layOffExtra" : "layOff", {}, ["extra_melds"]],
        ["discard"],
        [o.out_without_discard ? "outByMelding" : "keepOne", {}, ["out_without_discard"]],
        ["roundEnd"],
      ] },
      { heading: "claims", items: [
        [`window.${o.claim_window}`, {}, ["claim_window"]],
        ["notCallers"],
        ...(o.down_may_claim ? [] : [["downNoCall", {}, ["down_may_claim"]]]),
        [`decide.${o.claim_priority}`, {}, ["claim_priority"]],
        [`penalty${o.penalty_cards}`, {}, ["penalty_cards"]],
        ...(limit == null ? [] : [[limit === 0 ? "limitNone" : "limit", { count: limit }, ["claim_limit"]]]),
        ["deadCard"],
      ] },
      { heading: "stock", items: [
        [o.empty_stock === "end_round" ? "stockEnds" : "stockRebuilt", {}, ["empty_stock"]],
        // A stock that ends the round when it runs out never needs the T-22 bound.
        ...(o.empty_stock === "end_round" ? [] : [
          [dead == null ? "deadStockOff" : dead === 0 ? "deadStockNone" : "deadStock", { count: dead ?? 0 }, ["dead_stock_rebuilds"]],
        ]),
      ] },
      { heading: "winning", items: [
        ["roundScore"],
        [o.tie_break_round7 ? "tieBreak" : "tieShared", {}, ["tie_break_round7"]],
      ] },
      { heading: "app", items: [["appSelect"], ["appLayDown"], ["appUndo"], ["appHint"], ["appTakeIt"], ["markPlayable"], ["markTaken"], ["markTarget"], ["markDead"], ["markOwner"], ["markJoker"]] },
    ],
  };
}
