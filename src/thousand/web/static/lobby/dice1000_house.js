// Dice 1000's house-rules form in the lobby: a preset, and the keys companies change most
// (RULES.md §2: target, ending, entry, barrels, the 555 dump truck, bolts, overtaking) on
// top of it. It starts from the preset's rules as the server sends them (GET /api/games:
// each preset's `rules`, every key of its file), and sends {"preset": P, ...the keys that
// differ from P}, or P alone when nothing does; the server validates the whole and names
// a bad key (422), shown at its field. A company keeps its rules by a name in this
// browser (localStorage "thousand.rules").

import { fill, h, store } from "../dom.js";
import { t } from "../i18n.js";
import { HouseForm, whole } from "./house_form.js";

const SAVED_KEY = "thousand.rules";
const SAVED_NAME_MAX = 40;
const MAX_BARRELS = 6;
const MAX_SCORE = 1000000;
const DUMP_TRUCK = 555;

/** The form's fields, by the rules key a server error names. */
const FIELD_OF_KEY = {
  preset: "house-preset",
  target: "house-target",
  ending: "house-ending",
  entry_threshold: "house-entry",
  barrels: "house-barrels-preset",
  dump_trucks: "house-dump",
  bolts: "house-bolts",
  overtaking_penalty: "house-overtaking",
};

const barrelsText = (barrels) => barrels.map((barrel) => `${barrel.from}–${barrel.to}`).join(", ");

/** A text with its score ranges ("200–300") kept each on one line. */
function unbroken(text) {
  return text.split(/(\d+–\d+)/).map((part, index) => (index % 2 ? h("span", { class: "nowrap" }, part) : part));
}

/** Whether a preset of /api/games carries the rules this form shows. */
function hasRules(item) {
  const rules = item && item.rules;
  return Boolean(
    rules &&
      typeof rules === "object" &&
      Number.isInteger(rules.target) &&
      typeof rules.ending === "string" &&
      Number.isInteger(rules.entry_threshold) &&
      Array.isArray(rules.barrels) &&
      Array.isArray(rules.dump_trucks) &&
      Number.isInteger(rules.overtaking_penalty),
  );
}

/**
 * The form's values for a preset as it is (`presets`: /api/games' presets with their
 * rules; an unknown name starts from the first). Numbers are kept as typed (strings).
 */
function fromPreset(presets, name) {
  const known = presets.find((item) => item.name === name);
  const chosen = known || presets[0];
  const preset = chosen.rules;
  const bolts = preset.bolts || { limit: 3, penalty: 50 };
  return {
    preset: chosen.name,
    target: String(preset.target),
    ending: preset.ending,
    entry: String(preset.entry_threshold),
    barrelsMode: "preset",
    barrels: preset.barrels.map((barrel) => ({ from: String(barrel.from), to: String(barrel.to) })),
    dumpTruck: preset.dump_trucks.includes(DUMP_TRUCK),
    bolts: Boolean(preset.bolts),
    boltLimit: String(bolts.limit),
    boltPenalty: String(bolts.penalty),
    overtaking: String(preset.overtaking_penalty),
  };
}

/** A whole number from `min` to `max` as typed, or null. */

