// A card Thousand table: the parts of the table page that are card Thousand's own.
//
// The Table (../table.js) keeps the connection, the room bar, the players with the clock,
// the chat, the end of the game and the rematch; for a room whose game is "card1000" it
// hands the felt, the actions and the sheet to a CardView. The felt: the opponents around
// it (their cards face down, their bids, tricks and marks), the trick in the middle with
// each card in front of the seat that played it, the talon when it is shown, trump and
// the announced marriages, the last trick; below it the seat's own hand, sorted by suit,
// the cards it may play marked and the others dimmed. A tap selects a card, a second tap
// (or the button) plays it; giving is a tap on a card and a tap on the opponent. The
// bidding and the contract are buttons of the legal amounts. Everything legal comes from
// the server's `legal`, every card from the seat's own view (docs/card1000-online.md);
// the page never decides a rule.

import { cardBack, cardButton, cardPicture, cardText, isCard, sortHand, suitOf, suitText, SYMBOLS } from "../cards.js";
import { asArray, fill, h, store, str } from "../dom.js";
import { lang, number, t } from "../i18n.js";

/** Where each seat sits on the screen, by how many seats after the viewer it plays. */
const PLACES = { 2: ["me", "top"], 3: ["me", "left", "right"], 4: ["me", "left", "top", "right"] };

function obj(value) {
  return value && typeof value === "object" ? value : null;
}

/** The legal moves of a state, by kind. */
function moves(legal) {
  const of = (name) => legal.filter((item) => obj(item) && item.action === name);
  return {
    bids: of("bid").map((item) => item.amount).filter(Number.isInteger),
    pass: of("pass").length > 0,
    redeal: of("redeal").length > 0,
    writeOff: of("write_off").length > 0,
    dark: of("dark"),
    talon: of("talon"),
    give: of("give"),
    discard: of("discard"),
    contract: of("contract").map((item) => item.amount).filter(Number.isInteger),
    play: of("play"),
  };
}

/**
 * A cell of the paper sheet: the deal's change (or its mark: a dash for a bolt, Р for a
 * write-off) over the total after it, as the server writes them ("+40  160 (Б)").
 */
function sheetCell(text) {
  const parts = text.split(/\s{2,}/);
  if (parts.length < 2) return h("b", { class: "c-total" }, text);
  return [h("span", { class: "c-change" }, parts[0]), " ", h("b", { class: "c-total" }, parts.slice(1).join(" "))];
}

export class CardView {
  constructor(table) {
    this.table = table;
    this.selected = null;
    this.selectedFor = "";
    this.lastOpen = false;
    this.shown = {};
    this.hint = false;
    this.seen = undefined; // the game and deal in play the page drew last ({game, deal})
    this.panel = null; // the deal-over panel's "game:deal" while it is open
    this.dialog = null;
    this.opener = null;
    this.barWatch = null; // the ResizeObserver keeping --bar-h (watchBar)
    this.barWatched = null; // the bar it watches
  }

  get layout() {
    return "cards";
  }

  forget() {
    this.shown = {};
  }

  /** The words of the cards in the page's language (from the server). */
  words(f) {
    return obj(f.view.cards) || {};
  }

  /** A player's score, with the barrel marked. */
  playerScore(player) {
    const score = number(player.score);
    return player.barrel ? h("span", null, score, " ", h("span", { class: "c-barrel", title: t("on the barrel") }, t("barrel"))) : score;
  }

  /** Bolts and write-offs of a player, when there are any. */
  playerWhere(player) {
    const parts = [];
    if (Number.isInteger(player.bolts) && player.bolts > 0) parts.push(t("bolts: {n}", { n: player.bolts }));
    if (Number.isInteger(player.write_offs) && player.write_offs > 0) parts.push(t("write-offs: {n}", { n: player.write_offs }));
    return parts.join(" · ");
  }

  /** The footer's words: the deck, not dice, comes from the committed seed. */
  commitmentText(hash) {
    return t("Deck commitment: {hash}", { hash });
  }

  seedText(seed) {
    return t("Deck seed: {seed}", { seed });
  }

  commitmentNote() {
    return t("Every deal is shuffled from a secret seed drawn when the game began; this is its SHA-256. The seed is shown when the game is over, and “thousand verify” checks every deal against it.");
  }

  /**
   * The advisor (a room with `options.advisor`, the server's `view.advice` for this seat's
   * move only): a "Hint" toggle; shown, each weighed move with its figures — a card's
   * the declarer's expected points in the deal and how often the contract is made, an
   * amount's what declaring it brings and how often it is made — the best marked ★, and
   * the bid and contract buttons carry their points. Nothing is computed here.
   */
  renderAdvice(f) {
    const el = this.table.el.advice;
    const view = f.view || {};
    const p = this.facts(f);
    if (!view.advisor || !p.acting || p.over) {
      el.hidden = true;
      el.replaceChildren();
      return;
    }
    el.hidden = false;
    const advice = this.adviceItems(f);
    const toggle = h(
      "button",
      { type: "button", class: "c-hint-toggle", "aria-pressed": this.hint ? "true" : "false", onclick: () => { this.hint = !this.hint; this.table.render(); } },
      this.hint ? t("Hide the hint") : t("Hint"),
    );
    const body = [];
    if (this.hint && !advice) body.push(h("p", { class: "muted small" }, t("Advisor: thinking…")));
    if (this.hint && advice) {
      const figured = advice.filter((item) => Number.isFinite(item.points));
      const cards = figured.some((item) => item.action.action === "play");
      const defending = cards && p.deal && Number.isInteger(p.deal.declarer) && p.deal.declarer !== p.me;
      if (cards) figured.sort((a, b) => (defending ? a.points - b.points : b.points - a.points));
      body.push(h("p", { class: "muted small" }, cards ? t("Advisor (the declarer's points · contract made):") : t("Advisor (what declaring brings · made):")));
      body.push(
        h(
          "ul",
          { class: "advice-list c-advice" },
          figured.map((item) =>
            h(
              "li",
              { class: item.best ? "best" : "", dataset: { advice: this.adviceKey(item.action) } },
              h("span", { class: "advice-text" }, item.best ? "★ " : "", this.adviceLabel(item.action, p), " — ", h("span", { class: "advice-fig" }, this.figure(item))),
            ),
          ),
        ),
      );
    }
    fill(el, h("h2", { id: "advice-title" }, t("Advisor")), toggle, body);
  }

