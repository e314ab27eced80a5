// The engine's home: a module worker that runs Pyodide and the rummytable package.
//
// Protocol (all plain data):
//   page -> worker  {id, method, params}
//   worker -> page  {id, result} | {id, error: {type, message}}
//                   {type: "progress", stage: "download", fraction, loaded, total, rate}   bytes so far of
//                       the files still to fetch (all of boot.json's `files`), rate in bytes per second
//                       over the last seconds (null until measured); sent at least every half second
//                       while bytes arrive, so the page can tell a slow download from a stalled one
//                   {type: "progress", stage: "start", fraction}    everything is here; Python is starting
//                   {type: "progress", stage: "ready", fraction, start: "snapshot" | "fresh"}
//                   {type: "progress", stage: "saved", saved: bool}   after "ready": the start-up snapshot
//                       for the next start is stored (or was not needed, or cannot be kept: saved false)
//                   {type: "fatal", error: {type, message}}   start-up failed; nothing will be answered.
//                       type: "download_failed" (a file could not be fetched), "no_wasm", "start_failed"
//
// Requests that arrive while Python starts are answered once it is ready: "version" as soon as
// the bridge is up, any other once the games are loaded as well (a few tenths of a second later).
//
// Files: each one comes from Cache Storage when a copy is there (the service worker's offline copy,
// or what an earlier attempt downloaded), else from the network, counted as it streams in and put
// into the cache "rummytable-engine" the moment it is complete (web/start-up/downloads.js). So "Try again" after a broken
// download fetches only what is still missing, and the service worker (web/sw.js) takes its copy
// from there instead of downloading the files a second time.
//
// Python: restored from the start-up snapshot when this browser has made one (a memory image of
// Python with the engine imported: a fraction of a second), else started from scratch with the
// build's trimmed, precompiled standard library and the engine's package zip. After a start from
// scratch the worker takes that snapshot once the games are loaded, before answering any request
// but "version" (the image must not hold a match), and stores it for the next start. Pyodide's
// snapshot API is private, which is one reason its version is pinned; an image it will not
// restore is dropped and Python starts from scratch.

import { Downloads, StartError, dropEverywhere, networkFetch, openStore } from "./start-up/downloads.js";

const base = new URL("./", import.meta.url);
// build.py puts boot.json here, which saves a request on every start; served straight from web/
// (no build) the worker fetches it.
const BOOT = null;
// `worker.js?start=full` (trying again after a failed start): no snapshot, and cached files are
// checked against their sha256 before use. The page names the worker after that query as well
// (web/engine/engine.js): from the offline copy the script's own address has no query.
const fullStart = [new URL(import.meta.url).search, self.name]
  .some((query) => new URLSearchParams(query).get("start") === "full");
// Where the archives go in Pyodide's file system; py/engine_files/engine_files.mjs compiles for these paths.
const ENGINE_ZIP = "/lib/rummytable.zip";

/** Owned proxy of rummytable.page.bridge.handle: JSON text in, JSON text out. */
let handle = null;
/** The Pyodide instance; its WebAssembly heap size answers the `worker_memory` request. */
let pyodide = null;

function post(message) {
  self.postMessage(message);
}

function progress(stage, fraction, extra = {}) {
  post({ type: "progress", stage, fraction, ...extra });
}

function asError(err, type = "start_failed") {
  return { type: err?.type ?? type, message: String(err?.message ?? err) };
}

async function fetchJSON(url) {
  let response;
  try {
    response = await networkFetch(url, { cache: "no-cache" });
  } catch (err) {
    throw new StartError("download_failed", `${url.pathname}: ${err?.message ?? err}`);
  }
  if (!response.ok) throw new StartError("download_failed", `${url.pathname}: HTTP ${response.status}`);
  return response.json();
}

const output = {
  stdout: (line) => console.debug(line),
  stderr: (line) => console.warn(line),
};

