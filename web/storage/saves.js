// Save and resume: the match is saved after every move (the engine's versioned position), and
// the start screen offers to continue it. One save per game; a match with no person at the table
// (watch mode) is not saved. A save the engine refuses, or one the table cannot draw, is set aside
// with a clear message, and the start screen stays ready for a new game.
//
// Tabs: only the tab that holds a game's match (web/app/tabs.js) writes its save. Another tab that
// continues it, or starts a new game of it, asks first; the holder then stops, writes its last
// save and says where the match went. Statistics are counted here too, when a match with the
// person in it ends.

import { h } from "../app/dom.js";
import { engineDown } from "../engine/engine.js";
import * as bridge from "../engine/client.js";
import "../i18n/offline.js";
import { onLanguageChange, t } from "../i18n/index.js";
import { onMatchView } from "../app/match-events.js";
import { onScreenChange, onStartScreen } from "../app/screen.js";
import { notice, startPanel } from "../app/start-panel.js";
import { recordMatch, setupStats } from "./stats.js";
import * as storage from "./storage.js";
import { askNewGame, askReplaceSave, askTakeOver, tellTakenOver } from "../app/tab-dialogs.js";
import * as tabs from "../app/tabs.js";
import { seatPosition } from "../table/seats.js";

const root = document.documentElement;

// This tab's own note of the game it has at the table (sessionStorage: one per tab, kept over a
// reload and gone with the tab), so a reload goes back to that table and no other tab does.
const AT_TABLE = "rummytable.atTable";

function atTable() {
  try {
    const game = sessionStorage.getItem(AT_TABLE);
    return storage.GAMES.includes(game) ? game : null;
  } catch {
    return null;  // no session storage here: a reload shows the start screen
  }
}

function noteAtTable(game) {
  try {
    if (game) sessionStorage.setItem(AT_TABLE, game);
    else sessionStorage.removeItem(AT_TABLE);
  } catch {
    // As above: nothing to remember with.
  }
}

/**
 * What a saved match shows of itself: "Round 2" (Tress) or "Hand 6" (Take), and each player's
 * total, the person first ("You 35 · North 80 · East 120").
 * @param {string} game
 * @param {{about: {round?: number, players?: number, scores?: number[], seat?: number}, save: {seats: string[]}}} record
 * @returns {{round: string | null, scores: string | null}}
 */
export function describeSave(game, record) {
  const about = record.about;
  const players = about.players ?? record.save.seats.length;
  if (!about.scores) {
    const round = about.round ? t(game === "take" ? "saves.detailTake" : "saves.detail", { round: about.round, count: players }) : null;
    return { round, scores: null };
  }
  const round = about.round ? t(game === "take" ? "saves.handShort" : "saves.roundShort", { round: about.round }) : null;
  const me = about.seat ?? 0;
  const parts = [];
  for (let k = 0; k < players; k++) {
    const seat = (me + k) % players;
    const name = k === 0 ? t("seat.you") : t(`seat.${seatPosition(seat, players, me)}`);
    parts.push(t("saves.score", { name, points: about.scores[seat] }));
  }
  return { round, scores: parts.join(" · ") };
}

/**
 * Wire saving, resuming and statistics into the app.
 * @param {import("../app/ui.js").App} app what startApp() returned
 * @param {() => import("../engine/engine.js").Engine} engine the current engine
 * @returns {{check: () => Promise<void>, resume: (game: string, options?: {restarted?: boolean}) => Promise<boolean>,
 *   playing: () => string | null, onRefused: (listener: (game: string, reason: string) => void) => void}}
 */
