"""``thousand replay`` of poker dice records: the replay JSON, the paper sheet in both
languages, one-line refusals with exit status 2, and hostile input that never crashes."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.poker_dice.test_record import (
    FIXTURES,
    ILLEGAL,
    LEGAL,
    RANKING,
    RUSSIAN_SOLO,
    record,
    turn,
)
from tests.games.poker_dice.test_words import RUSSIAN_SHEET
from thousand.cli.main import ExitStatus, main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def error_line(*argv: str, stdin: str = "") -> str:
    """The one line a refused replay prints: exit 2, nothing on standard output."""
    status, out, err = run(*argv, stdin=stdin)
    assert (status, out) == (ExitStatus.BAD_INPUT, ""), err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err[:-1].isprintable(), repr(err)
    return err[:-1]


@pytest.mark.parametrize("path", LEGAL, ids=lambda path: path.stem)
def test_replay_json_of_every_fixture(path: Path) -> None:
    status, out, err = run("replay", str(path), "--json")
    assert (status, err) == (ExitStatus.OK, "")
    expected = path.with_name(f"{path.stem}.expected.json").read_text(encoding="utf-8")
    assert json.loads(out) == json.loads(expected)


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda path: path.stem)
def test_replay_refuses_every_illegal_fixture_in_one_line(path: Path) -> None:
    line = path.with_suffix(".txt").read_text(encoding="utf-8").rstrip("\n")
    assert error_line("replay", str(path)) == line
    assert error_line("replay", str(path), "--json") == line


def test_replay_reads_standard_input() -> None:
    text = (FIXTURES / "ranking_3.json").read_text(encoding="utf-8")
    status, out, _ = run("replay", "-", "--json", stdin=text)
    assert status == ExitStatus.OK
    assert json.loads(out)["winner"] == "Vera"


def test_the_sheet_of_a_game_by_hand() -> None:
    text = json.dumps(record("russian", ["Anna"], *RUSSIAN_SOLO))
    status, out, err = run("replay", "-", "--lang", "en", stdin=text)
    assert (status, err) == (ExitStatus.OK, "")
    lines = [line.rstrip() for line in out.splitlines()]
    assert lines[0] == "Rules: russian"
    rows = {line.split("  ")[0]: line.split()[-1] for line in lines[4:] if line.strip()}
    assert rows == {
        "Ones": "−1",
        "Twos": "✓",
        "Threes": "6",
        "Fours": "−4",
        "Fives": "✓",
        "Sixes": "6",
        "Subtotal": "7",
        "Bonus": "50",
        "One pair": "24",
        "Two pairs": "—",
        "Three of a kind": "18",
        "Small straight": "15",
        "Big straight": "40",
        "Full house": "56",
        "Four of a kind": "16",
        "Poker": "100",
        "Chance": "24",
        "Total": "350",
        "Marks: ✓ done: three dice of the face · — written with nothing: 0": "0",
        "Winner: Anna.": "Anna.",
    }
    # The rows in the paper's order: series 1, its subtotal and bonus, series 2, total.
    labels = [line.split("  ")[0] for line in lines[4:] if line.strip()]
    assert labels.index("Sixes") < labels.index("Subtotal") < labels.index("One pair")
    assert labels.index("Chance") < labels.index("Total")


def test_the_sheet_in_russian_names_the_boxes_as_on_paper() -> None:
    text = json.dumps(record("russian", ["Anna", "Boris"], *RUSSIAN_SOLO[:3]))
    out = run("replay", "-", "--lang", "ru", stdin=text)[1]
    labels = [line.split("  ")[0] for line in out.splitlines()[4:] if line.strip()]
    upper, lower = RUSSIAN_SHEET[:6], RUSSIAN_SHEET[6:]
    assert labels[:19] == [
        *upper,
        "Промежуточный итог",
        "Премия",
        *lower,
        "Итог",
        "Против среднего",
    ]
    assert out.rstrip().endswith("Ходит: Boris.")


def test_the_sheet_of_the_other_presets() -> None:
    yahtzee = run("replay", str(FIXTURES / "yahtzee_2.json"), "--lang", "en")[1]
    for label in ("Three of a kind", "Large straight", "Yahtzee", "Yahtzee bonus", "Chance"):
        assert f"\n{label} " in yahtzee
    banked = run("replay", str(FIXTURES / "russian_banked_2.json"), "--lang", "ru")[1]
    assert "За неиспользованные броски" in banked
    ranking = json.dumps(record("ranking", ["Anna", "Boris", "Vera"], *RANKING))
    out = run("replay", "-", "--lang", "en", stdin=ranking)[1]
    assert "Play-off 2" in out and "Three of a kind" in out
    assert out.rstrip().endswith("Winner: Boris.")
    shown = run("replay", "-", "--lang", "en", stdin=json.dumps(record("russian", ["A"])))[1]
    assert shown.rstrip().endswith("To move: A.")


def test_a_turn_in_progress_is_told_under_the_sheet() -> None:
    data = record("russian", ["Anna"], turn([6, 6, 5, 5, 2], ([6, 6], [6, 1, 2])))
    out = run("replay", "-", "--lang", "en", stdin=json.dumps(data))[1]
    assert out.rstrip().endswith("To move: Anna, dice showing 1 2 6 6 6, 1 throw left.")
    out = run("replay", "-", "--lang", "ru", stdin=json.dumps(data))[1]
    assert out.rstrip().endswith("Ходит: Anna, на костях 1 2 6 6 6, остался 1 бросок.")


# -- hostile input: one line, exit 2, never a traceback -------------------------------


def poker(*turns: Any, players: Any = None) -> str:
    return json.dumps(record("russian", players or ["Anna", "Boris"], *turns))


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            '{"format": 1, "game": "poker_dice", "rules": "russian", "players": ["A"], '
            '"turns": [{"rolls": ' + "[" * 200 + "]" * 200 + "}]}",
            "standard input: nested deeper than 32 levels",
        ),
        (
            poker({"rolls": [[6, 6, 5, 5, 10**30]], "box": "pair"}),
            "standard input: a number too large (more than 64 bits) (at turns[0].rolls[0][4])",
        ),
        (
            poker({"rolls": [[6, 6, 5, 5, 2**62]], "box": "pair"}),
            "turn 1 (Anna), throw 1: face 4611686018427387904 is not a die face (1–6)",
        ),
        (
            poker({"rolls": [[6, 6, 5, 5, 2]], "box": "pa\x1b[2Jir"}),
            'turn 1 (Anna), throw 1: there is no box "pa\\u001b[2Jir" (boxes: ones, twos, '
            "threes, fours, fives, sixes, pair, two_pairs, three, small_straight, "
            "big_straight, full_house, four, poker, chance)",
        ),
        (
            poker(players=["Anna\nBoris"]),
            "players: the name 'Anna\\nBoris' has a control character",
        ),
        (
            poker(*[{"rolls": [[1, 2, 3, 4, 5]], "box": "chance"}] * 3),
            "turn 3 (Anna), throw 1: the box chance is filled already (15)",
        ),
        (
            poker({"rolls": [[1, 2, 3, 4, 5]] + [{"keep": [], "dice": [1] * 5}] * 100_000}),
            "turn 1 (Anna), throw 4: cannot throw again: all 3 throws of the turn are made; "
            "write the dice into a box",
        ),
    ],
)
def test_hostile_records_are_one_clear_line(text: str, line: str) -> None:
    assert error_line("replay", "-", stdin=text).startswith(line)


def test_a_record_of_twenty_thousand_turns_stops_at_the_end_of_the_game() -> None:
    text = json.dumps(record("russian", ["Anna"], *RUSSIAN_SOLO, *[RUSSIAN_SOLO[0]] * 20_000))
    assert error_line("replay", "-", stdin=text) == (
        "turn 16: the game is already over (won by Anna)"
    )


def test_a_huge_value_is_cut_short_in_the_line() -> None:
    line = error_line("replay", "-", stdin=poker({"rolls": [[1, 2, 3, 4, 5]], "box": "x" * 10**6}))
    assert line.startswith('turn 1 (Anna), throw 1: there is no box "xxx')
    assert len(line) == 500 and line.endswith("…")
    faces = poker({"rolls": [[1, 2, 3, 4, [7] * 100_000]], "box": "chance"})
    assert len(error_line("replay", "-", stdin=faces)) == 500


def test_a_file_larger_than_any_record() -> None:
    assert error_line("replay", "/dev/zero") == (
        "/dev/zero: larger than 64 MiB, more than any record or rules file holds"
    )


VALID = record(
    "yahtzee",
    ["Anna", "Boris"],
    turn([1, 2, 3, 4, 6], ([1, 2, 3, 4], [5]), box="big_straight"),
    turn([6, 6, 6, 6, 6], box="poker"),
    turn([2, 2, 3, 3, 5], ([2, 2, 3, 3], [3])),
)
leaves = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["pair", "ranking", "poker_dice", "keep", "dice", "\x1b[31m", "\u2028"])
)
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_paths(value, (*prefix, index)))
    return found


PATHS = _paths(VALID)[1:]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), values)
def test_fuzzed_records_replay_or_give_one_line(path: tuple[Any, ...], value: Any) -> None:
    data = json.loads(json.dumps(VALID))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    text = json.dumps(data, ensure_ascii=False)
    for argv in (("replay", "-", "--json"), ("replay", "-", "--lang", "ru")):
        status, out, err = run(*argv, stdin=text)
        assert status in (ExitStatus.OK, ExitStatus.BAD_INPUT), err
        assert "Traceback" not in err and "internal error" not in err, err
        if status == ExitStatus.BAD_INPUT:
            assert out == "" and err.endswith("\n") and err.count("\n") == 1, err
            assert err[:-1].isprintable(), repr(err)
