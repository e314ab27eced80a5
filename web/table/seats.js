// Who sits where: seat names by position round the table, colours, and the opponents' panels.

import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";
import { points } from "./points.js";

/** @typedef {import("../engine/client.js").View} View */

/** Compass positions of the other seats, clockwise from the person (who sits south). */
const POSITIONS = {
  1: [],
  2: ["north"],
  3: ["west", "east"],
  4: ["west", "north", "east"],
  5: ["west", "northwest", "northeast", "east"],
  6: ["west", "northwest", "north", "northeast", "east"],
};

// The darker four carry white letters, the light gold and orange dark ones: each pair reads at
// 4.5:1 or more (WCAG 1.4.3), the badges' letters being small.
export const SEAT_COLOURS = ["#e0a526", "#2778c2", "#d43c38", "#228179", "#8f59d1", "#e07b39"];
const SEAT_INK = ["#1f1a10", "#fff", "#fff", "#fff", "#fff", "#1f1a10"];

/** Position word of `seat` for a table of `players` seen from `viewer` ("south" for the viewer). */
export function seatPosition(seat, players, viewer = 0) {
  const offset = (seat - viewer + players) % players;
  return offset === 0 ? "south" : POSITIONS[players][offset - 1];
}

/**
 * True when `seat` is the person's own: the view's seat, unless every seat is a computer's (a
 * match being watched, where the view's seat is just the one shown at the bottom).
 * @param {View} view
 * @param {number} seat
 */
export function isPerson(view, seat) {
  const kinds = view.seat_kinds ?? [];
  return seat === view.seat && !(kinds.length > 0 && !kinds.includes("human"));
}

/** The seat's name: "You" for the person, else its position ("West"). */
export function seatName(view, seat) {
  if (isPerson(view, seat)) return t("seat.you");
  return t(`seat.${seatPosition(seat, view.players, view.seat)}`);
}

/** The seat's badge: a short form of its name ("NW", "N", "NE"), distinct round the table. */
export function seatShort(view, seat) {
  const position = isPerson(view, seat) ? "you" : seatPosition(seat, view.players, view.seat);
  return t(`seat.short.${position}`);
}

/**
 * The seat's name in another grammatical role: "gen" (whose: "West’s", «Заходу»),
 * "obj" (after a preposition: "from you", «у вас»).
 */
export function seatCase(view, seat, role) {
  const position = isPerson(view, seat) ? "you" : seatPosition(seat, view.players, view.seat);
  return t(`seat.${role}.${position}`);
}

/**
 * "your run", "West’s set", «набір Заходу»; with `role` "to", the form after "to" where the
 * language has one («до послідовності Заходу»: `melds.yoursTo`, `melds.ofTo`).
 */
export function ownerMeld(view, seat, kind, role = "") {
  kind = kindKey(view, kind);
  const suffix = role === "to" ? "To" : "";
  if (isPerson(view, seat)) return t(`melds.yours${suffix}.${kind}`);
  return t(`melds.of${suffix}.${kind}`, { owner: seatCase(view, seat, "gen") });
}

/** The word key of a meld's kind: "set", "run", or in Take "sequence". */
export function kindKey(view, kind) {
  return view.game === "take" ? "sequence" : kind;
}

/** True when `seat` has laid down (Tress: its contract is on the table). */
export function isDown(view, seat) {
  if (Array.isArray(view.down)) return Boolean(view.down[seat]);
  return view.melds.some((meld) => meld.owner === seat);
}

/**
 * Take: the seat's score so far and this hand's running score (K-17): for the person the points
 * on the table minus the points in hand, for the others the points on the table (their cards
 * are hidden). Null outside a Take hand in play.
 * @param {View} view
 * @param {number} seat
 */
export function runningScore(view, seat) {
  if (view.game !== "take" || !Array.isArray(view.table_points) || !["draw", "play"].includes(view.phase)) return null;
  const total = view.scores[seat];
  const table = view.table_points[seat];
  const own = isPerson(view, seat);
  if (!own) return h("span.seat-score", { text: t("seat.takeRunning", { total: points(total), table: points(table) }), dataset: { testid: `seat-score-${seat}` } });
  // The person's line: the total, and under it this hand's table points minus hand points (the
  // title says it in words). It takes the place of his card count, which his hand shows.
  const hand = { table: points(table), hand: points(view.hand_points), now: points(table - view.hand_points) };
  return h("span.seat-score.own", { title: t("seat.takeRunningTitle", hand), dataset: { testid: `seat-score-${seat}` } }, [
    h("span", { text: t("seat.takeRunningTotal", { total: points(total) }) }),
    h("span", { text: t("seat.takeRunningHand", hand) }),
  ]);
}

/**
 * The opponents' panels along the top of the table.
 * @param {View} view the engine's view
 * @param {{thinking: number|null, calls: Map<number, string>}} state transient table state
 */
export function renderOpponents(view, state) {
  const seats = [];
  for (let step = 1; step < view.players; step++) seats.push((view.seat + step) % view.players);
  return seats.map((seat) => seatPanel(view, seat, state));
}

/**
 * The turn badge's words on a seat: "thinking…" for a computer seat at work, "your turn" on the
 * person's own seat («din tur», not «sin tur»), else "to play".
 * @param {View} view
 * @param {number} seat
 * @param {number | null} thinking the computer seat that is thinking, if any
 */
export function turnBadgeText(view, seat, thinking) {
  if (thinking === seat) return t("seat.thinking");
  return isPerson(view, seat) ? t("seat.yourTurn") : t("seat.toMove");
}

/** The panel of one seat (also used for the person's own line above the hand). */
export function seatPanel(view, seat, state) {
  const name = seatName(view, seat);
  const short = seatShort(view, seat);
  const count = view.hand_counts[seat];
  const turn = view.to_move === seat && !["round_over", "match_over"].includes(view.phase);
  const down = view.game === "tress" && isDown(view, seat);
  const kind = view.seat_kinds?.[seat];
  const level = kind && kind !== "human" ? t(`level.${kind}.name`) : null;
  const call = state.calls?.get(seat);
  const panel = h("section.seat", {
    class: [turn ? "turn" : "", down ? "down" : ""].join(" ").trim() || undefined,
    dataset: { seat: String(seat), testid: `seat-${seat}` },
    "aria-label": t("seat.summary", { name, count }),
  }, [
    h("span.avatar", { "aria-hidden": "true", dataset: { length: String(Math.min(short.length, 3)) }, text: short }),
    h("div.seat-text", {}, [
      h("span.seat-name", { text: name }),
      level ? h("span.seat-level", { text: level }) : null,
      h("span.seat-count", { text: t("seat.cards", { count }), dataset: { testid: `seat-count-${seat}` } }),
      runningScore(view, seat),
    ]),
    h("div.seat-badges", {}, [
      down ? h("span.badge.badge-down", { text: t("seat.down") }) : null,
      turn ? h("span.badge.badge-turn", { text: turnBadgeText(view, seat, state.thinking) }) : null,
      call ? h("span.badge.badge-call", { text: call }) : null,
    ]),
  ]);
  const avatar = panel.querySelector(".avatar");
  avatar.style.backgroundColor = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  avatar.style.color = SEAT_INK[seat % SEAT_INK.length];
  if (SEAT_INK[seat % SEAT_INK.length] !== "#fff") avatar.style.textShadow = "none";
  return panel;
}
