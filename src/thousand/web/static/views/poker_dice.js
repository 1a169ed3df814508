// A poker dice table: the parts of the table page that are poker dice's own.
//
// The Table (../table.js) keeps the connection, the room bar, the players, how the turns
// ended, the chat and the end of the game; for a room whose game is "poker_dice" it hands
// these to a PokerView: the five dice (a tap keeps a die or gives it back; dice kept stay
// kept for the turn's next throw, as the server's `showing.fresh` tells), the throw
// button, the sheet as the players know it — both series, subtotal, bonus, totals, a
// column per player — with what each open box would score now beside it for the player
// to move (a tap there writes it). Every word of the game (the sheet's rows and cells,
// the boxes' names, how a turn ended) comes from the server in the connection's language;
// the page only lays it out, and never decides what is legal: the server's `legal` does.

import { die, diceRow, faces, isFace, roll } from "../dice.js";
import { asArray, fill, h, str } from "../dom.js";
import { lang, number, t } from "../i18n.js";

/** The legal writes of a state: box → the points it would take now. */
function writes(legal) {
  const boxes = new Map();
  for (const item of asArray(legal)) {
    if (item && typeof item === "object" && typeof item.box === "string") boxes.set(item.box, item.points);
  }
  return boxes;
}

/**
 * The places of the dice the turn's last throw kept (those it did not fill: the server's
 * `showing.fresh`), while another throw is open: they stay kept for the next throw, as in
 * the terminal, until the player lets them go. Taken from the state, not the page's
 * memory, so a reload or a reconnection finds them kept too. None at a turn's first throw
 * (it fills all five) or when no throw is left.
 */
function keptByLastThrow(showing, dice) {
  if (!showing || !showing.in_turn || dice.length !== 5 || !(showing.throws_left > 0)) return new Set();
  const fresh = new Set(asArray(showing.fresh));
  return new Set(dice.map((_, place) => place).filter((place) => !fresh.has(place)));
}

export class PokerView {
  constructor(table) {
    this.table = table;
    this.kept = new Set();
    this.keptFor = "";
    this.diceKey = null;
    this.shown = {};
  }

  /**
   * The page is marked so the sheet, where the player writes, is laid out beside the
   * dice (on a phone: right under the actions).
   */
  get layout() {
    return "poker";
  }

  /** Poker dice: a player's total, or in the ranking game the dice of their hand. */
  playerScore(player, f) {
    if (f.game.sheet !== "ranking") return number(player.total);
    const dice = asArray(player.dice).filter(isFace);
    return dice.length ? h("span", { class: "p-hand", role: "img", "aria-label": faces(dice) }, dice.map((face) => die(face, "small"))) : "—";
  }

  /** In the ranking game: the name of a player's hand. */
  playerWhere(player, index, f) {
    const hands = f.view.hands && typeof f.view.hands === "object" ? f.view.hands : {};
    return f.game.sheet === "ranking" && typeof player.hand === "string" ? str(hands[player.hand]) || player.hand : "";
  }

  /** How the turns ended: the same lines said again by another turn are a new telling. */
  eventsTurn(f) {
    return asArray(f.game.turns).length;
  }

  /** Poker dice has no advisor. */
  renderAdvice() {
    this.table.el.advice.hidden = true;
  }

  /** Facts of a poker state several parts need (on top of Table.facts). */
  facts(f) {
    const game = f.game;
    const showing = game.showing && typeof game.showing === "object" ? game.showing : null;
    const dice = showing ? asArray(showing.dice).filter(isFace) : [];
    const inTurn = Boolean(showing && showing.in_turn);
    const canThrow = f.legal.some((item) => item === "throw");
    const boxes = writes(f.legal);
    const canStop = f.legal.some((item) => item === "stop");
    const ranking = game.sheet === "ranking";
    const key = `${game.number}|${game.to_move}|${showing ? showing.player : ""}|${showing ? showing.throws : 0}|${dice.join("")}`;
    if (key !== this.keptFor) {
      this.keptFor = key;
      this.kept = keptByLastThrow(showing, dice);
    }
    const choosing = inTurn && canThrow && f.acting && dice.length === 5;
    return { ...f, showing, dice, inTurn, canThrow, boxes, canStop, ranking, choosing };
  }

