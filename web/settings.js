// The person's preferences, kept in localStorage: speed, deck colours, last game set-up.

const KEY = "rummytable.settings";

/** Timings per speed: pause before a computer move, card flight, the person's "take it" window. */
export const SPEEDS = {
  slow: { botPause: 1400, animation: 650, claimWindow: 8000, claimDelayFactor: 1.4, roundPause: 1200 },
  normal: { botPause: 800, animation: 380, claimWindow: 5000, claimDelayFactor: 1, roundPause: 700 },
  fast: { botPause: 350, animation: 200, claimWindow: 3500, claimDelayFactor: 0.5, roundPause: 300 },
  instant: { botPause: 0, animation: 0, claimWindow: 3000, claimDelayFactor: 0, roundPause: 0 },
};

const DEFAULTS = {
  speed: "normal",
  deck: "standard",
  game: "tress",
  players: { tress: 3, take: 2 },
  levels: {},
  options: { tress: {}, take: {} },
  handOrder: "suit",
};

let settings = load();

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return { ...structuredClone(DEFAULTS), ...(saved && typeof saved === "object" ? saved : {}) };
  } catch {
    return structuredClone(DEFAULTS);
  }
}

export function get(name) {
  return settings[name];
}

export function set(name, value) {
  settings[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Storage may be denied; settings then last for this visit.
  }
}

/** Timings of the current speed; `?speed=instant` in the address overrides (for tests). */
export function timings() {
  const forced = new URLSearchParams(location.search).get("speed");
  const speed = SPEEDS[forced] ? forced : settings.speed;
  return SPEEDS[speed] ?? SPEEDS.normal;
}