/** The saved rules of this browser: {name: {"preset": P, ...overrides}}. */
export function savedRules() {
  let data = null;
  try {
    data = JSON.parse(store.get(SAVED_KEY) || "{}");
  } catch {
    data = null;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return {};
  const kept = {};
  for (const [name, rules] of Object.entries(data)) {
    if (rules && typeof rules === "object" && !Array.isArray(rules) && typeof rules.preset === "string") kept[name] = rules;
  }
  return kept;
}

function keepSaved(saved) {
  store.set(SAVED_KEY, JSON.stringify(saved));
}

export class HouseRules extends HouseForm {
  constructor() {
    super();
    this.values = null; // until the presets are known (the first render)
    this.chosen = "";
    this.saveName = "";
    this.note = "";
    this.error = null; // {field, message}
    this.box = null;
    this.presets = [];
  }

  /** The rules of a preset, as /api/games sends them. */
  rulesOf(name) {
    const item = this.presets.find((preset) => preset.name === name);
    return item ? item.rules : null;
  }

  /**
   * Draw the form into `box`; `presets` are /api/games' [{name, title, rules}] (the
   * last ones given when left out), `start` the preset a new form starts from.
   */
  render(box, presets, start) {
    this.box = box;
    if (Array.isArray(presets)) this.presets = presets.filter(hasRules);
    if (!this.presets.length) {
      fill(box, h("p", { class: "form-error", role: "alert" }, t("The server cannot be reached.")));
      return;
    }
    if (!this.values || !this.rulesOf(this.values.preset)) this.values = fromPreset(this.presets, start);
    const v = this.values;
    this.barrelsBox = h("div", { class: "house-barrels-detail" });
    this.boltsBox = h("div", { class: "house-bolts-detail" });
    this.savedBox = h("div", { class: "house-saved" });
    fill(
      box,
      h(
        "div",
        { class: "house", id: "house-rules" },
        this.presetField(v.preset, (name) => {
          this.values = fromPreset(this.presets, name);
          this.chosen = "";
          this.error = null;
          this.render(box);
        }),
        h(
          "div",
          { class: "house-grid" },
          this.numberField("house-target", "target", t("Play to")),
          this.numberField("house-entry", "entry", t("Entry score"), t("0: no entry score.")),
        ),
        h(
          "div",
          { class: "field", dataset: { field: "house-ending" } },
          h("label", { for: "house-ending" }, t("To win")),
          h(
            "select",
            {
              id: "house-ending",
              onchange: (event) => {
                v.ending = event.target.value;
                this.clearError("house-ending");
              },
            },
            h("option", { value: "reach", selected: v.ending === "reach" }, t("that score or more")),
            h("option", { value: "exact", selected: v.ending === "exact" }, t("exactly that score")),
          ),
        ),
        h(
          "fieldset",
          { class: "house-barrels", dataset: { field: "house-barrels-preset" } },
          h("legend", null, t("Barrels")),
          this.barrelRadio("preset", unbroken(t("as in the base rules: {barrels}", { barrels: barrelsText(this.rulesOf(v.preset).barrels) || "—" }))),
          this.barrelRadio("none", t("no barrels")),
          this.barrelRadio("own", t("our own barrels")),
          this.barrelsBox,
        ),
        h(
          "div",
          { class: "check", dataset: { field: "house-dump" } },
          h("input", {
            id: "house-dump",
            type: "checkbox",
            checked: v.dumpTruck,
            "aria-describedby": "house-dump-hint",
            onchange: (event) => {
              v.dumpTruck = event.target.checked;
              this.clearError("house-dump");
            },
          }),
          h("label", { for: "house-dump" }, t("Dump truck 555")),
          h("p", { class: "hint", id: "house-dump-hint" }, t("Recording exactly 555 puts the score back to 0.")),
        ),
        h(
          "div",
          { class: "house-bolts", dataset: { field: "house-bolts" } },
          h(
            "div",
            { class: "check" },
            h("input", {
              id: "house-bolts",
              type: "checkbox",
              checked: v.bolts,
              "aria-describedby": "house-bolts-hint",
              onchange: (event) => {
                v.bolts = event.target.checked;
                this.clearError("house-bolts");
                this.renderBolts();
              },
            }),
            h("label", { for: "house-bolts" }, t("Bolts")),
            h("p", { class: "hint", id: "house-bolts-hint" }, t("A lost turn gives a bolt; so many bolts cost a penalty.")),
          ),
          this.boltsBox,
        ),
        this.numberField("house-overtaking", "overtaking", t("Overtaking penalty"), t("0: no penalty.")),
        this.savedBox,
      ),
    );
    this.renderBarrels();
    this.renderBolts();
    this.renderSaved();
    this.drawError();
  }

  barrelRadio(mode, label) {
    const id = `house-barrels-${mode}`;
    return h(
      "div",
      { class: "check" },
      h("input", {
        id,
        type: "radio",
        name: "house-barrels",
        value: mode,
        checked: this.values.barrelsMode === mode,
        onchange: () => {
          this.values.barrelsMode = mode;
          if (mode === "own" && !this.values.barrels.length) this.values.barrels.push({ from: "", to: "" });
          this.clearError(null);
          this.renderBarrels();
        },
      }),
      h("label", { for: id }, label),
    );
  }

  /** A number typed as text (a phone's number pad, no spinner), kept in `target[key]`. */
  numberInput(id, target, key, attrs = {}) {
    return h("input", {
      id,
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      value: target[key],
      oninput: (event) => {
        target[key] = event.target.value;
        this.clearError(id);
      },
      ...attrs,
    });
  }

  /** A labelled number field of the form's values, with an optional hint under it. */
  numberField(id, key, label, hint = null) {
    return h(
      "div",
      { class: "field house-number", dataset: { field: id } },
      h("label", { for: id }, label),
      this.numberInput(id, this.values, key, { "aria-describedby": hint ? `${id}-hint` : null }),
      hint ? h("p", { class: "hint", id: `${id}-hint` }, hint) : null,
    );
  }

  renderBarrels() {
    const v = this.values;
    if (v.barrelsMode !== "own") {
      this.barrelsBox.replaceChildren();
      return;
    }
    const rows = v.barrels.map((barrel, index) => {
      const input = (end, label) =>
        this.numberInput(`house-barrel-${end}-${index}`, barrel, end, { "aria-label": label });
      return h(
        "li",
        { class: "barrel-row", dataset: { field: `house-barrel-${index}` } },
        input("from", t("Barrel {n}: from", { n: index + 1 })),
        h("span", { "aria-hidden": "true" }, "–"),
        input("to", t("Barrel {n}: to", { n: index + 1 })),
        h(
          "button",
          {
            type: "button",
            class: "quiet small",
            "aria-label": t("Remove barrel {n}", { n: index + 1 }),
            onclick: () => {
              v.barrels.splice(index, 1);
              this.clearError(null);
              this.renderBarrels();
              const next = document.getElementById(`house-barrel-from-${Math.min(index, v.barrels.length - 1)}`);
              (next || document.getElementById("house-barrel-add")).focus();
            },
          },
          "✕",
        ),
      );
    });
    fill(
      this.barrelsBox,
      rows.length ? h("ol", { class: "barrel-rows" }, rows) : h("p", { class: "hint" }, t("No barrels yet.")),
      v.barrels.length < MAX_BARRELS
        ? h(
            "button",
            {
              type: "button",
              class: "small",
              id: "house-barrel-add",
              onclick: () => {
                const last = v.barrels[v.barrels.length - 1];
                const start = last ? whole(last.to, 0, MAX_SCORE) : null;
                v.barrels.push({ from: start === null ? "" : String(start), to: "" });
                this.renderBarrels();
                document.getElementById(`house-barrel-${start === null ? "from" : "to"}-${v.barrels.length - 1}`).focus();
              },
            },
            t("Add a barrel"),
          )
        : null,
      h("p", { class: "hint" }, t("The barrel 200–300 holds the scores 200 to 299.")),
    );
    this.drawError();
  }

  renderBolts() {
    const v = this.values;
    if (!v.bolts) {
      this.boltsBox.replaceChildren();
      return;
    }
    fill(
      this.boltsBox,
      h(
        "div",
        { class: "house-grid" },
        this.numberField("house-bolts-limit", "boltLimit", t("Bolts for a penalty")),
        this.numberField("house-bolts-penalty", "boltPenalty", t("Penalty points")),
      ),
    );
    this.drawError();
  }

  renderSaved() {
    const saved = savedRules();
    const names = Object.keys(saved).sort((a, b) => a.localeCompare(b));
    if (this.chosen && !saved[this.chosen]) this.chosen = "";
    const nameInput = h("input", {
      id: "house-save-name",
      type: "text",
      maxlength: SAVED_NAME_MAX,
      autocomplete: "off",
      value: this.saveName,
      oninput: (event) => {
        this.saveName = event.target.value;
      },
      onkeydown: (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          this.save();
        }
      },
    });
    fill(
      this.savedBox,
      names.length
        ? h(
            "div",
            { class: "field" },
            h("label", { for: "house-saved" }, t("Saved rules")),
            h(
              "div",
              { class: "house-row" },
              h(
                "select",
                {
                  id: "house-saved",
                  onchange: (event) => {
                    const name = event.target.value;
                    if (name && saved[name]) {
                      this.load(saved[name]);
                      this.chosen = name;
                      this.saveName = name;
                      this.note = t("Rules “{name}” are in the form.", { name });
                    } else {
                      this.chosen = "";
                    }
                    this.render(this.box);
                    document.getElementById("house-saved").focus();
                  },
                },
                h("option", { value: "", selected: !this.chosen }, t("choose…")),
                names.map((name) => h("option", { value: name, selected: name === this.chosen }, name)),
              ),
              h(
                "button",
                {
                  type: "button",
                  id: "house-delete",
                  disabled: !this.chosen,
                  onclick: () => {
                    const all = savedRules();
                    const name = this.chosen;
                    delete all[name];
                    keepSaved(all);
                    this.chosen = "";
                    this.note = t("Rules “{name}” deleted.", { name });
                    this.renderSaved();
                    const again = document.getElementById("house-saved") || document.getElementById("house-save-name");
                    again.focus();
                  },
                },
                t("Delete"),
              ),
            ),
          )
        : null,
      h(
        "div",
        { class: "field" },
        h("label", { for: "house-save-name" }, t("Save these rules as")),
        h(
          "div",
          { class: "house-row" },
          nameInput,
          h("button", { type: "button", id: "house-save", onclick: () => this.save() }, t("Save")),
        ),
      ),
      h("p", { class: "hint house-note", role: "status" }, this.note),
    );
  }

  save() {
    const name = this.saveName.trim();
    if (!name) {
      this.note = t("Name the rules to save them.");
      this.renderSaved();
      document.getElementById("house-save-name").focus();
      return;
    }
    const made = this.spec();
    if (!made.ok) {
      this.showError(made.field, made.message);
      return;
    }
    const all = savedRules();
    all[name] = typeof made.rules === "string" ? { preset: made.rules } : made.rules;
    keepSaved(all);
    this.chosen = name;
    this.saveName = name;
    this.note = t("Rules “{name}” saved in this browser.", { name });
    this.renderSaved();
    document.getElementById("house-save").focus();
  }

  /** Fill the form from saved rules: their preset, then the keys they change. */
  load(rules) {
    const v = fromPreset(this.presets, rules.preset);
    const preset = this.rulesOf(v.preset);
    if (Number.isInteger(rules.target)) v.target = String(rules.target);
    if (rules.ending === "reach" || rules.ending === "exact") v.ending = rules.ending;
    if (Number.isInteger(rules.entry_threshold)) v.entry = String(rules.entry_threshold);
    if (Number.isInteger(rules.overtaking_penalty)) v.overtaking = String(rules.overtaking_penalty);
    if (Array.isArray(rules.barrels)) {
      const barrels = rules.barrels.filter((barrel) => barrel && Number.isInteger(barrel.from) && Number.isInteger(barrel.to));
      v.barrelsMode = barrels.length ? "own" : "none";
      v.barrels = barrels.map((barrel) => ({ from: String(barrel.from), to: String(barrel.to) }));
    }
    if (Array.isArray(rules.dump_trucks)) v.dumpTruck = rules.dump_trucks.includes(DUMP_TRUCK);
    if (rules.bolts === false || rules.bolts === null) v.bolts = false;
    if (rules.bolts && typeof rules.bolts === "object") {
      const base = preset.bolts || {};
      v.bolts = true;
      v.boltLimit = String(Number.isInteger(rules.bolts.limit) ? rules.bolts.limit : base.limit);
      v.boltPenalty = String(Number.isInteger(rules.bolts.penalty) ? rules.bolts.penalty : base.penalty);
    }
    this.values = v;
    this.error = null;
  }

  /**
   * The rules to send: {ok: true, rules} (a preset name when nothing differs from it),
   * or {ok: false, field, message} for a value that is not a whole number in range.
   */
  spec() {
    const v = this.values;
    if (!v) return { ok: false, field: null, message: t("The server cannot be reached.") };
    const preset = this.rulesOf(v.preset);
    const overrides = {};
    const bad = (field, min, max) => ({ ok: false, field, message: t("Enter a whole number from {min} to {max}.", { min, max }) });
    const target = whole(v.target, 1, MAX_SCORE);
    if (target === null) return bad("house-target", 1, MAX_SCORE);
    if (target !== preset.target) overrides.target = target;
    if (v.ending !== preset.ending) overrides.ending = v.ending;
    const entry = whole(v.entry, 0, MAX_SCORE);
    if (entry === null) return bad("house-entry", 0, MAX_SCORE);
    if (entry !== preset.entry_threshold) overrides.entry_threshold = entry;
    if (v.barrelsMode === "none" && preset.barrels.length) overrides.barrels = [];
    if (v.barrelsMode === "own") {
      const barrels = [];
      for (const [index, barrel] of v.barrels.entries()) {
        const from = whole(barrel.from, 0, MAX_SCORE);
        if (from === null) return bad(`house-barrel-from-${index}`, 0, MAX_SCORE);
        const to = whole(barrel.to, 1, MAX_SCORE);
        if (to === null) return bad(`house-barrel-to-${index}`, 1, MAX_SCORE);
        if (from >= to) return { ok: false, field: `house-barrel-to-${index}`, message: t("A barrel ends above where it starts.") };
        barrels.push({ from, to });
      }
      overrides.barrels = barrels;
    }
    if (v.dumpTruck !== preset.dump_trucks.includes(DUMP_TRUCK)) overrides.dump_trucks = v.dumpTruck ? [DUMP_TRUCK] : [];
    if (v.bolts) {
      const limit = whole(v.boltLimit, 1, 1000);
      if (limit === null) return bad("house-bolts-limit", 1, 1000);
      const penalty = whole(v.boltPenalty, 0, MAX_SCORE);
      if (penalty === null) return bad("house-bolts-penalty", 0, MAX_SCORE);
      if (!preset.bolts || preset.bolts.limit !== limit || preset.bolts.penalty !== penalty) overrides.bolts = { limit, penalty };
    } else if (preset.bolts) {
      overrides.bolts = false;
    }
    const overtaking = whole(v.overtaking, 0, MAX_SCORE);
    if (overtaking === null) return bad("house-overtaking", 0, MAX_SCORE);
    if (overtaking !== preset.overtaking_penalty) overrides.overtaking_penalty = overtaking;
    return { ok: true, rules: Object.keys(overrides).length ? { preset: v.preset, ...overrides } : v.preset };
  }

  /** The field a server's message is about: "rules key 'barrels[1].to': …". */
  fieldOf(message) {
    const match = /rules key '([^']+)'/.exec(message) || /unknown preset/.exec(message);
    if (!match) return null;
    if (!match[1]) return "house-preset";
    const key = match[1];
    const barrel = /^barrels\[(\d+)\](?:\.(from|to))?/.exec(key);
    if (barrel && this.values.barrelsMode === "own") return `house-barrel-${barrel[2] || "from"}-${barrel[1]}`;
    if (/^bolts\.limit/.test(key)) return this.values.bolts ? "house-bolts-limit" : "house-bolts";
    if (/^bolts\.penalty/.test(key)) return this.values.bolts ? "house-bolts-penalty" : "house-bolts";
    return FIELD_OF_KEY[key.split(/[.[]/)[0]] || null;
  }

  /** A server's refusal of the rules (422): at the field its key names. */
  showServerError(message) {
    this.showError(this.fieldOf(message), message);
  }
}
