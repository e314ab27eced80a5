// Offline play: registers the service worker (web/sw.js) once the engine has started, and tells
// the person when a new version has arrived.
//
// The worker is registered only after an engine is ready and has stored its start-up snapshot
// (the first engine, or the one "Try again" started), so everything the first visit needs has been
// downloaded by then and the worker copies it from the engine's cache and the HTTP cache, not from
// the network a second time (web/sw.js). A new version waits until no page of the old one is
// open: a page that is alone and has not started a game switches over at once (one reload);
// otherwise the new version starts next time, and a notice says so.
//
// <html> reports: data-offline = "unavailable" | "installing" | "ready", data-build = the build
// the page runs on, data-update = "ready" while a new version waits.

import "../i18n/offline.js";
import { onStartScreen } from "../app/screen.js";
import { notice } from "../app/start-panel.js";

const root = document.documentElement;
const BUILD_KEY = "rummytable.build";

function remembered() {
  try {
    return localStorage.getItem(BUILD_KEY);
  } catch {
    return null;
  }
}

function remember(build) {
  try {
    localStorage.setItem(BUILD_KEY, build);
  } catch {
    // Storage denied: no "updated" notice next time, nothing else lost.
  }
}

/** Which build this page runs on (the worker answers from its cache, else the server does). */
async function currentBuild() {
  try {
    const response = await fetch("sw-manifest.json", { cache: "no-cache" });
    if (!response.ok) return null;
    const { build } = await response.json();
    return typeof build === "string" ? build : null;
  } catch {
    return null;  // offline with no worker yet, or served without a build
  }
}

function updateWaiting() {
  root.dataset.update = "ready";
  notice("update", "offline.updateReady", {}, "update-ready");
}

// How often, and how many times, a page asks a waiting version to take over (see switchIfAlone).
const ASK_EVERY_MS = 3000;
const ASKS = 5;

/** A new version is installed and this page is alone on the start screen: switch now. */
function switchIfAlone(registration) {
  if (!registration.waiting || !navigator.serviceWorker.controller) return;
  if (!onStartScreen()) {
    updateWaiting();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (onStartScreen()) location.reload();
  }, { once: true });
  // The worker refuses while other pages are open. A page closed just before this one opened
  // can stay listed for seconds on a busy machine, so ask again a few times; meanwhile, and if
  // it never happens, the notice says the update comes with the next start.
  let asked = 0;
  const ask = () => {
    const waiting = registration.waiting;
    if (!waiting || !onStartScreen()) return;
    if (asked === 1) updateWaiting();
    if (asked === ASKS) return;
    asked += 1;
    waiting.postMessage({ type: "activate-now" });
    setTimeout(ask, ASK_EVERY_MS);
  };
  ask();
}

function watchUpdates(registration) {
  registration.addEventListener("updatefound", () => {
    const incoming = registration.installing;
    incoming?.addEventListener("statechange", () => {
      // With no controller this is the first install, not an update.
      if (incoming.state === "installed" && navigator.serviceWorker.controller) updateWaiting();
    });
  });
}

async function register() {
  root.dataset.offline = "installing";
  const registration = await navigator.serviceWorker.register("sw.js", { scope: "./", updateViaCache: "none" });
  watchUpdates(registration);
  if (registration.waiting && navigator.serviceWorker.controller) updateWaiting();
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  root.dataset.offline = "ready";
}

/**
 * Start offline support.
 * @param {Promise<unknown>} engineReady resolves once an engine has started (see engineStarted in
 *   web/engine-start.js); stays pending while no start succeeds
 */
export function setupOffline(engineReady) {
  const embedded = new URLSearchParams(location.search).has("embed");
  if (embedded || !("serviceWorker" in navigator) || !window.isSecureContext) {
    // An embedded copy leaves offline use to the site itself (and browsers deny workers to
    // iframes of other sites anyway).
    root.dataset.offline = "unavailable";
    return;
  }
  currentBuild().then((build) => {
    if (!build) return;
    root.dataset.build = build;
    const before = remembered();
    if (before && before !== build) notice("updated", "offline.updated", {}, "updated");
    remember(build);
  });
  navigator.serviceWorker.getRegistration().then((registration) => {
    if (registration) switchIfAlone(registration);
  }, () => {});
  engineReady.then(() => register()).catch((error) => {
    root.dataset.offline = "unavailable";
    console.debug("Offline use is not available here:", error);
  });
}
