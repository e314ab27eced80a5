// The start screen: game, players, computer levels, house rules, speed, deck, language.
// Plain HTML built at once from the engine's catalog, which the build wrote into the page
// (web/app/catalog.js), while the engine loads in the background. One click on "Play" starts a
// game with the engine's defaults.

import { setDeckStyle } from "../table/cards.js";
import { h } from "./dom.js";
import { fillLanguageSelect, t, tOr } from "../i18n/index.js";
import { gameInfo } from "./catalog.js";
import * as settings from "./settings.js";
import { seatPosition } from "../table/seats.js";

/** Before the catalog is known (a page served straight from web/, until its engine runs). */
const UNKNOWN = { players: null, options: null, levels: [] };

const SPEED_NAMES = ["slow", "normal", "fast", "instant"];

export class StartScreen {
  /**
   * @param {HTMLElement} root
   * @param {{play: (setup: object) => void, rules: (game: string) => void, language: (code: string) => void}} on
   */
  constructor(root, on) {
    this.root = root;
    this.on = on;
    // Kept across redraws: other parts of the page put buttons here (statistics, web/storage/stats.js).
    this.tools = h("div.start-tools", { dataset: { testid: "start-tools" } });
    this.render();
  }

  game() {
    return settings.get("game") === "take" ? "take" : "tress";
  }

  info(game = this.game()) {
    return gameInfo(game) ?? UNKNOWN;
  }

  players(game = this.game()) {
    const range = this.info(game).players;
    const chosen = Number(settings.get("players")?.[game] ?? range?.default);
    return range ? Math.min(Math.max(chosen, range.min), range.max) : chosen || 0;
  }

  level(game, seat) {
    const levels = settings.get("levels") ?? {};
    return levels[`${game}.${seat}`] ?? "normal";
  }

  /** Take's points to win as chosen in the house rules (the rule book's 500 by default). */
  takeTarget() {
    const chosen = settings.get("options")?.take ?? {};
    const item = (this.info("take").options ?? []).find((o) => o.name === "target");
    const value = Number(chosen.target ?? item?.default);
    return Number.isFinite(value) && value > 0 ? value : item?.default;
  }

  /**
   * The options a table of `game` would be played with: every house rule as chosen or by default,
   * and the number of players (the rules page shows these). Before the engine's catalog is known
   * only the choices are given; the rules page takes the rule book's defaults for the rest.
   */
  tableOptions(game = this.game()) {
    const chosen = settings.get("options")?.[game] ?? {};
    const options = {};
    for (const item of this.info(game).options ?? []) options[item.name] = item.name in chosen ? chosen[item.name] : item.default;
    return { ...(this.info(game).options ? options : chosen), players: this.players(game) };
  }

  /** The set-up to start: seats and options for the chosen game. */
  setup({ watch = false } = {}) {
    const game = this.game();
    const players = this.players(game);
    const seats = [watch ? this.level(game, 0) : "human"];
    for (let seat = 1; seat < players; seat++) seats.push(this.level(game, seat));
    const chosen = settings.get("options")?.[game] ?? {};
    const options = {};
    const schema = this.info(game).options ?? [];
    for (const item of schema) {
      if (item.name in chosen && chosen[item.name] !== item.default) options[item.name] = chosen[item.name];
    }
    if (!this.info(game).options || schema.some((item) => item.name === "players")) options.players = players;
    // A fixed deal for reproducing a game (?seed=N in the address).
    const seed = Number(new URLSearchParams(location.search).get("seed"));
    return Number.isInteger(seed) && seed > 0 ? { game, seats, options, seed } : { game, seats, options };
  }

