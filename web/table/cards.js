// Playing cards drawn as SVG, and their names in words.
//
// A card key is the engine's name of one physical card: "9H", "10D", "QS.1" (second deck),
// "JK", "JK.2". A face is what a card shows or, for a joker on the table, stands for:
// "6H", or a bare rank "K" for a joker in a set.

import { language, t } from "../i18n/index.js";

const SVG = "http://www.w3.org/2000/svg";
export const SUITS = ["S", "H", "D", "C"];
const RANK_ORDER = { A: 14, K: 13, Q: 12, J: 11 };

const SUIT_COLOURS = {
  standard: { S: "#1b1b1f", H: "#c4162a", D: "#c4162a", C: "#1b1b1f" },
  four: { S: "#1b1b1f", H: "#c4162a", D: "#1460b8", C: "#17803d" },
};

let deckStyle = "standard";

/** "standard" (two colours) or "four" (four colours). */
export function setDeckStyle(style) {
  deckStyle = style === "four" ? "four" : "standard";
  document.documentElement.classList.toggle("four-colour", deckStyle === "four");
}

export function getDeckStyle() {
  return deckStyle;
}

/**
 * Split a card key or face into parts.
 * @returns {{joker: boolean, rank: string|null, suit: string|null, copy: number}}
 */
export function parseCard(text) {
  const [base, copy] = String(text).split(".");
  if (base.startsWith("JK")) return { joker: true, rank: null, suit: null, copy: Number(copy ?? 0) };
  const suit = SUITS.includes(base.at(-1)) ? base.at(-1) : null;
  const rank = suit ? base.slice(0, -1) : base;
  return { joker: false, rank, suit, copy: Number(copy ?? 0) };
}

/** Rank value 2..14 (ace high) of "2".."10", "J", "Q", "K", "A"; 0 for none. */
export function rankValue(rank) {
  if (!rank) return 0;
  return RANK_ORDER[rank] ?? Number(rank);
}

/** The short rank as printed on cards in the current language ("J" / "Kn" / "В"). */
export function rankLabel(rank) {
  return RANK_ORDER[rank] ? t(`cards.short.${rank}`) : rank;
}

/** The suit as a symbol, for compact labels. */
export function suitSymbol(suit) {
  return { S: "♠", H: "♥", D: "♦", C: "♣" }[suit] ?? "";
}

/**
 * A card as a compact label, rank as printed on cards then suit symbol ("K♠", "Kn♠", "В♠").
 * @param {string} key the card key
 * @param {string} joker the label of a joker
 */
export function shortLabel(key, joker) {
  const card = parseCard(key);
  return card.joker ? joker : `${rankLabel(card.rank)}${suitSymbol(card.suit)}`;
}

/**
 * Words for a natural face: "seven of hearts", or a bare rank: "king".
 * @param {string} face
 * @param {string} [role] "acc" for the object of a verb: `cards.acc.rank`, the accusative in
 *   Ukrainian («шістку треф»), the usual words in English and Norwegian
 */
export function faceName(face, role = "") {
  const { rank, suit } = parseCard(face);
  const rankWord = t(role ? `cards.${role}.rank.${rank}` : `cards.rank.${rank}`);
  if (!suit) return rankWord;
  return t("cards.name", { rank: rankWord, suit: t(`cards.suit.${suit}`) });
}

/**
 * Accessible name of a card: "seven of hearts", "joker", "joker as the six of clubs".
 * @param {string} key the card key
 * @param {string} [face] what a joker stands for on the table
 * @param {string} [role] "acc": the card as the object of a verb (see faceName)
 */
export function cardName(key, face, role = "") {
  const card = parseCard(key);
  if (!card.joker) return faceName(key, role);
  const word = (name) => (role ? `cards.${role}.${name}` : `cards.${name}`);
  if (face && !face.startsWith("JK")) return t(word("jokerAs"), { card: faceName(face) });
  return t(word("joker"));
}

