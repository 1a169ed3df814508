"""The game record (RECORD.md): replay output, errors that name turn and throw, writing."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tests.games.dice1000.referee import referee
from tests.games.dice1000.support import record, turn
from thousand.core.files import load_data
from thousand.core.records import dump_record
from thousand.games.dice1000 import (
    PRESET_NAMES,
    STOP,
    THROW,
    Action,
    Game,
    Outcome,
    RandomDice,
    RecordBuilder,
    RecordError,
    SetAside,
    load_preset,
    replay,
    rules_from_spec,
)
from thousand.games.dice1000.match import play_game, random_policy
from thousand.games.dice1000.state import new_state

AB = ["Anna", "Boris"]
BUST = (2, 3, 4, 6, 6)
CHOOSE = {"preset": "classic", "choose_dice": True}
FIVE_ONES = {"preset": "classic", "instant_win": "five_ones"}


def refused(data: Any) -> str:
    with pytest.raises(RecordError) as info:
        replay(data)
    return str(info.value)


# -- RECORD.md's own examples -------------------------------------------------------------


def test_the_record_md_error_example_exactly() -> None:
    data = record("classic", AB, turn((5, 2, 4, 4, 1), (1, 2, 2), stop=True))
    assert refused(data) == (
        "turn 1 (Anna), throw 2: cannot stop with 25 points: "
        "entering the game needs 100 in one turn"
    )


def test_the_record_md_input_example_is_not_a_legal_classic_record() -> None:
    """RECORD.md's input example throws one die at throw 3, where two are left
    (5 2 4 4 1 keeps 1 and 5, 1 2 2 keeps the 1). It illustrates the shape only; the
    engine rejects it, as it must. Its output example (a stop of 60 that leaves the
    score at 0) is likewise a shape illustration, not that record's replay."""
    data = {
        "format": 1,
        "rules": "classic",
        "players": ["Anna", "Boris"],
        "turns": [
            {"rolls": [[5, 2, 4, 4, 1], [1, 2, 2], [5], [1, 1, 6, 6, 3]], "stop": True},
            {"rolls": [[2, 3, 4, 6, 6]]},
        ],
    }
    assert refused(data) == "turn 1 (Anna), throw 3: expected 2 dice, got 1"


def test_output_has_exactly_the_record_md_keys() -> None:
    data = record(
        "classic", AB, turn((1, 1, 1, 2, 3), stop=True), turn(BUST), turn((1, 5, 2, 3, 6))
    )
    out = replay(data).to_json_data()
    assert list(out) == ["players", "turns", "winner", "to_move"]
    for sheet in out["players"]:
        assert list(sheet) == ["name", "score", "entered", "bolts"]
    for row in out["turns"]:
        assert list(row) == ["player", "outcome", "points", "score"]
    assert out == {
        "players": [
            {"name": "Anna", "score": 100, "entered": True, "bolts": 0},
            {"name": "Boris", "score": 0, "entered": False, "bolts": 0},
        ],
        "turns": [
            {"player": "Anna", "outcome": "stop", "points": 100, "score": 100},
            {"player": "Boris", "outcome": "bust", "points": 0, "score": 0},
            {"player": "Anna", "outcome": "in_progress", "points": 15, "score": 100},
        ],
        "winner": None,
        "to_move": "Anna",
    }
    json.dumps(out)  # JSON-ready


def test_an_empty_record_is_a_new_game() -> None:
    out = replay(record("courtyard", AB)).to_json_data()
    assert out == {
        "players": [
            {"name": "Anna", "score": 0, "entered": False, "bolts": 0},
            {"name": "Boris", "score": 0, "entered": False, "bolts": 0},
        ],
        "turns": [],
        "winner": None,
        "to_move": "Anna",
    }


def test_bolts_show_in_the_output() -> None:
    out = replay(record("courtyard", AB, turn(BUST), turn(BUST), turn(BUST))).to_json_data()
    assert [p["bolts"] for p in out["players"]] == [2, 1]


def test_in_progress_waiting_after_hot_dice() -> None:
    data = record("classic", AB, turn((2, 2, 2, 5, 5)))
    out = replay(data).to_json_data()
    assert out["turns"] == [{"player": "Anna", "outcome": "in_progress", "points": 30, "score": 0}]
    assert out["to_move"] == "Anna"
    state = replay(data).state
    assert (state.turn_total, state.dice_left) == (30, 5)


