// Dragging cards from the hand with Pointer Events (mouse, pen and touch alike).
//
// Drop targets carry data-drop: "meld" (with data-meld-id), "discard", "table" (a new meld)
// or the hand itself (reorder). A press that does not move is an ordinary click.

const THRESHOLD = 8;

export class CardDrag {
  /**
   * @param {HTMLElement} hand the hand container
   * @param {{cardsFor: (key: string) => string[], canDrag: () => boolean,
   *          onDrop: (cards: string[], target: {type: string, meldId?: number, before?: string|null}) => void,
   *          onHover: (cards: string[]|null) => void}} callbacks
   */
  constructor(hand, callbacks) {
    this.hand = hand;
    this.callbacks = callbacks;
    this.drag = null;
    hand.addEventListener("pointerdown", (event) => this.#down(event));
  }

  #down(event) {
    if (event.button !== 0 || !this.callbacks.canDrag()) return;
    const card = event.target.closest("[data-card]");
    if (!card || !this.hand.contains(card)) return;
    const start = { x: event.clientX, y: event.clientY };
    const key = card.dataset.card;
    const move = (e) => {
      if (!this.drag) {
        if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < THRESHOLD) return;
        this.#begin(card, key, e);
      }
      this.#follow(e);
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      if (this.drag) this.#end(e);
    };
    const cancel = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      this.#cleanup();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
  }

  #begin(card, key, event) {
    const cards = this.callbacks.cardsFor(key);
    const rect = card.getBoundingClientRect();
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    for (const k of cards) {
      const source = this.hand.querySelector(`[data-card="${CSS.escape(k)}"]`);
      if (source) ghost.appendChild(source.querySelector("svg").cloneNode(true));
    }
    ghost.style.width = `${rect.width + (cards.length - 1) * rect.width * 0.35}px`;
    ghost.style.height = `${rect.height}px`;
    document.body.appendChild(ghost);
    this.drag = { cards, ghost, offset: { x: event.clientX - rect.left, y: event.clientY - rect.top }, over: null };
    this.hand.dataset.dragging = "true";
    for (const k of cards) this.hand.querySelector(`[data-card="${CSS.escape(k)}"]`)?.classList.add("dragging");
    this.callbacks.onHover(cards);
  }

  #follow(event) {
    const { ghost, offset } = this.drag;
    ghost.style.left = `${event.clientX - offset.x}px`;
    ghost.style.top = `${event.clientY - offset.y}px`;
    const target = this.#targetAt(event);
    const element = target?.element ?? null;
    if (element !== this.drag.over) {
      this.drag.over?.classList.remove("drop-over");
      element?.classList.add("drop-over");
      this.drag.over = element;
    }
  }

  #targetAt(event) {
    const under = document.elementFromPoint(event.clientX, event.clientY);
    if (!under) return null;
    const meld = under.closest("[data-drop='meld']");
    if (meld) return { element: meld, type: "meld", meldId: Number(meld.dataset.meldId) };
    const discard = under.closest("[data-drop='discard']");
    if (discard) return { element: discard, type: "discard" };
    if (this.hand.contains(under) || under === this.hand) {
      const cards = [...this.hand.querySelectorAll("[data-card]")].filter((c) => !this.drag.cards.includes(c.dataset.card));
      const before = cards.find((c) => {
        const r = c.getBoundingClientRect();
        return event.clientY < r.bottom && event.clientX < r.left + r.width / 2;
      });
      return { element: null, type: "hand", before: before?.dataset.card ?? null };
    }
    const table = under.closest("[data-drop='table']");
    if (table) return { element: table, type: "table" };
    return null;
  }

  #end(event) {
    const target = this.#targetAt(event);
    const cards = this.drag.cards;
    this.#cleanup();
    if (target) this.callbacks.onDrop(cards, target);
  }

  #cleanup() {
    if (!this.drag) return;
    this.drag.ghost.remove();
    this.drag.over?.classList.remove("drop-over");
    for (const node of this.hand.querySelectorAll(".dragging")) node.classList.remove("dragging");
    this.drag = null;
    this.callbacks.onHover(null);
    // The click that follows a drag must not toggle the selection.
    setTimeout(() => delete this.hand.dataset.dragging, 0);
  }
}
