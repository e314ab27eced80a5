// Presenting the match: each event of an answer animated (a card flying from the stock to a seat,
// a meld growing), then the table drawn from the new view with what the person may do now.

import * as A from "./actions.js";
import { cardName } from "./cards.js";
import { sleep } from "../app/dom.js";
import { language, t } from "../i18n/index.js";
import { matchShown } from "../app/match-events.js";
import { flash, flyCard } from "./animate.js";
import { claimAnswer } from "./claim.js";
import { logLines } from "./log.js";
import { act, clickDiscardPile, clickMeld, clickStock } from "./moves.js";
import { layDownUnavailable, prompt } from "./prompts.js";
import { seatName } from "./seats.js";
import { play as sound } from "./sound.js";

/** @typedef {import("./match.js").Match} Match */
/** @typedef {import("../engine/client.js").View} View */
/** @typedef {import("../engine/client.js").Action} Action */
/** @typedef {import("../engine/client.js").GameEvent} GameEvent */

/**
 * Animate one event of an answer on the table as it was before the answer.
 * @param {Match} m
 * @param {GameEvent} event
 * @param {View} before the view the event happened in
 * @param {{animation: number}} speed the speed setting (animation in milliseconds)
 */
export async function animate(m, event, before, speed) {
  const ms = speed.animation;
  const viewer = before.seat;
  const table = m.table;
  const seatEl = (seat) => table.seatEl(seat, viewer);
  switch (event.kind) {
    case "card_drawn": {
      const from = event.source === "discard" ? table.discardEl() : table.stockEl();
      const shown = event.seat === viewer && m.human ? event.card : null;
      sound("draw");
      await flyCard(from, seatEl(event.seat), event.source === "discard" ? event.card : shown, ms);
      break;
    }
    case "card_discarded": {
      sound("lay");
      const from = event.seat === viewer ? table.root.querySelector(`.hand [data-card="${CSS.escape(event.card)}"]`) ?? seatEl(event.seat) : seatEl(event.seat);
      await flyCard(from, table.discardEl(), event.card, ms);
      break;
    }
    case "meld_created":
    case "meld_extended": {
      const target = table.meldEl(event.meld_id) ?? table.melds;
      const first = event.meld?.cards?.[0] ?? event.cards?.[0] ?? null;
      sound("lay");
      await flyCard(seatEl(event.seat), target, event.kind === "meld_extended" ? event.cards?.[0] ?? first : first, ms);
      m.changed.set(event.meld_id, "fresh-meld");
      break;
    }
    case "sequence_taken_over":
      m.changed.set(event.meld_id, "taken-over");
      break;
    case "sequence_locked":
      m.changed.set(event.meld_id, "just-locked");
      break;
    case "claim_called":
      m.calls.set(event.seat, t("claim.says"));
      sound("claim");
      m.view = { ...m.view };
      draw(m);
      flash(seatEl(event.seat));
      if (ms) await sleep(ms);
      break;
    case "claim_granted":
      m.calls.clear();
      break;
    default:
      break;
  }
}

/**
 * The marks on the person's cards: playable on a meld, taken from the pile, hinted.
 * @param {Match} m
 * @param {View} view
 * @param {boolean} playing the person is to play now
 * @param {Action | null} hinted the live hint (see liveHint)
 */
function cardMarks(m, view, playing, hinted) {
  const marks = new Map();
  if (playing) {
    for (const action of A.mine(view)) {
      if (A.actionMeld(action) !== null) for (const card of A.actionCards(action)) marks.set(card, "playable");
    }
    if (view.drawn_from_discard) marks.set(view.drawn_from_discard, "taken-card");
  }
  // A hint is about one decision: once its move (or, for "let it go", the take-it chance) is
  // gone, it would mislead in the next turn or round.
  if (m.table.message.classList.contains("hint") && !(hinted || (!m.hinted && A.callAction(view)))) {
    m.table.clearMessage();
    m.hinted = null;
  }
  if (hinted) {
    for (const card of A.movedCards(hinted)) marks.set(card, `${marks.get(card) ?? ""} hinted`.trim());
  }
  return marks;
}

/**
 * The hinted move while it is still one of the person's legal moves, else null.
 * @param {Match} m @param {View} view
 */
function liveHint(m, view) {
  return m.hinted && A.mine(view).some((a) => A.sameAction(a, m.hinted)) ? m.hinted : null;
}

/**
 * The meld the live hint adds to (a lay-off, an extension, a joker swap), on the person's turn.
 * @param {Action | null} hinted the live hint @param {boolean} playing @returns {number | null}
 */
