// The "take it" windows of a match at the table (Tress): when one is due, and one window wired
// to the engine and the table. The schedule itself is web/table/claim-window.js.

import * as A from "./actions.js";
import { cardName } from "./cards.js";
import * as bridge from "../engine/client.js";
import { t } from "../i18n/index.js";
import * as settings from "../app/settings.js";
import { claimBar, openUntilDiscard } from "./claim.js";
import { callersOf, ClaimWindow } from "./claim-window.js";
import { showRefusal } from "./prompts.js";
import { seatName } from "./seats.js";

/** @typedef {import("../engine/client.js").View} View */

/** Share of the computer callers' delays in a window the person is not asked in (see runClaimWindow). */
export const UNASKED_DELAY_SHARE = 0.4;

/**
 * How much longer the first window of a round runs (the card turned up at the deal): the person
 * is looking at a new hand, so the countdown and the computer callers' delays stretch alike and
 * the race stays fair (T-18).
 */
export const FIRST_LOOK_FACTOR = 1.6;

/** True for the window on the card turned up at the deal (the only card on the discard pile). @param {View} view */
export function firstLook(view) {
  return view.discard_count === 1;
}

/**
 * The id of the "take it" window the engine says is open (Tress view `take_window`), or null.
 * @param {View} view
 * @returns {string | null}
 */
export function windowId(view) {
  return view.take_window?.id ?? null;
}

/**
 * True when the engine has opened a window the page has not run yet, with the drawer still to draw.
 * @param {View} view
 * @param {string | null} lastId the window the page ran last
 */
export function claimWindowDue(view, lastId) {
  return view.phase === "draw" && windowId(view) !== null && windowId(view) !== lastId;
}

/**
 * A new card on the discard pile (Tress): computer seats call after their delays; the person
 * may call with the countdown running, or pass. With the person due to draw, the window is
 * open until the person draws. Under the `until_discard` house rule (T-19) calls stay open
 * while the drawer plays: once the countdown has run out the drawer goes on, and the bar
 * (and the slower computer callers) wait until his discard lands.
 * @param {import("./match.js").Match} m
 */
export async function runClaimWindow(m) {
  const view = m.view;
  const id = windowId(view);
  const untilDiscard = view.take_window.until === "discard";
  m.lastWindow = id;
  m.calls.clear();
  const speed = settings.timings();
  const { offers, person } = await bridge.claimOffers(m.engine);
  // By default the person is asked only for a card that fits his hand (the engine reads that
  // from his own view); a card of no use then closes the window as soon as the computer
  // callers have spoken, instead of holding a countdown nobody wants.
  const asked = m.human && A.callAction(view) !== null
    && (settings.get("takeItAsk") === "always" || Boolean(person?.fits));
  // <table data-take-it-window="id" data-take-it-asked="yes|no">: the window run now, and whether
  // the person is asked in it (tests and the page bench follow the windows by these).
  m.root.dataset.takeItAsked = asked ? "yes" : "no";
  m.root.dataset.takeItWindow = id;
  // The engine closes the window (the draw, or under until_discard the discard; T-19).
  const stillOpen = () => !m.closed && windowId(m.view) === id;
  m.claims = new ClaimWindow({
    timers: m.pauser,
    stillOpen,
    botCall: async (seat) => {
      if (!stillOpen()) return;
      try {
        await m.send(bridge.botClaim, seat);
      } catch {
        // The window closed first: the call simply came too late.
      }
    },
    show: ({ ms, onCall, onPass }) => {
      m.table.setClaim(claimBar({ card: view.discard_top, cardText: () => cardName(view.discard_top), penalty: view.penalty_cards ?? 0, ms, onCall, onPass }));
      m.table.claimSlot.querySelector("[data-testid='take-it']")?.focus();
    },
    hide: () => m.table.setClaim(null),
    release: () => openUntilDiscard(m.table.claimSlot.querySelector(".claim-bar"),
      () => t("claim.openUntil", { name: seatName(view, view.to_move) })),
    personCall: () => {
      const call = A.callAction(m.view);
      if (!call) return null;
      // A late call the drawer's discard beat is simply too late, not a mistake.
      return m.send(bridge.act, call).then(() => {}, (error) => { if (stillOpen()) showRefusal(m.table, error); });
    },
  });
  // The computer callers' reaction delays give the person a fair race (T-18). In a window he is
  // not asked in, only they race: their delays shrink alike, so the same caller is first.
  const personDue = m.isMine(view);
  const stretch = firstLook(view) ? FIRST_LOOK_FACTOR : 1;
  const factor = stretch * speed.claimDelayFactor * (asked || personDue ? 1 : UNASKED_DELAY_SHARE);
  await m.claims.run({
    callers: callersOf(offers, factor),
    personDue,
    personCan: asked,
    countdownMs: Math.round(stretch * speed.claimWindow),
    untilDiscard,
  });
}
