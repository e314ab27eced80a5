// The in-app rules for both games, in the person's language, shown over the start screen or the table.

import { h } from "../dom.js";
import { language, t } from "../i18n/index.js";
import { choose } from "../table/dialog.js";

const LOADERS = {
  "tress.en": () => import("./tress.en.js"),
  "tress.nb": () => import("./tress.nb.js"),
  "tress.uk": () => import("./tress.uk.js"),
  "take.en": () => import("./take.en.js"),
  "take.nb": () => import("./take.nb.js"),
  "take.uk": () => import("./take.uk.js"),
};

/** The rules text of `game` in the current language (English if missing). */
export async function rulesOf(game) {
  const load = LOADERS[`${game}.${language()}`] ?? LOADERS[`${game}.en`];
  return (await load()).default;
}

/** Render rules data as elements. */
export function rulesBody(rules) {
  return [
    h("p.rules-intro", { text: rules.intro }),
    ...rules.sections.map((section) => h("section.rules-section", {}, [
      h("h3", { text: section.heading }),
      h("ul", {}, section.items.map((item) => h("li", { text: item }))),
    ])),
  ];
}

/** Take's points to win, written into its rules (the rule book's 500 unless the match says otherwise). */
function withTarget(rules, target) {
  if (!target || target === 500) return rules;
  const swap = (text) => text.replace(/\b500\b/g, String(target));
  return { ...rules, intro: swap(rules.intro), sections: rules.sections.map((s) => ({ ...s, items: s.items.map(swap) })) };
}

/**
 * Open the rules of `game` in a dialog, with a switch to the other game.
 * @param {string} game
 * @param {{target?: number}} [options] target: Take's points to win at this table
 */
export async function showRules(game, { target } = {}) {
  for (;;) {
    const rules = game === "take" ? withTarget(await rulesOf(game), target) : await rulesOf(game);
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
    });
    if (choice !== other) return;
    game = other;
  }
}
