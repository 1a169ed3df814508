"""What a connection sees: the game's fields are ``thousand replay --json`` of its record
at every moment, built without replaying (:func:`thousand.web.rooms.dice1000.view.record_view`)."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.web.support import PRESETS, SMALL_RULES
from thousand.games.dice1000.actions import STOP, Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import rules_from_spec
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.state import Phase
from thousand.games.dice1000.table import Seat, Session
from thousand.web.rooms.dice1000.view import record_view

NAMES = ("Anna", "Boris", "Vera")


def _decision(actions: tuple[Action, ...], rng: Random) -> Action:
    if STOP in actions and rng.random() < 0.4:
        return STOP
    return rng.choice([action for action in actions if action is not STOP] or list(actions))


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    choose_dice=st.booleans(),
    players=st.integers(1, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_record_view_is_the_replay_of_the_record(
    preset: str, choose_dice: bool, players: int, seed: int
) -> None:
    """Random decisions for every seat (the computer players' own choices under
    ``choose_dice`` take a while to compute, and record the same way)."""
    game = Game(rules_from_spec({**SMALL_RULES[preset], "choose_dice": choose_dice}))
    seats = [Seat(name) for name in NAMES[:players]]
    session = Session.new(game, seats, language="en", program="test", seed=seed)
    rng = Random(seed)
    choices = 0
    for _ in range(200):  # most games end sooner; a long one is checked that far
        assert record_view(session) == replay(session.record.to_data()).to_json_data()
        state = session.state
        if state.is_over:
            break
        choices += state.phase is Phase.SET_ASIDE
        session.act(_decision(state.legal_actions(), rng))
    assert choose_dice or choices == 0
