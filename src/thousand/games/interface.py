"""What a front-end may ask of any game: the small interface every game module offers.

Written down once so the command line, the terminal and the web server can serve a game
they look up by name (:func:`thousand.games.load_game`) without knowing its rules. A
game's package (``thousand.games.dice1000``) *is* the implementation: its module-level
functions and constants satisfy :class:`GameModule`, which mypy checks.

Deliberately no class hierarchy and no shared base: positions, actions and records are
each game's own types (``object`` here). What is shared between games moves to a shared
place only once a second game really uses it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from rich.console import RenderableType

from thousand.core.i18n import Translator


class Replayed(Protocol):
    """A record replayed through a game's rules."""

    def to_json_data(self) -> dict[str, Any]:
        """``thousand replay --json`` of the record (RECORD.md's output object)."""
        ...


class Recorder(Protocol):
    """Writes a game's record as it is played."""

    def observe(self, before: Any, action: Any) -> None:
        """Note ``action``, just applied to the position ``before``."""
        ...

    def to_data(self) -> dict[str, Any]:
        """The record so far, as RECORD.md's JSON object (with its ``game`` field)."""
        ...


class GameModule(Protocol):
    """A game, as the registry hands it out (see the module docstring)."""

    NAME: str
    """The game's name: the registry key, a record's ``game``, a room's ``game``."""

    def new_position(self, rules: object, players: Sequence[str]) -> Any:
        """The position before the first move; ``rules`` as a record's ``rules`` may be."""
        ...

    def legal_actions(self, position: Any, seat: int) -> Sequence[Any]:
        """The actions open to ``seat`` now (empty when it is not that seat's move)."""
        ...

    def apply(self, position: Any, action: Any) -> Any:
        """The position after ``action``, checked; raises the game's own one-line error."""
        ...

    def is_over(self, position: Any) -> bool: ...

    def seat_view(self, position: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see of the position, as JSON-ready data."""
        ...

    def new_recorder(self, position: Any, meta: Mapping[str, Any] | None) -> Recorder:
        """A recorder for a game starting at ``position`` (``meta`` goes into the record)."""
        ...

    def replay(self, data: object) -> Replayed:
        """Check a record and replay it; raises a one-line error naming turn and rule."""
        ...

    def score_sheet(self, replayed: Any, tr: Translator) -> RenderableType:
        """The paper score sheet of a replayed record, for a terminal, in ``tr``'s language."""
        ...
