"""The computer players of poker dice: a registry of levels, weakest first.

A bot is a :data:`Policy` — a function from a position to one of
``position.legal_actions()`` — so it is legal under every rule set by construction: it
ranks the actions the engine offers and never invents one. What the dice score it asks
of the position (:meth:`~.state.Position.points_for`) or of :mod:`.scoring` through
:mod:`.odds`; nothing about the rules is re-derived here. The bots are deterministic:
the dice are the only chance in a game, and a driver throws them. Ties between equal
choices go to the first in the engine's order of actions (keeps by size then faces,
then boxes in the sheet's order), so the native simulation makes the same choices.

The levels (:data:`BOT_LEVELS`):

* ``greedy`` — keeps the most dice of one face (the higher face on a tie) and throws the
  rest until the throws run out, then writes the box that scores the most now; it stops
  early only on five of a kind. In the ranking game it keeps the most of a face and stands
  on five of a kind, or as soon as its hand beats every hand shown when nobody throws
  after it.
* ``chaser`` — picks the open box it likes best for the dice showing and chases it: it
  knows what each box is worth on average (:class:`~.odds.ChaseTables`: a turn spent on
  that box alone) and what the dice showing can still make of each box with the throws
  left, and goes for the box where the dice do best against that average — keeping four
  in a row for a straight, the dice of an open upper box, pairs for a full house — and
  writes it as soon as throwing on is worth less — so never a minus or a dash while a
  throw is left, since throwing on can only mend it. It knows nothing of the upper bonus
  beyond what each box scores. In the ranking game it keeps two pairs for a full house and
  stands on a full house or better.
* ``optimal`` — sheet games: the action of the best expected final total, read from the
  solver's strategy (:mod:`.solver`); the ranking game: the action of the best chance to
  beat the best hand already shown this round (an exact small programme over the turn's
  throws, a tie counting half), each player still to throw after it counted as one more
  hand to beat (:class:`~.odds.RankingOdds`).

:func:`make_bot` makes one by name for a rule set; :func:`ranking_choices` gives the
ranking game's chances of every action (the coach shows them).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Final, Protocol

import numpy as np

from thousand.core.dice import DICE
from thousand.core.errors import ThousandError
from thousand.games.poker_dice.actions import STOP, Action, Throw, Write
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.odds import (
    INDEX,
    MULTISETS,
    ROLL_INDEX,
    ROLL_PROB,
    best_keep_values,
    chase_tables,
    most_of_a_face,
    ranking_odds,
)
from thousand.games.poker_dice.scoring import counts, hand, hand_kind
from thousand.games.poker_dice.state import Position

Policy = Callable[[Position], Action]
"""Chooses one of ``position.legal_actions()`` for the player to move."""


class SheetValues(Protocol):
    """What the optimal player and the coach read of a solved sheet game: for a decision
    of a sheet game, the expected final total of the player to move after each legal
    action (playing optimally from then on), in the order of ``legal_actions()``."""

    def action_values(self, position: Position) -> Mapping[Action, float]: ...


StrategyLoader = Callable[[Rules], SheetValues]
"""Finds (or solves) the strategy of a sheet game's rules."""


class BotLevelError(ThousandError):
    """An unknown computer player level was asked for."""


def solver_strategy(rules: Rules) -> SheetValues:
    """The solver's strategy of ``rules`` (from its cache, solved on first use)."""
    from thousand.games.poker_dice.solver import load_or_solve  # noqa: PLC0415 (numba)

    return load_or_solve(rules)


# -- the levels ----------------------------------------------------------------------


def _first_of_best(values: Mapping[Action, float]) -> Action:
    """The action of the highest value, the first of equals in the given order."""
    best: Action | None = None
    top = -np.inf
    for action, value in values.items():
        if value > top:
            best, top = action, value
    assert best is not None
    return best


def _without_a_sheet(position: Position, ranking: Policy) -> Action | None:
    """What a level does before it weighs a sheet: the only legal action when there is no
    choice, its ``ranking`` play in the ranking game; None in a sheet game's decision."""
    actions = position.legal_actions()
    if len(actions) == 1:
        return actions[0]
    return ranking(position) if position.is_ranking else None


def greedy(position: Position) -> Action:
    """The ``greedy`` level (see the module docstring)."""
    decided = _without_a_sheet(position, _greedy_ranking)
    if decided is not None:
        return decided
    dice = position.dice
    if position.throws_left > 0 and max(counts(dice)) < DICE:
        return Throw(most_of_a_face(dice))
    boxes = position.writable_boxes()
    return _first_of_best({Write(box): position.points_for(box) for box in boxes})


def chaser(position: Position) -> Action:
    """The ``chaser`` level (see the module docstring)."""
    decided = _without_a_sheet(position, _chaser_ranking)
    if decided is not None:
        return decided
    tables = chase_tables(position.rules)
    left = position.throws_left
    roll = ROLL_INDEX[position.dice]
    best_score = -np.inf
    choice: Action | None = None
    for box in position.writable_boxes():
        column = tables.boxes.index(box)
        now = float(position.points_for(box))
        chase = -np.inf
        keep = 0
        if left > 0:
            values, keeps = tables.best(left - 1)
            chase, keep = float(values[roll, column]), int(keeps[roll, column])
        score = max(now, chase) - float(tables.par[column])
        if score > best_score:
            best_score = score
            choice = Write(box) if now >= chase else Throw(MULTISETS[keep])
    assert choice is not None
    return choice


