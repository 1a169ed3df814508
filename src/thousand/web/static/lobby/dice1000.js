// Dice 1000's parts of the lobby: how to play it, and the create form's fields that are
// its own — house rules on top of a preset (dice1000_house.js), real dice at a real table
// (and who enters the throws) — with the options they add to the request. The advisor is
// the lobby's own option, offered for every game whose rooms have one (GET /api/games).
//
// The lobby (../lobby.js) keeps everything every game's form has: the name, the game,
// the preset or a rules file, the seats, the clock, a private room, the chat.

import { choice, fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { HouseRules } from "./dice1000_house.js";

/** A radio button of the form's group `name`, as `create-{name}-{value}`. */
function formRadio(name, value, label, checked, hint, onchange) {
  return choice({ type: "radio", id: `create-${name}-${value}`, name, value, checked, label, hint, onchange });
}

export class Dice1000Lobby {
  /** `lobby`: the lobby whose form this is part of (its seats follow the dice choice). */
  constructor(lobby) {
    this.lobby = lobby;
    this.form = { dice: "server", keeper: "phones" };
    this.house = new HouseRules();
    this.keeperBox = null;
  }

  /** Dice 1000 offers house rules: a preset with the keys companies change most. */
  get houseRules() {
    return true;
  }

  /** The lobby's "How to play", a line each. */
  howToPlay() {
    return [
      t("A turn starts with a throw of all five dice. 1s (10 points), 5s (5 points), three or more of a kind and straights score."),
      t("Set the scoring dice aside and throw the others again, or stop and record the turn total. A throw with nothing scoring loses the turn."),
      t("The first to 1000 wins. The rules add an entry score, barrels and more: each preset says which."),
      t("Keys at the table: T or Space — throw, S — stop, 1–9 — which dice to set aside."),
    ];
  }

  /** What a rules file looks like, as the placeholder of its text area. */
  filePlaceholder() {
    return 'preset = "classic"\nentry_threshold = 50';
  }

  /** A room card's title: its rules' title as it is. */
  roomTitle(rules) {
    return rules;
  }

  scorekeeper() {
    return this.form.dice === "table" && this.form.keeper === "one";
  }

  /** A person's seat as the dice choice suggests: named at this table, or open. */
  personSeat() {
    return this.scorekeeper() ? "local" : "open";
  }

  /** The form's own fieldset, after the rules: who throws the dice. */
  fields() {
    const f = this.form;
    const diceRadio = (value, label) =>
      formRadio("dice", value, label, f.dice === value, null, () => {
        f.dice = value;
        this.renderKeeper();
        this.lobby.renderSeats();
      });
    this.keeperBox = h("div", { class: "keeper-choice" });
    return h(
      "fieldset",
      null,
      h("legend", null, t("Dice")),
      diceRadio("server", t("The server throws the dice")),
      diceRadio("table", t("Real dice at a real table: the player to move enters the faces")),
      this.keeperBox,
    );
  }

  /** The form is drawn: its parts that depend on choices. */
  built() {
    this.renderKeeper();
  }

  /** Under table dice: each player on their own phone, or one device for the table. */
  renderKeeper() {
    if (!this.keeperBox) return;
    const f = this.form;
    if (f.dice !== "table") {
      this.keeperBox.replaceChildren();
      return;
    }
    const radio = (value, label, hint) =>
      formRadio("keeper", value, label, f.keeper === value, hint, () => {
        f.keeper = value;
        // people at the table are named here; with phones of their own they join
        const from = value === "one" ? "open" : "local";
        const seats = this.lobby.form.seats;
        this.lobby.form.seats = seats.map((seat) => (seat === from ? this.personSeat() : seat));
        this.lobby.renderSeats();
      });
    fill(
      this.keeperBox,
      h(
        "div",
        { class: "keeper", role: "radiogroup", "aria-labelledby": "create-keeper-title" },
        h("p", { class: "keeper-title", id: "create-keeper-title" }, t("Who enters the throws")),
        radio("phones", t("Each player on their own phone")),
        radio(
          "one",
          t("One device keeps the score for the whole table"),
          t("This device enters every player's throws; name the players below."),
        ),
      ),
    );
  }

  /** The request's options as this game's fields set them (keys already in their order). */
  options(options) {
    options.dice = this.form.dice;
  }

  /** Options this game adds at the end of the request's. */
  moreOptions(options) {
    if (this.scorekeeper()) options.scorekeeper = true;
  }
}