  /** This seat's advice when shown and fresh (entries with an action), else null. */
  adviceItems(f) {
    const advice = f.view && Array.isArray(f.view.advice) ? f.view.advice : null;
    return advice ? advice.filter((item) => obj(item) && obj(item.action)) : null;
  }

  adviceKey(action) {
    if (action.action === "play") return `play:${str(action.card)}${action.marriage ? ":marriage" : ""}${action.ace_marriage ? ":aces" : ""}`;
    if (action.action === "bid" || action.action === "contract") return `${action.action}:${action.amount}`;
    return str(action.action);
  }

  adviceLabel(action, p) {
    if (action.action === "bid") return t("Bid {amount}", { amount: action.amount });
    if (action.action === "contract") return t("Contract {amount}", { amount: action.amount });
    if (action.action === "play") {
      const card = cardText(str(action.card), p.words);
      if (action.ace_marriage) return `${card} + ${t("four aces")}`;
      if (action.marriage) return `${card} + ${suitText(suitOf(str(action.card)), p.words)}`;
      return card;
    }
    return str(action.action);
  }

  /** An advice's figures as the page writes them: points · made %. */
  figure(item) {
    const made = Number.isFinite(item.made) ? ` · ${Math.round(item.made * 100)}%` : "";
    return `${number(Math.round(item.points))}${made}`;
  }

  /** The figure of an amount's button when the hint is shown (else null). */
  amountFigure(f, kind, amount) {
    if (!this.hint) return null;
    const item = (this.adviceItems(f) || []).find((each) => each.action.action === kind && each.action.amount === amount && Number.isFinite(each.points));
    return item ? h("small", { class: `c-fig${item.best ? " best" : ""}` }, item.best ? "★ " : "", number(Math.round(item.points))) : null;
  }

  /** Facts of a card state several parts need (on top of Table.facts). */
  facts(f) {
    const game = f.game;
    const deal = obj(game.deal);
    const n = f.players.length || 3;
    const me = f.you !== null ? f.you : 0;
    const legal = moves(f.legal);
    const hand = deal && Array.isArray(deal.hand) ? sortHand(deal.hand) : null;
    const toMove = obj(game.to_move);
    const phase = toMove ? str(toMove.phase) : deal ? str(deal.phase) : "";
    const playable = new Set();
    for (const item of [...legal.play, ...legal.give, ...legal.discard]) if (isCard(item.card)) playable.add(item.card);
    const key = `${game.number}|${deal ? deal.number : 0}|${phase}|${deal ? asArray(deal.actions).length : 0}`;
    if (key !== this.selectedFor) {
      this.selectedFor = key;
      if (!playable.has(this.selected)) this.selected = null;
    }
    const names = f.players.map((player) => str(player.name));
    const place = (seat) => (PLACES[n] || PLACES[3])[(seat - me + n) % n];
    // four players: the dealer sits the deal out (CARD_THOUSAND.md §3), scoring the talon
    const sitter = deal && n === 4 && Number.isInteger(deal.dealer) ? deal.dealer : null;
    return { ...f, deal, n, me, moves: legal, hand, phase, playable, names, place, sitter, words: this.words(f) };
  }

  // -- the felt -------------------------------------------------------------------

  renderTurn(f) {
    const p = this.facts(f);
    const { el } = this.table;
    el.total.hidden = true;
    el.combos.replaceChildren();
    el.combos.hidden = true;
    el.summary.hidden = true;
    const deal = p.deal;
    const seats = p.players.map((_, index) => this.seatBox(p, index)).filter((_, index) => index !== p.me || p.you === null);
    fill(
      el.dice,
      h(
        "div",
        { class: `c-table n${p.n}` },
        seats,
        h("div", { class: "c-center" }, this.center(p)),
        this.marks(p),
      ),
      p.you !== null ? this.handRow(p) : deal && Array.isArray(deal.hands) ? null : h("p", { class: "muted c-watch" }, t("You are watching: the hands are hidden until a deal is over.")),
      this.lastTrick(p),
      this.lastDeal(p),
    );
    el.dice.classList.add("c-area");
    if (!deal) return;
  }

