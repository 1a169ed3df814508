"""A player's statistics over game records: the figures players argue about at the table.

Pure: no files, no clock, no network. It takes records (RECORD.md, POKER_DICE.md §4,
CARD_THOUSAND.md §6 — as parsed JSON) and a player's name, replays each with its own
game's replay (found through the registry, :func:`thousand.games.load_game`), and
returns typed results (:mod:`.results`). Whoever holds the records — ``thousand stats``
reading the saved games' folder today, the server's player page later — reads them and
renders the results; scoring, busts, bolts and who won all come from the games' replays,
never worked out again here.

Each game's figures are its own module here, ``thousand.stats.NAME`` (the registry's
``stats`` adapter, :func:`thousand.games.adapter`): :mod:`.dice1000`,
:mod:`.poker_dice`, :mod:`.card1000`. What perfect play is worth comes from the caller
(:data:`~.results.PerfectPlay`): a solved table is a file to read, or a solve to run, and
that is the caller's to decide.
"""

from __future__ import annotations

from thousand.stats.collect import people, seat_statistics, statistics, summarize
from thousand.stats.ranking import places
from thousand.stats.results import (
    CardTally,
    DiceTally,
    GameSummary,
    KindStatistics,
    PerfectPlay,
    PlayerStatistics,
    PokerTally,
    Tally,
    tally_from_data,
    tally_to_data,
)

__all__ = [
    "CardTally",
    "DiceTally",
    "GameSummary",
    "KindStatistics",
    "PerfectPlay",
    "PlayerStatistics",
    "PokerTally",
    "Tally",
    "people",
    "places",
    "seat_statistics",
    "statistics",
    "summarize",
    "tally_from_data",
    "tally_to_data",
]
