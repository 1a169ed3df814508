"""What a front-end may ask of any game: the small interface every game module offers.

Written down once so the command line, the terminal and the web server can serve a game
they look up by name (:func:`thousand.games.load_game`) without knowing its rules. A
game's package (``thousand.games.dice1000``) *is* the implementation: its module-level
functions and constants satisfy :class:`GameModule`, which mypy checks.

Deliberately no class hierarchy and no shared base: positions, actions and records are
each game's own types (``object`` here). What is shared between games moves to a shared
place only once a second game really uses it.

Two ideas every game answers to, whether it needs them or not:

* **What a seat may know** (:meth:`GameModule.observe`). A game's position is the
  referee's: everything, hidden cards included. Whatever a front-end draws, a message
  carries, a computer player decides on or a file shown during play holds comes from a
  seat's *observation* (or a spectator's, ``seat=None``), never from the position. In
  the dice games nothing is hidden, so the observation is the position itself; the path
  is the one the card game takes, where it is not (OpenSpiel's
  ``information_state_string(player)``, RLCard's ``get_state(player_id)``).
* **Where chance comes from** (:attr:`GameInfo.chance`). Every game's chance is drawn
  from one committed seed (:mod:`thousand.core.chance`): dice throws in the dice games, a
  shuffled deck in the card game; ``thousand verify`` asks the game's own ``verify``
  module to re-derive them.

What a game *is* — its name, players, presets, computer levels, what it offers — is its
:class:`GameInfo`, which front-ends read instead of knowing any game by name.

One optional name beside the interface: ``playout_action(position, legal, rng)``, the
player random games are played out with where uniformly random play never ends (card
Thousand: random raises fail and every total falls); it picks among the legal actions
only. The conformance suite uses it when a game has it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias, TypeVar, cast, get_args

if TYPE_CHECKING:
    from rich.console import RenderableType

    from thousand.core.i18n import Translator


Feature: TypeAlias = Literal[
    "play",
    "table",
    "online",
    "solve",
    "advise",
    "review",
    "simulate",
    "odds",
    "score",
    "rules",
    "verify",
]
"""What a game may offer besides being replayed (every game replays its records):

``play`` the terminal game (``thousand play``), ``table`` scorekeeping of a game played
with real dice or cards (``thousand play --table``), ``online`` rooms of the server,
``solve`` an exact solver (``thousand solve``), ``advise`` the advisor over a record
(``thousand advise``), ``review`` what the open cards allowed in each finished deal
(``thousand review``), ``simulate`` computer-player tournaments (``thousand simulate``),
``odds`` the chances of a throw (``thousand odds``), ``score`` scoring a throw
(``thousand score``), ``rules`` the rule sets explained (``thousand rules``), ``verify``
re-deriving the chance of a server game from its seed (``thousand verify``)."""

FEATURES: tuple[Feature, ...] = get_args(Feature)
"""Every :data:`Feature`, in the order help texts list them."""

Chance: TypeAlias = Literal["dice", "deck"]
"""What a game's seed is turned into: dice throws, or a shuffled deck for each deal."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, as every front-end needs to know it before playing it.

    Each game's package holds its own (``INFO``), made from its own constants, so that
    nothing here repeats a game's preset or level names; the registry
    (:mod:`thousand.games`) names the packages.
    """

    name: str
    """The registry key, a record's ``game``, a room's ``game``."""
    title: str
    """The game's name for people, in English: a gettext msgid front-ends translate."""
    min_players: int
    max_players: int
    hidden_information: bool
    """True when a seat may not see all of the position (the card game's hands)."""
    chance: Chance
    presets: tuple[str, ...]
    """The shipped presets, the default first."""
    default_preset: str
    levels: tuple[str, ...]
    """The computer players' levels (``bot:LEVEL``), weakest first."""
    features: frozenset[Feature]

    def offers(self, feature: Feature) -> bool:
        return feature in self.features


PositionT = TypeVar("PositionT")


