// One match at the table: asks the engine, animates what happened, runs the computer seats,
// the "take it" windows, and turns the person's clicks, taps, drags and keys into actions.
//
// The engine decides every rule. Answers from the worker arrive in the order the calls were
// made, and each is presented (animated, then drawn) in that order, so the table always shows
// the newest state.

import * as A from "./actions.js";
import * as bridge from "./engine/client.js";
import { cardName, parseCard } from "./cards.js";
import { h, sleep } from "./dom.js";
import { has, language, t, tOr } from "./i18n/index.js";
import { matchShown } from "./match-events.js";
import { timings } from "./settings.js";
import { flash, flyCard } from "./table/animate.js";
import { claimAnswer, claimBar, openUntilDiscard } from "./table/claim.js";
import { choose, closeAll } from "./table/dialog.js";
import { describeEvent } from "./table/log.js";
import { sheetBody, sheetTitle } from "./table/scores.js";
import { seatName } from "./table/seats.js";
import { TableView } from "./table/table.js";
import { describeAction, layDownPreview, meldPreview, readableReason, takePreview } from "./describe.js";

const PLAYING = new Set(["draw", "claim", "play"]);

export class Match {
  /**
   * @param {{engine: import("./engine.js").Engine, root: HTMLElement,
   *          setup: {game: string, seats: string[], options: Record<string, any>, seed?: number, resumed?: boolean},
   *          onLeave: () => void, onRules: (game: string) => void, onLanguage: (code: string) => void}} spec
   */
  constructor({ engine, root, setup, onLeave, onRules, onLanguage }) {
    this.engine = engine;
    this.root = root;
    this.setup = setup;
    this.onLeave = onLeave;
    this.onRules = onRules;
    this.view = null;
    this.closed = false;
    this.presenting = Promise.resolve();
    this.acting = false;
    this.looping = false;
    this.thinking = null;
    this.calls = new Map();
    this.changed = new Map();
    this.claimKey = null;
    this.claimDecision = null;  // while the person's take-it window is open: settles when the person decides
    this.lateClaim = null;  // until_discard: closes the take-it bar once the drawer's discard has landed
    this.timers = new Set();  // pausable timeouts (#pausable) of the computer seats and the claim windows
    this.pauses = 0;          // windows open over the table (Menu, Rules, Scores): the computer waits
    this.wake = null;         // resolves the waits once the last of them is closed
    this.dragCards = null;
    this.sheetOpen = false;
    this.table = new TableView(root, {
      stock: () => this.#clickStock(),
      discardPile: () => this.#clickDiscardPile(),
      meld: (id) => this.#clickMeld(id),
      drop: (cards, target) => this.#drop(cards, target),
      dragging: (cards) => { this.dragCards = cards; this.#draw(); },
      layDown: () => this.#layDown(),
      discard: () => this.#discardSelected(),
      hint: () => this.#hint(),
      scores: () => this.#paused(() => this.#showScores()),
      rules: () => this.#paused(() => this.onRules(this.setup.game)),
      leave: () => this.leave(),
      language: (code) => onLanguage(code),
      selectionChanged: () => { this.table.clearMessage(); this.#draw(); },
    });
  }

  get human() {
    return this.setup.seats.includes("human");
  }

  async start() {
    this.root.dataset.state = "starting";
    // A resumed match was loaded into the engine just before (web/saves.js); "play again" deals anew.
    const resumed = this.setup.resumed;
    this.setup = { ...this.setup, resumed: false };
    const result = resumed ? await bridge.state(this.engine) : await bridge.newMatch(this.engine, {
      game: this.setup.game, options: this.setup.options, seats: this.setup.seats,
      ...(this.setup.seed != null ? { seed: this.setup.seed } : {}),
    });
    this.view = result.view;
    // Watching the computer play: no move of the person's to hint at.
    this.table.topbar.querySelector("[data-testid='hint-button']").hidden = !this.human;
    this.root.dataset.state = "playing";
    this.#draw();
    this.kick();
  }

  async leave({ ask = true } = {}) {
    if (ask && this.view && this.view.phase !== "match_over") {
      const sure = await this.#paused(async () => {
        const answer = await choose({
          title: t("table.leaveConfirm"),
          choices: [{ label: t("table.leaveYes"), value: true, testid: "leave-yes", primary: true }],
          testid: "leave-dialog",
        });
        if (answer) this.close();  // before the computer seats could go on
        return answer;
      });
      if (!sure) return;
    }
    this.close();
    this.onLeave();
  }

