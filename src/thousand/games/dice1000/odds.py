"""Exact chances of one throw, and the best a turn can expect — from the engine's tables.

``throw_odds`` sums the chance table of n dice (exact fractions). ``turn_expectation``
solves the turn that maximises expected points for a player who may stop whenever the
rules of a turn allow it (in the game, on no barrel): at each turn total and number of
dice in hand, stop or throw, whichever expects more; hot dice are thrown again when the
rules say so. It is the classic "how greedy should I be" number of push-your-luck games.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from thousand.games.dice1000.game import Game
from thousand.games.dice1000.scoring import DICE


@dataclass(frozen=True, slots=True)
class ThrowOdds:
    """Chances of one throw of ``dice`` dice, all exact."""

    dice: int
    bust: Fraction
    hot_dice: Fraction
    expected_points: Fraction
    """Expected points of the throw (a bust counts 0)."""
    instant_win: Fraction


def throw_odds(game: Game, dice: int) -> ThrowOdds:
    bust = hot = expected = instant = Fraction(0)
    for faces, probability in game.chance_outcomes(dice):
        score = game.score(faces)
        if score.bust:
            bust += probability
            continue
        expected += probability * score.points
        if score.hot_dice:
            hot += probability
        if game.is_instant_win(faces):
            instant += probability
    return ThrowOdds(dice, bust, hot, expected, instant)


@dataclass(frozen=True, slots=True)
class TurnExpectation:
    """The max-expected-points turn: its value and where it stops."""

    expected_points: float
    stop_at: dict[int, int]
    """Dice in hand → the smallest turn total at which stopping is best."""


HORIZON_UNITS = 600
"""Turn totals are followed for at least this many score units (3,000 points classic)."""


def turn_expectation(game: Game, horizon: int = 3000) -> TurnExpectation:
    """Expected points of a turn under the policy that maximises them.

    Turn totals are followed up to ``horizon`` points — at least :data:`HORIZON_UNITS`
    of the rules' score unit, so rules whose values are all large multiples (a unit of
    50,000) are followed as far as the classic ones — past which stopping is taken as
    optimal (there the risk of losing it all outweighs any throw by far).
    """
    outcomes: dict[int, list[tuple[float, int, int]]] = {}
    bust: dict[int, float] = {}
    for n in range(1, DICE + 1):
        rows = []
        bust[n] = 0.0
        for faces, probability in game.chance_outcomes(n):
            score = game.score(faces)
            if score.bust:
                bust[n] += float(probability)
                continue
            left = n - len(score.kept)
            rows.append((float(probability), score.points, left or DICE))
        outcomes[n] = rows
    may_stop_hot = not game.hot_dice_must_throw
    value: dict[tuple[int, int], float] = {}

    def worth(total: int, dice: int) -> float:
        if total >= horizon:
            return float(total)
        return value[(total, dice)]

    stop_at: dict[int, int] = {}
    unit = game.score_unit
    horizon = max(horizon, HORIZON_UNITS * unit)
    horizon -= horizon % unit
    for total in range(horizon - unit, -1, -unit):
        for dice in (DICE, 4, 3, 2, 1):
            thrown = 0.0
            self_loop = 0.0
            for chance, points, left in outcomes[dice]:
                if points == 0 and left == dice:
                    self_loop += chance
                else:
                    thrown += chance * worth(total + points, left)
            thrown /= 1.0 - self_loop
            may_stop = total > 0 and (dice < DICE or may_stop_hot)
            best = max(thrown, float(total)) if may_stop else thrown
            value[(total, dice)] = best
            if may_stop and total >= thrown:
                stop_at[dice] = total
    return TurnExpectation(value[(0, DICE)], stop_at)
