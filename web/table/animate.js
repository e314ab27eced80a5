// Card flights between places on the table (Web Animations API; nothing when motion is reduced).

import { cardSVG } from "./cards.js";
import { prefersReducedMotion } from "../app/dom.js";

/**
 * Fly a card from one element to another.
 * @param {Element|null} from
 * @param {Element|null} to
 * @param {string|null} key card key, or null for a face-down card
 * @param {number} duration ms; 0 skips the flight
 * @returns {Promise<void>} settles when the card has landed
 */
export function flyCard(from, to, key, duration) {
  if (!duration || !from || !to || prefersReducedMotion()) return Promise.resolve();
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return Promise.resolve();
  const ghost = document.createElement("div");
  ghost.className = "fly-card";
  ghost.appendChild(cardSVG(key));
  const width = Math.min(a.width, 90);
  ghost.style.width = `${width}px`;
  ghost.style.height = `${width * 1.4}px`;
  ghost.style.left = `${a.left + a.width / 2 - width / 2}px`;
  ghost.style.top = `${a.top + a.height / 2 - width * 0.7}px`;
  document.body.appendChild(ghost);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const animation = ghost.animate([
    { transform: "translate(0, 0) scale(1)", opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(0.9)`, opacity: 0.9 },
  ], { duration, easing: "cubic-bezier(.2,.7,.3,1)" });
  return animation.finished.then(() => {}, () => {}).finally(() => ghost.remove());
}

/** Briefly mark an element (CSS class `flash`) to draw the eye to it. */
export function flash(element, className = "flash") {
  if (!element || prefersReducedMotion()) return;
  element.classList.remove(className);
  void element.getBoundingClientRect();
  element.classList.add(className);
}