  // -- the dice -------------------------------------------------------------------

  /** The dice on the table, below the turn's title (the frame's): a tap keeps one. */
  renderTurn(f) {
    const p = this.facts(f);
    const { el } = this.table;
    const { players, over, game, showing, dice } = p;

    const owner = showing ? players.find((player, index) => f.seatOf(index) === showing.player) : null;
    const fresh = new Set(showing ? asArray(showing.fresh) : []);
    let nodes;
    let row;
    if (!dice.length) {
      nodes = Array.from({ length: 5 }, () => die(null));
      row = diceRow(t("In the hand"), nodes, t("Dice in the hand: {n}", { n: 5 }), "hand");
    } else if (p.choosing) {
      nodes = dice.map((face, place) => this.keepButton(face, place, p));
      row = h(
        "div",
        { class: "dice-row thrown poker-dice" },
        h("div", { class: "dice-label", id: "poker-dice-label" }, t("Tap the dice to keep")),
        h("div", { class: "dice", role: "group", "aria-labelledby": "poker-dice-label" }, nodes),
      );
    } else {
      nodes = dice.map((face, place) => die(face, fresh.has(place) || !p.inTurn ? "" : "kept"));
      const label = p.inTurn ? t("Dice showing") : owner ? t("Last throw of {name}", { name: str(owner.name) }) : t("Last throw");
      row = diceRow(label, nodes, `${label}: ${faces(dice)}`, "thrown poker-dice");
    }
    fill(el.dice, row);

    const key = `${game.number}|${showing ? `${showing.player}|${showing.throws}` : ""}|${dice.join("")}`;
    const previous = this.diceKey;
    this.diceKey = key;
    if (previous !== null && key !== previous && p.inTurn && dice.length) {
      // a die to keep is drawn inside its button: the die itself tumbles
      const thrown = nodes.filter((_, place) => fresh.has(place)).map((node) => (node.classList.contains("die") ? node : node.querySelector(".die")));
      roll(thrown, dice.filter((_, place) => fresh.has(place)));
    }

    const left = showing && p.inTurn ? showing.throws_left : null;
    const throws = Number.isInteger(game.throws) ? game.throws : 3;
    fill(
      el.total,
      h("span", { class: "label" }, t("Throws left")),
      h("span", { class: "value" }, String(Number.isInteger(left) ? left : p.inTurn || over ? 0 : throws)),
    );
    el.total.hidden = over;
    const notes = [];
    if (showing && p.inTurn && showing.first_throw && !p.ranking && game.doubling) {
      notes.push(t("First throw: a combination of series 2 written now scores double."));
    }
    el.summary.textContent = notes.join(" ");
    el.summary.hidden = !notes.length;
    el.summary.classList.remove("sr-only");
    el.combos.replaceChildren();
    el.combos.hidden = true;
  }

  keepButton(face, place, p) {
    const kept = this.kept.has(place);
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    const node = h(
      "button",
      {
        type: "button",
        class: `die-button${kept ? " kept" : ""}`,
        dataset: { act: `die:${place}` },
        "aria-pressed": kept ? "true" : "false",
        "aria-disabled": busy ? "true" : null,
        "aria-label": kept ? t("Die {face}: kept", { face }) : t("Die {face}: thrown again", { face }),
        "aria-keyshortcuts": String(place + 1),
        onclick: () => this.toggle(place),
      },
      die(face, kept ? "kept" : ""),
      kept ? h("span", { class: "die-mark", "aria-hidden": "true", title: t("kept") }, "✓") : null,
    );
    return node;
  }

