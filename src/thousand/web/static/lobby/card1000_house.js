// Card Thousand's house-rules form in the lobby: a preset, and the keys a company argues
// about (CARD_THOUSAND.md §1–§2), grouped as players think of them — the bidding, the
// talon, marriages, bolts, the barrel, the dump truck, write-offs, the golden round and
// the dark. It starts from the preset's rules as the server sends them (GET /api/games:
// each preset's complete `rules`, without the keys its number of players lacks, §8 — so
// a key the preset has not is not shown) and sends {"preset": P, ...the keys that differ
// from P}, or P alone when nothing does. Whole numbers are checked here; how keys go
// together (a bid a multiple of the step...) is the server's to say: its refusal (422,
// naming the key) is shown at that key's field.

import { fill, h } from "../dom.js";
import { t } from "../i18n.js";
import { HouseForm, whole } from "./house_form.js";

/**
 * The form's groups, in the language of the page. A field: `key` (the rules key), `kind`
 * ("check", "number", "choice" or "maybe": a number or none, as a check and a number),
 * its label and one-line hint; `under`: shown only while that check is on.
 */
function groups() {
  return [
    {
      legend: t("Bidding"),
      fields: [
        { key: "opening_bid", kind: "number", min: 5, max: 120, label: t("Opening bid"), hint: t("The first hand's forced bid.") },
        { key: "bid_step", kind: "number", min: 5, max: 60, label: t("Bid step"), hint: t("Every bid raises by a multiple of it.") },
        {
          key: "max_raise",
          kind: "maybe",
          min: 5,
          max: 400,
          fallback: 5,
          label: t("Limit a raise"),
          valueLabel: t("Largest raise"),
          hint: t("No jumping: a bid raises by this much at most."),
        },
        {
          key: "bid_over_120_without_marriage",
          kind: "check",
          label: t("Over 120 without a marriage"),
          hint: t("Anyone may bid above 120, marriage in hand or not."),
        },
      ],
    },
    {
      legend: t("Talon"),
      fields: [
        { key: "hide_talon_at_100", kind: "check", label: t("Hidden talon at 100"), hint: t("A declarer with an uncontested 100 takes the talon unseen.") },
        { key: "hide_talon", kind: "check", label: t("Hidden talon"), hint: t("The declarer's talon is not shown to the opponent.") },
        { key: "gives_open", kind: "check", label: t("Cards given face up"), hint: t("Everyone sees the cards the declarer gives.") },
      ],
    },
    {
      legend: t("Marriages"),
      fields: [
        {
          key: "marriage_on_first_lead",
          kind: "check",
          label: t("Marriage on the first lead"),
          hint: t("The declarer may announce a marriage before taking a trick."),
        },
        { key: "ace_marriage", kind: "check", label: t("Ace marriage"), hint: t("Four aces announce like a marriage for 200.") },
      ],
    },
    {
      legend: t("Bolts"),
      fields: [
        {
          key: "bolt",
          kind: "choice",
          label: t("A bolt is"),
          options: [
            ["zero", t("a deal that scores nothing")],
            ["no_trick", t("a deal without a trick")],
          ],
        },
        {
          key: "bolts",
          kind: "choice",
          label: t("Three bolts"),
          options: [
            ["per_game", t("in the whole game")],
            ["in_a_row", t("in a row")],
          ],
        },
        { key: "penalty", kind: "number", min: 0, max: 1000, label: t("Penalty"), hint: t("For three bolts, and for a fall from the barrel.") },
      ],
    },
    {
      legend: t("Barrel"),
      fields: [
        {
          key: "barrel",
          kind: "maybe",
          min: 100,
          max: 995,
          fallback: 880,
          label: t("Barrel"),
          valueLabel: t("Barrel at"),
          hint: t("From here only the declarer's win reaches 1000."),
        },
        { key: "barrel_attempts", kind: "number", min: 1, max: 100, under: "barrel", label: t("Attempts"), hint: t("Deals on the barrel before a fall.") },
        {
          key: "barrel_knock_off",
          kind: "check",
          under: "barrel",
          label: t("Knock-off"),
          hint: t("Getting on the barrel knocks off whoever sits there."),
        },
        { key: "third_fall_to_zero", kind: "check", under: "barrel", label: t("Third fall to zero"), hint: t("The third fall sets the score to 0.") },
        { key: "win_needs_over", kind: "check", under: "barrel", label: t("Win over 1000"), hint: t("From the barrel a win needs 1005 or more.") },
      ],
    },
    {
      legend: t("Dump truck"),
      fields: [
        {
          key: "dump_truck_negative",
          kind: "check",
          label: t("Minus 555 too"),
          hint: t("A score of exactly 555 goes to 0; with this, −555 as well."),
        },
      ],
    },
    {
      legend: t("Write-offs"),
      fields: [
        { key: "write_off_deducts", kind: "check", label: t("Write-off costs the bid"), hint: t("The declarer who writes off loses the bid.") },
        {
          key: "write_off_award",
          kind: "choice",
          label: t("The others get"),
          options: [
            ["half", t("half the bid")],
            ["sixty", t("60 each")],
          ],
        },
        {
          key: "write_off_limit",
          kind: "maybe",
          min: 1,
          max: 100,
          fallback: 3,
          label: t("Limit write-offs"),
          valueLabel: t("Write-offs per player"),
          hint: t("How many times a player may write off in a game."),
        },
        { key: "write_off_on_barrel", kind: "check", label: t("Write-off on the barrel"), hint: t("Writing off is allowed while someone is on the barrel.") },
      ],
    },
    {
      legend: t("Golden round and dark"),
      fields: [
        { key: "golden", kind: "check", label: t("Golden round"), hint: t("The first deals: each player in turn plays 120, scores doubled.") },
        { key: "golden_raise", kind: "check", under: "golden", label: t("Raise in the golden round"), hint: t("The golden declarer may raise above 120.") },
        {
          key: "golden_fail",
          kind: "choice",
          under: "golden",
          label: t("If nobody makes it"),
          options: [
            ["repeat", t("play the golden round again")],
            ["reset", t("everyone back to 0")],
          ],
        },
        { key: "dark", kind: "check", label: t("Dark"), hint: t("The first hand may play 120 unseen, doubled both ways.") },
        { key: "dark_on_barrel", kind: "check", under: "dark", label: t("Dark on the barrel"), hint: t("The dark is allowed while someone is on the barrel.") },
      ],
    },
  ];
}

