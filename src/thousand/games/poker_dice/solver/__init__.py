"""The optimal solitaire strategy of poker dice's sheet games (``russian``, ``yahtzee``).

For every sheet at the start of a turn — the boxes filled, the upper subtotal as far as
the bonus can still depend on it, whether the ``poker`` box earns further pokers, the
bank of throws — the expected final total of a player who maximises it, and inside a
turn the value of every keep and every box (:mod:`.strategy`). The tables come from
:mod:`..scoring` alone (:mod:`.tables`); the numbers are added up by numba kernels
(:mod:`.kernel`).

Optima (expected final totals from the empty sheet): ``russian`` 215.5111,
``russian_banked`` 276.5703, ``yahtzee`` 254.5896 — the published optimum (Verhoeff,
Glenn), under the preset's ``"free"`` joker. Under the ``"forced"`` joker of
POKER_DICE.md §3's wording (the upper box of the face if empty, else a lower box, else an
upper box for 0) it is 254.5877; without jokers and further yahtzees 245.8708 (Glenn,
Woodward). The tests reproduce all three.

    >>> from thousand.games.poker_dice.presets import load_preset
    >>> from thousand.games.poker_dice.solver import load_or_solve
    >>> strategy = load_or_solve(load_preset("yahtzee"))  # doctest: +SKIP
    >>> round(strategy.expected_total, 4)  # doctest: +SKIP
    254.5896
"""

from __future__ import annotations

from thousand.games.poker_dice.solver.strategy import (
    SOLVER_VERSION,
    SolveInfo,
    SolverError,
    Strategy,
    cache_path,
    load_or_solve,
    load_strategy,
    perfect_play,
    solve,
)

__all__ = [
    "SOLVER_VERSION",
    "SolveInfo",
    "SolverError",
    "Strategy",
    "cache_path",
    "load_or_solve",
    "load_strategy",
    "perfect_play",
    "solve",
]
