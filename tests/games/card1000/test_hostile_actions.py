"""Malformed actions — wrong types, huge numbers, strangers' seats — are refused by rule
(an IllegalActionError in one line), never by a crash, and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand.core.errors import IllegalActionError
from thousand.games.card1000.actions import (
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Dealt,
    Discard,
    Give,
    Play,
)
from thousand.games.card1000.cards import DECK
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.presets import load_preset
from thousand.games.card1000.state import State, new_game

from .support import play_game

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.sampled_from(DECK),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.sampled_from(DECK)),
)


def some_states() -> list[State]:
    """States of every phase of a few games (taken once: the test draws the actions)."""
    states = []
    for name in ("classic", "two_players", "golden_dark", "four_players"):
        states += list(play_game(load_preset(name), 7, max_deals=1))[::7]
    return states


STATES = some_states()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=len(STATES) - 1),
    kind=st.sampled_from([Bid, ChooseTalon, Contract, Dark, Discard, Give, Play, Dealt]),
    first=junk,
    second=junk,
    seat=st.one_of(st.none(), junk),
)
def test_a_malformed_action_is_refused_by_rule(
    index: int, kind: type, first: Any, second: Any, seat: Any
) -> None:
    state = STATES[index]
    action = kind(first, second) if kind in (Give, Play, Dealt) else kind(first)
    before = state
    try:
        after = apply(state, action, seat)
    except IllegalActionError as error:
        assert "\n" not in str(error) and error.rule
    else:
        assert action in legal_actions(state) or kind is Dealt
        assert after is not state
    assert state == before


@pytest.mark.parametrize(
    "dealt",
    [
        Dealt(5, ()),  # type: ignore[arg-type]
        Dealt((5, 6, 7), ((),)),  # type: ignore[arg-type]
        Dealt(((), (), ()), 3),  # type: ignore[arg-type]
        Dealt((("AS",) * 7,) * 3, (("AS",) * 3,)),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_deal_is_refused_by_rule(dealt: Dealt) -> None:
    with pytest.raises(IllegalActionError) as error:
        apply(new_game(load_preset("classic")), dealt)
    assert error.value.rule in {"dealt_count", "not_a_card"}


def test_a_stranger_seat_with_a_line_break_stays_one_line() -> None:
    state = next(each for each in STATES if each.to_move is not None)
    with pytest.raises(IllegalActionError) as error:
        apply(state, legal_actions(state)[0], "1\n2")  # type: ignore[arg-type]
    assert error.value.rule == "out_of_turn" and "\n" not in str(error.value)
