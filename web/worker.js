// The engine's home: a module worker that runs Pyodide and the rummytable package.
//
// Protocol (all plain data):
//   page -> worker  {id, method, params}
//   worker -> page  {id, result} | {id, error: {type, message}}
//                   {type: "progress", stage: "download" | "start" | "install" | "ready", fraction, loaded?, total?}
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

// Download the big files ourselves, streaming, so the page can show real byte progress.
// They are served with immutable caching, so Pyodide's own requests then come from the HTTP cache.
async function prefetch(files) {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  let loaded = 0;
  let reported = 0;
  progress("download", 0, { loaded, total });
  await Promise.all(files.map(async (file) => {
    const url = new URL(file.url, base);
    const response = await fetch(url);
    if (!response.ok || !response.body) {
      throw new Error(`${url.pathname} could not be downloaded (HTTP ${response.status})`);
    }
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      if (loaded - reported >= total / 100) {  // at most ~100 messages
        reported = loaded;
        progress("download", Math.min(loaded / total, 1), { loaded, total });
      }
    }
  }));
  progress("download", 1, { loaded: total, total });
}

async function boot() {
  const config = await fetchJSON(new URL("boot.json", base));
  await prefetch(config.prefetch);

  progress("start", 0);
  const indexURL = new URL(config.indexURL, base).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  // Our own lock lists every package with a same-origin file name and its sha256,
  // so nothing is ever fetched from elsewhere.
  pyodide = await loadPyodide({
    indexURL,
    lockFileURL: new URL(config.lockFileURL, base).href,
    stdout: (line) => console.debug(line),
    stderr: (line) => console.warn(line),
  });

  progress("install", 0);
  await pyodide.loadPackage(config.packages, { messageCallback: () => {}, errorCallback: (line) => console.warn(line) });
  // pyimport of the function itself gives an owned proxy (one read off the module would be borrowed).
  handle = pyodide.pyimport("rummytable.bridge.handle");
  progress("ready", 1);
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
