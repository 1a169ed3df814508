// Poker dice's parts of the lobby: how to play it, and how its rooms are listed. Its
// create form has no fields of its own (the server throws the dice; its rooms have no
// advisor yet: GET /api/games says so, and the lobby offers none), and no house rules: a
// preset or a rules file.

import { gameTitle } from "../games.js";
import { t } from "../i18n.js";

export class PokerDiceLobby {
  constructor(lobby) {
    this.lobby = lobby;
  }

  get houseRules() {
    return false;
  }

  /** The lobby's "How to play", a line each. */
  howToPlay() {
    return [
      t("A turn has up to three throws. Keep any dice and throw the others again."),
      t("After any throw, write the dice into one empty box of your sheet: ones to sixes, then pair, two pairs, three of a kind, straights, full house, four of a kind, poker and chance."),
      t("The highest total when every sheet is full wins. Each preset says how the boxes score."),
      t("Keys at the table: T or Space — throw, 1–5 — keep a die or give it back."),
    ];
  }

  /** What a rules file looks like, as the placeholder of its text area. */
  filePlaceholder() {
    return 'preset = "russian"\nthrows = 3';
  }

  /**
   * A room card's title: the game and its rules. Russian calls its sheets by the game's
   * name («Покер на костях»), so a title that already starts with the game's name is
   * shown alone, not «Покер на костях: Покер на костях» (the terminal's header does the same).
   */
  roomTitle(rules) {
    const game = gameTitle("poker_dice");
    if (game && rules.toLowerCase().startsWith(game.toLowerCase())) {
      return rules.charAt(0).toUpperCase() + rules.slice(1);
    }
    return t("Poker dice: {rules}", { rules });
  }

  personSeat() {
    return "open";
  }
}
