"""What each seat may see (§7): no view, nor its JSON, holds another seat's hidden card."""

from __future__ import annotations

import json
import os
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from thousand.core.errors import ThousandError
from thousand.games.card1000.actions import PASS, Decision, Give
from thousand.games.card1000.bots import playout_action
from thousand.games.card1000.cards import Card, card
from thousand.games.card1000.engine import apply
from thousand.games.card1000.position import Position
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


CARD_CODE = re.compile(r'"([9TJQKA][SCDH])"')
"""A card's code as JSON writes it: every card a view's JSON holds, whatever the field."""

GAMES = int(os.environ.get("THOUSAND_VIEW_GAMES", "4"))
"""Whole games per preset the property test plays. The suite's default keeps it near
a quarter of a minute; ``THOUSAND_VIEW_GAMES=2000`` is the thorough run (docs/card1000.md)."""

EXPLORE = 0.15
"""The share of decisions taken uniformly at random instead of by the playout player:
redeals, dark games, write-offs and odd gives come up, and games still end."""


def cards_in(data: Any) -> set[str]:
    """The card codes in ``data`` once serialised as JSON."""
    return set(CARD_CODE.findall(json.dumps(data)))


def assert_no_secret(state: State, *, history: bool = True) -> None:
    """No view of ``state``, nor its JSON, names a card its seat may not see; the finished
    deals (``deals``) hold no card at all. ``history=False`` skips those, unchanged since
    the last check, which is what makes thousands of games affordable."""
    for seat in [*state.rules.seats, None]:
        seen = view(state, seat)
        data = (seen if history else replace(seen, history=())).to_data()
        deals = data.pop("deals")
        secret = {str(card) for card in secret_cards(state, seat)}
        leaked = cards_in(data) & secret
        assert not leaked, (seat, sorted(leaked), state.to_move)
        if history:
            assert cards_in(deals) == set(), (seat, deals)
        deal = state.deal
        if deal is not None and seat is not None and deal.phase != "dark":
            assert sorted(data["deal"]["hand"]) == sorted(map(str, deal.hands[seat]))


def exploring(state: State, legal: tuple[Decision, ...], rng: random.Random) -> Decision:
    """The playout player, which ends games, now and then replaced by a random choice."""
    if rng.random() < EXPLORE:
        return rng.choice(legal)
    return playout_action(Position(state, ()), legal, rng)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_no_view_shows_a_hidden_card(name: str) -> None:
    """Whole games in every preset, every state, every seat and the spectator (§7)."""
    rules = load_preset(name)
    finished = 0
    for game in range(GAMES):
        deals = -1
        state = new_game(rules)
        for state in play_game(rules, 7919 * game + 1, max_deals=300, policy=exploring):
            assert_no_secret(state, history=len(state.history) != deals)
            deals = len(state.history)
        finished += state.over
    assert finished >= GAMES * 9 // 10, finished  # whole games, not their openings


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