/**
 * Everything Pyodide needs that does not depend on how Python starts, begun at once and in
 * parallel: its loader, its JavaScript half (once downloaded: the worker cannot answer import(),
 * so it must come from the browser's cache, where the download above has put it) and, when the
 * WebAssembly is already kept, its compilation (the browser shares the compiled code with
 * Pyodide's own compile of the same bytes).
 */
function prepare(config, downloads) {
  const indexURL = new URL(config.indexURL, base).href;
  const runtimeURL = new URL(config.files.runtime.url, base).href;
  const wasmURL = new URL(config.files.wasm.url, base).href;
  const loader = import(new URL("pyodide.mjs", indexURL).href);
  const runtime = downloads.complete(runtimeURL).then(() => import(runtimeURL));
  const engineZip = downloads.bytes(new URL(config.files.engine.url, base).href);
  for (const promise of [loader, runtime, engineZip]) promise.catch(() => {});  // reported where awaited
  downloads.isKept(wasmURL).then((kept) => {
    if (kept) WebAssembly.compileStreaming(downloads.response(wasmURL)).catch(() => {});
  });
  return { indexURL, loader, runtime, engineZip };
}

/**
 * Start Pyodide with our files: Pyodide fetches the WebAssembly and the standard library itself,
 * so while it starts, `fetch` answers those two from `downloads` (one download each, shared).
 */
async function startPyodide(config, downloads, prepared, options) {
  const { indexURL, loader, runtime, engineZip } = prepared;
  await runtime;
  const { loadPyodide } = await loader;
  self.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return downloads.has(url) ? downloads.response(url) : networkFetch(input, init);
  };
  try {
    return await loadPyodide({
      indexURL,
      stdLibURL: new URL(config.files.stdlib.url, base).href,
      lockFileContents: config.lock,
      env: { PYTHONPATH: ENGINE_ZIP },
      fsInit: async (FS) => FS.writeFile(ENGINE_ZIP, await engineZip),
      ...output,
      ...options,
    });
  } finally {
    self.fetch = networkFetch;
  }
}

/**
 * The stored snapshot, or null if none is kept: `{bytes}`, a promise of its bytes, which Pyodide
 * awaits while it gets the rest ready.
 */
async function storedSnapshot(url) {
  try {
    const hit = await caches.match(url);
    return hit ? { bytes: hit.arrayBuffer().then((buffer) => new Uint8Array(buffer)) } : null;
  } catch {
    return null;
  }
}

/** Owned proxy of rummytable.page.bridge.handle (pyimport of the function itself gives an owned
 * proxy; one read off the module would be borrowed). */
function bridgeHandle(started) {
  return started.pyimport("rummytable.page.bridge.handle");
}

