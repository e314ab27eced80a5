// Page entry point: the start screen at once, the engine loading behind it.
//
// The <html> element tells tests and embedding pages where start-up stands:
//   data-engine="loading" | "ready" | "error", and data-engine-version="X.Y.Z" once ready
//   (web/engine-start.js, which starts the engine before this module has loaded, adds more).

import { setupEmbedding } from "./embedded.js";
import { engineStarted, firstEngine, onEngineProgress, startEngine } from "./engine-start.js";
import { onLanguageChange, t } from "./i18n/index.js";
import { LoadingScreen } from "./loading.js";
import { setupOffline } from "./offline.js";
import { setupSaves } from "./saves.js";
import { startApp } from "./ui.js";

const root = document.documentElement;
const readyPanel = document.getElementById("ready");
const engineInfo = document.getElementById("engine-info");
let loading = null;
let engine = null;
let catalog = null;
let info = null;

function showInfo() {
  if (info) engineInfo.textContent = t("engine.info", { version: info.version, python: info.python });
}

/** Show the start-up of `started` (an Engine) and what comes of it. */
function follow(started) {
  engine = started;
  readyPanel.hidden = true;
  loading.show();
  onEngineProgress((p) => loading.progress(p));
  catalog = engine.ready.then(() => engine.call("catalog"));
  catalog.catch(() => {});

  engine.ready.then(
    (answer) => {
      performance.mark("rummytable:engine-ready");
      info = answer;
      loading.hide();
      showInfo();
      readyPanel.hidden = false;
      root.dataset.engineVersion = answer.version;
      root.dataset.engine = "ready";
    },
    (error) => {
      root.dataset.engine = "error";
      loading.fail(error, () => {
        engine.terminate();
        follow(startEngine({ full: true }));
        catalog.then((c) => app.start.setCatalog(c), () => {});
      });
    },
  );
}

loading = new LoadingScreen();
follow(firstEngine);
const app = startApp({ engine: () => engine, catalog: () => catalog });
// Saves and statistics, the embedded mode (?embed=1), then offline use once an engine is up (the
// first, or the one "Try again" started) and has stored its start-up snapshot.
setupEmbedding(app, () => engine, setupSaves(app, () => engine));
setupOffline(engineStarted);
onLanguageChange(() => {
  loading.relabel();
  showInfo();
});
