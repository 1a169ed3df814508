"""What each seat may see (§7): no view, nor its JSON, holds another seat's hidden card."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand.core.errors import ThousandError
from thousand.games.card1000.actions import PASS, Give
from thousand.games.card1000.cards import Card, card
from thousand.games.card1000.engine import apply
from thousand.games.card1000.presets import PRESET_NAMES, load_preset, rules_from_spec
from thousand.games.card1000.state import State, new_game
from thousand.games.card1000.views import view

from .support import act, dealt, play_game
from .test_deals import HANDS, TALON


def secret_cards(state: State, seat: int | None) -> set[Card]:
    """The cards ``seat`` must not see, worked out from the referee's state alone."""
    deal = state.deal
    if deal is None:
        return set()
    rules = state.rules
    secret = {c for hand in deal.hands for c in hand} | set(deal.discards)
    for index, talon in enumerate(deal.dealt.talons):
        if deal.talon_taken != index:
            secret |= set(talon)
    visible: set[Card] = set()
    if seat is not None and deal.phase != "dark":
        visible |= set(deal.hands[seat])
    if deal.talon_taken is not None and (deal.talon_shown or seat == deal.declarer):
        visible |= set(deal.talon)
    for gift, to in deal.gives:
        open_gives = bool(rules.gives_open) and not (deal.golden or deal.dark)
        if seat in (deal.declarer, to) or open_gives:
            visible.add(gift)
    if seat is not None and seat == deal.declarer:
        visible |= set(deal.discards)
    return secret - visible


def assert_no_secret(state: State) -> None:
    for seat in [*state.rules.seats, None]:
        data = view(state, seat).to_data()
        text = json.dumps(data)
        for hidden in secret_cards(state, seat):
            assert f'"{hidden}"' not in text, (seat, hidden, state.to_move)
        deal = state.deal
        if deal is not None and seat is not None and deal.phase != "dark":
            assert sorted(data["deal"]["hand"]) == sorted(map(str, deal.hands[seat]))


@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_no_view_shows_a_hidden_card(name: str, seed: int) -> None:
    rules = load_preset(name)
    for state in play_game(rules, seed, max_deals=2):
        assert_no_secret(state)


@pytest.mark.parametrize(
    "spec",
    [
        {"preset": "classic", "gives_open": True},
        {"preset": "classic", "hide_talon_at_100": True},
        {"preset": "two_players", "hide_talon": True},
        {"preset": "golden_dark", "golden": False},
    ],
)
def test_no_view_shows_a_hidden_card_with_the_keys_of_seeing(spec: dict[str, object]) -> None:
    rules = rules_from_spec(spec)
    for seed in range(4):
        for state in play_game(rules, seed, max_deals=2):
            assert_no_secret(state)


def test_a_face_down_give_is_seen_by_the_declarer_and_its_receiver_only() -> None:
    rules = load_preset("classic")
    state = act(apply(new_game(rules), dealt(HANDS, TALON)), PASS, PASS)
    talon = view(state, 0).to_data()["deal"]["talon"]
    assert talon == ["9D", "JD", "JH"]  # shown to everyone
    state = act(state, Give(card("AC"), 2))
    assert view(state, 2).to_data()["deal"]["actions"][-1]["give"] == "AC"
    assert view(state, 1).to_data()["deal"]["actions"][-1]["give"] == "AC"
    assert view(state, 0).to_data()["deal"]["actions"][-1]["give"] is None
    assert view(state, None).to_data()["deal"]["actions"][-1]["give"] is None
    assert view(state, None).to_data()["deal"]["hand"] is None


def test_the_dark_choice_is_made_before_seeing_the_cards() -> None:
    rules = rules_from_spec({"preset": "golden_dark", "golden": False})
    state = apply(new_game(rules), dealt(HANDS, TALON))
    assert state.to_move == (1, "dark")
    assert view(state, 1).to_data()["deal"]["hand"] is None


def test_a_golden_talon_is_seen_by_the_declarer_only() -> None:
    state = apply(new_game(load_preset("golden_dark")), dealt(HANDS, TALON))
    assert view(state, 1).to_data()["deal"]["talon"] == ["9D", "JD", "JH"]
    assert view(state, 0).to_data()["deal"]["talon"] is None
    assert view(state, None).to_data()["deal"]["talon"] is None


def test_a_view_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = new_game(load_preset("two_players"))
    with pytest.raises(ThousandError, match="no seat 2"):
        view(state, 2)