export function setupSaves(app, engine) {
  const parts = startPanel();
  let chain = Promise.resolve();  // saves are written in the order they were asked for
  let writing = 0;
  // <html data-save="saving" | "saved">: whether a save is under way (tests wait for "saved").
  const queue = (step) => {
    writing += 1;
    root.dataset.save = "saving";
    chain = chain.then(step).catch((error) => console.warn("A save could not be written:", error)).finally(() => {
      writing -= 1;
      if (!writing) root.dataset.save = "saved";
    });
    return chain;
  };
  const checked = new Map();      // game -> the position the engine accepted (or this tab wrote)
  const checking = new Set();     // games whose save the engine is checking now (another tab wrote it)
  const refusedListeners = new Set();
  /** The match this tab writes: {game, hold, claim, about, lostMove}. */
  let playing = null;

  const drawResume = () => {
    const buttons = [];
    for (const game of storage.GAMES) {
      const found = storage.loadMatch(game);
      if (!found?.record) continue;
      // Still offered while a new save from another tab is being checked: no flicker at each move there.
      const accepted = checked.get(game) === found.record.save.position;
      if (!accepted && !(checked.has(game) && checking.has(game))) continue;
      const { round, scores } = describeSave(game, found.record);
      const where = h("span.resume-detail.resume-elsewhere", { text: t("tabs.openHint"), hidden: true });
      tabs.busy(game).then((busy) => { where.hidden = !busy; });
      buttons.push(h("button.secondary.resume", {
        type: "button", dataset: { testid: `resume-${game}` }, on: { click: () => resume(game) },
      }, [
        h("span.resume-title", { text: t("saves.resume", { game: t(`games.${game}.name`) }) }),
        round ? h("span.resume-detail", { dataset: { testid: `resume-${game}-round` }, text: round }) : null,
        scores ? h("span.resume-detail.resume-scores", { dataset: { testid: `resume-${game}-scores` }, text: scores }) : null,
        where,
      ]));
    }
    parts.resume.replaceChildren(...(buttons.length ? [h("h2.resume-heading", { text: t("saves.heading") }), ...buttons] : []));
  };

  // A save found on this device is offered at once, so the start screen does not move when the
  // engine has checked it; one the engine then refuses is replaced by a notice (refuse below).
  for (const game of storage.GAMES) {
    const found = storage.loadMatch(game);
    if (found?.record) checked.set(game, found.record.save.position);
  }

  const refuse = (game, error) => {
    const reason = String(error?.message ?? error);
    storage.rejectMatch(game, reason);
    checked.delete(game);
    notice(`save-${game}`, "saves.problem", () => ({ game: t(`games.${game}.name`) }), "save-problem");
    drawResume();
    for (const listener of refusedListeners) listener(game, reason);
  };

  /** Ask the engine whether a save opens, without touching the match it holds. */
  const verify = async (current, save) => {
    await bridge.checkSave(current, save);
  };

  /** Check each stored save of `games` with the engine; offer those it accepts. */
  const check = async (current, games = storage.GAMES) => {
    await Promise.all(games.map(async (game) => {
      const found = storage.loadMatch(game);
      if (!found) {
        checked.delete(game);
        return;
      }
      if (found.problem) {
        refuse(game, found.problem);
        return;
      }
      const position = found.record.save.position;
      if (playing?.game === game) return;  // this tab wrote it
      checking.add(game);
      try {
        await verify(current, found.record.save);
        checked.set(game, position);
      } catch (error) {
        if (error?.later || engineDown(error)) return;  // not the save's fault
        // Another tab may have written a new save meanwhile: set aside only the one refused.
        if (storage.loadMatch(game)?.record?.save.position === position) refuse(game, error);
      } finally {
        checking.delete(game);
      }
    }));
    drawResume();
  };

  // ------------------------------------------------------------------ which tab plays a match

  const stopWriting = (p) => {
    if (playing === p) {
      playing = null;
      noteAtTable(null);
    }
    p.hold.release();
  };

  /** Another tab asks for this tab's match: stop it here and write its last save first. */
  const letGo = async () => {
    const p = playing;
    const match = app.match();
    if (!p) return;
    if (match && (match.view?.game ?? match.setup.game) === p.game && !match.closed) {
      match.close();
      if (match.view && match.view.phase !== "match_over") {
        const asked = bridge.save(match.engine);
        queue(() => asked.then((save) => write(p, save), () => {}));
      }
    }
    await chain;
    if (playing === p) {
      playing = null;
      noteAtTable(null);  // the other tab plays it now: a reload here shows the start screen
    }
  };

  /** This tab's match went elsewhere: say so over the table, and offer to take it back. */
  const yielded = async (p, why) => {
    if (p.yielded) return;
    p.yielded = true;
    if (playing === p) {
      playing = null;
      noteAtTable(null);  // the match is another tab's now: a reload here shows the start screen
    }
    const match = app.match();
    const here = match && (match.view?.game ?? match.setup.game) === p.game;
    if (!here) {
      drawResume();
      return;
    }
    match.close();
    const answer = await tellTakenOver(p.game, why, p.lostMove);
    if (app.match() !== match) return;  // the person went elsewhere meanwhile
    if (answer === "here") {
      app.showStart();
      await resume(p.game, { confirmed: true });
    } else {
      app.showStart();
    }
  };

  const begin = (game, hold) => {
    if (playing && playing.hold !== hold) stopWriting(playing);
    const p = { game, hold, claim: storage.claimMatch(game, tabs.TAB), about: {}, lostMove: false };
    playing = p;
    noteAtTable(game);
    hold.lost.then((why) => yielded(p, why));
    return p;
  };

  /**
   * Hold `game` for this tab, asking (unless `confirmed`) to take it over when another tab has it;
   * `quiet`: neither ask nor take it, only hold a free match.
   */
  const holdFor = async (game, confirmed, quiet = false) => {
    const mine = playing?.game === game ? playing : null;
    if (mine) return mine;
    let hold = await tabs.hold(game, { onAsked: letGo });
    if (!hold && quiet) return null;
    if (!hold) {
      if (!confirmed && !(await askTakeOver(game))) return null;
      hold = await tabs.hold(game, { why: "continue", onAsked: letGo });
    }
    return hold ? begin(game, hold) : null;
  };

  const write = (p, save) => {
    if (p.lostMove) return;
    const result = storage.saveMatch(save, p.about, p.claim);
    if (result.conflict) {
      // Another tab stamped the save first (it took the match without asking: a frozen tab here).
      p.lostMove = true;
      stopWriting(p);
      yielded(p, "stolen");
    } else {
      checked.set(save.game, save.position);
    }
  };

  /**
   * Continue the saved match of `game`: hold it (asking another tab that has it), load it into
   * the engine and open the table. A save that does not open is set aside with a message.
   * @param {string} game
   * @param {{restarted?: boolean, confirmed?: boolean, quiet?: boolean}} [options] restarted: the
   *   engine was restarted under this tab's match; confirmed: the person already chose to take it
   *   over; quiet: only when no other tab has it (the page came back after a reload)
   * @returns {Promise<boolean>} true when the match is at the table
   */
  const resume = async (game, { restarted = false, confirmed = false, quiet = false } = {}) => {
    const p = restarted && playing?.game === game ? playing : await holdFor(game, confirmed, quiet);
    if (!p) return false;
    const found = storage.loadMatch(game);
    if (!found?.record) {
      if (found?.problem) refuse(game, found.problem);
      stopWriting(p);
      drawResume();
      return false;
    }
    const current = engine();
    try {
      await current.ready;
      const { view } = await bridge.load(current, found.record.save);
      parts.resume.replaceChildren();
      const opened = await app.play({ game, seats: found.record.save.seats, options: view.options ?? {}, resumed: true });
      if (opened.error) throw opened.error;
      if (!opened.ok) stopWriting(p);  // another start was under way
      return Boolean(opened.ok);
    } catch (error) {
      stopWriting(p);
      if (!engineDown(error)) refuse(game, error);
      return false;
    }
  };

  app.hooks.beforePlay = async (setup) => {
    if (setup.resumed) return true;
    if (!setup.seats.includes("human")) {
      if (playing) stopWriting(playing);  // watch mode writes nothing
      return true;
    }
    const game = setup.game;
    if (playing?.game === game) {
      playing.claim = storage.claimMatch(game, tabs.TAB);
      return true;
    }
    let hold = await tabs.hold(game, { onAsked: letGo });
    if (!hold) {
      const answer = await askNewGame(game);
      if (answer === "continue") resume(game, { confirmed: true });
      if (answer !== "new") return false;
      hold = await tabs.hold(game, { why: "new", onAsked: letGo });
    } else {
      // A new match would write over the saved one: the person says which (Cancel keeps it).
      const found = storage.loadMatch(game);
      if (found?.record) {
        const answer = await askReplaceSave(game, describeSave(game, found.record));
        if (answer === "continue") resume(game);  // holds it with the hold taken here
        else if (answer !== "new") hold.release();
        if (answer !== "new") return false;
      }
    }
    begin(game, hold);
    return true;
  };

  onMatchView(({ match, view, previousPhase, setup, engine: matchEngine }) => {
    if (!setup.seats.includes("human") || match.closed) return;
    const game = view.game ?? setup.game;
    const p = playing;
    if (p?.game !== game) return;  // not this tab's to write (it went to another tab)
    if (view.phase === "match_over") {
      if (previousPhase !== null && previousPhase !== "match_over") recordMatch(view, setup);
      queue(() => storage.clearMatch(game, p.claim));
      checked.delete(game);
      return;
    }
    p.about = { round: view.round, players: view.players ?? setup.seats.length, scores: view.scores, seat: view.seat };
    const asked = bridge.save(matchEngine);
    // An engine stopped or replaced meanwhile answers nothing: the last save stands.
    queue(() => asked.then((save) => { if (playing === p) write(p, save); }, () => {}));
  });

  if (!storage.persistent()) notice("memory", "saves.memoryOnly");
  storage.checkStats();
  onLanguageChange(setupStats(parts.tools));
  onLanguageChange(drawResume);
  // Back at the start screen (the person left a match): offer to continue it, and let other tabs have it.
  onScreenChange((shown) => {
    if (shown !== "start") return;
    if (playing) stopWriting(playing);
    drawResume();
  });
  // Another tab saved, finished or set aside a match: offer what is there now.
  window.addEventListener("storage", (event) => {
    const game = storage.GAMES.find((name) => event.key === `rummytable.save.${name}`);
    if (!game || !onStartScreen()) return;
    const current = engine();
    current.ready.then(() => check(current, [game]), () => {});
  });
  tabs.onChange(() => { if (onStartScreen()) drawResume(); });
  drawResume();
  const current = engine();
  // A reload (or the browser bringing the tab back) while this tab had a match at the table goes
  // back to it, unless another tab plays it now or the person has already chosen something else.
  const back = new URLSearchParams(location.search).has("embed") ? null : atTable();
  current.ready.then(async () => {
    if (back) {
      // The engine checks the save first: one it refuses is set aside as it was stored.
      await check(current, [back]);
      const accepted = checked.get(back) === storage.loadMatch(back)?.record?.save.position;
      const again = accepted && onStartScreen() && !app.match() && await resume(back, { quiet: true });
      if (!again && !playing) noteAtTable(null);
    }
    await check(current, storage.GAMES.filter((game) => game !== playing?.game));
  }).catch(() => {});
  return {
    check: () => check(engine()),
    resume,
    playing: () => playing?.game ?? null,
    onRefused: (listener) => refusedListeners.add(listener),
  };
}