def test_a_win_ends_the_record() -> None:
    data = record(FIVE_ONES, AB, turn(BUST), turn((1, 1, 1, 1, 1)))
    out = replay(data).to_json_data()
    assert out["winner"] == "Boris" and out["to_move"] is None
    assert out["turns"][-1] == {"player": "Boris", "outcome": "win", "points": 1000, "score": 1000}


def test_rules_as_an_object_with_overrides() -> None:
    data = record({"preset": "classic", "entry_threshold": 0}, AB, turn((5, 2, 3, 6, 6), stop=True))
    assert replay(data).to_json_data()["players"][0]["score"] == 5


def test_turn_may_name_its_player() -> None:
    data = record(
        "classic",
        AB,
        {"player": "Anna", "rolls": [list(BUST)]},
        {"player": "Boris", "rolls": [list(BUST)]},
    )
    assert len(replay(data).turns) == 2


def test_choose_dice_keep_objects() -> None:
    data = record(
        CHOOSE, AB, turn({"dice": [1, 1, 1, 2, 3], "keep": [1]}, (5, 5, 2, 3), stop=False)
    )
    state = replay(data).state
    # keep a single 1 (10, four dice left); 5 5 2 3 sets aside both 5s: 20, two left
    assert (state.turn_total, state.dice_left) == (20, 2)


def test_choose_dice_plain_list_sets_every_scoring_die_aside() -> None:
    state = replay(record(CHOOSE, AB, turn((1, 1, 1, 2, 3)))).state
    assert (state.turn_total, state.dice_left) == (100, 2)


# -- errors: each case of RECORD.md's "Errors" ----------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        # a stop the rules do not allow
        (
            record("classic", AB, turn((1, 5, 2, 3, 6), stop=True)),
            "turn 1 (Anna), throw 1: cannot stop with 15 points: entering the game needs 100 in "
            "one turn",
        ),
        (
            record("classic", AB, turn(BUST), turn((2, 2, 2, 5, 5), stop=True)),
            "turn 2 (Boris), throw 1: cannot stop with 30 points: all five dice scored and must be "
            "thrown again",
        ),
        # a throw with the wrong number of dice
        (
            record("classic", AB, turn((1, 2, 3, 4, 6), (2, 3))),
            "turn 1 (Anna), throw 2: expected 4 dice, got 2",
        ),
        (
            record("classic", AB, turn((1, 2, 3, 4, 6, 6))),
            "turn 1 (Anna), throw 1: expected 5 dice, got 6",
        ),
        # a face outside 1–6
        (
            record("classic", AB, turn((1, 2, 3, 4, 7))),
            "turn 1 (Anna), throw 1: face 7 is not a die face (1–6)",
        ),
        (
            record("classic", AB, turn(BUST), turn((0, 2, 3, 4, 6))),
            "turn 2 (Boris), throw 1: face 0 is not a die face (1–6)",
        ),
        (
            record("classic", AB, {"rolls": [[1, 2, 3, 4, "6"]]}),
            'turn 1 (Anna), throw 1: face "6" is not a die face (1–6)',
        ),
        # a keep that is not a set of whole scoring combinations
        (
            record(CHOOSE, AB, turn({"dice": [1, 1, 1, 2, 3], "keep": [2]})),
            "turn 1 (Anna), throw 1: cannot set aside 2: not a set of whole scoring combinations "
            "of the throw 1 1 1 2 3",
        ),
        (
            record(CHOOSE, AB, turn({"dice": [1, 1, 1, 2, 3], "keep": [1, 1, 1, 2]})),
            "turn 1 (Anna), throw 1: cannot set aside 1 1 1 2: not a set of whole scoring "
            "combinations of the throw 1 1 1 2 3",
        ),
        # turns after the game ended
        (
            record(FIVE_ONES, AB, turn((1, 1, 1, 1, 1)), turn(BUST)),
            "turn 2 (Boris): the game is already over: Anna won",
        ),
    ],
)
def test_illegal_records_name_turn_throw_and_rule(data: dict[str, Any], message: str) -> None:
    assert refused(data) == message


