"""The pace of a long solve: kernel calls short enough for Ctrl+C, and the time left.

A numba kernel holds the interpreter until it returns, so a solve made of one call per
phase (seconds for the classic rules, minutes per sweep of value iteration under
``ussr``) cannot be interrupted and tells nothing meanwhile: Ctrl+C waited for the call
to end. The solvers therefore call their kernels over *bands* of work — score sums,
groups of pairs, sweeps — that give the same numbers as one call, and :class:`Bands`
sizes each band so that a call takes about :data:`CALL_SECONDS`: between two calls the
interpreter raises a pending :class:`KeyboardInterrupt` and progress is told.

:class:`Pace` turns the work done into progress lines with an estimate of the time
left, at most one every :data:`PROGRESS_EVERY` seconds between the milestones a solver
always reports (a sweep's end). Every game's solver paces itself so (dice 1000's over
pairs of scores, poker dice's over its sheets).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

CALL_SECONDS = 0.25
"""The time one kernel call aims at: Ctrl+C acts within about twice this."""

PROGRESS_EVERY = 10.0
"""Seconds between two progress lines inside one phase of a solve."""


class Bands:
    """How much work the next kernel call gets, so that it takes about :data:`CALL_SECONDS`.

    It starts with one unit (a score sum, a group, a sweep) and doubles or halves it by
    how long the last call took; calls of one unit are always allowed, however long.
    """

    def __init__(self) -> None:
        self.size = 1

    def next(self, left: int) -> int:
        """The units of the next call, ``left`` units remaining (at least one)."""
        return max(1, min(self.size, left))

    def took(self, seconds: float, units: int) -> None:
        """Adjust to a call of ``units`` units that took ``seconds``."""
        if seconds < CALL_SECONDS / 2 and units == self.size:
            self.size *= 2
        elif seconds > 2 * CALL_SECONDS:
            self.size = max(1, units // 2)


def duration(seconds: float) -> str:
    """``42 s``, ``7 min``, ``2.5 h``: a time left at the precision an estimate has."""
    from thousand.core.i18n import translator  # noqa: PLC0415 - the catalogs, on first use
    from thousand.core.words import time_span  # noqa: PLC0415

    return time_span(translator("en"), seconds)


def sweeps_left(residuals: list[float], tolerance: float) -> int | None:
    """Planning sweeps still needed, if the largest change keeps shrinking as it last did.

    Value iteration's largest change falls roughly geometrically; from the ratio of the
    last two, the sweeps until it passes below ``tolerance``. None while there is no
    trend to read (one sweep so far, or a change that did not shrink).
    """
    if not residuals:
        return None
    last = residuals[-1]
    if last <= tolerance:
        return 0
    if len(residuals) < 2 or not 0.0 < last < residuals[-2]:
        return None
    before = residuals[-2]
    return max(1, math.ceil(math.log(tolerance / last) / math.log(last / before)))


@dataclass(frozen=True)
class Estimate:
    """How far a long solve is, as numbers a front-end words in the player's language
    (the progress lines are the solver's own English): the fraction of the work done and
    the seconds left at the pace measured so far (None until there is a pace to read)."""

    done: float
    seconds_left: float | None


class Pace:
    """Progress lines for ``progress`` (None: silent), throttled, with the time left;
    every estimate also goes to ``estimate`` as numbers (:class:`Estimate`)."""

    def __init__(
        self,
        progress: Callable[[str], None] | None,
        clock: Callable[[], float] = time.monotonic,
        estimate: Callable[[Estimate], None] | None = None,
    ) -> None:
        self.progress = progress
        self.clock = clock
        self.estimate = estimate
        self.start = clock()
        self._told = self.start
        self._since: tuple[float, float] | None = None  # (time, work done) of the first left()

    def elapsed(self) -> float:
        """Seconds since the solve began."""
        return self.clock() - self.start

    def tell(self, message: str) -> None:
        """A milestone: always reported."""
        if self.progress is not None:
            self._told = self.clock()
            self.progress(message)

    def tick(self, message: str) -> None:
        """A line inside a phase, reported if :data:`PROGRESS_EVERY` seconds have passed
        since the last line."""
        if self.progress is not None and self.clock() - self._told >= PROGRESS_EVERY:
            self.tell(message)

    def left(self, done: float) -> str:
        """``about 3 min left`` from the fraction ``done`` of the work and the time taken.

        The pace is measured from the first call on, not from the start: the first
        kernel call of a process also compiles the kernels (seconds, not solving)."""
        now = self.clock()
        if self._since is None:
            self._since = (now, done)
        then, done_then = self._since
        seconds = None if done <= done_then else (now - then) * (1.0 - done) / (done - done_then)
        if self.estimate is not None:
            self.estimate(Estimate(done, seconds))
        if seconds is None:
            return "time left not yet known"
        return f"about {duration(seconds)} left"
