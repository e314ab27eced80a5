// The person's hand: large cards along the bottom, selection, sorting and reordering.

import { cardName, cardSVG, sortByRank, sortBySuit } from "./cards.js";
import { markTitle } from "./marks.js";
import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";
import * as settings from "../app/settings.js";

export class Hand {
  /**
   * @param {HTMLElement} root the container (<div class="hand">)
   * @param {{onChange: () => void}} callbacks onChange runs after selection or order change
   */
  constructor(root, { onChange }) {
    this.root = root;
    this.onChange = onChange;
    this.order = [];
    this.selected = new Set();
    // "suit" | "rank" | "custom"; the last sort chosen is kept in the settings for the next visit.
    this.mode = settings.get("handOrder") === "rank" ? "rank" : "suit";
    this.marks = new Map();  // card -> css class ("playable", "locked-card")
    /** @type {"tress"|"take"} the game, for the marks' titles */
    this.game = "tress";
    this.enabled = true;
    this.root.addEventListener("keydown", (event) => this.#keydown(event));
    this.onResize = () => { this.drawnKey = null; this.render(); };
    window.addEventListener("resize", this.onResize);
  }

  /** Stop following the window's size (the table is being replaced). */
  destroy() {
    window.removeEventListener("resize", this.onResize);
  }

  /** Take the engine's hand; keep the person's order for cards still held, add new ones. */
  update(keys) {
    const held = new Set(keys);
    for (const key of [...this.selected]) if (!held.has(key)) this.selected.delete(key);
    const kept = this.order.filter((key) => held.has(key));
    const fresh = keys.filter((key) => !kept.includes(key));
    this.fresh = new Set(this.order.length ? fresh : []);
    if (this.mode === "custom") this.order = [...kept, ...fresh];
    else this.order = this.mode === "rank" ? sortByRank(keys) : sortBySuit(keys);
  }

  sort(mode) {
    this.mode = mode;
    settings.set("handOrder", mode);
    this.order = mode === "rank" ? sortByRank(this.order) : sortBySuit(this.order);
    this.render();
    this.onChange();
  }

  /** Move `key` so it stands before `beforeKey` (or last when null). */
  move(key, beforeKey) {
    if (key === beforeKey) return;
    const order = this.order.filter((k) => k !== key);
    const index = beforeKey ? order.indexOf(beforeKey) : -1;
    order.splice(index < 0 ? order.length : index, 0, key);
    this.order = order;
    this.mode = "custom";
    this.render();
    this.focus(key);
    this.onChange();
  }

  toggle(key) {
    if (this.selected.has(key)) this.selected.delete(key);
    else this.selected.add(key);
    this.render();
    this.focus(key);
    this.onChange();
  }

  /** Select exactly the cards of `keys` that are held (a hinted move's cards), nothing else. @param {string[]} keys */
  selectOnly(keys) {
    this.selected = new Set(keys.filter((key) => this.order.includes(key)));
    this.render();
  }

  clearSelection() {
    this.selected.clear();
    this.render();
  }

  /** Selected keys in hand order. */
  selection() {
    return this.order.filter((key) => this.selected.has(key));
  }

  focus(key) {
    this.root.querySelector(`[data-card="${CSS.escape(key)}"]`)?.focus();
  }

  render() {
    const key = JSON.stringify([this.order, [...this.selected], [...this.marks], this.enabled, [...(this.fresh ?? [])], document.documentElement.lang, document.documentElement.className]);
    if (key === this.drawnKey && this.root.querySelectorAll("[data-card]").length === this.order.length) return;
    this.drawnKey = key;
    const focused = document.activeElement?.closest?.(".hand")?.contains(document.activeElement)
      ? /** @type {HTMLElement} */ (document.activeElement).dataset.card : null;
    this.root.dataset.count = String(this.order.length);
    this.root.replaceChildren(...this.order.map((key, index) => {
      const selected = this.selected.has(key);
      const button = h("button.card.hand-card", {
        type: "button",
        class: [selected ? "selected" : "", this.marks.get(key) ?? "", this.fresh?.has(key) ? "fresh" : ""].join(" ").trim() || undefined,
        "aria-pressed": String(selected),
        "aria-label": cardName(key),
        title: markTitle(this.marks.get(key) ?? "", this.game) || undefined,
        "aria-describedby": "hand-help",
        dataset: { card: key, testid: `hand-card-${key}`, index: String(index) },
        on: { click: (event) => { if (!this.root.dataset.dragging && this.enabled) { event.preventDefault(); this.toggle(key); } } },
      }, [cardSVG(key)]);
      button.style.setProperty("--i", String(index));
      return button;
    }));
    this.#overlapRows();
    if (focused) this.focus(focused);
  }

  /**
   * Spread the cards over the room there is: each card shows a strip of its left side, never
   * narrower than `--strip-min` (the tap target, wide enough for the corner index) and never wider
   * than the card and a small gap. A hand too long for one row is split into rows of (nearly)
   * equal length, and the cards of a lower row overlap the row above below its corner indexes,
   * like a hand held in two rows.
   */
  #overlapRows() {
    const cards = [...this.root.querySelectorAll("[data-card]")];
    if (!cards.length) return;
    this.root.style.removeProperty("--strip");
    const style = getComputedStyle(this.root);
    const cardWidth = cards[0].getBoundingClientRect().width || parseFloat(style.getPropertyValue("--card-w")) || 100;
    const least = parseFloat(style.getPropertyValue("--strip-min")) || 44;
    const most = cardWidth + (parseFloat(style.getPropertyValue("--card-gap")) || 6);
    // Room for the strips of all cards but the last, which shows whole.
    const room = this.root.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.getPropertyValue("--pad-end") || "0") - cardWidth;
    const fit = Math.max(1, Math.floor((room + 0.5) / least) + 1);
    const rows = Math.ceil(cards.length / fit);
    const perRow = Math.ceil(cards.length / rows);
    const strip = perRow > 1 ? Math.min(most, Math.max(least, Math.floor(room / (perRow - 1)))) : most;
    this.root.style.setProperty("--strip", `${strip}px`);
    if (rows > 1) {
      for (let i = perRow; i < cards.length; i += perRow) cards[i].before(h("span.hand-break", { "aria-hidden": "true" }));
    }
    const top = cards[0].offsetTop;
    for (const card of cards) card.classList.toggle("lower", card.offsetTop > top + 10);
  }

  #keydown(event) {
    const card = event.target.closest?.("[data-card]");
    if (!card) return;
    const index = this.order.indexOf(card.dataset.card);
    let step = 0;
    if (event.key === "ArrowLeft") step = -1;
    else if (event.key === "ArrowRight") step = 1;
    else if (event.key === "Home") step = -index;
    else if (event.key === "End") step = this.order.length - 1 - index;
    if (!step) return;
    event.preventDefault();
    const target = Math.min(Math.max(index + step, 0), this.order.length - 1);
    if (event.altKey || event.shiftKey) {
      // Move the card itself: Alt+Arrow reorders by keyboard.
      const key = card.dataset.card;
      const order = this.order.filter((k) => k !== key);
      order.splice(target, 0, key);
      this.order = order;
      this.mode = "custom";
      this.render();
      this.focus(key);
      this.onChange();
    } else {
      this.focus(this.order[target]);
    }
  }
}

/** Hidden help text for screen readers, referenced by every hand card. */
export function handHelp() {
  return h("p.sr-only", { id: "hand-help", text: t("hand.help") });
}
