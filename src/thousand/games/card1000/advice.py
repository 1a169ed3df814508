"""The advisor: each legal action of the seat to move with what it brings in this deal,
computed from that seat's view only (§7) — ``thousand advise`` on a card record, and
the tables' advice.

The figures come from the worlds the view allows, each solved with the cards open
(:mod:`.search`), as the ``expert`` level decides:

* a **card**: the declarer's expected points in this deal after it (what it has taken
  so far plus what it takes from here, both sides then perfect), and for the contract
  the share of worlds where it is made — the declarer wants both high, a defender low;
* a **bid** (three and four players) or a **contract**: the share of worlds where the
  seat, declaring that amount, makes it, and what the deal brings it on average (the
  amount when made, minus the amount when failed);
* any other decision (pass, the dark, the talon of two players, gives, the write-off,
  a redeal) is listed without figures: its worth hangs on decisions after it that the
  search does not make.

Advice is reproducible: the worlds are drawn from a generator seeded with
:data:`ADVICE_SEED` unless the caller gives one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from thousand.games.card1000.actions import Bid, Contract, Decision, Play
from thousand.games.card1000.config import Rules
from thousand.games.card1000.search import Spare, card_outcomes, declaring_points
from thousand.games.card1000.seen import points_taken
from thousand.games.card1000.views import SeatView

WORLDS = 40
"""Worlds drawn for an advice: a few seconds at most on one core."""

ADVICE_SEED = 1000
"""The seed of the worlds when the caller gives no generator."""


@dataclass(frozen=True, slots=True)
class ActionAdvice:
    """One legal action and what it brings (None where there is no figure)."""

    action: Decision
    points: float | None
    """A card: the declarer's expected points in the deal after it. A bid or contract:
    the seat's expected score of the deal declaring it."""
    made: float | None
    """The share of worlds where the contract (or this bid or contract) is made."""

    def to_data(self) -> dict[str, Any]:
        return {
            "action": self.action.to_data(),
            "points": None if self.points is None else round(self.points, 1),
            "made": None if self.made is None else round(self.made, 3),
        }


def advise(
    view: SeatView,
    rules: Rules,
    legal: Sequence[Decision],
    spare: Spare,
    *,
    rng: Random | None = None,
    worlds: int = WORLDS,
) -> tuple[ActionAdvice, ...]:
    """Each of ``legal`` (the seat's legal actions) with its figures, from ``view``
    only; ``spare`` picks the two cards a declarer gives away (a bid is weighed with the
    talon taken and those given)."""
    rng = Random(ADVICE_SEED) if rng is None else rng
    deal = view.deal
    assert deal is not None and view.seat is not None
    plays = [action for action in legal if isinstance(action, Play)]
    amounts = [action for action in legal if isinstance(action, Bid | Contract)]
    figures: dict[Decision, tuple[float, float]] = {}
    if plays and deal.declarer is not None and deal.contract is not None:
        so_far = points_taken(view, rules).get(deal.declarer, 0)
        for play, values in card_outcomes(view, rules, plays, rng, worlds).items():
            totals = [so_far + value for value in values]
            made = sum(total >= deal.contract for total in totals) / len(totals)
            figures[play] = (sum(totals) / len(totals), made)
    elif amounts and (rules.players != 2 or isinstance(amounts[0], Contract)):
        taken = declaring_points(view, rules, rng, worlds, spare)
        for action in amounts:
            amount = action.amount
            made = sum(got >= amount for got in taken) / len(taken)
            figures[action] = (amount * (2 * made - 1), made)
    return tuple(
        ActionAdvice(action, *figures[action])
        if action in figures
        else ActionAdvice(action, None, None)
        for action in legal
    )


__all__ = ["ADVICE_SEED", "WORLDS", "ActionAdvice", "advise"]
