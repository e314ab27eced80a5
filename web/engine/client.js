// The engine's bridge methods as functions, one per method (docs/engine-protocol.md), with the
// types of what they take and answer (docs/formats.md). Nothing else in the page names a method.
//
//   import * as bridge from "./client.js";
//   const { view } = await bridge.newMatch(engine, { game: "tress", options: {}, seats });

/** @typedef {import("./engine.js").Engine} Engine */
/** @typedef {import("./engine.js").EngineError} EngineError an answer's error: `type` is the bridge's error type */

/**
 * A card key: the face plus `.n` for copy n > 0 ("9H", "9H.1", "10S", "JK.2").
 * @typedef {string} CardKey
 */

/**
 * A meld as a view shows it.
 * @typedef {{id: number, owner: number, kind: "set"|"run", cards: CardKey[], faces: string[],
 *   start: number|null, locked?: boolean}} ViewMeld
 */

/**
 * A meld in an action: a run's cards low to high; `start` only when the order is ambiguous.
 * @typedef {{kind: "set"|"run", cards: CardKey[], start?: number}} ActionMeld
 */

/**
 * An action: `kind` and `seat` and the fields of that kind (Tress: draw_stock, draw_discard,
 * call, grant, lay_down {melds}, lay_off {card, meld, end}, swap_joker {card, meld}, discard
 * {card}, next_round; Take: draw_stock, draw_discard, lay_down {cards, start?}, extend {meld,
 * cards, end}, discard {card}, next_hand).
 * @typedef {{kind: string, seat: number, card?: CardKey, cards?: CardKey[], melds?: ActionMeld[],
 *   meld?: number, end?: "low"|"high", start?: number}} Action
 */

/**
 * An event as the person's seat may see it (a secret detail is null): `kind` plus its data.
 * @typedef {{kind: string, seat?: number, card?: CardKey|null, source?: "stock"|"discard",
 *   meld_id?: number, meld?: ViewMeld, cards?: CardKey[], end?: "low"|"high", [key: string]: any}} GameEvent
 */

/** @typedef {"draw"|"claim"|"play"|"round_over"|"match_over"} Phase */

/**
 * Tress: the "take it" window open now (T-15 to T-19): `id` names the card on the pile (each
 * window's differs from the one before), open until the player due to draw draws or, with the
 * until_discard option, discards.
 * @typedef {{id: string, card: CardKey, until: "draw"|"discard"}} TakeWindow
 */

/**
 * The person's seat's view of a game (docs/formats.md, "Views"): the common keys, then Tress's
 * (contract .. stale_restocks) and Take's (target, bottom_added, the running score table_points and hand_points).
 * @typedef {{game: "tress"|"take", schema: number, seat: number, players: number, phase: Phase,
 *   to_move: number|null, dealer: number, round: number, hand: CardKey[], hand_counts: number[],
 *   stock_count: number, discard_top: CardKey|null, discard_count: number, discard_dead: boolean,
 *   drawn_from_discard: CardKey|null, melds: ViewMeld[], scores: number[], round_scores: number[][],
 *   last_result: Record<string, any>|null, winners: number[], legal_actions: Action[],
 *   options: Record<string, any>, log: GameEvent[], seat_kinds?: string[], undo?: number,
 *   contract?: {sets: number, runs: number, all_cards: boolean}, down?: boolean[], claims?: number[],
 *   claims_used?: number[], penalty_cards?: number, stale_restocks?: number, take_window?: TakeWindow | null,
 *   target?: number, bottom_added?: {meld_id: number, cards: CardKey[]}[], table_points?: number[], hand_points?: number}} View
 */

/**
 * One house rule of a game's options schema.
 * @typedef {{name: string, type: "int"|"bool"|"choice", default: any, rule: string, text: string,
 *   minimum?: number, maximum?: number, nullable?: boolean, choices?: string[]}} OptionItem
 */

/**
 * What the start screen needs to know of the games.
 * @typedef {{games: Record<string, {players: {min: number, max: number, default: number},
 *   options: OptionItem[], levels: string[]}>}} Catalog
 */

/** @typedef {{game: string, position: string, seats: string[], seed: number}} Save */
/**
 * @typedef {{game: string, players: number, seats: string[], human: number|null, phase: Phase,
 *   round: number, target: number|null, scores: number[], moves: number}} SaveSummary
 */