  close() {
    this.closed = true;
    this.thinking = null;
    this.root.dataset.state = "closed";
    this.root.dataset.input = "wait";
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    closeAll();
  }

  /** Close the match for good and release what the table holds outside its elements. */
  dispose() {
    this.close();
    this.table.destroy();
  }

  /**
   * Run `fn` (a window over the table) with the match paused: the computer seats do not move
   * and the "take it" countdown stands still until the last such window is closed.
   */
  async #paused(fn) {
    if (this.pauses++ === 0) {
      this.root.dataset.paused = "true";
      for (const timer of this.timers) timer.stop();
    }
    try {
      return await fn();
    } finally {
      if (--this.pauses === 0) {
        delete this.root.dataset.paused;
        if (!this.closed) for (const timer of this.timers) timer.start();
        const wake = this.wake;
        this.wake = null;
        wake?.();
      }
    }
  }

  /** Resolve once no window is open over the table. */
  #unpaused() {
    if (!this.pauses) return Promise.resolve();
    return new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      const before = this.wake;
      this.wake = () => { before?.(); resolve(); };
    });
  }

  /** A timeout that stands still while the match is paused; cancel() drops it. */
  #pausable(ms, fn) {
    let left = ms;
    let since = 0;
    let id = null;
    const timer = {
      start: () => { since = performance.now(); id = setTimeout(() => { this.timers.delete(timer); fn(); }, left); },
      stop: () => { clearTimeout(id); left = Math.max(0, left - (performance.now() - since)); },
      cancel: () => { clearTimeout(id); this.timers.delete(timer); },
    };
    this.timers.add(timer);
    if (!this.pauses) timer.start();
    return timer;
  }

  /** Redraw after a language change. */
  relabel() {
    // An open hint was written in the old language: close it rather than mix two languages.
    if (this.table.message.classList.contains("hint")) this.table.clearMessage();
    this.table.relabel();
    if (this.view) this.#draw();
  }

  // ---------------------------------------------------------------- talking to the engine

  /**
   * Call the engine and present the answer (events animated, then the new view drawn).
   * @param {(engine: any, ...args: any[]) => Promise<any>} method a function of web/engine/client.js
   * @param {...any} args its arguments after the engine
   */
  async #send(method, ...args) {
    const result = await method(this.engine, ...args);
    if (this.closed) return result;
    this.presenting = this.presenting.then(() => this.#present(result)).catch((error) => this.#fault(error));
    await this.presenting;
    return result;
  }

  async #present(result) {
    if (this.closed || !result.view) return;
    const speed = timings();
    const before = this.view;
    for (const event of result.events ?? []) await this.#animate(event, before, speed);
    this.view = result.view;
    this.lateClaim?.();
    if (this.#claimKey(this.view) !== this.claimKey && this.view.phase !== "claim") this.calls.clear();
    for (const seat of this.view.claims ?? []) {
      if (!this.calls.has(seat)) this.calls.set(seat, t("claim.says"));
    }
    this.#draw();
    this.changed.clear();
  }

  async #animate(event, before, speed) {
    const ms = speed.animation;
    const viewer = before.seat;
    const seatEl = (seat) => this.table.seatEl(seat, viewer);
    switch (event.kind) {
      case "card_drawn": {
        const from = event.source === "discard" ? this.table.discardEl() : this.table.stockEl();
        const shown = event.seat === viewer && this.human ? event.card : null;
        await flyCard(from, seatEl(event.seat), event.source === "discard" ? event.card : shown, ms);
        break;
      }
      case "card_discarded": {
        const from = event.seat === viewer ? this.table.root.querySelector(`.hand [data-card="${CSS.escape(event.card)}"]`) ?? seatEl(event.seat) : seatEl(event.seat);
        await flyCard(from, this.table.discardEl(), event.card, ms);
        break;
      }
      case "meld_created":
      case "meld_extended": {
        const target = this.table.meldEl(event.meld_id) ?? this.table.melds;
        const first = event.meld?.cards?.[0] ?? event.cards?.[0] ?? null;
        await flyCard(seatEl(event.seat), target, event.kind === "meld_extended" ? event.cards?.[0] ?? first : first, ms);
        this.changed.set(event.meld_id, "fresh-meld");
        break;
      }
      case "sequence_taken_over":
        this.changed.set(event.meld_id, "taken-over");
        break;
      case "sequence_locked":
        this.changed.set(event.meld_id, "just-locked");
        break;
      case "claim_called":
        this.calls.set(event.seat, t("claim.says"));
        this.view = { ...this.view };
        this.#draw();
        flash(seatEl(event.seat));
        if (ms) await sleep(ms);
        break;
      case "claim_granted":
        this.calls.clear();
        break;
      default:
        break;
    }
  }

  // ---------------------------------------------------------------- the flow of play

  /** Run the computer seats (and the claim windows) until the person must act. */
  kick() {
    if (this.closed) return;
    if (this.looping) {
      this.kickAgain = true;
      return;
    }
    this.looping = true;
    this.kickAgain = false;
    this.#loop().catch((error) => this.#fault(error)).finally(() => {
      this.looping = false;
      if (this.kickAgain) this.kick();
      else this.#draw();
    });
  }

  async #loop() {
    while (!this.closed) {
      await this.presenting;
      const view = this.view;
      if (view.phase === "round_over" || view.phase === "match_over") {
        await this.#roundOver();
        return;
      }
      if (this.#claimWindowDue(view)) {
        await this.#claimWindow();
        continue;
      }
      const seat = this.#botToMove(view);
      if (seat === null) return;
      this.thinking = seat;
      this.#draw();
      await sleep(timings().botPause);
      await this.#unpaused();
      if (this.closed) return;
      const before = this.view;
      await this.#send(bridge.botStep);
      this.thinking = null;
      if (this.view === before) return;  // nothing changed: stop rather than spin
    }
  }

  #botToMove(view) {
    if (!PLAYING.has(view.phase) || view.to_move == null) return null;
    const kind = view.seat_kinds?.[view.to_move] ?? this.setup.seats[view.to_move];
    return kind === "human" ? null : view.to_move;
  }

  #isMine(view = this.view) {
    return this.human && PLAYING.has(view.phase) && view.to_move === view.seat;
  }

  #claimKey(view) {
    return `${view.round}:${view.discard_count}:${view.discard_top}:${view.stock_count + view.hand_counts.reduce((a, b) => a + b, 0)}`;
  }

  #claimWindowDue(view) {
    return view.game === "tress" && view.phase === "draw" && view.discard_top && !view.discard_dead
      && this.#claimKey(view) !== this.claimKey;
  }

  /**
   * A new card on the discard pile (Tress): computer seats call after their delays; the person
   * may call with the countdown running, or pass. With the person due to draw, the window is
   * open until the person draws. Under the `until_discard` house rule (T-19) calls stay open
   * while the drawer plays: once the countdown has run out the drawer goes on, and the bar
   * (and the slower computer callers) wait until his discard lands.
   */
  async #claimWindow() {
    const view = this.view;
    const key = this.#claimKey(view);
    const untilDiscard = view.options?.claim_window === "until_discard";
    const card = `${view.round}:${view.discard_count}`;
    this.claimKey = key;
    this.calls.clear();
    const speed = timings();
    const { offers } = await bridge.claimOffers(this.engine);
    const callers = offers.filter((offer) => offer.call)
      .map((offer) => ({ ...offer, at: Math.round(offer.delay_ms * speed.claimDelayFactor) }))
      .sort((a, b) => a.at - b.at || a.seat - b.seat);
    const stillOpen = () => !this.closed && (untilDiscard
      ? `${this.view.round}:${this.view.discard_count}` === card && PLAYING.has(this.view.phase)
      : this.#claimKey(this.view) === key && ["draw", "claim"].includes(this.view.phase));
    const botCall = async (seat) => {
      if (!stillOpen()) return;
      try {
        await this.#send(bridge.botClaim, seat);
      } catch {
        // The window closed first: the call simply came too late.
      }
    };

    if (this.#isMine(view)) {
      // The person is due to draw: callers race the person's draw.
      for (const caller of callers) this.#later(caller.at, () => botCall(caller.seat));
      return;
    }

    const personCan = this.human && A.callAction(view) !== null;
    const windowMs = personCan ? speed.claimWindow : (callers.at(-1)?.at ?? 0);
    await new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      const pending = new Set(untilDiscard ? callers : callers.filter((caller) => caller.at <= windowMs));
      const timers = [];
      let finished = false;
      let called = false;
      // A hint asked for in this window stops the countdown until the person decides (#hint).
      let decided;
      this.claimDecision = new Promise((resolve) => { decided = resolve; });
      const finish = async (flush) => {
        if (finished) return;
        finished = true;
        decided();
        this.claimDecision = null;
        this.lateClaim = null;
        for (const timer of timers) timer.cancel();
        this.table.setClaim(null);
        if (flush) {
          for (const caller of [...pending].sort((a, b) => a.at - b.at)) await botCall(caller.seat);
        }
        resolve();
      };
      for (const caller of pending) {
        timers.push(this.#pausable(caller.at, async () => {
          await botCall(caller.seat);
          pending.delete(caller);
          // After the person's call, the window closes once the later callers have spoken.
          if (called && !pending.size) finish(false);
        }));
      }
      // until_discard: the countdown over, the drawer plays on while the bar stays up;
      // #present closes it when the discard lands (or the round ends).
      const release = () => {
        if (finished) return;
        this.lateClaim = () => { if (!stillOpen()) finish(false); };
        openUntilDiscard(this.table.claimSlot.querySelector(".claim-bar"),
          t("claim.openUntil", { name: seatName(view, view.to_move) }));
        resolve();
      };
      timers.push(this.#pausable(windowMs + 30, () => (untilDiscard && personCan && !called ? release() : finish(false))));
      if (personCan) {
        this.table.setClaim(claimBar({
          cardText: cardName(view.discard_top),
          ms: windowMs,
          onCall: async () => {
            const call = A.callAction(this.view);
            if (!call || called) return;
            called = true;
            decided();
            this.table.setClaim(null);
            try {
              await this.#send(bridge.act, call);
            } catch (error) {
              // A late call the drawer's discard beat is simply too late, not a mistake.
              if (stillOpen()) this.#illegal(error);
            }
            if (!pending.size) finish(false);
          },
          onPass: () => finish(true),
        }));
        this.table.claimSlot.querySelector("[data-testid='take-it']")?.focus();
      }
    });
  }

  #later(ms, fn) {
    this.#pausable(ms, () => { if (!this.closed) fn(); });
  }

  async #roundOver() {
    if (this.sheetOpen) return;
    const view = this.view;
    const final = view.phase === "match_over";
    await sleep(timings().roundPause);
    if (this.closed) return;
    this.sheetOpen = true;
    const choices = final
      ? [{ label: t("scores.playAgain"), value: "again", testid: "play-again", primary: true },
        { label: t("scores.newGame"), value: "new", testid: "new-game" }]
      : [{ label: view.game === "take" ? t("scores.nextHand") : t("scores.nextRound"), value: "next", testid: "next-round", primary: true }];
    if (!this.human && !final) {
      this.#later(Math.max(1500, timings().roundPause * 4), () => document.querySelector("[data-testid='next-round']")?.click());
    }
    const choice = await choose({
      title: sheetTitle(view), body: sheetBody(view), choices, dismissible: false,
      testid: "score-sheet", className: final ? "sheet final" : "sheet",
    });
    this.sheetOpen = false;
    if (this.closed) return;
    if (choice === "next") {
      const next = A.continueAction(this.view) ?? { kind: view.game === "take" ? "next_hand" : "next_round", seat: view.seat };
      try {
        await this.#send(bridge.act, next);
      } catch (error) {
        // In watch mode no seat is the person's: let a computer seat deal.
        await this.#send(bridge.botStep).catch(() => this.#illegal(error));
      }
      this.claimKey = null;
      this.kick();
    } else if (choice === "again") {
      this.close();
      this.closed = false;
      this.claimKey = null;
      await this.start();
    } else if (choice === "new") {
      this.leave({ ask: false });
    }
  }

  // ---------------------------------------------------------------- the person's moves

  async #act(action, { quiet = false } = {}) {
    if (this.acting || this.closed) return false;
    if (action?.kind === "extend" && this.view?.game === "take" && !(await this.#confirmExtend(action))) return false;
    if (this.acting || this.closed) return false;
    this.acting = true;
    this.hinted = null;
    this.root.dataset.input = "wait";
    this.table.clearMessage();
    try {
      await this.#send(bridge.act, action);
      this.table.hand.clearSelection();
      return true;
    } catch (error) {
      if (!quiet) this.#illegal(error);
      return false;
    } finally {
      this.acting = false;
      this.#draw();
      this.kick();
    }
  }

  /** Show why the engine refused a move, in the person's language; nothing changed. */
  #illegal(error) {
    const { rule, reason } = ruleOf(error);
    const title = rule ? tOr(`explain.${rule}`, t("explain.generic")) : t("explain.generic");
    // The engine's own words are English: other languages show the translated rule alone when there is one.
    const translated = rule && has(`explain.${rule}`);
    const detail = reason && reason !== title && (language() === "en" || !translated) ? `${t("explain.detail")} ${reason}` : "";
    this.table.showMessage(title, detail);
    this.table.message.dataset.rule = rule ?? "";
  }

  #notice(text) {
    this.table.showMessage(text, "");
    this.table.message.dataset.rule = "";
  }

  #fault(error) {
    if (this.closed) return;  // the match was stopped (engine restarted, taken over in another tab)
    console.error(error);
    this.thinking = null;
    this.#draw();
    this.table.showMessage(t("errors.engine"), String(error?.message ?? error));
  }

  /** Show a message over the table that stays until the next move (the engine was restarted). */
  inform(title, detail, testid) {
    this.table.showMessage(title, detail);
    this.table.message.dataset.rule = "";
    this.table.message.dataset.notice = testid;
  }

  #clickStock() {
    const view = this.view;
    if (!this.human || !view) return;
    const action = A.drawAction(view, "stock") ?? { kind: "draw_stock", seat: view.seat };
    this.#act(action);
  }

  #clickDiscardPile() {
    const view = this.view;
    if (!this.human || !view) return;
    if (view.phase === "play" && view.to_move === view.seat) {
      this.#discardSelected();
      return;
    }
    if (view.phase === "claim" && view.to_move === view.seat) {
      this.#act(A.claimAnswers(view).take ?? { kind: "draw_discard", seat: view.seat });
      return;
    }
    this.#act(A.drawAction(view, "discard") ?? { kind: "draw_discard", seat: view.seat });
  }

  #discardSelected(cards = this.table.hand.selection()) {
    const view = this.view;
    if (!this.human || !view) return;
    if (!cards.length && view.to_move === view.seat && ["draw", "claim"].includes(view.phase)) {
      // Nothing chosen yet, and a card must be drawn first: say so (the same words as the engine's refusal).
      const rule = view.game === "take" ? "K-8" : "T-11";
      this.table.showMessage(t(`explain.${rule}`), "");
      this.table.message.dataset.rule = rule;
      return;
    }
    if (cards.length !== 1) {
      this.#notice(t(cards.length ? "notice.oneToDiscard" : "notice.selectToDiscard"));
      return;
    }
    this.#act(A.discardActions(view).get(cards[0]) ?? { kind: "discard", seat: view.seat, card: cards[0] });
  }

  async #clickMeld(meldId, cards = this.table.hand.selection()) {
    const view = this.view;
    if (!this.human || !view) return;
    if (!cards.length) {
      this.#notice(t("notice.selectForMeld"));
      return;
    }
    const options = A.layOffs(view, cards, meldId);
    let action = options[0];
    if (!options.length) {
      action = view.game === "take"
        ? { kind: "extend", seat: view.seat, meld: meldId, cards, end: "high" }
        : { kind: "lay_off", seat: view.seat, card: cards[0], meld: meldId, end: "high" };
      if (view.game === "tress" && cards.length > 1) {
        this.#notice(t("notice.oneAtATime"));
        return;
      }
    } else if (options.length > 1) {
      const meld = view.melds.find((m) => m.id === meldId);
      action = await choose({
        title: t("choose.where"),
        body: [h("div.dialog-meld", {}, meldPreview(meld))],
        choices: options.map((option, i) => ({
          label: describeAction(view, option, { short: true }),
          value: option,
          testid: `choice-${i}`,
          primary: i === 0,
        })),
        testid: "meld-choice",
      });
      if (!action) return;
    }
    this.#act(action);
  }

  /**
   * Take: before an extension that takes a sequence over or locks it, say so and ask. Every
   * extension the person makes (click, drop, keys, a hinted move) passes through here.
   * @returns {Promise<boolean>} true to go ahead
   */
  async #confirmExtend(action) {
    const view = this.view;
    const preview = takePreview(view, action);
    if (!preview) return true;
    const meld = view.melds.find((m) => m.id === A.actionMeld(action));
    const takes = meld && meld.owner !== view.seat;
    const answer = await choose({
      title: takes ? t("choose.takeOverTitle") : t("choose.lockTitle"),
      body: [
        h("div.dialog-meld", {}, meldPreview(meld)),
        h("p.dialog-help", { text: describeAction(view, { ...action, kind: "extend" }).split(" — ")[0] }),
        h("p.preview", { text: preview, dataset: { testid: "take-preview" } }),
      ],
      choices: [{ label: t("choose.confirmButton"), value: action, testid: "confirm", primary: true }],
      testid: "take-over-confirm",
    });
    return Boolean(answer);
  }

  #drop(cards, target) {
    if (target.type === "meld") this.#clickMeld(target.meldId, cards);
    else if (target.type === "discard") {
      // Before drawing too: the engine refuses and the page says why (nothing changes).
      this.#discardSelected(cards);
    } else if (target.type === "table") this.#layDown(cards);
  }

  async #layDown(cards = this.table.hand.selection()) {
    const view = this.view;
    if (!this.human) return;
    const pool = new Set(cards.length ? cards : view.hand);
    const usedCards = (action) => (action.melds ? action.melds.flatMap((m) => m.cards) : action.cards ?? []);
    let options = A.layDownActions(view).filter((action) => usedCards(action).every((c) => pool.has(c)));
    if (cards.length && view.game === "take") {
      const exact = options.filter((a) => usedCards(a).length === cards.length);
      if (exact.length) options = exact;
    }
    if (!options.length && cards.length && view.game === "tress") {
      try {
        const found = await bridge.arrangements(this.engine, cards);
        options = found.lay_downs ?? [];
      } catch {
        options = [];
      }
    }
    if (!options.length) {
      if (!cards.length) {
        this.#notice(view.game === "tress" ? t("notice.noContract") : t("notice.selectSequence"));
        return;
      }
      // Let the engine say exactly what is wrong with these cards.
      const guess = view.game === "take"
        ? { kind: "lay_down", seat: view.seat, cards }
        : { kind: "lay_down", seat: view.seat, melds: [{ kind: sameRank(cards) ? "set" : "run", cards }] };
      this.#act(guess);
      return;
    }
    const shown = options.slice(0, 6);
    // Tapping a picture chooses that arrangement; Confirm lays it down (a double tap does both).
    let picked = shown[0];
    const pictures = shown.map((option, i) => h("button.arrangement", {
      type: "button",
      "aria-pressed": i === 0 ? "true" : "false",
      "aria-label": describeAction(view, option, { short: true }),
      dataset: { testid: `arrangement-${i}`, action: JSON.stringify(option) },
      on: {
        click: (event) => {
          picked = option;
          for (const picture of pictures) picture.setAttribute("aria-pressed", String(picture === event.currentTarget));
        },
        dblclick: () => confirmPicked(),
      },
    }, layDownPreview(option)));
    const confirmPicked = () => document.querySelector("dialog[data-testid='lay-down-dialog'] [data-testid='lay-down-confirm']")?.click();
    const answer = await choose({
      title: shown.length > 1 ? t("layDown.pick") : t("layDown.confirm"),
      body: [
        // With nothing selected the arrangements come from the whole hand; the help says so.
        h("p.dialog-help", {
          dataset: { testid: "lay-down-help" },
          text: t(`layDown.${shown.length > 1 ? "pickHelp" : "confirmHelp"}${cards.length ? "" : "Hand"}`),
        }),
        h("div.arrangement-list", { role: "group", "aria-label": t("layDown.pick") }, pictures),
      ],
      choices: [{ label: t("layDown.confirmButton"), value: "confirm", testid: "lay-down-confirm", primary: true }],
      testid: "lay-down-dialog",
      className: "arrangements",
    });
    if (answer === "confirm" && picked) this.#act(picked);
  }

  async #hint() {
    if (!this.human || !this.view) return;
    if (!this.#isMine() && !A.callAction(this.view)) {
      this.#notice(t("hint.notYourTurn"));
      return;
    }
    const decision = this.#isMine() ? null : this.claimDecision;
    // Time to read the hint: the take-it countdown and the computer callers wait for the person.
    if (decision) this.#paused(() => decision);
    try {
      const { action, reason } = await bridge.hint(this.engine);
      // A "take it" chance the normal player would let go comes back without an action.
      const kind = action?.kind ?? "pass";
      // The engine's reason is English only; other languages get a short why by the kind of move.
      const why = language() === "en" ? readableReason(reason, this.view) : tOr(`hint.why.${kind}`, "");
      this.table.showHint(action ? describeAction(this.view, action) : t("hint.pass"), why);
      this.hinted = action;
      this.#draw();
      const message = this.table.message;
      message.dataset.hintKind = kind;
      message.dataset.hintAction = JSON.stringify(action);
    } catch (error) {
      this.#illegal(error);
    }
  }

  async #showScores() {
    if (!this.view) return;
    await choose({
      title: t("scores.title"),
      body: sheetBody(this.view),
      choices: [{ label: t("common.close"), value: null, testid: "close-scores", primary: true }],
      dismissible: false,
      testid: "scores-dialog",
      className: "sheet",
    });
  }

  // ---------------------------------------------------------------- drawing

  #draw() {
    const view = this.view;
    if (!view || this.closed) return;
    const mine = this.#isMine(view);
    const playing = mine && view.phase === "play";
    const selection = this.dragCards ?? this.table.hand.selection();
    const discards = A.discardActions(view);
    const marks = new Map();
    if (playing) {
      for (const action of A.mine(view)) {
        if (A.actionMeld(action) !== null) for (const card of A.actionCards(action)) marks.set(card, "playable");
      }
      if (view.drawn_from_discard) marks.set(view.drawn_from_discard, "taken-card");
    }
    const hinted = this.hinted && A.mine(view).some((a) => A.sameAction(a, this.hinted)) ? this.hinted : null;
    // A hint is about one decision: once its move (or, for "let it go", the take-it chance) is
    // gone, it would mislead in the next turn or round.
    if (this.table.message.classList.contains("hint") && !(hinted || (!this.hinted && A.callAction(view)))) {
      this.table.clearMessage();
      this.hinted = null;
    }
    if (hinted) {
      const cards = hinted.melds ? hinted.melds.flatMap((m) => m.cards) : A.actionCards(hinted);
      for (const card of cards) marks.set(card, `${marks.get(card) ?? ""} hinted`.trim());
    }
    const state = {
      thinking: this.thinking,
      calls: new Map([...this.calls].map(([seat]) => [seat, t("claim.says")])),
      watching: !this.human,
      handEnabled: this.human && view.phase !== "match_over",
      marks,
      targets: playing ? A.meldTargets(view, selection) : new Set(),
      changed: this.changed,
      onMeld: (id) => this.#clickMeld(id),
      canStock: mine && view.phase !== "play",
      canDiscardPile: mine && view.phase !== "play" && Boolean(A.drawAction(view, "discard")),
      discardTarget: playing && selection.length === 1 && discards.has(selection[0]),
      onStock: () => this.#clickStock(),
      onDiscardPile: () => this.#clickDiscardPile(),
      showLayDown: this.human && (view.game === "take" || !view.down?.[view.seat] || view.options?.extra_melds),
      canLayDown: playing,
      showDiscard: this.human,
      canDiscard: playing && selection.length === 1,
      prompt: this.#prompt(view),
      logLines: (view.log ?? []).map((event) => ({ text: describeEvent(view, event), kind: event.kind, seat: event.seat }))
        .filter((line) => line.text).slice(-8),
    };
    this.table.render(view, state);
    this.root.dataset.mine = String(mine);
    this.root.dataset.claims = (view.claims ?? []).join(" ");
    this.root.dataset.handCounts = view.hand_counts.join(" ");
    this.root.dataset.phase = view.phase;
    // "ready": the person may act now and nothing is under way (tests wait for this marker).
    this.root.dataset.input = mine && !this.looping && !this.acting ? "ready" : "wait";
    this.#drawClaimAnswer(view);
    matchShown(this);  // saving, statistics, embedding events (web/match-events.js)
  }

  #drawClaimAnswer(view) {
    const asking = this.human && view.phase === "claim" && view.to_move === view.seat;
    const existing = this.table.claimSlot.querySelector("[data-testid='claim-answer']");
    if (!asking) {
      existing?.remove();
      return;
    }
    const caller = (view.claims ?? [])[0] ?? [...this.calls.keys()][0];
    if (caller == null) return;
    const { take, grant } = A.claimAnswers(view);
    const key = `${caller}|${view.discard_top}|${view.round}|${language()}`;
    if (existing && existing.dataset.key === key) return;
    this.table.setClaim(claimAnswer({
      callerName: seatName(view, caller),
      cardText: cardName(view.discard_top),
      onTake: () => this.#act(take),
      onGrant: () => this.#act(A.ofKind(view, "grant")[0] ?? grant),
    }));
    const answer = this.table.claimSlot.querySelector("[data-testid='claim-answer']");
    answer.dataset.key = key;
    answer.querySelector("button")?.focus({ preventScroll: true });
  }

  #prompt(view) {
    const name = (seat) => seatName(view, seat);
    if (view.phase === "match_over") return t("prompt.matchOver");
    if (view.phase === "round_over") return view.game === "take" ? t("prompt.handOver") : t("prompt.roundOver");
    if (!this.human) return t("prompt.watching", { name: name(view.to_move) });
    if (view.to_move !== view.seat) {
      return this.thinking === view.to_move ? t("prompt.thinking", { name: name(view.to_move) }) : t("prompt.waiting", { name: name(view.to_move) });
    }
    if (view.phase === "claim") return t("prompt.claimed");
    if (view.phase === "draw") {
      return A.drawAction(view, "discard")
        ? t("prompt.draw", { card: cardName(view.discard_top) })
        : t("prompt.drawStock");
    }
    if (view.game === "take") return t("prompt.playTake");
    if (view.contract?.all_cards) return t("prompt.playRound7");
    return view.down?.[view.seat] ? t("prompt.playDown") : t("prompt.playTress");
  }
}

/** The rule id and English reason of an engine error. */
export function ruleOf(error) {
  let rule = error?.rule ?? null;
  let reason = error?.reason ?? null;
  const message = String(error?.message ?? "");
  if (!rule) {
    const match = message.match(/\(rule ([^,)]+)(?:, phase [^)]+)?\)\s*$/);
    if (match) rule = match[1];
  }
  if (!reason) {
    reason = message.replace(/\s*\(rule [^)]*\)\s*$/, "");
    const colon = reason.indexOf(": ");
    if (rule && colon >= 0) reason = reason.slice(colon + 2);
  }
  return { rule, reason };
}

function sameRank(cards) {
  const ranks = new Set(cards.map((key) => parseCard(key)).filter((c) => !c.joker).map((c) => c.rank));
  return ranks.size <= 1;
}

