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
// Requests that arrive while Python starts are answered once it is ready.
//
// Files: each one comes from Cache Storage when a copy is there (the service worker's offline copy,
// or what an earlier attempt downloaded), else from the network, counted as it streams in and put
// into the cache "rummytable-engine" the moment it is complete. So "Try again" after a broken
// download fetches only what is still missing, and the service worker (web/sw.js) takes its copy
// from there instead of downloading the files a second time.
//
// Python: restored from the start-up snapshot when this browser has made one (a memory image of
// Python with the engine imported: a fraction of a second), else started from scratch with the
// build's trimmed, precompiled standard library and the engine's package zip. After a start from
// scratch the worker takes that snapshot, before answering any request (the image must not hold a
// match), and stores it for the next start. Pyodide's snapshot API is private, which is one reason
// its version is pinned; an image it will not restore is dropped and Python starts from scratch.

const base = new URL("./", import.meta.url);
// build.py puts boot.json here, which saves a request on every start; served straight from web/
// (no build) the worker fetches it.
const BOOT = null;
const CACHE = "rummytable-engine";
// `worker.js?start=full` (trying again after a failed start): no snapshot, and cached files are
// checked against their sha256 before use.
const fullStart = new URL(import.meta.url).searchParams.get("start") === "full";
const PROGRESS_EVERY_MS = 500;
const RATE_WINDOW_MS = 4000;
// Where the archives go in Pyodide's file system; tools/engine_files.mjs compiles for these paths.
const ENGINE_ZIP = "/lib/rummytable.zip";

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

class StartError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

function asError(err, type = "start_failed") {
  return { type: err?.type ?? type, message: String(err?.message ?? err) };
}

const networkFetch = self.fetch.bind(self);

/**
 * Where finished downloads and the snapshot are kept, or null where the browser denies Cache
 * Storage (some embedded or private contexts). The cache is opened anew for every write: the
 * service worker deletes it once its own copy is complete (web/sw.js), and a write into a cache
 * opened before that would be lost.
 */
async function openStore() {
  try {
    if (typeof caches !== "object") return null;
    await caches.keys();  // throws where Cache Storage is denied; unlike open(), creates nothing
  } catch {
    return null;
  }
  return { put: async (url, response) => (await caches.open(CACHE)).put(url, response) };
}

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Headers worth keeping with a stored copy (the body is stored decoded, so no encoding or length). */
function storedHeaders(headers) {
  const kept = new Headers();
  for (const name of ["Content-Type", "Content-Security-Policy", "Cache-Control", "Last-Modified"]) {
    if (headers.has(name)) kept.set(name, headers.get(name));
  }
  return kept;
}

/** The files of boot.json, each fetched at most once, with byte progress for the page. */
class Downloads {
  /**
   * @param {Record<string, {url: string, bytes: number, sha256?: string}>} files
   * @param {{put: (url: string, response: Response) => Promise<void>} | null} store where finished
   *   downloads are kept
   * @param {{verify: boolean, imported: string[]}} options verify: check stored copies against their
   *   sha256; imported: urls loaded with import() rather than fetch (no body is kept for them)
   */
  constructor(files, store, { verify, imported }) {
    this.files = new Map(Object.values(files).map((file) => [new URL(file.url, base).href, file]));
    this.store = store;
    this.verify = verify;
    this.imported = new Set(imported);
    this.checked = new Set();
    this.total = Object.values(files).reduce((sum, file) => sum + file.bytes, 0);
    this.loaded = 0;
    this.samples = [];  // [time, loaded], for the rate
    this.lastPost = 0;
    this.bodies = new Map();  // url -> Promise<Response>: a download's body, not yet handed out
    this.finished = new Map();  // url -> Promise<void>: settles when all of that file has arrived
    this.keeping = [];  // Promise<void> per download, settled once it is kept (or could not be)
    let decided;
    this.decided = new Promise((resolve) => { decided = resolve; });
    /** Settles when every byte has arrived (rejects if a download fails). */
    this.arrived = this.#run(decided);
    /** Settles when every download is kept in Cache Storage too (or could not be). */
    this.kept = this.arrived.then(() => Promise.all(this.keeping));
  }

  /** Whether `url` (absolute) is one of the files. */
  has(url) {
    return this.files.has(url);
  }

  /** Settles when the file at `url` is complete (rejects if its download fails). */
  async complete(url) {
    await this.decided;
    await this.finished.get(url);
  }

