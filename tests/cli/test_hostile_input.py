"""Hostile input never crashes: fuzzing records, rules files, arguments and engine actions.

Every command run here must end with exit status 0 or 2; on 2, nothing on standard
output and exactly one printable line on standard error — no traceback, no "internal
error", no raw control character that could drive the terminal. Hypothesis draws the
inputs (bounded in examples and time); the fixed cases are the ones the hardening issue
listed, each with the exact line it must now give.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import ROOT
from thousand.cli.main import main
from thousand.core.errors import IllegalActionError, one_line
from thousand.core.files import MAX_INPUT_BYTES
from thousand.games.dice1000 import (
    STOP,
    THROW,
    Game,
    Outcome,
    SetAside,
    new_state,
    replay,
    rules_from_spec,
)

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

VALID: dict[str, Any] = {
    "format": 1,
    "rules": "classic",
    "players": ["Anna", "Boris"],
    "turns": [
        {"rolls": [[1, 5, 3, 3, 2], [1, 1, 2], [5], [1, 1, 1, 6, 3]], "stop": True},
        {"rolls": [[2, 3, 4, 6, 6]]},
    ],
}


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def assert_clean(status: int, out: str, err: str) -> None:
    """Exit 0, or exit 2 with one printable line on stderr and nothing on stdout."""
    assert status in (0, 2), (status, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if status == 2:
        assert out == ""
        assert err.endswith("\n") and err.count("\n") == 1, err
        assert err[:-1].isprintable(), repr(err)


# -- the cases of the issue, each with its line ------------------------------------------


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("[" * 100_000 + "]" * 100_000, "standard input: nested deeper than 32 levels"),
        (
            '{"format": 1, "x": ' + "9" * 5000 + "}",
            "standard input: a number too large (more than 19 digits)",
        ),
        ('{"format": 1, "x": 123456789012345678901}', "standard input: a number too large"),
        ('{"format": 1, "x": NaN}', "standard input: NaN is not a number a file may hold"),
        (
            '{"format": true, "rules": "classic", "players": ["A"], "turns": []}',
            "record: 'format': input should be a valid integer",
        ),
        (
            '{"format": 1.0, "rules": "classic", "players": ["A"], "turns": []}',
            "record: 'format': input should be a valid integer",
        ),
        (
            '{"format": 1, "rules": "classic", "players": ["\\ud800", "B"], "turns": []}',
            "standard input: text with a lone surrogate, not Unicode text (at players[0])",
        ),
        (
            '{"format": 1, "rules": "classic", "players": ["A\\u001b[31m", "B"], "turns": []}',
            "players: the name 'A\\x1b[31m' has a control character",
        ),
        (
            '{"format": 1, "rules": "classic", "players": ["A\\rB", "C"], "turns": []}',
            "players: the name 'A\\rB' has a control character",
        ),
        (
            '{"format": 1, "rules": "classic", "players": ["A\\u2028", "B"], "turns": []}',
            "players: the name 'A\\u2028' has a control character",
        ),
    ],
)
def test_the_listed_hostile_records_are_one_clear_line(text: str, line: str) -> None:
    status, out, err = run(["replay", "-"], text)
    assert_clean(status, out, err)
    assert status == 2 and err.startswith(line), err


def test_a_file_larger_than_any_record_is_refused_after_reading_the_limit(tmp_path: Path) -> None:
    status, out, err = run(["replay", "/dev/zero"])
    assert_clean(status, out, err)
    assert err == "/dev/zero: larger than 64 MiB, more than any record or rules file holds\n"
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_INPUT_BYTES + 1))
    assert run(["replay", str(big)])[2].endswith(
        "larger than 64 MiB, more than any record or rules file holds\n"
    )


def test_closed_and_undecodable_standard_input(tmp_path: Path) -> None:
    closed = subprocess.run(
        [sys.executable, "-m", "thousand", "replay", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert (closed.returncode, closed.stdout) == (2, "")
    assert closed.stderr == "standard input: closed, nothing to read\n"
    raw = b'{"format": 1, "rules": "classic", "players": ["\xff", "B"], "turns": []}'
    latin = subprocess.run(
        [sys.executable, "-m", "thousand", "replay", "-"],
        input=raw,
        capture_output=True,
        check=False,
        env={**os.environ, "LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"},
    )
    assert (latin.returncode, latin.stdout) == (2, b"")
    assert latin.stderr == b"standard input: not UTF-8 text (byte 47)\n"


def test_deep_and_huge_rules_files_are_one_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    huge = tmp_path / "huge.json"
    huge.write_text('{"preset": "classic", "target": ' + "7" * 6000 + "}", encoding="utf-8")
    for path in (deep, huge):
        status, out, err = run(["score", "--rules", str(path), "1"])
        assert_clean(status, out, err)
        assert status == 2 and err.startswith(f"{path}: ")


def test_every_error_line_escapes_control_characters() -> None:
    assert one_line("a\nb\r\x1b[2J\u2028\ud800") == "a b\\r\\x1b[2J\\u2028\\ud800"
    assert one_line("Анна: ход") == "Анна: ход"


def test_odds_under_rules_of_large_multiples(tmp_path: Path) -> None:
    rules = tmp_path / "big.toml"
    rules.write_text(
        'preset = "classic"\nentry_threshold = 100000\ntarget = 1000000\nbarrels = []\n'
        "[points]\nsingles = [100000, 0, 0, 0, 50000, 0]\n"
        "three_of_a_kind = [1000000, 200000, 300000, 400000, 500000, 600000]\n"
        "four_of_a_kind = [1000000, 400000, 600000, 800000, 1000000, 1000000]\n"
        "five_of_a_kind = [1000000, 1000000, 1000000, 1000000, 1000000, 1000000]\n"
        "small_straight = 125000\nbig_straight = 250000\n",
        encoding="utf-8",
    )
    status, out, err = run(["odds", "--rules", str(rules), "--json"])
    assert (status, err) == (0, "")
    classic = json.loads(run(["odds", "--json"])[1])
    scaled = json.loads(out)
    # Every value ×10,000 (the 1000-capped favourites aside): the turn scales with them.
    assert scaled["turn"]["expected_points"] > 5_000 * classic["turn"]["expected_points"]


def test_thousand_alone_shows_what_it_can_do() -> None:
    status, out, err = run([])
    assert (status, err) == (0, "")
    assert out.startswith("usage: thousand") and "play" in out


# -- fuzzing --------------------------------------------------------------------------

nasty_text = st.text(
    alphabet=st.characters(codec=None, categories=None), min_size=0, max_size=12
) | st.sampled_from(["", "\x1b[31m", "\r", "\u2028", "\ud800", "classic", "A" * 50])
leaves = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | nasty_text
)
json_values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(nasty_text, inner, max_size=5),
    max_leaves=30,
)
fields = st.sampled_from(["format", "rules", "players", "turns", "meta", "game", "extra"])


@FUZZ
@given(field=fields, value=json_values)
def test_a_record_with_any_field_replaced_never_crashes(field: str, value: Any) -> None:
    record = {**VALID, field: value}
    status, out, err = run(["replay", "-", "--json"], json.dumps(record))
    assert_clean(status, out, err)


@FUZZ
@given(turn=st.integers(0, 1), throw=st.integers(0, 3), value=json_values)
def test_a_record_with_any_throw_replaced_never_crashes(turn: int, throw: int, value: Any) -> None:
    record = json.loads(json.dumps(VALID))
    rolls = record["turns"][turn]["rolls"]
    rolls[min(throw, len(rolls) - 1)] = value
    status, out, err = run(["replay", "-"], json.dumps(record))
    assert_clean(status, out, err)


@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_any_text_as_a_record_never_crashes(text: str) -> None:
    assert_clean(*run(["replay", "-"], text))


@FUZZ
@given(
    spec=st.dictionaries(
        nasty_text | st.sampled_from(["preset", "target", "points"]), json_values, max_size=4
    )
)
def test_any_rules_file_never_crashes(
    spec: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("rules") / "rules.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    assert_clean(*run(["score", "--rules", str(path), "1", "5", "2"]))


ARGUMENTS = st.lists(
    st.sampled_from(
        [
            "score",
            "rules",
            "replay",
            "odds",
            "games",
            "stats",
            "--json",
            "--rules",
            "-",
            "1",
            "7",
            "ussr",
            "classic",
            "--lang",
            "ru",
            "--help",
            "x",
            "999999999999",
            "\x1b",
            "--dice",
        ]
    )
    | nasty_text.filter(lambda s: "\x00" not in s),
    max_size=5,
)


@settings(
    FUZZ, suppress_health_check=[*FUZZ.suppress_health_check, HealthCheck.function_scoped_fixture]
)
@given(argv=ARGUMENTS)
def test_any_arguments_never_crash(
    argv: list[str], tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path_factory.getbasetemp() / "data"))
    if argv and argv[0] in ("play", "simulate", "solve", "advise"):
        return  # long-running commands have their own tests
    assert_clean(*run(argv, json.dumps(VALID)))


actions = (
    st.sampled_from([THROW, STOP])
    | st.builds(
        Outcome,
        st.one_of(
            st.none(),
            st.lists(st.integers(-1, 8), max_size=6),
            st.tuples(*[st.integers(0, 7)] * 5),
            st.lists(st.sampled_from([1.0, True, 5]), max_size=5).map(tuple),
        ),
    )
    | st.builds(
        SetAside, st.lists(st.sampled_from([1, 5, 1.0, True, 7, "1"]), max_size=5).map(tuple)
    )
)


@FUZZ
@given(
    preset=st.sampled_from(["classic", "ussr", "courtyard", "barrel850"]),
    choose=st.booleans(),
    moves=st.lists(actions, max_size=12),
)
def test_the_checked_path_refuses_anything_malformed(
    preset: str, choose: bool, moves: list[Any]
) -> None:
    game = Game(rules_from_spec({"preset": preset, "choose_dice": choose}))
    state = new_state(game, ["A", "B"])
    for action in moves:
        try:
            state = state.apply(action)
        except IllegalActionError:
            continue


@pytest.mark.parametrize(
    "action",
    [Outcome([5, 2, 4, 4, 1]), Outcome(None), SetAside((1.0,)), SetAside((True,))],  # type: ignore[arg-type]
)
def test_malformed_actions_are_refused_whatever_was_cached(action: Any) -> None:
    game = Game(rules_from_spec({"preset": "classic", "choose_dice": True}))
    state = new_state(game, ["A", "B"]).apply(THROW)
    ready = state.apply(Outcome((1, 5, 2, 3, 4)))  # under choose_dice: pick the dice
    ready.apply(SetAside((1,)))  # the tables now hold (1,)
    target = ready if isinstance(action, SetAside) else state
    with pytest.raises(IllegalActionError):
        target.apply(action)


# -- kills of a running save ------------------------------------------------------------


@pytest.mark.slow
def test_kills_during_unattended_play_never_leave_a_broken_save(tmp_path: Path) -> None:
    """A bots-only game killed with SIGKILL at many moments: the save always replays."""
    command = [
        sys.executable,
        "-m",
        "thousand",
        "play",
        "--players",
        "bot:bold,bot:cautious",
        "--fast",
        "--rules",
        "courtyard",
    ]
    for attempt in range(12):
        save = tmp_path / f"g{attempt}.json"
        child = subprocess.Popen(
            [*command, "--seed", str(attempt), "--save", str(save)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        time.sleep(0.6 + 0.1 * attempt)
        child.send_signal(signal.SIGKILL)
        child.wait()
        if save.exists():
            replay(json.loads(save.read_text(encoding="utf-8")))  # a whole, legal record
    leftovers = [path.name for path in tmp_path.iterdir() if path.suffix == ".tmp"]
    if leftovers:  # a kill between write and rename: the next save of that game cleans up
        from thousand.cli.storage import save_record  # noqa: PLC0415

        for name in leftovers:
            target = tmp_path / name[1:].split(".json.")[0]
            target = target.with_suffix(".json")
            save_record(target, replay_data(target))
        assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def replay_data(path: Path) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return data
    return {**VALID}
