"""Hostile card Thousand records and rules files never crash (the hardening standard of
tests/cli/test_hostile_input.py, extended to the third game).

Every command run here ends with exit status 0 or 2 (``verify``: 1 for "not verified");
on 2, nothing on standard output and exactly one printable line on standard error, and
nothing is written anywhere (the commands here write no file: the folder they run in is
checked to stay empty).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.cli.test_hostile_input import FUZZ, assert_clean, json_values, nasty_text, run
from tests.games.card1000.test_record import RECORD, TABLE
from thousand.core.files import MAX_INPUT_BYTES


def card_record(deals: str) -> str:
    """A card record's text around ``deals`` (the JSON text of its deals)."""
    return (
        '{"format": 1, "game": "card1000", "rules": "classic", '
        f'"players": ["A", "B", "C"], "deals": {deals}}}'
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            card_record("[" * 100_000 + "]" * 100_000),
            "standard input: nested deeper than 32 levels",
        ),
        (
            card_record(
                '[{"dealer": 0, "hands": [], "talon": [], "actions": [' + "9" * 5000 + "]}]"
            ),
            "standard input: a number too large (more than 19 digits)",
        ),
        (
            card_record('[{"dealer": 12345678901234567890123, "redeal": true}]'),
            "standard input: a number too large",
        ),
        (
            '{"format": 1, "game": "card1000", "rules": "classic", '
            '"players": ["A\\u001b[31m", "B", "C"], "deals": []}',
            "players: the name 'A\\x1b[31m' has a control character",
        ),
        (
            '{"format": 1, "game": "card1000", "rules": "classic", '
            '"players": ["A\\u2028", "B", "C"], "deals": []}',
            "players: the name 'A\\u2028' has a control character",
        ),
        (
            json.dumps(RECORD).replace('"JC"', '"\\u001b[2J"', 1),
            "deal 1: not a card: '\\x1b[2J'",
        ),
        (
            card_record('[{"dealer": 0, "hands": [], "talon": [], "actions": [{"seat": 1e400}]}]'),
            "standard input: ",
        ),
        (
            '{"format": 1, "game": "card1000", "rules": {"preset": "classic", "players": 2}, '
            '"players": ["A", "B"], "deals": []}',
            "rules: rules key 'players': the preset 'classic' is for 3 players",
        ),
    ],
)
def test_hostile_card_records_are_one_clear_line(text: str, line: str) -> None:
    for command in (["replay", "-"], ["replay", "-", "--json"], ["verify", "-"]):
        status, out, err = run(command, text)
        assert_clean(status, out, err)
        assert status == 2 and err.startswith(line), err


def test_64_mib_of_junk_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(b'{"game": "card1000", "deals": [' + b"7," * (MAX_INPUT_BYTES // 2))
    for command in (["replay", str(junk)], ["verify", str(junk)]):
        status, out, err = run(command)
        assert_clean(status, out, err)
        assert err.endswith("larger than 64 MiB, more than any record or rules file holds\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["junk.json"]


def test_deep_huge_and_controlled_rules_files_are_one_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    huge = tmp_path / "huge.json"
    huge.write_text('{"preset": "classic", "penalty": ' + "7" * 6000 + "}", encoding="utf-8")
    big = tmp_path / "big.json"
    big.write_text('{"preset": "classic", "barrel": 123456789012345678}', encoding="utf-8")
    control = tmp_path / "control.json"
    control.write_text('{"preset": "classic", "\\u001b[31mkey": 1}', encoding="utf-8")
    for path in (deep, huge, big, control):
        status, out, err = run(["rules", "--game", "card1000", str(path)])
        assert_clean(status, out, err)
        assert status == 2 and err.startswith(f"{path}: "), err
    assert "\\x1b[31mkey" in run(["rules", "--game", "card1000", str(control)])[2]


# -- fuzzing --------------------------------------------------------------------------

fields = st.sampled_from(["format", "game", "rules", "players", "meta", "deals", "extra"])


@FUZZ
@given(field=fields, value=json_values)
def test_a_card_record_with_any_field_replaced_never_crashes(field: str, value: Any) -> None:
    for record in (RECORD, TABLE):
        text = json.dumps({**record, field: value})
        assert_clean(*run(["replay", "-", "--json"], text))


@FUZZ
@given(index=st.integers(0, 6), value=json_values)
def test_a_card_record_with_any_action_replaced_never_crashes(index: int, value: Any) -> None:
    record = json.loads(json.dumps(RECORD))
    actions = record["deals"][0]["actions"]
    if index < len(actions):
        actions[index] = value
    else:
        actions.append(value)
    assert_clean(*run(["replay", "-"], json.dumps(record)))


@FUZZ
@given(
    key=st.sampled_from(
        ["seat", "bid", "pass", "give", "to", "play", "marriage", "contract", "dark", "talon"]
    ),
    value=json_values,
)
def test_a_card_action_with_any_value_never_crashes(key: str, value: Any) -> None:
    record = json.loads(json.dumps(RECORD))
    record["deals"][0]["actions"][2][key] = value
    assert_clean(*run(["replay", "-", "--json"], json.dumps(record)))


@FUZZ
@given(
    deal=st.dictionaries(
        st.sampled_from(["dealer", "declarer", "contract", "points", "write_off", "redeal", "dark"])
        | nasty_text,
        json_values | st.lists(st.integers(-(2**70), 2**70), max_size=4),
        max_size=5,
    )
)
def test_any_scorekeeping_deal_never_crashes(deal: dict[str, Any]) -> None:
    record = {**TABLE, "deals": [*TABLE["deals"], deal]}
    assert_clean(*run(["replay", "-", "--json"], json.dumps(record)))


@FUZZ
@given(
    spec=st.dictionaries(
        nasty_text | st.sampled_from(["preset", "players", "barrel", "bid_step", "dark"]),
        json_values,
        max_size=4,
    )
)
def test_any_card_rules_file_never_crashes(
    spec: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("rules") / "rules.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    assert_clean(*run(["rules", "--game", "card1000", str(path)]))
