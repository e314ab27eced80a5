// One match at the table: the turn loop. It asks the engine, has each answer presented (events
// animated, then the table drawn: web/table/present.js) in the order the calls were made, runs
// the computer seats and the "take it" windows (web/table/claims.js), and hands the
// person's clicks, taps, drags and keys to web/table/moves.js. The engine decides every rule.

import * as A from "./actions.js";
import { PLAYING } from "./actions.js";
import { sleep } from "../app/dom.js";
import * as bridge from "../engine/client.js";
import { t } from "../i18n/index.js";
import { timings } from "../app/settings.js";
import { claimWindowDue, runClaimWindow, windowId } from "./claims.js";
import { choose, closeAll } from "./dialog.js";
import * as moves from "./moves.js";
import { Pauser } from "./pauser.js";
import { animate, draw } from "./present.js";
import { showRefusal } from "./prompts.js";
import { openMenu } from "./menu.js";
import { celebrate } from "./celebrate.js";
import { listenForGesture, play as sound } from "./sound.js";
import { sheetBody, sheetTitle } from "./scores.js";
import { TableView } from "./table.js";

/** @typedef {import("../engine/client.js").View} View */
/** @typedef {{game: string, seats: string[], options: Record<string, any>, seed?: number, resumed?: boolean}} Setup */

