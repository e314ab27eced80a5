// <rummy-table>: Rummy Table in any web page, in a sandboxed iframe sized to its container.
//
//   <script type="module" src="/rummy/embed.js"></script>   (wherever the game's dist/ is hosted)
//   <rummy-table game="tress" players="4" level="normal" lang="nb"></rummy-table>
//
// Attributes (all optional): game ("tress" | "take"), players, level ("easy" | "normal" | "hard"),
// lang ("en" | "nb" | "uk"), speed ("slow" | "normal" | "fast" | "instant"), src (the app's
// address; by default the folder this script comes from), persist (present: the app sends its
// saves to this page as "save" events, for when the browser denies the iframe its own storage).
//
// Events on the element (CustomEvent, data in event.detail): ready, match-start, round-over,
// match-over, save, error. Methods: newGame({game, players, level, options, watch, seed}),
// restore(saves). See docs/embedding.md.
//
// Why sandbox="allow-scripts allow-same-origin": the app needs scripts, and it needs its own
// origin to start its engine (a module Web Worker loaded from its own address, which an iframe
// with an opaque origin may not do) and to fetch its files. Everything else the sandbox forbids
// stays forbidden: popups, top-level navigation, forms, modal alerts, downloads.

const CHANNEL = "rummy-table";
const APP_BASE = new URL("./", import.meta.url);
const PASSED_ON = ["game", "players", "level", "lang", "speed"];
const EVENT_NAMES = {
  ready: "ready", match_start: "match-start", round_over: "round-over",
  match_over: "match-over", save: "save", error: "error",
};

const STYLE = `
:host { display: block; position: relative; width: 100%; height: 100%; min-height: 520px; }
iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; display: block; }
`;

function styleSheet() {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    return sheet;
  } catch {
    return null;  // no constructable style sheets: sizes are set on the elements below
  }
}

export class RummyTableElement extends HTMLElement {
  static observedAttributes = ["src", ...PASSED_ON, "persist"];

  #frame = null;
  #appOrigin = null;
  #ready = false;
  #queue = [];
  #pendingBuild = 0;
  #onMessage = (event) => this.#receive(event);

  connectedCallback() {
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: "open" });
      const sheet = styleSheet();
      if (sheet) shadow.adoptedStyleSheets = [sheet];
      else {
        this.style.display = "block";
        this.style.minHeight = "520px";
      }
    }
    window.addEventListener("message", this.#onMessage);
    this.#scheduleBuild();
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.#onMessage);
    this.#frame?.remove();
    this.#frame = null;
    this.#ready = false;
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#scheduleBuild();
  }

  /** The app's address for the current attributes. */
  get appURL() {
    const base = new URL(this.getAttribute("src") || APP_BASE.href, location.href);
    const url = new URL("index.html", base.href.endsWith("/") ? base : `${base.href}/`);
    url.searchParams.set("embed", "1");
    url.searchParams.set("origin", location.origin);
    for (const name of PASSED_ON) {
      const value = this.getAttribute(name);
      if (value) url.searchParams.set(name, value);
    }
    if (this.hasAttribute("persist")) url.searchParams.set("persist", "1");
    return url;
  }

  /** Start a new game: {game, players, level, options: {...house rules}, watch, seed}. */
  newGame(options = {}) {
    this.#send({ type: "new_game", ...options });
  }

  /** Hand back saves kept from earlier "save" events: {tress?: save, take?: save}. */
  restore(saves) {
    this.#send({ type: "restore", saves });
  }

  #scheduleBuild() {
    // Attribute changes in one go make one iframe.
    const ticket = ++this.#pendingBuild;
    queueMicrotask(() => { if (ticket === this.#pendingBuild && this.isConnected) this.#build(); });
  }

  #build() {
    const url = this.appURL;
    this.#appOrigin = url.origin;
    this.#ready = false;
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
    frame.setAttribute("title", this.getAttribute("title") || "Rummy Table");
    frame.setAttribute("allow", "fullscreen");
    frame.setAttribute("referrerpolicy", "no-referrer");
    if (!this.shadowRoot.adoptedStyleSheets?.length) {
      Object.assign(frame.style, { width: "100%", height: "100%", minHeight: "520px", border: "0", display: "block" });
    }
    frame.src = url.href;
    this.#frame?.remove();
    this.#frame = frame;
    this.shadowRoot.append(frame);
  }

  #send(message) {
    if (!this.#ready || !this.#frame?.contentWindow) {
      this.#queue.push(message);
      return;
    }
    this.#frame.contentWindow.postMessage({ channel: CHANNEL, ...message }, this.#appOrigin);
  }

  #receive(event) {
    if (!this.#frame || event.source !== this.#frame.contentWindow || event.origin !== this.#appOrigin) return;
    const data = event.data;
    if (data === null || typeof data !== "object" || data.channel !== CHANNEL || !Object.hasOwn(EVENT_NAMES, data.type)) return;
    const { channel, type, ...detail } = data;
    if (type === "ready") {
      this.#ready = true;
      const queued = this.#queue.splice(0);
      for (const message of queued) this.#send(message);
    }
    this.dispatchEvent(new CustomEvent(EVENT_NAMES[type], { detail }));
  }
}

if (!customElements.get("rummy-table")) customElements.define("rummy-table", RummyTableElement);
