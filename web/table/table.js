// The card table's page structure and drawing; the match controller decides what it shows.

import { h } from "../app/dom.js";
import { icon } from "../app/icons.js";
import { getDeckStyle } from "./cards.js";
import { fillLanguageSelect, t, language } from "../i18n/index.js";
import { CardDrag } from "./drag.js";
import { Hand, handHelp } from "./hand.js";
import { contractElement, renderMelds } from "./melds.js";
import { relabelClaim } from "./claim.js";
import { points } from "./points.js";
import { discardNeeds } from "./prompts.js";
import { renderPiles } from "./piles.js";
import { renderOpponents, runningScore, seatPanel } from "./seats.js";

/** @typedef {import("../engine/client.js").View} View */

export class TableView {
  /**
   * @param {HTMLElement} root the element to fill
   * @param {Record<string, (...args: any[]) => void>} on handlers: stock, discardPile, meld(id), drop(cards, target), layDown, discard,
   *   undo, hint, scores, rules, menu, language(code), selectionChanged
   */
  constructor(root, on) {
    this.root = root;
    /** @type {Map<string, string>} what each part was last drawn from (#part) */
    this.parts = new Map();
    this.on = on;
    this.build();
    // The newest line of the log stays in view whatever the log's box does (a new line, a resize).
    this.logFollow = new ResizeObserver(() => this.#showNewestLine());
    this.logFollow.observe(this.logList);
    this.hand = new Hand(this.handEl, { onChange: () => on.selectionChanged() });
    this.drag = new CardDrag(this.handEl, {
      canDrag: () => this.hand.enabled,
      cardsFor: (key) => (this.hand.selected.has(key) ? this.hand.selection() : [key]),
      onDrop: (cards, target) => {
        if (target.type === "hand") {
          if (cards.length === 1) this.hand.move(cards[0], target.before);
        } else on.drop(cards, target);
      },
      onHover: (cards) => on.dragging(cards),
    });
  }

  build() {
    const button = (testid, key, handler, cls = "tool") => h(`button.${cls}`, {
      type: "button", dataset: { testid, i18n: key }, text: t(key), on: { click: handler },
    });
    // A tool button: icon plus words; on narrow screens only the icon shows, the words stay for screen readers.
    const tool = (testid, key, handler, name) => h("button.tool", {
      type: "button", dataset: { testid }, on: { click: handler },
    }, [icon(name), h("span.tool-label", { dataset: { i18n: key }, text: t(key) })]);
    // A sort chip: a short sign that shows everywhere, the words beside it on wide screens.
    const sorter = (testid, key, sign, mode) => h("button.chip", {
      type: "button", dataset: { testid }, on: { click: () => this.hand.sort(mode) },
    }, [h("span.chip-sign", { "aria-hidden": "true", text: sign }), h("span.tool-label", { dataset: { i18n: key }, text: t(key) })]);
    this.gameName = h("span.game-name");
    this.roundInfo = h("span.round-info", { dataset: { testid: "round" } });
    this.myScore = h("span.my-score", { dataset: { testid: "my-score" }, hidden: true });
    this.contract = h("span.contract-slot");
    this.languageSelect = fillLanguageSelect(h("select.language", {
      "aria-label": t("start.language"), dataset: { testid: "table-language" },
      on: { change: (e) => this.on.language(e.target.value) },
    }));
    this.topbar = h("header.topbar", {}, [
      tool("menu-button", "table.menu", () => this.on.menu(), "menu"),
      h("div.round-box", {}, [this.gameName, this.roundInfo, this.myScore, this.contract]),
      h("div.top-tools", {}, [
        tool("scores-button", "table.scores", () => this.on.scores(), "scores"),
        tool("hint-button", "table.hint", () => this.on.hint(), "hint"),
        tool("rules-button", "table.rules", () => this.on.rules(), "rules"),
        this.languageSelect,
      ]),
    ]);
    this.opponents = h("div.opponents", { dataset: { testid: "opponents" } });
    this.piles = h("div.piles");
    this.claimSlot = h("div.claim-slot", { "aria-live": "polite" });
    this.melds = h("div.melds", { dataset: { testid: "melds", drop: "table" }, "aria-label": t("melds.area"), role: "region" });
    // It scrolls back over earlier moves, so it takes focus: the keyboard can scroll it too.
    this.logList = h("ol.log-list", { "aria-live": "polite", tabindex: "0", dataset: { testid: "log" } });
    this.logHeading = h("h2.log-title", { text: t("log.title") });
    this.prompt = h("p.prompt", { role: "status", dataset: { testid: "prompt" } });
    this.message = h("div.message", { role: "alert", dataset: { testid: "message" }, hidden: true });
    this.me = h("div.me");
    this.sortSuit = sorter("sort-suit", "hand.sortSuit", "♠♥", "suit");
    this.sortRank = sorter("sort-rank", "hand.sortRank", "7 8 9", "rank");
    this.layDownButton = button("lay-down", "actions.layDown", () => this.on.layDown(), "action");
    // Shown once the person has put cards on the table this turn: takes the last such move back.
    // On a phone only its sign shows; the word stays for screen readers.
    this.undoButton = h("button.action.undo", {
      type: "button", title: t("actions.undoTitle"), dataset: { testid: "undo", i18nTitle: "actions.undoTitle" },
      on: { click: () => this.on.undo() },
    }, [h("span.undo-sign", { "aria-hidden": "true", text: "↶" }), h("span.tool-label", { dataset: { i18n: "actions.undo" }, text: t("actions.undo") })]);
    this.discardButton = button("discard", "actions.discard", () => this.on.discard(), "action primary");
    this.clearButton = h("button.chip", {
      type: "button", dataset: { testid: "clear-selection" },
      on: { click: () => this.#clearSelection() },
    }, [h("span.chip-sign", { "aria-hidden": "true", text: "✕" }), h("span.tool-label", { dataset: { i18n: "actions.clear" }, text: t("actions.clear") })]);
    this.handEl = h("div.hand", { dataset: { testid: "hand" }, role: "group", "aria-label": t("hand.label") });
    this.root.replaceChildren(
      this.topbar,
      this.opponents,
      h("div.board", {}, [
        this.piles,
        this.claimSlot,
        this.melds,
        h("aside.log", {}, [this.logHeading, this.logList]),
        // Over the felt, not in the page's flow: showing a hint or a message moves nothing.
        this.message,
      ]),
      h("div.status-row", {}, [this.prompt]),
      h("div.controls", {}, [
        this.me,
        h("div.sorters", { role: "group", "aria-label": t("hand.sortGroup") }, [this.sortSuit, this.sortRank, this.clearButton]),
        h("div.moves", {}, [this.undoButton, this.layDownButton, this.discardButton]),
      ]),
      handHelp(),
      this.handEl,
    );
  }

  /** Let go of everything outside the table's own elements (the window's resize listener). */
  destroy() {
    this.hand.destroy();
    this.logFollow.disconnect();
  }

  /** Scroll the log to its end, where the newest line is. */
  #showNewestLine() {
    this.logList.scrollTop = this.logList.scrollHeight;
    // On a phone a hint starts below the newest line (table.css, --hint-room): its height, and
    // the log's padding; 0 with no line.
    const newest = this.logList.lastElementChild;
    const height = newest ? Math.ceil(newest.getBoundingClientRect().height) : 0;
    this.root.style.setProperty("--hint-top", `${height ? height + 6 : 0}px`);
  }

  /** Re-translate the fixed labels after a language change. */
  relabel() {
    for (const node of this.root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    for (const node of this.root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
    this.languageSelect.value = language();
    this.languageSelect.setAttribute("aria-label", t("start.language"));
    this.melds.setAttribute("aria-label", t("melds.area"));
    this.handEl.setAttribute("aria-label", t("hand.label"));
    this.logHeading.textContent = t("log.title");
    this.root.querySelector("#hand-help").textContent = t("hand.help");
    relabelClaim(this.claimSlot);
  }

  /**
   * Draw the table.
   * @param {View} view the engine's view
   * @param {any} s what the controller wants shown (see Match.#state)
   */
  render(view, s) {
    const focused = /** @type {HTMLElement|null} */ (document.activeElement)?.dataset?.testid;
    this.root.dataset.game = view.game;
    this.root.dataset.phase = view.phase;
    this.root.dataset.toMove = String(view.to_move);
    this.root.dataset.round = String(view.round);
    this.languageSelect.value = language();
    this.gameName.textContent = t(`games.${view.game}.name`);
    this.roundInfo.textContent = view.game === "tress"
      ? t("table.round", { round: view.round, rounds: 7 })
      : t("table.hand", { round: view.round, target: view.options?.target_score ?? view.options?.target ?? 500 });
    // Phones hide the person's own seat line: Take's running score (K-17) shows here instead.
    const mine = runningScore(view, view.seat);
    this.myScore.textContent = mine ? t("seat.takeRunningShort", { total: points(view.scores[view.seat]), now: points(view.table_points[view.seat] - view.hand_points) }) : "";
    this.myScore.hidden = !mine;
    // Each part is rebuilt only when what it shows has changed, to keep every frame short.
    const lang = `${language()}|${getDeckStyle()}`;
    const seats = [view.hand_counts, view.to_move, view.phase, view.down, view.seat_kinds, [...(s.calls ?? new Map()).keys()], s.thinking,
      view.scores, view.table_points, view.hand_points];
    this.#part("contract", [view.round, view.contract, view.game], lang, () => this.contract.replaceChildren(...(view.game === "tress" ? [contractElement(view)] : [])));
    this.#part("opponents", seats, lang, () => this.opponents.replaceChildren(...renderOpponents(view, s)));
    this.#part("piles", [view.stock_count, view.discard_top, view.discard_count, view.discard_dead, s.canStock, s.canDiscardPile, s.discardTarget], lang,
      () => this.piles.replaceChildren(...renderPiles(view, s)));
    this.#part("melds", [view.melds, [...s.targets].sort(), [...s.changed]], lang, () => this.melds.replaceChildren(...renderMelds(view, s)));
    this.#part("me", seats, lang, () => this.me.replaceChildren(seatPanel(view, view.seat, s)));
    this.#part("log", s.logLines, lang, () => {
      this.logList.replaceChildren(...s.logLines.map((line) => h("li", {
        text: line.text, dataset: { kind: line.kind, seat: line.seat ?? undefined },
      })));
      this.#showNewestLine();
    });
    this.hand.update(view.hand);
    this.hand.enabled = s.handEnabled;
    this.hand.marks = s.marks;
    this.hand.game = view.game;
    this.hand.render();
    this.handEl.classList.toggle("waiting", !s.handEnabled);
    this.undoButton.hidden = !s.showUndo;
    this.layDownButton.hidden = !s.showLayDown;
    this.layDownButton.disabled = !s.canLayDown;
    this.layDownButton.setAttribute("aria-disabled", String(!s.canLayDown || Boolean(s.layDownWhy)));
    if (s.layDownWhy) this.layDownButton.title = s.layDownWhy;
    else this.layDownButton.removeAttribute("title");
    this.discardButton.hidden = !s.showDiscard;
    // Looks unavailable when no discard fits now, yet a press still says why (see Match).
    this.discardButton.setAttribute("aria-disabled", String(!s.canDiscard));
    // ... and its title says what is missing (one card selected).
    if (s.canDiscard || !s.showDiscard || view.phase !== "play" || view.to_move !== view.seat) this.discardButton.removeAttribute("title");
    else this.discardButton.title = discardNeeds(this.hand.selected.size);
    this.clearButton.hidden = this.hand.selected.size === 0;
    this.prompt.textContent = s.prompt;
    if (focused) {
      const again = this.root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      if (again && again !== document.activeElement && !again.disabled) again.focus();
    }
  }