  toggle(place) {
    const f = this.facts(this.table.facts());
    if (!f.choosing || this.table.pending) return;
    if (this.kept.has(place)) this.kept.delete(place);
    else if (this.kept.size < 4) this.kept.add(place);
    else {
      this.table.say(t("Keep at most four dice: a throw throws at least one."));
      return;
    }
    this.table.say("");
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.act : "";
    this.renderTurn(this.table.facts());
    this.renderActions(this.table.facts());
    if (focused) {
      const again = this.table.el.turn.querySelector(`[data-act="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  // -- the actions ------------------------------------------------------------------

  renderActions(f) {
    const p = this.facts(f);
    const { el } = this.table;
    const { you, over, room, acting } = p;
    const focused = document.activeElement;
    const hadFocus = focused && el.actions.contains(focused) ? focused.dataset.act || "" : null;
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    const buttons = [];
    const choices = [];
    if (you !== null && !over && room.status !== "waiting") {
      if (p.canThrow || "throw" in p.refusals) buttons.push(this.throwButton(p, busy));
      if (p.canStop) buttons.push(this.stopButton(busy));
      if (p.boxes.size && !p.ranking) {
        choices.push(h("p", { class: "poker-hint" }, t("Or write the dice into a box of your sheet: tap its points.")));
      }
      const me = p.players.find((_, i) => p.seatOf(i) === you);
      if (me && me.auto && !over) {
        choices.unshift(h("p", { class: "auto-note" }, t("Your time ran out: the computer is playing for you. Make a move to take your seat back.")));
      }
      if (!buttons.length && !choices.length) {
        choices.push(h("p", { class: "muted wait" }, p.mine ? t("One moment…") : t("Waiting for your turn.")));
      }
    }
    const who = you !== null && p.forName ? t("Entering for: {name}", { name: p.forName }) : "";
    if (el.who.textContent !== who) el.who.textContent = who;
    el.who.hidden = !who;
    fill(el.buttons, buttons);
    fill(el.choices, choices);
    el.actions.classList.toggle("mine", acting);
    el.actions.hidden = over || room.status === "waiting" || you === null;
    if (hadFocus !== null) {
      const again = hadFocus ? el.actions.querySelector(`[data-act="${CSS.escape(hadFocus)}"]`) : null;
      if (again && !again.disabled) again.focus();
      else if (!el.actions.hidden) el.actions.focus();
    }
    this.renderSheet(f); // the write buttons in the sheet follow the same state
  }

  throwButton(p, busy) {
    const allowed = p.canThrow;
    const reason = !allowed ? str(p.refusals.throw) : "";
    let label;
    if (!p.inTurn || !p.dice.length) label = t("Throw all five dice");
    else if (!this.kept.size) label = t("Throw all five again");
    else label = t("Throw {n} dice, keep {kept}", { n: 5 - this.kept.size, kept: faces(this.keptFaces(p)) });
    const left = p.showing && p.inTurn ? p.showing.throws_left : null;
    return h(
      "div",
      { class: "action action-throw" },
      h(
        "button",
        {
          type: "button",
          class: "big act-throw",
          dataset: { act: "throw" },
          disabled: !allowed,
          "aria-disabled": busy ? "true" : null,
          "aria-keyshortcuts": "T Space",
          "aria-describedby": reason ? "refusal-throw" : null,
          onclick: () => this.throwDice(),
        },
        h("span", { class: "act-label" }, label),
        Number.isInteger(left) && allowed ? h("span", { class: "act-sub" }, t("Throws left: {n}", { n: left })) : null,
        h("kbd", { "aria-hidden": "true" }, `T · ${t("Space")}`),
      ),
      reason ? h("p", { class: "refusal", id: "refusal-throw" }, reason) : null,
    );
  }

  stopButton(busy) {
    return h(
      "div",
      { class: "action action-stop" },
      h(
        "button",
        {
          type: "button",
          class: "big act-stop",
          dataset: { act: "stop" },
          "aria-disabled": busy ? "true" : null,
          "aria-keyshortcuts": "S",
          onclick: () => this.table.act("stop"),
        },
        h("span", { class: "act-label" }, t("Stand on these dice")),
        h("kbd", { "aria-hidden": "true" }, "S"),
      ),
    );
  }

  keptFaces(p) {
    return [...this.kept].sort((a, b) => a - b).map((place) => p.dice[place]).filter(isFace);
  }

  throwDice() {
    const p = this.facts(this.table.facts());
    if (!p.canThrow) return;
    const places = p.choosing ? [...this.kept].sort((a, b) => a - b) : [];
    const keep = places.map((place) => p.dice[place]);
    this.table.act("throw", places.length ? { keep, places } : {});
  }

  write(box) {
    const p = this.facts(this.table.facts());
    if (!p.boxes.has(box)) return;
    this.table.act("write", { box });
  }

  // -- the sheet ------------------------------------------------------------------------

  renderSheet(f) {
    const p = this.facts(f);
    const { view, game, players, toMove } = p;
    const sheet = view.sheet && typeof view.sheet === "object" ? view.sheet : null;
    const names = sheet ? asArray(sheet.players).map(str) : players.map((player) => str(player.name));
    const rows = sheet ? asArray(sheet.rows).filter((row) => row && typeof row === "object") : [];
    const scores = game.scores_now && typeof game.scores_now === "object" ? game.scores_now : {};
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    const boxNames = view.boxes && typeof view.boxes === "object" ? view.boxes : {};
    const key = JSON.stringify([names, rows, toMove, scores, [...p.boxes], busy, lang(), p.over]);
    if (this.shown.sheet === key) return;
    this.shown.sheet = key;
    const wrap = this.table.el.sheet;
    if (!names.length || !rows.length) {
      fill(wrap, h("p", { class: "muted" }, t("The sheet fills in as the game goes.")));
      return;
    }
    const moving = toMove >= 0 ? toMove : -1;
    const boxes = new Set(asArray(game.boxes));
    const upper = asArray(game.upper);
    const lastBox = asArray(game.boxes)[asArray(game.boxes).length - 1];
    const body = rows.map((row) => {
      const id = str(row.row);
      const cells = asArray(row.cells);
      const isBox = boxes.has(id);
      const classes = ["sheet-row", isBox ? "box" : `sum ${id}`];
      if (id === "bonus" || id === lastBox) classes.push("section-end");
      if (upper.includes(id)) classes.push("upper");
      return h(
        "tr",
        { class: classes.join(" ") },
        h("th", { scope: "row", class: "row-label" }, str(row.label)),
        names.map((name, column) => {
          const text = str(cells[column]);
          const here = column === moving;
          let content = text;
          if (here && isBox && !text && Object.prototype.hasOwnProperty.call(scores, id)) {
            const points = scores[id];
            content = p.boxes.has(id)
              ? h(
                  "button",
                  {
                    type: "button",
                    class: `write${points < 0 ? " minus" : points === 0 ? " zero" : ""}`,
                    dataset: { act: `write:${id}` },
                    "aria-disabled": busy ? "true" : null,
                    "aria-label": t("Write {box}: {points}", { box: str(boxNames[id]) || id, points: number(points) }),
                    onclick: () => this.write(id),
                  },
                  number(points),
                )
              : h("span", { class: "would", title: t("What this box would score now") }, number(points));
          }
          return h("td", { class: here ? "moving" : "" }, content);
        }),
      );
    });
    const table = h(
      "table",
      { class: `sheet-table poker-sheet${p.ranking ? " ranking" : ""}` },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col", class: "row-label" }, h("span", { class: "sr-only" }, t("Box"))),
          names.map((name, column) => h("th", { scope: "col", class: column === moving ? "moving" : "" }, name)),
        ),
      ),
      h("tbody", null, body),
    );
    fill(wrap, table);
  }

  // -- how the turns ended --------------------------------------------------------------

  // -- keys -----------------------------------------------------------------------------

  onKey(event, f) {
    const p = this.facts(f);
    const key = event.key;
    const lower = typeof key === "string" ? key.toLowerCase() : "";
    const onControl = event.target instanceof Element && event.target.closest("button, a, summary, [role='button']");
    if (/^[1-5]$/.test(key) && p.choosing) {
      this.toggle(Number(key) - 1);
      event.preventDefault();
      return;
    }
    const throwKey = event.code === "KeyT" || lower === "t" || lower === "е" || (key === " " && !onControl);
    if (throwKey && p.canThrow) {
      this.throwDice();
      event.preventDefault();
      return;
    }
    if ((event.code === "KeyS" || lower === "s" || lower === "ы") && p.canStop) {
      this.table.act("stop");
      event.preventDefault();
    }
  }
}
