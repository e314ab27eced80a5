// Bringing a meld the hint names into view: on a phone the melds scroll in a box shorter than
// the table, and a hinted meld may lie below its fold (or under the hint's own box).

/**
 * How far to scroll a box so that an item inside it shows whole within the part of the box left
 * in view: positive scrolls down, negative up, 0 when it shows already. An item taller than that
 * part is shown from its top.
 * @param {{top: number, bottom: number}} shown the part of the scrolling box in view (page
 *   coordinates), less whatever lies over it
 * @param {{top: number, bottom: number}} item the item's box (page coordinates)
 * @param {number} [margin] room to leave between the item and the part's edge
 * @returns {number}
 */
export function revealDelta(shown, item, margin = 6) {
  const room = shown.bottom - shown.top - 2 * margin;
  if (item.top < shown.top + margin || item.bottom - item.top > room) return item.top - (shown.top + margin);
  if (item.bottom > shown.bottom - margin) return item.bottom - (shown.bottom - margin);
  return 0;
}

/**
 * Scroll `box` (the melds' scrolling box) so that `item` shows whole, clear of `cover` (the
 * hint's box, where it lies over the top or the foot of the melds). Only the box scrolls: the
 * page itself stays put, as scrollIntoView would not keep it. When the box cannot scroll far
 * enough, it gets room below its last row (padding, which moves nothing in view).
 * @param {HTMLElement} box @param {HTMLElement | null} item @param {HTMLElement | null} [cover]
 */
export function reveal(box, item, cover = null) {
  if (!item) return;
  const outer = box.getBoundingClientRect();
  const shown = { top: outer.top, bottom: outer.bottom };
  const over = cover && !cover.hidden ? cover.getBoundingClientRect() : null;
  if (over && over.height && over.bottom > outer.top && over.top < outer.bottom) {
    // The cover lies over the top of the box or over its foot: the rest is what shows.
    if (over.top <= outer.top + 1) shown.top = Math.max(shown.top, over.bottom);
    else shown.bottom = Math.min(shown.bottom, over.top);
  }
  const r = item.getBoundingClientRect();
  const delta = revealDelta(shown, { top: r.top, bottom: r.bottom });
  const most = box.scrollHeight - box.clientHeight - box.scrollTop;
  if (delta > most) {
    // The item is in the last row, under a cover at the box's foot: room below the last row lets
    // it scroll clear (the table takes it away with the cover, see TableView.clearMessage).
    const pad = parseFloat(getComputedStyle(box).paddingBottom) || 0;
    box.style.paddingBottom = `${Math.ceil(pad + delta - most)}px`;
  }
  if (delta) box.scrollTop += delta;
}
