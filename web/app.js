// Page entry point: start the engine behind the loading screen, then show the table.
//
// The <html> element tells tests and embedding pages where start-up stands:
//   data-engine="loading" | "ready" | "error", and data-engine-version="X.Y.Z" once ready.
// `?watchdog=MS` shortens the start-up watchdog (used by tests).

import { DEFAULT_WATCHDOG_MS, Engine } from "./engine.js";
import { LoadingScreen } from "./loading.js";

const root = document.documentElement;
const loading = new LoadingScreen();
const readyPanel = document.getElementById("ready");
const engineInfo = document.getElementById("engine-info");

function watchdogMs() {
  const value = Number(new URLSearchParams(location.search).get("watchdog"));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_WATCHDOG_MS;
}

function start() {
  root.dataset.engine = "loading";
  delete root.dataset.engineVersion;
  readyPanel.hidden = true;
  loading.show();

  const stagesSeen = new Set();
  const onProgress = (p) => {
    if (!stagesSeen.has(p.stage)) {
      stagesSeen.add(p.stage);
      performance.mark(`rummytable:${p.stage}`);  // start-up timeline for measurements
    }
    loading.progress(p);
  };
  const engine = new Engine({ watchdogMs: watchdogMs(), onProgress });
  // A handle for the browser console and for tests.
  window.rummyTable = { engine };

  engine.ready.then(
    (info) => {
      performance.mark("rummytable:engine-ready");
      loading.hide();
      engineInfo.textContent = `Engine ${info.version} · ${info.python}`;
      readyPanel.hidden = false;
      root.dataset.engineVersion = info.version;
      root.dataset.engine = "ready";
    },
    (error) => {
      root.dataset.engine = "error";
      loading.fail(error, () => {
        engine.terminate();
        start();
      });
    },
  );
}

start();