  /** A seat around the felt: its name, cards face down, bid, tricks, marks. */
  seatBox(p, index) {
    const deal = p.deal;
    const player = p.players[index];
    const seat = p.seatOf(index);
    const where = p.place(seat);
    const sizes = deal ? asArray(deal.hand_sizes) : [];
    const count = Number.isInteger(sizes[seat]) ? sizes[seat] : 0;
    const moving = obj(p.game.to_move) && p.game.to_move.seat === seat;
    const bits = [];
    if (deal && deal.declarer === seat) bits.push(h("span", { class: "c-tag decl" }, t("declarer")));
    const out = p.sitter === seat;
    if (deal && deal.dealer === seat) bits.push(h("span", { class: "c-tag" }, t("dealer")));
    if (out) bits.push(h("span", { class: "c-tag c-out" }, t("sits out")));
    const said = this.bidOf(p, seat);
    if (said) bits.push(h("span", { class: `c-tag bid${said.pass ? " pass" : ""}` }, said.text));
    if (deal && deal.phase === "play" && !out) {
      const tricks = asArray(deal.tricks)[seat];
      if (Number.isInteger(tricks)) bits.push(h("span", { class: "c-tag" }, t("tricks: {n}", { n: tricks })));
    }
    const giving = this.giveTargets(p).has(seat) && this.selected;
    // a finished game's replay shows every hand face up (deal.hands: CARD_THOUSAND.md §7)
    const open = deal && Array.isArray(deal.hands) && Array.isArray(deal.hands[seat]) ? sortHand(deal.hands[seat].filter(isCard)) : null;
    const backs = Array.from({ length: Math.min(count, 10) }, () => cardBack("small"));
    return h(
      giving ? "button" : "div",
      {
        class: `c-seat pos-${where}${moving ? " to-move" : ""}${giving ? " give-here" : ""}${out ? " sits-out" : ""}`,
        type: giving ? "button" : null,
        dataset: { seat: String(seat) },
        onclick: giving ? () => this.give(seat) : null,
        "aria-label": giving ? t("Give {card} to {name}", { card: cardText(this.selected, p.words), name: str(player.name) }) : null,
      },
      h("div", { class: "c-name" }, moving ? h("span", { class: "c-turn", "aria-hidden": "true" }, "▶ ") : null, str(player.name) || "?", " ", h("span", { class: "c-score" }, number(player.score))),
      open
        ? h("div", { class: "c-open", role: "group", "aria-label": t("Hand of {name}", { name: str(player.name) }) }, open.map((code) => cardPicture(code, p.words, "small")))
        : count
          ? h("div", { class: "c-backs", role: "img", "aria-label": t("Cards in hand: {n}", { n: count }) }, backs)
          : null,
      bits.length ? h("div", { class: "c-tags" }, bits) : null,
      giving ? h("div", { class: "c-give-mark" }, t("Give here")) : null,
    );
  }

  /** What a seat said last in this deal's bidding: a bid or a pass. */
  bidOf(p, seat) {
    const deal = p.deal;
    if (!deal || deal.phase !== "bid") return null;
    let said = null;
    for (const action of asArray(deal.actions)) {
      if (!obj(action) || action.seat !== seat) continue;
      if (Number.isInteger(action.bid)) said = { text: String(action.bid), pass: false };
      else if (action.pass) said = { text: t("pass"), pass: true };
    }
    return said;
  }

  /** The middle of the felt: the trick, or the talon when shown, or the bid standing. */
  center(p) {
    const deal = p.deal;
    if (!deal) return null;
    const trick = asArray(deal.trick).filter(isCard);
    if (deal.phase === "play" || trick.length) {
      const size = p.n === 2 ? 2 : 3;
      const leader = Number.isInteger(deal.leader) ? deal.leader : 0;
      const played = asArray(deal.played).filter(obj);
      const mine = played.slice(played.length - trick.length);
      const slots = trick.map((code, index) => {
        const seat = mine[index] && Number.isInteger(mine[index].seat) ? mine[index].seat : (leader + index) % p.n;
        // every card on the table says whose it is: its player's name beside it (a lone lead too)
        const name = p.players[seat] ? str(p.players[seat].name) : "";
        return h(
          "figure",
          { class: `c-slot pos-${p.place(seat)}`, style: `z-index:${index + 1}`, dataset: { seat: String(seat) } },
          cardPicture(code, p.words),
          h("figcaption", { class: "c-slot-name" }, name || "?"),
        );
      });
      return h("div", { class: "c-trick", "aria-label": t("The trick"), role: "group", dataset: { size: String(size) } }, slots);
    }
    if (p.n === 2) return this.twoTalons(p);
    const talon = asArray(deal.talon).filter(isCard);
    if (talon.length) {
      return h("div", { class: "c-talon", role: "group", "aria-label": t("Talon") }, h("div", { class: "c-label" }, t("Talon")), h("div", { class: "c-cards" }, talon.map((code) => cardPicture(code, p.words))));
    }
    if (deal.phase === "bid" || deal.phase === "dark") {
      const bidder = Number.isInteger(deal.bidder) && p.players[deal.bidder] ? str(p.players[deal.bidder].name) : "";
      return h(
        "div",
        { class: "c-bidding" },
        h("div", { class: "c-label" }, t("Bidding")),
        h("div", { class: "c-big" }, Number.isInteger(deal.bid) ? String(deal.bid) : "—"),
        bidder ? h("div", { class: "c-small" }, bidder) : null,
        h("div", { class: "c-talon-backs", "aria-label": t("Talon"), role: "img" }, cardBack("small"), cardBack("small"), cardBack("small")),
      );
    }
    return null;
  }

  /**
   * Two players (§3): the two talons of two cards, face down while bidding and while the
   * declarer chooses — then each is a button, a tap takes it — and after, the one taken
   * face up (as the seat's view shows it) beside the other, face down, that goes to the
   * winner of the last trick; the cards put aside, face up to the declarer only.
   */
  twoTalons(p) {
    const deal = p.deal;
    const taken = Number.isInteger(deal.talon_taken) ? deal.talon_taken : null;
    const cards = asArray(deal.talon).filter(isCard);
    const choices = new Set(p.moves.talon.map((item) => item.talon));
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    const pile = (index) => {
      const label = h("div", { class: "c-label" }, t("Talon {n}", { n: index + 1 }));
      if (index === taken && cards.length) {
        return h("div", { class: "c-pile taken", role: "group", "aria-label": t("Talon {n}", { n: index + 1 }), dataset: { talon: String(index) } }, label, h("div", { class: "c-cards" }, cards.map((code) => cardPicture(code, p.words))));
      }
      const backs = h("div", { class: "c-talon-backs" }, cardBack("small"), cardBack("small"));
      if (choices.has(index)) {
        return h(
          "button",
          { type: "button", class: "c-pile choose", dataset: { talon: String(index) }, "aria-disabled": busy ? "true" : null, "aria-label": t("Take talon {n}", { n: index + 1 }), onclick: () => this.table.act("talon", { talon: index }) },
          label,
          backs,
        );
      }
      const note = taken !== null && index !== taken ? h("div", { class: "c-small" }, t("to the last trick")) : null;
      return h("div", { class: "c-pile", role: "img", "aria-label": t("Talon {n}", { n: index + 1 }), dataset: { talon: String(index) } }, label, backs, note);
    };
    const aside = asArray(deal.actions).filter((action) => obj(action) && Object.prototype.hasOwnProperty.call(action, "discard"));
    const parts = [pile(0), pile(1)];
    if (aside.length) {
      parts.push(
        h(
          "div",
          { class: "c-pile aside", role: "group", "aria-label": t("Put aside") },
          h("div", { class: "c-label" }, t("Put aside")),
          h("div", { class: "c-cards" }, aside.map((action) => (isCard(action.discard) ? cardPicture(action.discard, p.words, "small") : cardBack("small")))),
        ),
      );
    }
    const bidder = Number.isInteger(deal.bidder) && p.players[deal.bidder] ? str(p.players[deal.bidder].name) : "";
    const bidding =
      deal.phase === "bid"
        ? h("div", { class: "c-bidding" }, h("div", { class: "c-label" }, t("Bidding")), h("div", { class: "c-big" }, Number.isInteger(deal.bid) ? String(deal.bid) : "—"), bidder ? h("div", { class: "c-small" }, bidder) : null)
        : null;
    return h("div", { class: "c-two" }, bidding, h("div", { class: "c-talons" }, parts));
  }

