// The app around the engine: start screen, table, rules and language, wired together.

import { setDeckStyle } from "../table/cards.js";
import { detectLanguage, list, onLanguageChange, setLanguage, t } from "../i18n/index.js";
import { onSetAside } from "../storage/set-aside.js";
import { whenCatalog } from "./catalog.js";
import * as settings from "./settings.js";
import { StartScreen } from "./start.js";
import { showScreen } from "./screen.js";
import { dropNotice, notice } from "./start-panel.js";

/** Open the rules of `game` (loaded on first use). */
async function showRules(game, options = {}) {
  const rules = await import("../rules/index.js");
  return rules.showRules(game, options);
}

/** Say on the start screen which stored values were reset to their defaults. */
function reportSetAside() {
  onSetAside((names) => {
    if (names.includes("statistics")) notice("stats", "stored.statsSetAside", {}, "stats-problem");
    const settings = names.filter((name) => name !== "statistics");
    if (settings.length) {
      notice("stored", "stored.setAside", () => ({ names: list(settings.map((name) => t(`stored.what.${name}`))) }), "stored-problem");
    }
  });
}

/**
 * Show the start screen at once and wire the screens.
 * @param {{engine: () => import("../engine/engine.js").Engine}} services the current engine
 * @returns {App}
 *   hooks.beforePlay (web/storage/saves.js) may decline a set-up (another tab plays that game and the
 *   person chose not to take it over)
 */
/**
 * @typedef {{start: StartScreen, match: () => import("../table/match.js").Match | null,
 *   play: (setup: Record<string, any>) => Promise<{ok?: boolean, cancelled?: boolean, error?: Error}>,
 *   showStart: () => void, hooks: {beforePlay?: (setup: Record<string, any>) => Promise<boolean>}}} App
 */
export function startApp(services) {
  setLanguage(detectLanguage(), { remember: false });
  setDeckStyle(settings.get("deck"));
  const startRoot = document.getElementById("start-screen");
  const tableRoot = document.getElementById("table-screen");
  const footer = document.getElementById("engine-footer");
  /** @type {App["hooks"]} */
  const hooks = {};
  let match = null;

  const showStart = () => {
    match?.dispose();
    match = null;
    tableRoot.hidden = true;
    startRoot.hidden = false;
    footer.hidden = false;
    start.render();
    startRoot.querySelector("[data-testid='play']")?.focus();
    showScreen("start");
  };

  /**
   * Start (or, with setup.resumed, show the match just loaded into the engine) at the table.
   * @returns {Promise<{ok?: true, cancelled?: true, error?: Error}>} a failure leaves the start
   *   screen up, with a notice saying why (a resumed save is set aside by web/storage/saves.js instead)
   */
  let starting = false;  // a second press while a match is being set up does nothing
  const play = async (setup) => {
    if (starting) return { cancelled: true };
    starting = true;
    try {
      if (hooks.beforePlay && !(await hooks.beforePlay(setup))) return { cancelled: true };
      const button = startRoot.querySelector("[data-testid='play']");
      if (button) {
        button.disabled = true;
        button.textContent = t("start.starting");
      }
      const engine = services.engine();
      const [{ Match }] = await Promise.all([import("../table/match.js"), engine.ready]);
      match?.dispose();
      dropNotice("play");
      startRoot.hidden = true;
      footer.hidden = true;
      tableRoot.hidden = false;
      showScreen("table");
      match = new Match({
        engine, root: tableRoot, setup,
        onLeave: () => showStart(),
        // The match's own rules as it is played; the other game's as the start screen has them.
        onRules: (game) => showRules(game, {
          optionsFor: (shown) => (shown === setup.game ? match?.view?.options ?? { ...setup.options } : start.tableOptions(shown)),
        }),
        onLanguage: (code) => setLanguage(code),
        onRestart: (again) => { play(again); },
      });
      await match.start();
      return { ok: true };
    } catch (error) {
      console.warn("The game could not start:", error);
      showStart();
      if (!setup.resumed) notice("play", "start.failed", { reason: String(error?.message ?? error) }, "play-problem");
      return { error };
    } finally {
      starting = false;
    }
  };

  const start = new StartScreen(startRoot, {
    play,
    rules: (game) => showRules(game, { optionsFor: (shown) => start.tableOptions(shown) }),
    language: (code) => setLanguage(code),
  });
  reportSetAside();  // after the start screen is built: its header holds the panel's tools

  onLanguageChange(() => {
    if (!startRoot.hidden) start.render();
    match?.relabel();
    document.title = t("app.title");
  });
  document.title = t("app.title");

  performance.mark("rummytable:start-interactive");
  // The table's code is not needed to choose a game: fetch it once the start screen is up.
  // A failure here (offline, or the page reloading for a new version) shows when they are used.
  setTimeout(() => {
    import("../table/match.js").catch(() => {});
    import("../rules/index.js").catch(() => {});
  }, 0);
  whenCatalog((catalog) => {
    settings.checkCatalog(catalog);
    start.render();
  });
  showScreen("start");
  return { start, match: () => match, play, showStart, hooks };
}