/** A whole number from `min` to `max` as typed, or null. */

const fieldId = (key) => `house-${key.replaceAll("_", "-")}`;

export class CardHouseRules extends HouseForm {
  /** `lobby`: the lobby whose form this is (its seats follow the preset's players). */
  constructor(lobby) {
    super();
    this.lobby = lobby;
    this.presets = [];
    this.values = null; // {preset, rules: {key: typed value}} once the presets are known
    this.error = null; // {field, message}
    this.box = null;
  }

  /** The complete rules of a preset, as /api/games sends them. */
  rulesOf(name) {
    const item = this.presets.find((preset) => preset.name === name);
    return item ? item.rules : null;
  }

  /** The form's values for a preset as it is (an unknown name: the first preset). */
  fromPreset(name) {
    const chosen = this.presets.find((item) => item.name === name) || this.presets[0];
    const rules = {};
    for (const group of groups()) {
      for (const field of group.fields) {
        if (!(field.key in chosen.rules)) continue;
        const value = chosen.rules[field.key];
        if (field.kind === "maybe") rules[field.key] = { on: value !== null, value: String(value === null ? field.fallback : value) };
        else if (field.kind === "number") rules[field.key] = String(value);
        else rules[field.key] = value;
      }
    }
    return { preset: chosen.name, rules };
  }

  /** Draw the form into `box`; `presets`: /api/games' [{name, title, rules}]. */
  render(box, presets) {
    this.box = box;
    if (Array.isArray(presets)) this.presets = presets.filter((item) => item && item.rules && typeof item.rules === "object");
    if (!this.presets.length) {
      fill(box, h("p", { class: "form-error", role: "alert" }, t("The server cannot be reached.")));
      return;
    }
    if (!this.values || !this.rulesOf(this.values.preset)) this.values = this.fromPreset(this.lobby.preset());
    const v = this.values;
    this.groupsBox = h("div", { class: "house-groups" });
    fill(
      box,
      h(
        "div",
        { class: "house card-house", id: "house-rules" },
        this.presetField(
          v.preset,
          (name) => {
            this.values = this.fromPreset(name);
            this.error = null;
            this.render(box);
            this.lobby.followPlayers();
          },
          h("p", { class: "hint" }, t("Each preset fixes the number of players; a rule it does not have is not shown.")),
        ),
        this.groupsBox,
      ),
    );
    this.renderGroups();
  }

  /** The groups of fields (again when a check that shows others is turned). */
  renderGroups() {
    const v = this.values.rules;
    const shown = (field) => field.key in v && (!field.under || (v[field.under] === true || (v[field.under] && v[field.under].on === true)));
    const sets = [];
    for (const group of groups()) {
      const fields = group.fields.filter(shown);
      if (!fields.length) continue;
      sets.push(h("fieldset", { class: "house-group" }, h("legend", null, group.legend), fields.map((field) => this.field(field))));
    }
    fill(this.groupsBox, sets);
    this.drawError();
  }

  /** Turned a check that shows or hides others: redraw, the focus kept on it. */
  redraw(id) {
    this.renderGroups();
    const again = document.getElementById(id);
    if (again) again.focus();
  }

