// The person's moves: clicks, taps, drags and keys on the table turned into actions, with the
// dialogs that pick among several (where to lay off, which arrangement to lay down, whether to
// take a sequence over), the hint and the scores window.

import * as A from "./actions.js";
import { parseCard } from "./cards.js";
import { h } from "../app/dom.js";
import * as bridge from "../engine/client.js";
import { t } from "../i18n/index.js";
import { describeAction, describeHint, layDownPreview, meldPreview } from "./describe.js";
import { choose } from "./dialog.js";
import { discardNeeds, layDownTexts, showNotice, showRefusal } from "./prompts.js";
import { moveRefusalTexts } from "./refusals.js";
import { reveal } from "./reveal.js";
import { sheetBody } from "./scores.js";

/** @typedef {import("./match.js").Match} Match */
/** @typedef {import("../engine/client.js").Action} Action */

/**
 * Play the person's action; a refusal is explained over the table.
 * @param {Match} m
 * @param {Action} action
 * @param {{quiet?: boolean, unselect?: boolean}} [options] quiet: say nothing when it is refused;
 *   unselect: clear the selection when it is refused too (a card that cannot go now)
 * @returns {Promise<boolean>} true when the engine took it
 */
export async function act(m, action, { quiet = false, unselect = false } = {}) {
  const view = m.view;
  // A refusal is worded from the move and the view it was made in (web/table/refusals.js).
  return request(m, () => m.send(bridge.act, action), quiet, unselect, (error) => moveRefusalTexts(view, action, error));
}

/**
 * Take back the person's last lay-down, lay-off or extension of this turn (the engine restores
 * the match as it stood before it). @param {Match} m @returns {Promise<boolean>} true when taken back
 */
export async function undo(m) {
  if (!m.human || !m.view?.undo) return false;
  return request(m, () => m.send(bridge.undo), false);
}

/**
 * Send one move of the person's; a refusal is shown unless `quiet`, and clears the selection
 * when `unselect`. `words` gives a refusal's title and detail (by default refusalTexts).
 * @returns {Promise<boolean>}
 */
async function request(m, send, quiet, unselect = false, words = undefined) {
  if (m.acting || m.closed) return false;
  m.acting = true;
  m.hinted = null;
  m.root.dataset.input = "wait";
  m.table.clearMessage();
  try {
    await send();
    m.table.hand.clearSelection();
    return true;
  } catch (error) {
    if (!quiet) showRefusal(m.table, error, words?.(error));
    if (unselect) m.table.hand.clearSelection();
    return false;
  } finally {
    m.acting = false;
    m.draw();
    m.kick();
  }
}

/** @param {Match} m */
export function clickStock(m) {
  const view = m.view;
  if (!m.human || !view) return;
  act(m, A.drawAction(view, "stock") ?? { kind: "draw_stock", seat: view.seat });
}

/** @param {Match} m */
export function clickDiscardPile(m) {
  const view = m.view;
  if (!m.human || !view) return;
  if (view.phase === "play" && view.to_move === view.seat) {
    discardSelected(m);
    return;
  }
  if (view.phase === "claim" && view.to_move === view.seat) {
    act(m, A.claimAnswers(view).take ?? { kind: "draw_discard", seat: view.seat });
    return;
  }
  act(m, A.drawAction(view, "discard") ?? { kind: "draw_discard", seat: view.seat });
}

/** @param {Match} m @param {string[]} [cards] */
export function discardSelected(m, cards = m.table.hand.selection()) {
  const view = m.view;
  if (!m.human || !view) return;
  if (!cards.length && view.to_move === view.seat && ["draw", "claim"].includes(view.phase)) {
    // Nothing chosen yet, and a card must be drawn first: say so (the same words as the engine's refusal).
    const rule = view.game === "take" ? "K-8" : "T-11";
    m.table.showMessage(t(`explain.${rule}`), "");
    m.table.message.dataset.rule = rule;
    return;
  }
  if (cards.length !== 1) {
    showNotice(m.table, discardNeeds(cards.length));
    return;
  }
  // A refused discard (in Take, the card just taken from the pile: K-10) leaves nothing selected,
  // so the next card the person picks is the one discarded, not a second selection.
  act(m, A.discardActions(view).get(cards[0]) ?? { kind: "discard", seat: view.seat, card: cards[0] }, { unselect: true });
}

