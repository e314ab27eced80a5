// Statistics per game and computer level: matches played and won, best and average result (the
// person's final score). Viewed and reset from the start screen.

import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";
import * as storage from "./storage.js";
import { choose } from "../table/dialog.js";

/** The computer players' level of a set-up: their common level, or "mixed". */
export function levelOf(seats) {
  const levels = new Set(seats.filter((kind) => kind !== "human"));
  return levels.size === 1 ? [...levels][0] : "mixed";
}

/** Count a finished match (the final view) in which the person played. */
export function recordMatch(view, setup) {
  const seat = view.seat;
  const score = Number(view.scores?.[seat]);
  storage.recordResult({
    game: view.game ?? setup.game,
    level: levelOf(setup.seats),
    won: (view.winners ?? []).includes(seat),
    score,
  });
}

function levelName(level) {
  return level === "mixed" ? t("stats.mixed") : t(`level.${level}.name`);
}

function statsTable() {
  const data = storage.stats();
  const order = ["easy", "normal", "hard", "random", "mixed"];
  const rows = [];
  for (const game of storage.GAMES) {
    const keys = Object.keys(data).filter((key) => key.startsWith(`${game}.`))
      .sort((a, b) => order.indexOf(a.split(".")[1]) - order.indexOf(b.split(".")[1]));
    for (const key of keys) {
      const entry = data[key];
      const level = key.slice(game.length + 1);
      const average = entry.played ? Math.round((entry.total / entry.played) * 10) / 10 : null;
      rows.push(h("tr", { dataset: { testid: `stats-${game}-${level}` } }, [
        // On a narrow screen the level shows under the game's name and its own column is hidden.
        h("th", { scope: "row" }, [
          h("span", { text: t(`games.${game}.name`) }),
          h("span.stats-level-inline", { text: levelName(level) }),
        ]),
        h("td.stats-level", { text: levelName(level) }),
        h("td.num", { text: String(entry.played), dataset: { testid: "played" } }),
        h("td.num", { text: String(entry.won), dataset: { testid: "won" } }),
        h("td.num", { text: entry.best === null ? "–" : String(entry.best), dataset: { testid: "best" } }),
        h("td.num", { text: average === null ? "–" : String(average), dataset: { testid: "average" } }),
      ]));
    }
  }
  if (!rows.length) return [h("p.muted", { text: t("stats.empty"), dataset: { testid: "stats-empty" } })];
  // The number columns' headings have a short form for narrow screens (CSS picks one).
  const heading = (name) => {
    if (!["played", "won", "best", "average"].includes(name)) {
      return h("th", { scope: "col", class: name === "level" ? "stats-level" : undefined, text: t(`stats.${name}`) });
    }
    return h("th", { scope: "col" }, [
      h("span.stats-long", { text: t(`stats.${name}`) }),
      h("abbr.stats-short", { title: t(`stats.${name}`), text: t(`stats.short.${name}`) }),
    ]);
  };
  return [
    h("div.stats-scroll", {}, [h("table.stats-table", { dataset: { testid: "stats-table" } }, [
      h("thead", {}, [h("tr", {}, ["game", "level", "played", "won", "best", "average"].map(heading))]),
      h("tbody", {}, rows),
    ])]),
    h("p.muted.stats-note", { text: t("stats.note") }),
  ];
}

export async function showStats() {
  const hasAny = Object.keys(storage.stats()).length > 0;
  const choice = await choose({
    title: t("stats.title"),
    body: statsTable(),
    choices: [
      { label: t("common.close"), value: null, testid: "close-stats", primary: true },
      ...(hasAny ? [{ label: t("stats.reset"), value: "reset", testid: "reset-stats" }] : []),
    ],
    dismissible: false,  // its own Close button, no Cancel
    escapable: true,
    testid: "stats-dialog",
    className: "stats",
  });
  if (choice !== "reset") return;
  const sure = await choose({
    title: t("stats.resetConfirm"),
    choices: [{ label: t("stats.resetYes"), value: true, testid: "reset-stats-yes", primary: true }],
    testid: "reset-stats-dialog",
  });
  if (sure) storage.resetStats();
}

/** Put the statistics button into `container` (the start screen's tools). */
export function setupStats(container) {
  const button = h("button.secondary.small", { type: "button", dataset: { testid: "stats-button" }, on: { click: () => showStats() } });
  const label = () => { button.textContent = t("stats.button"); };
  label();
  container.append(button);
  return label;
}
