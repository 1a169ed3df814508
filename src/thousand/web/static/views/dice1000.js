// A dice 1000 table: the parts of the table page that are dice 1000's own.
//
// The Table (table.js) keeps the connection, the room bar, the players, how the turns
// ended, the chat and the end of the game; for a room whose game is "dice1000" it hands
// these to a Dice1000View: the turn in progress (the last throw, the dice set aside, the
// turn's total, the scoring combinations), the throw and stop buttons and the dice to set
// aside, the faces of real dice entered at a real table (and a throw taken back), the
// advisor's winning chances, and the paper sheet. Every word of the game comes from the
// server in the connection's language (game.view); the page only lays it out, and never
// decides what is legal: the server's `legal` does.

import { ROLL_MS, die, diceRow, faces, isFace, roll, scoringPositions } from "../dice.js";
import { asArray, fill, h, motionReduced, str, typing } from "../dom.js";
import { lang, number, t } from "../i18n.js";

/**
 * The dice set aside before the last throw since all five were last in the hand: what
 * lies beside the thrown dice on a real table (the terminal game shows the same).
 *
 * turn.aside, when the server sends it, is exactly that. Otherwise it is cut from
 * turn.set_aside, every die set aside this turn in order, the last throw's own at its
 * end: the dice in the hand at the last throw say how many came before it in this
 * round of five, and the dice left after it how many of its own were set aside.
 */
function asideBeforeLast(turn, dice, last, ended) {
  if (!turn) return [];
  if (Array.isArray(turn.aside)) return turn.aside.filter(isFace);
  const all = asArray(turn.set_aside).filter(isFace);
  const thrown = dice.length;
  if (!thrown) return all.slice(-5);
  const before = thrown < 5 ? 5 - thrown : 0;
  const scoring = last ? asArray(last.combinations).reduce((sum, c) => sum + asArray(c && c.dice).length, 0) : 0;
  let own;
  if (ended === "bust" || turn.choosing || scoring === 0) own = 0;
  else if (!ended && Number.isInteger(turn.dice_left)) own = turn.dice_left === 5 ? thrown : thrown - turn.dice_left;
  else own = Math.min(scoring, thrown);
  own = Math.max(0, Math.min(own, all.length));
  const end = all.length - own;
  return all.slice(Math.max(0, end - before), end);
}

/** How long a bust stays on the table, marked, before what came after it is drawn. */
const BUST_MS = 2000;

/** A legal action's identity: "throw", "stop", "dice", "keep:1 5". */
function actionKey(item) {
  if (typeof item === "string") return item;
  if (item && Array.isArray(item.keep)) return `keep:${faces(item.keep)}`;
  return "";
}

export class Dice1000View {
  constructor(table) {
    this.table = table;
    this.entry = [];
    this.entryContext = "";
    this.sentEntry = null;
    this.refill = null;
    this.entering = false;
    this.throwKey = null;
    this.shown = {};
    this.held = null; // the bust on the table: { f, key, until }
    this.queue = []; // busts that came while one is held, each to be shown in turn
    this.holdTimer = null;
    this.latest = null;
    this.drawn = 0;
  }

  /** The language changed: what is drawn is drawn afresh. */
  forget() {
    this.shown = {};
    this.release();
  }

  /**
   * Table dice: the faces being entered belong to one throw of one player; a new state
   * for another moment of the game (another throw, player or game) starts them afresh.
   * After "Undo the last throw" the taken-back faces come back, to correct one die.
   * Called for each state of a new seq.
   */
  fresh(f) {
    const turn = f.turn || {};
    const context = [f.game.number, f.game.to_move, asArray(turn.throws).length, str(turn.ended), turn.dice_left].join("|");
    const changed = context !== this.entryContext;
    this.entryContext = context;
    this.sentEntry = null;
    const entering = f.legal.some((item) => item === "dice");
    if (this.refill && entering && this.refill.length === this.need(f)) {
      this.entry = this.refill;
    } else if (changed || !entering) {
      this.entry = [];
    }
    this.refill = null;
  }

