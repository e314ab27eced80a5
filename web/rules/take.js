// Which rules a Take table plays: the rules page as text keys of web/rules/take.<lang>.js, chosen
// and filled in from the table's options (see tress.js for the shape).

/**
 * The rules page of a Take table.
 * @param {Record<string, any>} o the table's options, every one given (the engine's defaults merged in)
 * @returns {{intro: string, params: object, sections: {heading: string, items: any[][]}[]}}
 */
export function takeRules(o) {
  const target = { target: o.target };
  return {
    intro: "intro",
    params: target,
    sections: [
      { heading: "cards", items: [
        ["deck"],
        ["values"],
        ...(o.joker_value === "stand_in" ? [["jokerStandIn", {}, ["joker_value"]]] : []),
        ...(o.low_ace_five ? [["lowAceFive", {}, ["low_ace_five"]]] : []),
      ] },
      { heading: "sequences", items: [
        ["sequence"],
        ["ace"],
        [`jokers.${o.joker_ratio}`, {}, ["joker_ratio"]],
        ["jokerAce"],
        ["jokerStays"],
        ["separate"],
      ] },
      { heading: "turn", items: [
        ["draw"],
        ["play"],
        ["discard"],
        [o.go_out_by_melding ? "outByMelding" : "keepOne", {}, ["go_out_by_melding"]],
      ] },
      { heading: "taking", items: [
        ["owner"],
        ["takeOver"],
        [o.below_others ? "below" : "noBelow", {}, ["below_others"]],
        ["lock"],
      ] },
      { heading: "scoring", items: [
        [o.go_out_by_melding ? "handEndMeld" : "handEnd", {}, ["go_out_by_melding"]],
        ["score"],
        [o.empty_stock === "end_hand" ? "stockEnds" : "stockRebuilt", {}, ["empty_stock"]],
        ...(o.empty_stock === "end_hand" ? [] : [
          [o.dead_stock_ends_hand ? "deadStock" : "deadStockOff", {}, ["dead_stock_ends_hand"]],
        ]),
        ["target", target, ["target"]],
        [`tie.${o.tie}`, {}, ["tie"]],
      ] },
      { heading: "app", items: [["appSelect"], ["appLayDown"], ["appUndo"], ["markPlayable"], ["markTaken"], ["markTarget"], ["markOwner"], ["markLock"], ["markJoker"]] },
    ],
  };
}
