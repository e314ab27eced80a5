// The start screen: game, players, computer levels, house rules, speed, deck, language, and an
// "About" line with the versions of the engine and Pyodide.
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
    // Kept across redraws too: the page fills in the engine's versions once it runs (web/app.js).
    this.aboutText = h("p.about-text", { id: "engine-info", dataset: { testid: "engine-info" } });
    this.aboutLabel = h("summary", { dataset: { testid: "about-button" } });
    this.about = h("details.about", { dataset: { testid: "about" } }, [this.aboutLabel, this.aboutText]);
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

  /**
   * The level all computer players of `game` play at. Stored per-seat levels from before there was
   * one level for all still count: when every seat has the same one, that is the level.
   * @returns {string}
   */
  commonLevel(game) {
    const levels = settings.get("levels") ?? {};
    if (levels[`${game}.all`]) return levels[`${game}.all`];
    const seats = Object.entries(levels).filter(([key]) => key.startsWith(`${game}.`)).map(([, level]) => level);
    return seats.length && seats.every((level) => level === seats[0]) ? seats[0] : "normal";
  }

  /**
   * Whether each computer player of `game` has a level of its own ("Choose per player"). Unless the
   * person has said, it is on when stored per-seat levels differ (chosen before the toggle existed).
   * @returns {boolean}
   */
  perSeat(game) {
    const chosen = settings.get("levelsPerSeat")?.[game];
    if (typeof chosen === "boolean") return chosen;
    const levels = settings.get("levels") ?? {};
    const seats = Object.entries(levels).filter(([key]) => /\.\d$/.test(key) && key.startsWith(`${game}.`)).map(([, level]) => level);
    return seats.some((level) => level !== seats[0]);
  }

  level(game, seat) {
    if (!this.perSeat(game)) return this.commonLevel(game);
    const levels = settings.get("levels") ?? {};
    return levels[`${game}.${seat}`] ?? this.commonLevel(game);
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
      this.about,
    );
    this.aboutLabel.textContent = t("start.about");
    if (!this.aboutText.textContent) this.aboutText.textContent = t("engine.loading");
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
    const perSeat = this.perSeat(game);
    // The level for all is kept as it is before any seat gets its own (commonLevel reads stored
    // seats only when there is none).
    const pinCommon = () => ({ [`${game}.all`]: this.commonLevel(game), ...settings.get("levels") });
    const storeLevel = (key, value) => {
      settings.set("levels", { ...pinCommon(), [`${game}.${key}`]: value });
      this.render();
    };
    const levelSelect = (id, level, key, label) => h("select", {
      id, dataset: { testid: id }, "aria-label": label,
      on: { change: (e) => storeLevel(key, e.target.value) },
    }, levels.map((lv) => h("option", { value: lv, text: t(`level.${lv}.name`), selected: lv === level })));
    const rows = [];
    if (perSeat) {
      for (let seat = 1; seat < count; seat++) {
        const id = `level-${seat}`;
        const name = t(`seat.${seatPosition(seat, count)}`);
        rows.push(h("div.opponent-row", {}, [h("label", { for: id, text: name }), levelSelect(id, this.level(game, seat), seat, name)]));
      }
    } else {
      rows.push(h("div.opponent-row", {}, [
        h("label", { for: "level-all", text: t("start.levelAll") }),
        levelSelect("level-all", this.commonLevel(game), "all", t("start.levelAll")),
      ]));
    }
    // Each level in play is described once, however many seats play at it.
    const shown = levels.filter((lv) => {
      for (let seat = 1; seat < count; seat++) if (this.level(game, seat) === lv) return true;
      return false;
    });
    const texts = shown.map((lv) => h("p.level-text", { dataset: { testid: `level-text-${lv}` } }, [
      shown.length > 1 ? h("strong", { text: `${t(`level.${lv}.name`)}: ` }) : null,
      t(`level.${lv}.${game}`),
    ].filter(Boolean)));
    const toggle = h("label.check.per-seat", {}, [
      h("input", {
        type: "checkbox", checked: perSeat, dataset: { testid: "level-per-seat" },
        on: { change: (e) => {
          const all = settings.get("levelsPerSeat") ?? {};
          settings.set("levels", pinCommon());
          settings.set("levelsPerSeat", { ...all, [game]: e.target.checked });
          this.render();
        } },
      }),
      h("span", { text: t("start.perSeat") }),
    ]);
    return h("fieldset.choice-group.opponents-setup", {}, [h("legend", { text: t("start.opponents") }), ...rows, ...texts, toggle]);
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
      h("label.check", {}, [
        h("input", {
          type: "checkbox", checked: settings.get("sound") !== false, dataset: { testid: "sound" },
          on: { change: (e) => settings.set("sound", e.target.checked) },
        }),
        h("span", { text: t("start.sound") }),
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
  if (item.type === "bool") {
    return h("label.check.option", {}, [
      h("input", { id, type: "checkbox", checked: Boolean(value), dataset: { testid: id }, on: { change: (e) => store(item.name, e.target.checked) } }),
      h("span.option-text", {}, [h("span", { text })]),
    ]);
  }
  if (item.type === "choice") {
    return h("div.option", {}, [
      h("label", { for: id }, [h("span", { text })]),
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
  const parts = [h("label", { for: id }, [h("span", { text })]), number];
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
