"""The ``club`` level: how a regular of a card club plays, by rules of thumb over what it
has seen.

* **Bidding** on the hand's value (:mod:`.evaluate`: sure winners, a marriage and the
  length of its suit, aces and tens, the talon's expectation drawn from the unseen
  cards): it raises while declaring at the next bid brings more on average than
  defending would. On the barrel, where a defender scores nothing, it bids what it
  needs to reach 1000 when the hand comes near it.
* **After the talon**: asks for a redeal when playing would lose on average, writes off
  when failing would cost more than the write-off (the defenders' gains counted against
  it), gives the cards that cost the hand least (never a piece of a marriage), and
  announces the contract with the best average worth.
* **Card play** counts the cards (which are still out), infers voids (a seat that did
  not follow suit has none left; one that neither followed nor trumped has no trump),
  announces a marriage when on lead, leads aces and tens only when no opponent can trump
  them, wins a trick with the cheapest card that surely holds it, risks a cheap card on a
  trick it may win, and otherwise throws its least card (a defender scores its own
  points: it throws nothing on its partner's trick). A defender two bolts down
  takes any trick it can, to avoid the third.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from thousand.games.card1000.actions import (
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
    WriteOff,
)
from thousand.games.card1000.cards import DECK, MARRIAGE, Card, Rank, card_points, marriages_in
from thousand.games.card1000.config import Rules
from thousand.games.card1000.hand_value import (
    DEFENDER_TAKE,
    best_keep,
    contract_worth,
    expected_value,
    play_value,
)
from thousand.games.card1000.levels.knowledge import Knowledge, knowledge
from thousand.games.card1000.play import trick_winner
from thousand.games.card1000.scoring import WIN, write_off_award
from thousand.games.card1000.views import SeatView

BARREL_SLACK = 20.0
"""On the barrel, a hand this close to what is needed is worth the attempt."""


def decide(view: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    """The club player's decision among ``legal``, from ``view`` only."""
    deal = view.deal
    assert deal is not None and view.seat is not None and legal
    first = legal[0]
    if isinstance(first, Dark):
        return Dark(False)
    if isinstance(first, ChooseTalon):
        return first
    if deal.phase == "bid":
        return _bid(view, rules, legal, rng)
    if deal.phase == "give":
        return _give(view, rules, legal)
    if isinstance(first, Contract):
        return _contract(view, rules, legal)
    return _play(view, rules, [a for a in legal if isinstance(a, Play)])


# -- bidding, the talon, the contract ---------------------------------------------------


def _spare(rules: Rules) -> int:
    """Cards the declarer gives away (three or four players) or discards (two)."""
    return 2


def _talon_size(rules: Rules) -> int:
    return 2 if rules.players == 2 else 3


def _need(view: SeatView) -> int | None:
    """What the seat needs to reach 1000 when it is on the barrel, else None."""
    assert view.seat is not None
    me = view.scores[view.seat]
    return WIN - me.total if me.barrel else None


def _bid(view: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    deal = view.deal
    assert deal is not None
    hand = deal.hand or ()
    if any(isinstance(a, Redeal) for a in legal):
        return next(a for a in legal if isinstance(a, Redeal))
    passing = next(a for a in legal if isinstance(a, Pass))
    bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.amount)
    if not bids:
        return passing
    unseen = [each for each in DECK if each not in set(hand)]
    estimate = expected_value(
        hand, unseen, _talon_size(rules), _spare(rules), rng, players=rules.players
    )
    lowest = bids[0]
    need = _need(view)
    if need is not None and lowest.amount <= need and estimate >= need - BARREL_SLACK:
        return lowest
    if contract_worth(estimate, lowest.amount) >= DEFENDER_TAKE:
        return lowest
    return passing


def _give(view: SeatView, rules: Rules, legal: Sequence[Decision]) -> Decision:
    deal = view.deal
    assert deal is not None
    hand = deal.hand or ()
    gives = [a for a in legal if isinstance(a, Give | Discard)]
    first_give = len(hand) == rules.hand_size + _talon_size(rules)
    if first_give:
        given = best_keep(hand, _spare(rules), players=rules.players)
        kept = [each for each in hand if each not in given]
        estimate = play_value(kept, players=rules.players)
        playing = _playing_worth(estimate, deal.bid)
        if any(isinstance(a, Redeal) for a in legal) and playing < 0:
            return next(a for a in legal if isinstance(a, Redeal))
        if any(isinstance(a, WriteOff) for a in legal):
            award = write_off_award(deal.bid, rules)
            written = (-deal.bid if rules.write_off_deducts else 0) - 0.5 * 2 * award
            if written > playing:
                return next(a for a in legal if isinstance(a, WriteOff))
    spare = len(hand) - rules.hand_size - _talon_size(rules) + _spare(rules)
    chosen = best_keep(hand, max(spare, 1), players=rules.players)
    return max(
        (a for a in gives if a.card in chosen),
        key=lambda a: (a.card.points, -a.to if isinstance(a, Give) else 0),
    )


def _playing_worth(estimate: float, bid: int) -> float:
    """Playing the contract: its average worth to the declarer, less half of what the
    two defenders can expect to take (they are the rivals in the game)."""
    defenders = max(20.0, 140.0 - estimate)
    return contract_worth(estimate, bid) - 0.5 * defenders


def _contract(view: SeatView, rules: Rules, legal: Sequence[Decision]) -> Decision:
    deal = view.deal
    assert deal is not None
    contracts = sorted((a for a in legal if isinstance(a, Contract)), key=lambda a: a.amount)
    estimate = play_value(deal.hand or (), players=rules.players)
    need = _need(view)
    if need is not None and estimate >= need - BARREL_SLACK:
        enough = [a for a in contracts if a.amount >= need]
        if enough:
            return enough[0]
    return max(contracts, key=lambda a: (contract_worth(estimate, a.amount), -a.amount))


