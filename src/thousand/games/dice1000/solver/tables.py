"""The solver's view of a rule set, read off the engine — never re-derived.

Everything the kernel needs comes from the engine: the throw outcomes and their
exact probabilities from the chance tables and the score table, and whether a stop
is allowed and what score it records from the engine's own :meth:`GameState.may_stop`
and stop transition applied to synthetic positions. So caps, entry, barrels and the
ending are whatever the engine says they are.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.core.errors import RulesError
from thousand.games.dice1000.actions import STOP
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.state import Forced, GameState, Phase, PlayerState


def monotone_obstacles(game: Game) -> list[str]:
    """Rules that let a score fall or depend on more than the two scores."""
    rules = game.rules
    found = []
    if rules.bolts is not None:
        found.append("bolts")
    if rules.dump_trucks:
        found.append("dump trucks")
    if rules.overtaking_penalty:
        found.append("overtaking")
    if rules.choose_dice:
        found.append("choose_dice")
    for barrel in rules.barrels:
        if barrel.knock_off or barrel.attempts is not None:
            found.append("barrel knock-off/attempts")
            break
    return found


@dataclass(frozen=True)
class SolverTables:
    """Arrays for :func:`thousand.games.dice1000.solver.kernel.solve_monotone`."""

    unit: int
    target: int
    stop_ok: npt.NDArray[np.bool_]
    stop_to: npt.NDArray[np.int64]
    pts: npt.NDArray[np.int64]
    kept: npt.NDArray[np.int64]
    prob: npt.NDArray[np.float64]
    inst: npt.NDArray[np.bool_]
    count: npt.NDArray[np.int64]
    pbust: npt.NDArray[np.float64]
    hot_must_throw: bool
    exact: bool
    retry: bool

    def kernel_rules(self) -> tuple[Any, ...]:
        """The tables as the one tuple the numba kernels take (in this order)."""
        return (
            self.stop_ok,
            self.stop_to,
            self.pts,
            self.kept,
            self.prob,
            self.inst,
            self.count,
            self.pbust,
            self.target,
            self.hot_must_throw,
            self.exact,
            self.retry,
        )


def _synthetic(game: Game, score: int, total: int) -> GameState:
    """A mover with ``score`` and ``total`` in hand, free to decide, against 0."""
    mover = PlayerState("mover", score, score > 0, score if score > 0 else None, 0, 0)
    other = PlayerState("other", 0, False, None, 0, 0)
    return GameState(game, (mover, other), 0, Phase.DECIDE, total, 1, Forced.NO, 1, (), None)


ThrowRows = tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.int64],
    npt.NDArray[np.float64],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int64],
    npt.NDArray[np.float64],
]


def throw_rows(game: Game, unit: int) -> ThrowRows:
    """The throw outcomes of 1–5 dice, merged by what they do to a turn.

    Row ``n`` lists the distinct (points in units, dice set aside, instant win) results
    of a throw of ``n`` dice with their exact probabilities summed, read off the
    engine's chance tables and score table; ``pbust[n]`` is the chance of a bust.
    Returns ``(pts, kept, prob, inst, count, pbust)``.
    """
    rows: list[dict[tuple[int, int, bool], Fraction]] = [defaultdict(Fraction) for _ in range(6)]
    pbust = np.zeros(6)
    for n in range(1, DICE + 1):
        for dice, probability in game.chance_outcomes(n):
            score = game.score(dice)
            if score.bust:
                pbust[n] += float(probability)
                continue
            key = (score.points // unit, len(score.kept), game.is_instant_win(dice))
            rows[n][key] += probability
    width = max(len(row) for row in rows)
    pts = np.zeros((6, width), dtype=np.int64)
    kept = np.zeros((6, width), dtype=np.int64)
    prob = np.zeros((6, width))
    inst = np.zeros((6, width), dtype=np.bool_)
    count = np.zeros(6, dtype=np.int64)
    for n in range(1, DICE + 1):
        for k, ((points, dice_kept, instant), probability) in enumerate(sorted(rows[n].items())):
            pts[n, k] = points
            kept[n, k] = dice_kept
            prob[n, k] = float(probability)
            inst[n, k] = instant
        count[n] = len(rows[n])
    return pts, kept, prob, inst, count, pbust


MEMORY_LIMIT = 4 * 2**30
"""The most memory a solve may plan to take (4 GiB): past it the rules are refused with
the estimate, before anything is built, rather than running a machine out of memory."""


def steps(game: Game) -> int:
    """The target in score units: the side of every table the solver builds."""
    return game.target // game.score_unit


def check_memory(game: Game, needed: int, what: str) -> None:
    """Refuse ``game`` (a :class:`RulesError` with the estimate) if ``needed`` bytes of
    ``what`` would pass :data:`MEMORY_LIMIT`."""
    if needed > MEMORY_LIMIT:
        raise RulesError(
            f"{what} would need about {needed / 2**30:,.1f} GiB (the limit is "
            f"{MEMORY_LIMIT / 2**30:.0f} GiB): a target of {game.target} in steps of "
            f"{game.score_unit} points is {steps(game):,} steps"
        )


def monotone_bytes(game: Game) -> int:
    """Memory of an exact solve: its policy (``[a, b, t, n]``, a byte each) dominates,
    with the winning chances and the stop tables (the levels' tables are as large)."""
    side = steps(game)
    return 6 * side**3 + 8 * side**2 + 17 * side * (side + 1)


def build_tables(game: Game) -> SolverTables:
    """Read the solver's arrays off ``game``; refuse rules the monotone solver can't do,
    and rules whose tables would not fit in :data:`MEMORY_LIMIT`."""
    obstacles = monotone_obstacles(game)
    if obstacles:
        raise RulesError(
            f"the exact solver needs scores that only grow; these rules have {', '.join(obstacles)}"
        )
    check_memory(game, monotone_bytes(game), "the strategy tables of these rules")
    unit = game.score_unit
    target = game.target // unit
    stop_ok = np.zeros((target, target + 1), dtype=np.bool_)
    stop_to = np.full((target, target + 1), -1, dtype=np.int64)
    for a in range(target):
        for t in range(1, target - a + 1):
            state = _synthetic(game, a * unit, t * unit)
            if not state.may_stop():
                continue
            stop_ok[a, t] = True
            after = state.advance(STOP)[0]
            if after.winner is None:
                stop_to[a, t] = after.players[0].score // unit
    pts, kept, prob, inst, count, pbust = throw_rows(game, unit)
    return SolverTables(
        unit=unit,
        target=target,
        stop_ok=stop_ok,
        stop_to=stop_to,
        pts=pts,
        kept=kept,
        prob=prob,
        inst=inst,
        count=count,
        pbust=pbust,
        hot_must_throw=game.hot_dice_must_throw,
        exact=game.exact_ending,
        retry=game.first_throw_retry,
    )
