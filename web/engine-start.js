// Starts the engine's worker as early as the page allows. index.html loads this module before the
// rest of the page's code, so Pyodide downloads and starts while the start screen is being built;
// web/app.js then shows the progress and reacts to the result.
//
// <html> reports: data-engine="loading" while starting, data-engine-start="snapshot" | "fresh"
// once Python runs (see web/worker.js), data-engine-snapshot="saved" | "none" once the start-up
// snapshot for the next start is stored (or cannot be). Each start-up stage sets the performance
// mark "rummytable:<stage>" the first time it is reported (used by `python build.py bench`).
//
// Test hooks in the page address: `?watchdog=MS` limits Python's start once the files are here,
// `?stall=MS` how long a download may go without a byte (web/start-up/start-watch.js); `?start=full`
// starts Python from scratch instead of from the snapshot, as trying again after a failed start does.

import { Engine } from "./engine/engine.js";
import { StartWatch } from "./start-up/start-watch.js";

const root = document.documentElement;
const query = new URLSearchParams(location.search);
/** @type {(p: {stage: string, fraction: number, loaded?: number, total?: number, rate?: number | null}) => void} */
let listener = () => {};
let latest = null;
/** @type {(value?: unknown) => void} */
let started = () => {};

/** Settles once an engine (the first, or one started by "Try again") is ready and has stored its
 * snapshot for the next start: the moment to set up the offline copy (web/storage/offline.js). */
export const engineStarted = new Promise((resolve) => { started = resolve; });

function limit(name) {
  const value = Number(query.get(name));
  return Number.isFinite(value) && value > 0 ? value : undefined;
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
  delete root.dataset.engineSnapshot;
  latest = null;
  const stagesSeen = new Set();
  let engine = null;
  const watch = new StartWatch({
    stallMs: limit("stall"),
    startMs: limit("watchdog"),
    onFail: (error) => engine?.terminate(error),
  });
  const onProgress = (p) => {
    watch.progress(p);
    if (!stagesSeen.has(p.stage)) {
      stagesSeen.add(p.stage);
      performance.mark(`rummytable:${p.stage}`);
    }
    if (p.start) root.dataset.engineStart = p.start;
    if (p.stage === "saved") {
      root.dataset.engineSnapshot = p.saved ? "saved" : "none";
      started();
      return;
    }
    latest = p;
    listener(p);
  };
  engine = new Engine({ watchdogMs: 0, onProgress, workerURL: workerURL(full) });
  engine.ready.catch(() => watch.stop());  // the failure itself is shown by the page (web/app.js)
  // A handle for the browser console and for tests.
  /** @type {any} */ (window).rummyTable = { engine };
  return engine;
}

/**
 * Follow the start-up progress of the current engine.
 * @param {(p: {stage: string, fraction: number, loaded?: number, total?: number, rate?: number | null}) => void} callback
 *   called at once with the latest report, if any, then with every new one
 */
export function onEngineProgress(callback) {
  listener = callback;
  if (latest) callback(latest);
}

/** The engine started when the page loaded. */
export const firstEngine = startEngine();