  /** An action was refused: the faces just sent come back, to correct rather than retype. */
  refused() {
    if (this.sentEntry && !this.entry.length) this.entry = this.sentEntry;
    this.sentEntry = null;
  }

  /** A player's score in the players' list. */
  playerScore(player) {
    return number(player.score);
  }

  /** Where a player stands (the server's words: "entered", "on the barrel"…). */
  playerWhere(player, index, f) {
    return str(asArray(f.view.standings)[index]);
  }

  /** How many faces an entry takes: the dice in the hand (five at a turn's start). */
  need(f) {
    const turn = f.turn;
    return turn && Number.isInteger(turn.dice_left) && turn.dice_left > 0 && turn.dice_left <= 5 ? turn.dice_left : 5;
  }

  /**
   * Table dice on a phone: when the faces are to be entered again (the computer's turn is
   * over, another person's begins), the entry is brought into view — once, not while
   * someone reads or writes elsewhere on the page.
   */
  afterRender(f) {
    const entering = f.legal.some((item) => item === "dice");
    const was = this.entering;
    this.entering = entering;
    if (!entering || was || !f.tableDice || typing({ target: document.activeElement })) return;
    const box = this.table.el.actions.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    this.table.el.actions.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest", behavior: motionReduced() ? "auto" : "smooth" });
  }

  /**
   * The turn in progress, below its title (the frame's): the dice, the total, what scored.
   *
   * A bust stays on the table about two seconds (BUST_MS, after its dice land), marked
   * bust, though the next player throws at once: what arrives meanwhile waits — a bust
   * among it in a queue, to be shown in turn, the rest as the latest state, drawn when the
   * last bust has been shown. The rest of the page (players, log, buttons) is drawn from
   * each state at once; a move of this page's own ends the wait (`acted`).
   */
  renderTurn(f) {
    this.latest = f;
    if (this.held && Date.now() < this.held.until) {
      const key = this.throwKeyOf(f);
      if (this.endedInBust(f) && key !== this.held.key && !this.queue.some((item) => item.key === key)) {
        this.queue.push({ key, f });
      }
      this.draw(this.held.f);
      return;
    }
    this.held = null;
    const next = this.queue.shift();
    this.draw(next ? next.f : f);
  }

  /** A move of this page's own was sent: whoever made it has seen the bust. */
  acted() {
    this.release();
  }

  /** No bust held, none waiting. */
  release() {
    this.held = null;
    this.queue = [];
    if (this.holdTimer) window.clearTimeout(this.holdTimer);
    this.holdTimer = null;
  }

  /** Hold the bust drawn from `f` on the table for `ms`, then draw what came meanwhile. */
  hold(f, key, ms) {
    this.held = { f, key, until: Date.now() + ms };
    if (this.holdTimer) window.clearTimeout(this.holdTimer);
    this.holdTimer = window.setTimeout(() => {
      this.holdTimer = null;
      if (this.table.state && this.latest) this.table.renderTurn(this.table.facts());
    }, ms + 20);
  }

  /** Whether the turn shown in `f` ended in a bust. */
  endedInBust(f) {
    return Boolean(f.turn) && str(f.turn.ended) === "bust";
  }

  /** The dice of the last throw that `f` shows (none before a turn's first throw). */
  diceOf(f) {
    const turn = f.turn;
    const throws = turn ? asArray(turn.throws).filter(Array.isArray) : [];
    const last = turn && turn.last && typeof turn.last === "object" ? turn.last : null;
    return last && Array.isArray(last.dice) ? last.dice.filter(isFace) : throws.length ? throws[throws.length - 1].filter(isFace) : [];
  }

  /** What tells one throw on the table from another: game, player, throw, faces, end. */
  throwKeyOf(f) {
    const turn = f.turn;
    const throws = turn ? asArray(turn.throws).filter(Array.isArray) : [];
    return `${f.game.number}|${turn ? turn.player : ""}|${throws.length}|${faces(this.diceOf(f))}|${turn ? str(turn.ended) : ""}`;
  }

