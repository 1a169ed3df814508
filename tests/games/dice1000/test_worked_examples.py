"""The worked examples of the seeds, as whole game records and through ``state.apply``.

Every expected output below is worked out by hand from RULES.md (the arithmetic is in
the comments), not taken from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.dice1000.referee import referee
from tests.games.dice1000.support import (
    game_of,
    play_turn,
    position,
    record,
    scores,
    sheet,
    throw,
    turn,
)
from thousand.games.dice1000 import STOP, Game, IllegalActionError, RecordError, load_preset, replay
from thousand.games.dice1000.state import Penalty, new_state

CLASSIC = Game(load_preset("classic"))
COURTYARD = Game(load_preset("courtyard"))
USSR = Game(load_preset("ussr"))
BARREL850 = Game(load_preset("barrel850"))

AB = ["Anna", "Boris"]
BUST = (2, 3, 4, 6, 6)  # no 1, no 5, no triple, no straight, no favorite


def player(name: str, score: int, entered: bool = True, bolts: int = 0) -> dict[str, Any]:
    return {"name": name, "score": score, "entered": entered, "bolts": bolts}


def row(name: str, outcome: str, points: int, score: int) -> dict[str, Any]:
    return {"player": name, "outcome": outcome, "points": points, "score": score}


def check(data: dict[str, Any], expected: dict[str, Any]) -> None:
    """The engine's replay and the test referee both give the hand-worked output."""
    assert replay(data).to_json_data() == expected
    assert referee(data) == expected


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as info:
        replay(data)
    return str(info.value)


# -- seed 002, «Пример хода игрока» ---------------------------------------------------------

EXAMPLE_TURN = turn((5, 2, 4, 4, 1), (1, 2, 2), stop=True)


def test_example_turn_through_apply() -> None:
    state = new_state(CLASSIC, AB)
    state = throw(state, 5, 2, 4, 4, 1)
    # "5 и 1 дают в сумме 15 очков … бросить снова 3 кубика"
    assert (state.turn_total, state.dice_left) == (15, 3)
    state = throw(state, 1, 2, 2)
    # "в сумме у него 25 очков"
    assert (state.turn_total, state.dice_left) == (25, 2)
    # classic R7: a player not in the game cannot record 25
    with pytest.raises(IllegalActionError) as info:
        state.apply(STOP)
    assert info.value.rule == "entry"
    assert info.value.params == {"total": 25, "threshold": 100}


def test_example_turn_record_is_refused_before_entry() -> None:
    data = record("classic", AB, EXAMPLE_TURN)
    assert refused(data) == (
        "turn 1 (Anna), throw 2: cannot stop with 25 points: "
        "entering the game needs 100 in one turn"
    )


def test_example_turn_by_an_entered_player_records_25() -> None:
    data = record(
        "classic",
        AB,
        turn((1, 1, 1, 2, 3), stop=True),  # Anna enters with 100
        turn(BUST),
        EXAMPLE_TURN,  # 100 + 25
    )
    check(
        data,
        {
            "players": [player("Anna", 125), player("Boris", 0, entered=False)],
            "turns": [
                row("Anna", "stop", 100, 100),
                row("Boris", "bust", 0, 0),
                row("Anna", "stop", 25, 125),
            ],
            "winner": None,
            "to_move": "Boris",
        },
    )


@pytest.mark.parametrize(
    ("threshold", "turn_data", "points"),
    [
        (25, EXAMPLE_TURN, 25),
        # "игрок имеет право записать себе 15 очков" — where the entry rule allows it
        (0, turn((5, 2, 4, 4, 1), stop=True), 15),
    ],
)
def test_example_turn_with_a_lower_entry(
    threshold: int, turn_data: dict[str, Any], points: int
) -> None:
    data = record({"preset": "classic", "entry_threshold": threshold}, AB, turn_data)
    check(
        data,
        {
            "players": [player("Anna", points), player("Boris", 0, entered=False)],
            "turns": [row("Anna", "stop", points, points)],
            "winner": None,
            "to_move": "Boris",
        },
    )


# -- seed 002 R9 (RULES.md §1.5): the barrel walk-through -------------------------------------

TO_195 = [
    turn((1, 1, 1, 2, 3), stop=True),  # Anna 100: enters
    turn(BUST),
    # 70 (hot dice) + 15 + 10 = 95: 195
    turn((5, 5, 5, 1, 1), (1, 5, 2, 3, 6), (1, 2, 3), stop=True),
    turn(BUST),
]
R9_TURN = turn((1, 5, 3, 3, 2), (1, 1, 2), (5,), (1, 1, 6, 6, 3), stop=True)


