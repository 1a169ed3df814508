"""The ``expert`` level: search over the worlds its view allows, each solved with the cards
open (perfect-information Monte Carlo, as the strongest Skat programs play), every
outcome weighed on the score sheet.

* **Worlds** are drawn from its seat's :class:`~..views.SeatView` only
  (:func:`..search.draw_worlds`): consistent with everything seen (voids, gives, the
  talon shown, marriages) and weighed by what the bidding says about the hands
  (:mod:`..bidding_evidence`: a raise over 120 means marriages, a raise a good hand, a
  pass a poor one).
* **Card play**: it draws :data:`PLAY_WORLDS` worlds, solves each with the open-card
  solver (:mod:`..opencards`: every legal card's value, the declarer's points from here
  with both sides perfect) and plays the card best on average — most points for the
  declarer, fewest for a defender (the defenders play together against the contract, as
  the solver assumes). A defender two bolts down with no trick yet grabs a trick the
  ``club`` way instead: the third bolt's penalty is its own, not the side's.
* **Bidding, the write-off, the contract** (three and four players): it draws
  :data:`BID_WORLDS` worlds and in each takes the talon, gives away the cards
  :func:`~thousand.games.card1000.hand_value.best_keep` would, and solves the whole
  deal open with itself as declarer. Each contract is then worth the mean, over the
  worlds, of the board it would leave (:mod:`.standing`, by the rules' own scoring: the
  barrel won, a total landing on 555, a fall, an opponent's win); passing is worth the
  standing bidder making its bid. It raises while declaring is worth more than passing
  (on the barrel, declaring what the barrel needs counts too), writes off when that is
  worth more than the best contract, and announces the best contract.
* Everything else — the dark choice, the redeal, the two-player talon and bidding,
  the gives — is the ``club`` player's (:mod:`.club`).

Not yet: the two-player second talon in the search of a defender (it cannot tell the
talon not taken from the declarer's discards: it counts neither).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from thousand.games.card1000.actions import Bid, Contract, Decision, Pass, Play, Redeal, WriteOff
from thousand.games.card1000.cards import Card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.hand_value import best_keep
from thousand.games.card1000.levels import club, standing
from thousand.games.card1000.scoring import WIN, ceiling
from thousand.games.card1000.search import Spare, card_outcomes, declaring_points
from thousand.games.card1000.views import SeatView

PLAY_WORLDS = 24
"""Worlds drawn for a card: enough to keep a decision under a second on one core."""

BID_WORLDS = 16
"""Worlds drawn for a bid: each is a whole deal solved open."""


def decide(view: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    """The expert's decision among ``legal``, from ``view`` only."""
    deal = view.deal
    assert deal is not None and view.seat is not None and legal
    if deal.phase == "play":
        plays = [action for action in legal if isinstance(action, Play)]
        if len(plays) > 1 and not _third_bolt_near(view):
            return _play(view, rules, plays, rng)
    if deal.phase == "bid" and _searches_bids(rules, legal):
        return _bid(view, rules, legal, rng)
    searched = rules.players != 2
    writing = [action for action in legal if isinstance(action, WriteOff)]
    if searched and writing:
        if _writes_off(view, rules, rng):
            return writing[0]
        # The search said play on: the club player's own rule of thumb must not
        # overrule it on the give that follows.
        legal = [action for action in legal if not isinstance(action, WriteOff)]
    if searched and len(legal) > 1 and all(isinstance(action, Contract) for action in legal):
        return _contract(view, rules, [a for a in legal if isinstance(a, Contract)], rng)
    return club.decide(view, rules, legal, rng)


def _third_bolt_near(view: SeatView) -> bool:
    """A defender two bolts down that has taken no trick: the ``club`` player's way of
    grabbing a trick (a third bolt costs the penalty, which the open-card search, played
    for the defenders' sum, does not see)."""
    deal = view.deal
    assert deal is not None and view.seat is not None
    me = view.scores[view.seat]
    return (
        view.seat != deal.declarer
        and me.bolts >= 2
        and not me.barrel
        and deal.tricks[view.seat] == 0
    )


def _play(view: SeatView, rules: Rules, plays: list[Play], rng: Random) -> Play:
    deal = view.deal
    assert deal is not None
    outcomes = card_outcomes(view, rules, plays, rng, PLAY_WORLDS)
    sign = 1 if view.seat == deal.declarer else -1
    return max(plays, key=lambda play: sign * sum(outcomes[play]))


def _searches_bids(rules: Rules, legal: Sequence[Decision]) -> bool:
    """Whether the bid is the search's: three or four players, a raise open (a redeal,
    when the hand allows it, is the ``club`` player's)."""
    return (
        rules.players != 2
        and any(isinstance(action, Bid) for action in legal)
        and not any(isinstance(action, Redeal) for action in legal)
    )


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _best_contract(
    view: SeatView, rules: Rules, amounts: Sequence[int], taken: Sequence[int]
) -> tuple[float, int]:
    """The contract among ``amounts`` best on average over the points ``taken`` in the
    worlds, weighed on the sheet (:mod:`.standing`), with its worth (the lower on a tie)."""
    scored = [
        (_mean([standing.declaring(view, rules, amount, got) for got in taken]), amount)
        for amount in amounts
    ]
    return max(scored, key=lambda item: (item[0], -item[1]))


def _bid(view: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    """Raise when declaring — at the lowest bid, or at what the barrel needs, whichever
    the worlds make worth more — is worth more on the sheet than passing."""
    assert view.seat is not None
    passing = next(action for action in legal if isinstance(action, Pass))
    lowest = min((action for action in legal if isinstance(action, Bid)), key=_amount)
    taken = declaring_points(view, rules, rng, BID_WORLDS, evaluated_spare(rules))
    amounts = [lowest.amount]
    me = view.scores[view.seat]
    if me.barrel and WIN - me.total > lowest.amount:
        step = rules.bid_step
        amounts.append(-(-(WIN - me.total) // step) * step)
    worth, _ = _best_contract(view, rules, amounts, taken)
    return lowest if worth > standing.defending(view, rules) else passing


def _writes_off(view: SeatView, rules: Rules, rng: Random) -> bool:
    """Whether writing the deal off is worth more on the sheet than the best contract the
    worlds allow (the hand with the talon, the two spare cards given)."""
    deal = view.deal
    assert deal is not None and deal.hand is not None
    taken = declaring_points(view, rules, rng, BID_WORLDS, evaluated_spare(rules))
    top = min(ceiling(deal.hand, rules), max(deal.bid, *taken))
    amounts = range(deal.bid, top + 1, rules.bid_step)
    worth, _ = _best_contract(view, rules, amounts, taken)
    return standing.writing_off(view, rules) > worth


def _contract(view: SeatView, rules: Rules, legal: list[Contract], rng: Random) -> Contract:
    """The contract best on average over the worlds, weighed on the sheet."""
    taken = declaring_points(view, rules, rng, BID_WORLDS, evaluated_spare(rules))
    _, amount = _best_contract(view, rules, [action.amount for action in legal], taken)
    return next(action for action in legal if action.amount == amount)


def evaluated_spare(rules: Rules) -> Spare:
    """The cards the club player's evaluation gives away from a hand."""

    def spare(hand: Sequence[Card], count: int) -> Sequence[Card]:
        return best_keep(hand, count, players=rules.players)

    return spare


def _amount(action: Bid) -> int:
    return action.amount


__all__ = ["BID_WORLDS", "PLAY_WORLDS", "decide", "evaluated_spare"]
