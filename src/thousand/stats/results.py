"""What the statistics return: typed results, added up game by game.

A game's module (:mod:`thousand.stats.dice1000` …) turns one record into a
:class:`GameSummary`: who sat where, their places, and per seat a *tally* — plain counts
and sums (turns, busts, points…) that add up over games by field. The averages players
read are properties of the summed tally, so averaging is done once, over all the
player's games, never as an average of per-game averages.

Only finished games count: a game in progress has no places yet, and its turns join the
player's figures once it is over (one rule for every figure, easy to say).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, Self, TypeAlias, cast

from thousand.core.i18n import Translator

PerfectPlay: TypeAlias = Callable[[str, Any], Any]
"""The caller's door to perfect play: ``perfect(game, position)`` — the game's name and
the position a record starts from — answers with that game's solved figures for the
position's rules and table (dice 1000: a solved strategy with ``action_values`` and
``exact_for``; poker dice: the optimal player's expected total), or None where none is at
hand. Reading or solving tables is the caller's (files, minutes), never this package's."""


def _ratio(part: float, whole: float) -> float | None:
    return None if whole == 0 else part / whole


class _Summed:
    """A tally whose fields are counts and sums: two add up field by field."""

    __slots__ = ()

    def __add__(self, other: Self) -> Self:
        names = [field.name for field in fields(cast("Any", self))]
        return type(self)(**{name: getattr(self, name) + getattr(other, name) for name in names})


@dataclass(frozen=True, slots=True)
class DiceTally(_Summed):
    """Dice 1000: a player's turns and decisions, counted."""

    turns: int = 0
    """Finished turns."""
    points: int = 0
    """The turns' points as the record's ``turns[]`` shows them (0 for a bust)."""
    busts: int = 0
    stops: int = 0
    """Turns the player ended by stopping (the record's ``"stop": true``)."""
    stop_totals: int = 0
    """The turn totals at those stops, summed."""
    decisions: int = 0
    """Throw-or-stop choices weighed against perfect play (a forced throw is none)."""
    gave_away: float = 0.0
    """Over those decisions: the best action's winning chance minus the chosen one's."""
    weighed_games: int = 0
    """Games whose every choice was weighed (an exact solved table was at hand)."""
    unweighed_games: int = 0
    """Games with no exact table at hand (rules or table size not solved here)."""

    @property
    def points_per_turn(self) -> float | None:
        return _ratio(self.points, self.turns)

    @property
    def bust_rate(self) -> float | None:
        return _ratio(self.busts, self.turns)

    @property
    def average_stop(self) -> float | None:
        return _ratio(self.stop_totals, self.stops)

    @property
    def gave_away_per_game(self) -> float | None:
        return _ratio(self.gave_away, self.weighed_games)

    @property
    def gave_away_per_decision(self) -> float | None:
        return _ratio(self.gave_away, self.decisions)

    def lines(self, tr: Translator) -> list[tuple[str, str]]:
        """The figures as a terminal shows them: (heading, value)."""
        given = self.gave_away_per_game
        per_decision = self.gave_away_per_decision
        away = (
            "—"
            if given is None or per_decision is None
            else f"{_percent(given, 1)} / {_percent(per_decision, 2)}"
        )
        return [
            (tr.gettext("Points a turn"), _number(self.points_per_turn, 1)),
            (tr.gettext("Busts"), _percent(self.bust_rate, 0)),
            (tr.gettext("Stops at"), _number(self.average_stop, 0)),
            (tr.gettext("Chances given away"), away),
        ]

    def notes(self, tr: Translator) -> list[str]:
        """What the figures mean where a heading cannot say it all."""
        notes = [
            tr.gettext(
                "Chances given away: the winning chance the player's throw-or-stop choices "
                "gave away against perfect play, a game / a decision."
            )
        ]
        if self.unweighed_games:
            notes.append(
                tr.gettext(
                    "Some games are not weighed against perfect play: their rules or number "
                    "of players are not solved on this machine (thousand solve solves them)."
                )
            )
        return notes

    def to_data(self) -> dict[str, Any]:
        return {
            "turns": self.turns,
            "points_per_turn": self.points_per_turn,
            "bust_rate": self.bust_rate,
            "average_stop": self.average_stop,
            "decisions": self.decisions,
            "gave_away_per_game": self.gave_away_per_game,
            "gave_away_per_decision": self.gave_away_per_decision,
            "unweighed_games": self.unweighed_games,
        }