def test_r9_barrel_walk_through_record() -> None:
    data = record(
        "classic",
        AB,
        *TO_195,
        turn((5, 5, 5, 2, 3), stop=True),  # "он набирает 50 очков … счет становится 245"
        turn(BUST),
        R9_TURN,  # 15, 35, 40, 60: 245 + 60 = 305
    )
    check(
        data,
        {
            "players": [player("Anna", 305), player("Boris", 0, entered=False)],
            "turns": [
                row("Anna", "stop", 100, 100),
                row("Boris", "bust", 0, 0),
                row("Anna", "stop", 95, 195),
                row("Boris", "bust", 0, 0),
                row("Anna", "stop", 50, 245),
                row("Boris", "bust", 0, 0),
                row("Anna", "stop", 60, 305),
            ],
            "winner": None,
            "to_move": "Boris",
        },
    )


def test_r9_barrel_walk_through_apply() -> None:
    state = new_state(CLASSIC, AB)
    for turn_data in TO_195:
        state, end = play_turn(state, turn_data["rolls"], stop=turn_data.get("stop", False))
        assert end is not None
    assert scores(state) == [195, 0]
    # 195 + 50 = 245: landing on the barrel from below is allowed
    state = throw(state, 5, 5, 5, 2, 3)
    assert state.may_stop()
    state, end = state.step(STOP)
    assert end is not None and end.score == 245
    state, _ = play_turn(state, [BUST])
    assert state.barrel_of(0) is not None

    expected = [
        ((1, 5, 3, 3, 2), 15, 3, "barrel"),  # "НЕ ИМЕЕТ ПРАВА ЗАПИСЫВАТЬ"
        ((1, 1, 2), 35, 1, "barrel"),
        ((5,), 40, 5, "hot_dice"),  # all five dice used: throw five
        ((1, 1, 6, 6, 3), 60, 3, None),  # 305: "ОН ИМЕЕТ ПРАВО ЗАПИСАТЬ СЧЕТ"
    ]
    for dice, total, left, rule in expected:
        state = throw(state, *dice)
        assert (state.turn_total, state.dice_left) == (total, left)
        refusal = state.stop_refusal()
        assert (refusal.rule if refusal else None) == rule
    state, end = state.step(STOP)
    assert end is not None and (end.outcome, end.points, end.score) == ("stop", 60, 305)


def test_r9_stop_on_the_barrel_is_refused_in_the_record() -> None:
    data = record(
        "classic",
        AB,
        *TO_195,
        turn((5, 5, 5, 2, 3), stop=True),
        turn(BUST),
        turn((1, 5, 3, 3, 2), (1, 1, 2), stop=True),
    )
    assert refused(data) == (
        "turn 7 (Anna), throw 2: cannot stop with 35 points: on the barrel 200–300 you need 55 "
        "in one turn"
    )


def test_r9_stop_before_the_confirmation_throw_is_refused() -> None:
    data = record(
        "classic",
        AB,
        *TO_195,
        turn((5, 5, 5, 2, 3), stop=True),
        turn(BUST),
        turn((1, 5, 3, 3, 2), (1, 1, 2), (5,), stop=True),
    )
    assert refused(data) == (
        "turn 7 (Anna), throw 3: cannot stop with 40 points: all five dice scored and must be "
        "thrown again"
    )


def test_r9_turn_in_progress_on_the_barrel() -> None:
    data = record(
        "classic",
        AB,
        *TO_195,
        turn((5, 5, 5, 2, 3), stop=True),
        turn(BUST),
        turn((1, 5, 3, 3, 2), (1, 1, 2)),
    )
    result = replay(data).to_json_data()
    assert result["turns"][-1] == row("Anna", "in_progress", 35, 245)
    assert result["to_move"] == "Anna"
    assert result == referee(data)


# -- R3 / R8: the confirmation throw ---------------------------------------------------------


def test_r8_confirmation_bust_loses_everything() -> None:
    # 2 2 2 5 5 = 30, all five score; the confirmation throw busts: nothing is recorded
    data = record("classic", AB, turn((2, 2, 2, 5, 5), BUST))
    check(
        data,
        {
            "players": [player("Anna", 0, entered=False), player("Boris", 0, entered=False)],
            "turns": [row("Anna", "bust", 0, 0)],
            "winner": None,
            "to_move": "Boris",
        },
    )


