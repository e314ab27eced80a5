// Page entry point: the start screen at once, the engine loading behind it.
//
// The <html> element tells tests and embedding pages where the engine stands:
//   data-engine="loading" | "ready" | "error", and data-engine-version="X.Y.Z" once ready
//   (web/engine-start.js, which starts the engine before this module has loaded, adds more).
//   An engine that stops later turns it to "error" at once, and a new one is started
//   (web/engine/recovery.js), so "ready" always means an engine that answers.

import { builtWithCatalog, setCatalog } from "./app/catalog.js";
import { setupEmbedding } from "./embedding/embedded.js";
import * as bridge from "./engine/client.js";
import { engineStarted, firstEngine, onEngineProgress, startEngine } from "./engine-start.js";
import { onLanguageChange, t } from "./i18n/index.js";
import { LoadingScreen } from "./start-up/loading.js";
import { setupOffline } from "./storage/offline.js";
import { setupRecovery } from "./engine/recovery.js";
import { setupSaves } from "./storage/saves.js";
import * as settings from "./app/settings.js";
import { startApp } from "./app/ui.js";

const root = document.documentElement;
let loading = null;
let engine = null;
let info = null;
let recovery = null;

/** The engine's versions, in the start screen's "About" line (web/app/start.js). */
function showInfo() {
  const about = document.getElementById("engine-info");
  if (!about || !info) return;
  about.textContent = info.pyodide
    ? t("engine.infoFull", { version: info.version, pyodide: info.pyodide, python: info.python })
    : t("engine.info", { version: info.version, python: info.python });
}

/** Show the start-up of `started` (an Engine) and what comes of it. */
function follow(started) {
  engine = started;
  loading.show();
  onEngineProgress((p) => loading.progress(p));
  // Built pages carry the engine's catalog (web/app/catalog.js); a page served straight from web/ asks.
  if (!builtWithCatalog()) engine.ready.then(() => bridge.catalog(engine)).then(setCatalog, () => {});

  engine.ready.then(
    (answer) => {
      if (engine !== started) return;  // replaced meanwhile
      performance.mark("rummytable:engine-ready");
      info = answer;
      loading.hide();
      showInfo();
      root.dataset.engineVersion = answer.version;
      root.dataset.engine = "ready";
      started.failed.then((error) => {
        if (engine !== started) return;
        root.dataset.engine = "error";
        delete root.dataset.engineVersion;
        recovery?.stopped(error);
      });
    },
    (error) => {
      if (engine !== started) return;
      root.dataset.engine = "error";
      loading.fail(error, () => {
        engine.terminate();
        restart({ full: true });
      });
    },
  );
}

/** Start a new engine and make it the page's. */
function restart(options = {}) {
  follow(startEngine(options));
  return engine;
}

loading = new LoadingScreen();
follow(firstEngine);
const app = startApp({ engine: () => engine });
// Saves and statistics, restarting a stopped engine, the embedded mode (?embed=1), then offline
// use once an engine is up (the first, or the one "Try again" started) and has stored its
// start-up snapshot.
const saves = setupSaves(app, () => engine);
recovery = setupRecovery({ app, saves, restart: () => restart() });
setupEmbedding(app, () => engine, saves, recovery);
setupOffline(engineStarted);
// After the start screen's own redraw (startApp listens first), which keeps the About line.
onLanguageChange(() => {
  loading.relabel();
  showInfo();
});
