// The computer's reasons (web/table/describe.js describeReason): every reason id of the engine
// (docs/formats.md, "Reasons") has a text in English, Norwegian Bokmål and Ukrainian with the same
// placeholders, each one a param of that id can fill; each reads as a sentence in each language,
// cards and seats in words; an id the page does not know shows the engine's English text.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

// setLanguage() writes <html lang>; describing a reason needs nothing else of a page.
globalThis.document ??= /** @type {any} */ ({ documentElement: {} });

const { default: en } = await import("../../web/i18n/en.js");
const { default: nb } = await import("../../web/i18n/nb.js");
const { default: uk } = await import("../../web/i18n/uk.js");
const { setLanguage } = await import("../../web/i18n/index.js");
const { describeReason } = await import("../../web/table/describe.js");

const DICTIONARIES = { en, nb, uk };

/** The "Reasons" table of docs/formats.md: id -> its params. */
function documented() {
  const text = readFileSync(new URL("../../docs/formats.md", import.meta.url), "utf8");
  const section = text.split("## Reasons")[1];
  const rows = [...section.matchAll(/^\| `([a-z_]+\.[a-z_]+)` \| ([^|]*) \|/gm)];
  return new Map(rows.map(([, id, params]) => [id, [...params.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])]));
}

const REASONS = documented();

// The placeholders each param fills (describe.js reasonWords).
const FILLS = {
  card: ["card"], cards: ["cards"], melds: ["cards"], caller: ["caller"], owner: ["owner"], meld: ["meld"],
  points: ["points"], margin: ["margin"], away: ["away"], outs: ["outs"], size: ["size"], worlds: ["worlds"],
  options: ["options"], reason: ["reason"], count: ["count"], end: ["end"],
};

const lookup = (dict, id) => id.split(".").reduce((node, part) => node?.[part], dict.reason);

function placeholders(value) {
  const strings = typeof value === "string" ? [value] : Object.values(value);
  return [...new Set(strings.flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
}

// Sample params of each kind, and the view they are read against (West calls; meld 2 is West's set).
const view = {
  game: "tress", seat: 0, players: 3, seat_kinds: ["human", "normal", "normal"],
  melds: [{ id: 2, owner: 1, kind: "set", cards: ["6C", "6D", "6H"], faces: ["6C", "6D", "6H"], start: null, locked: false }],
};
const SAMPLE = {
  card: "KS", cards: ["7H", "8H", "9H"], melds: [["4H", "4S", "4C"], ["6D", "7D", "8D", "9D"]], caller: 1, owner: 1,
  meld: 2, end: "high", points: 10, margin: 4, away: 2, outs: 7, size: 5, worlds: 16, options: 3, count: 12,
  reason: { id: "discard.points", params: { card: "KS", points: 10 } },
};
const sample = (id) => ({ id, params: Object.fromEntries(REASONS.get(id).map((name) => [name, SAMPLE[name]])), text: `english ${id}` });

test("the documented set is not empty and every param has its words", () => {
  assert.ok(REASONS.size >= 30, `only ${REASONS.size} reasons documented`);
  for (const [id, params] of REASONS) for (const name of params) assert.ok(FILLS[name], `${id}: no words for param ${name}`);
});

test("every reason id has a text in every language, with the same placeholders, all filled by its params", () => {
  for (const [id, params] of REASONS) {
    const english = lookup(en, id);
    assert.ok(english, `en: no text for ${id}`);
    const fillable = new Set(params.flatMap((name) => FILLS[name]));
    for (const name of placeholders(english)) assert.ok(fillable.has(name), `${id}: {${name}} is no param of it`);
    for (const [code, dict] of Object.entries(DICTIONARIES)) {
      const text = lookup(dict, id);
      assert.ok(text, `${code}: no text for ${id}`);
      assert.deepEqual(placeholders(text), placeholders(english), `${code} ${id}: other placeholders than English`);
    }
  }
});

test("each reason reads as a sentence in each language, nothing left of its keys or params", () => {
  for (const code of Object.keys(DICTIONARIES)) {
    setLanguage(code, { remember: false });
    for (const id of REASONS.keys()) {
      const text = describeReason(view, sample(id));
      assert.doesNotMatch(text, /⟦|\{\w+\}|undefined|NaN|\[object |english /, `${code} ${id}: ${text}`);
      assert.match(text, /^\p{Lu}/u, `${code} ${id} starts in lower case: ${text}`);
      assert.doesNotMatch(text, /\b(?:KS|7H|P2|#2)\b/, `${code} ${id} shows a key: ${text}`);
    }
  }
});

test("cards, seats, melds and counts are in words: a few lines word for word", () => {
  setLanguage("en", { remember: false });
  assert.equal(describeReason(view, sample("discard.cost")),
    "The king of spades (10 points) is the card you need least: your contract is 2 cards away, with 7 cards still unseen that would help.");
  assert.equal(describeReason(view, sample("claim.grant")),
    "The king of spades does not help you: let West have it and draw from the stock.");
  assert.equal(describeReason(view, sample("lay_off.card")), "The king of spades fits on West’s set: one card fewer in your hand.");
  assert.equal(describeReason(view, { id: "claim.closer", params: { card: "9D", away: 1 }, text: "" }),
    "With the nine of diamonds your contract is 1 card away, and the penalty card is one more card to build with.");
  setLanguage("nb", { remember: false });
  assert.equal(describeReason(view, sample("claim.grant")), "Spar konge hjelper deg ikke: la Vest få det og trekk fra bunken.");
  setLanguage("uk", { remember: false });
  assert.equal(describeReason(view, { id: "claim.closer", params: { card: "9D", away: 5 }, text: "" }),
    "З цією картою (дев’ятка бубон) до завдання лишиться ще 5 карт, а штрафна карта — ще одна карта для комбінацій.");
  setLanguage("en", { remember: false });
});

test("a look-ahead reason words the reason it wraps first", () => {
  setLanguage("nb", { remember: false });
  const text = describeReason(view, sample("lookahead.kept"));
  assert.ok(text.startsWith("Spar konge (10 poeng) er kortet du trenger minst."), text);
  assert.match(text, /3 alternativer over 16 mulige giv/);
  setLanguage("en", { remember: false });
});

test("an id the page does not know shows the engine's English text, also inside a look-ahead", () => {
  setLanguage("uk", { remember: false });
  assert.equal(describeReason(view, { id: "discard.whim", params: {}, text: "discards KS on a whim" }), "discards KS on a whim");
  assert.equal(describeReason(view, { id: "words.cards", params: { count: 2 }, text: "2 cards" }), "2 cards");
  const wrapped = { id: "lookahead.chosen", params: { reason: { id: "discard.whim", params: {} } }, text: "discards KS on a whim, chosen by look-ahead" };
  assert.equal(describeReason(view, wrapped), wrapped.text);
  assert.equal(describeReason(view, null), "");
  setLanguage("en", { remember: false });
});
