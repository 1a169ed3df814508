// The lobby: the open rooms, and the form that creates a room.

import { api, choice, errorMessage, fill, h, store } from "./dom.js";
import { lang, t } from "./i18n.js";
import { HouseRules } from "./houserules.js";

const REFRESH_MS = 4000;
const NAME_KEY = "thousand.name";
const PRESET_NAMES = ["classic", "ussr", "courtyard", "barrel850"];
// The presets' titles in English (thousand.games.dice1000.words.PRESET_TITLES), until
// /api/presets answers with them in the page's language.
const PRESET_TITLES = {
  classic: () => t("classic"),
  ussr: () => t("USSR box"),
  courtyard: () => t("courtyard"),
  barrel850: () => t("barrel 850"),
};
const presetTitle = (name) => (PRESET_TITLES[name] ? PRESET_TITLES[name]() : String(name));
const LEVELS = ["cautious", "balanced", "bold", "perfect"];
const LEVEL_NAMES = {
  cautious: () => t("cautious"),
  balanced: () => t("balanced"),
  bold: () => t("bold"),
  perfect: () => t("perfect"),
  greedy: () => t("greedy"),
  chaser: () => t("chaser"),
  optimal: () => t("optimal"),
};
// Poker dice: its presets and levels, until /api/presets?game=poker_dice answers.
const POKER_PRESET_NAMES = ["russian", "russian_banked", "yahtzee", "ranking"];
const POKER_LEVELS = ["greedy", "chaser", "optimal"];
const GAMES = ["dice1000", "poker_dice"];
const GAME_KEY = "thousand.game";
const MAX_PLAYERS = 8;
const NAME_MAX = 40;
const RULES_FILE_MAX = 60000;

/** A radio button of the form's group `name`, as `create-{name}-{value}`. */
function formRadio(name, value, label, checked, hint, onchange) {
  return choice({ type: "radio", id: `create-${name}-${value}`, name, value, checked, label, hint, onchange });
}

/** A level as people call it ("balanced" / "расчётливый"). */
export function levelName(level, levels) {
  const known = Array.isArray(levels) ? levels.find((item) => item && item.level === level) : null;
  if (known && typeof known.name === "string") return known.name;
  if (typeof level !== "string") return "";
  return LEVEL_NAMES[level] ? LEVEL_NAMES[level]() : level;
}

/** The rules of a room summary in a few words. */
export function rulesTitle(summary, presets) {
  if (summary && typeof summary.rules_title === "string") return summary.rules_title;
  const rules = summary ? summary.rules : null;
  const title = (name) => {
    const preset = Array.isArray(presets) ? presets.find((item) => item && item.name === name) : null;
    return preset && preset.title ? preset.title : presetTitle(name);
  };
  if (typeof rules === "string") return title(rules);
  if (rules && typeof rules === "object") {
    if (typeof rules.preset === "string") return t("{preset} with changes", { preset: title(rules.preset) });
    return t("own rules");
  }
  return "";
}

export function statusName(status) {
  if (status === "waiting") return t("waiting for players");
  if (status === "playing") return t("playing");
  if (status === "over") return t("game over");
  return typeof status === "string" ? status : "";
}

export class Lobby {
  constructor(root) {
    this.root = root;
    this.presets = PRESET_NAMES.map((name) => ({ name, title: presetTitle(name), description: "" }));
    this.levels = LEVELS.map((level) => ({ level, name: levelName(level) }));
    this.pokerPresets = POKER_PRESET_NAMES.map((name) => ({ name, title: name, description: "" }));
    this.pokerLevels = POKER_LEVELS.map((level) => ({ level, name: levelName(level) }));
    this.rooms = null;
    this.roomsError = false;
    this.timer = null;
    const game = store.get(GAME_KEY);
    this.form = {
      game: GAMES.includes(game) ? game : "dice1000",
      pokerPreset: "russian",
      name: store.get(NAME_KEY) || "",
      rulesMode: "preset",
      preset: "classic",
      file: "",
      players: 2,
      seats: ["open"],
      names: [""],
      keeper: "phones",
      clock: false,
      seconds: 60,
      advisor: false,
      private: false,
      muteSpectators: false,
      dice: "server",
    };
    this.house = new HouseRules();
    this.busy = false;
  }

  start() {
    this.build();
    this.loadPresets();
    this.refresh();
    this.timer = window.setInterval(() => {
      if (!document.hidden) this.refresh();
    }, REFRESH_MS);
  }

