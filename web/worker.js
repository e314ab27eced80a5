// The engine's home: a module worker that runs Pyodide and the rummytable package.
//
// Protocol (all plain data):
//   page -> worker  {id, method, params}
//   worker -> page  {id, result} | {id, error: {type, message}}
//                   {type: "progress", stage: "download" | "start" | "install" | "ready", fraction, loaded?, total?,
//                    start?: "snapshot" | "packages" (with "ready": how Python was started)}
//                   {type: "fatal", error: {type, message}}   start-up failed; nothing will be answered
//
// Requests that arrive while Python starts are answered once it is ready.

const base = new URL("./", import.meta.url);

/** Owned proxy of rummytable.bridge.handle: JSON text in, JSON text out. */
let handle = null;
/** The Pyodide instance; its WebAssembly heap size answers the `worker_memory` request. */
let pyodide = null;

function post(message) {
  self.postMessage(message);
}

function progress(stage, fraction, extra = {}) {
  post({ type: "progress", stage, fraction, ...extra });
}

function asError(err, type = "boot_failed") {
  return { type: err?.type ?? type, message: String(err?.message ?? err) };
}

async function fetchJSON(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url.pathname} could not be loaded (HTTP ${response.status})`);
  return response.json();
}

// `worker.js?start=full` skips the snapshot: Python starts from scratch and installs the wheel
// (the fallback, also used when trying again after a failed start).
const fullStart = new URL(import.meta.url).searchParams.get("start") === "full";

// Download the big files ourselves, streaming, so the page can show real byte progress.
// They are served with immutable caching, so Pyodide's own requests then come from the HTTP cache.
// The bytes of `keep` (a url of `files`) are returned; the others are only read.
async function prefetch(files, keep = null) {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  let loaded = 0;
  let reported = 0;
  let kept = null;
  progress("download", 0, { loaded, total });
  await Promise.all(files.map(async (file) => {
    const url = new URL(file.url, base);
    const response = await fetch(url);
    if (!response.ok || !response.body) {
      throw new Error(`${url.pathname} could not be downloaded (HTTP ${response.status})`);
    }
    const chunks = file.url === keep ? [] : null;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks?.push(value);
      loaded += value.byteLength;
      if (loaded - reported >= total / 100) {  // at most ~100 messages
        reported = loaded;
        progress("download", Math.min(loaded / total, 1), { loaded, total });
      }
    }
    if (chunks) kept = new Blob(chunks);
  }));
  progress("download", 1, { loaded: total, total });
  return kept;
}

/** The snapshot's bytes: gunzipped, unless a host already undid the compression on the way. */
async function unpackSnapshot(blob) {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Uint8Array(await blob.arrayBuffer());
  const stream = blob.stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const output = {
  stdout: (line) => console.debug(line),
  stderr: (line) => console.warn(line),
};

/** Restore Python with our package already imported from the build's memory snapshot. */
async function startFromSnapshot(loadPyodide, indexURL, config, blob) {
  const restored = await loadPyodide({
    indexURL,
    lockFileURL: new URL(config.lockFileURL, base).href,
    _loadSnapshot: unpackSnapshot(blob),
    ...output,
  });
  // The snapshot froze the random module's state: draw a fresh seed from the browser.
  restored.runPython("import random; random.seed()");
  return restored;
}

/** Start Python from scratch and install our wheel through our own lock. */
async function startFromPackages(loadPyodide, indexURL, config) {
  // Our own lock lists every package with a same-origin file name and its sha256,
  // so nothing is ever fetched from elsewhere.
  const started = await loadPyodide({ indexURL, lockFileURL: new URL(config.lockFileURL, base).href, ...output });
  progress("install", 0);
  await started.loadPackage(config.packages, { messageCallback: () => {}, errorCallback: (line) => console.warn(line) });
  return started;
}

/** Owned proxy of rummytable.bridge.handle (pyimport of the function itself gives an owned
 * proxy; one read off the module would be borrowed). */
function bridgeHandle(started) {
  return started.pyimport("rummytable.bridge.handle");
}

async function boot() {
  const config = await fetchJSON(new URL("boot.json", base));
  const indexURL = new URL(config.indexURL, base).href;
  const pyodideModule = import(new URL("pyodide.mjs", indexURL).href);
  pyodideModule.catch(() => {});  // reported where it is awaited
  const snapshot = !fullStart && config.snapshot && typeof DecompressionStream === "function"
    ? config.snapshot : null;
  const blob = await prefetch([...config.prefetch, ...(snapshot ? [snapshot] : config.packageFiles)], snapshot?.url);

  progress("start", 0);
  const { loadPyodide } = await pyodideModule;
  let start = "packages";
  if (snapshot) {
    try {
      pyodide = await startFromSnapshot(loadPyodide, indexURL, config, blob);
      handle = bridgeHandle(pyodide);
      start = "snapshot";
    } catch (err) {
      console.warn("The engine's start-up snapshot could not be used; starting Python from scratch.", err);
      pyodide = null;
      await prefetch(config.packageFiles);
    }
  }
  if (!handle) {
    pyodide = await startFromPackages(loadPyodide, indexURL, config);
    handle = bridgeHandle(pyodide);
  }
  progress("ready", 1, { start });
}

const ready = boot();
ready.catch((err) => post({ type: "fatal", error: asError(err) }));

self.addEventListener("message", async (event) => {
  const { id = null, method, params = {} } = event.data ?? {};
  try {
    await ready;
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
  post(answer);
});

// Release the proxy if the page closes the worker politely.
self.addEventListener("close", () => {
  handle?.destroy();
  handle = null;
});