  /** A response for `url`: its download in flight, or the stored copy (or the network when none is kept). */
  async response(url) {
    await this.decided;
    const body = this.bodies.get(url);
    if (body) {
      this.bodies.delete(url);
      return body;
    }
    return (await this.#cached(url)) ?? networkFetch(url);
  }

  /** Whether the file at `url` is kept in Cache Storage already (nothing to download). */
  async isKept(url) {
    await this.decided;
    return !this.finished.has(url) && Boolean(this.store);
  }

  async bytes(url) {
    return new Uint8Array(await (await this.response(url)).arrayBuffer());
  }

  async #run(decided) {
    const urls = [...this.files.keys()];
    const found = await Promise.all(urls.map(async (url) => Boolean(await this.#cached(url))));
    const missing = urls.filter((url, i) => !found[i]);
    for (const url of urls) if (!missing.includes(url)) this.loaded += this.files.get(url).bytes;
    for (const url of missing) {
      const done = this.#download(url);
      done.catch(() => {});  // reported through `arrived`
      this.finished.set(url, done);
    }
    decided();
    if (missing.length) this.#report(true);
    await Promise.all(this.finished.values());
  }

  async #cached(url) {
    if (!this.store) return null;
    let hit;
    try {
      hit = await caches.match(url);
    } catch {
      return null;
    }
    const file = this.files.get(url);
    if (!hit || !this.verify || !file.sha256 || this.checked.has(url)) return hit ?? null;
    const body = await hit.arrayBuffer();
    if (await sha256(body) === file.sha256) {
      this.checked.add(url);
      return new Response(body, { headers: hit.headers });
    }
    await dropEverywhere(url);
    return null;
  }

  async #download(url) {
    const file = this.files.get(url);
    /** @type {(value: unknown) => void} */
    let handOut = () => {};
    if (!this.imported.has(url)) this.bodies.set(url, new Promise((resolve) => { handOut = resolve; }));
    let response;
    try {
      response = await networkFetch(url);
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    } catch (err) {
      const error = new StartError("download_failed", `${file.url}: ${err?.message ?? err}`);
      handOut(Promise.reject(error));
      throw error;
    }
    // Read as fast as the bytes come, whoever consumes them, counting them for the page.
    const reader = response.body.getReader();
    const unread = this.imported.has(url) && !this.store;
    /** @type {{enqueue: (chunk: Uint8Array) => void, close: () => void, error: (reason?: unknown) => void}} */
    let sink = { enqueue() {}, close() {}, error() {} };
    let body = unread ? null : new ReadableStream({ start: (controller) => { sink = controller; } });
    let seen = 0;
    const pumped = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        seen += value.byteLength;
        this.loaded += value.byteLength;
        this.#report(false);
        sink.enqueue(value);
      }
      sink.close();
    })();
    pumped.catch((err) => sink.error(err));
    const headers = storedHeaders(response.headers);
    let stored = Promise.resolve();
    if (this.store) {
      const [mine, kept] = body.tee();
      body = mine;
      stored = this.store.put(url, new Response(kept, { headers })).catch((err) => {
        console.debug(`${file.url} could not be kept for later:`, err);
      });
    }
    this.keeping.push(stored);
    // Nobody reads the body of an imported file: it is fetched only to fill the caches.
    if (this.imported.has(url)) body?.cancel().catch(() => {});
    else handOut(new Response(body, { headers }));
    try {
      await pumped;
    } catch (err) {
      throw new StartError("download_failed", `${file.url}: the connection broke off (${err?.message ?? err})`);
    }
    if (seen < file.bytes) {
      throw new StartError("download_failed",
        `${file.url}: the connection broke off after ${seen} of ${file.bytes} bytes`);
    }
    this.#report(true);
  }

  #report(force) {
    const now = performance.now();
    if (!force && now - this.lastPost < PROGRESS_EVERY_MS) return;
    this.lastPost = now;
    this.samples.push([now, this.loaded]);
    while (this.samples.length > 2 && now - this.samples[1][0] > RATE_WINDOW_MS) this.samples.shift();
    const [t0, l0] = this.samples[0];
    const rate = now - t0 >= 1000 ? ((this.loaded - l0) * 1000) / (now - t0) : null;
    progress("download", Math.min(this.loaded / this.total, 1), { loaded: this.loaded, total: this.total, rate });
  }
}

/** Remove a stored copy from every cache (a damaged file or a snapshot Pyodide would not restore). */
async function dropEverywhere(url) {
  try {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
  } catch {
    // Nothing stored, nothing to drop.
  }
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

/** Owned proxy of rummytable.bridge.handle (pyimport of the function itself gives an owned
 * proxy; one read off the module would be borrowed). */
function bridgeHandle(started) {
  return started.pyimport("rummytable.bridge.handle");
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
  const downloads = new Downloads(config.files, store, { verify: fullStart, imported: [runtimeURL] });
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
  let image = null;
  if (!handle) {
    pyodide = await Promise.race([startPyodide(config, downloads, prepared, { _makeSnapshot: Boolean(store) }), failed]);
    pyodide.runPython("import rummytable.bridge; import gc; gc.collect()");
    if (store) {
      try {
        image = pyodide.makeMemorySnapshot();
      } catch (err) {
        console.debug("No start-up snapshot for the next start:", err);
      }
    }
    handle = bridgeHandle(pyodide);
  }
  await allHere;
  progress("ready", 1, { start });
  // After "ready", so keeping the files and the image (tens of megabytes) never delays the first answer.
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

const ready = boot();
ready.catch((err) => post({ type: "fatal", error: asError(err) }));

self.addEventListener("message", async (/** @type {MessageEvent} */ event) => {
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
