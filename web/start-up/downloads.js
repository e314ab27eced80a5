// The engine's start-up files (boot.json's list), for the worker (web/worker.js): each fetched
// at most once, streamed to Pyodide as it arrives, counted for the page's progress bar and kept in
// Cache Storage the moment it is complete; a kept copy is used instead of a download (checked
// against its sha256 after a failed start).

/** The Cache Storage cache of the engine's files and the start-up snapshot. */
export const CACHE = "rummytable-engine";
/** How often the page hears of the bytes so far while they arrive (milliseconds). */
const PROGRESS_EVERY_MS = 500;
/** The download rate is measured over this much time (milliseconds). */
const RATE_WINDOW_MS = 4000;

export class StartError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

export const networkFetch = self.fetch.bind(self);

/**
 * Where finished downloads and the snapshot are kept, or null where the browser denies Cache
 * Storage (some embedded or private contexts). The cache is opened anew for every write: the
 * service worker deletes it once its own copy is complete (web/sw.js), and a write into a cache
 * opened before that would be lost.
 */
export async function openStore() {
  try {
    if (typeof caches !== "object") return null;
    await caches.keys();  // throws where Cache Storage is denied; unlike open(), creates nothing
  } catch {
    return null;
  }
  return { put: async (url, response) => (await caches.open(CACHE)).put(url, response) };
}

export async function sha256(buffer) {
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
export class Downloads {
  /**
   * @param {Record<string, {url: string, bytes: number, sha256?: string}>} files
   * @param {{put: (url: string, response: Response) => Promise<void>} | null} store where finished
   *   downloads are kept
   * @param {{verify: boolean, imported: string[], base: URL,
   *   onProgress: (fraction: number, bytes: {loaded: number, total: number, rate: number | null}) => void}} options
   *   verify: check stored copies against their sha256; imported: urls loaded with import() rather
   *   than fetch (no body is kept for them); base: what the files' urls are relative to;
   *   onProgress: told of the bytes so far, at least every PROGRESS_EVERY_MS while bytes arrive
   */
  constructor(files, store, { verify, imported, base, onProgress }) {
    this.files = new Map(Object.values(files).map((file) => [new URL(file.url, base).href, file]));
    this.onProgress = onProgress;
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
    this.onProgress(Math.min(this.loaded / this.total, 1), { loaded: this.loaded, total: this.total, rate });
  }
}

/** Remove a stored copy from every cache (a damaged file or a snapshot Pyodide would not restore). */
export async function dropEverywhere(url) {
  try {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
  } catch {
    // Nothing stored, nothing to drop.
  }
}
