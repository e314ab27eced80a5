// Points as the table writes them: one minus sign (U+2212, as in "0 − 40") wherever a number is
// negative, and a plain 0, never "−0".

/**
 * @param {number} value points
 * @param {{plus?: boolean, negate?: boolean}} [how] plus: a "+" before a positive number (a hand's
 *   result in Take); negate: write the value as points against (cards held: 40 -> "−40")
 * @returns {string}
 */
export function points(value, { plus = false, negate = false } = {}) {
  const n = negate ? -value : value;
  if (n < 0) return `\u2212${-n}`;
  return plus && n > 0 ? `+${n}` : String(n);
}
