"""The optimal solitaire strategy of poker dice's sheet games (``russian``, ``yahtzee``).

For every sheet at the start of a turn — the boxes filled, the upper subtotal as far as
the bonus can still depend on it, whether the ``poker`` box earns further pokers, the
bank of throws — the expected final total of a player who maximises it, and inside a
turn the value of every keep and every box (:mod:`.strategy`). The tables come from
:mod:`..scoring` alone (:mod:`.tables`); the numbers are added up by numba kernels
(:mod:`.kernel`).

Optima (expected final totals from the empty sheet): ``russian`` 215.5111,
``russian_banked`` 276.5703, ``yahtzee`` 254.5877. The literature's 254.5896 (Verhoeff,
Glenn) is Yahtzee under another joker: there a further yahtzee may go in any empty box,
at the lower boxes' full values only once the upper box of its face is filled; under
POKER_DICE.md §3's forced joker (the upper box of the face if empty, else a lower box,
else an upper box for 0) the optimum is 254.5877 (the tests reproduce both).

    >>> from thousand.games.poker_dice.presets import load_preset
    >>> from thousand.games.poker_dice.solver import load_or_solve
    >>> strategy = load_or_solve(load_preset("yahtzee"))  # doctest: +SKIP
    >>> round(strategy.expected_total, 4)  # doctest: +SKIP
    254.5877
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
    "solve",
]
