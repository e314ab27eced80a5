// The "Take it!" bar (Tress): a button with a visible countdown, and the drawer's answer to a call.

import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";

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
 * The countdown bar while the person may call.
 * @param {{cardText: () => string, ms: number, onCall: () => void, onPass: () => void}} spec
 *   cardText: the card's name in the current language
 */
export function claimBar({ cardText, ms, onCall, onPass }) {
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
    take.textContent = t("claim.takeIt");
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
 * The drawer's choice when someone called: take it yourself, or let the caller have it.
 * @param {{callerName: string, cardText: string, onTake: () => void, onGrant: () => void}} spec
 */
export function claimAnswer({ callerName, cardText, onTake, onGrant }) {
  return h("div.claim-bar.claim-answer", { dataset: { testid: "claim-answer" }, role: "group", "aria-label": t("claim.answerGroup") }, [
    h("p.claim-text", { text: t("claim.called", { name: callerName, card: cardText }) }),
    h("div.claim-buttons", {}, [
      h("button.primary", { type: "button", dataset: { testid: "claim-take-myself" }, text: t("claim.takeMyself"), on: { click: onTake } }),
      h("button.secondary", { type: "button", dataset: { testid: "claim-grant" }, text: t("claim.letHave", { name: callerName }), on: { click: onGrant } }),
    ]),
  ]);
}