def test_r8_confirmed_throw_goes_on() -> None:
    # 30 + (1 2 3 4 5 = 125) = 155, all five again; + 1 1 1 2 3 = 255: enters with 255
    data = record("classic", AB, turn((2, 2, 2, 5, 5), (1, 2, 3, 4, 5), (1, 1, 1, 2, 3), stop=True))
    check(
        data,
        {
            "players": [player("Anna", 255), player("Boris", 0, entered=False)],
            "turns": [row("Anna", "stop", 255, 255)],
            "winner": None,
            "to_move": "Boris",
        },
    )


# -- seed 000: barrels of the courtyard and the ussr box -----------------------------------------

# Anna 100, Boris 100, Anna 195 (overtakes Boris in the courtyard: Boris 100 → 50)
COURTYARD_TO_195 = [
    turn((1, 1, 1, 2, 3), stop=True),
    turn((1, 1, 1, 2, 3), stop=True),
    turn((5, 5, 5, 1, 1), (1, 5, 2, 3, 6), (1, 2, 3), stop=True),
]


def test_courtyard_195_plus_60_is_255_on_the_barrel_needing_45() -> None:
    data = record(
        "courtyard",
        AB,
        *COURTYARD_TO_195,
        turn((5, 2, 3, 6, 6), stop=True),  # Boris 50 + 5 = 55
        turn((6, 6, 6, 2, 3), stop=True),  # "he got 60 … he will have 255 points on the barrel"
        turn((5, 2, 3, 6, 6), stop=True),  # Boris 60
        turn((4, 4, 4, 5, 2), stop=True),  # 45: 255 + 45 = 300, out of the barrel
    )
    check(
        data,
        {
            "players": [player("Anna", 300), player("Boris", 60)],
            "turns": [
                row("Anna", "stop", 100, 100),
                row("Boris", "stop", 100, 100),  # 100 is not above 100: no overtaking
                row("Anna", "stop", 95, 195),  # Anna overtakes Boris: Boris −50
                row("Boris", "stop", 5, 55),
                row("Anna", "stop", 60, 255),
                row("Boris", "stop", 5, 60),
                row("Anna", "stop", 45, 300),
            ],
            "winner": None,
            "to_move": "Boris",
        },
    )
    assert replay(data).state.players[1].score == 60
    # "Then he will have to score 45 points to get out of the barrel"
    short = record(
        "courtyard",
        AB,
        *COURTYARD_TO_195,
        turn((5, 2, 3, 6, 6), stop=True),
        turn((6, 6, 6, 2, 3), stop=True),
        turn((5, 2, 3, 6, 6), stop=True),
        turn((1, 5, 2, 3, 6), stop=True),
    )
    assert refused(short) == (
        "turn 7 (Anna), throw 1: cannot stop with 15 points: on the barrel 200–300 you need 45 "
        "in one turn"
    )


@pytest.mark.parametrize("preset", ["courtyard", "ussr"])
@pytest.mark.parametrize(
    ("first", "landed", "need"), [((6, 6, 6, 2, 3), 255, 45), ((1, 2, 3, 4, 6), 205, 95)]
)
def test_seed000_barrel_example_through_apply(
    preset: str, first: tuple[int, ...], landed: int, need: int
) -> None:
    game = game_of(preset)
    state = position(game, sheet("Anna", 195), sheet("Boris", 0, entered=False))
    state, end = play_turn(state, [first], stop=True)
    assert end is not None and end.score == landed
    state, _ = play_turn(state, [BUST])
    state = throw(state, 5, 2, 3, 6, 6)
    with pytest.raises(IllegalActionError) as info:
        state.apply(STOP)
    assert info.value.rule == "barrel"
    assert info.value.params["need"] == need


def test_seed000_300_400_barrel_example() -> None:
    """Seed 000: barrel "300-400", 275 + 55 = 330, "a minimum of 75 points".

    RULES.md §4 makes barrels half-open, so 400 is already out and 70 is enough; the
    seed's 75 reads the upper bound as inside. The project decided for 70.
    """
    game = game_of(
        {"preset": "classic", "barrels": [{"from": 300, "to": 400}, {"from": 750, "to": 900}]}
    )
    state = position(game, sheet("Anna", 275), sheet("Boris", 0, entered=False))
    state, end = play_turn(state, [(5, 5, 5, 2, 3), (5, 2)], stop=True)
    assert end is not None and end.score == 330
    state, _ = play_turn(state, [BUST])
    state = throw(state, 1, 5, 2, 3, 6)
    refusal = state.stop_refusal()
    assert refusal is not None and refusal.params["need"] == 70


