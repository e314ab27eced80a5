// Page entry point: the start screen at once, the engine loading behind it.
//
// The <html> element tells tests and embedding pages where the engine stands:
//   data-engine="loading" | "ready" | "error", and data-engine-version="X.Y.Z" once ready
//   (web/engine-start.js, which starts the engine before this module has loaded, adds more).
//   An engine that stops later turns it to "error" at once, and a new one is started
//   (web/recovery.js), so "ready" always means an engine that answers.

import { setupEmbedding } from "./embedded.js";
import * as bridge from "./engine/client.js";
import { engineStarted, firstEngine, onEngineProgress, startEngine } from "./engine-start.js";
import { onLanguageChange, t } from "./i18n/index.js";
import { LoadingScreen } from "./loading.js";
import { setupOffline } from "./offline.js";
import { setupRecovery } from "./recovery.js";
import { setupSaves } from "./saves.js";
import * as settings from "./settings.js";
import { startApp } from "./ui.js";

const root = document.documentElement;
const readyPanel = document.getElementById("ready");
const engineInfo = document.getElementById("engine-info");
let loading = null;
let engine = null;
let catalog = null;
let info = null;
let recovery = null;

function showInfo() {
  if (info) engineInfo.textContent = t("engine.info", { version: info.version, python: info.python });
}

/** Show the start-up of `started` (an Engine) and what comes of it. */
function follow(started) {
  engine = started;
  readyPanel.hidden = true;
  loading.show();
  onEngineProgress((p) => loading.progress(p));
  catalog = engine.ready.then(() => bridge.catalog(engine));
  catalog.catch(() => {});

  engine.ready.then(
    (answer) => {
      if (engine !== started) return;  // replaced meanwhile
      performance.mark("rummytable:engine-ready");
      info = answer;
      loading.hide();
      showInfo();
      readyPanel.hidden = false;
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

/** Start a new engine and make it the page's; the start screen gets its catalog. */
function restart(options = {}) {
  follow(startEngine(options));
  catalog.then((c) => {
    settings.checkCatalog(c);
    app.start.setCatalog(c);
  }, () => {});
  return engine;
}

loading = new LoadingScreen();
follow(firstEngine);
const app = startApp({ engine: () => engine, catalog: () => catalog });
// Saves and statistics, restarting a stopped engine, the embedded mode (?embed=1), then offline
// use once an engine is up (the first, or the one "Try again" started) and has stored its
// start-up snapshot.
const saves = setupSaves(app, () => engine);
recovery = setupRecovery({ app, saves, restart: () => restart() });
setupEmbedding(app, () => engine, saves, recovery);
setupOffline(engineStarted);
onLanguageChange(() => {
  loading.relabel();
  showInfo();
});
