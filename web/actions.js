// Reading the engine's legal actions: which draws, discards, lay-offs and answers the person has now.
//
// The page never decides what is legal; it looks the person's intent up in view.legal_actions
// and sends the engine's own action JSON back.

/** Legal actions of the viewer's seat. */
export function mine(view) {
  return (view.legal_actions ?? []).filter((action) => action.seat === view.seat);
}

export function ofKind(view, ...kinds) {
  return mine(view).filter((action) => kinds.includes(action.kind));
}

/** The draw from "stock" or "discard", if legal now. */
export function drawAction(view, source) {
  return mine(view).find((a) => (a.kind === "draw" && a.source === source)
    || a.kind === `draw_${source}`) ?? null;
}

/** The "take it" call, if the viewer may make it now. */
export function callAction(view) {
  return ofKind(view, "call")[0] ?? null;
}

/** Discard actions by card key. */
export function discardActions(view) {
  const result = new Map();
  for (const action of ofKind(view, "discard")) result.set(action.card, action);
  return result;
}

/** The card(s) an action moves from the hand to the table. */
export function actionCards(action) {
  if (Array.isArray(action.cards)) return action.cards;
  if (action.card) return [action.card];
  return [];
}

/** The meld an action adds to, if any. */
export function actionMeld(action) {
  return action.meld_id ?? action.meld ?? null;
}

/** Lay-offs / extensions that put exactly `cards` (keys) on meld `meldId` (any meld when null). */
export function layOffs(view, cards, meldId = null) {
  const wanted = [...cards].sort().join(" ");
  return mine(view).filter((action) => {
    const target = actionMeld(action);
    if (target === null || typeof target !== "number") return false;
    if (meldId !== null && target !== meldId) return false;
    return [...actionCards(action)].sort().join(" ") === wanted;
  });
}

/** Ids of the melds that some lay-off of `cards` may go on. */
export function meldTargets(view, cards) {
  if (!cards.length) return new Set();
  return new Set(layOffs(view, cards).map(actionMeld));
}

/** New-meld actions (lay-downs) listed among the legal actions. */
export function layDownActions(view) {
  return mine(view).filter((action) => Array.isArray(action.melds)
    || (["meld", "lay_down", "new_meld", "new_sequence"].includes(action.kind) && actionMeld(action) === null));
}

/** Answers of the person due to draw while a call is pending (Tress). */
export function claimAnswers(view) {
  const take = drawAction(view, "discard") ?? ofKind(view, "take", "take_it", "keep")[0] ?? null;
  const grant = ofKind(view, "grant", "allow", "let_have")[0] ?? drawAction(view, "stock");
  return { take, grant };
}

/** The action that moves on after a round (if the engine asks the person for it). */
export function continueAction(view) {
  return ofKind(view, "next_round", "deal", "continue", "next_hand")[0] ?? null;
}

/** Same action? (compares JSON with sorted keys). */
export function sameAction(a, b) {
  return stable(a) === stable(b);
}

function stable(value) {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
