// Client for the engine worker: start it, watch its start-up, and call Python methods.
//
//   const engine = new Engine({ workerURL, onProgress });
//   const info = await engine.ready;            // {version, python}
//   const result = await engine.call("version");
//   engine.failed.then((error) => ...);         // the engine stopped for good (see below)
//
// Every answer is plain JSON data. Failures reject with an EngineError carrying the
// bridge's error type (for example "unknown_method", "bad_params").
//
// An engine that stops answering is given up on, never waited for forever: a call not answered
// within the deadline, a message that cannot be read ("messageerror"), an error of the worker, or
// an idle worker that does not answer the heartbeat. Then every pending and later call rejects
// (type "timeout", "worker_error" or "terminated") and `failed` resolves; the page starts a new
// engine (web/engine/recovery.js).

export const DEFAULT_WATCHDOG_MS = 30_000;
/** How long one call may take once the engine runs: generous, for a busy phone (a computer move
 * takes well under a second on a desktop; docs/ai.md). */
export const DEFAULT_DEADLINE_MS = 60_000;
/** How often an idle engine is asked whether it is still there; it has as long again to answer. */
export const DEFAULT_HEARTBEAT_MS = 20_000;

/** Error types that mean the engine itself is gone (not that it refused a request). */
const DOWN = new Set(["timeout", "worker_error", "terminated", "boot_failed"]);

/** True when `error` says the engine stopped, rather than that it refused what was asked. */
export function engineDown(error) {
  return error?.name === "EngineError" && DOWN.has(error.type);
}

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
  #deadlineMs;
  #heartbeatMs;
  #running = false;
  #beat = null;
  #failed;

  /**
   * Start the worker. `ready` settles when Python answers, or rejects on a fatal error or when
   * the watchdog fires (a browser that blocks WebAssembly leaves start-up hanging forever).
   * @param {{onProgress?: (p: {stage: string, fraction: number, loaded?: number, total?: number}) => void,
   *          watchdogMs?: number, deadlineMs?: number, heartbeatMs?: number, workerURL: URL}} options
   *   watchdogMs: start-up time allowed (milliseconds); deadlineMs: time one call may take once
   *   running; heartbeatMs: how often an idle engine is asked for a sign of life; workerURL: the
   *   engine's worker (worker.js beside the page; web/engine-start.js adds its query)
   */
  constructor({
    onProgress = () => {}, watchdogMs = DEFAULT_WATCHDOG_MS, deadlineMs = DEFAULT_DEADLINE_MS,
    heartbeatMs = DEFAULT_HEARTBEAT_MS, workerURL,
  }) {
    this.#onProgress = onProgress;
    this.#deadlineMs = deadlineMs;
    this.#heartbeatMs = heartbeatMs;
    /** @type {Promise<EngineError>} resolves once, with the reason, when the engine has stopped */
    this.failed = new Promise((resolve) => { this.#failed = resolve; });
    // The address's query rides along as the worker's name too: a service worker that answers
    // from its cache gives the script the cached file's address, without the query.
    this.#worker = new Worker(workerURL, { type: "module", name: workerURL.search.slice(1) });
    this.#worker.addEventListener("message", (event) => this.#receive(event.data));
    this.#worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.#fail(new EngineError("worker_error", event.message || "The engine's worker could not be started."));
    });
    this.#worker.addEventListener("messageerror", () => {
      this.#fail(new EngineError("worker_error", "A message from the engine could not be read."));
    });

    // watchdogMs 0: the caller watches the start-up itself (web/start-up/start-watch.js) and stops the
    // engine with terminate(error).
    const watchdog = watchdogMs ? setTimeout(() => {
      const seconds = Math.round(watchdogMs / 100) / 10;
      this.#fail(new EngineError("timeout",
        `The engine did not start within ${seconds} s. This browser or page may be blocking WebAssembly.`));
    }, watchdogMs) : null;
    /** @type {Promise<{version: string, python: string}>} */
    this.ready = this.call("version");
    this.ready.then(() => {
      clearTimeout(watchdog);
      this.#running = true;
      // Calls sent during start-up were covered by the watchdog; from now on each has its deadline.
      for (const entry of this.#pending.values()) this.#arm(entry);
      this.#scheduleBeat();
    }, () => clearTimeout(watchdog));
  }

  /**
   * Call a bridge method in Python.
   * @param {string} method
   * @param {object} [params]
   * @param {{deadlineMs?: number}} [options] a deadline other than the engine's (milliseconds)
   * @returns {Promise<any>} the method's result
   */
  call(method, params = {}, { deadlineMs = this.#deadlineMs } = {}) {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const entry = { id, method, resolve, reject, deadlineMs, timer: null, late: false };
      this.#pending.set(id, entry);
      if (this.#running) this.#arm(entry);
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

  /** Start the deadline of a pending call. */
  #arm(entry) {
    const since = performance.now();
    entry.timer = setTimeout(() => {
      // Much later than asked: this page itself was asleep (a closed laptop lid), not the engine
      // stuck. Give it its time once more, counted from now.
      if (!entry.late && performance.now() - since > 2 * entry.deadlineMs) {
        entry.late = true;
        this.#arm(entry);
        return;
      }
      const seconds = Math.round(entry.deadlineMs / 100) / 10;
      this.#fail(new EngineError("timeout", `The engine did not answer "${entry.method}" within ${seconds} s.`));
    }, entry.deadlineMs);
  }

  /** While idle, ask for a sign of life now and then: a worker that closed itself says nothing. */
  #scheduleBeat() {
    clearTimeout(this.#beat);
    if (this.#failure) return;
    this.#beat = setTimeout(() => {
      if (this.#pending.size === 0) this.call("version", {}, { deadlineMs: this.#heartbeatMs }).catch(() => {});
      this.#scheduleBeat();
    }, this.#heartbeatMs);
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
    clearTimeout(pending.timer);
    if (message.error) pending.reject(new EngineError(message.error.type, message.error.message, message.error));
    else pending.resolve(message.result);
  }

  #fail(error) {
    if (this.#failure) return;
    this.#failure = error;
    clearTimeout(this.#beat);
    this.#worker.terminate();
    this.#failed(error);
    for (const { reject, timer } of this.#pending.values()) {
      clearTimeout(timer);
      reject(error);
    }
    this.#pending.clear();
  }
}