  /** Draw the turn of `f`: a new throw tumbles, and nothing is marked before it lands. */
  draw(f) {
    const { players, turn } = f;
    const throws = turn ? asArray(turn.throws).filter(Array.isArray) : [];
    const last = turn && turn.last && typeof turn.last === "object" ? turn.last : null;
    const ended = turn ? str(turn.ended) : "";
    const owner = turn && Number.isInteger(turn.player) ? players.find((p, i) => (Number.isInteger(p.seat) ? p.seat : i) === turn.player) : null;
    const dice = this.diceOf(f);
    const aside = asideBeforeLast(turn, dice, last, ended);
    const left = turn && Number.isInteger(turn.dice_left) ? turn.dice_left : 5;

    const key = this.throwKeyOf(f);
    const fresh = this.throwKey !== null && key !== this.throwKey && dice.length > 0 && (throws.length > 0 || last);
    const previous = this.throwKey;
    this.throwKey = key;
    // real dice were thrown on the table: only the computer's, drawn here, tumble
    const entered = f.tableDice && owner && owner.kind !== "bot";
    const tumble = fresh && previous !== null && !this.sameThrow(previous, key) && !entered && !motionReduced();

    const rows = [];
    let thrownNodes = [];
    let marks = [];
    const entering = f.legal.some((item) => item === "dice");
    if (!dice.length && entering) {
      // the dice in the hand are the entry's empty slots, right below
    } else if (!dice.length) {
      const count = left > 0 && left <= 5 ? left : 5;
      thrownNodes = Array.from({ length: count }, () => die(null));
      rows.push(diceRow(t("In the hand"), thrownNodes, t("Dice in the hand: {n}", { n: count }), "hand"));
    } else {
      const scoring = scoringPositions(dice, last ? last.combinations : []);
      const bust = ended === "bust" || (last && last.points === 0 && scoring.size === 0);
      marks = dice.map((_, index) => (scoring.has(index) ? "scoring" : bust ? "bust" : "dead"));
      // a tumbling die shows random faces: it is marked once it lands on its own
      thrownNodes = dice.map((face, index) => die(face, tumble ? "" : marks[index]));
      const label = ended && owner ? t("Last throw of {name}", { name: str(owner.name) }) : t("Last throw");
      rows.push(diceRow(label, thrownNodes, `${label}: ${faces(dice)}`, "thrown"));
    }
    if (aside.length) {
      rows.push(
        diceRow(
          t("Set aside"),
          aside.map((face) => die(face, "aside")),
          `${t("Set aside")}: ${faces(aside)}`,
          "aside",
        ),
      );
    }
    fill(this.table.el.dice, rows);
    if (fresh && ended === "bust") this.hold(f, key, BUST_MS + (tumble ? ROLL_MS : 0));

    // The large number is always the turn being played: once a turn has ended, the next
    // one starts at 0, and how the last one ended is told small beside it (and in the log).
    const total = !ended && turn && Number.isFinite(turn.total) ? turn.total : 0;
    const combos = last ? asArray(last.combinations).filter((c) => c && typeof c === "object") : [];
    // what the throw made — the total, the chips, the words — is told once the dice land
    this.drawn += 1;
    const token = this.drawn;
    const landed = () => {
      if (token !== this.drawn) return; // drawn again meanwhile
      thrownNodes.forEach((node, index) => {
        if (marks[index]) node.classList.add(marks[index]);
      });
      this.tell(f, total, combos, dice, left);
    };
    if (tumble) {
      this.table.el.combos.hidden = true;
      this.table.el.summary.hidden = true;
      roll(thrownNodes, dice, landed);
    } else {
      landed();
    }
  }

