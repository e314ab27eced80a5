// Starts the engine's worker as early as the page allows. index.html loads this module before the
// rest of the page's code, so Pyodide downloads and starts while the start screen is being built;
// web/app.js then shows the progress and reacts to the result.
//
// <html> reports: data-engine="loading" while starting, data-engine-start="snapshot" | "packages"
// once Python runs (see web/worker.js). Each start-up stage sets the performance mark
// "rummytable:<stage>" the first time it is reported (used by `python build.py bench`).
// `?watchdog=MS` shortens the start-up watchdog (used by tests); `?start=full` starts Python from
// scratch instead of from the build's snapshot, as trying again after a failed start does.

import { DEFAULT_WATCHDOG_MS, Engine } from "./engine.js";

const root = document.documentElement;
const query = new URLSearchParams(location.search);
let listener = () => {};
let latest = null;

function watchdogMs() {
  const value = Number(query.get("watchdog"));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_WATCHDOG_MS;
}

function workerURL(full) {
  const url = new URL("./worker.js", import.meta.url);
  if (full || query.get("start") === "full") url.searchParams.set("start", "full");
  return url;
}

/**
 * Start a new engine (a new worker).
 * @param {{full?: boolean}} [options] full: start Python from scratch, without the snapshot
 * @returns {Engine}
 */
export function startEngine({ full = false } = {}) {
  root.dataset.engine = "loading";
  delete root.dataset.engineVersion;
  delete root.dataset.engineStart;
  latest = null;
  const stagesSeen = new Set();
  const onProgress = (p) => {
    if (!stagesSeen.has(p.stage)) {
      stagesSeen.add(p.stage);
      performance.mark(`rummytable:${p.stage}`);
    }
    if (p.start) root.dataset.engineStart = p.start;
    latest = p;
    listener(p);
  };
  const engine = new Engine({ watchdogMs: watchdogMs(), onProgress, workerURL: workerURL(full) });
  engine.ready.catch(() => {});  // handled by the page (web/app.js), which may load later
  // A handle for the browser console and for tests.
  window.rummyTable = { engine };
  return engine;
}

/**
 * Follow the start-up progress of the current engine.
 * @param {(p: {stage: string, fraction: number, loaded?: number, total?: number}) => void} callback
 *   called at once with the latest report, if any, then with every new one
 */
export function onEngineProgress(callback) {
  listener = callback;
  if (latest) callback(latest);
}

/** The engine started when the page loaded. */
export const firstEngine = startEngine();
