// The loading screen: one progress bar over the whole start-up, then either the table or a reason.

// Share of the bar each start-up stage fills; downloading dominates on a first visit.
const STAGES = {
  download: { from: 0, to: 0.8, label: "Downloading" },
  start: { from: 0.8, to: 0.95, label: "Starting the game engine" },
  install: { from: 0.95, to: 1, label: "Setting up the rules" },
  ready: { from: 1, to: 1, label: "Ready" },
};

const MB = 1e6;

export class LoadingScreen {
  constructor(root = document) {
    this.panel = root.getElementById("loading");
    this.loader = root.getElementById("loader");
    this.bar = root.getElementById("load-bar");
    this.status = root.getElementById("load-status");
    this.problem = root.getElementById("load-error");
    this.reason = root.getElementById("load-error-reason");
    this.retry = root.getElementById("retry");
  }

  /** Reset to an empty bar (also used when trying again). */
  show() {
    this.panel.hidden = false;
    this.loader.hidden = false;
    this.problem.hidden = true;
    this.bar.value = 0;
    this.status.textContent = "Getting the table ready…";
  }

  /** @param {{stage: string, fraction: number, loaded?: number, total?: number}} p */
  progress({ stage, fraction, loaded, total }) {
    const spec = STAGES[stage];
    if (!spec) return;
    const value = spec.from + (spec.to - spec.from) * Math.min(Math.max(fraction, 0), 1);
    this.bar.value = Math.max(this.bar.value, value);  // never moves backwards
    this.bar.textContent = `${Math.round(this.bar.value * 100)}%`;
    let text = `${spec.label}…`;
    if (stage === "download" && total) {
      text = `${spec.label}… ${(loaded / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`;  // real bytes
    }
    this.status.textContent = text;
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
