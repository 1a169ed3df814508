"""The deck (§1.1), the rules as data and the presets (§1–§4, §8 "Player count")."""

from __future__ import annotations

import pytest

from thousand.core.errors import RulesError, ThousandError
from thousand.games.card1000.cards import (
    DECK,
    MARRIAGE,
    CardError,
    Suit,
    card,
    card_points,
    cards,
    marriages_in,
)
from thousand.games.card1000.config import RULE_KEYS
from thousand.games.card1000.presets import (
    PRESET_NAMES,
    load_preset,
    rules_data,
    rules_from_spec,
    rules_to_spec,
)


def test_the_deck_has_24_cards_worth_120_and_30_per_suit() -> None:
    assert len(DECK) == len(set(DECK)) == 24
    assert card_points(DECK) == 120
    for suit in Suit:
        assert card_points(c for c in DECK if c.suit is suit) == 30
    assert [str(c) for c in DECK[:6]] == ["9S", "JS", "QS", "KS", "TS", "AS"]


def test_notation_and_ranks() -> None:
    ten = card("TH")
    assert str(ten) == "TH" and ten.points == 10
    assert card("AH").strength > ten.strength > card("KH").strength > card("QH").strength
    assert card("QH").strength > card("JH").strength > card("9H").strength
    for bad in ("10H", "8S", "th", "", 5):
        with pytest.raises(CardError):
            card(bad)
    assert issubclass(CardError, ThousandError)


def test_marriage_values() -> None:
    assert MARRIAGE == {Suit.HEARTS: 100, Suit.DIAMONDS: 80, Suit.CLUBS: 60, Suit.SPADES: 40}
    assert marriages_in(cards(["KH", "QH", "KS", "JS", "QC"])) == (Suit.HEARTS,)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_preset_is_complete_and_round_trips(name: str) -> None:
    rules = load_preset(name)
    assert rules_to_spec(rules) == name
    assert rules_from_spec({"preset": name, **rules_data(rules)}) == rules
    missing = set(RULE_KEYS) - set(rules.to_data())
    expected = (
        {"hide_talon"}
        if rules.players > 2
        else {"dark", "dark_on_barrel", "hide_talon_at_100", "gives_open"}
    )
    assert missing == expected


def test_presets_fix_the_player_count_and_the_variants() -> None:
    assert [load_preset(name).players for name in PRESET_NAMES] == [3, 4, 2, 3]
    classic = load_preset("classic")
    assert (classic.opening_bid, classic.bid_step, classic.barrel, classic.penalty) == (
        100,
        5,
        880,
        120,
    )
    two = load_preset("two_players")
    assert two.barrel is None and two.write_off_award == "sixty" and two.hide_talon is False
    golden = load_preset("golden_dark")
    assert golden.golden and golden.dark and golden.ace_marriage
    assert golden.golden_fail == "repeat"


@pytest.mark.parametrize(
    ("spec", "key"),
    [
        ({"preset": "classic", "colour": 1}, "colour"),
        ({"preset": "classic", "players": 4}, "players"),
        ({"preset": "two_players", "dark": False}, "dark"),
        ({"preset": "two_players", "gives_open": True}, "gives_open"),
        ({"preset": "two_players", "hide_talon_at_100": False}, "hide_talon_at_100"),
        ({"preset": "two_players", "dark_on_barrel": False}, "dark_on_barrel"),
        ({"preset": "four_players", "hide_talon": True}, "hide_talon"),
        ({"preset": "classic", "opening_bid": 102}, "opening_bid"),
        ({"preset": "classic", "opening_bid": 125}, "opening_bid"),
        ({"preset": "classic", "bid_step": 7}, "bid_step"),
        ({"preset": "classic", "max_raise": 7}, "max_raise"),
        ({"preset": "classic", "bolt": "never"}, "bolt"),
        ({"preset": "classic", "barrel": 1000}, "barrel"),
        ({"preset": "classic", "must_beat": "yes"}, "must_beat"),
        ({"preset": "classic", "penalty": -5}, "penalty"),
    ],
)
def test_a_bad_rules_file_is_refused_naming_the_key(spec: dict[str, object], key: str) -> None:
    with pytest.raises(RulesError) as refused:
        rules_from_spec(spec)
    assert refused.value.key == key
    assert f"'{key}'" in str(refused.value) and "\n" not in str(refused.value)


def test_a_rules_file_is_a_preset_plus_keys() -> None:
    rules = rules_from_spec({"preset": "two_players", "barrel": 880, "max_raise": "none"})
    assert rules.barrel == 880 and rules.max_raise is None and rules.players == 2
    assert rules_to_spec(rules) == {"preset": "two_players", "barrel": 880}
    assert rules_from_spec({"preset": "classic", "players": 3}) == load_preset("classic")
    assert rules_data(load_preset("classic"))["max_raise"] == "none"
