// The lobby: the open rooms, and the form that creates a room.
//
// The games, their titles, presets (with their rules), computer levels and the players
// they allow come from GET /api/games (games.js); what a game adds to the form and its
// rules explanation are its lobby part (lobby/<game>.js), chosen by the game's name
// (views/index.js). If the server's games could not be had, the form says so.

import { api, choice, errorMessage, fill, h, store } from "./dom.js";
import { gameInfo, gameList, gamesFailed, loadGames, presetTitle } from "./games.js";
import { lang, t } from "./i18n.js";
import { postAsPlayer } from "./player_key.js";
import { DEFAULT_GAME, VIEWS } from "./views/index.js";

const REFRESH_MS = 4000;
const NAME_KEY = "thousand.name";
const GAME_KEY = "thousand.game";
const MORE_KEY = "thousand.more";
const NAME_MAX = 40;
const RULES_FILE_MAX = 60000;

/** A radio button of the form's group `name`, as `create-{name}-{value}`. */
function formRadio(name, value, label, checked, hint, onchange) {
  return choice({ type: "radio", id: `create-${name}-${value}`, name, value, checked, label, hint, onchange });
}

/** A computer level as a choice names it: its name, capitalised. */
function levelTitle(item) {
  const name = item.name || item.level;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The games the page can show: the server's, that have a view here. */
function games() {
  return gameList().filter((info) => Object.prototype.hasOwnProperty.call(VIEWS, info.name));
}

/** The rules of a room summary in a few words. */
export function rulesTitle(summary) {
  if (summary && typeof summary.rules_title === "string") return summary.rules_title;
  const rules = summary ? summary.rules : null;
  const game = summary && typeof summary.game === "string" ? summary.game : DEFAULT_GAME;
  const title = (name) => presetTitle(game, name);
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
    this.rooms = null;
    this.roomsError = false;
    this.timer = null;
    this.form = {
      game: store.get(GAME_KEY),
      presets: {}, // game → the preset chosen for it
      name: store.get(NAME_KEY) || "",
      rulesMode: "preset",
      file: "",
      players: 2,
      seats: ["open"],
      names: [""],
      clock: false,
      seconds: 60,
      private: false,
      muteSpectators: false,
      advisor: false,
      levels: {}, // game → the level "Play the computer" seats
      more: store.get(MORE_KEY) === "open", // "More options" unfolded (as last left)
    };
    this.parts = {}; // game → its lobby part (lobby/<game>.js), kept while the page lives
    this.busy = false;
    this.settleGame();
  }

  start() {
    this.build();
    this.refresh();
    this.timer = window.setInterval(() => {
      if (!document.hidden) this.refresh();
    }, REFRESH_MS);
  }

  languageChanged() {
    this.settleGame();
    this.build();
    this.refresh(); // the computers' names come in the page's language
  }

  /** The form's game: the one kept in this browser if the server hosts it, or its first. */
  settleGame() {
    const listed = games();
    if (!listed.some((info) => info.name === this.form.game) && listed.length) this.form.game = listed[0].name;
    const counts = this.playerCounts();
    if (counts.length && !counts.includes(this.form.players)) this.setPlayers(counts[0]);
  }

  /** The chosen game as the server describes it, or null (its games could not be had). */
  info() {
    return gameInfo(this.form.game);
  }

  /** A game's lobby part (the chosen game's when `game` is left out). */
  part(game = this.form.game) {
    const name = Object.prototype.hasOwnProperty.call(VIEWS, game) ? game : DEFAULT_GAME;
    if (!this.parts[name]) this.parts[name] = new VIEWS[name].Lobby(this);
    return this.parts[name];
  }

  /** The preset chosen for the chosen game (its default until one is chosen). */
  preset() {
    const info = this.info();
    const chosen = this.form.presets[this.form.game];
    if (chosen) return chosen;
    return info ? info.default_preset || (info.presets[0] && info.presets[0].name) || "" : "";
  }

  /** The chosen game's computer levels. */
  gameLevels() {
    const info = this.info();
    return info ? info.levels : [];
  }

  /** How many players the chosen game allows at a table: at least two, up to its most. */
  playerCounts() {
    const info = this.info();
    // a preset that fixes the number of players (card Thousand's: two, three or four)
    const mode = this.form.rulesMode;
    const house = mode === "house" && this.part().house && this.part().house.values ? this.part().house.values.preset : null;
    // a rules file names its preset: the game's lobby part reads it (card Thousand's does)
    const filed = mode === "file" && typeof this.part().filePreset === "function" ? this.part().filePreset(this.form.file) : null;
    const name = mode === "preset" ? this.preset() : mode === "house" ? house : filed;
    const preset = name && info ? info.presets.find((item) => item.name === name) : null;
    if (preset && preset.rules && Number.isInteger(preset.rules.players)) return [preset.rules.players];
    const least = Math.max(2, info && Number.isInteger(info.min_players) ? info.min_players : 2);
    const most = info && Number.isInteger(info.max_players) ? info.max_players : least;
    return Array.from({ length: Math.max(0, most - least + 1) }, (_, index) => least + index);
  }

  /** Another game chosen: its own rules, levels and options (the form keeps the rest). */
  chooseGame(game) {
    const f = this.form;
    if (f.game === game) return;
    const levels = (name) => (gameInfo(name) ? gameInfo(name).levels.map((item) => item.level) : []);
    const from = levels(f.game);
    const to = levels(game);
    f.seats = f.seats.map((seat) => {
      if (!seat.startsWith("bot:") || !to.length) return seat;
      const index = Math.max(0, from.indexOf(seat.slice(4)));
      return `bot:${to[Math.min(index, to.length - 1)]}`;
    });
    f.game = game;
    if (f.rulesMode === "house" && !this.part().houseRules) f.rulesMode = "preset";
    const counts = this.playerCounts();
    if (counts.length && !counts.includes(f.players)) this.setPlayers(Math.min(Math.max(f.players, counts[0]), counts[counts.length - 1]));
    store.set(GAME_KEY, game);
    this.build();
    this.roomsKey = null;
    this.renderRooms();
    const radio = document.getElementById(`create-game-${game}`);
    if (radio) radio.focus();
  }

  /** The number of players chosen: a seat more or fewer, the new ones like the last. */
  setPlayers(count) {
    const f = this.form;
    f.players = count;
    while (f.seats.length < f.players - 1) f.seats.push(f.seats.length ? f.seats[f.seats.length - 1] : this.part().personSeat());
    f.seats.length = f.players - 1;
    while (f.names.length < f.players - 1) f.names.push("");
  }

  /** The rules file was edited: when the players it allows changed, the seats follow. */
  followFile() {
    const key = this.playerCounts().join(",");
    if (key === this.fileCounts) return;
    this.fileCounts = key;
    this.followPlayers();
  }

  /** The rules changed the number of players they allow: the count and seats follow. */
  followPlayers() {
    const f = this.form;
    const counts = this.playerCounts();
    if (counts.length && !counts.includes(f.players)) this.setPlayers(counts[0]);
    const select = document.getElementById("create-players");
    if (select) fill(select, counts.map((count) => h("option", { value: String(count), selected: count === f.players }, String(count))));
    this.renderSeats();
  }

  async refresh() {
    if (gamesFailed() && (await loadGames(lang()))) {
      // the server's games came at last: the form can be drawn
      this.settleGame();
      this.build();
    }
    const answer = await api("GET", `/api/rooms?lang=${encodeURIComponent(lang())}`);
    if (answer.ok && answer.body && Array.isArray(answer.body.rooms)) {
      this.rooms = answer.body.rooms;
      this.roomsError = false;
    } else {
      this.roomsError = true;
    }
    this.renderRooms();
  }

  // -- layout ---------------------------------------------------------------
  //
  // On top, what starts a game in one tap: your name, the game, its rules, and two
  // buttons — "Play the computer" (at the level chosen beside it: the game's middle level
  // until another is chosen) and "Play with friends" (a room with open seats; its page
  // shows the invite link at once). Every other choice — house rules or a rules file, the
  // dice, the players and their seats, the clock, the advisor, a private room — is folded
  // below ("More options"), with a button that creates the room exactly as set there.

  build() {
    this.roomsBox = h("div", { class: "rooms", "aria-busy": this.rooms === null ? "true" : "false" });
    this.rulesBox = h("div", { class: "rules-choice" });
    this.seatsBox = h("div", { class: "seats-choice" });
    this.errorLine = h("p", { class: "form-error", role: "alert", id: "create-error" });
    const info = this.info();
    // without the server's games there is nothing to choose from: an error line instead
    const form = info ? this.createForm() : h("p", { class: "form-error", role: "alert" }, t("The server cannot be reached."));
    fill(
      this.root,
      h(
        "div",
        { class: "lobby" },
        h(
          "section",
          { class: "panel create", "aria-labelledby": "create-title" },
          h("h1", { id: "create-title" }, t("New game")),
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
          info
            ? h(
                "section",
                { class: "panel about", "aria-labelledby": "about-title" },
                h("h2", { id: "about-title" }, t("How to play")),
                h("ul", null, this.part().howToPlay().map((line) => h("li", null, line))),
              )
            : null,
        ),
      ),
    );
    if (!info) return;
    this.renderRulesChoice();
    if (this.part().built) this.part().built();
    this.renderSeats();
  }

  /** The level "Play the computer" seats: the one chosen for this game, or its middle one. */
  level() {
    const levels = this.gameLevels().map((item) => item.level);
    const chosen = this.form.levels[this.form.game];
    if (levels.includes(chosen)) return chosen;
    return levels.length ? levels[Math.floor((levels.length - 1) / 2)] : "";
  }

  createForm() {
    const f = this.form;
    const info = this.info();
    const nameInput = h("input", {
      id: "create-name",
      name: "name",
      type: "text",
      maxlength: NAME_MAX,
      autocomplete: "nickname",
      placeholder: t("Player"),
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
          this.setPlayers(Number(event.target.value));
          this.renderSeats();
        },
      },
      this.playerCounts().map((count) => h("option", { value: String(count), selected: count === f.players }, String(count))),
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
    // a checkbox of the form kept in `target[key]` (a game's part keeps its own)
    const check = (id, target, key, label, hint) =>
      choice({
        type: "checkbox",
        id,
        checked: target[key],
        label,
        hint,
        onchange: (event) => {
          target[key] = event.target.checked;
        },
      });
    const part = this.part();
    this.submitButtons = [];
    const submit = (value, label, cls, describedBy) => {
      const button = h("button", { type: "submit", value, class: cls, "aria-describedby": describedBy }, label);
      this.submitButtons.push(button);
      return button;
    };
    const gameRadio = (value, label) =>
      formRadio("game", value, label, f.game === value, null, () => this.chooseGame(value));
    const presets = info.presets;
    const current = this.preset();
    const chosen = presets.find((item) => item.name === current) || presets[0];
    this.presetHint = h("p", { class: "hint", id: "create-preset-hint" }, this.presetNote(chosen));
    const levelSelect = h(
      "select",
      {
        id: "create-level",
        onchange: (event) => {
          f.levels[f.game] = event.target.value;
        },
      },
      this.gameLevels().map((item) =>
        h("option", { value: item.level, selected: item.level === this.level() }, levelTitle(item)),
      ),
    );
    const more = h(
      "details",
      {
        class: "more-options",
        ontoggle: (event) => {
          f.more = event.target.open;
          store.set(MORE_KEY, f.more ? "open" : "closed");
        },
      },
      h("summary", null, t("More options"), h("span", { class: "hint summary-hint" }, t("house rules, seats, clock, advisor…"))),
      h(
        "div",
        { class: "more-body" },
        h("fieldset", null, h("legend", null, t("Own rules")), this.rulesBox),
        part.fields ? part.fields() : null,
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
          info.advisor ? check("create-advisor", f, "advisor", t("Advisor"), part.advisorHint ? part.advisorHint() : t("People may see their winning chances with perfect play.")) : null,
          part.optionChecks ? part.optionChecks(check) : null,
          check("create-private", f, "private", t("Private room"), t("Not listed here: only the invite link leads to it.")),
          check("create-mute", f, "muteSpectators", t("Spectators may not chat")),
        ),
        h("p", { class: "hint" }, t("The two buttons above use these options too; this one seats the players as set here.")),
        submit("custom", t("Create a room"), "big"),
      ),
    );
    more.open = Boolean(f.more);
    return h(
      "form",
      {
        class: "create-form",
        novalidate: true,
        "aria-describedby": "create-error",
        onsubmit: (event) => {
          event.preventDefault();
          const mode = event.submitter && event.submitter.value ? event.submitter.value : "computer";
          this.create(mode);
        },
      },
      h(
        "div",
        { class: "quick-top" },
        h("div", { class: "field" }, h("label", { for: "create-name" }, t("Your name")), nameInput),
        h(
          "fieldset",
          { class: "game-choice" },
          h("legend", null, t("Game")),
          games().map((info) => gameRadio(info.name, info.title || info.name)),
        ),
      ),
      h(
        "div",
        { class: "field" },
        h("label", { for: "create-preset" }, t("Rules")),
        h(
          "select",
          {
            id: "create-preset",
            "aria-describedby": "create-preset-hint",
            onchange: (event) => {
              f.presets[f.game] = event.target.value;
              const item = presets.find((preset) => preset.name === event.target.value);
              this.presetHint.textContent = this.presetNote(item);
              const counts = this.playerCounts();
              if (counts.length && !counts.includes(f.players)) {
                this.setPlayers(counts[0]);
                this.build();
                const again = document.getElementById("create-preset");
                if (again) again.focus();
              }
            },
          },
          presets.map((item) => h("option", { value: item.name, selected: item.name === current }, item.title || item.name)),
        ),
        this.presetHint,
      ),
      h(
        "div",
        { class: "quick-starts" },
        h(
          "div",
          { class: "quick quick-computer" },
          h("div", { class: "field" }, h("label", { for: "create-level" }, t("Computer")), levelSelect),
          submit("computer", t("Play the computer"), "primary big"),
        ),
        h(
          "div",
          { class: "quick quick-friends" },
          h("p", { class: "hint", id: "create-friends-hint" }, t("Makes the room and shows the link to send.")),
          submit("friends", t("Play with friends"), "big", "create-friends-hint"),
        ),
      ),
      this.errorLine,
      more,
    );
  }

  /** What the rules chosen on top play like; or that the rules below are used instead. */
  presetNote(preset) {
    if (this.form.rulesMode !== "preset") return t("The rules set under More options are used.");
    return preset ? preset.description || "" : "";
  }

  renderRulesChoice() {
    if (!this.rulesBox) return;
    const f = this.form;
    const radio = (value, label) =>
      formRadio("rules", value, label, f.rulesMode === value, null, () => {
        f.rulesMode = value;
        this.renderRulesDetail();
        this.followPlayers();
        const info = this.info();
        if (this.presetHint) this.presetHint.textContent = this.presetNote(info.presets.find((item) => item.name === this.preset()));
      });
    this.rulesDetail = h("div", { class: "rules-detail" });
    fill(
      this.rulesBox,
      radio("preset", t("The rules chosen above")),
      this.part().houseRules ? radio("house", t("House rules")) : null,
      radio("file", t("A rules file (TOML or JSON)")),
      this.rulesDetail,
    );
    this.renderRulesDetail();
  }

  /** Below the choices: the preset list, the house rules, or the rules file (radios keep
   * their focus). */
  renderRulesDetail() {
    const f = this.form;
    const info = this.info();
    if (f.rulesMode === "house") {
      this.part().house.render(this.rulesDetail, info.presets, info.default_preset);
      return;
    }
    if (f.rulesMode === "preset") {
      this.rulesDetail.replaceChildren(); // the preset is chosen on top
      return;
    }
    const area = h("textarea", {
      id: "create-file",
      rows: 8,
      spellcheck: "false",
      maxlength: RULES_FILE_MAX,
      placeholder: this.part().filePlaceholder(),
      value: f.file,
      oninput: (event) => {
        f.file = event.target.value;
        this.followFile();
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
        this.followFile();
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

  /**
   * Create the room and go to it. `mode`: "computer" (every other seat a computer of the
   * chosen level), "friends" (every other seat open) or "custom" (the seats as set under
   * More options); the rules and options are the form's in each. A name left empty is
   * "Player" (one tap starts a game; the name can be given on the next visit).
   */
  async create(mode = "custom") {
    if (this.busy) return;
    const f = this.form;
    const name = f.name.trim() || t("Player");
    let rules;
    if (f.rulesMode === "file") {
      if (!f.file.trim()) {
        this.showError(t("Paste the rules file's contents, or choose a preset."));
        document.getElementById("create-file").focus();
        return;
      }
      rules = { file: f.file };
    } else if (f.rulesMode === "house") {
      const made = this.part().house.spec();
      if (!made.ok) {
        this.showError("");
        this.part().house.showError(made.field, made.message);
        return;
      }
      rules = made.rules;
    } else {
      rules = this.preset();
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
    const others = f.seats.slice(0, f.players - 1);
    const level = this.level();
    const chosen = mode === "computer" ? others.map(() => `bot:${level}`) : mode === "friends" ? others.map(() => "open") : others;
    for (const [index, seat] of chosen.entries()) {
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
    const part = this.part();
    const options = {
      turn_seconds: seconds,
      advisor: Boolean(this.info() && this.info().advisor && f.advisor),
      private: f.private,
      dice: "server",
      language: lang(),
    };
    if (part.options) part.options(options);
    if (f.muteSpectators) options.mute_spectators = true;
    if (part.moreOptions && mode === "custom") part.moreOptions(options);
    this.busy = true;
    for (const button of this.submitButtons) button.disabled = true;
    this.showError("");
    // the default game (dice 1000) is not named: the body stays PROTOCOL.md's own
    const body = f.game === DEFAULT_GAME ? { name, rules, seats, options } : { name, game: f.game, rules, seats, options };
    const answer = await postAsPlayer("/api/rooms", body);
    this.busy = false;
    for (const button of this.submitButtons) button.disabled = false;
    if (answer.ok && answer.body && typeof answer.body.room === "string" && typeof answer.body.token === "string") {
      store.set(NAME_KEY, name);
      store.set(`thousand.token.${answer.body.room}`, answer.body.token);
      window.location.assign(`/r/${encodeURIComponent(answer.body.room)}`);
      return;
    }
    const message = errorMessage(answer.body);
    if (message && f.rulesMode === "house" && /^rules\b/.test(message)) {
      this.part().house.showServerError(message); // next to the field the key names
      return;
    }
    this.showError(message || (answer.status === 0 ? t("The server cannot be reached.") : t("The room could not be created.")));
  }

  // -- the rooms ------------------------------------------------------------

  renderRooms() {
    if (!this.roomsBox) return;
    // Redrawn only when something changed, and the focused link kept: the list refreshes
    // every few seconds under a keyboard user's focus.
    const key = JSON.stringify([this.rooms, this.roomsError, gameList(), lang()]);
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
    const title = this.part(room.game).roomTitle(rulesTitle(room));
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
