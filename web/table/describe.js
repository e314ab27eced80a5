// Moves in words: the hint, the choices in dialogs, and what an extension in Take will do.

import { cardName, cardSVG, parseCard, rankValue } from "./cards.js";
import { h } from "../app/dom.js";
import { actionMeld } from "./actions.js";
import { has, t, list } from "../i18n/index.js";
import { ownerMeld, seatCase, seatName } from "./seats.js";

/** @typedef {import("../engine/client.js").View} View */
/** @typedef {import("../engine/client.js").Action} Action */

// `faces`: what each joker stands for, in the order of `keys` (a meld's faces).
const names = (keys, faces = []) => list(keys.map((key, i) => cardName(key, faces[i])));
// In a sentence each card gets its article where the language has one ("the seven of hearts").
const named = (keys, faces = [], role = "") => list(keys.map((key, i) => t("act.theCard", { card: cardName(key, faces[i], role) })));

/**
 * Describe an action for the person ("Discard the seven of hearts").
 * @param {View} view
 * @param {Action} action engine action JSON
 * @param {{short?: boolean, takeOverSaid?: boolean}} [options] short: for buttons in a choice
 *   dialog; takeOverSaid: a sentence next to this one says already that an extension takes the
 *   sequence over (the hint's reason), so this one leaves it out (see takePreview)
 */
export function describeAction(view, action, { short = false, takeOverSaid = false } = {}) {
  const meldOf = (id) => view.melds.find((m) => m.id === id);
  switch (action.kind) {
    case "draw_stock":
      // With a call pending, drawing from the stock lets the caller have the card (T-17): the
      // words name the button that does it.
      return view.phase === "claim"
        ? t("act.grantByStock", { name: seatName(view, (view.claims ?? [])[0] ?? view.seat) })
        : t("act.drawStock");
    case "draw_discard":
      // The drawer keeping the called card (T-17) is the answer panel's "Take it myself".
      return t(view.phase === "claim" ? "act.keepDiscard" : "act.drawDiscard", { card: cardName(view.discard_top) });
    case "call":
      return t("act.call", { card: cardName(view.discard_top) });
    case "grant":
      return t("act.grant", { name: seatName(view, (view.claims ?? [])[0] ?? view.seat) });
    case "lay_down":
      if (action.melds) {
        const melds = action.melds.map((m) => `${t(`melds.${m.kind}`)}: ${names(m.cards, meldFaces(m))}`).join(" · ");
        // The hint's form is a sentence, with its full stop; a chooser's label is the melds alone.
        return short ? melds : `${t("act.layDown")} ${melds}.`;
      }
      return t("act.laySequence", { cards: named(action.cards, meldFaces({ kind: "run", ...action })) });
    case "lay_off": {
      const meld = meldOf(actionMeld(action));
      const where = meld ? meldWords(view, meld) : "";
      // "{face}" is empty unless a joker moves: no space is left before the bracket then.
      const side = t(`act.end.${action.end}`, { face: jokerFace(meld, action) }).trim();
      const end = meld?.kind === "run" ? ` (${side})` : "";
      // The long form is a sentence (the hint): it ends with a full stop, as in all three languages.
      return short ? t("act.endOnly", { end: side, card: cardName(action.card) })
        : `${t("act.layOff", { card: cardName(action.card), meld: where })}${end}.`;
    }
    case "extend": {
      const meld = meldOf(actionMeld(action));
      const faces = extendFaces(meld, action);
      // The cards are the verb's object («Додайте вісімку бубон»): the accusative.
      const text = t("act.extend", { cards: named(action.cards, faces, "acc"), meld: meld ? meldWords(view, meld) : "" });
      const end = t(`act.end.${action.end}`, { face: "" }).trim();
      const preview = takePreview(view, action, { takeOverSaid });
      // On a button the preview follows a dash; in the hint it is a sentence of its own.
      if (short) return [`${names(action.cards, faces)} · ${end}`, preview].filter(Boolean).join(" — ");
      return [`${text} (${end}).`, preview].filter(Boolean).join(" ");
    }
    case "swap_joker":
      return t("act.swap", { card: cardName(action.card) });
    case "discard":
      return t("act.discard", { card: cardName(action.card) });
    case "next_round":
    case "next_hand":
      return t("act.next");
    default:
      return action.kind;
  }
}

function meldWords(view, meld) {
  return ownerMeld(view, meld.owner, meld.kind);
}