/** Sort keys by suit (spades, hearts, clubs, diamonds alternate colours) then rank; jokers last. */
export function sortBySuit(keys) {
  const suitOrder = { S: 0, H: 1, C: 2, D: 3 };
  return [...keys].sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    if (x.joker || y.joker) return Number(x.joker) - Number(y.joker) || x.copy - y.copy;
    return suitOrder[x.suit] - suitOrder[y.suit] || rankValue(x.rank) - rankValue(y.rank) || x.copy - y.copy;
  });
}

/** Sort keys by rank then suit; jokers last. */
export function sortByRank(keys) {
  const suitOrder = { S: 0, H: 1, C: 2, D: 3 };
  return [...keys].sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    if (x.joker || y.joker) return Number(x.joker) - Number(y.joker) || x.copy - y.copy;
    return rankValue(x.rank) - rankValue(y.rank) || suitOrder[x.suit] - suitOrder[y.suit] || x.copy - y.copy;
  });
}

// ------------------------------------------------------------------ SVG drawing

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

const SUIT_PATHS = {
  H: ["M50 92C22 66 3 50 3 29C3 14 14 4 28 4C38 4 46 10 50 19C54 10 62 4 72 4C86 4 97 14 97 29C97 50 78 66 50 92Z"],
  D: ["M50 2L88 50L50 98L12 50Z"],
  S: ["M50 3C60 22 97 38 97 62C97 76 87 85 74 85C65 85 58 80 54 73C55 83 59 91 67 97H33C41 91 45 83 46 73C42 80 35 85 26 85C13 85 3 76 3 62C3 38 40 22 50 3Z"],
  C: [
    "M50 7A20 20 0 1 1 49.9 7Z",
    "M27 41A20 20 0 1 1 26.9 41Z",
    "M73 41A20 20 0 1 1 72.9 41Z",
    "M46 55C46 76 41 89 33 97H67C59 89 54 76 54 55Z",
  ],
};

/** A suit symbol of `size` with its top-left corner at (x, y). */
function suitShape(suit, x, y, size, colour, parent) {
  const group = el("g", { transform: `translate(${x} ${y}) scale(${size / 100})`, fill: colour }, parent);
  for (const d of SUIT_PATHS[suit]) el("path", { d }, group);
  return group;
}

function text(content, attrs, parent) {
  const node = el("text", attrs, parent);
  node.textContent = content;
  return node;
}

/** Corner index: rank above suit, at the top-left; the same turned round at the bottom-right. */
function corners(label, suit, colour, svg) {
  for (const turn of [0, 180]) {
    const group = el("g", { transform: `rotate(${turn} 50 70)` }, svg);
    const narrow = label.length > 1;
    text(label, {
      x: 12, y: 25, "text-anchor": "middle", "font-size": narrow ? 19 : 23, "font-weight": 700,
      fill: colour, "font-family": "system-ui, sans-serif", "letter-spacing": narrow ? -1.5 : 0,
    }, group);
    if (suit) suitShape(suit, 4, 30, 16, colour, group);
  }
}

/** Pip layouts (centres in a 100x140 card) for 2..10. */
const PIPS = {
  2: [[50, 30], [50, 110]],
  3: [[50, 30], [50, 70], [50, 110]],
  4: [[34, 30], [66, 30], [34, 110], [66, 110]],
  5: [[34, 30], [66, 30], [50, 70], [34, 110], [66, 110]],
  6: [[34, 30], [66, 30], [34, 70], [66, 70], [34, 110], [66, 110]],
  7: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [34, 110], [66, 110]],
  8: [[34, 30], [66, 30], [50, 50], [34, 70], [66, 70], [50, 90], [34, 110], [66, 110]],
  9: [[34, 28], [66, 28], [34, 56], [66, 56], [50, 70], [34, 84], [66, 84], [34, 112], [66, 112]],
  10: [[34, 28], [66, 28], [50, 42], [34, 56], [66, 56], [34, 84], [66, 84], [50, 98], [34, 112], [66, 112]],
};

/**
 * Draw a card as an <svg> (decorative: the element around it carries the name).
 * @param {string|null} key card key, or null for a card back
 * @param {{face?: string}} [options] for jokers on the table: the stand-in face
 */