@pytest.mark.parametrize(
    ("data", "start"),
    [
        # malformed
        ([1, 2], "record: "),
        ({"format": 2, "rules": "classic", "players": AB, "turns": []}, "record: 'format'"),
        ({"format": 1, "rules": "classic", "players": AB}, "record: field 'turns' is missing"),
        (
            {"format": 1, "rules": "classic", "players": AB, "turns": [], "x": 1},
            "record: unknown field 'x'",
        ),
        (
            record("classic", AB, {"rolls": [list(BUST)], "stopp": True}),
            "turn 1 (Anna): unknown field 'stopp'",
        ),
        (record("classic", AB, {"rolls": "1 2 3 4 6"}), "turn 1 (Anna): 'rolls'"),
        (record("classic", AB, {"rolls": [list(BUST)], "stop": "yes"}), "turn 1 (Anna): 'stop'"),
        (record("classic", AB, {"rolls": ["12346"]}), "turn 1 (Anna), throw 1: "),
        (record("classic", AB, {"rolls": []}), "turn 1 (Anna): "),
        (
            record("classic", AB, turn({"dice": [1, 1, 1, 2, 3], "keep": [1]})),
            "turn 1 (Anna), throw 1: ",
        ),
        (record(CHOOSE, AB, turn({"dice": [1, 1, 1, 2, 3]})), "turn 1 (Anna), throw 1: "),
        # unknown preset or rules key
        (
            record("klassik", AB),
            "rules: unknown preset 'klassik' (known: classic, ussr, courtyard, barrel850)",
        ),
        (
            record({"preset": "classic", "entry_treshold": 0}, AB),
            "rules: unknown rules key 'entry_treshold'",
        ),
        (
            record({"preset": "classic", "entry_threshold": "100"}, AB),
            "rules: rules key 'entry_threshold'",
        ),
        # players
        (record("classic", []), "players: "),
        (record("classic", [f"P{i}" for i in range(9)]), "players: "),
        (record("classic", ["Anna", "Anna"]), "players: the name 'Anna' is given twice"),
        (record("classic", ["Anna", ""]), "players: "),
    ],
)
def test_malformed_records_are_rejected(data: Any, start: str) -> None:
    message = refused(data)
    assert message.startswith(start)
    assert "\n" not in message


def test_turn_player_must_match() -> None:
    data = record("classic", AB, turn(BUST), {"player": "Anna", "rolls": [list(BUST)]})
    assert refused(data) == "turn 2 (Boris): the record names 'Anna', but it is Boris's turn"


def test_a_non_final_turn_must_end() -> None:
    data = record("classic", AB, turn((1, 2, 3, 4, 6)), turn(BUST))
    assert refused(data).startswith("turn 1 (Anna): the turn does not end")


def test_stop_after_a_bust() -> None:
    data = record("classic", AB, turn(BUST, stop=True))
    assert refused(data) == "turn 1 (Anna), throw 1: cannot stop: the turn already ended (bust)"


def test_a_throw_after_a_bust() -> None:
    data = record("classic", AB, turn(BUST, (1, 2, 3, 4, 6)))
    assert refused(data) == "turn 1 (Anna), throw 2: the turn already ended (bust) at throw 1"


def test_an_exact_overshoot_ends_the_turn_in_a_record() -> None:
    rules = {"preset": "classic", "ending": "exact", "target": 100, "barrels": []}
    over = record(rules, AB, turn((1, 1, 1, 5, 2)))  # 105 > 100: bust
    out = replay(over).to_json_data()
    assert out["turns"] == [{"player": "Anna", "outcome": "bust", "points": 0, "score": 0}]
    assert out == referee(over)
    stop = record(rules, AB, turn((1, 1, 1, 5, 2), stop=True))
    assert refused(stop) == "turn 1 (Anna), throw 1: cannot stop: the turn already ended (bust)"
    exact = record(rules, AB, turn((1, 1, 1, 2, 3), stop=True))
    assert replay(exact).to_json_data()["winner"] == "Anna"


def test_third_player_turn_numbering() -> None:
    data = record(
        "classic",
        ["Anna", "Boris", "Vera"],
        turn(BUST),
        turn(BUST),
        turn(BUST),
        turn((1, 2, 3, 4, 9)),
    )
    assert refused(data) == "turn 4 (Anna), throw 1: face 9 is not a die face (1–6)"


