// The engine's start-up, shown small under the start screen: one progress bar, then the version or a reason.

import { t } from "./i18n/index.js";

// Share of the bar each start-up stage fills; downloading dominates on a first visit.
const STAGES = {
  download: { from: 0, to: 0.8, label: "engine.downloading" },
  start: { from: 0.8, to: 0.95, label: "engine.starting" },
  install: { from: 0.95, to: 1, label: "engine.installing" },
  ready: { from: 1, to: 1, label: "engine.ready" },
};

const MB = 1e6;

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
  }

  /** Reset to an empty bar (also used when trying again). */
  show() {
    this.panel.hidden = false;
    this.loader.hidden = false;
    this.problem.hidden = true;
    this.bar.value = 0;
    this.last = null;
    this.status.textContent = t("engine.loading");
    this.relabel();
  }

  /** @param {{stage: string, fraction: number, loaded?: number, total?: number}} p */
  progress(p) {
    const spec = STAGES[p.stage];
    if (!spec) return;
    this.last = p;
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
      this.status.textContent = t("engine.downloadingMB", {
        loaded: (p.loaded / MB).toFixed(1), total: (p.total / MB).toFixed(1),
      });
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
  }

  /** Show why start-up failed, with a button that calls `onRetry`. */
  fail(error, onRetry) {
    this.loader.hidden = true;
    this.problem.hidden = false;
    this.reason.textContent = error?.message ?? String(error);
    this.retry.onclick = () => onRetry();
    this.retry.focus();
  }

  hide() {
    this.panel.hidden = true;
  }
}