async function boot() {
  if (typeof WebAssembly !== "object") {
    throw new StartError("no_wasm", "this browser does not run WebAssembly");
  }
  try {
    // The smallest module there is: a page whose security policy forbids WebAssembly refuses even
    // this one at once, where Pyodide would wait for ever.
    new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  } catch (err) {
    console.warn("WebAssembly is refused here:", err);
    throw new StartError("no_wasm", "this browser or page does not allow WebAssembly");
  }
  const config = BOOT ?? await fetchJSON(new URL("boot.json", base));
  const store = await openStore();
  const snapshotURL = new URL(config.snapshot, base).href;
  const runtimeURL = new URL(config.files.runtime.url, base).href;
  const downloads = new Downloads(config.files, store, {
    verify: fullStart, imported: [runtimeURL], base, onProgress: (fraction, bytes) => progress("download", fraction, bytes),
  });
  const arrived = downloads.arrived;
  arrived.catch(() => {});  // reported below
  const prepared = prepare(config, downloads);
  const snapshot = store && !fullStart ? await storedSnapshot(snapshotURL) : null;
  // Pyodide asks for the files as it goes; a broken download ends the start with its reason.
  const allHere = arrived.then(() => progress("start", 0));
  const failed = arrived.then(() => new Promise(() => {}));

  let start = "fresh";
  if (snapshot) {
    try {
      pyodide = await Promise.race([startPyodide(config, downloads, prepared, { _loadSnapshot: snapshot.bytes }), failed]);
      // The snapshot froze the random module's state: draw a fresh seed from the browser.
      pyodide.runPython("import random; random.seed()");
      handle = bridgeHandle(pyodide);
      start = "snapshot";
    } catch (err) {
      if (err instanceof StartError) throw err;
      console.warn("The engine's start-up snapshot could not be used; starting Python from scratch.", err);
      pyodide = null;
      await dropEverywhere(snapshotURL);
    }
  }
  let fresh = false;
  if (!handle) {
    pyodide = await Promise.race([startPyodide(config, downloads, prepared, { _makeSnapshot: Boolean(store) }), failed]);
    // The bridge alone: enough for "version" (the page's "engine ready"); the games come next.
    handle = bridgeHandle(pyodide);
    fresh = true;
  }
  await allHere;
  progress("ready", 1, { start });
  bridgeUp();
  // The games and the computer players load in a task of their own, so the "version" request
  // already waiting is answered first; every other request waits for them (`ready`, below).
  // A fresh start then takes its snapshot, before any such request is served, so the image
  // holds every module and no match; the bridge's handle is let go meanwhile and made again.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const preload = pyodide.pyimport("rummytable.page.bridge.preload");
  try {
    preload();
  } finally {
    preload.destroy();
  }
  let image = null;
  if (fresh && store) {
    try {
      handle.destroy();
      handle = null;
      pyodide.runPython("import gc; gc.collect()");
      image = pyodide.makeMemorySnapshot();
    } catch (err) {
      console.debug("No start-up snapshot for the next start:", err);
    }
    handle ??= bridgeHandle(pyodide);
  }
  // After the first answers, so keeping the files and the image (tens of megabytes) never delays them.
  setTimeout(async () => {
    await downloads.kept.catch(() => {});
    let saved = false;
    if (image) {
      try {
        await store.put(snapshotURL, new Response(image, { headers: { "Content-Type": "application/octet-stream" } }));
        saved = true;
      } catch (err) {
        console.debug("The start-up snapshot could not be stored:", err);
      }
    }
    image = null;
    progress("saved", 1, { saved });
  }, 0);
}

/** Resolves once the bridge answers "version"; `ready` once it answers everything. */
/** @type {(value?: unknown) => void} */
let bridgeUp = () => {};
const up = new Promise((resolve) => { bridgeUp = resolve; });
const ready = boot();
ready.catch((err) => post({ type: "fatal", error: asError(err) }));

self.addEventListener("message", async (/** @type {MessageEvent} */ event) => {
  const { id = null, method, params = {} } = event.data ?? {};
  try {
    await (method === "version" ? Promise.race([up, ready]) : ready);
  } catch (err) {
    post({ id, error: asError(err) });
    return;
  }
  if (method === "worker_memory") {  // answered here, not by Python: for measurements (build.py bench)
    // Python objects alive after a full collection: growth here shows a leak before the heap grows.
    const pythonObjects = pyodide.runPython("(__import__('gc').collect(), len(__import__('gc').get_objects()))[1]");
    post({ id, result: { wasmHeapBytes: pyodide._module.HEAP8.length, pythonObjects } });
    return;
  }
  let answer;
  try {
    answer = JSON.parse(handle(JSON.stringify({ id, method, params })));
  } catch (err) {
    answer = { id, error: asError(err, "worker_error") };
  }
  // Python knows its own version, not the Pyodide it runs in: the page's "About" line shows both.
  if (method === "version" && answer.result && typeof pyodide.version === "string") answer.result.pyodide = pyodide.version;
  post(answer);
});

// Release the proxy if the page closes the worker politely.
self.addEventListener("close", () => {
  handle?.destroy();
  handle = null;
});
