// Card Thousand with a real deck (a room with options.cards = "table"): the scorekeeper's
// form under the paper sheet.
//
// The people play with their own cards; the creator's device (the scorekeeper) enters each
// deal's result: the declarer (a tap on a playing seat), the contract, the marriages
// announced (a tap per suit: 40 ♠, 60 ♣, 80 ♦, 100 ♥, and the four aces where the rules
// have them) and each seat's points. One playing seat's points may stay empty: the form
// shows what they come to (120 + the marriages + the last-trick bonus − the others) and
// the server works them out the same way. "Written off" and "Redeal" send the other two
// results; "Take back the last deal" undoes a mistyped one. The server checks everything (docs/card1000-online.md, "Keeping the score of real
// cards"): a result that cannot have happened comes back as a refusal in the page's
// language, and the form keeps what was typed, to be corrected. Every word of the form,
// the sheet's rows and the legend come from the server (view.form, view.sheet).
//
// The form is built once per deal and kept across renders (a chat line or someone
// connecting redraws the page): what is being typed is never lost.

import { asArray, fill, h, str } from "../dom.js";
import { number, t } from "../i18n.js";

const SUITS = [
  { value: 40, label: "40 ♠" },
  { value: 60, label: "60 ♣" },
  { value: 80, label: "80 ♦", red: true },
  { value: 100, label: "100 ♥", red: true },
];
const ACES = { value: 200, label: "200 A" };

function whole(text) {
  const value = String(text).trim();
  return /^\d{1,4}$/.test(value) ? Number(value) : null;
}

export class Card1000TableView {
  constructor(table) {
    this.table = table;
    this.formKey = "";
    this.form = null;
    this.fields = null;
  }

  get layout() {
    return "card-keeping";
  }

  keeping(f) {
    const k = f.game.keeping;
    return k && typeof k === "object" ? k : null;
  }

  words(f) {
    const form = f.view.form && typeof f.view.form === "object" ? f.view.form : {};
    return (key) => str(form[key]);
  }

  playerScore(player) {
    return number(player.score);
  }

  /** Who deals the next deal; who sits it out (four players). */
  playerWhere(player, index, f) {
    const k = this.keeping(f);
    if (!k) return "";
    const w = this.words(f);
    const seat = f.seatOf(index);
    if (seat === k.sitting_out) return w("sits_out");
    return seat === k.dealer ? w("deals") : "";
  }

  renderAdvice() {
    this.table.el.advice.hidden = true;
  }

  /** The next deal's line over the form. */
  renderTurn(f) {
    const { el } = this.table;
    const line = this.words(f)("line");
    fill(el.dice, line ? h("p", { class: "keep-line" }, line) : null);
    fill(el.summary);
    fill(el.combos);
  }

  // -- the form -----------------------------------------------------------------------

  renderActions(f) {
    const { el } = this.table;
    const k = this.keeping(f);
    const acting = f.acting && k !== null;
    el.who.hidden = true;
    fill(el.buttons);
    el.actions.hidden = f.over || f.room.status === "waiting" || !acting;
    el.actions.classList.toggle("mine", acting);
    if (!acting) {
      fill(el.choices);
      this.form = null;
      this.formKey = "";
      return;
    }
    const key = JSON.stringify([f.game.number, asArray(f.game.deals).length, k.dealer, f.view.form]);
    if (key !== this.formKey || !this.form || !el.choices.contains(this.form)) {
      this.formKey = key;
      this.form = this.buildForm(f, k);
      fill(el.choices, this.form);
    }
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    for (const button of this.form.querySelectorAll("button")) button.setAttribute("aria-disabled", busy ? "true" : "false");
    this.update();
  }

