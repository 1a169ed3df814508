"""The coach: for the position on screen, what each decision is worth, best first.

* **Sheet games** — every legal decision (keep some dice and throw the others, or write
  a box) with the expected final total of the player to move after it, playing optimally
  from then on, and its loss against the best: read off the solver's strategy
  (:meth:`~.solver.strategy.Strategy.action_values`), so the best option is the move of
  the ``optimal`` player and its value the position's value.
* **The ranking game** — every decision (keep and throw, or stand) with its chance of
  winning the round, a tie counting half (:func:`~.bots.ranking_choices`): exact for the
  last player of a round; before that, each player still to throw is assumed to play to
  beat the hand it is shown (:attr:`Coaching.exact` says which).

Equal values keep the engine's order of actions (keeps by size then faces, then boxes in
the sheet's order), as the ``optimal`` player breaks ties. The first throw of a turn is
the only decision before it: the coach then gives the turn's value (the expected total at
the turn's start, or the chance the whole turn gives).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from thousand.core.errors import ThousandError
from thousand.games.poker_dice.actions import Action
from thousand.games.poker_dice.bots import (
    SheetValues,
    StrategyLoader,
    ranking_choices,
    solver_strategy,
)
from thousand.games.poker_dice.state import Position

Measure = Literal["total", "win_chance"]


class CoachError(ThousandError):
    """The coach has nothing to say here (the game is over, or dice are in the air)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One decision and what it is worth."""

    action: Action
    value: float
    """The expected final total (sheet games) or the chance of winning (ranking)."""
    loss: float
    """How much less than the best option it gives (0 for the best)."""


@dataclass(frozen=True, slots=True)
class Coaching:
    """The coach's view of one position."""

    measure: Measure
    """``total``: values are expected final totals; ``win_chance``: chances of winning."""
    options: tuple[Option, ...]
    """Every legal decision, best first (equals in the engine's order)."""
    exact: bool
    """False only in the ranking game before the last player of a round (see module)."""

    @property
    def best(self) -> Option:
        return self.options[0]

    def value_of(self, action: Action) -> float:
        """The value of one of the options."""
        for option in self.options:
            if option.action == action:
                return option.value
        raise KeyError(action)

    def to_json_data(self) -> dict[str, object]:
        return {
            "measure": self.measure,
            "exact": self.exact,
            "best": str(self.best.action),
            "options": [
                {"action": str(option.action), "value": option.value, "loss": option.loss}
                for option in self.options
            ],
        }


def ranked(values: Mapping[Action, float]) -> tuple[Option, ...]:
    """Options best first; equal values keep the order of ``values``."""
    order = {action: place for place, action in enumerate(values)}
    items = sorted(values.items(), key=lambda item: (-item[1], order[item[0]]))
    top = items[0][1]
    return tuple(Option(action, value, top - value) for action, value in items)


def coach(
    position: Position,
    strategy: SheetValues | None = None,
    *,
    loader: StrategyLoader = solver_strategy,
) -> Coaching:
    """The coach's view of the decision of the player to move in ``position``.

    ``strategy`` is the solved strategy of a sheet game's rules (found or solved by
    ``loader`` when not given; the ranking game needs none). Raises :class:`CoachError`
    when there is no decision to take.
    """
    if position.over:
        raise CoachError("the game is over: there is no move to coach")
    if position.in_air:
        raise CoachError("the dice are in the air: the coach speaks once they land")
    if position.is_ranking:
        contenders = position.contenders
        last = contenders.index(position.current) == len(contenders) - 1
        return Coaching("win_chance", ranked(ranking_choices(position)), last)
    solved = strategy if strategy is not None else loader(position.rules)
    return Coaching("total", ranked(solved.action_values(position)), True)