def test_the_referee_agrees_on_the_in_progress_turn() -> None:
    data = record("classic", AB, turn((1, 5, 2, 3, 6), (1, 2, 2)))
    assert replay(data).to_json_data() == referee(data)
    assert replay(data).to_json_data()["turns"] == [
        {"player": "Anna", "outcome": "in_progress", "points": 25, "score": 0}
    ]


# -- writing records -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_written_record_replays_to_the_same_state(preset: str) -> None:
    game = Game(load_preset(preset))
    players = ["Anna", "Boris", "Vera"]
    policies = [random_policy(Random(i)) for i in range(3)]
    state, builder = play_game(game, players, policies, RandomDice(7))
    text = builder.to_json()
    data = json.loads(text)
    assert data["rules"] == preset
    assert data["players"] == players
    replayed = replay(data)
    assert replayed.state == state
    assert replayed.to_json_data()["winner"] == (
        None if state.winner is None else players[state.winner]
    )
    assert replayed.to_json_data() == referee(data)


def test_a_written_record_names_rules_overrides() -> None:
    game = Game(rules_from_spec(CHOOSE))
    state, builder = play_game(game, AB, [random_policy(Random(1))] * 2, RandomDice(3))
    data = json.loads(builder.to_json())
    assert data["rules"] == {"preset": "classic", "choose_dice": True}
    assert replay(data).state == state
    assert replay(data).to_json_data() == referee(data)


def test_the_record_text_has_one_turn_per_line() -> None:
    data = record("classic", AB, turn(BUST), turn((1, 1, 1, 2, 3), stop=True))
    text = dump_record(data)
    lines = text.splitlines()
    assert '    {"rolls": [[2, 3, 4, 6, 6]]},' in lines
    assert '    {"rolls": [[1, 1, 1, 2, 3]], "stop": true}' in lines
    assert json.loads(text) == data
    assert dump_record(record("classic", AB)).endswith('"turns": []\n}\n')


def test_builder_continues_a_record_read_from_a_file() -> None:
    game = Game(load_preset("classic"))
    data = record("classic", AB, turn(BUST))
    builder = RecordBuilder.from_replay(game, AB, data)
    state = replay(data).state
    for action in (THROW, Outcome((1, 1, 1, 2, 3)), STOP):
        before, state = state, state.apply(action)
        builder.observe(before, action)
    written = builder.to_data()
    assert written["turns"] == [
        {"rolls": [[2, 3, 4, 6, 6]]},
        {"player": "Boris", "rolls": [[1, 1, 1, 2, 3]], "stop": True},
    ]
    assert replay(written).state == state


def test_builder_writes_keep_objects_only_for_partial_set_asides() -> None:
    game = Game(rules_from_spec(CHOOSE))
    state = new_state(game, AB)
    builder = RecordBuilder(game, AB)
    actions: list[Action] = [
        THROW,
        Outcome((1, 1, 1, 2, 3)),
        SetAside((1,)),
        THROW,
        Outcome((5, 5, 2, 3)),
        SetAside((5, 5)),
    ]
    for action in actions:
        before, state = state, state.apply(action)
        builder.observe(before, action)
    assert builder.to_data()["turns"] == [
        {"player": "Anna", "rolls": [{"dice": [1, 1, 1, 2, 3], "keep": [1]}, [5, 5, 2, 3]]}
    ]
    assert replay(json.loads(builder.to_json())).state == state


# -- recorded games kept as fixtures ---------------------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures"
FIXTURE_NAMES = sorted(
    path.name.removesuffix(".json")
    for path in FIXTURES.glob("*.json")
    if not path.name.endswith(".expected.json")
)


