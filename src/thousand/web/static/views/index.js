// The games the page can draw, by the game's name: the one place the page maps a game to
// its own modules. Each entry has the table's view of the game (Table: a class the frame,
// table.js, hands its game's turn, actions, sheet and keys to) and the lobby's parts of
// the game (Lobby: a class for its rules explanation and its own fields of the create
// form, lobby/<game>.js). Everything else the page knows of a game — its title, presets,
// their rules, the computer levels, the players allowed — comes from GET /api/games.
//
// Adding a game to the page: its view in views/<game>.js, its lobby part in
// lobby/<game>.js, one line here.

import { Card1000Lobby } from "../lobby/card1000.js";
import { Dice1000Lobby } from "../lobby/dice1000.js";
import { PokerDiceLobby } from "../lobby/poker_dice.js";
import { CardView } from "./card1000.js";
import { withRealCards } from "./card1000_table.js";
import { Dice1000View } from "./dice1000.js";
import { PokerView } from "./poker_dice.js";

export const VIEWS = {
  dice1000: { Table: Dice1000View, Lobby: Dice1000Lobby },
  poker_dice: { Table: PokerView, Lobby: PokerDiceLobby },
  card1000: { Table: withRealCards(CardView), Lobby: Card1000Lobby },
};

/** The game a room plays when it names none (PROTOCOL.md: dice 1000, the first game). */
export const DEFAULT_GAME = "dice1000";

/** The game the page draws for a room's `game` (the default one when it names none it knows). */
export function gameOf(name) {
  return Object.prototype.hasOwnProperty.call(VIEWS, name) ? name : DEFAULT_GAME;
}