  languageChanged() {
    this.build();
    this.loadPresets();
    this.renderRooms();
  }

  async loadPresets() {
    const [dice, poker] = await Promise.all([
      api("GET", `/api/presets?lang=${encodeURIComponent(lang())}`),
      api("GET", `/api/presets?game=poker_dice&lang=${encodeURIComponent(lang())}`),
    ]);
    const presets = (answer) =>
      answer.ok && answer.body && Array.isArray(answer.body.presets) && answer.body.presets.length
        ? answer.body.presets.filter((item) => item && typeof item.name === "string")
        : null;
    const levels = (answer) =>
      answer.ok && answer.body && Array.isArray(answer.body.levels) && answer.body.levels.length
        ? answer.body.levels.filter((item) => item && typeof item.level === "string")
        : null;
    this.presets = presets(dice) || this.presets;
    this.levels = levels(dice) || this.levels;
    this.pokerPresets = presets(poker) || this.pokerPresets;
    this.pokerLevels = levels(poker) || this.pokerLevels;
    if (this.rulesDetail) this.renderRulesDetail();
    this.renderSeats();
    this.renderRooms();
  }

  poker() {
    return this.form.game === "poker_dice";
  }

  /** The chosen game's computer levels. */
  gameLevels() {
    return this.poker() ? this.pokerLevels : this.levels;
  }

  /** Another game chosen: its own rules, levels and options (the form keeps the rest). */
  chooseGame(game) {
    const f = this.form;
    if (f.game === game) return;
    const from = f.game === "poker_dice" ? POKER_LEVELS : LEVELS;
    const to = game === "poker_dice" ? POKER_LEVELS : LEVELS;
    f.seats = f.seats.map((seat) => {
      if (!seat.startsWith("bot:")) return seat;
      const index = Math.max(0, from.indexOf(seat.slice(4)));
      return `bot:${to[Math.min(index, to.length - 1)]}`;
    });
    f.game = game;
    if (game === "poker_dice" && f.rulesMode === "house") f.rulesMode = "preset";
    store.set(GAME_KEY, game);
    this.build();
    this.roomsKey = null;
    this.renderRooms();
    const radio = document.getElementById(`create-game-${game}`);
    if (radio) radio.focus();
  }

  async refresh() {
    const answer = await api("GET", "/api/rooms");
    if (answer.ok && answer.body && Array.isArray(answer.body.rooms)) {
      this.rooms = answer.body.rooms;
      this.roomsError = false;
    } else {
      this.roomsError = true;
    }
    this.renderRooms();
  }

  // -- layout ---------------------------------------------------------------

  build() {
    this.roomsBox = h("div", { class: "rooms", "aria-busy": this.rooms === null ? "true" : "false" });
    this.rulesBox = h("div", { class: "rules-choice" });
    this.seatsBox = h("div", { class: "seats-choice" });
    this.errorLine = h("p", { class: "form-error", role: "alert", id: "create-error" });
    const form = this.createForm();
    fill(
      this.root,
      h(
        "div",
        { class: "lobby" },
        h(
          "section",
          { class: "panel create", "aria-labelledby": "create-title" },
          h("h1", { id: "create-title" }, t("Create a room")),
          form,
        ),
        h(
          "div",
          { class: "lobby-side" },
          h(
            "section",
            { class: "panel room-list", "aria-labelledby": "rooms-title" },
            h(
              "div",
              { class: "panel-head" },
              h("h2", { id: "rooms-title" }, t("Open rooms")),
              h("button", { type: "button", class: "quiet small", onclick: () => this.refresh() }, t("Refresh")),
            ),
            this.roomsBox,
          ),
          h(
            "section",
            { class: "panel about", "aria-labelledby": "about-title" },
            h("h2", { id: "about-title" }, t("How to play")),
            this.poker()
              ? h(
                  "ul",
                  null,
                  h("li", null, t("A turn has up to three throws. Keep any dice and throw the others again.")),
                  h("li", null, t("After any throw, write the dice into one empty box of your sheet: ones to sixes, then pair, two pairs, three of a kind, straights, full house, four of a kind, poker and chance.")),
                  h("li", null, t("The highest total when every sheet is full wins. Each preset says how the boxes score.")),
                  h("li", null, t("Keys at the table: T or Space — throw, 1–5 — keep a die or give it back.")),
                )
              : h(
                  "ul",
                  null,
                  h("li", null, t("A turn starts with a throw of all five dice. 1s (10 points), 5s (5 points), three or more of a kind and straights score.")),
                  h("li", null, t("Set the scoring dice aside and throw the others again, or stop and record the turn total. A throw with nothing scoring loses the turn.")),
                  h("li", null, t("The first to 1000 wins. The rules add an entry score, barrels and more: each preset says which.")),
                  h("li", null, t("Keys at the table: T or Space — throw, S — stop, 1–9 — which dice to set aside.")),
                ),
          ),
        ),
      ),
    );
    this.renderRulesChoice();
    this.renderKeeper();
    this.renderSeats();
  }