/** For a joker laid off at a run's end: what it will stand for ("as the nine of hearts"). */
function jokerFace(meld, action) {
  if (!meld || !parseCard(action.card).joker || meld.kind !== "run") return "";
  const faces = meld.faces ?? [];
  const edge = action.end === "low" ? faces[0] : faces.at(-1);
  if (!edge) return "";
  const { rank, suit } = parseCard(edge);
  let value = rankValue(rank);
  if (action.end === "low" && value === 14) value = 1;
  if (action.end === "low" && meld.start === 1 && edge === faces[0]) value = 1;
  const next = action.end === "low" ? value - 1 : value + 1;
  const text = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" }[next] ?? String(next);
  return next >= 1 && next <= 14 ? t("act.asFace", { card: cardName(`${text}${suit}`) }) : "";
}

/**
 * Take: what an extension will do to ownership — "you will take this over from West",
 * "this locks it" — or null when it changes nothing worth saying.
 * @param {View} view @param {Action} action
 * @param {{takeOverSaid?: boolean}} [options] takeOverSaid: the take-over is told elsewhere
 *   (the hint's reason), so only the lock is left to say
 * @returns {string | null}
 */
export function takePreview(view, action, { takeOverSaid = false } = {}) {
  if (view.game !== "take" || action.kind !== "extend") return null;
  const meld = view.melds.find((m) => m.id === actionMeld(action));
  if (!meld || action.end !== "high") return null;
  const faces = meld.faces ?? meld.cards;
  const top = parseCard(faces.at(-1));
  let topValue = rankValue(top.rank);
  if (topValue === 14 && faces.length > 1 && meld.start === 1) topValue = 1;
  const newTop = topValue + action.cards.length;
  const locks = newTop >= 14;
  const takes = meld.owner !== view.seat && !takeOverSaid;
  if (takes && locks) return t("preview.takeAndLock", { name: seatCase(view, meld.owner, "obj") });
  if (takes) return t("preview.takeOver", { name: seatCase(view, meld.owner, "obj") });
  if (locks) return t("preview.lock");
  return null;
}

const RANK_TEXT = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" };

/**
 * Take: what each card of an extension stands for, low to high as the cards are given (K-5):
 * a joker's face follows from its place above the top or below the bottom of the sequence.
 * @param {import("../engine/client.js").ViewMeld | undefined} meld the sequence extended
 * @param {Action} action an `extend` action
 * @returns {(string | null)[]} a face key per card ("10S"), null where none can be told
 */
export function extendFaces(meld, action) {
  const faces = meld?.faces ?? meld?.cards ?? [];
  const cards = action.cards ?? [];
  const natural = faces.map((key) => parseCard(key)).find((card) => !card.joker);
  if (!faces.length || !natural) return cards.map(() => null);
  let bottom = rankValue(parseCard(faces[0]).rank);
  if (bottom === 14) bottom = 1;  // an ace at the bottom of a sequence is low
  const first = action.end === "low" ? bottom - cards.length : bottom + faces.length;
  return cards.map((key, i) => {
    const card = parseCard(key);
    if (!card.joker) return `${card.rank}${card.suit}`;
    const value = first + i;
    return value >= 1 && value <= 14 ? `${RANK_TEXT[value] ?? String(value)}${natural.suit}` : null;
  });
}

/**
 * What each card of a meld about to be laid stands for ("6H", or "K" in a set): naturals show
 * themselves; a joker's place in a run (cards low to high) or the set's rank decides its face.
 */
export function meldFaces(meld) {
  const cards = meld.cards.map((key) => parseCard(key));
  const naturals = cards.filter((c) => !c.joker);
  if (!naturals.length) return meld.cards.map(() => null);
  if (meld.kind === "set") return cards.map((c) => (c.joker ? naturals[0].rank : `${c.rank}${c.suit}`));
  const suit = naturals[0].suit;
  let start = meld.start ?? null;
  if (start === null) {
    const index = cards.findIndex((c) => !c.joker && c.rank !== "A");
    if (index >= 0) start = rankValue(cards[index].rank) - index;
    else start = cards.findIndex((c) => !c.joker) === 0 ? 1 : 14 - (cards.length - 1);
  }
  return cards.map((c, i) => {
    if (!c.joker) return `${c.rank}${c.suit}`;
    const value = start + i;
    return `${RANK_TEXT[value] ?? String(value)}${suit}`;
  });
}

