// Card Thousand's parts of the lobby: how to play it, and how its rooms are listed. The
// preset fixes the number of players (classic three, two or four: the lobby keeps the
// seats to the preset's `players`), computer seats of every level come from GET /api/games;
// no house rules form and no rules file of its own yet, and no real-card scorekeeping room.

import { gameTitle } from "../games.js";
import { t } from "../i18n.js";

export class Card1000Lobby {
  constructor(lobby) {
    this.lobby = lobby;
  }

  get houseRules() {
    return false;
  }

  /** The lobby's "How to play", a line each. */
  howToPlay() {
    return [
      t("Bid for the talon: the highest bid takes it, gives a card to each opponent and names the contract."),
      t("Follow suit, else trump, else any card. A king and queen of a suit, announced when you lead, make it trump and score."),
      t("Make the contract or lose it; the defenders score what they take. The first to 1000 wins: beware the barrel at 880."),
      t("At the table: tap a card to choose it, tap it again to play."),
    ];
  }

  filePlaceholder() {
    return 'preset = "classic"\nbarrel = 880';
  }

  /** A room card's title: «Тысяча (карты): классика, трое». */
  roomTitle(rules) {
    const game = gameTitle("card1000");
    return game ? `${game}: ${rules}` : rules;
  }

  personSeat() {
    return "open";
  }
}