  render() {
    const focused = /** @type {HTMLElement|null} */ (document.activeElement)?.dataset?.testid;
    const game = this.game();
    this.root.replaceChildren(
      h("header.start-head", {}, [
        h("div.brand", {}, [
          h("img", { src: "icon.svg", alt: "", width: "48", height: "48" }),
          h("div", {}, [h("h1", { text: t("app.title") }), h("p.tagline", { text: t("app.tagline") })]),
        ]),
        h("div.head-tools", {}, [this.#languagePicker(), this.tools]),
      ]),
      h("form.start-form", { on: { submit: (e) => { e.preventDefault(); this.on.play(this.setup()); } } }, [
        this.#gamePicker(game),
        this.#playersPicker(game),
        this.#opponents(game),
        this.#houseRules(game),
        this.#comfort(),
        h("div.start-actions", {}, [
          h("button.primary.play", { type: "submit", dataset: { testid: "play" }, text: t("start.play") }),
          h("button.secondary", { type: "button", dataset: { testid: "watch" }, text: t("start.watch"), on: { click: () => this.on.play(this.setup({ watch: true })) } }),
          h("button.secondary", { type: "button", dataset: { testid: "start-rules" }, text: t("start.rules"), on: { click: () => this.on.rules(game) } }),
        ]),
      ]),
    );
    if (focused) this.root.querySelector(`[data-testid="${CSS.escape(focused)}"]`)?.focus();
  }

  #languagePicker() {
    return h("label.language-picker", {}, [
      h("span.language-word", { text: t("start.language") }),
      fillLanguageSelect(h("select", {
        dataset: { testid: "language" },
        on: { change: (e) => this.on.language(e.target.value) },
      })),
    ]);
  }

  #gamePicker(game) {
    return h("fieldset.choice-group.games", {}, [
      h("legend", { text: t("start.game") }),
      ...["tress", "take"].map((name) => h("label.game-card", { class: name === game ? "chosen" : undefined }, [
        h("input", {
          type: "radio", name: "game", value: name, checked: name === game, dataset: { testid: `game-${name}` },
          on: { change: () => { settings.set("game", name); this.render(); } },
        }),
        h("span.game-title", { text: t(`games.${name}.name`) }),
        h("span.game-line", { text: t(`games.${name}.line`, { target: this.takeTarget() }) }),
      ])),
    ]);
  }

  #playersPicker(game) {
    const range = this.info(game).players ?? { min: 1, max: 0 };
    const count = this.players(game);
    const options = [];
    for (let n = range.min; n <= range.max; n++) {
      options.push(h("label.seg", { class: n === count ? "chosen" : undefined }, [
        h("input", {
          type: "radio", name: "players", value: String(n), checked: n === count, dataset: { testid: `players-${n}` },
          on: { change: () => { settings.set("players", { ...settings.get("players"), [game]: n }); this.render(); } },
        }),
        h("span", { text: String(n) }),
      ]));
    }
    return h("fieldset.choice-group.segmented", {}, [h("legend", { text: t("start.players") }), h("div.segs", {}, options)]);
  }

  #opponents(game) {
    const count = this.players(game);
    const levels = this.info(game).levels;
    const rows = [];
    for (let seat = 1; seat < count; seat++) {
      const level = this.level(game, seat);
      const id = `level-${seat}`;
      rows.push(h("div.opponent-row", {}, [
        h("label", { for: id, text: t(`seat.${seatPosition(seat, count)}`) }),
        h("select", {
          id, dataset: { testid: id },
          on: { change: (e) => { settings.set("levels", { ...settings.get("levels"), [`${game}.${seat}`]: e.target.value }); this.render(); } },
        }, levels.map((lv) => h("option", { value: lv, text: t(`level.${lv}.name`), selected: lv === level }))),
        h("p.level-text", { text: t(`level.${level}.${game}`) }),
      ]));
    }
    return h("fieldset.choice-group.opponents-setup", {}, [h("legend", { text: t("start.opponents") }), ...rows]);
  }

  #houseRules(game) {
    const schema = this.info(game).options;
    const chosen = settings.get("options")?.[game] ?? {};
    const store = (name, value) => {
      const all = settings.get("options") ?? {};
      settings.set("options", { ...all, [game]: { ...(all[game] ?? {}), [name]: value } });
      if (game === "take" && name === "target") {
        const line = this.root.querySelector("[data-testid=game-take]")?.parentElement?.querySelector(".game-line");
        if (line) line.textContent = t("games.take.line", { target: this.takeTarget() });
      }
    };
    let body;
    if (!schema) {
      body = [h("p.muted", { text: t("start.rulesLoading") })];
    } else {
      body = schema.filter((item) => item.name !== "players").map((item) => optionControl(game, item, chosen, store));
      body.push(h("button.secondary.reset", {
        type: "button", dataset: { testid: "reset-rules" }, text: t("start.resetRules"),
        on: { click: () => { settings.set("options", { ...settings.get("options"), [game]: {} }); this.render(); } },
      }));
    }
    const changed = schema ? schema.filter((item) => item.name in chosen && chosen[item.name] !== item.default && item.name !== "players").length : 0;
    const details = h("details.house-rules", { dataset: { testid: "house-rules" }, open: this.rulesOpen ? true : undefined, on: { toggle: (e) => { this.rulesOpen = e.target.open; } } }, [
      h("summary", { text: changed ? t("start.houseRulesChanged", { count: changed }) : t("start.houseRules") }),
      h("div.rule-list", {}, body),
    ]);
    return details;
  }

  #comfort() {
    const speed = settings.get("speed");
    return h("fieldset.choice-group.comfort", {}, [
      h("legend", { text: t("start.comfort") }),
      h("div.segs", { role: "radiogroup", "aria-label": t("start.speed") }, [
        h("span.seg-label", { text: t("start.speed") }),
        ...SPEED_NAMES.map((name) => h("label.seg", { class: name === speed ? "chosen" : undefined }, [
          h("input", {
            type: "radio", name: "speed", value: name, checked: name === speed, dataset: { testid: `speed-${name}` },
            on: { change: () => { settings.set("speed", name); this.render(); } },
          }),
          h("span", { text: t(`speed.${name}`) }),
        ])),
      ]),
      h("label.check", {}, [
        h("input", {
          type: "checkbox", checked: settings.get("deck") === "four", dataset: { testid: "four-colour" },
          on: { change: (e) => { settings.set("deck", e.target.checked ? "four" : "standard"); setDeckStyle(settings.get("deck")); } },
        }),
        h("span", { text: t("start.fourColour") }),
      ]),
      this.game() === "tress" ? h("label.check", {}, [
        h("input", {
          type: "checkbox", checked: settings.get("takeItAsk") !== "always", dataset: { testid: "take-it-fits" },
          on: { change: (e) => settings.set("takeItAsk", e.target.checked ? "fits" : "always") },
        }),
        h("span", { text: t("start.takeItFits") }),
      ]) : null,
    ]);
  }
}

