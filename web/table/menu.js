// The in-match menu: the table's comfort settings (speed, deck colours, sound, language) and the
// ways out of the match (rules, restart, leave). The match keeps the table paused while it is open.

import { h } from "../app/dom.js";
import * as settings from "../app/settings.js";
import { fillLanguageSelect, language, onLanguageChange, t } from "../i18n/index.js";
import { setDeckStyle } from "./cards.js";
import { choose } from "./dialog.js";

const SPEED_NAMES = Object.keys(settings.SPEEDS);

/** A text that follows the language while the menu is open. */
const label = (tag, key) => h(tag, { dataset: { i18n: key }, text: t(key) });

/** A checkbox row bound to a setting. */
function check(testid, key, checked, onChange) {
  return h("label.check.menu-check", {}, [
    h("input", { type: "checkbox", checked, dataset: { testid }, on: { change: (e) => onChange(e.target.checked) } }),
    label("span", key),
  ]);
}

/**
 * Open the menu and resolve with what the person chose: "rules", "restart", "leave", or null
 * (closed: back to the table). Settings changed in it apply at once and are stored.
 * @param {{onLanguage: (code: string) => void, onChange: () => void}} on
 *   onLanguage: the person chose a language; onChange: a setting that shows on the table changed
 * @returns {Promise<"rules" | "restart" | "leave" | null>}
 */
export function openMenu({ onLanguage, onChange }) {
  const speed = h("select.menu-select", {
    id: "menu-speed", dataset: { testid: "menu-speed" },
    // From the next move on: the turn loop reads the timings anew for each move.
    on: { change: (e) => settings.set("speed", e.target.value) },
  }, SPEED_NAMES.map((name) => h("option", {
    value: name, selected: name === settings.get("speed"), dataset: { i18n: `speed.${name}` }, text: t(`speed.${name}`),
  })));
  const languageSelect = fillLanguageSelect(h("select.menu-select", {
    id: "menu-language", dataset: { testid: "menu-language" },
    on: { change: (e) => onLanguage(e.target.value) },
  }));
  languageSelect.value = language();
  const body = [
    h("div.menu-settings", {}, [
      h("div.menu-row", {}, [h("label", { for: "menu-speed", dataset: { i18n: "start.speed" }, text: t("start.speed") }), speed]),
      check("menu-four-colour", "start.fourColour", settings.get("deck") === "four", (on) => {
        settings.set("deck", on ? "four" : "standard");
        setDeckStyle(settings.get("deck"));
        onChange();
      }),
      check("menu-sound", "start.sound", settings.get("sound") !== false, (on) => settings.set("sound", on)),
      h("div.menu-row", {}, [h("label", { for: "menu-language", dataset: { i18n: "start.language" }, text: t("start.language") }), languageSelect]),
    ]),
  ];
  const choices = [
    { label: t("menu.back"), value: null, testid: "menu-close", primary: true, key: "menu.back" },
    { label: t("table.rules"), value: "rules", testid: "menu-rules", key: "table.rules" },
    { label: t("menu.restart"), value: "restart", testid: "restart", key: "menu.restart" },
    { label: t("menu.leave"), value: "leave", testid: "leave", key: "menu.leave" },
  ];
  // A language chosen here redraws the menu's own words too.
  const stop = onLanguageChange(() => {
    const dialog = document.querySelector("dialog[data-testid=menu]");
    if (!dialog) return;
    dialog.querySelector("#menu-title").textContent = t("menu.title");
    for (const node of dialog.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    for (const choice of choices) {
      const button = dialog.querySelector(`[data-testid="${choice.testid}"]`);
      if (button) button.textContent = t(choice.key);
    }
    languageSelect.value = language();
  });
  return choose({
    title: t("menu.title"), body, choices, testid: "menu", className: "menu-dialog", dismissible: false, escapable: true,
  }).finally(() => stop?.());
}
