"""Poker dice's figures: the average final total, and how far it falls short of the
optimal player's expected total under the same rules.

Totals, winners and the ranking game's outcome come from the game's replay
(:func:`thousand.games.poker_dice.record.replay`). Places: in a sheet game by total,
highest first (equal totals share the place, as they share the win); in ``ranking`` the
game decides only its winner (play-offs are among the tied alone), so the winner is
first and everybody else shares second. The ``ranking`` game has no total: it adds no
sheet to the averages.

The optimal player's expected total is the solitaire optimum of the sheet
(:mod:`thousand.games.poker_dice.solver`: ``russian`` 215.51, ``yahtzee`` 254.59),
which the caller's :data:`~thousand.stats.results.PerfectPlay` gives where it is solved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from thousand.games.poker_dice.record import replay
from thousand.stats.collect import people_of
from thousand.stats.ranking import places
from thousand.stats.results import GameSummary, PerfectPlay, PokerTally

NAME = "poker_dice"


def summarize(
    record: Mapping[str, Any], perfect: PerfectPlay | None = None, game: object = None
) -> GameSummary:
    """One record of poker dice read for the statistics (see the module docstring;
    ``game`` is not used: its replay builds nothing costly)."""
    del game
    position = replay(record).position
    players = tuple(sheet.name for sheet in position.players)
    people = people_of(record, players)
    if not position.is_over:
        return GameSummary(NAME, players, people, False, (), (), ())
    totals = tuple(position.totals(seat).total for seat in range(len(players)))
    if position.is_ranking:
        winners = position.winners
        order = places([seat in winners for seat in range(len(players))])
        return GameSummary(
            NAME, players, people, True, order, tuple(PokerTally() for _ in players), totals
        )
    optimum = None if perfect is None else perfect(NAME, position)
    tallies = []
    for total in totals:
        tally = PokerTally(sheets=1, totals=total)
        if optimum is None:
            tally = tally + PokerTally(unweighed=1)
        else:
            tally = tally + PokerTally(weighed=1, short=float(optimum) - total)
        tallies.append(tally)
    return GameSummary(NAME, players, people, True, places(totals), tuple(tallies), totals)
