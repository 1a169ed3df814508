"""A finished deal as the deal-over panel reads it (:mod:`thousand.games.card1000.
deal_over`): from the record only — its summary, and the last trick with who took it
(the trick on the table before the deal's last card, and that card)."""

from __future__ import annotations

import itertools
import json

import pytest

from tests.games.card1000.make_fixtures import FIXTURES
from thousand.games.card1000.actions import Play
from thousand.games.card1000.deal_over import deal_over
from thousand.games.card1000.play import trick_winner
from thousand.games.card1000.record import replay
from thousand.games.card1000.state import State


@pytest.mark.parametrize("name", ["classic", "four_players", "two_players", "golden_dark"])
def test_every_deal_of_a_fixture(name: str) -> None:
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    final = replay(data).state
    size = 2 if final.rules.players == 2 else 3
    for number, summary in enumerate(final.history, 1):
        over = deal_over(data, number)
        assert over.number == number and over.summary == summary
        plays = [(seat, a.card) for seat, a in summary.actions if isinstance(a, Play)]
        if summary.outcome == "redeal" or summary.points is None:
            assert over.last_trick is None
            continue
        last = over.last_trick
        assert last is not None
        assert last.played == tuple(plays[-size:])
        assert last.taker in {seat for seat, _ in last.played}


def test_the_last_trick_is_taken_as_the_engine_takes_tricks() -> None:
    """The reading :func:`deal_over` makes of the last trick (the trick on the table
    before its last card, that card, the engine's ``trick_winner`` on the trump the
    engine held) gives, for every other trick, the engine's own taker: the next leader."""
    data = json.loads((FIXTURES / "classic.json").read_text())
    states: list[State] = []
    replay(data, on_state=states.append)
    checked = 0
    for before, after in itertools.pairwise(states):
        deal, then = before.deal, after.deal
        if deal is None or then is None or deal.phase != "play" or len(deal.trick) != 2:
            continue
        _, action = then.actions[-1]
        assert isinstance(action, Play)
        place = trick_winner([*deal.trick, action.card], deal.trump)
        seats = [(deal.leader + step) % 3 for step in range(3)]  # three play in turn
        assert then.leader == seats[place]
        checked += 1
    assert checked > 100