@dataclass(frozen=True, slots=True)
class PokerTally(_Summed):
    """Poker dice: a player's final totals, and the optimal player's where it is known."""

    sheets: int = 0
    """Finished sheet games (the ``ranking`` game has no total)."""
    totals: int = 0
    weighed: int = 0
    """Sheets whose rules' optimal expected total was at hand."""
    short: float = 0.0
    """Over those: the optimal expected total minus the player's total, summed."""
    unweighed: int = 0

    @property
    def average_total(self) -> float | None:
        return _ratio(self.totals, self.sheets)

    @property
    def gap_to_optimal(self) -> float | None:
        """How far below the optimal player's expected total the player ends on average
        (negative: above it — dice were kind)."""
        return _ratio(self.short, self.weighed)

    def lines(self, tr: Translator) -> list[tuple[str, str]]:
        return [
            (tr.gettext("Average total"), _number(self.average_total, 1)),
            (tr.gettext("Short of optimal play"), _number(self.gap_to_optimal, 1)),
        ]

    def notes(self, tr: Translator) -> list[str]:
        notes = [
            tr.gettext(
                "Short of optimal play: the optimal player's expected total under the same "
                "rules minus the player's average total."
            )
        ]
        if self.unweighed:
            notes.append(
                tr.gettext(
                    "Some sheets have no optimal total at hand: their rules are not solved "
                    "on this machine (thousand solve --game poker_dice solves them)."
                )
            )
        return notes

    def to_data(self) -> dict[str, Any]:
        return {
            "sheets": self.sheets,
            "average_total": self.average_total,
            "gap_to_optimal": self.gap_to_optimal,
            "unweighed_games": self.unweighed,
        }


@dataclass(frozen=True, slots=True)
class CardTally(_Summed):
    """Card Thousand: the deals a player declared, made, and the bolts they took."""

    declared: int = 0
    """Deals played out with the player as declarer (redeals are no deal)."""
    made: int = 0
    bolts: int = 0

    @property
    def made_rate(self) -> float | None:
        return _ratio(self.made, self.declared)

    def lines(self, tr: Translator) -> list[tuple[str, str]]:
        return [
            (tr.gettext("Deals declared"), str(self.declared)),
            (tr.gettext("Contracts made"), _percent(self.made_rate, 0)),
            (tr.gettext("Bolts"), str(self.bolts)),
        ]

    def notes(self, tr: Translator) -> list[str]:
        del tr
        return []

    def to_data(self) -> dict[str, Any]:
        return {
            "declared": self.declared,
            "made_rate": self.made_rate,
            "bolts": self.bolts,
        }


Tally: TypeAlias = DiceTally | PokerTally | CardTally


TALLIES: tuple[type[DiceTally] | type[PokerTally] | type[CardTally], ...] = (
    DiceTally,
    PokerTally,
    CardTally,
)


def tally_to_data(tally: Tally) -> dict[str, Any]:
    """A tally's counts and sums as JSON data, with its kind: what a server keeps of a
    seat when its game ends (the figures read back with :func:`tally_from_data` add up
    with later games' without replaying the records)."""
    data: dict[str, Any] = {"tally": type(tally).__name__}
    data.update((field.name, getattr(tally, field.name)) for field in fields(tally))
    return data


def tally_from_data(data: Mapping[str, Any]) -> Tally:
    """The tally :func:`tally_to_data` wrote (ValueError for a kind it never writes)."""
    kinds = {kind.__name__: kind for kind in TALLIES}
    kind = kinds.get(str(data.get("tally")))
    if kind is None:
        raise ValueError(f"not a tally: {str(data.get('tally'))[:40]!r}")
    return kind(**{field.name: data[field.name] for field in fields(kind) if field.name in data})


def added(first: Tally, second: Tally) -> Tally:
    """Two tallies of one game kind added up (a kind's tallies are of one type)."""
    if type(first) is not type(second):
        raise TypeError(f"cannot add a {type(second).__name__} to a {type(first).__name__}")
    return first + second  # type: ignore[operator]


def _number(value: float | None, digits: int) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _percent(value: float | None, digits: int) -> str:
    return "—" if value is None else f"{value * 100:.{digits}f}%"


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One record, as the statistics read it."""

    game: str
    """The game's name (the registry's)."""
    players: tuple[str, ...]
    people: tuple[bool, ...]
    """Per seat: a person (True) or a computer player (the record's ``meta.seats``)."""
    finished: bool
    places: tuple[int, ...]
    """Per seat, its place (:func:`~thousand.stats.ranking.places`); () while in progress."""
    tallies: tuple[Tally, ...]
    """Per seat, its counts in this game (empty tallies while in progress)."""
    scores: tuple[int, ...]
    """Per seat, the final score or total the places come from."""


@dataclass(frozen=True, slots=True)
class KindStatistics:
    """A player's figures in one game kind."""

    game: str
    games: int
    """Finished games the player sat in."""
    wins: int
    """Of those, the games they finished first in (a shared first place is a win)."""
    places: int
    """Their places, summed (for the average)."""
    tally: Tally

    @property
    def average_place(self) -> float | None:
        return _ratio(self.places, self.games)

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "wins": self.wins,
            "average_place": self.average_place,
            **self.tally.to_data(),
        }


@dataclass(frozen=True, slots=True)
class PlayerStatistics:
    """A player's figures, one entry per game kind they finished a game of (registry
    order)."""

    name: str
    kinds: tuple[KindStatistics, ...]

    def to_data(self) -> dict[str, Any]:
        return {"name": self.name, "games": [kind.to_data() for kind in self.kinds]}
