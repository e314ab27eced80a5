// The "Take it!" bar (Tress): a button with a visible countdown, and the drawer's answer to a call.

import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";
import { shortLabel } from "./cards.js";

/** Each open bar's way to write its words again in the current language. */
const relabels = new WeakMap();

/**
 * Write the words of the take-it bar in `slot` again, in the current language (the countdown
 * goes on untouched).
 * @param {HTMLElement} slot the table's claim slot
 */
export function relabelClaim(slot) {
  const bar = slot.querySelector(".claim-bar");
  if (bar) relabels.get(bar)?.();
}

/**
 * A button's words over a smaller second line saying what the caller gets: the card and
 * `penalty` penalty cards from the stock (T-17), "7♦ + a penalty card". The line names the card
 * on a phone too, where the bar leaves out its sentence.
 * @param {HTMLElement} button
 * @param {string} label the button's words
 * @param {string} card the discard pile's top card (a card key)
 * @param {number} penalty penalty cards a granted call costs (the `penalty_cards` option, 0..2)
 */
function withCost(button, label, card, penalty) {
  const face = shortLabel(card, t("cards.joker"));
  const gets = penalty > 0 ? t("claim.cost", { card: face, count: penalty }) : face;
  button.replaceChildren(h("span.button-label", { text: label }), h("span.claim-cost", { dataset: { testid: "claim-cost" }, text: gets }));
}

/**
 * The countdown bar while the person may call.
 * @param {{card: string, cardText: () => string, penalty: number, ms: number, onCall: () => void, onPass: () => void}} spec
 *   card: the card's key; cardText: its name in the current language; penalty: penalty cards a
 *   granted call costs (T-17)
 */
export function claimBar({ card, cardText, penalty, ms, onCall, onPass }) {
  const fill = h("span.countdown-fill");
  const text = h("p.claim-text");
  const take = h("button.primary.take-it", { type: "button", dataset: { testid: "take-it" }, on: { click: onCall } });
  const pass = h("button.secondary", { type: "button", dataset: { testid: "claim-pass" }, on: { click: onPass } });
  const bar = h("div.claim-bar", { dataset: { testid: "claim-bar", ms: String(ms) }, role: "group" }, [
    text,
    h("div.claim-buttons", {}, [take, pass]),
    h("span.countdown", { "aria-hidden": "true" }, [fill]),
  ]);
  const label = () => {
    bar.setAttribute("aria-label", t("claim.group"));
    text.textContent = t("claim.prompt", { card: cardText() });
    withCost(take, t("claim.takeIt"), card, penalty);
    pass.textContent = t("claim.pass");
  };
  label();
  relabels.set(bar, label);
  fill.style.animationDuration = `${ms}ms`;
  return bar;
}

/**
 * Turn a countdown bar into the open-until-discard bar (T-19 option `until_discard`): the
 * countdown is hidden and ``text`` says how long the chance lasts now.
 * @param {HTMLElement | null} bar the bar made by claimBar (nothing happens without one)
 * @param {() => string} text the note in the current language
 */
export function openUntilDiscard(bar, text) {
  if (!bar) return;
  bar.classList.add("until-discard");
  const note = h("p.claim-note", { dataset: { testid: "claim-open-until" }, text: text() });
  bar.querySelector(".claim-text").after(note);
  const before = relabels.get(bar);
  relabels.set(bar, () => {
    before?.();
    note.textContent = text();
  });
}

/**
 * The drawer's choice when someone called: take it yourself (no penalty), or let the caller have
 * it, which costs the caller `penalty` penalty cards too (T-17).
 * @param {{callerName: string, card: string, cardText: string, penalty: number, suggest?: string, onTake: () => void, onGrant: () => void}} spec
 *   card: the card's key; cardText: its name in the current language; suggest: the hinted
 *   answer, "take" or "grant" ("" for none)
 */
export function claimAnswer({ callerName, card, cardText, penalty, suggest = "", onTake, onGrant }) {
  // The answer a hint suggested glows like a hinted card, says so to a screen reader, and wears
  // the solid primary look: a solid button beside the glowing one would draw the eye away from it.
  // Without a hint, keeping the card is the primary answer.
  const primary = suggest || "take";
  const mark = (which) => ({
    class: [which === primary ? "primary" : "secondary", suggest === which ? "hinted" : ""].join(" ").trim(),
    ...(suggest === which ? { "aria-description": t("table.hint") } : {}),
  });
  const grant = h("button", { type: "button", dataset: { testid: "claim-grant" }, ...mark("grant"), on: { click: onGrant } });
  withCost(grant, t("claim.letHave", { name: callerName }), card, penalty);
  return h("div.claim-bar.claim-answer", { dataset: { testid: "claim-answer" }, role: "group", "aria-label": t("claim.answerGroup") }, [
    h("p.claim-text", { text: t("claim.called", { name: callerName, card: cardText }) }),
    h("div.claim-buttons", {}, [
      h("button", { type: "button", dataset: { testid: "claim-take-myself" }, text: t("claim.takeMyself"), ...mark("take"), on: { click: onTake } }),
      grant,
    ]),
  ]);
}