  buildForm(f, k) {
    const w = this.words(f);
    const players = f.players;
    const names = players.map((player) => str(player.name));
    const playing = asArray(k.playing);
    const fields = { declarer: null, marriages: new Set(), points: [], dark: null, k, names, playing };
    this.fields = fields;

    const declarers = h(
      "div",
      { class: "keep-chips", role: "radiogroup", "aria-labelledby": "keep-declarer" },
      playing.map((seat) => {
        const id = `keep-declarer-${seat}`;
        return h(
          "label",
          { class: "chip", for: id },
          h("input", {
            type: "radio",
            name: "keep-declarer",
            id,
            value: String(seat),
            checked: k.golden && seat === playing[0],
            onchange: () => this.update(),
          }),
          h("span", null, names[seat] || String(seat + 1)),
        );
      }),
    );
    fields.declarerGroup = declarers;
    const contract = h("input", {
      id: "keep-contract",
      type: "text",
      inputmode: "numeric",
      pattern: "[0-9]*",
      autocomplete: "off",
      maxlength: "3",
      placeholder: k.golden ? "120" : String(k.opening_bid),
      value: k.golden ? "120" : "",
      oninput: () => this.update(),
    });
    fields.contract = contract;
    const suits = k.ace_marriage ? [...SUITS, ACES] : SUITS;
    const marriages = h(
      "div",
      { class: "keep-chips", role: "group", "aria-labelledby": "keep-marriages" },
      suits.map((suit) => {
        const id = `keep-marriage-${suit.value}`;
        return h(
          "label",
          { class: suit.red ? "chip red" : "chip", for: id },
          h("input", {
            type: "checkbox",
            id,
            value: String(suit.value),
            onchange: (event) => {
              if (event.target.checked) fields.marriages.add(suit.value);
              else fields.marriages.delete(suit.value);
              this.update();
            },
          }),
          h("span", null, suit.label),
        );
      }),
    );
    const points = h(
      "div",
      { class: "keep-points" },
      players.map((player, index) => {
        const seat = f.seatOf(index);
        const id = `keep-points-${seat}`;
        const input = h("input", {
          id,
          type: "text",
          inputmode: "numeric",
          pattern: "[0-9]*",
          autocomplete: "off",
          maxlength: "3",
          dataset: { seat: String(seat) },
          oninput: () => this.update(),
        });
        fields.points[seat] = input;
        const out = seat === k.sitting_out ? ` (${w("sits_out")})` : "";
        return h("label", { class: "keep-point", for: id }, h("span", null, `${names[seat]}${out}`), input);
      }),
    );
    const dark = k.dark
      ? h("label", { class: "chip", for: "keep-dark" }, (fields.dark = h("input", { type: "checkbox", id: "keep-dark" })), h("span", null, w("dark")))
      : null;
    const hint = h("p", { class: "keep-hint muted", id: "keep-hint", "aria-live": "polite" });
    fields.hint = hint;
    const send = (action) => this.send(action);
    return h(
      "form",
      {
        class: "keep-form",
        "aria-label": w("score"),
        onsubmit: (event) => {
          event.preventDefault();
          send("deal_result");
        },
      },
      h("div", { class: "keep-row" }, h("span", { class: "keep-label", id: "keep-declarer" }, w("declarer")), declarers),
      h(
        "div",
        { class: "keep-row" },
        h("label", { class: "keep-label", for: "keep-contract" }, w("contract")),
        contract,
        dark,
      ),
      h("div", { class: "keep-row" }, h("span", { class: "keep-label", id: "keep-marriages" }, w("marriages")), marriages),
      h("div", { class: "keep-row" }, h("span", { class: "keep-label" }, w("points")), points),
      hint,
      h(
        "div",
        { class: "keep-buttons" },
        h("button", { type: "submit", class: "primary big", dataset: { act: "deal_result" } }, w("score")),
        h("button", { type: "button", dataset: { act: "write_off" }, onclick: () => send("write_off") }, w("write_off")),
        h("button", { type: "button", class: "quiet", dataset: { act: "redeal" }, onclick: () => send("redeal") }, w("redeal")),
        f.legal.some((item) => item && item.action === "undo")
          ? h("button", { type: "button", class: "quiet", dataset: { act: "undo" }, onclick: () => this.table.act("undo") }, w("undo"))
          : null,
      ),
    );
  }