def whole_position(position: PositionT, seat: int | None) -> PositionT:
    """The observation of a game without hidden information: the position itself, for
    every seat and for spectators (the dice games: the dice still to fall are nobody's,
    since a position never holds them — they are drawn when thrown). Such a game's
    ``observe`` is this function, so front-ends and computer players take the path a
    game with hidden cards takes."""
    del seat
    return position


def nothing_hidden(position: object, seat: int | None) -> frozenset[str]:
    """What a game without hidden information keeps from a seat: nothing (its
    ``hidden_from``)."""
    del position, seat
    return frozenset()


def whole_record(record: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """A record in play of a game without hidden information, as anyone may read it:
    whole, since everything in it was seen by all (its ``shown_record``)."""
    del seat
    return dict(record)


class Replayed(Protocol):
    """A record replayed through a game's rules."""

    @property
    def position(self) -> Any:
        """The position the record leads to."""
        ...

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


class RulesData(Protocol):
    """A game's rules as its engine holds them, written out as a rules file's data."""

    def to_data(self) -> dict[str, Any]: ...


class GameModule(Protocol):
    """A game, as the registry hands it out (see the module docstring)."""

    NAME: str
    """The game's name: the registry key, a record's ``game``, a room's ``game``."""

    INFO: GameInfo
    """What the game is (:class:`GameInfo`)."""

    def load_preset(self, name: str) -> RulesData:
        """The shipped preset ``name`` (one of ``INFO.presets``)."""
        ...

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

    def is_chance_node(self, position: Any) -> bool:
        """Chance is due before anyone decides (dice in the air, a deck to deal)."""
        ...

    def draw_chance(self, position: Any, rng: Random) -> Any:
        """At a chance node, the chance action drawn from ``rng`` with the game's own
        probabilities (to apply like any action); None elsewhere. What simulations and the
        conformance suite play chance with; a table draws it from its committed seed."""
        ...

    def observe(self, position: Any, seat: int | None) -> Any:
        """What ``seat`` (None: a spectator) knows of the position: the only thing a
        front-end, a message or a computer player of that seat is given."""
        ...

    def hidden_from(self, position: Any, seat: int | None) -> frozenset[str]:
        """The tokens — card codes — that ``seat`` (None: a spectator) must not see now:
        what no observation, view, message or record shown to that seat may hold (the
        conformance suite checks every seat's :meth:`seat_view` against it). A game
        without hidden information returns an empty set."""
        ...

    def seat_view(self, position: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see of the position, as JSON-ready data
        (:meth:`observe`'s observation written out)."""
        ...

    def shown_record(self, record: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """The record of a game in progress as ``seat`` (None: anyone else) may read it:
        what ``GET /api/rooms/ID/record`` serves during play. A finished game's record is
        public whole; the seed of its chance is the server's to withhold, not the game's."""
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


@dataclass(frozen=True)
class DeferredRecords:
    """A game's ``new_recorder``, ``replay`` and ``score_sheet``, taken from its
    ``record`` and ``sheet`` modules when first called.

    Importing a game (every front-end loads the registry) then costs neither its record
    validation nor Rich's tables; the game's package exposes the bound methods as its
    module-level functions (``replay = _records.replay``)."""

    package: str
    """The game's package, ``thousand.games.poker_dice``: its ``.record`` and ``.sheet``."""

    def new_recorder(self, position: Any, meta: Mapping[str, Any] | None) -> Recorder:
        """A recorder for a game starting at ``position`` (the game's
        ``record.new_recorder``)."""
        record = importlib.import_module(f"{self.package}.record")
        return cast("Recorder", record.new_recorder(position, meta))

    def replay(self, data: object) -> Replayed:
        """Check a record and replay it (the game's ``record.replay``)."""
        record = importlib.import_module(f"{self.package}.record")
        return cast("Replayed", record.replay(data))

    def score_sheet(self, replayed: Any, tr: Translator) -> RenderableType:
        """The paper sheet ``thousand replay`` prints (the game's ``sheet.render``), in
        ``tr``'s words."""
        sheet = importlib.import_module(f"{self.package}.sheet")
        return cast("RenderableType", sheet.render(replayed, tr))
