"""The ``expert`` level: search over the worlds its view allows, each solved with the cards
open (perfect-information Monte Carlo, as the strongest Skat programs play).

* **Card play**: it draws :data:`PLAY_WORLDS` placings of the unseen cards consistent
  with everything its seat has seen (:mod:`..worlds`: voids, gives, the talon shown,
  marriages), solves each with the open-card solver (:mod:`..opencards`: every legal
  card's value, the declarer's points from here with both sides perfect) and plays the
  card best on average — most points for the declarer, fewest for a defender (the
  defenders play together against the contract, as the solver assumes).
* **Bidding** (three and four players): it draws :data:`BID_WORLDS` worlds — the other
  hands and the talon — and in each takes the talon, gives the two cards
  :func:`..levels.evaluate.best_keep` would, and solves the whole deal open with itself
  as declarer. It raises while declaring at the next bid is worth more on average than
  defending (:data:`DEFEND`): a made contract scores it, a failed one costs it.
* Everything else — the dark choice, the two-player talon, gives, the write-off, the
  contract, and the bidding of two players or on the barrel, where the score sheet
  decides — is the ``club`` player's (:mod:`.club`), which weighs the sheet.

Decides from the seat's :class:`~..views.SeatView` only: the worlds are drawn from it,
and the solver sees a drawn world, never the referee's.

Not yet: what the bidding says about hands (worlds are drawn as if bids were silent),
the sheet inside the search (a bolt, 555), the two-player second talon in the search of a
defender (it cannot tell the talon not taken from the declarer's discards: it counts
neither).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from thousand.games.card1000.actions import Bid, Decision, Pass, Play, Redeal
from thousand.games.card1000.cards import Card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.levels import club
from thousand.games.card1000.levels.evaluate import best_keep
from thousand.games.card1000.search import Spare, card_outcomes, declaring_points
from thousand.games.card1000.views import SeatView

PLAY_WORLDS = 24
"""Worlds drawn for a card: enough to keep a decision under a second on one core."""

BID_WORLDS = 16
"""Worlds drawn for a bid: each is a whole deal solved open."""

DEFEND = 45.0
"""What defending a deal is worth on average, to weigh a bid against (the club
player's figure, measured over its games)."""


def decide(view: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    """The expert's decision among ``legal``, from ``view`` only."""
    deal = view.deal
    assert deal is not None and view.seat is not None and legal
    if deal.phase == "play":
        plays = [action for action in legal if isinstance(action, Play)]
        if len(plays) > 1:
            return _play(view, rules, plays, rng)
    if deal.phase == "bid" and _searches_bids(view, rules, legal):
        return _bid(view, rules, legal, rng)
    return club.decide(view, rules, legal, rng)


def _play(view: SeatView, rules: Rules, plays: list[Play], rng: Random) -> Play:
    deal = view.deal
    assert deal is not None
    outcomes = card_outcomes(view, rules, plays, rng, PLAY_WORLDS)
    sign = 1 if view.seat == deal.declarer else -1
    return max(plays, key=lambda play: sign * sum(outcomes[play]))


def _searches_bids(view: SeatView, rules: Rules, legal: Sequence[Decision]) -> bool:
    """Whether the bid is the search's: three or four players, a raise open, not on the
    barrel (there the sheet decides, as the club player weighs it)."""
    assert view.seat is not None
    return (
        rules.players != 2
        and not view.scores[view.seat].barrel
        and any(isinstance(action, Bid) for action in legal)
        and not any(isinstance(action, Redeal) for action in legal)
    )


def _bid(view: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    passing = next(action for action in legal if isinstance(action, Pass))
    lowest = min((action for action in legal if isinstance(action, Bid)), key=_amount)
    taken = declaring_points(view, rules, rng, BID_WORLDS, evaluated_spare(rules))
    worth = sum(lowest.amount if got >= lowest.amount else -lowest.amount for got in taken)
    return lowest if worth / len(taken) > DEFEND else passing


def evaluated_spare(rules: Rules) -> Spare:
    """The two cards the club player's evaluation gives away from a hand."""

    def spare(hand: Sequence[Card]) -> Sequence[Card]:
        return best_keep(hand, 2, players=rules.players)

    return spare


def _amount(action: Bid) -> int:
    return action.amount


__all__ = ["BID_WORLDS", "DEFEND", "PLAY_WORLDS", "decide", "evaluated_spare"]
