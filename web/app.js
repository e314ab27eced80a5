// Page entry point: the start screen at once, the engine loading behind it.
//
// The <html> element tells tests and embedding pages where start-up stands:
//   data-engine="loading" | "ready" | "error", and data-engine-version="X.Y.Z" once ready.
//   data-engine-start="snapshot" | "packages": how Python was started (web/worker.js).
// `?watchdog=MS` shortens the start-up watchdog (used by tests); `?start=full` starts Python from
// scratch instead of from the build's snapshot, as trying again after a failed start does.

import { setupEmbedding } from "./embedded.js";
import { DEFAULT_WATCHDOG_MS, Engine } from "./engine.js";
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

function watchdogMs() {
  const value = Number(new URLSearchParams(location.search).get("watchdog"));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_WATCHDOG_MS;
}

function showInfo() {
  if (info) engineInfo.textContent = t("engine.info", { version: info.version, python: info.python });
}

function workerURL(full) {
  const url = new URL("./worker.js", import.meta.url);
  if (full || new URLSearchParams(location.search).get("start") === "full") url.searchParams.set("start", "full");
  return url;
}

function start({ full = false } = {}) {
  root.dataset.engine = "loading";
  delete root.dataset.engineVersion;
  delete root.dataset.engineStart;
  readyPanel.hidden = true;
  loading.show();

  const stagesSeen = new Set();
  const onProgress = (p) => {
    if (!stagesSeen.has(p.stage)) {
      stagesSeen.add(p.stage);
      performance.mark(`rummytable:${p.stage}`);  // start-up timeline for measurements
    }
    if (p.start) root.dataset.engineStart = p.start;
    loading.progress(p);
  };
  engine = new Engine({ watchdogMs: watchdogMs(), onProgress, workerURL: workerURL(full) });
  // A handle for the browser console and for tests.
  window.rummyTable = { engine };
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
        start({ full: true });
        catalog.then((c) => app.start.setCatalog(c), () => {});
      });
    },
  );
}

loading = new LoadingScreen();
start();
const app = startApp({ engine: () => engine, catalog: () => catalog });
// Saves and statistics, the embedded mode (?embed=1), then offline use once the engine is up.
setupEmbedding(app, () => engine, setupSaves(app, () => engine));
setupOffline(engine.ready);
onLanguageChange(() => {
  loading.relabel();
  showInfo();
});