  /** The turn's total, what the last throw scored (the chips) and its words. */
  tell(f, total, combos, dice, left) {
    const { turn, view } = f;
    const ended = turn ? str(turn.ended) : "";
    const lastTurn = ended ? str(asArray(view.events)[0]) : "";
    fill(
      this.table.el.total,
      h("span", { class: "label" }, t("Turn total")),
      h("span", { class: "value" }, number(total)),
      !ended && turn && !turn.choosing && dice.length && left > 0 ? h("span", { class: "left muted" }, t("Dice left: {n}", { n: left })) : null,
      lastTurn ? h("span", { class: `last${ended === "bust" ? " bust" : ""}` }, lastTurn) : null,
    );
    // The chips below say what the summary says; it stays for screen readers, which
    // hear it on every throw (aria-live), and shows when nothing scored.
    this.table.el.summary.textContent = str(view.throw_summary);
    this.table.el.summary.hidden = !this.table.el.summary.textContent;
    this.table.el.summary.classList.toggle("sr-only", combos.length > 0);
    this.table.el.summary.classList.toggle("bust", ended === "bust");
    fill(
      this.table.el.combos,
      combos.map((combo) =>
        h(
          "li",
          { class: "combo" },
          h("span", { class: "combo-name" }, str(combo.name).replace(/_/g, " ")),
          /\d/.test(str(combo.name)) ? null : h("span", { class: "combo-dice" }, faces(asArray(combo.dice))),
          h("span", { class: "combo-points" }, Number.isFinite(combo.points) ? `+${combo.points}` : ""),
        ),
      ),
    );
    this.table.el.combos.hidden = !combos.length;
  }

  /** Whether two throw keys are the same throw told apart only by how the turn ended. */
  sameThrow(a, b) {
    return a.split("|").slice(0, 4).join("|") === b.split("|").slice(0, 4).join("|");
  }

  renderActions(f) {
    const { legal, refusals, you, mine, over, room, acting } = f;
    const focused = document.activeElement;
    const hadFocus = focused && this.table.el.actions.contains(focused) ? focused.dataset.act || "" : null;
    const has = (name) => legal.some((item) => item === name);
    const buttons = [];
    const choices = [];
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    const entering = has("dice");
    if (you !== null && !over && room.status !== "waiting") {
      const showDecide = has("throw") || has("stop") || "throw" in refusals || "stop" in refusals;
      if (showDecide && !entering) {
        for (const name of ["throw", "stop"]) {
          if (name === "throw" && f.tableDice) continue; // the faces are entered instead
          buttons.push(this.decideButton(name, f, busy));
        }
      }
      const keeps = legal.filter((item) => item && typeof item === "object" && Array.isArray(item.keep));
      if (keeps.length) {
        choices.push(h("p", { class: "choices-title" }, t("Choose the dice to set aside:")));
        choices.push(
          h(
            "div",
            { class: "keep-list" },
            keeps.map((item, index) =>
              h(
                "button",
                {
                  type: "button",
                  class: "keep",
                  dataset: { act: actionKey(item) },
                  "aria-disabled": busy ? "true" : null,
                  "aria-keyshortcuts": index < 9 ? String(index + 1) : null,
                  "aria-label": t("Set aside {dice}", { dice: faces(item.keep) }),
                  onclick: () => this.table.act("keep", { dice: item.keep.slice() }),
                },
                index < 9 ? h("kbd", { "aria-hidden": "true" }, String(index + 1)) : null,
                h("span", { class: "keep-dice", "aria-hidden": "true" }, item.keep.filter(isFace).map((face) => die(face, "small"))),
                h("span", { class: "keep-text", "aria-hidden": "true" }, faces(item.keep)),
              ),
            ),
          ),
        );
      }
      if (entering) choices.push(this.entryPanel(f, busy));
      const me = f.players.find((_, i) => f.seatOf(i) === you);
      if (me && me.auto && !over) {
        choices.unshift(
          h("p", { class: "auto-note" }, t("Your time ran out: the computer is playing for you. Make a move to take your seat back.")),
        );
      }
      if (!buttons.length && !choices.length) {
        choices.push(h("p", { class: "muted wait" }, mine ? t("One moment…") : t("Waiting for your turn.")));
      }
      if (has("undo")) choices.push(this.undoButton(f, busy));
    }
    const who = you !== null && f.forName ? t("Entering for: {name}", { name: f.forName }) : "";
    if (this.table.el.who.textContent !== who) this.table.el.who.textContent = who;
    this.table.el.who.hidden = !who;
    fill(this.table.el.buttons, buttons);
    fill(this.table.el.choices, choices);
    this.table.el.actions.classList.toggle("mine", acting);
    this.table.el.actions.hidden = over || room.status === "waiting" || you === null;
    if (hadFocus !== null) {
      // a face that filled the entry hands the focus to "That's it" (Enter sends)
      const wanted = /^face:/.test(hadFocus) && this.entry.length === this.need(f) ? "entry-done" : hadFocus;
      const again = wanted ? this.table.el.actions.querySelector(`[data-act="${CSS.escape(wanted)}"]`) : null;
      if (again && !again.disabled) again.focus();
      else if (!this.table.el.actions.hidden) this.table.el.actions.focus();
    }
  }