/** @param {Match} m @param {number} meldId @param {string[]} [cards] */
export async function clickMeld(m, meldId, cards = m.table.hand.selection()) {
  const view = m.view;
  if (!m.human || !view) return;
  if (!cards.length) {
    showNotice(m.table, t("notice.selectForMeld"));
    return;
  }
  const options = A.layOffs(view, cards, meldId);
  let action = options[0];
  if (!options.length) {
    action = view.game === "take"
      ? { kind: "extend", seat: view.seat, meld: meldId, cards, end: "high" }
      : { kind: "lay_off", seat: view.seat, card: cards[0], meld: meldId, end: "high" };
    if (view.game === "tress" && cards.length > 1) {
      showNotice(m.table, t("notice.oneAtATime"));
      return;
    }
  } else if (options.length > 1) {
    const meld = view.melds.find((item) => item.id === meldId);
    action = await choose({
      title: t("choose.where"),
      body: [h("div.dialog-meld", {}, meldPreview(meld))],
      choices: options.map((option, i) => ({
        label: describeAction(view, option, { short: true }),
        value: option,
        testid: `choice-${i}`,
        primary: i === 0,
      })),
      testid: "meld-choice",
    });
    if (!action) return;
  }
  act(m, action);
}

/** Cards dropped on a meld, the discard pile or the table. @param {Match} m */
export function drop(m, cards, target) {
  if (target.type === "meld") clickMeld(m, target.meldId, cards);
  else if (target.type === "discard") {
    // Before drawing too: the engine refuses and the page says why (nothing changes).
    discardSelected(m, cards);
  } else if (target.type === "table") layDown(m, cards);
}

/** The cards an action lays on the table. @param {Action} action */
const usedCards = (action) => (action.melds ? action.melds.flatMap((meld) => meld.cards) : action.cards ?? []);

/** @param {Match} m @param {string[]} [cards] */
export async function layDown(m, cards = m.table.hand.selection()) {
  const view = m.view;
  if (!m.human) return;
  const pool = new Set(cards.length ? cards : view.hand);
  let options = A.layDownActions(view).filter((action) => usedCards(action).every((c) => pool.has(c)));
  if (cards.length && view.game === "take") {
    const exact = options.filter((a) => usedCards(a).length === cards.length);
    if (exact.length) options = exact;
  }
  if (!options.length && cards.length && view.game === "tress") {
    try {
      options = (await bridge.arrangements(m.engine, cards)).lay_downs ?? [];
    } catch {
      options = [];
    }
  }
  if (!options.length) {
    if (!cards.length) {
      showNotice(m.table, view.game === "tress" ? t("notice.noContract") : t("notice.selectSequence"));
      return;
    }
    // Cards that go on a meld already on the table rather than make one: Lay down puts them
    // there when the hint named the meld or there is one place for them, else says to pick it.
    const onMelds = A.layOffs(view, cards);
    const hintedOn = onMelds.find((action) => m.hinted && A.sameAction(action, m.hinted));
    if (hintedOn || onMelds.length === 1) {
      act(m, hintedOn ?? onMelds[0]);
      return;
    }
    if (onMelds.length) {
      showNotice(m.table, t("notice.pickTheMeld"));
      return;
    }
    // Let the engine say exactly what is wrong with these cards.
    act(m, view.game === "take"
      ? { kind: "lay_down", seat: view.seat, cards }
      : { kind: "lay_down", seat: view.seat, melds: [{ kind: sameRank(cards) ? "set" : "run", cards }] });
    return;
  }
  // After a hint the hinted lay-down comes first and stands chosen: the hint's cards are
  // selected, and Lay down then lays what the hint said (in Take, with the joker where it said).
  const hinted = m.hinted;
  const at = hinted?.kind === "lay_down" ? options.findIndex((option) => A.sameAction(option, hinted)) : -1;
  if (at > 0) options = [options[at], ...options.slice(0, at), ...options.slice(at + 1)];
  const shown = options.slice(0, 6);
  // One way to lay these cards: lay them (Undo takes it back until the discard).
  if (shown.length === 1) {
    act(m, shown[0]);
    return;
  }
  // Tapping a picture chooses that arrangement; Confirm lays it down (a double tap does both).
  let picked = shown[0];
  const confirmPicked = () => document.querySelector("dialog[data-testid='lay-down-dialog'] [data-testid='lay-down-confirm']")?.click();
  const pictures = shown.map((option, i) => h("button.arrangement", {
    type: "button",
    "aria-pressed": i === 0 ? "true" : "false",
    "aria-label": describeAction(view, option, { short: true }),
    dataset: { testid: `arrangement-${i}`, action: JSON.stringify(option) },
    on: {
      click: (event) => {
        picked = option;
        for (const picture of pictures) picture.setAttribute("aria-pressed", String(picture === event.currentTarget));
      },
      dblclick: () => confirmPicked(),
    },
  }, layDownPreview(option)));
  // With nothing selected the arrangements come from the whole hand; the help says so.
  const words = layDownTexts(view.game, { selected: cards.length > 0 });
  const answer = await choose({
    title: words.title,
    body: [
      h("p.dialog-help", { dataset: { testid: "lay-down-help" }, text: words.help }),
      h("div.arrangement-list", { role: "group", "aria-label": t("layDown.pick") }, pictures),
    ],
    choices: [{ label: t("layDown.confirmButton"), value: "confirm", testid: "lay-down-confirm", primary: true }],
    testid: "lay-down-dialog",
    className: "arrangements",
  });
  if (answer === "confirm" && picked) act(m, picked);
}

