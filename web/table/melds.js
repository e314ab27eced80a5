// The melds on the table, grouped by owner, with jokers' stand-ins, owners' colours and locks.

import { cardName, cardSVG } from "./cards.js";
import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";
import { SEAT_COLOURS, kindKey, seatName } from "./seats.js";

/** @typedef {import("../engine/client.js").View} View */

const SVG = "http://www.w3.org/2000/svg";

/**
 * Render every meld.
 * @param {View} view
 * @param {{targets: Set<number>, hintedMeld?: number | null, onMeld: (id: number) => void, changed: Map<number, string>}} state
 *   targets: melds the selected card(s) may go on; hintedMeld: the meld the hint's move names;
 *   changed: meld id -> animation class
 */
export function renderMelds(view, state) {
  if (!view.melds.length) {
    return [h("p.melds-empty", { text: view.game === "take" ? t("melds.emptyTake") : t("melds.emptyTress") })];
  }
  const owners = [];
  for (let step = 0; step < view.players; step++) owners.push((view.seat + step) % view.players);
  const groups = [];
  for (const owner of owners) {
    const melds = view.melds.filter((meld) => meld.owner === owner);
    if (!melds.length) continue;
    const heading = h("h3.meld-owner", { text: seatName(view, owner) });
    heading.style.setProperty("--seat-colour", SEAT_COLOURS[owner % SEAT_COLOURS.length]);
    const [first, ...rest] = melds.map((meld) => meldElement(view, meld, state));
    // The name and the owner's first meld never part at a line's end: a name always stands
    // before its own melds, never beside the previous owner's.
    groups.push(h("section.meld-group", { dataset: { owner: String(owner) } }, [
      h("div.meld-lead", {}, [heading, first]),
      ...rest,
    ]));
  }
  return groups;
}

function meldElement(view, meld, state) {
  const target = state.targets.has(meld.id);
  const hinted = state.hintedMeld === meld.id;
  const owner = seatName(view, meld.owner);
  const names = meld.cards.map((key, i) => cardName(key, meld.faces?.[i]));
  const kind = t(`melds.${kindKey(view, meld.kind)}`);
  const label = [
    t("melds.label", { owner, kind, cards: names.join(", ") }),
    meld.locked ? t("melds.locked") : "",
    target ? t("melds.canAdd") : "",
    hinted ? t("melds.hinted") : "",
  ].filter(Boolean).join(". ");
  const node = h("div.meld", {
    class: [target ? "target" : "", hinted ? "hinted" : "", meld.locked ? "locked" : "", state.changed.get(meld.id) ?? ""].join(" ").trim() || undefined,
    role: "button",
    tabindex: target ? "0" : "-1",
    "aria-label": label,
    "aria-disabled": target ? "false" : "true",
    dataset: { drop: "meld", meldId: String(meld.id), testid: `meld-${meld.id}`, owner: String(meld.owner) },
    on: {
      click: () => state.onMeld(meld.id),
      keydown: (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          state.onMeld(meld.id);
        }
      },
    },
  }, [
    meld.locked ? h("span.meld-badge", { "aria-hidden": "true", title: t("melds.lockedTitle"), dataset: { testid: "lock-mark" } }, [lockIcon()]) : null,
    h("div.meld-cards", {}, meld.cards.map((key, i) => {
      const face = meld.faces?.[i];
      const card = h("span.card.meld-card", { dataset: { card: key } }, [cardSVG(key, { face: key.startsWith("JK") ? face : undefined })]);
      return card;
    })),
  ]);
  node.style.setProperty("--seat-colour", SEAT_COLOURS[meld.owner % SEAT_COLOURS.length]);
  return node;
}

/** A small padlock icon. */
export function lockIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "lock-icon");
  svg.setAttribute("aria-hidden", "true");
  const body = document.createElementNS(SVG, "rect");
  for (const [k, v] of Object.entries({ x: 3, y: 7, width: 10, height: 8, rx: 1.5, fill: "currentColor" })) body.setAttribute(k, String(v));
  const shackle = document.createElementNS(SVG, "path");
  for (const [k, v] of Object.entries({ d: "M5 7V5a3 3 0 0 1 6 0v2", fill: "none", stroke: "currentColor", "stroke-width": 2 })) shackle.setAttribute(k, String(v));
  svg.append(body, shackle);
  return svg;
}

// ------------------------------------------------------------------ contracts (Tress)

const CONTRACTS = {
  1: ["set", "set"],
  2: ["set", "run"],
  3: ["run", "run"],
  4: ["set", "set", "set"],
  5: ["set", "set", "run"],
  6: ["set", "run", "run"],
  7: ["set", "set", "set", "run"],
};

/** The round's contract as a list of "set" / "run". */
export function contractOf(view) {
  if (Array.isArray(view.contract)) return view.contract.map((part) => (typeof part === "string" ? part : part.kind));
  if (view.contract && typeof view.contract === "object") {
    const parts = [];
    for (let i = 0; i < (view.contract.sets ?? 0); i++) parts.push("set");
    for (let i = 0; i < (view.contract.runs ?? 0); i++) parts.push("run");
    return parts;
  }
  const seventh = view.options?.round7 ?? view.options?.round_7 ?? view.options?.round7_contract;
  if (view.round === 7 && typeof seventh === "string" && seventh.includes("run") && !seventh.includes("set")) return ["run", "run", "run"];
  return CONTRACTS[view.round] ?? [];
}

/** "2 sets + 1 run" in words, with small icons. */
export function contractElement(view) {
  const parts = contractOf(view);
  const sets = parts.filter((p) => p === "set").length;
  const runs = parts.filter((p) => p === "run").length;
  const words = [sets ? t("contract.sets", { count: sets }) : "", runs ? t("contract.runs", { count: runs }) : ""].filter(Boolean).join(" + ");
  return h("span.contract", { dataset: { testid: "contract" } }, [
    h("span.contract-icons", { "aria-hidden": "true" }, parts.map((part) => contractIcon(part))),
    h("span.contract-words", { text: view.round === 7 ? t("contract.allCards", { contract: words }) : words }),
  ]);
}

function contractIcon(kind) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 28 20");
  svg.setAttribute("class", `contract-icon contract-${kind}`);
  const rects = kind === "set" ? [[2, 3], [8, 3], [14, 3]] : [[1, 9], [7, 6], [13, 3], [19, 0]];
  for (const [x, y] of rects) {
    const r = document.createElementNS(SVG, "rect");
    for (const [k, v] of Object.entries({ x, y, width: 8, height: 12 + (kind === "set" ? 2 : 0), rx: 1.5 })) r.setAttribute(k, String(v));
    svg.appendChild(r);
  }
  return svg;
}
