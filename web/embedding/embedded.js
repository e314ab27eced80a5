// The app inside another page's iframe (index.html?embed=1&...; see web/embed.js and
// docs/embedding.md): the set-up comes from the address, game events go to the host page, and the
// host page may send a few commands.
//
// Messages both ways are plain objects {channel: "rummy-table", type, ...}. Events go only to the
// host page's origin (the `origin` parameter, checked against location.ancestorOrigins where the
// browser has it); a command counts only when it comes from the parent window, from that origin,
// and has the expected shape. Anything else is ignored.
//
// Events: ready, match_start, round_over, match_over, save (with ?persist=1), error.
// Commands: new_game {game, players, level, options, watch, seed}, restore {saves}. Every command
// that is refused, or that the engine refuses, answers with an error event naming the reason.

import { setLanguage } from "../i18n/index.js";
import { onMatchView } from "../app/match-events.js";
import { gameInfo } from "../app/catalog.js";
import { onStartScreen } from "../app/screen.js";
import * as settings from "../app/settings.js";
import * as storage from "../storage/storage.js";

export const CHANNEL = "rummy-table";
const GAMES = ["tress", "take"];
/** The computer levels of `info` (the catalog's), and "random", which the engine takes too. */
const levelsOf = (info) => [...(info?.levels ?? []), "random"];
const LANGS = ["en", "nb", "uk"];
const params = new URLSearchParams(location.search);

/** The host page's origin, or null when it cannot be known (then nothing is sent or accepted). */
function hostOrigin() {
  if (window.parent === window) return null;
  let claimed = null;
  try {
    claimed = params.get("origin") ? new URL(params.get("origin")).origin : null;
  } catch {
    claimed = null;
  }
  const ancestor = location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== "null") return claimed && claimed !== ancestor ? null : ancestor;
  return claimed && claimed !== "null" ? claimed : null;
}

const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
// Numbers must survive the trip to the engine as JSON: Infinity and NaN would arrive as null.
const isScalar = (value) => value === null || ["string", "boolean"].includes(typeof value)
  || (typeof value === "number" && Number.isFinite(value));

/** A checked set-up from a new_game command or the address; throws a readable reason. */
export function setupFrom(command) {
  const game = command.game ?? "tress";
  if (!GAMES.includes(game)) throw new Error("game must be \"tress\" or \"take\"");
  const info = gameInfo(game);
  if (!info) throw new Error("the games are not known yet: try again once the game is ready");
  const range = info.players;
  const players = command.players ?? range.default;
  if (!Number.isInteger(players) || players < range.min || players > range.max) {
    throw new Error(`players must be a whole number from ${range.min} to ${range.max} for ${game}`);
  }
  const level = command.level ?? "normal";
  if (!levelsOf(info).includes(level)) throw new Error(`level must be one of ${levelsOf(info).join(", ")}`);
  const options = command.options ?? {};
  if (!isPlainObject(options) || Object.keys(options).length > 40 || !Object.values(options).every(isScalar)) {
    throw new Error("options must be an object of plain values (text, true/false, null or finite numbers)");
  }
  if (command.watch !== undefined && typeof command.watch !== "boolean") throw new Error("watch must be true or false");
  if (command.seed !== undefined && (!Number.isSafeInteger(command.seed) || command.seed <= 0)) {
    throw new Error(`seed must be a positive whole number up to ${Number.MAX_SAFE_INTEGER}`);
  }
  const seats = [command.watch ? level : "human", ...Array.from({ length: players - 1 }, () => level)];
  const setup = { game, seats, options: { ...options, players } };
  if (command.seed !== undefined) setup.seed = command.seed;
  return setup;
}