function hintedMeld(hinted, playing) {
  return playing && hinted ? A.actionMeld(hinted) : null;
}

/** Draw the table from the match's view. @param {Match} m */
export function draw(m) {
  const view = m.view;
  if (!view || m.closed) return;
  const mine = m.isMine(view);
  const playing = mine && view.phase === "play";
  const selection = m.dragCards ?? m.table.hand.selection();
  const discards = A.discardActions(view);
  // The hint's move while it is still legal: its cards, its meld and its answer to a call are marked.
  const hinted = liveHint(m, view);
  const marks = cardMarks(m, view, playing, hinted);
  const state = {
    thinking: m.thinking,
    // The engine's pending callers too: a game continued from a save shows its calls again.
    calls: new Map([...m.calls.keys(), ...(view.claims ?? [])].map((seat) => [seat, t("claim.says")])),
    watching: !m.human,
    handEnabled: m.human && view.phase !== "match_over",
    marks,
    targets: playing ? A.meldTargets(view, selection) : new Set(),
    // The meld a hinted lay-off or extension names, marked apart from the others the card fits.
    hintedMeld: hintedMeld(hinted, playing),
    changed: m.changed,
    onMeld: (id) => clickMeld(m, id),
    canStock: mine && view.phase !== "play",
    canDiscardPile: mine && view.phase !== "play" && Boolean(A.drawAction(view, "discard")),
    discardTarget: playing && selection.length === 1 && discards.has(selection[0]),
    onStock: () => clickStock(m),
    onDiscardPile: () => clickDiscardPile(m),
    showLayDown: m.human && (view.game === "take" || !view.down?.[view.seat] || view.options?.extra_melds),
    canLayDown: playing,
    // Playing without a contract (or a sequence) to lay down: the button looks unavailable and
    // says why, and a press still explains (web/table/moves.js).
    layDownWhy: m.human ? layDownUnavailable(view, { mine, playing, selection }) : "",
    // The engine keeps the turn's table moves (view.undo of them) until the discard.
    showUndo: playing && (view.undo ?? 0) > 0,
    showDiscard: m.human,
    canDiscard: playing && selection.length === 1,
    prompt: prompt(view, { human: m.human, thinking: m.thinking }),
    // Every line the view's log gives (its latest events): the newest is scrolled into view, and
    // the person may scroll back over the ones before.
    logLines: logLines(view, view.log ?? []),
  };
  m.table.render(view, state);
  const root = m.root;
  root.dataset.mine = String(mine);
  root.dataset.claims = (view.claims ?? []).join(" ");
  root.dataset.handCounts = view.hand_counts.join(" ");
  root.dataset.phase = view.phase;
  // "ready": the person may act now and nothing is under way (tests wait for this marker).
  root.dataset.input = mine && !m.looping && !m.acting ? "ready" : "wait";
  drawClaimAnswer(m, view, hinted);
  matchShown(m);  // saving, statistics, embedding events (web/match-events.js)
}

/**
 * The drawer's answer to a "take it" call: keep the card or let the caller have it.
 * @param {Match} m @param {View} view @param {Action | null} hinted the live hint (its answer is marked)
 */
function drawClaimAnswer(m, view, hinted) {
  const asking = m.human && view.phase === "claim" && view.to_move === view.seat;
  const slot = m.table.claimSlot;
  const existing = slot.querySelector("[data-testid='claim-answer']");
  if (!asking) {
    existing?.remove();
    return;
  }
  const caller = (view.claims ?? [])[0] ?? [...m.calls.keys()][0];
  if (caller == null) return;
  const { take, grant } = A.claimAnswers(view);
  // After a hint, its answer glows as hinted cards do and takes the focus.
  const suggest = !hinted ? "" : take && A.sameAction(hinted, take) ? "take" : "grant";
  const key = `${caller}|${view.discard_top}|${view.round}|${language()}|${suggest}`;
  if (existing && existing.dataset.key === key) return;
  m.table.setClaim(claimAnswer({
    callerName: seatName(view, caller),
    card: view.discard_top,
    cardText: cardName(view.discard_top),
    penalty: view.penalty_cards ?? 0,
    suggest,
    onTake: () => act(m, take),
    onGrant: () => act(m, A.ofKind(view, "grant")[0] ?? grant),
  }));
  const answer = slot.querySelector("[data-testid='claim-answer']");
  answer.dataset.key = key;
  (answer.querySelector("button.hinted") ?? answer.querySelector("button"))?.focus({ preventScroll: true });
}
