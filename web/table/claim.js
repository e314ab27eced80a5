// The "Take it!" bar (Tress): a button with a visible countdown, and the drawer's answer to a call.

import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";

/**
 * The countdown bar while the person may call.
 * @param {{cardText: string, ms: number, onCall: () => void, onPass: () => void}} spec
 */
export function claimBar({ cardText, ms, onCall, onPass }) {
  const fill = h("span.countdown-fill");
  const bar = h("div.claim-bar", { dataset: { testid: "claim-bar" }, role: "group", "aria-label": t("claim.group") }, [
    h("p.claim-text", { text: t("claim.prompt", { card: cardText }) }),
    h("div.claim-buttons", {}, [
      h("button.primary.take-it", { type: "button", dataset: { testid: "take-it" }, text: t("claim.takeIt"), on: { click: onCall } }),
      h("button.secondary", { type: "button", dataset: { testid: "claim-pass" }, text: t("claim.pass"), on: { click: onPass } }),
    ]),
    h("span.countdown", { "aria-hidden": "true" }, [fill]),
  ]);
  fill.style.animationDuration = `${ms}ms`;
  return bar;
}

/**
 * Turn a countdown bar into the open-until-discard bar (T-19 option `until_discard`): the
 * countdown is hidden and ``text`` says how long the chance lasts now.
 * @param {HTMLElement | null} bar the bar made by claimBar (nothing happens without one)
 * @param {string} text
 */
export function openUntilDiscard(bar, text) {
  if (!bar) return;
  bar.classList.add("until-discard");
  bar.querySelector(".claim-text").after(h("p.claim-note", { dataset: { testid: "claim-open-until" }, text }));
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
