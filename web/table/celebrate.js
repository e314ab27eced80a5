// A brief celebration on the final score sheet when the person wins the match: card suits
// fanning up and falling across the sheet for under two seconds (web/css/celebrate.css). Skipped
// entirely for people who asked their system for less motion.

import { h, prefersReducedMotion } from "../app/dom.js";

/** Suits of the pieces, in order round the fan. */
const SUITS = ["♠", "♥", "♦", "♣"];
const PIECES = 16;

/**
 * Add the celebration to `sheet` (the final score sheet's dialog), unless less motion is asked for.
 * @param {HTMLElement | null} sheet
 * @returns {HTMLElement | null} the celebration's element (decoration only, hidden from screen readers)
 */
export function celebrate(sheet) {
  if (!sheet || prefersReducedMotion()) return null;
  const pieces = Array.from({ length: PIECES }, (_, i) => {
    const suit = SUITS[i % SUITS.length];
    // Spread evenly across the sheet with a fixed pattern (no randomness: the same every time).
    const x = ((i * 37) % 100);
    const piece = h("span.confetti", { class: suit === "♥" || suit === "♦" ? "red" : undefined, text: suit });
    // Through the CSSOM: the page's content security policy allows no inline style attributes.
    piece.style.setProperty("--x", `${x}%`);
    piece.style.setProperty("--turn", `${((i * 53) % 120) - 60}deg`);
    piece.style.setProperty("--delay", `${(i % 5) * 60}ms`);
    return piece;
  });
  const node = h("div.celebration", { "aria-hidden": "true", dataset: { testid: "celebration" } }, pieces);
  sheet.prepend(node);
  return node;
}
