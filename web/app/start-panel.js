// Small panels beside the start screen: above it notices (update, a save that could not be opened)
// and "continue" buttons for saved matches, below it the statistics button. They live outside the
// start screen (which redraws itself wholesale) and show only while the start screen does.

import { h } from "./dom.js";
import { onLanguageChange, t } from "../i18n/index.js";
import { onScreenChange, onStartScreen } from "./screen.js";

let panel = null;
let tools = null;
const parts = {};
const notices = new Map();  // id -> {key, params, testid}

function create() {
  const start = document.getElementById("start-screen");
  parts.notices = h("div.start-notices", { role: "status" });
  parts.resume = h("div.start-resume", { dataset: { testid: "resume-list" } });
  // The tools sit in the start screen's header when it offers a place for them (always on screen);
  // only without one do they get their own place below the start screen.
  const inHeader = document.querySelector("[data-testid=start-tools]");
  parts.tools = inHeader ?? h("div.start-tools");
  // Notices and "continue" above the start screen, where they are seen.
  panel = h("section.start-extras", { dataset: { testid: "start-extras" } }, [parts.notices, parts.resume]);
  start.before(panel);
  if (!inHeader) {
    tools = h("section.start-extras.bottom", {}, [parts.tools]);
    start.after(tools);
  }
  const sync = () => {
    panel.hidden = !onStartScreen();
    if (tools) tools.hidden = panel.hidden;
  };
  onScreenChange(sync);
  sync();
  onLanguageChange(drawNotices);
}

/** The panel's areas: {notices, resume, tools}, created on first use. */
export function startPanel() {
  if (!panel) create();
  return parts;
}

/** Show (or replace) notice `id`: a translated text with an OK button that hides it. */
export function notice(id, key, params = {}, testid = `notice-${id}`) {
  startPanel();
  notices.set(id, { key, params, testid });
  drawNotices();
}

export function dropNotice(id) {
  notices.delete(id);
  drawNotices();
}

function drawNotices() {
  if (!panel) return;
  parts.notices.replaceChildren(...[...notices].map(([id, { key, params, testid }]) => h("p.start-notice", { dataset: { testid } }, [
    h("span", { text: t(key, typeof params === "function" ? params() : params) }),
    h("button.secondary.small", { type: "button", text: t("offline.dismiss"), dataset: { testid: `${testid}-ok` }, on: { click: () => dropNotice(id) } }),
  ])));
}
