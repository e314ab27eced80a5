// The engine's start-up, shown small under the start screen: one progress bar, then the version or a reason.
//
// While the engine's files download the line says how much has arrived and, once the speed is
// known, about how long the rest will take; a failed start says why in the person's language
// (web/start-up/start-watch.js and web/worker.js name the cause by error type).

import "../i18n/start-up.js";
import { language, t, tOr } from "../i18n/index.js";

// Share of the bar each start-up stage fills; downloading dominates on a first visit.
const STAGES = {
  download: { from: 0, to: 0.8, label: "engine.downloading" },
  start: { from: 0.8, to: 1, label: "engine.starting" },
  ready: { from: 1, to: 1, label: "engine.ready" },
};

const MB = 1e6;

/** "3.2" / "3,2": megabytes with one decimal, as the language writes them. */
function megabytes(bytes) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(bytes / MB);
}

/** About how long the rest takes at `rate` bytes per second: "12 s", "3 min". */
function timeLeft(bytes, rate) {
  const seconds = Math.max(1, Math.ceil(bytes / rate));
  return seconds < 90 ? t("engine.secondsLeft", { count: seconds })
    : t("engine.minutesLeft", { count: Math.round(seconds / 60) });
}

export class LoadingScreen {
  constructor(root = document) {
    this.panel = root.getElementById("loading");
    this.loader = root.getElementById("loader");
    this.bar = root.getElementById("load-bar");
    this.status = root.getElementById("load-status");
    this.problem = root.getElementById("load-error");
    this.title = root.getElementById("load-error-title");
    this.reason = root.getElementById("load-error-reason");
    this.retry = root.getElementById("retry");
    this.last = null;
    this.error = null;
  }

  /** Reset to an empty bar (also used when trying again). */
  show() {
    this.panel.hidden = false;
    this.loader.hidden = false;
    this.problem.hidden = true;
    this.bar.value = 0;
    delete this.bar.dataset.stage;
    delete this.bar.dataset.loaded;
    this.last = null;
    this.error = null;
    this.status.textContent = t("engine.loading");
    this.relabel();
  }

  /** @param {{stage: string, fraction: number, loaded?: number, total?: number, rate?: number | null}} p */
  progress(p) {
    const spec = STAGES[p.stage];
    if (!spec) return;
    this.last = p;
    // For tests: the stage, and the bytes so far (a new value means the download moves).
    this.bar.dataset.stage = p.stage;
    if (p.loaded !== undefined) this.bar.dataset.loaded = String(p.loaded);
    const value = spec.from + (spec.to - spec.from) * Math.min(Math.max(p.fraction, 0), 1);
    this.bar.value = Math.max(this.bar.value, value);  // never moves backwards
    this.bar.textContent = `${Math.round(this.bar.value * 100)}%`;
    this.#text();
  }

  #text() {
    const p = this.last;
    if (!p) return;
    const spec = STAGES[p.stage];
    if (p.stage === "download" && p.total) {
      const params = { loaded: megabytes(p.loaded), total: megabytes(p.total) };
      this.status.textContent = p.rate > 0 && p.loaded < p.total
        ? t("engine.downloadingLeft", { ...params, left: timeLeft(p.total - p.loaded, p.rate) })
        : t("engine.downloadingMB", params);
    } else {
      this.status.textContent = t(spec.label, { percent: Math.round(this.bar.value * 100) });
    }
  }

  /** Re-translate the texts after a language change. */
  relabel() {
    if (this.last) this.#text();
    else if (!this.loader.hidden) this.status.textContent = t("engine.loading");
    this.title.textContent = t("engine.failedTitle");
    this.retry.textContent = t("engine.retry");
    this.bar.setAttribute("aria-label", t("engine.loading"));
    if (this.error) this.reason.textContent = this.#reason(this.error);
  }

  /** The failure in the person's language when its cause is known, else the engine's own words. */
  #reason(error) {
    const message = error?.message ?? String(error);
    const seconds = new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(error?.seconds ?? 0);
    return tOr(`engine.error.${error?.type}`, message, { seconds, detail: message });
  }

  /** Show why start-up failed, with a button that calls `onRetry`. */
  fail(error, onRetry) {
    this.error = error;
    this.loader.hidden = true;
    this.problem.hidden = false;
    this.problem.dataset.reason = error?.type ?? "unknown";
    this.relabel();  // the title and the button too, in the language chosen since the page opened
    this.retry.onclick = () => onRetry();
    this.retry.focus();
  }

  hide() {
    this.panel.hidden = true;
  }
}