  /** Trump, the contract and the marriages announced: always in sight. */
  marks(p) {
    const deal = p.deal;
    if (!deal) return null;
    const parts = [];
    if (deal.trump && SYMBOLS[deal.trump]) {
      parts.push(h("span", { class: `c-mark trump${deal.trump === "H" || deal.trump === "D" ? " red" : ""}` }, t("Trump: {suit}", { suit: suitText(deal.trump, p.words) })));
    } else if (deal.phase === "play") {
      parts.push(h("span", { class: "c-mark" }, t("No trump yet")));
    }
    const declarer = Number.isInteger(deal.declarer) && p.players[deal.declarer] ? str(p.players[deal.declarer].name) : "";
    const amount = Number.isInteger(deal.contract) ? deal.contract : Number.isInteger(deal.bid) ? deal.bid : null;
    if (declarer && amount !== null) {
      parts.push(h("span", { class: "c-mark" }, t("{name} plays {amount}", { name: declarer, amount }) + (deal.golden || deal.dark ? " ×2" : "")));
    }
    for (const item of asArray(deal.announcements).filter(obj)) {
      const who = Number.isInteger(item.seat) && p.players[item.seat] ? str(p.players[item.seat].name) : "";
      const suit = str(item.suit);
      const label = SYMBOLS[suit] ? `${SYMBOLS[suit]} ${item.value ?? ""}`.trim() : `${t("four aces")} ${item.value ?? ""}`.trim();
      parts.push(h("span", { class: `c-mark marriage${suit === "H" || suit === "D" ? " red" : ""}` }, t("Marriage {what}: {name}", { what: label, name: who })));
    }
    return parts.length ? h("div", { class: "c-marks", "aria-live": "polite" }, parts) : null;
  }

  /** The seat's own hand: playable cards marked, the others dimmed; a tap selects. */
  handRow(p) {
    const hand = p.hand;
    if (p.sitter === p.me) {
      const me = p.players.find((_, index) => p.seatOf(index) === p.me);
      return h(
        "div",
        { class: "c-hand-row sits-out" },
        h("div", { class: "c-me" }, h("span", { class: "c-name" }, me ? str(me.name) : "", " ", h("span", { class: "c-score" }, me ? number(me.score) : "")), h("span", { class: "c-tag" }, t("dealer")), h("span", { class: "c-tag c-out" }, t("sits out"))),
        h("p", { class: "c-sit-note" }, t("You dealt: you sit this deal out and score the talon's points.")),
      );
    }
    if (!hand) {
      return h("div", { class: "c-hand-row" }, h("p", { class: "muted" }, p.deal && p.deal.phase === "dark" ? t("Your cards are face down: play dark or look at them.") : ""));
    }
    const choosing = p.playable.size > 0;
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    const best = this.hint ? (this.adviceItems(p) || []).find((item) => item.best && item.action.action === "play") : null;
    const buttons = hand.map((code) =>
      cardButton(code, p.words, {
        class: `${choosing ? (p.playable.has(code) ? "playable" : "dim") : ""}${this.selected === code ? " selected" : ""}${best && best.action.card === code ? " advised" : ""}`,
        "aria-pressed": choosing && p.playable.has(code) ? (this.selected === code ? "true" : "false") : null,
        "aria-disabled": !choosing || !p.playable.has(code) || busy ? "true" : null,
        onclick: () => this.tap(code),
      }),
    );
    const me = p.players.find((_, index) => p.seatOf(index) === p.me);
    const deal = p.deal;
    const moving = obj(p.game.to_move) && p.game.to_move.seat === p.me;
    const said = this.bidOf(p, p.me);
    const tags = [];
    if (deal && deal.declarer === p.me) tags.push(h("span", { class: "c-tag decl" }, t("declarer")));
    if (said) tags.push(h("span", { class: `c-tag bid${said.pass ? " pass" : ""}` }, said.text));
    if (deal && deal.phase === "play" && Number.isInteger(asArray(deal.tricks)[p.me])) tags.push(h("span", { class: "c-tag" }, t("tricks: {n}", { n: deal.tricks[p.me] })));
    return h(
      "div",
      { class: `c-hand-row${moving ? " to-move" : ""}` },
      h("div", { class: "c-me" }, h("span", { class: "c-name" }, moving ? "▶ " : "", me ? str(me.name) : "", " ", h("span", { class: "c-score" }, me ? number(me.score) : "")), tags),
      h("div", { class: "c-hand", role: "group", "aria-label": t("Your hand"), style: `--n:${hand.length}` }, buttons),
    );
  }