  /** The throw or stop button, the server's words on it, and why it is closed if it is. */
  decideButton(name, f, busy) {
    const { legal, refusals, view } = f;
    const labels = view.labels && typeof view.labels === "object" ? view.labels : {};
    const allowed = legal.some((item) => item === name);
    const reason = !allowed ? str(refusals[name]) : "";
    const reasonId = `refusal-${name}`;
    const fallback = name === "throw" ? t("Throw") : t("Stop");
    return h(
      "div",
      { class: `action action-${name}` },
      h(
        "button",
        {
          type: "button",
          class: `big act-${name}`,
          dataset: { act: name },
          disabled: !allowed,
          "aria-disabled": busy ? "true" : null,
          "aria-keyshortcuts": name === "throw" ? "T Space" : "S",
          "aria-describedby": reason ? reasonId : null,
          onclick: () => this.table.act(name),
        },
        h("span", { class: "act-label" }, str(labels[name]) || fallback),
        h("kbd", { "aria-hidden": "true" }, name === "throw" ? `T · ${t("Space")}` : "S"),
      ),
      reason ? h("p", { class: "refusal", id: reasonId }, reason) : null,
    );
  }

  /**
   * Table dice: the faces that fell are entered — a big button for each face, the dice in
   * the hand as slots that fill up (tap a die to take it out), "That's it" once every die
   * is entered; the stop beside it. Keys: 1–6 add, Backspace takes the last out, Enter sends.
   */
  entryPanel(f, busy) {
    const need = this.need(f);
    if (this.entry.length > need) this.entry.length = need;
    const complete = this.entry.length === need;
    // no stop before the turn's first throw: nothing to record yet, and a phone's screen is short
    const started = f.turn && !f.turn.ended && asArray(f.turn.throws).length > 0;
    const stop = f.legal.some((item) => item === "stop") || ("stop" in f.refusals && started);
    const stopNode = stop ? this.decideButton("stop", f, busy) : null;
    // why the stop is closed, under both buttons (a half-width column is narrow on a phone)
    const reason = stopNode ? stopNode.querySelector(".refusal") : null;
    if (reason) reason.remove();
    const slots = Array.from({ length: need }, (_, index) => {
      const face = this.entry[index];
      if (!isFace(face)) return h("span", { class: "slot empty", "aria-hidden": "true" }, die(null));
      return h(
        "button",
        {
          type: "button",
          class: "slot filled",
          dataset: { act: `slot:${index}` },
          "aria-label": t("Take out the die {face}", { face }),
          onclick: () => {
            if (this.table.pending) return;
            this.entry.splice(index, 1);
            this.table.renderActions();
          },
        },
        die(face),
      );
    });
    return h(
      "div",
      { class: "entry", role: "group", "aria-labelledby": "entry-title" },
      h("p", { class: "choices-title", id: "entry-title" }, t("Enter the faces that fell (dice: {n}):", { n: need })),
      h(
        "div",
        { class: "slots", dataset: { count: String(need) } },
        slots,
        h(
          "span",
          { class: "sr-only", role: "status" },
          this.entry.length ? t("Entered: {dice}", { dice: faces(this.entry) }) : t("No faces entered yet."),
        ),
      ),
      h(
        "div",
        { class: "face-buttons" },
        [1, 2, 3, 4, 5, 6].map((face) =>
          h(
            "button",
            {
              type: "button",
              class: "face",
              dataset: { act: `face:${face}` },
              disabled: complete,
              "aria-disabled": busy ? "true" : null,
              "aria-label": t("Face {n}", { n: face }),
              "aria-keyshortcuts": String(face),
              onclick: () => this.addFace(face),
            },
            die(face),
          ),
        ),
      ),
      h(
        "div",
        { class: `entry-decide${stop ? "" : " alone"}` },
        stopNode,
        h(
          "div",
          { class: "action" },
          h(
            "button",
            {
              type: "button",
              class: "big primary entry-done",
              dataset: { act: "entry-done" },
              disabled: !complete,
              "aria-disabled": busy ? "true" : null,
              "aria-keyshortcuts": "Enter",
              onclick: () => this.submitEntry(),
            },
            h("span", { class: "act-label" }, t("That's it")),
            h("kbd", { "aria-hidden": "true" }, "Enter"),
          ),
        ),
        reason,
      ),
    );
  }