  field(field) {
    const v = this.values.rules;
    const id = fieldId(field.key);
    const hintId = field.hint ? `${id}-hint` : null;
    const hint = field.hint ? h("p", { class: "hint", id: hintId }, field.hint) : null;
    const opens = (key) => groups().some((group) => group.fields.some((other) => other.under === key));
    if (field.kind === "check") {
      return h(
        "div",
        { class: "check", dataset: { field: id } },
        h("input", {
          id,
          type: "checkbox",
          checked: v[field.key],
          "aria-describedby": hintId,
          onchange: (event) => {
            v[field.key] = event.target.checked;
            this.clearError(id);
            if (opens(field.key)) this.redraw(id);
          },
        }),
        h("label", { for: id }, field.label),
        hint,
      );
    }
    if (field.kind === "choice") {
      return h(
        "div",
        { class: "field", dataset: { field: id } },
        h("label", { for: id }, field.label),
        h(
          "select",
          {
            id,
            "aria-describedby": hintId,
            onchange: (event) => {
              v[field.key] = event.target.value;
              this.clearError(id);
            },
          },
          field.options.map(([value, label]) => h("option", { value, selected: v[field.key] === value }, label)),
        ),
        hint,
      );
    }
    if (field.kind === "number") {
      return h(
        "div",
        { class: "field house-number", dataset: { field: id } },
        h("label", { for: id }, field.label),
        this.numberInput(id, v, field.key, hintId),
        hint,
      );
    }
    // "maybe": a check, and the number while it is on
    const maybe = v[field.key];
    const checkId = `${id}-on`;
    return h(
      "div",
      { class: "house-maybe", dataset: { field: checkId } },
      h(
        "div",
        { class: "check" },
        h("input", {
          id: checkId,
          type: "checkbox",
          checked: maybe.on,
          "aria-describedby": hintId,
          onchange: (event) => {
            maybe.on = event.target.checked;
            this.clearError(null);
            this.redraw(checkId);
          },
        }),
        h("label", { for: checkId }, field.label),
        hint,
      ),
      maybe.on
        ? h(
            "div",
            { class: "field house-number house-maybe-value", dataset: { field: id } },
            h("label", { for: id }, field.valueLabel),
            this.numberInput(id, maybe, "value", null),
          )
        : null,
    );
  }

  /** A number typed as text (a phone's number pad, no spinner), kept in `target[key]`. */
  numberInput(id, target, key, hintId) {
    return h("input", {
      id,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      value: target[key],
      "aria-describedby": hintId,
      oninput: (event) => {
        target[key] = event.target.value;
        this.clearError(id);
      },
    });
  }

  /**
   * The rules to send: {ok: true, rules} (the preset's name when nothing differs), or
   * {ok: false, field, message} for a number that is not a whole number in range. A
   * field hidden under a check turned off is not sent.
   */
  spec() {
    if (!this.values) return { ok: false, field: null, message: t("The server cannot be reached.") };
    const v = this.values.rules;
    const preset = this.rulesOf(this.values.preset);
    const overrides = {};
    for (const group of groups()) {
      for (const field of group.fields) {
        if (!(field.key in v)) continue;
        if (field.under && !(v[field.under] === true || (v[field.under] && v[field.under].on === true))) continue;
        let value = v[field.key];
        if (field.kind === "number" || (field.kind === "maybe" && value.on)) {
          const typed = field.kind === "number" ? value : value.value;
          value = whole(typed, field.min, field.max);
          if (value === null) {
            const message = t("Enter a whole number from {min} to {max}.", { min: field.min, max: field.max });
            return { ok: false, field: fieldId(field.key), message };
          }
        } else if (field.kind === "maybe") {
          value = null;
        }
        if (value !== preset[field.key]) overrides[field.key] = value;
      }
    }
    return { ok: true, rules: Object.keys(overrides).length ? { preset: this.values.preset, ...overrides } : this.values.preset };
  }

  /** The field a server's message is about: "rules key 'opening_bid': …". */
  fieldOf(message) {
    const match = /rules key '([^'.[]+)/.exec(message);
    if (!match) return /unknown preset/.test(message) ? "house-preset" : null;
    const id = fieldId(match[1]);
    if (document.getElementById(id)) return id;
    return document.getElementById(`${id}-on`) ? `${id}-on` : null;
  }

  /**
   * The server's refusal of the rules (422: "rules: rules key 'opening_bid': must be a
   * multiple of bid_step (10)"), at the field its key names: the field's label and the
   * reason, in the page's language where the reason is one the rule book's checks give
   * (config.py's _check_consistency), else as the server says it.
   */
  showServerError(message) {
    const field = this.fieldOf(message);
    const label = field ? this.box.querySelector(`label[for="${CSS.escape(field)}"]`) : null;
    const said = message.replace(/^rules:\s*/, "").replace(/^rules key '[^']*':\s*/, "");
    const step = /^must be a multiple of bid_step \((\d+)\)/.exec(said);
    const reason = step
      ? t("it must be a multiple of the bid step ({step})", { step: step[1] })
      : /^must be a multiple of 5\b/.test(said)
        ? t("it must be a multiple of 5")
        : said;
    const line = label ? `${label.textContent}: ${reason}` : reason;
    this.showError(field, t("The server refuses these rules: {reason}", { reason: line }));
  }
}