  /** The last trick taken in this deal (or the previous deal's), one tap away. */
  lastTrick(p) {
    const deal = p.deal;
    if (!deal) return null;
    const size = p.n === 2 ? 2 : 3;
    const played = asArray(deal.played).filter((item) => obj(item) && isCard(item.card));
    const done = Math.floor((played.length - asArray(deal.trick).length) / size);
    if (done < 1) return null;
    const trick = played.slice((done - 1) * size, done * size);
    const details = h(
      "details",
      {
        class: "c-last",
        open: this.lastOpen,
        ontoggle: (event) => {
          this.lastOpen = event.target.open;
        },
      },
      h("summary", null, t("Last trick")),
      h(
        "div",
        { class: "c-cards" },
        trick.map((item) => h("figure", { class: "c-played" }, cardPicture(item.card, p.words, "small"), h("figcaption", null, str(p.players[item.seat] && p.players[item.seat].name)))),
      ),
    );
    return details;
  }

  /** How the deal that ended last went, while the next one is being bid. */
  lastDeal(p) {
    const deals = asArray(p.game.deals).filter(obj);
    const deal = p.deal;
    if (!deals.length || (deal && deal.phase !== "bid" && deal.phase !== "dark") || p.over) return null;
    const last = deals[deals.length - 1];
    const sheet = obj(p.view.sheet);
    const rows = sheet ? asArray(sheet.rows).filter(obj) : [];
    const row = rows.find((item) => str(item.deal) === String(deals.length));
    const changes = asArray(last.changes);
    return h(
      "section",
      { class: "c-deal-over", "aria-label": t("The last deal") },
      h("h3", null, t("Deal {n}: {what}", { n: deals.length, what: row ? str(row.label) : "" })),
      h(
        "ul",
        { class: "c-changes" },
        p.players.map((player, index) => {
          const cell = row ? sheetCell(str(asArray(row.cells)[index])) : number(changes[index]);
          const talon = p.n === 4 && last.dealer === index && last.outcome !== "redeal";
          return h(
            "li",
            { class: talon ? "c-sat-out" : null },
            h("span", { class: "c-who" }, str(player.name)),
            " ",
            h("span", { class: "c-cell" }, cell),
            talon ? h("span", { class: "c-tag c-out" }, t("the talon")) : null,
          );
        }),
      ),
    );
  }

  // -- the end of a deal ------------------------------------------------------------

  /**
   * On each new state: does the deal-over panel open? It opens when the deal this page
   * saw in play has ended (the server deals the next one at once and the computers go
   * on: the pause is the page's, not the table's), and, on a page just opened, when the
   * last deal ended so recently that the next is still being bid (or the game is over)
   * — unless this browser has already closed that deal's panel.
   */
  fresh(f) {
    const game = f.game;
    const last = obj(game.last_deal);
    const deal = obj(game.deal);
    const number = Number.isInteger(game.number) ? game.number : 0;
    const key = last && Number.isInteger(last.number) ? `${number}:${last.number}` : null;
    const seen = this.seen;
    if (key && f.room.status !== "waiting") {
      const ended = seen
        ? seen.game === number && Number.isInteger(seen.deal) && last.number >= seen.deal
        : !deal || deal.phase === "bid" || deal.phase === "dark";
      if (ended && store.get(this.closedKey()) !== key) this.panel = key;
    }
    if (this.panel && this.panel !== key) this.panel = null; // a rematch: a new game
    this.seen = { game: number, deal: deal && Number.isInteger(deal.number) ? deal.number : null };
  }

  closedKey() {
    return `thousand.deal-over.${this.table.room}`;
  }

  afterRender(f) {
    this.renderDealOver(f);
  }

  /** The panel: a modal dialog over the table, drawn again only when what it shows changes. */
  renderDealOver(f) {
    if (!this.dialog) {
      this.dialog = h("dialog", {
        id: "deal-over",
        class: "c-panel",
        "aria-labelledby": "deal-over-title",
        oncancel: (event) => {
          event.preventDefault();
          this.closeDealOver();
        },
        onkeydown: (event) => this.dealOverKey(event),
        onclick: (event) => {
          if (event.target === this.dialog) this.closeDealOver(); // the backdrop
        },
      });
    }
    const dialog = this.dialog;
    if (!dialog.isConnected) document.body.append(dialog);
    const p = this.facts(f);
    const last = obj(p.game.last_deal);
    const summary = last ? obj(asArray(p.game.deals)[last.number - 1]) : null;
    if (!this.panel || !last || !summary) {
      if (dialog.open) dialog.close();
      return;
    }
    const rows = obj(p.view.sheet) ? asArray(p.view.sheet.rows).filter(obj) : [];
    const row = rows.find((item) => str(item.deal) === String(last.number)) || null;
    const key = JSON.stringify([this.panel, last, summary, row, p.names, p.acting, p.over, p.game.winner, lang()]);
    const focused = dialog.contains(document.activeElement);
    if (this.shown.dealOver !== key) {
      this.shown.dealOver = key;
      dialog.dataset.deal = String(last.number);
      dialog.dataset.outcome = str(summary.outcome);
      fill(dialog, this.dealOverBody(p, last, summary, row));
    }
    if (!dialog.open) {
      this.opener = document.activeElement;
      dialog.showModal();
      this.focusClose();
    } else if (focused && !dialog.contains(document.activeElement)) {
      this.focusClose();
    }
  }

  focusClose() {
    const button = this.dialog && this.dialog.querySelector(".c-panel-close");
    if (button) button.focus({ preventScroll: true });
  }

  /** Enter and Escape close the panel; no key in it reaches the table's own keys. */
  dealOverKey(event) {
    event.stopPropagation();
    const onControl = event.target instanceof Element && event.target.closest("button, a, summary");
    if (event.key === "Escape" || (event.key === "Enter" && !onControl)) {
      event.preventDefault();
      this.closeDealOver();
    }
  }

