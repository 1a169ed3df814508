"""The poker dice record (RECORD.md, POKER_DICE.md §4): replay JSON, refusals, writing.

Worked games are made by hand and their expected sheets added up from the rule book in
the comments, not asked of the engine; the fixtures are self-played games of every
preset (``fixtures/generate.py``), two of them checked by hand below.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tests.games.poker_dice.fixtures.generate import play, policy
from tests.games.record_fixtures import dump_expected
from thousand.core.dice import RandomDice
from thousand.core.errors import RecordError
from thousand.core.records import dump_record
from thousand.games import load_game
from thousand.games.poker_dice import (
    PRESET_NAMES,
    STOP,
    Outcome,
    Position,
    Throw,
    Write,
    new_position,
    scoring,
)
from thousand.games.poker_dice.record import (
    IllegalRecordError,
    RecordBuilder,
    new_recorder,
    replay,
)

FIXTURES = Path(__file__).parent / "fixtures"
LEGAL = sorted(path for path in FIXTURES.glob("*.json") if ".expected" not in path.name)
ILLEGAL = sorted((FIXTURES / "illegal").glob("*.json"))

RawThrow = list[Any] | tuple[list[Any], list[Any]]


def turn(
    *throws: RawThrow, box: str | None = None, stop: bool = False, **extra: Any
) -> dict[str, Any]:
    """A turn: the first throw as five faces, each later one as ``(keep, dice)``."""
    rolls: list[Any] = []
    for throw in throws:
        if isinstance(throw, tuple):
            keep, dice = throw
            rolls.append({"keep": keep, "dice": dice})
        else:
            rolls.append(throw)
    data: dict[str, Any] = {"rolls": rolls, **extra}
    if box is not None:
        data["box"] = box
    if stop:
        data["stop"] = True
    return data


def record(rules: Any, players: list[str], *turns: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": 1,
        "game": "poker_dice",
        "rules": rules,
        "players": players,
        "turns": list(turns),
    }


def refused(data: Any) -> IllegalRecordError:
    with pytest.raises(IllegalRecordError) as info:
        replay(data)
    return info.value


# -- worked games, added up by hand ---------------------------------------------------

RUSSIAN_SOLO = [
    turn([6, 6, 6, 6, 2], box="sixes"),  # (4 - 3) × 6 = +6; series 1 is never doubled
    turn([5, 5, 5, 1, 2], box="fives"),  # three: 0, done
    turn([4, 4, 1, 2, 3], box="fours"),  # one short: -4
    turn([3, 3, 3, 3, 3], box="threes"),  # two more: +6
    turn([2, 2, 2, 5, 6], box="twos"),  # 0
    turn([1, 1, 2, 3, 4], box="ones"),  # -1; subtotal 7: bonus 50
    turn([6, 6, 5, 5, 2], box="pair"),  # 6 6, first throw: 24
    turn([1, 2, 3, 4, 6], ([1, 2, 3, 4], [5]), box="small_straight"),  # second throw: 15
    turn([2, 3, 4, 5, 6], box="big_straight"),  # 20 × 2 = 40
    turn([6, 6, 6, 5, 5], box="full_house"),  # 28 × 2 = 56
    turn([4, 4, 1, 2, 3], ([1, 4, 4], [4, 4]), box="four"),  # 4 4 4 4, second throw: 16
    turn([5, 5, 5, 5, 5], box="poker"),  # 25 × 2 + 50 = 100 (the bonus not doubled)
    turn([6, 5, 4, 3, 3], box="two_pairs"),  # not made: 0
    turn([3, 3, 3, 2, 1], box="three"),  # 9 × 2 = 18
    turn([6, 6, 5, 4, 3], box="chance"),  # 24, chance is never doubled
]


def test_a_russian_game_by_hand() -> None:
    out = replay(record("russian", ["Anna"], *RUSSIAN_SOLO)).to_json_data()
    boxes = {
        "ones": -1,
        "twos": 0,
        "threes": 6,
        "fours": -4,
        "fives": 0,
        "sixes": 6,
        "pair": 24,
        "two_pairs": 0,
        "three": 18,
        "small_straight": 15,
        "big_straight": 40,
        "full_house": 56,
        "four": 16,
        "poker": 100,
        "chance": 24,
    }
    # 7 + 50 + (24 + 0 + 18 + 15 + 40 + 56 + 16 + 100 + 24 = 293) = 350
    assert out == {
        "players": [
            {
                "name": "Anna",
                "boxes": boxes,
                "subtotal": 7,
                "bonus": 50,
                "extra": 0,
                "total": 350,
            }
        ],
        "turns": [
            {"player": "Anna", "box": t["box"], "points": boxes[t["box"]]} for t in RUSSIAN_SOLO
        ],
        "winner": "Anna",
        "winners": ["Anna"],
        "to_move": None,
    }
    assert list(out) == ["players", "turns", "winner", "winners", "to_move"]
    assert list(out["players"][0]["boxes"]) == list(boxes)  # the sheet's order


def test_a_russian_game_in_progress_by_hand() -> None:
    data = record(
        "russian",
        ["Anna", "Boris"],
        turn([6, 6, 5, 5, 2], box="pair"),  # 24
        turn([1, 1, 1, 4, 4], ([1, 1, 1], [1, 6]), box="ones"),  # four 1s: +1
        turn([2, 2, 3, 3, 5], ([2, 2, 3, 3], [4])),  # Anna thinks about it
    )
    out = replay(data).to_json_data()
    assert out["players"][0]["boxes"]["pair"] == 24
    assert out["players"][1]["boxes"]["ones"] == 1
    # The bonus waits for a full series 1, the subtotal does not.
    assert [(p["subtotal"], p["bonus"], p["total"]) for p in out["players"]] == [
        (0, 0, 24),
        (1, 0, 1),
    ]
    assert out["turns"] == [
        {"player": "Anna", "box": "pair", "points": 24},
        {"player": "Boris", "box": "ones", "points": 1},
        {"player": "Anna", "box": None, "points": 0},
    ]
    assert (out["winner"], out["winners"], out["to_move"]) == (None, [], "Anna")
    assert all(v is None for k, v in out["players"][1]["boxes"].items() if k != "ones")


def test_an_empty_record_is_a_game_about_to_start() -> None:
    out = replay(record("yahtzee", ["Anna", "Boris"])).to_json_data()
    assert out["turns"] == [] and out["to_move"] == "Anna"
    assert (out["winner"], out["winners"]) == (None, [])
    assert out["players"][0] == {
        "name": "Anna",
        "boxes": dict.fromkeys(scoring.boxes("yahtzee")),
        "subtotal": 0,
        "bonus": 0,
        "extra": 0,
        "total": 0,
    }


YAHTZEE_SOLO = [
    turn([3, 3, 3, 3, 3], box="poker"),  # 50
    turn([3, 3, 3, 3, 3], box="threes"),  # joker, threes empty: forced there, 15; +100
    turn([5, 5, 5, 5, 5], box="fives"),  # 25; +100
    turn([5, 5, 5, 5, 5], box="big_straight"),  # fives filled: a lower box, full 40; +100
    turn([1, 1, 2, 2, 2], box="full_house"),  # 25
    turn([1, 2, 3, 4, 6], box="small_straight"),  # four in a row: 30
    turn([6, 6, 6, 2, 1], box="three"),  # all the dice: 21
    turn([4, 4, 4, 4, 2], box="four"),  # 18
    turn([6, 6, 6, 6, 1], box="sixes"),  # 24
    turn([4, 4, 4, 1, 2], box="fours"),  # 12
    turn([2, 2, 2, 6, 6], box="twos"),  # 6
    turn([1, 1, 1, 5, 6], box="ones"),  # 3
    turn([6, 5, 4, 3, 3], box="chance"),  # 21
]


def test_a_yahtzee_game_with_jokers_and_further_yahtzees_by_hand() -> None:
    out = replay(record("yahtzee", ["Anna"], *YAHTZEE_SOLO)).to_json_data()
    sheet = out["players"][0]
    # upper 3 + 6 + 15 + 12 + 25 + 24 = 85 (63 or more: 35); lower 21 + 18 + 25 + 30 +
    # 40 + 50 + 21 = 205; three further yahtzees: 300.
    assert sheet["boxes"] == {
        "ones": 3,
        "twos": 6,
        "threes": 15,
        "fours": 12,
        "fives": 25,
        "sixes": 24,
        "three": 21,
        "four": 18,
        "full_house": 25,
        "small_straight": 30,
        "big_straight": 40,
        "poker": 50,
        "chance": 21,
    }
    assert (sheet["subtotal"], sheet["bonus"], sheet["extra"], sheet["total"]) == (
        85,
        35,
        300,
        625,
    )
    # A turn's points are its box's: the +100 goes to extra.
    assert [t["points"] for t in out["turns"][:4]] == [50, 15, 25, 40]
    assert (out["winner"], out["winners"], out["to_move"]) == ("Anna", ["Anna"], None)


def test_the_forced_joker_is_refused_elsewhere() -> None:
    forced = {"preset": "yahtzee", "joker": "forced"}
    data = record(forced, ["Anna"], YAHTZEE_SOLO[0], turn([3, 3, 3, 3, 3], box="chance"))
    error = refused(data)
    assert str(error) == (
        "turn 2 (Anna), throw 1: cannot write chance: the yahtzee 3 3 3 3 3 is a joker "
        "and goes in threes"
    )
    assert (error.rule, error.turn, error.throw) == ("joker", 2, 1)


BANKED_SOLO = [
    turn([1, 1, 1, 2, 3], box="ones"),  # crossed out: 0; two throws banked (2)
    turn([2, 2, 2, 4, 5], box="twos"),  # 0; bank 4
    turn([3, 3, 3, 5, 6], box="threes"),  # 0; bank 6
    turn([4, 4, 4, 4, 4], box="fours"),  # 0; bank 8
    turn(  # four throws of 3 + 8: bank 11 - 4 = 7
        [1, 2, 3, 4, 6],
        ([6], [1, 2, 3, 4]),
        ([6], [1, 2, 2, 3]),
        ([6], [5, 5, 5, 5]),
        box="fives",  # 0
    ),
    turn([6, 6, 6, 1, 2], box="sixes"),  # 0; bank 9; subtotal 0: bonus 50
    turn([6, 6, 1, 2, 3], box="pair"),  # 12 × 2 = 24; bank 11
    turn([1, 2, 3, 4, 5], box="small_straight"),  # 15 × 2 = 30; bank 13
    turn([1, 1, 2, 3, 4], box="big_straight"),  # unmade: -20; bank 15
    turn([6, 6, 6, 5, 5], box="full_house"),  # 28 × 2 = 56; bank 17
    turn([2, 2, 2, 2, 5], box="four"),  # 8 × 2 + 30 = 46; bank 19
    turn([4, 4, 4, 4, 4], box="poker"),  # 20 × 2 + 50 = 90; bank 21
    turn([1, 2, 3, 4, 6], box="two_pairs"),  # unmade: -6; bank 23
    turn([5, 5, 5, 1, 2], ([5, 5, 5], [6, 6]), box="three"),  # 15; bank 26 - 2 = 24
    turn([6, 5, 4, 3, 3], box="chance"),  # 21; bank 26
]


def test_a_russian_banked_game_with_banked_throws_by_hand() -> None:
    out = replay(record("russian_banked", ["Anna"], *BANKED_SOLO)).to_json_data()
    sheet = out["players"][0]
    # series 2: 24 - 6 + 15 + 30 - 20 + 56 + 46 + 90 + 21 = 256; 26 throws unused: 78
    assert [sheet["boxes"][box] for box in ("pair", "two_pairs", "three", "four", "poker")] == [
        24,
        -6,
        15,
        46,
        90,
    ]
    assert (sheet["subtotal"], sheet["bonus"], sheet["extra"], sheet["total"]) == (
        0,
        50,
        78,
        384,
    )
    # Until the game ends the unused throws are only banked, not paid.
    partial = replay(record("russian_banked", ["Anna"], *BANKED_SOLO[:14])).to_json_data()
    assert partial["players"][0]["extra"] == 0
    assert (
        replay(record("russian_banked", ["Anna"], *BANKED_SOLO[:14])).position.players[0].bank == 24
    )


def test_banked_throws_allow_a_fourth_throw_and_no_more_than_the_bank() -> None:
    fourth = turn([1, 2, 3, 4, 6], ([6], [1, 2, 3, 4]), ([6], [1, 2, 2, 3]), ([6], [5, 5, 5, 5]))
    error = refused(record("russian_banked", ["Anna"], {**fourth, "box": "fives"}))
    assert str(error) == (
        "turn 1 (Anna), throw 4: cannot throw again: all 3 throws of the turn are made; "
        "write the dice into a box"
    )
    assert error.rule == "no_throws_left"
    banked = record("russian_banked", ["Anna"], BANKED_SOLO[0], {**fourth, "box": "fives"})
    assert replay(banked).to_json_data()["players"][0]["boxes"]["fives"] == 0


RANKING = [
    turn([6, 6, 6, 2, 2], stop=True),  # Anna: full house, 6s over 2s
    turn([2, 2, 3, 4, 5], ([2, 2], [6, 6, 6]), stop=True),  # Boris: the same full house
    turn([1, 2, 3, 5, 6], ([], [1, 1, 2, 3, 4]), ([1, 1], [1, 5, 5])),  # Vera: 1s over 5s
    turn([1, 2, 3, 4, 6], stop=True),  # play-off: Anna, high card 16
    turn([1, 2, 3, 4, 5], ([1, 2, 3, 4], [6]), stop=True),  # Boris: high card 16 again
    turn([3, 3, 1, 2, 4], stop=True),  # second play-off: Anna, a pair
    turn([5, 5, 5, 1, 2], stop=True),  # Boris: three of a kind wins
]


def test_a_ranking_game_with_two_play_offs_by_hand() -> None:
    result = replay(record("ranking", ["Anna", "Boris", "Vera"], *RANKING))
    out = result.to_json_data()
    empty = {"boxes": {}, "subtotal": 0, "bonus": 0, "extra": 0, "total": 0}
    assert out == {
        "players": [
            {"name": "Anna", **empty, "hand": "pair"},
            {"name": "Boris", **empty, "hand": "three"},
            {"name": "Vera", **empty, "hand": "full_house"},
        ],
        "turns": [
            {"player": name, "box": None, "points": 0}
            for name in ("Anna", "Boris", "Vera", "Anna", "Boris", "Anna", "Boris")
        ],
        "winner": "Boris",
        "winners": ["Boris"],
        "to_move": None,
    }
    assert [t.round for t in result.turns] == [0, 0, 0, 1, 1, 2, 2]


def test_a_ranking_game_in_progress_names_the_play_off_player() -> None:
    result = replay(record("ranking", ["Anna", "Boris", "Vera"], *RANKING[:4]))
    out = result.to_json_data()
    assert out["to_move"] == "Boris"  # Vera is out of the play-off
    assert [p["hand"] for p in out["players"]] == ["high_card", "full_house", "full_house"]
    assert (out["winner"], out["winners"]) == (None, [])
    before = replay(record("ranking", ["Anna", "Boris", "Vera"])).to_json_data()
    assert [p["hand"] for p in before["players"]] == [None, None, None]


def test_ranking_turns_end_by_stop_or_by_the_last_throw_only() -> None:
    players = ["Anna", "Boris"]
    # A stop after the last throw says what the rules did already: read, not refused.
    stop_after_last = turn([1, 2, 3, 4, 6], ([], [1, 2, 3, 4, 6]), ([], [2, 2, 3, 3, 5]), stop=True)
    assert replay(record("ranking", players, stop_after_last)).to_json_data()["to_move"] == "Boris"
    fourth = turn([1, 2, 3, 4, 6], ([], [1, 2, 3, 4, 6]), ([], [2, 2, 3, 3, 5]), ([], [1] * 5))
    error = refused(record("ranking", players, fourth))
    assert str(error) == (
        "turn 1 (Anna), throw 4: cannot throw again: all 3 throws of the turn are made"
    )
    assert (error.rule, error.turn, error.throw) == ("no_throws_left", 1, 4)
    assert str(refused(record("ranking", players, turn([1, 2, 3, 4, 6]), turn([6] * 5)))) == (
        "turn 1 (Anna), throw 1: the turn does not end: after this throw the record must stop "
        '("stop": true) or throw again'
    )
    assert str(refused(record("ranking", players, turn([1, 2, 3, 4, 6], box="chance")))) == (
        "turn 1 (Anna), throw 1: cannot write chance: the ranking game has no sheet (throw or stop)"
    )


def test_lowest_wins() -> None:
    rules = {"preset": "ranking", "lowest_wins": True}
    data = record(
        rules, ["Anna", "Boris"], turn([6] * 5, stop=True), turn([1, 2, 3, 4, 6], stop=True)
    )
    assert replay(data).to_json_data()["winner"] == "Boris"


def test_a_shared_win_has_no_winner() -> None:
    solo = [{**t} for t in RUSSIAN_SOLO]
    turns = [t for pair in zip(solo, solo, strict=True) for t in pair]
    out = replay(record("russian", ["Anna", "Boris"], *turns)).to_json_data()
    assert (out["winner"], out["winners"], out["to_move"]) == (None, ["Anna", "Boris"], None)


def test_a_record_may_name_each_turns_player_and_rules_with_overrides() -> None:
    rules = {"preset": "russian", "throws": 2, "bonus": 35}
    first = turn([1, 2, 3, 4, 6], ([], [1, 1, 1, 2, 2]), box="ones", player="Anna")
    assert replay(record(rules, ["Anna"], first)).to_json_data()["turns"][0]["points"] == 0
    # The first throw may also be written as a throw keeping nothing.
    as_object = {"rolls": [{"keep": [], "dice": [1, 1, 1, 2, 2]}], "box": "ones"}
    assert replay(record(rules, ["Anna"], as_object)).to_json_data()["turns"][0]["points"] == 0
    third = turn([1, 2, 3, 4, 6], ([], [1, 1, 1, 2, 2]), ([], [1] * 5), box="ones")
    assert refused(record(rules, ["Anna"], third)).rule == "no_throws_left"


# -- every illegal record: one line naming the turn, the throw and the rule ------------

P2 = ["Anna", "Boris"]
FIRST = turn([6, 6, 5, 5, 2], box="pair")


@pytest.mark.parametrize(
    ("data", "line", "rule"),
    [
        (
            record(
                "russian", P2, FIRST, turn([1, 1, 2, 3, 4], box="ones"), turn([6] * 5, box="pair")
            ),
            "turn 3 (Anna), throw 1: the box pair is filled already (24)",
            "filled_box",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2], ([6, 6, 6], [1, 2]), box="chance")),
            "turn 1 (Anna), throw 2: cannot keep 6 6 6: the dice showing are 2 5 5 6 6",
            "keep_not_showing",
        ),
        (
            record(
                "russian",
                P2,
                turn([1, 2, 3, 4, 5], ([1], [1, 1, 1, 1]), ([1], [2, 2, 2, 2]), ([1], [3] * 4)),
            ),
            "turn 1 (Anna), throw 4: cannot throw again: all 3 throws of the turn are made; "
            "write the dice into a box",
            "no_throws_left",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2]), FIRST),
            "turn 1 (Anna), throw 1: the turn does not end: after this throw the record must "
            'write a box ("box": NAME) or throw again',
            "turn_not_ended",
        ),
        (
            record(
                "russian",
                P2,
                turn([6, 6, 5, 5, 2], ([6, 6], [1, 1, 1]), ([6, 6], [1, 1, 2])),
                FIRST,
            ),
            "turn 1 (Anna), throw 3: the turn does not end: after this throw the record must "
            'write a box ("box": NAME)',
            "turn_not_ended",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 7], box="pair")),
            "turn 1 (Anna), throw 1: face 7 is not a die face (1–6)",
            "face",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 0], box="pair")),
            "turn 1 (Anna), throw 1: face 0 is not a die face (1–6)",
            "face",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, True], box="pair")),
            "turn 1 (Anna), throw 1: face true is not a die face (1–6)",
            "face",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2.0], box="pair")),
            "turn 1 (Anna), throw 1: face 2.0 is not a die face (1–6)",
            "face",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, "2"], box="pair")),
            'turn 1 (Anna), throw 1: face "2" is not a die face (1–6)',
            "face",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 2, 1], ([6, 6, 9], [1, 1]), box="pair")),
            "turn 1 (Anna), throw 2: face 9 is not a die face (1–6)",
            "face",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5], box="pair")),
            "turn 1 (Anna), throw 1: expected 5 dice, got 4",
            "dice_count",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2, 2], box="pair")),
            "turn 1 (Anna), throw 1: expected 5 dice, got 6",
            "dice_count",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2], ([6, 6], [1, 2]), box="pair")),
            "turn 1 (Anna), throw 2: expected 3 dice, got 2",
            "dice_count",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2], ([6, 6, 5, 5, 2], []), box="pair")),
            "turn 1 (Anna), throw 2: cannot keep all five dice: a throw throws at least one",
            "keep_all",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2], box="yahtzee")),
            'turn 1 (Anna), throw 1: there is no box "yahtzee" (boxes: ones, twos, threes, '
            "fours, fives, sixes, pair, two_pairs, three, small_straight, big_straight, "
            "full_house, four, poker, chance)",
            "unknown_box",
        ),
        (
            record("yahtzee", P2, turn([6, 6, 5, 5, 2], box="two_pairs")),
            'turn 1 (Anna), throw 1: there is no box "two_pairs" (boxes: ones, twos, threes, '
            "fours, fives, sixes, three, four, full_house, small_straight, big_straight, "
            "poker, chance)",
            "unknown_box",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2], box=["pair"])),  # type: ignore[arg-type]
            'turn 1 (Anna), throw 1: there is no box ["pair"] (boxes: ones, twos, threes, '
            "fours, fives, sixes, pair, two_pairs, three, small_straight, big_straight, "
            "full_house, four, poker, chance)",
            "unknown_box",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2], box="pair", stop=True)),
            "turn 1 (Anna), throw 1: cannot stop: a turn ends by writing the dice into a box",
            "must_write",
        ),
        (
            record({"preset": "russian", "series1_first": True}, P2, FIRST),
            "turn 1 (Anna), throw 1: cannot write pair: series 2 opens once series 1 is full",
            "series1_first",
        ),
        (
            record("russian", P2, {"rolls": [[6, 6, 5, 5, 2]], "box": "pair", "boxes": 1}),
            "turn 1 (Anna): unknown field 'boxes'",
            "record",
        ),
        (
            record("russian", P2, {"box": "pair"}),
            "turn 1 (Anna): field 'rolls' is missing",
            "record",
        ),
        (
            record("russian", P2, {"rolls": [], "box": "pair"}),
            "turn 1 (Anna): a turn needs at least one throw",
            "no_throw",
        ),
        (
            record("russian", P2, {"rolls": [[6, 6, 5, 5, 2]], "stop": "yes"}),
            "turn 1 (Anna): 'stop': input should be a valid boolean",
            "record",
        ),
        (
            record("russian", P2, [[6, 6, 5, 5, 2]]),  # type: ignore[arg-type]
            'turn 1 (Anna): a turn is an object {"rolls": [...], "box": NAME}, got '
            "[[6, 6, 5, 5, 2]]",
            "record",
        ),
        (
            record("russian", P2, {"rolls": [{"keep": [6], "dice": [1, 2, 3, 4]}]}),
            "turn 1 (Anna), throw 1: cannot keep 6: no dice are showing yet",
            "keep_not_showing",
        ),
        (
            record("russian", P2, {"rolls": ["1 2 3 4 5"]}),
            'turn 1 (Anna), throw 1: the first throw is a list of the five faces, got "1 2 3 4 5"',
            "record",
        ),
        (
            record("russian", P2, {"rolls": [[6, 6, 5, 5, 2], [1, 2, 3, 4, 5]], "box": "pair"}),
            'turn 1 (Anna), throw 2: a throw after the first is an object {"keep": [faces '
            'kept], "dice": [faces thrown]}, got [1, 2, 3, 4, 5]',
            "record",
        ),
        (
            record("russian", P2, {"rolls": [[6, 6, 5, 5, 2], {"dice": [1, 2, 3]}], "box": "pair"}),
            "turn 1 (Anna), throw 2: field 'keep' is missing",
            "record",
        ),
        (
            record(
                "russian",
                P2,
                {"rolls": [[6, 6, 5, 5, 2], {"keep": [6, 6], "dice": [1, 2, 3], "x": 1}]},
            ),
            'turn 1 (Anna), throw 2: unknown field "x" in a throw (fields: keep, dice)',
            "record",
        ),
        (
            record("russian", P2, {"rolls": [[6, 6, 5, 5, 2], {"keep": 66, "dice": [1, 2, 3]}]}),
            "turn 1 (Anna), throw 2: 'keep' must be a list of faces, got 66",
            "record",
        ),
        (
            record("russian", P2, turn([6, 6, 5, 5, 2], box="pair", player="Boris")),
            'turn 1 (Anna): the record names "Boris", but it is Anna\'s turn',
            "player",
        ),
        (
            record("russian", ["Anna"], *RUSSIAN_SOLO, turn([1, 2, 3, 4, 5], box="chance")),
            "turn 16: the game is already over (won by Anna)",
            "game_over",
        ),
    ],
)
def test_every_illegal_record_is_one_line_naming_turn_throw_and_rule(
    data: dict[str, Any], line: str, rule: str
) -> None:
    error = refused(data)
    assert (str(error), error.rule) == (line, rule)


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"format": 2}, "record: 'format': input should be 1"),
        ({"format": True}, "record: 'format': input should be a valid integer"),
        ({"game": "dice1000"}, 'game: a record of "dice1000" is not a record of poker_dice'),
        ({"game": None}, "record: 'game': input should be a valid string"),
        (
            {"rules": "classic"},
            "rules: unknown preset 'classic' (known: russian, russian_banked, yahtzee, ranking)",
        ),
        ({"rules": {"preset": "russian", "jokers": True}}, "rules: unknown rules key 'jokers'"),
        (
            {"rules": {"preset": "russian", "throws": 10**18}},
            "rules: rules key 'throws': "
            "input should be less than or equal to 10, got 1000000000000000000",
        ),
        ({"players": []}, "players: a game has 1 to 8 players, got 0"),
        ({"players": [f"P{i}" for i in range(9)]}, "players: a game has 1 to 8 players, got 9"),
        ({"players": ["Anna", "Anna"]}, "players: the name 'Anna' is given twice"),
        ({"players": ["Anna", 7]}, "record: players: '1': input should be a valid string"),
        ({"players": ["Anna\x1b[2J"]}, "players: the name 'Anna\\x1b[2J' has a control character"),
        ({"turns": {}}, "record: 'turns': input should be a valid list"),
        ({"meta": []}, "record: 'meta': input should be a valid dictionary"),
        ({"extra": 1}, "record: unknown field 'extra'"),
    ],
)
def test_the_header_is_checked(change: dict[str, Any], line: str) -> None:
    data = {**record("russian", P2, FIRST), **change}
    assert str(refused(data)) == line


def test_a_record_without_game_is_a_dice_1000_record() -> None:
    data = record("russian", P2, FIRST)
    del data["game"]
    assert str(refused(data)) == 'game: a record of "dice1000" is not a record of poker_dice'
    assert str(refused([])) == (
        "record: expected a JSON object with format, game, rules, players, turns"
    )


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda path: path.stem)
def test_the_illegal_fixtures(path: Path) -> None:
    line = path.with_suffix(".txt").read_text(encoding="utf-8").rstrip("\n")
    assert str(refused(json.loads(path.read_text(encoding="utf-8")))) == line


def test_the_illegal_fixtures_cover_the_rule_book() -> None:
    names = {path.stem for path in ILLEGAL}
    assert {
        "filled_box",
        "keep_not_showing",
        "fourth_throw",
        "no_box",
        "face_out_of_range",
        "four_dice",
        "unknown_box",
        "unknown_key",
    } <= names


# -- the fixtures: self-played games of every preset ------------------------------------


@pytest.mark.parametrize("path", LEGAL, ids=lambda path: path.stem)
def test_the_fixtures_replay_to_their_expected_json(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = path.with_name(f"{path.stem}.expected.json").read_text(encoding="utf-8")
    out = replay(data).to_json_data()
    assert out == json.loads(expected)
    assert dump_expected(out) == expected
    # A record written again from the same game is the same record, byte for byte.
    assert rewrite(data) == data
    assert dump_record(data) == path.read_text(encoding="utf-8")


def test_the_fixtures_cover_every_preset() -> None:
    presets = set()
    for path in LEGAL:
        rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
        presets.add(rules if isinstance(rules, str) else rules["preset"])
    assert presets == set(PRESET_NAMES)


def test_two_fixtures_checked_by_hand() -> None:
    russian = json.loads((FIXTURES / "russian_2.expected.json").read_text(encoding="utf-8"))
    boris = russian["players"][1]
    # Boris: series 1 -3 + 0 + 0 + 4 (four 4s) + 0 + 0 = 1, 0 or more: bonus 50; the
    # three 5 5 5 on the first throw of turn 6 doubled: 30; 12 + 30 + 12 + 26 = 80.
    assert (boris["subtotal"], boris["bonus"], boris["total"]) == (1, 50, 131)
    assert russian["turns"][5] == {"player": "Boris", "box": "three", "points": 30}
    yahtzee = json.loads((FIXTURES / "yahtzee_1.expected.json").read_text(encoding="utf-8"))
    anna = yahtzee["players"][0]
    # Turn 9: 5 5 5 5 5 with yahtzee and fives filled, a joker in the large straight: 40
    # and +100; upper 38 (no bonus) + lower 153 + 100 = 291.
    assert yahtzee["turns"][8] == {"player": "Anna", "box": "big_straight", "points": 40}
    assert (anna["subtotal"], anna["bonus"], anna["extra"], anna["total"]) == (38, 0, 100, 291)


# -- writing: the builder, round trips ---------------------------------------------------


def rewrite(data: dict[str, Any]) -> dict[str, Any]:
    """The record a :class:`RecordBuilder` writes while the game ``data`` is played again."""
    position = new_position(data["rules"], data["players"])
    builder = RecordBuilder(position, data.get("meta"))
    builder.rules = data["rules"]
    for raw in data["turns"]:
        for number, throw in enumerate(raw["rolls"]):
            keep, dice = ((), throw) if number == 0 else (throw["keep"], throw["dice"])
            position = step(builder, position, Throw(tuple(keep)))
            position = step(builder, position, Outcome(tuple(dice)))
        if "box" in raw:
            position = step(builder, position, Write(raw["box"]))
        elif raw.get("stop"):
            position = step(builder, position, STOP)
    return builder.to_data()


def step(builder: RecordBuilder, position: Position, action: Any) -> Position:
    after = position.apply(action)
    builder.observe(position, action)
    return after


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("seed", range(6))
def test_builder_replay_round_trip(preset: str, seed: int) -> None:
    players = 1 + seed % 3
    data = play(preset, players, 1000 + seed)
    text = dump_record(data)
    again = json.loads(text)
    result = replay(again)
    assert result.position.over
    # The builder's record replays to the game it watched, and writes itself again.
    assert replay(data).to_json_data() == result.to_json_data()
    assert rewrite(again) == data
    assert json.loads(json.dumps(result.to_json_data())) == result.to_json_data()


def test_builder_partial_games_and_every_prefix_replay() -> None:
    position = new_position("russian_banked", ["Anna", "Boris"])
    builder = new_recorder(position, {"program": "test"})
    dice, rng = RandomDice(7), Random(7)
    while not position.over:
        action = Outcome(dice.throw(position.in_air)) if position.in_air else policy(position, rng)
        position = step(builder, position, action)
        if not position.in_air:
            data = builder.to_data()
            result = replay(data)
            assert result.position == position
    assert builder.to_data()["meta"] == {"program": "test"}


def test_the_game_module_interface() -> None:
    game = load_game("poker_dice")
    position = game.new_position("yahtzee", ["Anna"])
    recorder = game.new_recorder(position, None)
    assert recorder.to_data() == {
        "format": 1,
        "game": "poker_dice",
        "rules": "yahtzee",
        "players": ["Anna"],
        "turns": [],
    }
    assert game.replay(recorder.to_data()).to_json_data()["to_move"] == "Anna"
    with pytest.raises(RecordError):
        game.replay({"format": 1})


def test_continuing_a_record() -> None:
    data = record({"preset": "russian", "bonus": 35}, P2, FIRST)
    data["meta"] = {"seed": 5}
    builder = RecordBuilder.from_record(data)
    position = replay(data).position
    position = step(builder, position, Throw(()))
    position = step(builder, position, Outcome((1, 1, 1, 2, 3)))
    position = step(builder, position, Write("ones"))
    written = builder.to_data()
    assert written["rules"] == {"preset": "russian", "bonus": 35}
    assert written["meta"] == {"seed": 5}
    assert written["turns"] == [
        FIRST,
        {"player": "Boris", "rolls": [[1, 1, 1, 2, 3]], "box": "ones"},
    ]
    assert replay(written).position == position


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_replay_from_the_replay_before_is_the_whole_replay(preset: str, seed: int) -> None:
    """A server replays its room's record at each change from the replay of the change
    before (``since``): at every step of random games, the same replay as from nothing,
    and one that does not fit (other players) is not used."""
    from thousand.games.poker_dice.presets import rules_from_spec  # noqa: PLC0415

    rules = rules_from_spec(preset)
    rng, dice = Random(seed), RandomDice(seed)
    position = new_position(rules, ["Anna", "Boris", "Vera"])
    recorder = new_recorder(position)
    since = replay(recorder.to_data())
    steps = 0
    while not position.over:
        if position.in_air:
            action: Any = Outcome(dice.throw(position.in_air))
        else:
            action = rng.choice(position.legal_actions())
        recorder.observe(position, action)
        position = position.apply(action)
        data = {**recorder.header(), recorder.ROWS: recorder.rows}
        whole = replay(recorder.to_data())
        grown = replay(data, since)
        assert grown == whole
        assert position.in_air or grown.position == position
        assert grown.before_last == whole.before_last
        since, steps = grown, steps + 1
    assert steps > 15
    # a replay of another game (other players) is not taken for this one's
    data = recorder.to_data()
    for raw in data["turns"]:
        raw["player"] = {"Vera": "Gleb"}.get(raw["player"], raw["player"])
    other = dict(data, players=["Anna", "Boris", "Gleb"])
    assert replay(other, since) == replay(other)
    assert replay(other, since).turns[2].player == "Gleb"
