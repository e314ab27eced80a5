// Client for the engine worker: start it, watch its start-up, and call Python methods.
//
//   const engine = new Engine({ onProgress });
//   const info = await engine.ready;            // {version, python}
//   const result = await engine.call("version");
//
// Every answer is plain JSON data. Failures reject with an EngineError carrying the
// bridge's error type (for example "unknown_method", "bad_params").

export const DEFAULT_WATCHDOG_MS = 30_000;

export class EngineError extends Error {
  /**
   * @param {string} type machine-readable error code
   * @param {string} message readable reason
   * @param {{rule?: string, phase?: string, reason?: string}} [details] for a refused move: the rule id,
   *   the phase and the plain English reason, which the page translates by rule id
   */
  constructor(type, message, details = {}) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.rule = details.rule ?? null;
    this.phase = details.phase ?? null;
    this.reason = details.reason ?? null;
  }
}

export class Engine {
  #worker;
  #pending = new Map();
  #nextId = 1;
  #failure = null;
  #onProgress;

  /**
   * Start the worker. `ready` settles when Python answers, or rejects on a fatal error or when
   * the watchdog fires (a browser that blocks WebAssembly leaves start-up hanging forever).
   * @param {{onProgress?: (p: {stage: string, fraction: number, loaded?: number, total?: number}) => void,
   *          watchdogMs?: number, workerURL?: URL}} options
   */
  constructor({ onProgress = () => {}, watchdogMs = DEFAULT_WATCHDOG_MS, workerURL } = {}) {
    this.#onProgress = onProgress;
    this.#worker = new Worker(workerURL ?? new URL("./worker.js", import.meta.url), { type: "module" });
    this.#worker.addEventListener("message", (event) => this.#receive(event.data));
    this.#worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.#fail(new EngineError("worker_error", event.message || "The engine's worker could not be started."));
    });

    // watchdogMs 0: the caller watches the start-up itself (web/start-watch.js) and stops the
    // engine with terminate(error).
    const watchdog = watchdogMs ? setTimeout(() => {
      const seconds = Math.round(watchdogMs / 100) / 10;
      this.#fail(new EngineError("timeout",
        `The engine did not start within ${seconds} s. This browser or page may be blocking WebAssembly.`));
    }, watchdogMs) : null;
    /** @type {Promise<{version: string, python: string}>} */
    this.ready = this.call("version");
    this.ready.then(() => clearTimeout(watchdog), () => clearTimeout(watchdog));
  }

  /**
   * Call a bridge method in Python.
   * @param {string} method
   * @param {object} [params]
   * @returns {Promise<any>} the method's result
   */
  call(method, params = {}) {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, method, params });
    });
  }

  /**
   * Stop the worker; pending and later calls reject with `error`.
   * @param {EngineError} [error]
   */
  terminate(error = new EngineError("terminated", "The engine was stopped.")) {
    this.#fail(error);
  }

  #receive(message) {
    if (message?.type === "progress") {
      this.#onProgress(message);
      return;
    }
    if (message?.type === "fatal") {
      this.#fail(new EngineError(message.error.type, message.error.message));
      return;
    }
    const pending = this.#pending.get(message?.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.error) pending.reject(new EngineError(message.error.type, message.error.message, message.error));
    else pending.resolve(message.result);
  }

  #fail(error) {
    if (this.#failure) return;
    this.#failure = error;
    this.#worker.terminate();
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}
