"""A player's statistics from many records: each record summed up by its own game's
module, then added up per game kind."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from thousand.core.players import seat_levels
from thousand.games import adapter, game_names, game_of_record
from thousand.stats.results import (
    GameSummary,
    KindStatistics,
    PerfectPlay,
    PlayerStatistics,
    Tally,
    added,
)


def summarize(
    record: Mapping[str, Any], perfect: PerfectPlay | None = None, game: object = None
) -> GameSummary:
    """One record (parsed JSON of any game) read for the statistics by its game's module
    (``thousand.stats.NAME``), which replays it with the game's own replay; raises that
    replay's one-line error for a record the rules refuse, and the registry's for an
    unknown game. ``perfect``: see :data:`~.results.PerfectPlay` (None: no figure
    against perfect play). ``game``: the engine's game of the record's rules when the
    caller holds one already (a server ending a room's game passes the room's own: dice
    1000's scoring tables cost far more to build than the game to replay); a game's
    module uses it only where its rules are the record's."""
    name = game_of_record(record)
    summary: GameSummary = adapter(name, "stats").summarize(record, perfect, game)
    return summary


def people_of(record: Mapping[str, Any], players: tuple[str, ...]) -> tuple[bool, ...]:
    """Per seat, whether a person sat there: a computer player is named in the record's
    ``meta.seats`` with its level (a record without them has only people)."""
    meta = record.get("meta")
    levels = seat_levels(meta if isinstance(meta, Mapping) else {}, players)
    return tuple(level is None for level in levels)


def people(summaries: Iterable[GameSummary]) -> tuple[str, ...]:
    """Every person (not a computer player) who sat in a finished game, in the order first
    met."""
    found: dict[str, None] = {}
    for summary in summaries:
        if summary.finished:
            for name, person in zip(summary.players, summary.people, strict=True):
                if person:
                    found.setdefault(name, None)
    return tuple(found)


def statistics(summaries: Iterable[GameSummary], name: str) -> PlayerStatistics:
    """``name``'s figures per game kind over the finished games they sat in as a person
    (a computer player given the same name is somebody else; a name twice at one table
    counts each of its seats)."""
    seats = (
        (summary.game, summary.places[seat], summary.tallies[seat])
        for summary in summaries
        if summary.finished
        for seat, player in enumerate(summary.players)
        if player == name and summary.people[seat]
    )
    return seat_statistics(name, seats)


def seat_statistics(name: str, seats: Iterable[tuple[str, int, Tally]]) -> PlayerStatistics:
    """A player's figures per game kind from the seats they sat in, each a finished
    game's ``(game, place, tally)``: the caller says which seats are the player's (by
    name, :func:`statistics`; a server by the player's key, whatever name each seat
    was taken under)."""
    kinds: dict[str, tuple[int, int, int, Tally]] = {}
    for game, place, tally in seats:
        if game in kinds:
            games, wins, places, total = kinds[game]
            kinds[game] = (games + 1, wins + (place == 1), places + place, added(total, tally))
        else:
            kinds[game] = (1, int(place == 1), place, tally)
    return PlayerStatistics(
        name,
        tuple(KindStatistics(game, *kinds[game]) for game in game_names() if game in kinds),
    )