  /** What the form holds now: the declarer, the contract, the marriages, the points. */
  values() {
    const fields = this.fields;
    const checked = fields.declarerGroup.querySelector("input:checked");
    const declarer = checked ? Number(checked.value) : null;
    const marriages = [...fields.marriages].reduce((sum, value) => sum + value, 0);
    const points = fields.points.map((input) => (input ? whole(input.value) : null));
    return { declarer, contract: whole(fields.contract.value), marriages, points };
  }

  /** The empty playing seat's points worked out, as the server will (shown, not sent). */
  update() {
    const fields = this.fields;
    if (!fields || !fields.hint) return;
    const { k, names } = fields;
    const { marriages, points } = this.values();
    const empty = points.map((value, seat) => (value === null && seat !== k.sitting_out ? seat : -1)).filter((seat) => seat >= 0);
    let text = "";
    for (const [seat, input] of fields.points.entries()) if (input) input.placeholder = "";
    if (k.fill && empty.length === 1) {
      const known = points.reduce((sum, value, seat) => (value !== null && seat !== k.sitting_out ? sum + value : sum), 0);
      const rest = 120 + marriages + (k.last_trick_bonus || 0) - known;
      fields.points[empty[0]].placeholder = String(rest);
      text = `${names[empty[0]]}: ${number(rest)}`;
    } else {
      text = this.table.state && this.table.state.game ? str((this.table.state.game.view.form || {}).hint) : "";
    }
    fields.hint.textContent = text;
  }

  send(action) {
    if (!this.fields || this.table.pending) return;
    const { declarer, contract, marriages, points } = this.values();
    const dark = Boolean(this.fields.dark && this.fields.dark.checked);
    if (action === "redeal") {
      this.table.act("redeal");
      return;
    }
    const extra = {};
    if (declarer !== null) extra.declarer = declarer;
    if (contract !== null) extra.contract = contract;
    if (dark) extra.dark = true;
    if (action === "deal_result") {
      extra.points = points;
      if (marriages) extra.marriages = marriages;
    }
    this.table.act(action, extra);
  }

  // -- the sheet ------------------------------------------------------------------------

  renderSheet(f) {
    const wrap = this.table.el.sheet;
    const rows = asArray(f.view.sheet);
    const w = this.words(f);
    const key = JSON.stringify([rows, f.players.map((p) => [p.name, p.score]), f.view.legend]);
    if (this.sheetKey === key) return;
    this.sheetKey = key;
    const head = h(
      "tr",
      null,
      h("th", { scope: "col" }, w("deal")),
      h("th", { scope: "col" }, w("declarer")),
      f.players.map((player) => h("th", { scope: "col" }, str(player.name))),
    );
    const body = rows.map((row) =>
      h(
        "tr",
        null,
        h("td", { class: "num" }, str(row.number)),
        h("td", null, str(row.declarer)),
        asArray(row.cells).map((cell) => {
          // a cell is "change  total" (a total alone on a redeal): the total in bold
          const [change, total] = str(cell).includes("  ") ? str(cell).split("  ") : ["", str(cell)];
          return h("td", { class: "num" }, change ? h("span", { class: "keep-change" }, change) : null, change ? " " : null, h("b", null, total));
        }),
      ),
    );
    const totals = h(
      "tr",
      { class: "totals" },
      h("td"),
      h("th", { scope: "row" }, w("total")),
      f.players.map((player) => h("td", { class: "num" }, number(player.score))),
    );
    const legend = str(f.view.legend);
    fill(
      wrap,
      h("table", { class: "sheet-table keep-sheet" }, h("thead", null, head), h("tbody", null, body, totals)),
      legend ? h("p", { class: "muted small" }, legend) : null,
    );
  }

  onKey() {}
}

/**
 * The card1000 Table of views/index.js: a room of real cards (its first state's
 * game.cards is "table") gets the scorekeeper's view, any other the played game's view
 * (`PlayedView`, views/card1000.js; null: none yet).
 */
export function withRealCards(PlayedView) {
  return class {
    constructor(table) {
      const game = table.state && table.state.game;
      if ((game && game.cards === "table") || !PlayedView) return new Card1000TableView(table);
      return new PlayedView(table);
    }
  };
}