  addFace(face) {
    if (this.table.pending || !this.table.state) return;
    if (this.entry.length < this.need(this.table.facts())) this.entry.push(face);
    this.table.say(""); // a refusal shown is about an entry being corrected now
    this.table.renderActions();
  }

  submitEntry() {
    if (this.table.pending || !this.table.state) return;
    if (this.entry.length !== this.need(this.table.facts())) return;
    const dice = this.entry.slice();
    this.table.act("dice", { dice });
    if (this.table.pending) {
      this.sentEntry = dice;
      this.entry = [];
      this.table.renderActions();
    }
  }

  /** Table dice: take back the last throw entered, until anyone decides anything. */
  undoButton(f, busy) {
    const last = f.turn && f.turn.last && Array.isArray(f.turn.last.dice) ? f.turn.last.dice.filter(isFace) : [];
    return h(
      "button",
      {
        type: "button",
        class: "undo-throw",
        dataset: { act: "undo" },
        "aria-disabled": busy ? "true" : null,
        "aria-keyshortcuts": "U",
        onclick: () => this.undoThrow(),
      },
      h("span", { "aria-hidden": "true" }, "↶"),
      h("span", null, t("Undo the last throw")),
      last.length ? h("span", { class: "undo-dice", "aria-hidden": "true" }, last.map((face) => die(face, "small"))) : null,
      h("kbd", { "aria-hidden": "true" }, "U"),
    );
  }

  undoThrow() {
    if (this.table.pending || !this.table.state) return;
    const f = this.table.facts();
    if (!f.legal.some((item) => item === "undo")) return;
    const last = f.turn && f.turn.last && Array.isArray(f.turn.last.dice) ? f.turn.last.dice.filter(isFace) : [];
    this.table.act("undo");
    if (this.table.pending) this.refill = last.length ? last : null;
  }

  renderAdvice(f) {
    const { view } = f;
    const advice = asArray(view.advice).filter((item) => item && typeof item === "object");
    const note = str(view.advice_note) === str(view.solving) ? "" : str(view.advice_note);
    if (!advice.length && !note) {
      this.table.el.advice.hidden = true;
      this.table.el.advice.replaceChildren();
      this.shown.advice = "";
      return;
    }
    const key = JSON.stringify([advice, note]);
    this.table.el.advice.hidden = false;
    if (this.shown.advice === key) return;
    this.shown.advice = key;
    fill(
      this.table.el.advice,
      h("h2", { id: "advice-title" }, t("Winning chances")),
      advice.length
        ? h(
            "ul",
            { class: "advice-list" },
            advice.map((item) => {
              const chance = Number.isFinite(item.chance) ? Math.max(0, Math.min(1, item.chance)) : null;
              return h(
                "li",
                { class: item.best ? "best" : "" },
                h("span", { class: "advice-text" }, str(item.text)),
                chance !== null
                  ? h("span", { class: "meter", "aria-hidden": "true" }, h("span", { style: `width: ${(chance * 100).toFixed(1)}%` }))
                  : null,
              );
            }),
          )
        : null,
      note ? h("p", { class: "muted small" }, note) : null,
    );
  }

