// The app around the engine: start screen, table, rules and language, wired together.

import { setDeckStyle } from "./cards.js";
import { detectLanguage, onLanguageChange, setLanguage, t } from "./i18n/index.js";
import * as settings from "./settings.js";
import { StartScreen } from "./start.js";

/** Open the rules of `game` (loaded on first use). */
async function showRules(game, options = {}) {
  const rules = await import("./rules/index.js");
  return rules.showRules(game, options);
}

/**
 * Show the start screen at once and wire the screens.
 * @param {{engine: () => object, catalog: () => Promise<object>}} services the current engine and its catalog
 */
export function startApp(services) {
  setLanguage(detectLanguage(), { remember: false });
  setDeckStyle(settings.get("deck"));
  const startRoot = document.getElementById("start-screen");
  const tableRoot = document.getElementById("table-screen");
  const footer = document.getElementById("engine-footer");
  let match = null;

  const showStart = () => {
    tableRoot.hidden = true;
    startRoot.hidden = false;
    footer.hidden = false;
    document.documentElement.dataset.screen = "start";
    start.render();
    startRoot.querySelector("[data-testid='play']")?.focus();
  };

  const play = async (setup) => {
    const button = startRoot.querySelector("[data-testid='play']");
    if (button) {
      button.disabled = true;
      button.textContent = t("start.starting");
    }
    try {
      const engine = services.engine();
      const [{ Match }] = await Promise.all([import("./match.js"), engine.ready]);
      match?.close();
      startRoot.hidden = true;
      footer.hidden = true;
      tableRoot.hidden = false;
      document.documentElement.dataset.screen = "table";
      match = new Match({
        engine, root: tableRoot, setup,
        onLeave: () => { match = null; showStart(); },
        // The match's own rules as it is played; the other game's as the start screen has them.
        onRules: (game) => showRules(game, {
          optionsFor: (shown) => (shown === setup.game ? match?.view?.options ?? { ...setup.options } : start.tableOptions(shown)),
        }),
        onLanguage: (code) => setLanguage(code),
      });
      await match.start();
    } catch (error) {
      console.error(error);
      showStart();
    }
  };

  const start = new StartScreen(startRoot, {
    play,
    rules: (game) => showRules(game, { optionsFor: (shown) => start.tableOptions(shown) }),
    language: (code) => setLanguage(code),
  });

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
    import("./match.js").catch(() => {});
    import("./rules/index.js").catch(() => {});
  }, 0);
  services.catalog().then((catalog) => start.setCatalog(catalog), () => {});
  document.documentElement.dataset.screen = "start";
  return { start, match: () => match };
}
