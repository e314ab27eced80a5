// The in-app rules for both games, in the person's language and as the table plays them (house
// rules written in and marked), shown over the start screen or the table.

import { h } from "../app/dom.js";
import { language, t } from "../i18n/index.js";
import { choose } from "../table/dialog.js";
import { whenCatalog } from "../app/catalog.js";
import { rulesText } from "./text.js";

/**
 * The rules of `game` in the current language for these options (see text.js), against the
 * defaults the engine's catalog states (known at once in a built page).
 * @param {string} game
 * @param {Record<string, any>} [options]
 */
export async function rulesOf(game, options = {}) {
  /** @type {import("../engine/client.js").Catalog} */
  const known = await new Promise((resolve) => whenCatalog(resolve));
  const defaults = Object.fromEntries(known.games[game].options.map((item) => [item.name, item.default]));
  return rulesText(game, language(), options, defaults);
}

/** The rules' items that explain a mark of the table, and the mark's look. */
const MARKS = { markPlayable: "legend-playable", markTaken: "legend-taken", markTarget: "legend-target", markDead: "legend-dead", markOwner: "legend-owner", markLock: "legend-lock",
  markJoker: "legend-joker" };

/** The text a mark's look carries: "dead" on the pile, a rank in a joker's corner. */
const LEGEND_TEXT = { markDead: () => t("piles.dead"), markJoker: () => "7" };

/** Render rules (from rulesOf) as elements; items that follow a house rule carry a mark. */
export function rulesBody(rules) {
  return [
    h("p.rules-intro", { text: rules.intro }),
    rules.note ? h("p.rules-note", { dataset: { testid: "rules-house-note" }, text: rules.note }) : null,
    ...rules.sections.map((section) => h("section.rules-section", {}, [
      h("h3", { text: section.heading }),
      h("ul", {}, section.items.map((item) => h("li", { class: item.house ? "house" : undefined, dataset: { rule: item.key } }, [
        // The marks' legend shows each mark as the table draws it (web/css/cards.css).
        MARKS[item.key] ? h(`span.legend-mark.${MARKS[item.key]}`, { "aria-hidden": "true", text: LEGEND_TEXT[item.key]?.() ?? "" }) : null,
        h("span", { text: item.text }),
        item.house ? h("span.house-mark", { text: rules.houseLabel }) : null,
      ]))),
    ])),
  ].filter(Boolean);
}

/**
 * Open the rules of `game` in a dialog, with a switch to the other game.
 * @param {string} game
 * @param {{optionsFor?: (game: string) => Record<string, any>}} [how] optionsFor: the options of each
 *   game's table (the match being played, or the start screen's choice)
 */
export async function showRules(game, { optionsFor = () => ({}) } = {}) {
  for (;;) {
    const rules = await rulesOf(game, optionsFor(game));
    const other = game === "tress" ? "take" : "tress";
    const choice = await choose({
      title: t("rules.title") + " · " + rules.title,
      body: rulesBody(rules),
      choices: [
        { label: t("common.close"), value: "close", testid: "close-rules", primary: true },
        { label: t("rules.switchTo", { game: t(`games.${other}.name`) }), value: other, testid: `rules-${other}` },
      ],
      dismissible: false,  // its own Close button, no Cancel
      escapable: true,
      testid: "rules",
      className: "rules-dialog",
      scrolls: true,
    });
    if (choice !== other) return;
    game = other;
  }
}