/** @typedef {{view: View, events: GameEvent[]}} Played */
/** @typedef {{seat: number, call: boolean, delay_ms: number, cut_short: boolean}} ClaimOffer */
/**
 * Why a computer player chose its move (docs/formats.md, "Reasons"): `id` from a closed set
 * ("discard.cost", "claim.closer", ...), `params` JSON values (card keys, seats from 0, points,
 * counts; `reason` a wrapped `{id, params}`), `text` the plain English form.
 * @typedef {{id: string, params: Record<string, any>, text: string}} Reason
 */
/** @typedef {{can_call: boolean, fits: boolean}} ClaimPerson whether the person may call, and whether the card fits his hand */

/**
 * @param {Engine} engine
 * @param {{deadlineMs?: number}} [options]
 * @returns {Promise<{version: string, python: string}>}
 */
export const version = (engine, options) => engine.call("version", {}, options);

/** @param {Engine} engine @returns {Promise<Catalog>} */
export const catalog = (engine) => engine.call("catalog");

/**
 * Start a match; seats per seat "human" or a computer level (no "human": watch mode).
 * @param {Engine} engine
 * @param {{game: string, options: Record<string, any>, seats: string[], seed?: number}} params
 * @returns {Promise<Played & {seed: number}>}
 */
export const newMatch = (engine, params) => engine.call("new_match", params);

/** @param {Engine} engine @returns {Promise<{view: View}>} */
export const state = (engine) => engine.call("state");

/**
 * Play the person's action; refused with an IllegalActionError or MalformedActionError.
 * @param {Engine} engine
 * @param {Action} action
 * @returns {Promise<Played>}
 */
export const act = (engine, action) => engine.call("act", { action });

/**
 * Take back the person's last table move of this turn (lay down, lay off, joker swap, extension);
 * `view.undo` says how many can be. Nothing to take back is a `not_now` error.
 * @param {Engine} engine @returns {Promise<{events: GameEvent[], view: View}>}
 */
export const undo = (engine) => engine.call("undo");

/**
 * Let the computer seat to move play, or `{idle: true}` when no computer seat is to move.
 * @param {Engine} engine
 * @returns {Promise<Played & {seat?: number, action?: Action, reason?: Reason, cut_short?: boolean, idle?: boolean}>}
 */
export const botStep = (engine) => engine.call("bot_step");

/**
 * Have the computer seat to move work out its move now, for the next `botStep` to make; nothing
 * changes at the table (a move the person makes first has it worked out anew).
 * @param {Engine} engine @returns {Promise<{seat?: number, idle?: boolean}>}
 */
export const botThink = (engine) => engine.call("bot_think");

/** Tress: each computer seat's "take it" decision and reaction delay (milliseconds), and whether
 * the card fits the person's hand (`person` null in watch mode).
 * @param {Engine} engine @returns {Promise<{offers: ClaimOffer[], person: ClaimPerson | null}>} */
export const claimOffers = (engine) => engine.call("claim_offers");

/** Tress: that computer seat calls "take it" now.
 * @param {Engine} engine @param {number} seat @returns {Promise<Played>} */
export const botClaim = (engine, seat) => engine.call("bot_claim", { seat });

/** The normal computer player's move for the person (`action: null`: let the card go).
 * @param {Engine} engine @returns {Promise<{action: Action|null, reason: Reason}>} */
export const hint = (engine) => engine.call("hint");

/** Tress: the ways to lay down exactly these cards.
 * @param {Engine} engine @param {CardKey[]} cards @returns {Promise<{lay_downs: Action[]}>} */
export const arrangements = (engine, cards) => engine.call("arrangements", { cards });

/** @param {Engine} engine @returns {Promise<Save>} */
export const save = (engine) => engine.call("save");

/** Load a save in place of the match in progress (a corrupt one is a PositionError and changes nothing).
 * @param {Engine} engine @param {Save} saved @returns {Promise<{view: View}>} */
export const load = (engine, saved) => engine.call("load", saved);

/** Check a save as `load` would, without touching the match in progress.
 * @param {Engine} engine @param {Save} saved @returns {Promise<{ok: true, summary: SaveSummary}>} */
export const checkSave = (engine, saved) => engine.call("check_save", saved);
