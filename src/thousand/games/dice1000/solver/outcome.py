"""The one reading of a throw's outcome that every numba pass of the solver shares.

The solver's tables (:mod:`.tables`) describe each outcome ``k`` of throwing ``n`` dice
by the points it adds (``pts[n, k]``, in score units), the dice it sets aside
(``kept[n, k]``) and whether it wins at once (``inst[n, k]``). Where that outcome takes
a turn standing at total ``t`` is the same question for the exact solve
(:mod:`.kernel`), value iteration (:mod:`.iteration`) and the levels' tables
(:mod:`.levels`); it was written out three times and had drifted (``n < 5`` against
``n < DICE``). :func:`read_outcome` is the only answer now; numba inlines it into each
caller's loop, so the classic solve is bit for bit what it was, and no slower.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from thousand.games.dice1000.scoring import DICE

WIN_NOW, BUST_NOW, DUMP_NOW, MOVE, CAPPED = 0, 1, 2, 3, 4
"""What an outcome does: win at once; bust (past the target under the exact ending); a
mid-turn dump truck (only value iteration's :func:`~.iteration.landing` says so); move
to ``(t2, n2)``; or move past the target, the total clamped at ``last`` (where a stop
wins) — told apart from :data:`MOVE` because a clamped total is no score a dump truck
can catch."""


@njit(cache=True, inline="always")
def read_outcome(
    t: int, n: int, k: int, pts: Any, kept: Any, inst: Any, last: int, exact: bool
) -> tuple[int, int, int]:
    """Where outcome ``k`` of throwing ``n`` dice at turn total ``t`` leads: (what, t2, n2).

    Hot dice (every die set aside) give ``n2 = DICE``; ``t2`` is the new turn total, or
    ``last`` when it passed it (``CAPPED``); for ``WIN_NOW`` and ``BUST_NOW`` the
    position does not move.
    """
    if inst[n, k]:
        return WIN_NOW, t, n
    t2 = t + pts[n, k]
    n2 = n - kept[n, k]
    if n2 == 0:
        n2 = DICE
    if t2 > last:
        if exact:
            return BUST_NOW, t, n
        return CAPPED, last, n2
    return MOVE, t2, n2
