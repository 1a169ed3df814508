"""The computer players by level: a registry of names, and the levels' strategy tables.

:data:`BOT_LEVELS` maps a level name to a factory: ``cautious``, ``balanced`` and
``bold`` are the planners of :mod:`thousand.games.dice1000.planning`; ``perfect``, the
player of :mod:`thousand.games.dice1000.solver.player` (a solution of the whole
two-player game), is registered lazily: its module, numpy and the solve are loaded only
when a game asks for it. Another level plugs in with :func:`register_bot_level`.

This registry sits above both the planners and the solver, so neither imports the
other: the solver computes the planners' tables (:mod:`~thousand.games.dice1000.solver.levels`)
from the planning module, and :class:`LevelBot` hands them to the native fast path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from thousand.core.errors import ThousandError
from thousand.games.dice1000.match import Policy
from thousand.games.dice1000.planning import BALANCED, BOLD, CAUTIOUS, PlanningBot, Temperament

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.fastplay import FastGame, NativeSeat

BotFactory = Callable[[int | None], Policy]
"""Makes a computer player from an optional seed (used to break ties between equals)."""

BOT_LEVELS: dict[str, BotFactory] = {}
"""The registry of computer player levels, weakest in spirit first; see :func:`make_bot`."""


class BotLevelError(ThousandError):
    """An unknown computer player level was asked for."""


def register_bot_level(name: str, factory: BotFactory) -> None:
    """Add a level to :data:`BOT_LEVELS` (a solver-backed ``perfect`` player plugs in here)."""
    if name in BOT_LEVELS:
        raise ValueError(f"bot level '{name}' is already registered")
    BOT_LEVELS[name] = factory


def make_bot(level: str, seed: int | None = None) -> Policy:
    """A computer player of the given level; raises :class:`BotLevelError` if unknown."""
    factory = BOT_LEVELS.get(level)
    if factory is None:
        known = ", ".join(BOT_LEVELS)
        raise BotLevelError(f"unknown computer player level '{level}' (known: {known})")
    return factory(seed)


class LevelBot(PlanningBot):
    """A planner of one level that can also give its decisions as a strategy table."""

    def native_seat(
        self, fast: FastGame, players: int, progress: Callable[[str], None] | None = None
    ) -> NativeSeat:
        """This level's seat on the native path: its table over (class of the mover's
        sheet, rounded threat), which makes exactly this bot's throw-or-stop decisions
        at any number of players (see :mod:`thousand.games.dice1000.solver.levels`).
        Computed once per rule set and kept in memory; numpy and numba are loaded only
        here, so a terminal game that never asks starts as fast as before."""
        del players, progress  # the threat covers every opponent; a table takes seconds
        from thousand.games.dice1000.solver.native import level_seat  # noqa: PLC0415 (numba)

        return level_seat(fast, self.temperament)


def _level(temperament: Temperament) -> BotFactory:
    def factory(seed: int | None) -> Policy:
        return LevelBot(temperament, seed)

    return factory


def _perfect(seed: int | None) -> Policy:
    """The solver-backed player of :mod:`thousand.games.dice1000.solver.player`, imported on demand.

    Its strategy tables need numpy and a solve of the rule set, so neither is paid for
    unless a game asks for it.
    """
    try:
        from thousand.games.dice1000.solver.player import PerfectPlayer  # noqa: PLC0415
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise BotLevelError(f"the computer player 'perfect' is not available: {exc}") from None
    player: Policy = PerfectPlayer(seed)
    return player


for _temperament in (CAUTIOUS, BALANCED, BOLD):
    register_bot_level(_temperament.name, _level(_temperament))
register_bot_level("perfect", _perfect)