/** Show the start screen with the address's game, players, level and language chosen. */
function applyAddress(app) {
  const lang = params.get("lang");
  if (LANGS.includes(lang)) setLanguage(lang, { remember: false });
  const game = params.get("game");
  if (!GAMES.includes(game)) return;
  settings.set("game", game);
  const range = gameInfo(game)?.players;
  const players = Number(params.get("players"));
  if (range && Number.isInteger(players) && players >= range.min && players <= range.max) {
    settings.set("players", { ...settings.get("players"), [game]: players });
  }
  const level = params.get("level");
  if (range && levelsOf(gameInfo(game)).includes(level)) {
    const levels = { ...settings.get("levels") };
    for (let seat = 1; seat < range.max; seat++) levels[`${game}.${seat}`] = level;
    settings.set("levels", levels);
  }
  app.start.render();
}

/**
 * Run as an embedded app when the address says ?embed=1.
 * @param {import("../app/ui.js").App} app what startApp() returned
 * @param {() => import("../engine/engine.js").Engine} engine the current engine
 * @param {{check: () => Promise<void>, onRefused: Function}} saves what setupSaves() returned
 * @param {{onRestart: Function}} recovery what setupRecovery() returned
 */
export function setupEmbedding(app, engine, saves, recovery) {
  if (!params.has("embed")) return;
  document.documentElement.dataset.embed = "true";
  applyAddress(app);
  const host = hostOrigin();
  if (!host) return;
  const post = (type, data = {}) => window.parent.postMessage({ channel: CHANNEL, type, ...data }, host);

  engine().ready.then(
    (info) => post("ready", { version: info.version, persistent: storage.persistent() }),
    (error) => post("error", { reason: "engine", message: String(error?.message ?? error) }),
  );

  onMatchView(({ view, previousPhase, setup }) => {
    const game = view.game ?? setup.game;
    const summary = { game, seat: view.seat, round: view.round, scores: view.scores };
    if (previousPhase === null) {
      post("match_start", { game, players: setup.seats.length, seats: setup.seats });
      return;
    }
    const ended = (phase) => view.phase === phase && previousPhase !== phase;
    if (ended("round_over") || ended("match_over")) {
      post("round_over", { ...summary, result: view.last_result ?? null });
    }
    if (ended("match_over")) {
      post("match_over", { ...summary, winners: view.winners ?? [], won: (view.winners ?? []).includes(view.seat) });
    }
  });

  if (params.get("persist") === "1") {
    storage.onSave((game, record) => post("save", { game, save: record }));
  }
  saves.onRefused((game, message) => post("error", { reason: "bad_save", game, message }));
  recovery.onRestart((error) => post("error", { reason: "engine_restarted", message: String(error?.message ?? error) }));

  const refuse = (command, reason, message) => post("error", { reason, command, message });

  const newGame = async (data) => {
    let setup;
    try {
      setup = setupFrom(data);
    } catch (error) {
      refuse("new_game", "bad_command", error.message);
      return;
    }
    const result = await app.play(setup);
    if (result.error) refuse("new_game", "bad_command", String(result.error.message ?? result.error));
    else if (result.cancelled) refuse("new_game", "declined", "the person kept the saved match of that game (or the one open in another tab)");
  };

  const restore = (data) => {
    if (!isPlainObject(data.saves)) {
      refuse("restore", "bad_command", "saves must be an object: {tress?: save, take?: save}");
      return;
    }
    if (!onStartScreen()) {
      refuse("restore", "busy", "a match is being played: saves can be restored from the start screen");
      return;
    }
    const unknown = Object.keys(data.saves).filter((game) => !GAMES.includes(game));
    if (unknown.length) refuse("restore", "bad_command", `no such game: ${unknown.join(", ")}`);
    storage.importSaves(data.saves);
    // Each save the engine refuses is set aside and answered with a "bad_save" error (above).
    engine().ready.then(() => saves.check(), () => {});
  };

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.origin !== host) return;
    const data = event.data;
    if (!isPlainObject(data) || data.channel !== CHANNEL || typeof data.type !== "string") return;
    if (data.type === "new_game") newGame(data);
    else if (data.type === "restore") restore(data);
    else refuse(data.type, "bad_command", `unknown command "${data.type}": new_game and restore are known`);
  });
}
