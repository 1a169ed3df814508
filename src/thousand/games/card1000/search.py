"""Search over the worlds a seat's view allows, each solved with the cards open: the one
place the ``expert`` level and the advisor get their figures from.

Both ask the same two questions of :data:`worlds` drawn from the seat's view
(:mod:`.worlds`) and solved by :mod:`.opencards`: what each card now brings the
declarer (:func:`card_outcomes`), and what this seat would take declaring the whole deal
(:func:`declaring_points`). Each answer is a list with one figure per world, so a
caller can average it, or count the worlds where a contract is made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from thousand.games.card1000.actions import Play
from thousand.games.card1000.cards import Card, Suit
from thousand.games.card1000.config import Rules
from thousand.games.card1000.opencards import open_position, play_values, solve
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.views import SeatView
from thousand.games.card1000.worlds import knowledge, sample_world

Spare = Callable[[Sequence[Card]], Sequence[Card]]
"""Which two cards a declarer holding these (its hand and the talon) gives away."""


def card_outcomes(
    view: SeatView, rules: Rules, plays: Sequence[Play], rng: Random, worlds: int
) -> dict[Play, list[int]]:
    """For each of ``plays`` (the seat's legal cards), the declarer's points from now on
    after it, in each of ``worlds`` worlds drawn from ``view``, both sides then perfect."""
    deal = view.deal
    assert deal is not None and deal.declarer is not None and view.seat is not None
    known = knowledge(view, rules)
    trump = None if deal.trump is None else Suit(deal.trump)
    outcomes: dict[Play, list[int]] = {play: [] for play in plays}
    for _ in range(worlds):
        world = sample_world(known, rng)
        second: tuple[Card, ...] = ()
        if rules.players == 2 and view.seat == deal.declarer:
            # the declarer knows its discards: the rest out of play is the second talon
            second = tuple(each for each in world.out if each not in known.out)
        position = open_position(
            rules,
            world.hands,
            deal.declarer,
            dealer=deal.dealer,
            leader=deal.leader,
            trick=deal.trick,
            trump=trump,
            first_lead=sum(deal.tricks) == 0,
            second_talon=second,
        )
        for play, value in play_values(position):
            if play in outcomes:
                outcomes[play].append(value)
    return outcomes


def declaring_points(
    view: SeatView, rules: Rules, rng: Random, worlds: int, spare: Spare
) -> list[int]:
    """What the seat would take in play declaring the whole deal, in each of ``worlds``
    worlds drawn from ``view``: before the talon is taken it takes the cards out of play
    (three or four players: the talon) and gives away the two ``spare`` names, one to
    each opponent; once its hand is whole (the contract) it plays it as it is."""
    deal = view.deal
    assert deal is not None and view.seat is not None
    me = view.seat
    known = knowledge(view, rules)
    others = [seat for seat in playing_seats(rules, deal.dealer) if seat != me]
    taking = deal.talon_taken is None
    taken: list[int] = []
    for _ in range(worlds):
        world = sample_world(known, rng)
        hands = [list(hand) for hand in world.hands]
        if taking:
            hands[me] += [each for each in world.out if each not in known.out]
            for given, to in zip(spare(hands[me]), others, strict=True):
                hands[me].remove(given)
                hands[to].append(given)
        position = open_position(rules, hands, me, dealer=deal.dealer, leader=me, first_lead=True)
        taken.append(solve(position))
    return taken


__all__ = ["Spare", "card_outcomes", "declaring_points"]