  renderSheet(f) {
    const { view, toMove, players } = f;
    const sheet = view.sheet && typeof view.sheet === "object" ? view.sheet : null;
    const names = sheet ? asArray(sheet.players).map(str) : players.map((p) => str(p.name));
    const rounds = sheet ? asArray(sheet.rounds).filter(Array.isArray) : [];
    const key = JSON.stringify([names, rounds, toMove, lang()]);
    if (this.shown.sheet === key) return;
    this.shown.sheet = key;
    const wrap = this.table.el.sheet;
    const atBottom = wrap.scrollHeight - wrap.scrollTop - wrap.clientHeight < 24;
    if (!names.length) {
      fill(wrap, h("p", { class: "muted" }, t("The sheet fills in as the game goes.")));
      return;
    }
    const movingName = players[toMove] ? players[toMove].name : null;
    const table = h(
      "table",
      { class: "sheet-table" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col", class: "round" }, h("span", { "aria-hidden": "true" }, "#"), h("span", { class: "sr-only" }, t("Round"))),
          names.map((name) => h("th", { scope: "col", class: name === movingName ? "moving" : "" }, name)),
        ),
      ),
      h(
        "tbody",
        null,
        rounds.length
          ? rounds.map((row, index) =>
              h(
                "tr",
                null,
                h("th", { scope: "row", class: "round" }, String(index + 1)),
                names.map((name, column) => h("td", { class: name === movingName ? "moving" : "" }, str(row[column]))),
              ),
            )
          : h("tr", null, h("td", { colspan: names.length + 1, class: "muted" }, t("The sheet fills in as the game goes."))),
      ),
    );
    fill(wrap, table);
    if (atBottom || !this.shown.sheetScrolled) {
      wrap.scrollTop = wrap.scrollHeight;
      this.shown.sheetScrolled = true;
    }
  }

  /** Keys: T or Space throw, S stops, 1–9 set dice aside; table dice: 1–6, Backspace, Enter, U. */
  onKey(event, f) {
    const key = event.key;
    const lower = typeof key === "string" ? key.toLowerCase() : "";
    const onControl = event.target instanceof Element && event.target.closest("button, a, summary, [role='button']");
    const has = (name) => f.legal.some((item) => item === name);
    if (has("dice")) {
      const need = this.need(f);
      if (/^[1-6]$/.test(key)) {
        this.addFace(Number(key)); // a seventh die is not taken: the entry is full
        event.preventDefault();
        return;
      }
      if (key === "Backspace") {
        if (!this.table.pending && this.entry.length) {
          this.entry.pop();
          this.table.renderActions();
        }
        event.preventDefault();
        return;
      }
      if (key === "Enter" && !onControl && this.entry.length === need) {
        this.submitEntry();
        event.preventDefault();
        return;
      }
    }
    if ((event.code === "KeyU" || lower === "u" || lower === "г") && has("undo")) {
      this.undoThrow();
      event.preventDefault();
      return;
    }
    const throwKey = event.code === "KeyT" || lower === "t" || lower === "е" || (key === " " && !onControl);
    if (throwKey && has("throw")) {
      this.table.act("throw");
      event.preventDefault();
      return;
    }
    const stopKey = event.code === "KeyS" || lower === "s" || lower === "ы";
    if (stopKey && has("stop")) {
      this.table.act("stop");
      event.preventDefault();
      return;
    }
    if (/^[1-9]$/.test(key)) {
      const keeps = f.legal.filter((item) => item && typeof item === "object" && Array.isArray(item.keep));
      const item = keeps[Number(key) - 1];
      if (item) {
        this.table.act("keep", { dice: item.keep.slice() });
        event.preventDefault();
      }
    }
  }
}