# -- the ranking game ------------------------------------------------------------------


def _round_view(position: Position) -> tuple[tuple[int, ...] | None, int]:
    """The best hand shown this round (None: the mover throws first) and how many
    players throw after the mover this round."""
    contenders = position.contenders
    place = contenders.index(position.current)
    shown = [hand(position.players[seat].hand) for seat in contenders[:place]]
    after = len(contenders) - place - 1
    if not shown:
        return None, after
    return (min(shown) if position.rules.lowest_wins else max(shown)), after


def _beats(position: Position, mine: tuple[int, ...], best: tuple[int, ...] | None) -> bool:
    if best is None:
        return False
    return mine < best if position.rules.lowest_wins else mine > best


def _greedy_ranking(position: Position) -> Action:
    dice = position.dice
    best, after = _round_view(position)
    lowest = position.rules.lowest_wins
    done = (
        max(counts(dice)) == DICE
        if not lowest
        else ranking_odds(position.rules).hand_place(dice) == 0
    )
    if position.throws_left <= 0 or done or (not after and _beats(position, hand(dice), best)):
        return STOP
    return Throw(most_of_a_face(dice, lowest=lowest))


def _chaser_ranking(position: Position) -> Action:
    dice = position.dice
    if position.rules.lowest_wins:
        return _greedy_ranking(position)
    best, after = _round_view(position)
    kind = hand_kind(dice)
    strong = kind in ("full_house", "four", "poker")
    if position.throws_left <= 0 or strong or (not after and _beats(position, hand(dice), best)):
        return STOP
    if kind == "two_pairs":
        tally = counts(dice)
        return Throw(tuple(sorted(f for f in dice if tally[f - 1] == 2)))
    return Throw(most_of_a_face(dice))


def ranking_choices(position: Position) -> dict[Action, float]:
    """The ranking game: each legal decision's chance of winning the round (a tie counts
    half), as the optimal player values it (see :class:`~.odds.RankingOdds`); exact for
    the last player of a round. Before the turn's first throw, the turn's own chance.
    :data:`STOP` comes first, so that a keep no better than standing is not taken."""
    odds = ranking_odds(position.rules)
    best, after = _round_view(position)
    shown = -1 if best is None else odds.hands.index(best)
    left = position.throws_left
    ends, kept = odds.turn(shown, after, left)
    if not position.throws:
        landed = ends if left < 2 else np.maximum(ends, best_keep_values(kept[left - 2]))
        return {action: float(ROLL_PROB @ landed) for action in position.legal_actions()}
    roll = ROLL_INDEX[position.dice]
    values: dict[Action, float] = {STOP: float(ends[roll])}  # first: standing wins ties
    for action in position.legal_actions():
        if isinstance(action, Throw):
            values[action] = float(kept[left - 1][INDEX[action.keep]])
    return values


# -- the optimal player ----------------------------------------------------------------


class OptimalBot:
    """The ``optimal`` level: the solver's best expected final total in sheet games, the
    best chance to beat the hands shown in the ranking game (module docstring)."""

    def __init__(self, rules: Rules, loader: StrategyLoader = solver_strategy) -> None:
        self.rules = rules
        self._loader = loader
        self._strategy: SheetValues | None = None

    def __repr__(self) -> str:
        return "OptimalBot()"

    @property
    def strategy(self) -> SheetValues:
        """The solved strategy of a sheet game (found or solved on first use)."""
        if self._strategy is None:
            self._strategy = self._loader(self.rules)
        return self._strategy

    def values(self, position: Position) -> Mapping[Action, float]:
        """Every legal decision's value: expected final total, or chance of winning."""
        if position.is_ranking:
            return ranking_choices(position)
        return self.strategy.action_values(position)

    def __call__(self, position: Position) -> Action:
        actions = position.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return _first_of_best(self.values(position))


# -- the registry ----------------------------------------------------------------------

BotFactory = Callable[[Rules, "int | None"], Policy]
"""Makes a computer player for a rule set; the seed is accepted for the table's sake
(every game's ``make_bot`` takes one) and not used: the levels are deterministic."""


def _level(policy: Policy) -> BotFactory:
    def factory(rules: Rules, seed: int | None) -> Policy:
        del rules, seed
        return policy

    return factory


def _optimal(rules: Rules, seed: int | None) -> Policy:
    del seed
    return OptimalBot(rules)


BOT_LEVELS: Final[dict[str, BotFactory]] = {
    "greedy": _level(greedy),
    "chaser": _level(chaser),
    "optimal": _optimal,
}
"""Computer player levels by name, weakest first."""

LEVEL_NAMES: Collection[str] = BOT_LEVELS.keys()


def make_bot(level: str, rules: Rules, seed: int | None = None) -> Policy:
    """A computer player of ``level`` for ``rules``; :class:`BotLevelError` if unknown."""
    factory = BOT_LEVELS.get(level)
    if factory is None:
        known = ", ".join(BOT_LEVELS)
        raise BotLevelError(f"unknown computer player level '{level}' (known: {known})")
    return factory(rules, seed)
