// Playing cards drawn by the page itself (no image is fetched): a face as a button or a
// picture, a back, a fan of backs. A card is written as in the record
// (docs/card1000-online.md): rank `9 J Q K T A`, then suit `S C D H` — `QH`, `TS`. What a rank is
// called on the card and what a suit is called (Д, черви) comes from the server in the
// connection's language (`view.cards`); the suit symbols are the same in every language.

import { h } from "./dom.js";

export const SYMBOLS = { S: "♠", C: "♣", D: "♦", H: "♥" };

/** The order of a hand on the screen: black and red in turn, then the ranks high to low. */
const SUIT_ORDER = ["S", "H", "C", "D"];
const RANK_ORDER = ["A", "T", "K", "Q", "J", "9"];

export function isCard(code) {
  return typeof code === "string" && /^[9JQKTA][SCDH]$/.test(code);
}

export function suitOf(code) {
  return code.slice(1);
}

export function rankOf(code) {
  return code.slice(0, 1);
}

export function isRed(code) {
  const suit = code.length === 1 ? code : suitOf(code);
  return suit === "H" || suit === "D";
}

/** A hand sorted by suit (♠ ♥ ♣ ♦), each suit from the ace down. */
export function sortHand(cards) {
  const key = (code) => SUIT_ORDER.indexOf(suitOf(code)) * 10 + RANK_ORDER.indexOf(rankOf(code));
  return [...cards].filter(isCard).sort((a, b) => key(a) - key(b));
}

/** The rank as written on the card in the page's language (`Д`, `10`). */
export function rankText(code, words) {
  const ranks = words && typeof words.ranks === "object" && words.ranks ? words.ranks : {};
  const rank = rankOf(code);
  return typeof ranks[rank] === "string" && ranks[rank] ? ranks[rank] : rank === "T" ? "10" : rank;
}

/** A card in a line of text: `Д♥`. */
export function cardText(code, words) {
  return `${rankText(code, words)}${SYMBOLS[suitOf(code)]}`;
}

/** A suit as players call it, with its symbol: `черви ♥`. */
export function suitText(suit, words) {
  const suits = words && typeof words.suits === "object" && words.suits ? words.suits : {};
  return typeof suits[suit] === "string" && suits[suit] ? suits[suit] : SYMBOLS[suit] || suit;
}

/** The face of a card: its corners and its suit in the middle. */
function face(code, words) {
  const rank = rankText(code, words);
  const symbol = SYMBOLS[suitOf(code)];
  return [
    h("span", { class: "c-corner", "aria-hidden": "true" }, h("b", null, rank), h("i", null, symbol)),
    h("span", { class: "c-pip", "aria-hidden": "true" }, symbol),
    h("span", { class: "c-corner c-bottom", "aria-hidden": "true" }, h("b", null, rank), h("i", null, symbol)),
  ];
}

/** A card to look at (on the table, in a trick, the talon). */
export function cardPicture(code, words, extra = "") {
  return h(
    "span",
    {
      class: `card${isRed(code) ? " red" : ""}${extra ? ` ${extra}` : ""}`,
      role: "img",
      "aria-label": cardText(code, words),
      dataset: { card: code },
    },
    face(code, words),
  );
}

/** A card of one's hand: a button (`attrs`: class, onclick, aria-pressed, disabled…). */
export function cardButton(code, words, attrs) {
  const extra = attrs.class ? ` ${attrs.class}` : "";
  return h(
    "button",
    {
      ...attrs,
      type: "button",
      class: `card${isRed(code) ? " red" : ""}${extra}`,
      dataset: { card: code, ...(attrs.dataset || {}) },
      "aria-label": attrs["aria-label"] || cardText(code, words),
    },
    face(code, words),
  );
}

/** A card face down. */
export function cardBack(extra = "") {
  return h("span", { class: `card back${extra ? ` ${extra}` : ""}`, "aria-hidden": "true" });
}