# -- card play ----------------------------------------------------------------------


def _play(view: SeatView, rules: Rules, plays: list[Play]) -> Play:
    known = knowledge(view, rules)
    if not known.deal.trick:
        return _lead(known, plays)
    return _follow(known, view, plays)


def _marriage_pieces(known: Knowledge) -> set[Card]:
    """Kings and queens of marriages this hand still holds whole (worth announcing)."""
    pieces: set[Card] = set()
    for suit in marriages_in(known.hand):
        pieces |= {Card(Rank.KING, suit), Card(Rank.QUEEN, suit)}
    return pieces


def _keep_value(known: Knowledge, each: Card, pieces: set[Card]) -> float:
    """How much the hand wants to keep ``each``: its points, more for a piece of a
    marriage, a sure winner, or a trump."""
    value = float(each.points)
    if each in pieces:
        value += 40.0
    if known.is_master(each):
        value += 12.0
    if each.suit is known.trump:
        value += 6.0
    return value


def _least(known: Knowledge, plays: list[Play]) -> Play:
    pieces = _marriage_pieces(known)
    return min(plays, key=lambda a: (_keep_value(known, a.card, pieces), a.card.strength))


def _opponents(known: Knowledge, seats: list[int]) -> list[int]:
    """The seats whose taking a trick costs this seat its points: every other seat (a
    defender scores only its own points, so even its partner's trick is lost to it)."""
    return [seat for seat in seats if seat != known.seat]


def _can_beat(known: Knowledge, seat: int, best: Card, led: Card) -> bool:
    """Whether ``seat``, still to play, may beat ``best`` in a trick led with ``led``."""
    trump = known.trump
    holds_led = known.may_hold(seat, led.suit)
    if best.suit is led.suit:
        if holds_led and any(
            each.suit is led.suit and each.strength > best.strength for each in known.out
        ):
            return True
        if trump is None or trump is led.suit:
            return False
        short = led.suit in known.voids[seat] or len(known.out_of(led.suit)) < 2
        return short and known.may_hold(seat, trump)
    # ``best`` is a trump on a trick of another suit
    if holds_led and led.suit not in known.voids[seat] and len(known.out_of(led.suit)) >= 2:
        return False
    return known.may_hold(seat, best.suit) and any(
        each.suit is best.suit and each.strength > best.strength for each in known.out
    )


def _holds(known: Knowledge, trick: tuple[Card, ...], mine: Card, after: list[int]) -> bool:
    """Whether ``mine`` added to ``trick`` surely wins it against the opponents after."""
    cards = (*trick, mine)
    if trick_winner(cards, known.trump) != len(trick):
        return False
    led = cards[0]
    return not any(_can_beat(known, seat, mine, led) for seat in _opponents(known, after))


def _lead(known: Knowledge, plays: list[Play]) -> Play:
    aces = [a for a in plays if a.ace_marriage]
    if aces:
        return aces[0]
    others = [seat for seat in known.seats if seat != known.seat]
    plain = [a for a in plays if not (a.marriage or a.ace_marriage)]
    safe = [a for a in plain if _holds(known, (), a.card, others)]
    pieces = _marriage_pieces(known)
    cash = [a for a in safe if a.card not in pieces and a.card.suit is not known.trump]
    if cash:
        # side winners first: once a marriage names a trump, a void can trump them
        return max(cash, key=lambda a: a.card.points)
    marriages = [a for a in plays if a.marriage]
    if marriages:
        best = max(MARRIAGE[a.card.suit] for a in marriages)
        of_best = [a for a in marriages if MARRIAGE[a.card.suit] == best]
        return min(of_best, key=lambda a: a.card.strength)
    if safe:
        return max(safe, key=lambda a: (a.card.points, a.card.suit is known.trump))
    # no sure winner: lead high (a king or queen draws out the ace or ten, or wins once
    # they are gone), but not a ten the ace would catch nor a piece of a marriage
    pool = plain or plays
    spare = [a for a in pool if a.card not in pieces and not _loose_ten(known, a.card)]
    return max(spare or pool, key=lambda a: (a.card.strength, -a.card.points))


def _loose_ten(known: Knowledge, each: Card) -> bool:
    return each.rank is Rank.TEN and not known.is_master(each)


def _follow(known: Knowledge, view: SeatView, plays: list[Play]) -> Play:
    trick = known.deal.trick
    trump = known.trump
    after = known.after_me()
    pieces = _marriage_pieces(known)
    wins = [a for a in plays if trick_winner((*trick, a.card), trump) == len(trick)]
    cheapest = sorted(wins, key=lambda a: (a.card.suit is trump, a.card.strength))
    sure = [a for a in cheapest if _holds(known, trick, a.card, after)]
    if sure:
        # take it with the card that is worth most now and least later: a ten the ace
        # would catch rather than a sure winner that will take a trick of its own
        return min(
            sure, key=lambda a: (known.is_master(a.card), a.card.suit is trump, -a.card.points)
        )
    # no sure win: risk the cheapest winner when the trick is rich or the card cheap
    if cheapest and cheapest[0].card not in pieces:
        rich = card_points(trick) >= 10 or cheapest[0].card.points <= 4
        if rich or _bolt_danger(known, view):
            return cheapest[0]
    if cheapest and _bolt_danger(known, view):
        return cheapest[0]
    return _least(known, plays)


def _bolt_danger(known: Knowledge, view: SeatView) -> bool:
    """A defender with two bolts that has taken nothing yet: a third costs the penalty."""
    if known.seat == known.declarer:
        return False
    me = view.scores[known.seat]
    return me.bolts >= 2 and not me.barrel and known.taken.get(known.seat, 0) < 3