def test_there_are_fixtures_for_every_preset() -> None:
    for preset in PRESET_NAMES:
        assert sum(name.startswith(preset) for name in FIXTURE_NAMES) >= 2, preset
    assert (FIXTURES / "generate.py").exists()


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_replays_to_its_expected_output(name: str) -> None:
    data = load_data(str(FIXTURES / f"{name}.json"))
    expected = json.loads((FIXTURES / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert replay(data).to_json_data() == expected
    assert referee(data) == expected


def _fixture(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    data = load_data(str(FIXTURES / f"{name}.json"))
    return data, replay(data).to_json_data()


def _rows(*rows: tuple[str, str, int, int]) -> list[dict[str, Any]]:
    return [{"player": p, "outcome": o, "points": pts, "score": s} for p, o, pts, s in rows]


def test_fixture_barrel850_74_checked_by_hand() -> None:
    """barrel850: entry 75, one barrel 850–1000 (cap), classic points without favorites."""
    data, out = _fixture("barrel850_74")
    assert data["rules"] == "barrel850"
    assert out["turns"] == _rows(
        ("Anna", "bust", 0, 0),  # 2 5 5 5 6 = 50, then 2 6: bust
        ("Boris", "bust", 0, 0),  # 1 1 = 20, 1 = 30, then 2 2: no pair rule here, bust
        ("Anna", "bust", 0, 0),  # 3 3 3 = 30, 5 = 35, then 3: bust
        ("Boris", "bust", 0, 0),  # 1 + 3 3 3 = 40, then 3: bust
        ("Anna", "bust", 0, 0),  # 5 = 5 (no favorites), then 2 2 4: bust
        # 1 2 3 4 5 = 125 (hot), 1 5 = 140, 1 1 1 = 240 (hot), 1 5 = 255, 1 = 265: enters
        ("Boris", "stop", 265, 265),
        ("Anna", "bust", 0, 0),  # 5 5 = 10, then 2 2 3: bust
        ("Boris", "stop", 5, 270),  # 3 4 5 6 6: only the 5
        ("Anna", "bust", 0, 0),  # 1 5 5 = 20, 1 = 30, then 6: bust
        ("Boris", "stop", 35, 305),  # 3 3 3 + 5
        # 1 1 1 1 1 = 1000 (hot: no instant win here), 5 = 1005, 5 = 1010 ≥ 1000: wins
        ("Anna", "win", 1010, 1010),
    )
    assert out["players"] == [
        {"name": "Anna", "score": 1010, "entered": True, "bolts": 0},
        {"name": "Boris", "score": 305, "entered": True, "bolts": 0},
    ]
    assert (out["winner"], out["to_move"]) == ("Anna", None)


def test_fixture_courtyard_in_progress_checked_by_hand() -> None:
    """courtyard: entry 50, bolts 3 in a row −50 (also before entry), overtaking −50."""
    data, out = _fixture("courtyard_27_in_progress")
    assert data["rules"] == "courtyard" and "stop" not in data["turns"][-1]
    assert out["turns"] == _rows(
        ("Anna", "bust", 0, 0),  # 2 2 3 4 6: bust, bolt 1
        # 5, 5, 1, 1, 5 (all five: hot), 1, 1 5 = 60: enters
        ("Boris", "stop", 60, 60),
        ("Vera", "stop", 60, 60),  # 6 6 6; 60 is not above Boris's 60: no overtaking
        ("Anna", "bust", 0, 0),  # 1 1, 5 5, then 3: bust, bolt 2
        ("Boris", "stop", 25, 85),  # 1 1 5; from 60 past Vera's 60: Vera 60 → 10
        ("Vera", "stop", 45, 55),  # 4 4 4 + 5 = 45: 10 + 45
        ("Anna", "bust", 0, -50),  # 1 5 5, 1, then 6: bolt 3 → −50 before entry
        ("Boris", "stop", 255, 340),  # big straight 250 (hot) + 5: over the 200–300 barrel
        ("Vera", "stop", 15, 70),  # 5, then 5 5
        ("Anna", "bust", 0, -50),  # 1 1 1 + 5, then 6: bolt 1 of a new count
        ("Boris", "stop", 20, 360),  # 2 2 3 4 5 is no straight: 5; then 1 5
        ("Vera", "in_progress", 25, 70),  # 2 2 2 + 5, waiting for Vera's decision
    )
    assert out["players"] == [
        {"name": "Anna", "score": -50, "entered": False, "bolts": 1},
        {"name": "Boris", "score": 360, "entered": True, "bolts": 0},
        {"name": "Vera", "score": 70, "entered": True, "bolts": 0},
    ]
    assert (out["winner"], out["to_move"]) == (None, "Vera")