# -- seed 000: dump truck, overtaking ----------------------------------------------------------


COURTYARD_TO_530 = [
    turn((5, 5, 5, 5, 5), (1, 2, 3, 3, 6), stop=True),  # Anna 500 + 10 = 510
    turn((1, 1, 1, 2, 3), stop=True),  # Boris 100
    turn((1, 1, 2, 3, 4), stop=True),  # Anna 530
    turn((5, 2, 3, 6, 6), stop=True),  # Boris 105
]


def test_courtyard_dump_truck_530_plus_25() -> None:
    # "The player has 530 points. He rolls the dice and gets 25 points. The player is
    # immediately written 555, equating to zero, without the right to roll further dice."
    data = record(
        "courtyard",
        AB,
        *COURTYARD_TO_530,
        turn((1, 1, 5, 2, 3)),  # 25: 555, the turn ends at once
        turn((5, 2, 3, 6, 6), stop=True),  # Boris 110
        turn((5, 2, 3, 6, 6), stop=True),  # Anna 0 + 5: "without entering the game"
    )
    check(
        data,
        {
            "players": [player("Anna", 5), player("Boris", 110)],
            "turns": [
                row("Anna", "stop", 510, 510),
                row("Boris", "stop", 100, 100),
                row("Anna", "stop", 20, 530),
                row("Boris", "stop", 5, 105),
                row("Anna", "dump_truck", 25, 0),
                row("Boris", "stop", 5, 110),
                row("Anna", "stop", 5, 5),
            ],
            "winner": None,
            "to_move": "Boris",
        },
    )


def test_courtyard_dump_truck_forbids_further_throws() -> None:
    more = record("courtyard", AB, *COURTYARD_TO_530, turn((1, 1, 5, 2, 3), (1, 2)))
    assert refused(more) == (
        "turn 5 (Anna), throw 2: the turn already ended (dump truck) at throw 1"
    )
    stop = record("courtyard", AB, *COURTYARD_TO_530, turn((1, 1, 5, 2, 3), stop=True))
    assert refused(stop) == (
        "turn 5 (Anna), throw 1: cannot stop: the turn already ended (dump truck)"
    )


@pytest.mark.parametrize("game", [COURTYARD, USSR], ids=["courtyard", "ussr"])
def test_dump_truck_midturn_through_apply(game: Game) -> None:
    state = position(game, sheet("Anna", 530, bolts=1), sheet("Boris", 300))
    state = throw(state, 1, 5, 2, 3, 6)  # 545: not yet
    assert state.turn_total == 15 and state.may_stop()
    state, end = play_turn(state, [(1, 2, 3)])  # 25: 555
    assert end is not None
    assert (end.outcome, end.points, end.score) == ("dump_truck", 25, 0)
    anna = state.players[0]
    assert (anna.score, anna.entered) == (0, True)
    assert state.to_move == "Boris"
    assert state.players[1].score == 300


def test_courtyard_overtaking_550_500_plus_70() -> None:
    # "one player has 550 points. The second one has 500. The second player rolls and
    # records 70 points, then 50 points are deducted from the first one."
    state = position(COURTYARD, sheet("Anna", 550), sheet("Boris", 500), current=1)
    state, end = play_turn(state, [(6, 6, 6, 1, 2)], stop=True)
    assert end is not None and (end.outcome, end.points, end.score) == ("stop", 70, 570)
    assert list(end.penalties) == [Penalty(0, "overtaken", 550, 500)]
    assert scores(state) == [500, 570]


def test_courtyard_overtaking_record() -> None:
    data = record(
        "courtyard",
        AB,
        turn((5, 5, 5, 5, 5), (1, 2, 3, 3, 6), stop=True),  # Anna 510
        turn((5, 5, 5, 5, 5), (5, 2, 3, 6, 6), stop=True),  # Boris 505: not above 510
        turn((4, 4, 4, 2, 3), stop=True),  # Anna 550
        turn((6, 6, 6, 1, 2), stop=True),  # Boris 575 > 550 ≥ 505: Anna −50
    )
    check(
        data,
        {
            "players": [player("Anna", 500), player("Boris", 575)],
            "turns": [
                row("Anna", "stop", 510, 510),
                row("Boris", "stop", 505, 505),
                row("Anna", "stop", 40, 550),
                row("Boris", "stop", 70, 575),
            ],
            "winner": None,
            "to_move": "Anna",
        },
    )


