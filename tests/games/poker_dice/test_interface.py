"""The game interface (thousand.games.interface.GameModule), the seat view, snapshots and
the checks of a new game."""

from __future__ import annotations

import json

import pytest

from tests.games.poker_dice.engine_support import rules_of, show, start, write
from thousand.games import load_game, poker_dice
from thousand.games.interface import GameModule
from thousand.games.poker_dice import (
    THROW,
    Outcome,
    RulesError,
    Throw,
    Write,
    new_position,
    position_from_dict,
)

# mypy checks here that the package offers the whole interface.
POKER_DICE: GameModule = poker_dice


def test_the_registry_hands_out_this_package() -> None:
    assert load_game("poker_dice") is poker_dice and poker_dice.NAME == "poker_dice"


def test_new_position_takes_a_preset_a_spec_or_rules() -> None:
    by_name = new_position("yahtzee", ["Anna"])
    by_spec = new_position({"preset": "yahtzee"}, ["Anna"])
    by_rules = new_position(rules_of("yahtzee"), ["Anna"])
    assert by_name == by_spec == by_rules and len(by_name.players[0].boxes) == 13
    assert len(new_position("russian", ["Anna"]).players[0].boxes) == 15
    assert new_position({"preset": "russian", "throws": 4}, ["Anna"]).throws_left == 4


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([], "a game has 1 to 8 players, got 0"),
        ([f"P{i}" for i in range(9)], "a game has 1 to 8 players, got 9"),
        (["Anna", "Anna"], "the name 'Anna' is given twice"),
        (["", "Boris"], "a player name is empty"),
        (["An\x1bna"], "has a control character"),
        ("Anna", "a list of names"),
    ],
)
def test_a_table_has_1_to_8_distinct_printable_names(names: list[str], message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        new_position("russian", names)
    assert len(new_position("russian", [f"P{i}" for i in range(8)]).players) == 8


def test_rules_are_refused_naming_the_key() -> None:
    with pytest.raises(RulesError) as refused:
        new_position({"preset": "russian", "lowest_wins": True}, ["Anna"])
    assert refused.value.key == "lowest_wins"
    with pytest.raises(RulesError) as refused:
        new_position({"preset": "poker"}, ["Anna"])
    assert refused.value.key == "preset"


@pytest.mark.parametrize(
    ("preset", "key", "value", "message"),
    [
        ("ranking", "bank_unused_throws", True, "the ranking game has no sheet"),
        ("ranking", "series1", "crossed", 'it can only be "plus_minus"'),
        ("ranking", "joker", "free", 'it can only be "none"'),
        ("yahtzee", "first_throw_double", True, "the yahtzee sheet has no such rule"),
        ("yahtzee", "four_bonus", 30, "it can only be 0"),
        ("yahtzee", "unmade", "minus", 'it can only be "zero"'),
    ],
)
def test_a_key_the_sheet_does_not_have_is_refused_not_ignored(
    preset: str, key: str, value: object, message: str
) -> None:
    with pytest.raises(RulesError, match=message) as refused:
        new_position({"preset": preset, key: value}, ["Anna"])
    assert refused.value.key == key
    assert str(refused.value).startswith(f"rules key '{key}': ")


def test_a_key_at_its_off_value_is_no_change() -> None:
    off = {"bank_unused_throws": False, "bonus": 0, "throws": 2, "lowest_wins": True}
    assert new_position({"preset": "ranking", **off}, ["Anna"]).rules.throws == 2
    assert new_position({"preset": "yahtzee", "four_bonus": 0}, ["Anna"]).rules.four_bonus == 0


def test_the_interface_speaks_for_the_seat_to_move_only() -> None:
    position = poker_dice.new_position("russian", ["Anna", "Boris"])
    assert poker_dice.legal_actions(position, 0) == (THROW,)
    assert poker_dice.legal_actions(position, 1) == ()
    air = poker_dice.apply(position, THROW)
    assert poker_dice.legal_actions(air, 0) == ()
    landed = poker_dice.apply(air, Outcome((1, 2, 3, 4, 5)))
    assert Write("small_straight") in poker_dice.legal_actions(landed, 0)
    assert not poker_dice.is_over(landed)


def test_every_seat_and_spectators_see_the_same_json_ready_view() -> None:
    position = write(start(), "pair", (6, 6, 5, 5, 2))
    position = show(position, (1, 1, 1, 5, 5))
    view = poker_dice.seat_view(position, None)
    assert view == poker_dice.seat_view(position, 0) == poker_dice.seat_view(position, 1)
    assert json.loads(json.dumps(view)) == view
    assert view["game"] == "poker_dice" and view["to_move"] == "Boris"
    assert view["dice"] == [1, 1, 1, 5, 5] and view["throws"] == 1 and view["throws_left"] == 2
    assert view["first_throw"] is True and view["winners"] == [] and view["in_air"] == 0
    anna = view["players"][0]
    assert anna["boxes"]["pair"] == 24 and anna["boxes"]["chance"] is None
    assert (anna["subtotal"], anna["bonus"], anna["extra"], anna["total"]) == (0, 0, 0, 24)
    assert anna["seat"] == 0 and anna["name"] == "Anna"
    assert view["scores_now"]["full_house"] == 2 * 13 and view["scores_now"]["ones"] == 0
    assert len(view["scores_now"]) == 15


def test_the_view_of_a_ranking_game_names_the_hands() -> None:
    position = show(start("ranking"), (4, 4, 4, 2, 2)).apply(poker_dice.STOP)
    view = poker_dice.seat_view(position, 1)
    assert view["players"][0]["hand"] == [2, 2, 4, 4, 4]
    assert view["players"][0]["hand_kind"] == "full_house"
    assert view["players"][1]["hand_kind"] is None and view["scores_now"] == {}


def test_a_snapshot_reads_back_to_the_same_position() -> None:
    positions = [
        start(),
        show(start("russian_banked"), (1, 2, 3, 4, 5)),
        write(start("russian_banked"), "pair", (6, 6, 5, 5, 2)),
        show(start("yahtzee"), (6, 6, 5, 5, 2)).apply(Throw((6, 6))),
        show(start("ranking"), (1, 1, 2, 3, 4)).apply(poker_dice.STOP),
    ]
    for position in positions:
        data = json.loads(json.dumps(position.to_dict()))
        back = position_from_dict(data)
        assert back == position and hash(back) == hash(position)