  /** Run `build` when `data` (or the language) differs from the last time this part was drawn. */
  #part(name, data, lang, build) {
    const key = `${lang}|${JSON.stringify(data)}`;
    if (this.parts.get(name) === key) return;
    this.parts.set(name, key);
    build();
  }

  /**
   * Clear the hand's selection. The Clear button hides itself then: the focus moves to its
   * neighbour among the sorters rather than fall to the page, where the next Tab lands on a card
   * whose focus ring would read as a card still chosen.
   */
  #clearSelection() {
    const had = document.activeElement === this.clearButton;
    this.hand.clearSelection();
    this.on.selectionChanged();
    if (had) this.sortRank.focus({ preventScroll: true });
  }

  setClaim(node) {
    this.claimSlot.replaceChildren(...(node ? [node] : []));
    // The bar takes room at the foot of the log: keep the newest line in view now, not only
    // when the resize observer next reports (it waits for a frame).
    this.#showNewestLine();
  }

  /** Show a problem (an illegal attempt) with its explanation; it stays until the next move. */
  showMessage(title, detail) {
    this.message.replaceChildren(...[
      h("strong", { text: title }),
      detail ? h("span.message-detail", { text: detail }) : null,
    ].filter(Boolean));
    this.message.hidden = false;
    this.#showNewestLine();
  }

  /** Show a hint: the suggested move and the reason. */
  showHint(text, reason) {
    this.message.replaceChildren(...[
      h("strong", { text: t("hint.title") }),
      h("span", { text: ` ${text}`, dataset: { testid: "hint-text" } }),
      reason ? h("span.message-detail", { text: reason }) : null,
    ].filter(Boolean));
    this.message.hidden = false;
    this.message.classList.add("hint");
    this.#showNewestLine();
  }

  /** Take the message or hint away (every move does this, most often with nothing shown). */
  clearMessage() {
    const shown = !this.message.hidden;
    this.message.hidden = true;
    this.message.classList.remove("hint");
    delete this.message.dataset.notice;
    delete this.message.dataset.rule;
    this.message.replaceChildren();
    // Room a hint made below the last melds to show the one it named (web/table/reveal.js).
    this.melds.style.removeProperty("padding-bottom");
    // The log's foot comes free again; reading its height forces a layout, so only when it changed.
    if (shown) this.#showNewestLine();
  }

  seatEl(seat, viewer) {
    if (seat === viewer) return this.handEl;
    return this.opponents.querySelector(`[data-seat="${seat}"]`);
  }

  stockEl() {
    return this.piles.querySelector("[data-pile='stock']");
  }

  discardEl() {
    return this.piles.querySelector("[data-pile='discard']");
  }

  meldEl(id) {
    return this.melds.querySelector(`[data-meld-id="${id}"]`);
  }
}
