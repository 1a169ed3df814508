// Card Thousand's parts of the lobby: how to play it, and how its rooms are listed. The
// preset fixes the number of players (classic three, two or four: the lobby keeps the
// seats to the preset's `players`, and to the house rules' preset), computer seats of every
// level come from GET /api/games; house rules on top of a preset: card1000_house.js. The deck: the server's, or real cards whose results this phone
// enters (options.cards = "table": the other players are people at the table without a
// phone, no clock, no advisor; the room is drawn by views/card1000_table.js).

import { choice, h } from "../dom.js";
import { gameTitle } from "../games.js";
import { t } from "../i18n.js";
import { CardHouseRules } from "./card1000_house.js";

export class Card1000Lobby {
  constructor(lobby) {
    this.lobby = lobby;
    this.cards = "server";
    this.house = new CardHouseRules(lobby);
  }

  /** Card Thousand offers house rules: a preset with the keys companies argue about. */
  get houseRules() {
    return true;
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

  /**
   * The preset a rules file names (`preset = "four_players"` in TOML, `"preset":
   * "four_players"` in JSON), or null: the preset fixes the number of players, so the
   * lobby seats that many (CARD_THOUSAND.md §8: a file may not change it).
   */
  filePreset(text) {
    const found = /(?:^|[{,])\s*"?preset"?\s*[=:]\s*["']([\w-]+)["']/m.exec(String(text || ""));
    return found ? found[1] : null;
  }

  filePlaceholder() {
    return 'preset = "classic"\nbarrel = 880';
  }

  /** A room card's title: «Тысяча (карты): классика, трое». */
  roomTitle(rules) {
    const game = gameTitle("card1000");
    return game ? `${game}: ${rules}` : rules;
  }

  /** Real cards: the others sit at this table without a phone (this one enters). */
  personSeat() {
    return this.cards === "table" ? "local" : "open";
  }

  fields() {
    const radio = (value, label) =>
      choice({
        type: "radio",
        id: `create-cards-${value}`,
        name: "cards",
        value,
        checked: this.cards === value,
        label,
        onchange: () => {
          this.cards = value;
          const from = value === "table" ? "open" : "local";
          const seats = this.lobby.form.seats;
          this.lobby.form.seats = seats.map((seat) => (seat === from || seat.startsWith("bot:") ? this.personSeat() : seat));
          this.lobby.renderSeats();
        },
      });
    return h(
      "fieldset",
      null,
      h("legend", null, t("Cards")),
      radio("server", t("The server deals the cards: each player on their own phone")),
      radio("table", t("Real cards at a real table: this phone enters each deal's result")),
    );
  }

  /** What the advisor shows in a card room (the lobby's option line). */
  advisorHint() {
    return t("People may see what each bid and card brings in the deal, from their own cards only.");
  }

  options(options) {
    if (this.cards !== "table") return;
    options.cards = "table";
    options.turn_seconds = null;
    options.advisor = false;
  }
}