/** @param {string[]} cards */
function sameRank(cards) {
  const ranks = new Set(cards.map((key) => parseCard(key)).filter((c) => !c.joker).map((c) => c.rank));
  return ranks.size <= 1;
}

/** The normal computer player's move for the person, shown over the table. @param {Match} m */
export async function hint(m) {
  if (!m.human || !m.view) return;
  // Out of turn a hint answers only a take-it bar on screen: a window the person is not asked
  // in (the card does not fit his hand) leaves him nothing to decide.
  const asked = Boolean(m.table.claimSlot.querySelector("[data-testid='take-it']"));
  if (!m.isMine() && (!A.callAction(m.view) || !asked)) {
    showNotice(m.table, t("hint.notYourTurn"));
    return;
  }
  const decision = m.isMine() ? null : m.claims?.decision;
  // Time to read the hint: the take-it countdown and the computer callers wait for the person.
  if (decision) m.pauser.during(() => decision);
  try {
    const { action, reason } = await bridge.hint(m.engine);
    // A "take it" chance the normal player would let go comes back without an action.
    const kind = action?.kind ?? "pass";
    const { text, why } = describeHint(m.view, action, reason);
    m.table.showHint(text, why);
    m.hinted = action;
    // The hinted cards stand selected, so the hinted move is one press away (Discard, Lay down).
    if (action && m.isMine()) m.table.hand.selectOnly(A.movedCards(action));
    m.draw();
    // The meld the hinted move names may lie below the melds' fold (a phone): bring it into
    // view, clear of the hint's box. Once, as the hint opens: the person may scroll away after.
    const meldId = action && m.isMine() ? A.actionMeld(action) : null;
    if (meldId != null) reveal(m.table.melds, m.table.meldEl(meldId), m.table.message);
    const message = m.table.message;
    message.dataset.hintKind = kind;
    message.dataset.hintAction = JSON.stringify(action);
    message.dataset.hintReason = reason?.id ?? "";
  } catch (error) {
    // The person's moment passed while the hint was asked for (a discard still being shown, a
    // take-it window just closed): no rule was broken, so say it as the button's own notice.
    if (error?.type === "not_now") showNotice(m.table, t("hint.notYourTurn"));
    else showRefusal(m.table, error);
  }
}

/** The scores so far, in a window over the table. @param {Match} m */
export async function showScores(m) {
  if (!m.view) return;
  await choose({
    title: t("scores.title"),
    body: sheetBody(m.view),
    choices: [{ label: t("common.close"), value: null, testid: "close-scores", primary: true }],
    dismissible: false,
    // A window to look at, not a question: Escape closes it like its Close button.
    escapable: true,
    testid: "scores-dialog",
    className: "sheet",
  });
}