/** Small cards of a meld about to be laid, jokers with their stand-ins. */
export function layDownPreview(action) {
  const melds = action.melds ?? [{ kind: "run", cards: action.cards, start: action.start }];
  return melds.map((meld) => {
    const faces = meldFaces(meld);
    return h("span.dialog-meld", {}, meld.cards.map((key, i) => h("span.card.mini-card", { "aria-hidden": "true" }, [
      cardSVG(key, { face: key.startsWith("JK") ? faces[i] ?? undefined : undefined }),
    ])));
  });
}

/** Small cards of a meld, for dialogs. */
export function meldPreview(meld) {
  if (!meld) return [];
  return meld.cards.map((key, i) => h("span.card.mini-card", { role: "img", "aria-label": cardName(key, meld.faces?.[i]) }, [
    cardSVG(key, { face: key.startsWith("JK") ? meld.faces?.[i] : undefined }),
  ]));
}

// Reasons: why the computer chose a move, as an id and params (docs/formats.md, "Reasons"),
// worded from the i18n block `reason`.

const capital = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The meld `id` on the table in words ("West’s set"), or a plain "a meld on the table". */
function reasonMeld(view, id) {
  const meld = view?.melds?.find((m) => m.id === id);
  return meld ? ownerMeld(view, meld.owner, meld.kind) : t("reason.words.meld");
}

/** True when the page has words for `reason` (and for the reason it wraps, if any). */
function worded(reason) {
  if (!reason || typeof reason.id !== "string" || reason.id.startsWith("words.") || !has(`reason.${reason.id}`)) return false;
  const inner = reason.params?.reason;
  return inner === undefined || worded(inner);
}

/** The placeholders of a reason's template, from its params (card keys in words, seats by name, counts). */
function reasonWords(view, id, params) {
  const words = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (name === "card") words.card = cardName(value);
    // A new sequence's jokers are named by the card they stand for; on a meld the action line says where.
    else if (name === "cards") words.cards = named(value, id.endsWith("_lay") ? meldFaces({ kind: "run", cards: value }) : []);
    else if (name === "melds") words.cards = t("reason.words.cards", { count: value.flat().length });
    else if (name === "caller" || name === "owner") words[name] = seatName(view, value);
    else if (name === "meld") words.meld = reasonMeld(view, value);
    else if (name === "points" || name === "margin") words[name] = t("reason.words.points", { count: value });
    else if (name === "away" || name === "outs" || name === "size") words[name] = t("reason.words.cards", { count: value });
    else if (name === "worlds") words.worlds = t("reason.words.deals", { count: value });
    else if (name === "options") words.options = t("reason.words.options", { count: value });
    else if (name === "reason") words.reason = describeReason(view, value);
    else words[name] = value;
  }
  return words;
}

/**
 * Why the computer chose a move, in the page's language: the template of the reason's id filled
 * from its params; a reason the page has no words for shows the engine's English text.
 * @param {View | null} view the person's view (seat names, melds on the table)
 * @param {import("../engine/client.js").Reason | null | undefined} reason
 * @returns {string} e.g. "The king of spades (10 points) is the card you need least: …"
 */
export function describeReason(view, reason) {
  if (!reason) return "";
  if (!worded(reason)) return String(reason.text ?? "");
  return capital(t(`reason.${reason.id}`, reasonWords(view, reason.id, reason.params)));
}

/** True when `reason`, or a reason it wraps (a look-ahead's), is the take-over's (K-12). */
function saysTakeOver(reason) {
  if (!reason || !worded(reason)) return false;
  return reason.id === "play.take_over" || saysTakeOver(reason.params?.reason);
}

/**
 * The hint's two parts in words: the move and why. When the reason says the move takes a
 * sequence over (K-12), the move's own take-over sentence is left out, so the hint says it once.
 * @param {View} view the person's view
 * @param {Action | null} action the suggested move (null: let a take-it chance go)
 * @param {import("../engine/client.js").Reason | null | undefined} reason the computer's reason
 * @returns {{text: string, why: string}} text: the move, or the words for letting the card go
 */
export function describeHint(view, action, reason) {
  const text = action ? describeAction(view, action, { takeOverSaid: saysTakeOver(reason) }) : t("hint.pass");
  return { text, why: describeReason(view, reason) };
}