  /** A person's seat as the dice choice suggests: named at this table, or open. */
  personSeat() {
    return this.scorekeeper() ? "local" : "open";
  }

  scorekeeper() {
    return !this.poker() && this.form.dice === "table" && this.form.keeper === "one";
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
        f.seats = f.seats.map((seat) => (seat === from ? this.personSeat() : seat));
        this.renderSeats();
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

  createForm() {
    const f = this.form;
    const nameInput = h("input", {
      id: "create-name",
      name: "name",
      type: "text",
      required: true,
      maxlength: NAME_MAX,
      autocomplete: "nickname",
      value: f.name,
      oninput: (event) => {
        f.name = event.target.value;
        const you = this.seatsBox && this.seatsBox.querySelector(".seat-you");
        if (you) you.textContent = f.name.trim() || t("you");
      },
    });
    const players = h(
      "select",
      {
        id: "create-players",
        onchange: (event) => {
          f.players = Number(event.target.value);
          while (f.seats.length < f.players - 1) f.seats.push(f.seats.length ? f.seats[f.seats.length - 1] : this.personSeat());
          f.seats.length = f.players - 1;
          while (f.names.length < f.players - 1) f.names.push("");
          this.renderSeats();
        },
      },
      Array.from({ length: MAX_PLAYERS - 1 }, (_, index) => {
        const count = index + 2;
        return h("option", { value: String(count), selected: count === f.players }, String(count));
      }),
    );
    const seconds = h("input", {
      id: "create-seconds",
      type: "number",
      min: 10,
      max: 600,
      step: 5,
      value: String(f.seconds),
      disabled: !f.clock,
      "aria-label": t("Seconds to move"),
      oninput: (event) => {
        f.seconds = Number(event.target.value);
      },
    });
    const clock = h("input", {
      id: "create-clock",
      type: "checkbox",
      checked: f.clock,
      onchange: (event) => {
        f.clock = event.target.checked;
        seconds.disabled = !f.clock;
        if (f.clock) seconds.focus();
      },
    });
    const check = (id, key, label, hint) =>
      choice({
        type: "checkbox",
        id,
        checked: f[key],
        label,
        hint,
        onchange: (event) => {
          f[key] = event.target.checked;
        },
      });
    const diceRadio = (value, label) =>
      formRadio("dice", value, label, f.dice === value, null, () => {
        f.dice = value;
        this.renderKeeper();
        this.renderSeats();
      });
    this.keeperBox = h("div", { class: "keeper-choice" });
    this.submitButton = h("button", { type: "submit", class: "primary big" }, t("Create a room"));
    const gameRadio = (value, label) =>
      formRadio("game", value, label, f.game === value, null, () => this.chooseGame(value));
    return h(
      "form",
      {
        class: "create-form",
        novalidate: true,
        "aria-describedby": "create-error",
        onsubmit: (event) => {
          event.preventDefault();
          this.create();
        },
      },
      h(
        "div",
        { class: "field" },
        h("label", { for: "create-name" }, t("Your name")),
        nameInput,
      ),
      h(
        "fieldset",
        { class: "game-choice" },
        h("legend", null, t("Game")),
        gameRadio("dice1000", t("Dice 1000")),
        gameRadio("poker_dice", t("Poker dice")),
      ),
      h("fieldset", null, h("legend", null, t("Rules")), this.rulesBox),
      this.poker()
        ? null
        : h(
            "fieldset",
            null,
            h("legend", null, t("Dice")),
            diceRadio("server", t("The server throws the dice")),
            diceRadio("table", t("Real dice at a real table: the player to move enters the faces")),
            this.keeperBox,
          ),
      h(
        "fieldset",
        null,
        h("legend", null, t("Players")),
        h("div", { class: "field inline" }, h("label", { for: "create-players" }, t("Number of players")), players),
        h("p", { class: "hint" }, t("Seat 1 is yours. The game starts when every seat is taken.")),
        this.seatsBox,
      ),
      h(
        "fieldset",
        null,
        h("legend", null, t("Options")),
        h(
          "div",
          { class: "check clock" },
          clock,
          h("label", { for: "create-clock" }, t("Turn clock")),
          seconds,
          h("span", { class: "unit", "aria-hidden": "true" }, t("sec.")),
        ),
        this.poker()
          ? null
          : check(
              "create-advisor",
              "advisor",
              t("Advisor"),
              t("People may see their winning chances with perfect play."),
            ),
        check("create-private", "private", t("Private room"), t("Not listed here: only the invite link leads to it.")),
        check("create-mute", "muteSpectators", t("Spectators may not chat")),
      ),
      this.errorLine,
      this.submitButton,
    );
  }

  renderRulesChoice() {
    if (!this.rulesBox) return;
    const f = this.form;
    const radio = (value, label) =>
      formRadio("rules", value, label, f.rulesMode === value, null, () => {
        f.rulesMode = value;
        this.renderRulesDetail();
      });
    this.rulesDetail = h("div", { class: "rules-detail" });
    fill(
      this.rulesBox,
      radio("preset", t("A preset")),
      this.poker() ? null : radio("house", t("House rules")),
      radio("file", t("A rules file (TOML or JSON)")),
      this.rulesDetail,
    );
    this.renderRulesDetail();
  }

  /** Below the choices: the preset list, the house rules, or the rules file (radios keep
   * their focus). */
  renderRulesDetail() {
    const f = this.form;
    if (f.rulesMode === "house") {
      this.house.render(this.rulesDetail, this.presets);
      return;
    }
    if (f.rulesMode === "preset") {
      const poker = this.poker();
      const presets = poker ? this.pokerPresets : this.presets;
      const current = poker ? f.pokerPreset : f.preset;
      const chosen = presets.find((item) => item.name === current) || presets[0];
      const description = h("p", { class: "hint", id: "create-preset-hint" }, chosen ? chosen.description || "" : "");
      fill(
        this.rulesDetail,
        h(
          "div",
          { class: "field" },
          h("label", { for: "create-preset", class: "sr-only" }, t("Preset")),
          h(
            "select",
            {
              id: "create-preset",
              "aria-describedby": "create-preset-hint",
              onchange: (event) => {
                if (poker) f.pokerPreset = event.target.value;
                else f.preset = event.target.value;
                const item = presets.find((preset) => preset.name === event.target.value);
                description.textContent = item ? item.description || "" : "";
              },
            },
            presets.map((item) =>
              h("option", { value: item.name, selected: item.name === current }, item.title || item.name),
            ),
          ),
          description,
        ),
      );
      return;
    }
    const area = h("textarea", {
      id: "create-file",
      rows: 8,
      spellcheck: "false",
      maxlength: RULES_FILE_MAX,
      placeholder: this.poker() ? 'preset = "russian"\nthrows = 3' : 'preset = "classic"\nentry_threshold = 50',
      value: f.file,
      oninput: (event) => {
        f.file = event.target.value;
      },
    });
    const upload = h("input", {
      id: "create-upload",
      type: "file",
      accept: ".toml,.json,text/plain,application/json",
      onchange: async (event) => {
        const file = event.target.files && event.target.files[0];
        if (!file) return;
        if (file.size > RULES_FILE_MAX) {
          this.showError(t("The file is too large."));
          return;
        }
        f.file = await file.text();
        area.value = f.file;
      },
    });
    fill(
      this.rulesDetail,
      h("div", { class: "field" }, h("label", { for: "create-file" }, t("The rules file's contents")), area),
      h("div", { class: "field" }, h("label", { for: "create-upload" }, t("Or open a file")), upload),
    );
  }

  renderSeats() {
    if (!this.seatsBox) return;
    const f = this.form;
    const rows = [
      h(
        "li",
        { class: "seat-row" },
        h("span", { class: "seat-no" }, "1"),
        h("span", { class: "seat-you" }, f.name.trim() ? f.name.trim() : t("you")),
      ),
    ];
    for (let index = 0; index < f.players - 1; index += 1) {
      const id = `create-seat-${index + 2}`;
      rows.push(
        h(
          "li",
          { class: "seat-row" },
          h("label", { class: "seat-no", for: id, "aria-label": t("Seat {n}", { n: index + 2 }) }, String(index + 2)),
          h(
            "div",
            { class: "seat-pick" },
            h(
              "select",
              {
                id,
                onchange: (event) => {
                  const was = f.seats[index];
                  f.seats[index] = event.target.value;
                  if ((was === "local") !== (f.seats[index] === "local")) {
                    this.renderSeats();
                    const again = document.getElementById(id);
                    if (again) again.focus();
                  }
                },
              },
              h("option", { value: "local", selected: f.seats[index] === "local" }, t("a person without a phone")),
              h("option", { value: "open", selected: f.seats[index] === "open" }, t("a person (open seat)")),
              this.gameLevels().map((item) =>
                h(
                  "option",
                  { value: `bot:${item.level}`, selected: f.seats[index] === `bot:${item.level}` },
                  t("computer: {level}", { level: item.name || item.level }),
                ),
              ),
            ),
            f.seats[index] === "local"
              ? h("input", {
                  id: `create-name-${index + 2}`,
                  class: "seat-name",
                  type: "text",
                  maxlength: NAME_MAX,
                  autocomplete: "off",
                  "aria-label": t("Name of player {n}", { n: index + 2 }),
                  placeholder: t("Name of player {n}", { n: index + 2 }),
                  value: f.names[index] || "",
                  oninput: (event) => {
                    f.names[index] = event.target.value;
                  },
                })
              : null,
          ),
        ),
      );
    }
    fill(this.seatsBox, h("ol", { class: "seat-rows", "aria-label": t("Seats") }, rows));
  }

  showError(message) {
    this.errorLine.textContent = message || "";
  }

  async create() {
    if (this.busy) return;
    const f = this.form;
    const name = f.name.trim();
    if (!name) {
      this.showError(t("Enter your name."));
      document.getElementById("create-name").focus();
      return;
    }
    let rules;
    if (f.rulesMode === "file") {
      if (!f.file.trim()) {
        this.showError(t("Paste the rules file's contents, or choose a preset."));
        document.getElementById("create-file").focus();
        return;
      }
      rules = { file: f.file };
    } else if (f.rulesMode === "house") {
      const made = this.house.spec();
      if (!made.ok) {
        this.showError("");
        this.house.showError(made.field, made.message);
        return;
      }
      rules = made.rules;
    } else {
      rules = this.poker() ? f.pokerPreset : f.preset;
    }
    let seconds = null;
    if (f.clock) {
      seconds = Math.round(Number(f.seconds));
      if (!Number.isFinite(seconds) || seconds < 10 || seconds > 600) {
        this.showError(t("The clock takes 10 to 600 seconds."));
        document.getElementById("create-seconds").focus();
        return;
      }
    }
    const taken = [name.toLowerCase()];
    const seats = [];
    for (const [index, seat] of f.seats.slice(0, f.players - 1).entries()) {
      if (seat.startsWith("bot:")) {
        seats.push({ bot: seat.slice(4) });
      } else if (seat === "local") {
        const local = (f.names[index] || "").trim();
        const problem = !local
          ? t("Enter the name of player {n}.", { n: index + 2 })
          : taken.includes(local.toLowerCase())
            ? t("Two players are called {name}: give them different names.", { name: local })
            : "";
        if (problem) {
          this.showError(problem);
          document.getElementById(`create-name-${index + 2}`).focus();
          return;
        }
        taken.push(local.toLowerCase());
        seats.push({ name: local });
      } else {
        seats.push({ open: true });
      }
    }
    const poker = this.poker();
    const options = {
      turn_seconds: seconds,
      advisor: poker ? false : f.advisor,
      private: f.private,
      dice: poker ? "server" : f.dice,
      language: lang(),
    };
    if (f.muteSpectators) options.mute_spectators = true;
    if (this.scorekeeper()) options.scorekeeper = true;
    this.busy = true;
    this.submitButton.disabled = true;
    this.showError("");
    // dice 1000, the default game, is not named: the body stays PROTOCOL.md's own
    const body = poker ? { name, game: f.game, rules, seats, options } : { name, rules, seats, options };
    const answer = await api("POST", "/api/rooms", body);
    this.busy = false;
    this.submitButton.disabled = false;
    if (answer.ok && answer.body && typeof answer.body.room === "string" && typeof answer.body.token === "string") {
      store.set(NAME_KEY, name);
      store.set(`thousand.token.${answer.body.room}`, answer.body.token);
      window.location.assign(`/r/${encodeURIComponent(answer.body.room)}`);
      return;
    }
    const message = errorMessage(answer.body);
    if (message && f.rulesMode === "house" && /^rules\b/.test(message)) {
      this.house.showServerError(message); // next to the field the key names
      return;
    }
    this.showError(message || (answer.status === 0 ? t("The server cannot be reached.") : t("The room could not be created.")));
  }

  // -- the rooms ------------------------------------------------------------

  renderRooms() {
    if (!this.roomsBox) return;
    // Redrawn only when something changed, and the focused link kept: the list refreshes
    // every few seconds under a keyboard user's focus.
    const key = JSON.stringify([this.rooms, this.roomsError, this.presets, this.pokerPresets, lang()]);
    if (key === this.roomsKey && this.roomsBox.firstChild) return;
    this.roomsKey = key;
    const focused = document.activeElement;
    const focusedHref = focused && this.roomsBox.contains(focused) ? focused.getAttribute("href") : null;
    this.drawRooms();
    if (focusedHref) {
      const again = Array.from(this.roomsBox.querySelectorAll("a[href]")).find((link) => link.getAttribute("href") === focusedHref);
      if (again) again.focus();
    }
  }

  drawRooms() {
    this.roomsBox.setAttribute("aria-busy", this.rooms === null && !this.roomsError ? "true" : "false");
    if (this.rooms === null) {
      fill(this.roomsBox, h("p", { class: "muted" }, this.roomsError ? t("The server cannot be reached.") : t("Loading…")));
      return;
    }
    const items = [];
    if (this.roomsError) items.push(h("p", { class: "muted" }, t("The server cannot be reached.")));
    if (!this.rooms.length) {
      items.push(h("p", { class: "empty" }, t("No open rooms yet. Create one, and send the invite link to your friends.")));
    } else {
      items.push(h("ul", { class: "room-cards" }, this.rooms.filter((room) => room && typeof room.room === "string").map((room) => this.roomCard(room))));
    }
    fill(this.roomsBox, items);
  }

  roomCard(room) {
    const seats = Array.isArray(room.seats) ? room.seats : [];
    const open = seats.some((seat) => seat && seat.open);
    const canJoin = room.status === "waiting" && open;
    const title =
      room.game === "poker_dice"
        ? t("Poker dice: {rules}", { rules: rulesTitle(room, this.pokerPresets) })
        : rulesTitle(room, this.presets);
    const link = `/r/${encodeURIComponent(room.room)}`;
    const seatItems = seats.map((seat, index) => {
      if (!seat || seat.open) {
        return h("li", { class: "seat open" }, h("span", { class: "dot open-seat", "aria-hidden": "true" }), t("open seat"));
      }
      const bot = seat.kind === "bot";
      const label = bot
        ? t("{name} (computer)", { name: seat.name || "?" })
        : seat.name || t("Seat {n}", { n: index + 1 });
      return h(
        "li",
        { class: `seat ${bot ? "bot" : "person"} ${seat.connected || bot ? "on" : "off"}` },
        h("span", { class: `dot ${bot ? "bot" : seat.connected ? "on" : "off"}`, "aria-hidden": "true" }),
        label,
        !bot ? h("span", { class: "sr-only" }, seat.connected ? t("(online)") : t("(offline)")) : null,
      );
    });
    const spectators = Number.isInteger(room.spectators) ? room.spectators : 0;
    return h(
      "li",
      { class: `room-card status-${room.status}` },
      h(
        "div",
        { class: "room-main" },
        h(
          "div",
          { class: "room-title" },
          h("strong", null, title || t("Room")),
          h("span", { class: `badge ${room.status}` }, statusName(room.status)),
        ),
        h("ul", { class: "room-seats", "aria-label": t("Seats") }, seatItems),
        spectators
          ? h("p", { class: "muted small" }, t("Spectators: {n}", { n: spectators }))
          : null,
      ),
      h(
        "a",
        {
          class: `button ${canJoin ? "primary" : ""}`,
          href: link,
          "aria-label": canJoin
            ? t("Join the room: {rules}", { rules: title })
            : t("Watch the room: {rules}", { rules: title }),
        },
        canJoin ? t("Join") : t("Watch"),
      ),
    );
  }
}
