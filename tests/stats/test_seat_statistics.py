"""A player's figures from the seats a caller picks (the server matches its players by
key, not by name), and a seat's tally kept as data and read back (the server keeps each
finished game's tallies once, when it ends)."""

from __future__ import annotations

import json

from tests.stats.test_stats import DICE_GAME, poker_game
from thousand.stats import (
    seat_statistics,
    statistics,
    summarize,
    tally_from_data,
    tally_to_data,
)


def test_seats_picked_by_the_caller_count_whatever_their_names() -> None:
    dice, poker = summarize(DICE_GAME), summarize(poker_game())
    # the same person sat as "Anna" at the dice table and as "Boris" at the poker one
    seats = [
        (dice.game, dice.places[0], dice.tallies[0]),
        (poker.game, poker.places[1], poker.tallies[1]),
    ]
    mine = seat_statistics("Anna", seats)
    assert [kind.game for kind in mine.kinds] == ["dice1000", "poker_dice"]
    assert mine.kinds[0] == statistics([dice], "Anna").kinds[0]
    assert mine.kinds[1] == statistics([poker], "Boris").kinds[0]
    assert mine.name == "Anna"


def test_a_tally_kept_as_json_reads_back_equal() -> None:
    for summary in (summarize(DICE_GAME), summarize(poker_game())):
        for tally in summary.tallies:
            text = json.dumps(tally_to_data(tally))
            assert tally_from_data(json.loads(text)) == tally