export function cardSVG(key, { face } = {}) {
  // Drawing a card builds dozens of nodes; a copy of a finished one is much cheaper.
  const id = `${key}|${face ?? ""}|${deckStyle}|${language()}`;
  let master = drawn.get(id);
  if (!master) {
    master = drawCard(key, face);
    drawn.set(id, master);
  }
  return master.cloneNode(true);
}

const drawn = new Map();

function drawCard(key, face) {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  if (key == null) return drawBack(svg);
  el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: "#fffefa", stroke: "#9a978c", "stroke-width": 1.5 }, svg);
  const card = parseCard(key);
  if (card.joker) return drawJoker(svg, face);
  const colour = SUIT_COLOURS[deckStyle][card.suit];
  const value = rankValue(card.rank);
  corners(rankLabel(card.rank), card.suit, colour, svg);
  if (value >= 2 && value <= 10) {
    const size = value >= 9 ? 20 : 22;
    for (const [cx, cy] of PIPS[value]) {
      const pip = suitShape(card.suit, cx - size / 2, cy - size / 2, size, colour, svg);
      if (cy > 70) pip.setAttribute("transform", `rotate(180 ${cx} ${cy}) translate(${cx - size / 2} ${cy - size / 2}) scale(${size / 100})`);
    }
  } else if (value === 14) {
    suitShape(card.suit, 25, 45, 50, colour, svg);
  } else {
    el("rect", { x: 24, y: 22, width: 52, height: 96, rx: 5, fill: tint(card.suit), stroke: colour, "stroke-width": 1.5 }, svg);
    text(rankLabel(card.rank), {
      x: 50, y: 78, "text-anchor": "middle", "font-size": rankLabel(card.rank).length > 1 ? 30 : 40,
      "font-weight": 800, fill: colour, "font-family": "Georgia, serif",
    }, svg);
    suitShape(card.suit, 40, 88, 20, colour, svg);
  }
  return svg;
}

function tint(suit) {
  return { S: "#eef0f6", H: "#fbecec", D: deckStyle === "four" ? "#e9f0fb" : "#fbecec", C: deckStyle === "four" ? "#e8f5ec" : "#eef0f6" }[suit];
}

function drawJoker(svg, face) {
  const stand = face && !face.startsWith("JK") ? parseCard(face) : null;
  for (const turn of [0, 180]) {
    const group = el("g", { transform: `rotate(${turn} 50 70)` }, svg);
    if (stand) {
      // On the table the corner shows what the joker stands for, so it reads even when overlapped.
      el("rect", { x: 2, y: 3, width: 22, height: stand.suit ? 46 : 30, rx: 5, fill: "#6a2c91" }, group);
      const label = rankLabel(stand.rank);
      text(label, {
        x: 13, y: 23, "text-anchor": "middle", "font-size": label.length > 1 ? 15 : 19, "font-weight": 700,
        fill: "#fff", "font-family": "system-ui, sans-serif",
      }, group);
      if (stand.suit) suitShape(stand.suit, 5, 29, 16, "#fff", group);
    } else {
      [...t("cards.jokerWord")].slice(0, 6).forEach((letter, i) => {
        text(letter, { x: 11, y: 20 + i * 13, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#6a2c91", "font-family": "system-ui, sans-serif" }, group);
      });
    }
  }
  el("path", {
    d: "M50 44L57 63L78 63L61 75L68 96L50 83L32 96L39 75L22 63L43 63Z",
    fill: "#f0b429", stroke: "#6a2c91", "stroke-width": 2.5, "stroke-linejoin": "round",
  }, svg);
  return svg;
}

function drawBack(svg) {
  el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: "#8e1f2c", stroke: "#fff", "stroke-width": 2 }, svg);
  el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "none", stroke: "#f3d9a4", "stroke-width": 1.5 }, svg);
  for (let i = -6; i < 12; i++) {
    el("path", { d: `M${8 + i * 12} 132L${8 + i * 12 + 84} 8`, stroke: "#a8343f", "stroke-width": 3 }, svg);
  }
  el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "none", stroke: "#f3d9a4", "stroke-width": 1.5 }, svg);
  el("path", { d: "M50 46L66 70L50 94L34 70Z", fill: "#f3d9a4" }, svg);
  return svg;
}