  /** Close the panel (kept closed for this deal, a reload included); the focus goes back. */
  closeDealOver() {
    if (this.panel) store.set(this.closedKey(), this.panel);
    this.panel = null;
    if (this.dialog && this.dialog.open) this.dialog.close();
    const back = this.opener;
    this.opener = null;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) {
      back.focus({ preventScroll: true });
      return;
    }
    const actions = this.table.el && this.table.el.actions;
    if (actions && !actions.hidden) actions.focus({ preventScroll: true });
  }

  /** What the panel shows: the deal's result, the scores, the last trick, the hands. */
  dealOverBody(p, last, summary, row) {
    const names = p.names;
    const outcome = str(summary.outcome);
    const declarer = Number.isInteger(summary.declarer) ? summary.declarer : null;
    const outcomes = { made: t("Contract made"), failed: t("Contract lost"), written_off: t("Deal written off"), redeal: t("Redeal") };
    const result = [h("span", { class: `c-outcome ${outcome}` }, outcomes[outcome] || outcome)];
    if (outcome === "redeal") {
      const asked = asArray(last.actions).find((item) => obj(item) && item.redeal && Number.isInteger(item.seat));
      if (asked) result.push(h("span", { class: "c-asked" }, t("Asked for by {name}", { name: names[asked.seat] || "?" })));
    } else if (declarer !== null) {
      const doubled = row && str(row.label).includes("×2") ? " ×2" : "";
      result.unshift(h("span", { class: "c-who" }, names[declarer] || "?"), h("span", { class: "c-contract" }, t("Contract {amount}", { amount: summary.contract }) + doubled));
    }
    const seated = p.players.map((_, index) => p.seatOf(index));
    const points = Array.isArray(summary.points) ? summary.points : null;
    const cells = row ? asArray(row.cells).map(str) : [];
    const split = (seat) => {
      if (!row) return [number(asArray(summary.changes)[seat]), number(asArray(summary.totals)[seat])];
      const parts = str(cells[seat]).split(/\s{2,}/);
      return parts.length < 2 ? ["", parts[0]] : [parts[0], parts.slice(1).join(" ")];
    };
    const scores = h(
      "table",
      { class: "c-scores" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col" }, t("Player")),
          points ? h("th", { scope: "col" }, t("Taken")) : null,
          h("th", { scope: "col" }, t("For the deal")),
          h("th", { scope: "col" }, t("Total")),
        ),
      ),
      h(
        "tbody",
        null,
        seated.map((seat) => {
          const [change, total] = split(seat);
          return h(
            "tr",
            { class: seat === declarer ? "decl" : "", dataset: { seat: String(seat) } },
            h("th", { scope: "row" }, h("span", { class: "c-name" }, names[seat] || "?"), seat === declarer ? h("span", { class: "c-tag decl", title: t("declarer") }, "★") : null),
            points ? h("td", { class: "c-taken" }, number(points[seat])) : null,
            h("td", { class: "c-change" }, change),
            h("td", { class: "c-total" }, total),
          );
        }),
      ),
    );
    const plays = asArray(last.actions).filter((item) => obj(item) && isCard(item.play));
    const trick = plays.slice(-(p.n === 2 ? 2 : 3));
    // who took it: the server's (the engine's trick winner on the record), never worked out here
    const told = obj(p.view.last_trick);
    const taker = told && told.deal === last.number && Number.isInteger(told.seat) && trick.length ? told.seat : null;
    const hands = asArray(last.hands);
    const talons = Array.isArray(last.talons) ? last.talons : [asArray(last.talon)];
    const cardsOf = (list, sort) => (sort ? sortHand(asArray(list)) : asArray(list).filter(isCard)).map((code) => cardPicture(code, p.words));
    const winner = p.over && typeof p.game.winner === "string" ? p.game.winner : ""; // a name, as the replay prints it
    const deal = p.deal;
    return [
      h(
        "div",
        { class: "c-panel-body" },
        h("div", { class: "c-panel-head" }, h("h2", { id: "deal-over-title" }, t("Deal {n} is over", { n: last.number })), h("p", { class: "c-result" }, result)),
        winner ? h("p", { class: "c-winner" }, t("Winner: {name}.", { name: winner })) : null,
        h(
          "div",
          { class: "c-panel-top" },
          scores,
          trick.length
            ? h(
                "section",
                { class: "c-panel-trick", "aria-labelledby": "deal-over-trick" },
                h("h3", { id: "deal-over-trick" }, t("Last trick")),
                h(
                  "div",
                  { class: "c-cards" },
                  trick.map((item) => h("figure", { class: `c-played${item.seat === taker ? " taker" : ""}` }, cardPicture(item.play, p.words), h("figcaption", null, names[item.seat] || "?"))),
                ),
                taker !== null ? h("p", { class: "c-taker" }, t("Taken by {name}", { name: names[taker] || "?" })) : null,
              )
            : null,
        ),
        h(
          "section",
          { class: "c-dealt", "aria-labelledby": "deal-over-dealt" },
          h("h3", { id: "deal-over-dealt" }, t("The hands as dealt")),
          seated.map((seat) =>
            h(
              "div",
              { class: `c-dealt-hand${seat === declarer ? " decl" : ""}`, dataset: { seat: String(seat) }, role: "group", "aria-label": names[seat] || "?" },
              h("span", { class: "c-dealt-name" }, names[seat] || "?"),
              asArray(hands[seat]).length ? h("span", { class: "c-cards" }, cardsOf(hands[seat], true)) : h("span", { class: "c-sits" }, t("sits out")),
            ),
          ),
          talons.map((talon, index) =>
            h(
              "div",
              { class: "c-dealt-talon", dataset: { talon: String(index) }, role: "group", "aria-label": talons.length > 1 ? t("Talon {n}", { n: index + 1 }) : t("Talon") },
              h("span", { class: "c-dealt-name" }, talons.length > 1 ? t("Talon {n}", { n: index + 1 }) : t("Talon")),
              h("span", { class: "c-cards" }, cardsOf(talon, false)),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "c-panel-foot" },
        p.acting && deal ? h("p", { class: "c-your-move" }, t("Your move in deal {n}.", { n: deal.number })) : null,
        h("button", { type: "button", class: "primary big c-panel-close", onclick: () => this.closeDealOver() }, p.over ? t("Close") : t("Next deal")),
      ),
    ];
  }

  // -- acting -----------------------------------------------------------------------

  /** The opponents a selected card may be given to now. */
  giveTargets(p) {
    const seats = new Set();
    if (!this.selected) return seats;
    for (const item of p.moves.give) if (item.card === this.selected && Number.isInteger(item.to)) seats.add(item.to);
    return seats;
  }

  tap(code) {
    const p = this.facts(this.table.facts());
    if (!p.playable.has(code) || this.table.pending) return;
    if (this.selected === code && p.moves.play.length) {
      this.play(code, this.marriageMove(p, code) !== null);
      return;
    }
    if (this.selected === code && p.moves.discard.length) {
      this.table.act("discard", { card: code });
      return;
    }
    this.selected = this.selected === code ? null : code;
    this.table.render();
  }

  /** The marriage (or four aces) a card would announce if played now, or null. */
  marriageMove(p, code) {
    return p.moves.play.find((item) => item.card === code && (item.marriage || item.ace_marriage)) || null;
  }

  play(code, announce) {
    const p = this.facts(this.table.facts());
    const chosen = announce ? this.marriageMove(p, code) : p.moves.play.find((item) => item.card === code && !item.marriage && !item.ace_marriage);
    const move = chosen || p.moves.play.find((item) => item.card === code);
    if (!move) return;
    const { action, ...rest } = move;
    this.selected = null;
    this.table.act(action, rest);
  }

  give(seat) {
    const code = this.selected;
    if (!code) return;
    this.selected = null;
    this.table.act("give", { card: code, to: seat });
  }

  button(label, act, onclick, extra = {}) {
    const busy = Boolean(this.table.pending) || this.table.connection !== "open";
    return h(
      "button",
      { type: "button", class: extra.class || "", dataset: { act }, "aria-disabled": busy ? "true" : null, onclick, "aria-label": extra.label || null },
      label,
    );
  }

  renderActions(f) {
    const p = this.facts(f);
    const { el } = this.table;
    const { you, over, room } = p;
    const m = p.moves;
    const rows = [];
    const hints = [];
    if (you !== null && !over && room.status !== "waiting" && p.acting) {
      if (m.dark.length) {
        rows.push(
          h(
            "div",
            { class: "c-buttons" },
            m.dark.map((item) => this.button(item.dark ? t("Play dark") : t("Look at the cards"), `dark:${item.dark}`, () => this.table.act("dark", { dark: Boolean(item.dark) }), { class: item.dark ? "" : "primary" })),
          ),
        );
      }
      if (m.bids.length || m.pass) {
        hints.push(t("Bidding: bid more, or pass (a pass is final)."));
        rows.push(
          h(
            "div",
            { class: "c-buttons c-amounts", role: "group", "aria-label": t("Your bid") },
            h("div", { class: "c-amount-list" }, m.bids.map((amount) => this.button([String(amount), this.amountFigure(f, "bid", amount)], `bid:${amount}`, () => this.table.act("bid", { amount }), { class: "amount", label: t("Bid {amount}", { amount }) }))),
            m.pass ? this.button(t("Pass"), "pass", () => this.table.act("pass"), { class: "c-pass" }) : null,
          ),
        );
      }
      if (m.talon.length) {
        hints.push(t("Choose a talon: tap it, and its two cards join your hand."));
        rows.push(h("div", { class: "c-buttons" }, m.talon.map((item) => this.button(t("Take talon {n}", { n: item.talon + 1 }), `talon:${item.talon}`, () => this.table.act("talon", { talon: item.talon }), { class: "primary" }))));
      }
      if (m.give.length) {
        hints.push(this.selected ? t("Now tap the player to give {card} to.", { card: cardText(this.selected, p.words) }) : t("Giving: tap a card, then the player to give it to (one card to each opponent)."));
        if (this.selected) {
          const targets = [...this.giveTargets(p)];
          rows.push(
            h(
              "div",
              { class: "c-buttons c-gives" },
              targets.map((seat) => this.button(t("Give {card} to {name}", { card: cardText(this.selected, p.words), name: p.names[seat] || "?" }), `give:${seat}`, () => this.give(seat), { class: "primary" })),
            ),
          );
        }
      }
      if (m.discard.length) {
        const aside = asArray(p.deal && p.deal.actions).filter((action) => obj(action) && action.seat === p.me && Object.prototype.hasOwnProperty.call(action, "discard")).length;
        hints.push(t("Put two cards aside, out of play: tap a card, then tap it again. Left: {n}.", { n: Math.max(0, 2 - aside) }));
        if (this.selected) rows.push(h("div", { class: "c-buttons" }, this.button(t("Put {card} aside", { card: cardText(this.selected, p.words) }), "discard", () => this.table.act("discard", { card: this.selected }), { class: "primary" })));
      }
      if (m.contract.length) {
        hints.push(t("Your contract: the bid or more."));
        rows.push(
          h(
            "div",
            { class: "c-buttons c-amounts", role: "group", "aria-label": t("Contract") },
            h("div", { class: "c-amount-list" }, m.contract.map((amount) => this.button([String(amount), this.amountFigure(f, "contract", amount)], `contract:${amount}`, () => this.table.act("contract", { amount }), { class: "amount", label: t("Contract {amount}", { amount }) }))),
          ),
        );
      }
      if (m.play.length) {
        if (this.selected && p.playable.has(this.selected)) {
          const code = this.selected;
          const marriage = this.marriageMove(p, code);
          const buttons = [];
          if (marriage) {
            const what = marriage.ace_marriage ? t("four aces") : suitText(suitOf(code), p.words);
            buttons.push(this.button(t("Play {card} with the marriage: {what}", { card: cardText(code, p.words), what }), "play:marriage", () => this.play(code, true), { class: "primary" }));
          }
          if (p.moves.play.some((item) => item.card === code && !item.marriage && !item.ace_marriage)) {
            buttons.push(this.button(marriage ? t("Play {card} without it", { card: cardText(code, p.words) }) : t("Play {card}", { card: cardText(code, p.words) }), "play", () => this.play(code, false), { class: marriage ? "" : "primary" }));
          }
          rows.push(h("div", { class: "c-buttons" }, buttons));
        } else {
          hints.push(t("Your turn: tap a card, tap it again to play."));
        }
      }
      const extra = [];
      if (m.redeal) extra.push(this.button(t("Redeal"), "redeal", () => this.table.act("redeal")));
      if (m.writeOff) extra.push(this.button(t("Write off the deal"), "write_off", () => this.table.act("write_off")));
      if (extra.length) rows.push(h("div", { class: "c-buttons c-extra" }, extra));
    } else if (you !== null && !over && room.status !== "waiting" && p.sitter === you) {
      hints.push(t("You sit this deal out: the other three play it."));
    } else if (you !== null && !over && room.status !== "waiting") {
      const mover = obj(p.game.to_move);
      const name = mover && p.names[mover.seat] ? p.names[mover.seat] : "";
      hints.push(name ? t("Waiting: {name} — {what}.", { name, what: str(p.view.phase) }) : t("Waiting for your turn."));
    }
    const me = p.players.find((_, i) => p.seatOf(i) === you);
    if (me && me.auto && !over) hints.unshift(t("Your time ran out: the computer is playing for you. Make a move to take your seat back."));
    el.who.hidden = true;
    fill(el.buttons, rows);
    fill(el.choices, hints.map((text) => h("p", { class: "c-hint" }, text)));
    el.actions.classList.toggle("mine", p.acting);
    el.actions.hidden = over || room.status === "waiting" || you === null;
    this.watchBar(el);
    this.renderSheet(f);
  }

  /** The action bar's height as the turn's --bar-h: on a phone the hand docks right above
   *  the bar while the bar is stuck to the screen's foot (style.css), so the bar never
   *  covers the cards, whatever the felt above them holds. */
  watchBar(el) {
    // the table builds its elements again for a new language: the new bar is watched
    if (typeof ResizeObserver !== "function" || this.barWatched === el.actions) return;
    if (this.barWatch) this.barWatch.disconnect();
    const bar = el.actions;
    const turn = el.turn;
    this.barWatched = bar;
    this.barWatch = new ResizeObserver(() => {
      const below = parseFloat(getComputedStyle(bar).marginBottom) || 0;
      turn.style.setProperty("--bar-h", `${bar.getBoundingClientRect().height + below}px`);
    });
    this.barWatch.observe(bar);
  }

  /**
   * The log of the deal in play (the server's `view.log`: every decision so far, worded
   * in the page's language), in the frame's panel, titled by the deal's number; the
   * latest line in bold. Redrawn whole when it changes: it is the deal's, not a running
   * telling.
   */
  renderEvents(f) {
    const lines = asArray(f.view.log).map(str).filter(Boolean);
    const { el } = this.table;
    const deal = obj(f.game.deal);
    const key = JSON.stringify([lines, deal ? deal.number : 0, lang()]);
    if (this.shown.log !== key) {
      this.shown.log = key;
      fill(el.events, lines.map((line, index) => h("li", { class: index === lines.length - 1 ? "latest" : "" }, line)));
      el.events.scrollTop = el.events.scrollHeight;
      const title = document.getElementById("events-title");
      if (title) title.textContent = deal ? t("Deal {n}", { n: deal.number }) : t("How the turns ended");
    }
    el.events.parentElement.hidden = !lines.length;
  }

  // -- the sheet --------------------------------------------------------------------

  renderSheet(f) {
    const sheet = obj(f.view.sheet);
    const key = JSON.stringify([sheet, lang()]);
    if (this.shown.sheet === key) return;
    this.shown.sheet = key;
    const wrap = this.table.el.sheet;
    const rows = sheet ? asArray(sheet.rows).filter(obj) : [];
    if (!sheet || !rows.length) {
      fill(wrap, h("p", { class: "muted" }, t("The sheet fills in as the game goes.")));
      return;
    }
    const names = asArray(sheet.players).map(str);
    fill(
      wrap,
      h(
        "table",
        { class: `sheet-table c-sheet n${names.length}` },
        h(
          "thead",
          null,
          h("tr", null, h("th", { scope: "col" }, "#"), h("th", { scope: "col", class: "c-decl" }, t("Declarer and contract")), names.map((name) => h("th", { scope: "col" }, name))),
        ),
        h(
          "tbody",
          null,
          rows.map((row) =>
            h(
              "tr",
              { class: "sheet-row" },
              h("th", { scope: "row" }, str(row.deal)),
              h("td", { class: "c-decl" }, str(row.label)),
              asArray(row.cells).map((cell) => h("td", { class: "c-cell" }, sheetCell(str(cell)))),
            ),
          ),
        ),
      ),
      sheet.legend ? h("p", { class: "muted small c-legend" }, str(sheet.legend)) : null,
    );
  }

  onKey(event, f) {
    if (event.key === "Escape" && this.selected) {
      this.selected = null;
      this.table.render();
      event.preventDefault();
      return;
    }
    if (event.key === "Enter" && this.selected && !(event.target instanceof Element && event.target.closest("button, a, summary"))) {
      const p = this.facts(f);
      if (p.moves.play.length) this.play(this.selected, this.marriageMove(p, this.selected) !== null);
      event.preventDefault();
    }
  }
}