export class Match {
  /**
   * @param {{engine: import("../engine/engine.js").Engine, root: HTMLElement, setup: Setup,
   *          onLeave: () => void, onRules: (game: string) => void, onLanguage: (code: string) => void,
   *          onRestart: (setup: Setup) => void}} spec
   *   onRestart: start a new match with this set-up in place of this one (the menu's Restart)
   */
  constructor({ engine, root, setup, onLeave, onRules, onLanguage, onRestart }) {
    this.engine = engine;
    this.root = root;
    this.setup = setup;
    this.onLeave = onLeave;
    this.onLanguage = onLanguage;
    this.onRestart = onRestart;
    this.onRules = onRules;
    /** @type {View | null} */
    this.view = null;
    this.closed = false;
    this.presenting = Promise.resolve();
    this.acting = false;
    this.looping = false;
    this.kickAgain = false;
    /** @type {number | null} the computer seat thinking now */
    this.thinking = null;
    /** @type {number | null} the computer seat whose move the loop made last (null after anyone else's) */
    this.lastBot = null;
    /** @type {Map<number, string>} seats that called "take it" for the card on the pile */
    this.calls = new Map();
    /** @type {Map<number, string>} melds changed by the last answer, with the mark to show */
    this.changed = new Map();
    /** @type {string | null} the take-it window the page ran last (the engine's id) */
    this.lastWindow = null;
    /** @type {import("../engine/client.js").Action | null} the hinted move */
    this.hinted = null;
    /** @type {string[] | null} the cards being dragged */
    this.dragCards = null;
    this.sheetOpen = false;
    // Windows open over the table (Menu, Rules, Scores) pause the computer seats and the countdowns.
    this.pauser = new Pauser({
      onPause: (paused) => { if (paused) this.root.dataset.paused = "true"; else delete this.root.dataset.paused; },
      stopped: () => this.closed,
    });
    /** @type {import("./claim-window.js").ClaimWindow | null} the latest take-it window */
    this.claims = null;
    this.table = new TableView(root, {
      stock: () => moves.clickStock(this),
      discardPile: () => moves.clickDiscardPile(this),
      meld: (id) => moves.clickMeld(this, id),
      drop: (cards, target) => moves.drop(this, cards, target),
      dragging: (cards) => { this.dragCards = cards; this.draw(); },
      layDown: () => moves.layDown(this),
      undo: () => moves.undo(this),
      discard: () => moves.discardSelected(this),
      hint: () => moves.hint(this),
      scores: () => this.pauser.during(() => moves.showScores(this)),
      rules: () => this.pauser.during(() => this.onRules(this.setup.game)),
      menu: () => this.menu(),
      language: (code) => onLanguage(code),
      selectionChanged: () => { this.table.clearMessage(); this.draw(); },
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
    if (this.human) listenForGesture();
    // Watching the computer play: no move of the person's to hint at.
    this.table.topbar.querySelector("[data-testid='hint-button']").hidden = !this.human;
    this.root.dataset.state = "playing";
    this.draw();
    this.kick();
  }

  /** The menu over the table (web/table/menu.js); the table stands still while it is open. */
  async menu() {
    await this.pauser.during(async () => {
      const choice = await openMenu({ onLanguage: (code) => this.onLanguage(code), onChange: () => this.draw() });
      if (this.closed) return;
      if (choice === "rules") await this.onRules(this.setup.game);
      else if (choice === "restart") await this.restart();
      else if (choice === "leave") await this.leave();
    });
  }

  /** Ask, then start a new match with the same set-up (players, levels, house rules). */
  async restart() {
    const sure = await this.pauser.during(() => choose({
      title: t("menu.restartConfirm"),
      choices: [{ label: t("menu.restartYes"), value: true, testid: "restart-yes", primary: true }],
      testid: "restart-dialog",
    }));
    if (!sure || this.closed) return;
    this.close();
    this.onRestart({ ...this.setup, resumed: false });
  }

  async leave({ ask = true } = {}) {
    if (ask && this.view && this.view.phase !== "match_over") {
      const sure = await this.pauser.during(async () => {
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
    this.pauser.cancelAll();
    closeAll();
  }

  /** Close the match for good and release what the table holds outside its elements. */
  dispose() {
    this.close();
    this.table.destroy();
  }

  /** Redraw after a language change. */
  relabel() {
    // An open hint was written in the old language: close it rather than mix two languages.
    if (this.table.message.classList.contains("hint")) this.table.clearMessage();
    this.table.relabel();
    if (this.view) this.draw();
  }

  /** Draw the table from the current view. */
  draw() {
    draw(this);
  }

  /** True when the person is to act now. */
  isMine(view = this.view) {
    return this.human && PLAYING.has(view.phase) && view.to_move === view.seat;
  }

  // ---------------------------------------------------------------- talking to the engine

  /**
   * Call the engine and present the answer (events animated, then the new view drawn).
   * @template {{view?: View, events?: import("../engine/client.js").GameEvent[]}} R
   * @template {any[]} P
   * @param {(engine: import("../engine/engine.js").Engine, ...args: P) => Promise<R>} method a function of web/engine/client.js
   * @param {P} args its arguments after the engine
   * @returns {Promise<R>}
   */
  async send(method, ...args) {
    const result = await method(this.engine, ...args);
    if (this.closed) return result;
    this.presenting = this.presenting.then(() => this.#present(result)).catch((error) => this.fault(error));
    await this.presenting;
    return result;
  }

  async #present(result) {
    if (this.closed || !result.view) return;
    const speed = timings();
    const before = this.view;
    for (const event of result.events ?? []) await animate(this, event, before, speed);
    const wasMine = Boolean(before) && this.isMine(before);
    this.view = result.view;
    // The person's turn begins (not each move within it): one gentle note.
    if (this.isMine() && !wasMine) sound("turn");
    // A notice or refusal answers one moment: it does not outlive the person's next turn beginning
    // (his own moves clear it within a turn).
    const message = this.table.message;
    if (this.isMine() && !wasMine && !message.hidden && message.dataset.rule !== undefined && !message.dataset.notice) {
      this.table.clearMessage();
    }
    this.claims?.late?.();
    if (windowId(this.view) !== this.lastWindow && this.view.phase !== "claim") this.calls.clear();
    for (const seat of this.view.claims ?? []) {
      if (!this.calls.has(seat)) this.calls.set(seat, t("claim.says"));
    }
    this.draw();
    this.changed.clear();
  }

  /** Something went wrong that is no refusal: say so over the table. */
  fault(error) {
    if (this.closed) return;  // the match was stopped (engine restarted, taken over in another tab)
    console.error(error);
    this.thinking = null;
    this.draw();
    this.table.showMessage(t("errors.engine"), String(error?.message ?? error));
  }

  /** Show a message over the table that stays until the next move (the engine was restarted). */
  inform(title, detail, testid) {
    this.table.showMessage(title, detail);
    this.table.message.dataset.rule = "";
    this.table.message.dataset.notice = testid;
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
    this.#loop().catch((error) => this.fault(error)).finally(() => {
      this.looping = false;
      if (this.kickAgain) this.kick();
      else this.draw();
    });
  }

  async #loop() {
    while (!this.closed) {
      await this.presenting;
      const view = this.view;
      if (view.phase === "round_over" || view.phase === "match_over") {
        this.lastBot = null;
        await this.#roundOver();
        return;
      }
      if (claimWindowDue(view, this.lastWindow)) {
        this.lastBot = null;
        await runClaimWindow(this);
        continue;
      }
      const seat = this.#botToMove(view);
      if (seat === null) { this.lastBot = null; return; }
      // The first move of a computer player's turn gets the thinking pause; the moves after it
      // in the same turn (lay-downs, the discard) follow quickly, so a turn reads as one.
      const speed = timings();
      const sameTurn = this.lastBot === seat;
      this.lastBot = seat;
      this.thinking = seat;
      this.draw();
      // The engine works the move out during the pause, not after it (the pause is the time the
      // player seems to think, so a long search is not added to it); the move itself is made
      // after the pause, so a "take it" call the person makes meanwhile still comes first (T-16).
      bridge.botThink(this.engine).catch(() => {});  // a failure shows at the move itself
      await sleep(sameTurn ? speed.followPause : speed.botPause);
      await this.pauser.unpaused();
      if (this.closed) return;
      const before = this.view;
      await this.send(bridge.botStep);
      this.thinking = null;
      if (this.view === before) return;  // nothing changed: stop rather than spin
    }
  }

  #botToMove(view) {
    if (!PLAYING.has(view.phase) || view.to_move == null) return null;
    const kind = view.seat_kinds?.[view.to_move] ?? this.setup.seats[view.to_move];
    return kind === "human" ? null : view.to_move;
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
      this.pauser.later(Math.max(1500, timings().roundPause * 4), () => {
        if (!this.closed) document.querySelector("[data-testid='next-round']")?.click();
      });
    }
    const shown = choose({
      title: sheetTitle(view), body: sheetBody(view), choices, dismissible: false,
      testid: "score-sheet", className: final ? "sheet final" : "sheet",
    });
    if (final && this.human && view.winners?.includes(view.seat)) celebrate(document.querySelector("dialog[data-testid=score-sheet][open]"));
    const choice = await shown;
    this.sheetOpen = false;
    if (this.closed) return;
    if (choice === "next") {
      const next = A.continueAction(this.view) ?? { kind: view.game === "take" ? "next_hand" : "next_round", seat: view.seat };
      try {
        await this.send(bridge.act, next);
      } catch (error) {
        // In watch mode no seat is the person's: let a computer seat deal.
        await this.send(bridge.botStep).catch(() => showRefusal(this.table, error));
      }
      this.lastWindow = null;
      this.kick();
    } else if (choice === "again") {
      this.close();
      this.closed = false;
      this.lastWindow = null;
      await this.start();
    } else if (choice === "new") {
      this.leave({ ask: false });
    }
  }
}
