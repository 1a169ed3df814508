"""Card Thousand's figures: deals declared, contracts made, bolts taken.

From the game's replay (:func:`thousand.games.card1000.record.replay`): each finished
deal's declarer and outcome (a write-off is a contract not made), and the bolts as the
paper sheet marks them (:func:`thousand.games.card1000.sheet.bolts_per_seat`). Places:
the winner first, then the others by total.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from thousand.games.card1000.record import replay
from thousand.games.card1000.sheet import bolts_per_seat
from thousand.stats.collect import people_of
from thousand.stats.ranking import places
from thousand.stats.results import CardTally, GameSummary, PerfectPlay

NAME = "card1000"


def summarize(
    record: Mapping[str, Any], perfect: PerfectPlay | None = None, game: object = None
) -> GameSummary:
    """One record of card Thousand read for the statistics (``perfect`` is not used:
    the card game has no solved figures; nor ``game``: its replay builds nothing
    costly)."""
    del perfect, game
    result = replay(record)
    state = result.state
    players = tuple(result.players)
    people = people_of(record, players)
    if not state.over:
        return GameSummary(NAME, players, people, False, (), (), ())
    totals = tuple(seat.total for seat in state.board)
    order = places([(seat == state.winner, total) for seat, total in enumerate(totals)])
    declared = [0] * len(players)
    made = [0] * len(players)
    for deal in state.history:
        if deal.declarer is not None and deal.outcome != "redeal":
            declared[deal.declarer] += 1
            made[deal.declarer] += deal.outcome == "made"
    bolts = bolts_per_seat(result)
    tallies = tuple(
        CardTally(declared[seat], made[seat], bolts[seat]) for seat in range(len(players))
    )
    return GameSummary(NAME, players, people, True, order, tallies, totals)
