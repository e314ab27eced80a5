// Service worker: one complete copy of the site per build in Cache Storage, so the game starts and
// plays with the network gone.
//
// build.py replaces the MANIFEST line below with {build, files: {path: sha256}} listing every file
// of the build (the build id is a hash of that list). Served straight from web/ the line stays null
// and this worker caches nothing.
//
// - Install fills the cache "rummytable-<build>". A file whose sha256 is unchanged since the
//   previous build is copied from the previous cache; a file the engine's worker has just
//   downloaded is copied from its cache "rummytable-engine" (web/worker.js); any other file is
//   fetched with the default cache mode, so what the page has just downloaded comes from the HTTP
//   cache instead of the network a second time. Every file is checked against its sha256: a file
//   that changed under us (a newer upload) fails the install, and the old version stays in charge.
//   Old and new files never mix. The files the page makes itself (MANIFEST.made: the engine's
//   start-up snapshot) are carried over from either cache when they are there.
// - A new build waits ("installed") while a page of the old one is open: no skipWaiting behind the
//   back of a game in progress. It takes over when the last old page closes, or at the start of a
//   page that is the only one open (web/storage/offline.js asks with {type: "activate-now"}).
// - Activate deletes the caches of other builds and the worker's (everything it held is in this
//   build's cache now) and claims the open page.
// - Fetch answers files of this build from its cache (the address's query is ignored, so
//   index.html?embed=1 is index.html); anything else goes to the network as usual.

const MANIFEST = null;

const PREFIX = "rummytable-";
const CACHE = MANIFEST ? `${PREFIX}${MANIFEST.build}` : null;
// Where the engine's worker keeps the files it downloaded and the snapshot it made (web/worker.js).
const ENGINE_CACHE = `${PREFIX}engine`;
// The manifest is kept in the cache too: the page reads the build it runs on, and the next build
// reads which files it can copy.
const MANIFEST_PATH = "sw-manifest.json";
const PARALLEL = 4;

/** The service worker's own scope (lib.webworker types `self` as any worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const scopeURL = () => new URL(sw.registration.scope);
const fileURL = (path) => new URL(path, sw.registration.scope).href;

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Manifests of the other builds still in Cache Storage, with their caches. */
async function previousBuilds() {
  const builds = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const stored = await cache.match(fileURL(MANIFEST_PATH));
    if (!stored) continue;
    try {
      builds.push({ cache, files: (await stored.json()).files ?? {} });
    } catch {
      // An unreadable manifest: nothing to copy from that cache.
    }
  }
  return builds;
}

/** The worker's copy of `url` if it is the file with sha256 `hash`, else null. */
async function downloaded(url, hash) {
  // Looked up by name: opening the cache would create it where the worker made none.
  const copy = await caches.match(url, { cacheName: ENGINE_CACHE });
  if (!copy) return null;
  const body = await copy.arrayBuffer();
  return await sha256(body) === hash ? new Response(body, { headers: copy.headers }) : null;
}

async function cacheFile(cache, previous, path, hash) {
  const url = fileURL(path);
  for (const build of previous) {
    if (build.files[path] !== hash) continue;
    const copy = await build.cache.match(url);
    if (copy) {
      await cache.put(url, copy);
      return;
    }
  }
  const copy = await downloaded(url, hash);
  if (copy) {
    await cache.put(url, copy);
    return;
  }
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  // The response is stored as it came: with its headers (the Content-Type of WebAssembly and
  // modules, the Content-Security-Policy the page and the engine's worker take from their own
  // responses) and its URL, which the browser's compiled-code cache for WebAssembly needs.
  const digest = response.clone().arrayBuffer().then(sha256);
  await cache.put(url, response);
  if (await digest !== hash) {
    await cache.delete(url);
    throw new Error(`${path} is not the file of build ${MANIFEST.build}`);
  }
}

/** Carry a file the page made (not on the server) over from the worker's cache or an older build's. */
async function carryOver(cache, previous, path) {
  const url = fileURL(path);
  const copies = [
    () => caches.match(url, { cacheName: ENGINE_CACHE }),
    ...previous.map((build) => () => build.cache.match(url)),
  ];
  for (const find of copies) {
    const copy = await find();
    if (copy) {
      await cache.put(url, copy);
      return;
    }
  }
}

async function install() {
  const cache = await caches.open(CACHE);
  const previous = await previousBuilds();
  const queue = Object.entries(MANIFEST.files);
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await cacheFile(cache, previous, ...next);
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  for (const path of MANIFEST.made ?? []) await carryOver(cache, previous, path);
  // Written last: a cache with its manifest is complete.
  await cache.put(fileURL(MANIFEST_PATH), new Response(JSON.stringify(MANIFEST), {
    headers: { "Content-Type": "application/json" },
  }));
}

async function activate() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  await sw.clients.claim();
}

sw.addEventListener("install", (event) => {
  if (MANIFEST) event.waitUntil(install());
});

sw.addEventListener("activate", (event) => {
  if (MANIFEST) event.waitUntil(activate());
});

// How long a page that has just closed may still be listed among the windows.
const CLOSING_GRACE_MS = 2000;
const LOOK_AGAIN_MS = 200;
// How long the browser may take to list the windows. A page being torn down can hold the answer
// back for good (seen in Chromium); a page in use answers at once.
const LIST_WINDOWS_MS = 1000;

/** The open windows of this site, or null when the browser does not answer in time. */
function openWindows() {
  const late = new Promise((resolve) => setTimeout(resolve, LIST_WINDOWS_MS, null));
  return Promise.race([sw.clients.matchAll({ type: "window", includeUncontrolled: true }), late]);
}

/**
 * Take over now if the asking page is the only window. A closing page gets a moment to go; a
 * list that never comes means the only other pages are ones going away.
 */
async function activateIfAlone() {
  const deadline = Date.now() + CLOSING_GRACE_MS;
  for (;;) {
    const windows = await openWindows();
    if (windows !== null && windows.length <= 1) return sw.skipWaiting();
    if (Date.now() >= deadline) return windows === null ? sw.skipWaiting() : undefined;
    await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
  }
}

sw.addEventListener("message", (event) => {
  if (event.data?.type !== "activate-now") return;
  // Only for a page that is alone: another open page may be in the middle of a game.
  event.waitUntil(activateIfAlone());
});

async function fromCache(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(fileURL(path));
  return hit ?? fetch(request);
}

sw.addEventListener("fetch", (event) => {
  if (!MANIFEST) return;
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const scope = scopeURL();
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  let path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  if (path === "") path = "index.html";
  if (path !== MANIFEST_PATH && !Object.hasOwn(MANIFEST.files, path)) return;
  event.respondWith(fromCache(request, path));
});
