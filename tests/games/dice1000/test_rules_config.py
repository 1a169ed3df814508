"""The rules configuration (RULES.md §2, §3): presets, overrides, errors that name the key."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from tests.games.dice1000.support import position, sheet, throw_step
from thousand.games.dice1000 import (
    PRESET_NAMES,
    Game,
    Rules,
    RulesError,
    load_preset,
    load_rules,
    rules_from_spec,
    validate_rules,
)
from thousand.games.dice1000.presets import preset_data, rules_to_spec

CLASSIC_POINTS = {
    "singles": (10, 0, 0, 0, 5, 0),
    "three_of_a_kind": (100, 20, 30, 40, 50, 60),
    "four_of_a_kind": (200, 40, 60, 80, 100, 120),
    "five_of_a_kind": (1000, 200, 300, 400, 500, 600),
    "small_straight": 125,
    "big_straight": 250,
}


def _barrels(rules: Rules) -> list[tuple[int, int]]:
    return [(b.from_, b.to) for b in rules.barrels]


def test_the_four_presets_are_shipped() -> None:
    assert PRESET_NAMES == ("classic", "ussr", "courtyard", "barrel850")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_validates_and_round_trips_to_its_name(name: str) -> None:
    rules = load_preset(name)
    assert validate_rules(rules.to_data()) == rules
    assert validate_rules(preset_data(name)) == rules
    assert rules_to_spec(rules) == name
    assert rules_from_spec(name) == rules
    assert rules_from_spec({"preset": name}) == rules


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("classic", "seed 002"),
        ("ussr", "seed 000"),
        ("courtyard", "seed 000"),
        ("barrel850", "seed 000"),
    ],
)
def test_preset_file_names_its_source(name: str, source: str) -> None:
    """The source is for the docs: a comment of the preset file, not a description."""
    text = (
        resources.files("thousand.games.dice1000").joinpath("presets", f"{name}.toml").read_text()
    )
    comments = " ".join(line for line in text.splitlines() if line.startswith("#"))
    assert source in comments.lower()
    assert "description" not in tomllib.loads(text)


def test_classic_preset_is_section_1() -> None:
    rules = load_preset("classic")
    for key, value in CLASSIC_POINTS.items():
        assert getattr(rules.points, key) == value, key
    assert rules.points.favorites is True
    assert rules.target == 1000
    assert rules.ending == "reach"
    assert rules.instant_win == "none"
    assert rules.entry_threshold == 100
    assert rules.choose_dice is False
    assert rules.hot_dice == "must_throw"
    assert rules.first_throw_retry is False
    assert rules.two_dice_pair is False
    assert _barrels(rules) == [(200, 300), (600, 700), (880, 1000)]
    for barrel in rules.barrels:
        assert (barrel.cap, barrel.attempts, barrel.fall, barrel.knock_off) == (
            False,
            None,
            None,
            False,
        )
    assert rules.dump_trucks == ()
    assert rules.dump_truck_midturn is False
    assert rules.bolts is None
    assert rules.overtaking_penalty == 0


def test_ussr_preset_is_the_ussr_box() -> None:
    rules = load_preset("ussr")
    assert rules.entry_threshold == 75
    assert _barrels(rules) == [(200, 300), (600, 700), (900, 1000)]
    pits, final = rules.barrels[:2], rules.barrels[2]
    assert all(b.attempts is None and not b.knock_off and not b.cap for b in pits)
    assert final.attempts == 3
    assert final.fall is not None and final.fall.penalty == 100 and final.fall.to is None
    assert final.knock_off is True
    assert final.cap is False
    assert rules.dump_trucks == (555,)
    assert rules.dump_truck_midturn is True
    assert rules.bolts is not None
    assert (rules.bolts.limit, rules.bolts.penalty) == (3, 50)
    assert rules.bolts.consecutive is False  # "over the game, not only in a row"
    assert rules.bolts.exempt_not_entered is True
    assert rules.bolts.exempt_on_barrel is True
    assert rules.points.four_of_a_kind == (200, 200, 300, 400, 500, 600)
    assert rules.points.three_of_a_kind == CLASSIC_POINTS["three_of_a_kind"]
    assert (rules.points.small_straight, rules.points.big_straight) == (125, 250)
    assert rules.points.favorites is False
    assert rules.instant_win == "five_of_a_kind"
    assert rules.two_dice_pair is True
    assert rules.overtaking_penalty == 0


def test_courtyard_preset_is_thousand_dice_version() -> None:
    rules = load_preset("courtyard")
    assert rules.entry_threshold == 50
    assert _barrels(rules) == [(200, 300), (600, 700), (900, 1000)]
    assert all(b.attempts is None and not b.knock_off and not b.cap for b in rules.barrels)
    assert rules.bolts is not None
    assert (rules.bolts.limit, rules.bolts.penalty) == (3, 50)
    assert rules.bolts.consecutive is True
    assert rules.bolts.exempt_not_entered is False
    assert rules.bolts.exempt_on_barrel is False
    assert rules.dump_trucks == (555,)
    assert rules.dump_truck_midturn is True
    assert rules.overtaking_penalty == 50
    for key, value in CLASSIC_POINTS.items():
        assert getattr(rules.points, key) == value, key
    assert rules.points.favorites is False
    assert rules.instant_win == "none"
    assert rules.two_dice_pair is False


def test_barrel850_preset_is_the_home_version() -> None:
    rules = load_preset("barrel850")
    assert rules.entry_threshold == 75
    assert _barrels(rules) == [(850, 1000)]
    (barrel,) = rules.barrels
    assert barrel.cap is True
    assert barrel.knock_off is True
    assert barrel.fall is not None and barrel.fall.to == "entry" and barrel.fall.penalty is None
    assert barrel.attempts is None
    for key, value in CLASSIC_POINTS.items():
        assert getattr(rules.points, key) == value, key
    assert rules.points.favorites is False
    assert rules.bolts is None
    assert rules.dump_trucks == ()
    assert rules.overtaking_penalty == 0


# -- overrides ---------------------------------------------------------------------


def test_override_of_a_table_keeps_its_other_fields() -> None:
    rules = rules_from_spec({"preset": "ussr", "bolts": {"penalty": 100}})
    assert rules.bolts is not None
    assert rules.bolts.penalty == 100
    assert rules.bolts.limit == 3
    assert rules.bolts.consecutive is False
    assert rules.bolts.exempt_not_entered is True
    assert rules.bolts.exempt_on_barrel is True
    assert rules.entry_threshold == 75  # the rest of the preset too


def test_override_of_the_points_table_merges_key_by_key() -> None:
    rules = rules_from_spec({"preset": "courtyard", "points": {"favorites": True}})
    assert rules.points.favorites is True
    assert rules.points.four_of_a_kind == CLASSIC_POINTS["four_of_a_kind"]


def test_override_of_a_list_replaces_it() -> None:
    rules = rules_from_spec({"preset": "classic", "barrels": [{"from": 500, "to": 600}]})
    assert _barrels(rules) == [(500, 600)]
    assert rules_from_spec({"preset": "classic", "barrels": []}).barrels == ()


def test_bolts_false_switches_bolts_off() -> None:
    assert rules_from_spec({"preset": "courtyard", "bolts": False}).bolts is None


def test_spec_without_preset_is_classic() -> None:
    rules = rules_from_spec({"entry_threshold": 0})
    assert rules == rules_from_spec({"preset": "classic", "entry_threshold": 0})


@pytest.mark.parametrize(
    "spec",
    [
        {"preset": "classic", "entry_threshold": 0},
        {"preset": "ussr", "bolts": {"penalty": 100}},
        {"preset": "barrel850", "ending": "exact", "choose_dice": True},
        {"preset": "courtyard", "bolts": False},
    ],
)
def test_rules_to_spec_round_trips_overrides(spec: dict[str, Any]) -> None:
    rules = rules_from_spec(spec)
    back = rules_to_spec(rules)
    assert isinstance(back, dict)
    assert back["preset"] == spec["preset"]
    assert rules_from_spec(json.loads(json.dumps(back))) == rules


def test_rules_to_spec_names_the_closest_preset() -> None:
    assert rules_to_spec(rules_from_spec({"preset": "classic", "entry_threshold": 0})) == {
        "preset": "classic",
        "entry_threshold": 0,
    }


def test_games_of_equal_rules_are_equal() -> None:
    assert Game(load_preset("classic")) == Game(rules_from_spec({"preset": "classic"}))
    assert Game(load_preset("classic")) != Game(load_preset("courtyard"))
    assert Game() == Game(load_preset("classic"))


# -- errors name the key ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "key", "words"),
    [
        ({"entry_treshold": 0}, "entry_treshold", "unknown rules key"),
        ({"entry_threshold": "100"}, "entry_threshold", "integer"),
        ({"entry_threshold": True}, "entry_threshold", "integer"),
        ({"entry_threshold": 1.5}, "entry_threshold", "integer"),
        ({"entry_threshold": -1}, "entry_threshold", "greater than or equal to 0"),
        ({"target": 0}, "target", "target"),
        ({"overtaking_penalty": -5}, "overtaking_penalty", "overtaking_penalty"),
        ({"ending": "exakt"}, "ending", "exact"),
        ({"instant_win": "yes"}, "instant_win", "instant_win"),
        ({"hot_dice": "maybe"}, "hot_dice", "may_stop"),
        ({"choose_dice": 1}, "choose_dice", "boolean"),
        ({"points": {"singles": [10, 0, 0, 0, 5, -1]}}, "points.singles[5]", "singles"),
        ({"points": {"favourites": True}}, "points.favourites", "unknown rules key"),
        ({"bolts": {"limt": 3}}, "bolts.limt", "unknown rules key"),
        ({"bolts": {"limit": 0}}, "bolts.limit", "bolts.limit"),
        ({"bolts": True}, "bolts", "bolts"),
        ({"barrels": [{"from": 300, "to": 200}]}, "barrels[0]", "from"),
        ({"barrels": [{"from": 300, "to": 300}]}, "barrels[0]", "from"),
        ({"barrels": [{"from": 900, "to": 1100}]}, "barrels[0].to", "target"),
        ({"barrels": [{"from": 900, "to": 1000, "attempts": 3}]}, "barrels[0].fall", "fall"),
        ({"barrels": [{"from": 900, "to": 1000, "knock_off": True}]}, "barrels[0].fall", "fall"),
        (
            {"barrels": [{"from": 900, "to": 1000, "attempts": 0, "fall": {"penalty": 1}}]},
            "barrels[0].attempts",
            "attempts",
        ),
        (
            {"barrels": [{"from": 9, "to": 10, "attempts": 1, "fall": {"penalty": 1, "to": 0}}]},
            "barrels[0].fall",
            "exactly one",
        ),
        (
            {"barrels": [{"from": 9, "to": 10, "knock_off": True, "fall": {"to": "start"}}]},
            "barrels[0].fall.to",
            "entry",
        ),
        (
            {"barrels": [{"from": 600, "to": 700}, {"from": 200, "to": 300}]},
            "barrels[1]",
            "order",
        ),
        ({"barrels": [{"from": 200, "to": 300, "top": 5}]}, "barrels[0].top", "unknown"),
        ({"dump_trucks": [555, 555]}, "dump_trucks", "twice"),
    ],
)
def test_bad_rules_raise_an_error_naming_the_key(
    overrides: dict[str, Any], key: str, words: str
) -> None:
    preset = "ussr" if "bolts" in overrides else "classic"
    with pytest.raises(RulesError) as info:
        rules_from_spec({"preset": preset, **overrides})
    assert info.value.key == key
    assert f"'{key}'" in str(info.value)
    assert words in str(info.value)


def test_rules_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="entry_treshold"):
        rules_from_spec({"entry_treshold": 0})


@pytest.mark.parametrize("spec", ["klassik", {"preset": "klassik"}, {"preset": 3}])
def test_unknown_preset_lists_the_known_ones(spec: object) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_spec(spec)
    assert info.value.key == "preset"
    assert "known: classic, ussr, courtyard, barrel850" in str(info.value)


def test_validate_rules_rejects_an_incomplete_configuration() -> None:
    data = preset_data("classic")
    del data["target"]
    with pytest.raises(RulesError) as info:
        validate_rules(data)
    assert info.value.key == "target"
    assert "missing" in str(info.value)


def test_rules_spec_must_be_a_name_or_a_table() -> None:
    with pytest.raises(RulesError):
        rules_from_spec(5)


# -- rules files ---------------------------------------------------------------------


def test_load_rules_reads_a_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('preset = "ussr"\nentry_threshold = 50\n\n[bolts]\npenalty = 100\n')
    rules = load_rules(str(path))
    assert rules.entry_threshold == 50
    assert rules.bolts is not None and (rules.bolts.limit, rules.bolts.penalty) == (3, 100)


def test_load_rules_reads_a_json_file(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"preset": "barrel850", "target": 1500}))
    assert load_rules(str(path)).target == 1500


def test_load_rules_takes_a_preset_name() -> None:
    assert load_rules("courtyard") == load_preset("courtyard")


def test_load_rules_error_names_the_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('preset = "classic"\nentry_threshold = "100"\n')
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    assert info.value.key == "entry_threshold"
    assert str(info.value).startswith(f"{path}: ")


def test_load_rules_unknown_name_lists_presets() -> None:
    with pytest.raises(RulesError, match="known: classic, ussr, courtyard, barrel850"):
        load_rules("klassik")


# -- the compiled game ----------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_score_unit_of_the_presets(name: str) -> None:
    assert Game(load_preset(name)).score_unit == 5


def test_score_unit_divides_scores_reached_by_penalties() -> None:
    """``Game.score_unit`` promises "the largest number every score … is a multiple of"."""
    game = Game(rules_from_spec({"preset": "ussr", "bolts": {"penalty": 7}}))
    state, end = throw_step(position(game, sheet("Anna", 100, bolts=2)), 2, 3, 4, 6, 6)
    assert end is not None and state.players[0].score == 93
    assert 93 % game.score_unit == 0