# -- seed 000: the 850 barrel -------------------------------------------------------------------


BARREL850_GAME = [
    turn((1, 1, 1, 2, 3), stop=True),  # Anna enters with 100
    turn((5, 5, 5, 1, 1), (5, 2, 3, 6, 6), stop=True),  # Boris enters with 75
    turn((5, 5, 5, 5, 5), (6, 6, 6, 6, 2), stop=True),  # Anna 100 + 620 = 720
    turn(BUST),
    # Anna 720 + 165 = 885: "still credited with only 850"
    turn((1, 1, 1, 2, 3), (1, 5), (5, 5, 5, 2, 3), stop=True),
    # Boris 75 + 810 = 885, credited 850: Anna "flies off" to her admission score, 100
    turn((5, 5, 5, 5, 5), (1, 1, 1, 1, 2), (1,), (1, 1, 1, 2, 3), stop=True),
    turn(BUST),
    # Boris needs 150 in one turn: 100, 115, 165 → 1015
    turn((1, 1, 1, 2, 3), (1, 5), (5, 5, 5, 2, 3), stop=True),
]


def test_barrel850_record() -> None:
    check(
        record("barrel850", AB, *BARREL850_GAME),
        {
            "players": [player("Anna", 100), player("Boris", 1015)],
            "turns": [
                row("Anna", "stop", 100, 100),
                row("Boris", "stop", 75, 75),
                row("Anna", "stop", 620, 720),
                row("Boris", "bust", 0, 75),
                row("Anna", "stop", 165, 850),
                row("Boris", "stop", 810, 850),
                row("Anna", "bust", 0, 100),
                row("Boris", "win", 165, 1015),
            ],
            "winner": "Boris",
            "to_move": None,
        },
    )


def test_barrel850_needs_150_in_one_turn() -> None:
    state = replay(record("barrel850", AB, *BARREL850_GAME[:7])).state
    assert state.to_move == "Boris" and state.players[1].score == 850
    state = throw(throw(state, 1, 1, 1, 2, 3), 1, 5)  # 115, all five dice
    state = throw(state, 1, 2, 3, 3, 6)  # 125: 975 < 1000
    refusal = state.stop_refusal()
    assert refusal is not None and refusal.rule == "barrel" and refusal.params["need"] == 150


def test_barrel850_knock_off_through_apply() -> None:
    state = position(
        BARREL850, sheet("Anna", 850, entry=80), sheet("Boris", 790, entry=75), current=1
    )
    state, end = play_turn(state, [(6, 6, 6, 1, 2)], stop=True)  # 860 → 850
    assert end is not None and end.score == 850
    assert list(end.penalties) == [Penalty(0, "knocked_off", 850, 80)]
    assert scores(state) == [80, 850]


# -- seed 000: the ussr box ---------------------------------------------------------------------


def test_ussr_box_turn_example() -> None:
    # 15; + 20 with no dice left: all five again; + three sixes 60 = 95; + 5 = 100
    data = record("ussr", AB, turn((1, 5, 2, 3, 6), (5, 5, 1), (6, 6, 6, 2, 3), (5, 2), stop=True))
    check(
        data,
        {
            "players": [player("Anna", 100), player("Boris", 0, entered=False)],
            "turns": [row("Anna", "stop", 100, 100)],
            "winner": None,
            "to_move": "Boris",
        },
    )


def test_ussr_five_of_a_kind_wins_at_once_in_a_record() -> None:
    data = record("ussr", AB, turn(BUST), turn((3, 3, 3, 3, 3)))
    check(
        data,
        {
            "players": [player("Anna", 0, entered=False), player("Boris", 300)],
            "turns": [row("Anna", "bust", 0, 0), row("Boris", "win", 300, 300)],
            "winner": "Boris",
            "to_move": None,
        },
    )
    assert refused(record("ussr", AB, turn(BUST), turn((3, 3, 3, 3, 3)), turn(BUST))) == (
        "turn 3 (Anna): the game is already over: Boris won"
    )


def test_ussr_pair_on_two_dice_in_a_turn() -> None:
    # 1 1 1 2 3 = 100, two dice left; 2 2 on two dice: 0 points, both set aside: hot dice
    game = USSR
    state = throw(new_state(game, AB), 1, 1, 1, 2, 3)
    state = throw(state, 2, 2)
    assert (state.turn_total, state.dice_left) == (100, 5)
    refusal = state.stop_refusal()
    assert refusal is not None and refusal.rule == "hot_dice"
