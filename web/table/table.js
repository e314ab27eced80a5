// The card table's page structure and drawing; the match controller decides what it shows.

import { h } from "../dom.js";
import { t, LANGUAGES, language } from "../i18n/index.js";
import { CardDrag } from "./drag.js";
import { Hand, handHelp } from "./hand.js";
import { contractElement, renderMelds } from "./melds.js";
import { renderPiles } from "./piles.js";
import { renderOpponents, seatPanel } from "./seats.js";

export class TableView {
  /**
   * @param {HTMLElement} root the element to fill
   * @param {object} on handlers: stock, discardPile, meld(id), drop(cards, target), layDown, discard,
   *   hint, scores, rules, leave, language(code), selectionChanged
   */
  constructor(root, on) {
    this.root = root;
    this.on = on;
    this.build();
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
    this.gameName = h("span.game-name");
    this.roundInfo = h("span.round-info", { dataset: { testid: "round" } });
    this.contract = h("span.contract-slot");
    this.languageSelect = h("select.language", {
      "aria-label": t("start.language"), dataset: { testid: "table-language" },
      on: { change: (e) => this.on.language(e.target.value) },
    }, LANGUAGES.map((l) => h("option", { value: l.code, text: l.name })));
    this.topbar = h("header.topbar", {}, [
      button("leave", "table.leave", () => this.on.leave()),
      h("div.round-box", {}, [this.gameName, this.roundInfo, this.contract]),
      h("div.top-tools", {}, [
        button("scores-button", "table.scores", () => this.on.scores()),
        button("hint-button", "table.hint", () => this.on.hint()),
        button("rules-button", "table.rules", () => this.on.rules()),
        this.languageSelect,
      ]),
    ]);
    this.opponents = h("div.opponents", { dataset: { testid: "opponents" } });
    this.piles = h("div.piles");
    this.claimSlot = h("div.claim-slot", { "aria-live": "polite" });
    this.melds = h("div.melds", { dataset: { testid: "melds", drop: "table" }, "aria-label": t("melds.area"), role: "region" });
    this.logList = h("ol.log-list", { "aria-live": "polite", dataset: { testid: "log" } });
    this.logHeading = h("h2.log-title", { text: t("log.title") });
    this.prompt = h("p.prompt", { role: "status", dataset: { testid: "prompt" } });
    this.message = h("div.message", { role: "alert", dataset: { testid: "message" }, hidden: true });
    this.me = h("div.me");
    this.sortSuit = button("sort-suit", "hand.sortSuit", () => this.hand.sort("suit"), "chip");
    this.sortRank = button("sort-rank", "hand.sortRank", () => this.hand.sort("rank"), "chip");
    this.layDownButton = button("lay-down", "actions.layDown", () => this.on.layDown(), "action");
    this.discardButton = button("discard", "actions.discard", () => this.on.discard(), "action primary");
    this.clearButton = button("clear-selection", "actions.clear", () => { this.hand.clearSelection(); this.on.selectionChanged(); }, "chip");
    this.handEl = h("div.hand", { dataset: { testid: "hand" }, role: "group", "aria-label": t("hand.label") });
    this.root.replaceChildren(
      this.topbar,
      this.opponents,
      h("div.board", {}, [
        this.piles,
        this.claimSlot,
        this.melds,
        h("aside.log", {}, [this.logHeading, this.logList]),
      ]),
      h("div.status-row", {}, [this.prompt, this.message]),
      h("div.controls", {}, [
        this.me,
        h("div.sorters", { role: "group", "aria-label": t("hand.sortGroup") }, [this.sortSuit, this.sortRank, this.clearButton]),
        h("div.moves", {}, [this.layDownButton, this.discardButton]),
      ]),
      handHelp(),
      this.handEl,
    );
  }

  /** Re-translate the fixed labels after a language change. */
  relabel() {
    for (const node of this.root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    this.languageSelect.value = language();
    this.languageSelect.setAttribute("aria-label", t("start.language"));
    this.melds.setAttribute("aria-label", t("melds.area"));
    this.handEl.setAttribute("aria-label", t("hand.label"));
    this.logHeading.textContent = t("log.title");
    this.root.querySelector("#hand-help").textContent = t("hand.help");
  }

  /**
   * Draw the table.
   * @param {object} view the engine's view
   * @param {object} s what the controller wants shown (see Match.#state)
   */
  render(view, s) {
    const focused = document.activeElement?.dataset?.testid;
    this.root.dataset.game = view.game;
    this.root.dataset.phase = view.phase;
    this.root.dataset.toMove = String(view.to_move);
    this.root.dataset.round = String(view.round);
    this.languageSelect.value = language();
    this.gameName.textContent = t(`games.${view.game}.name`);
    this.roundInfo.textContent = view.game === "tress"
      ? t("table.round", { round: view.round, rounds: 7 })
      : t("table.hand", { round: view.round, target: view.options?.target_score ?? view.options?.target ?? 500 });
    this.contract.replaceChildren(...(view.game === "tress" ? [contractElement(view)] : []));
    this.opponents.replaceChildren(...renderOpponents(view, s));
    this.piles.replaceChildren(...renderPiles(view, s));
    this.melds.replaceChildren(...renderMelds(view, s));
    this.me.replaceChildren(s.watching ? seatPanel(view, view.seat, s) : seatPanel(view, view.seat, s));
    this.logList.replaceChildren(...s.logLines.map((line) => h("li", { text: line })));
    this.hand.update(view.hand);
    this.hand.enabled = s.handEnabled;
    this.hand.marks = s.marks;
    this.hand.render();
    this.handEl.classList.toggle("waiting", !s.handEnabled);
    this.layDownButton.hidden = !s.showLayDown;
    this.layDownButton.disabled = !s.canLayDown;
    this.discardButton.hidden = !s.showDiscard;
    this.discardButton.disabled = !s.canDiscard;
    this.clearButton.hidden = this.hand.selected.size === 0;
    this.prompt.textContent = s.prompt;
    if (focused) {
      const again = this.root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      if (again && again !== document.activeElement && !again.disabled) again.focus();
    }
  }

  setClaim(node) {
    this.claimSlot.replaceChildren(...(node ? [node] : []));
  }

  /** Show a problem (an illegal attempt) with its explanation; it stays until the next move. */
  showMessage(title, detail) {
    this.message.replaceChildren(...[
      h("strong", { text: title }),
      detail ? h("span.message-detail", { text: detail }) : null,
    ].filter(Boolean));
    this.message.hidden = false;
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
  }

  clearMessage() {
    this.message.hidden = true;
    this.message.classList.remove("hint");
    this.message.replaceChildren();
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