/** One house-rule control generated from an options-schema item. */
function optionControl(game, item, chosen, store) {
  const value = item.name in chosen ? chosen[item.name] : item.default;
  const text = tOr(`options.${game}.${item.name}`, item.text);
  const id = `opt-${game}-${item.name}`;
  const rule = h("span.rule-id", { text: t("start.ruleId", { rule: item.rule }), title: t("start.ruleTitle", { rule: item.rule }) });
  if (item.type === "bool") {
    return h("label.check.option", {}, [
      h("input", { id, type: "checkbox", checked: Boolean(value), dataset: { testid: id }, on: { change: (e) => store(item.name, e.target.checked) } }),
      h("span.option-text", {}, [h("span", { text }), " ", rule]),
    ]);
  }
  if (item.type === "choice") {
    return h("div.option", {}, [
      h("label", { for: id }, [h("span", { text }), rule]),
      h("select", { id, dataset: { testid: id }, on: { change: (e) => store(item.name, e.target.value) } },
        item.choices.map((choice) => h("option", {
          value: choice, selected: choice === value,
          text: tOr(`options.${game}.${item.name}_choices.${choice}`, choice.replaceAll("_", " ")),
        }))),
    ]);
  }
  // int, maybe nullable ("no limit")
  const number = h("input", {
    id, type: "number", inputmode: "numeric", min: item.minimum ?? undefined, max: item.maximum ?? undefined,
    value: value ?? item.minimum ?? 1, disabled: value === null, dataset: { testid: id },
    on: { change: (e) => {
      let n = Math.round(Number(e.target.value));
      if (item.minimum != null) n = Math.max(n, item.minimum);
      if (item.maximum != null) n = Math.min(n, item.maximum);
      e.target.value = String(n);
      store(item.name, n);
    } },
  });
  const parts = [h("label", { for: id }, [h("span", { text }), rule]), number];
  if (item.nullable) {
    parts.push(h("label.check.inline", {}, [
      h("input", {
        type: "checkbox", checked: value === null, dataset: { testid: `${id}-none` },
        on: { change: (e) => { number.disabled = e.target.checked; store(item.name, e.target.checked ? null : Number(number.value)); } },
      }),
      h("span", { text: tOr(`start.nullable.${item.name}`, t("start.nullable.default")) }),
    ]));
  }
  return h("div.option", {}, parts);
}
