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
from thousand.games.card1000.bidding_evidence import evidence, likelihood
from thousand.games.card1000.cards import Card, Suit
from thousand.games.card1000.config import Rules
from thousand.games.card1000.opencards import open_position, play_values, solve
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.views import SeatView
from thousand.games.card1000.worlds import World, knowledge, sample_world

Spare = Callable[[Sequence[Card], int], Sequence[Card]]
"""Which cards (as many as the number) a declarer holding these gives away."""

TRIES = 4
"""Worlds drawn per world wanted, at most, when the bidding weighs them."""


def draw_worlds(view: SeatView, rules: Rules, rng: Random, count: int) -> list[World]:
    """``count`` worlds drawn from ``view``, in proportion to how likely each makes the
    bidding seen (:mod:`.bidding_evidence`): each drawn world is kept with its
    likelihood as the chance (rejection sampling, exact for the model). Should the
    bidding be unlikely enough that :data:`TRIES` draws per world keep too few, the
    likeliest of the rest fill in."""
    known = knowledge(view, rules)
    seen = evidence(view, rules)
    if not seen:
        return [sample_world(known, rng) for _ in range(count)]
    kept: list[World] = []
    spare: list[tuple[float, World]] = []
    for _ in range(count * TRIES):
        world = sample_world(known, rng)
        weight = likelihood(world, view, rules, seen)
        if rng.random() < weight:
            kept.append(world)
            if len(kept) == count:
                return kept
        elif weight > 0.0:
            spare.append((weight, world))
    spare.sort(key=lambda item: -item[0])
    kept += [world for _, world in spare[: count - len(kept)]]
    while len(kept) < count:  # the bidding fits no drawn world: read it as silent
        kept.append(sample_world(known, rng))
    return kept


def card_outcomes(
    view: SeatView, rules: Rules, plays: Sequence[Play], rng: Random, worlds: int
) -> dict[Play, list[int]]:
    """For each of ``plays`` (the seat's legal cards), the declarer's points from now on
    after it, in each of ``worlds`` worlds drawn from ``view``, both sides then perfect."""
    deal = view.deal
    assert deal is not None and deal.declarer is not None and view.seat is not None
    own_discards = knowledge(view, rules).out
    trump = None if deal.trump is None else Suit(deal.trump)
    outcomes: dict[Play, list[int]] = {play: [] for play in plays}
    for world in draw_worlds(view, rules, rng, worlds):
        second: tuple[Card, ...] = ()
        if rules.players == 2 and view.seat == deal.declarer:
            # the declarer knows its discards: the rest out of play is the second talon
            second = tuple(each for each in world.out if each not in own_discards)
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


def _give_away(hands: list[list[Card]], me: int, others: Sequence[int], spare: Spare) -> None:
    """The declarer's cards beyond a whole hand go: two players discard them (out of
    play), three or four give one to each opponent still short of a card."""
    if len(others) == 1:
        extra = len(hands[me]) - len(hands[others[0]])
        for each in spare(hands[me], extra) if extra > 0 else ():
            hands[me].remove(each)
        return
    short = [seat for seat in others if len(hands[seat]) < len(hands[me]) - 1]
    if short:
        for given, to in zip(spare(hands[me], len(short)), short, strict=True):
            hands[me].remove(given)
            hands[to].append(given)


def declaring_points(
    view: SeatView, rules: Rules, rng: Random, worlds: int, spare: Spare
) -> list[int]:
    """What the seat would take in play declaring the whole deal, in each of ``worlds``
    worlds drawn from ``view``: before the talon is taken it takes the cards out of play
    (three or four players: the talon); what it holds beyond a whole hand goes as
    :func:`_give_away` says, the cards ``spare`` names; once its hand is whole (the
    contract) it plays it as it is."""
    deal = view.deal
    assert deal is not None and view.seat is not None
    me = view.seat
    own_discards = knowledge(view, rules).out
    others = [seat for seat in playing_seats(rules, deal.dealer) if seat != me]
    taking = deal.talon_taken is None
    taken: list[int] = []
    for world in draw_worlds(view, rules, rng, worlds):
        hands = [list(hand) for hand in world.hands]
        if taking:
            hands[me] += [each for each in world.out if each not in own_discards]
        _give_away(hands, me, others, spare)
        position = open_position(rules, hands, me, dealer=deal.dealer, leader=me, first_lead=True)
        taken.append(solve(position))
    return taken


__all__ = ["TRIES", "Spare", "card_outcomes", "declaring_points", "draw_worlds"]
