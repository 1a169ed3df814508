"""The command line, called in-process: exit statuses, exact output, one-line errors.

Every test goes through :func:`thousand.cli.main` with ``StringIO`` streams, as
httpie's tests do; one test starts ``python -m thousand`` to check the entry point.
"""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests import ROOT
from thousand import __version__
from thousand.cli.main import ExitStatus, main
from thousand.games.dice1000 import PRESET_NAMES, load_preset, replay
from thousand.games.dice1000.sheet import build_sheet
from thousand.games.dice1000.words import PRESET_DESCRIPTIONS

EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


@dataclass(frozen=True)
class Result:
    status: int
    stdout: str
    stderr: str

    @property
    def error_line(self) -> str:
        """The single line a failed command must print; asserts that it is one."""
        assert self.status == ExitStatus.BAD_INPUT
        assert self.stdout == ""
        assert self.stderr.endswith("\n")
        assert self.stderr.count("\n") == 1, self.stderr
        return self.stderr.rstrip("\n")


def run(*argv: str, stdin: str = "") -> Result:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return Result(int(status), out.getvalue(), err.getvalue())


def run_json(*argv: str, stdin: str = "") -> Any:
    result = run(*argv, "--json", stdin=stdin)
    assert result.status == ExitStatus.OK, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def record(turns: list[dict[str, Any]], rules: object = "classic") -> str:
    return json.dumps(
        {"format": 1, "rules": rules, "players": ["Anna", "Boris"], "turns": turns},
        ensure_ascii=False,
    )


# -- the program ---------------------------------------------------------------------


def test_help_lists_every_command_with_one_line() -> None:
    result = run("--help")
    assert result.status == ExitStatus.OK
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    for command in ("score", "rules", "replay"):
        assert sum(line.split()[:1] == [command] for line in lines) == 1, command


def test_version() -> None:
    assert run("--version") == Result(0, f"thousand {__version__}\n", "")
    assert __version__ == "0.1.0"


def test_command_help_goes_to_stdout() -> None:
    result = run("score", "--help")
    assert result.status == ExitStatus.OK
    assert result.stdout.startswith("usage: thousand score")
    assert result.stderr == ""


def test_python_dash_m() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "thousand", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (completed.returncode, completed.stdout, completed.stderr) == (0, "thousand 0.1.0\n", "")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["deal"], "thousand: argument COMMAND: invalid choice: 'deal'"),
        (["rules", "--colour"], "thousand rules: unrecognized arguments: --colour"),
        (["score", "--fast", "1"], "thousand score: unrecognized arguments: --fast"),
        (["replay"], "thousand replay: the following arguments are required: FILE"),
        (["rules", "ussr", "extra"], "thousand rules: unrecognized arguments: extra"),
    ],
)
def test_usage_errors_are_one_line(argv: list[str], expected: str) -> None:
    assert run(*argv).error_line.startswith(expected)


# -- score ---------------------------------------------------------------------------


def test_score_json_of_the_rule_book_example() -> None:
    assert run_json("score", "2", "2", "2", "5", "5") == {
        "points": 30,
        "scoring_dice": 5,
        "bust": False,
        "hot_dice": True,
        "combinations": [
            {"name": "three_of_a_kind", "dice": [2, 2, 2], "points": 20},
            {"name": "single", "dice": [5], "points": 5},
            {"name": "single", "dice": [5], "points": 5},
        ],
        "instant_win": False,
    }


@pytest.mark.parametrize(
    ("dice", "points", "scoring", "bust", "hot"),
    [
        ("1 2 3 4 5", 125, 5, False, True),  # the straight, not 10 + 5 (R8)
        ("1 1 1 1 5", 205, 5, False, True),
        ("5 5 5 1 1", 70, 5, False, True),
        ("5 2 4 4 1", 15, 2, False, False),
        ("2 3 4 6 6", 0, 0, True, False),
        ("3 4 4 6 6", 0, 5, False, True),  # big favorite: nothing, but hot dice
        ("2 2 3 3 4", 0, 5, False, True),  # small favorite
        ("6 6", 0, 0, True, False),  # classic has no two-dice pair
    ],
)
def test_score_json_values(dice: str, points: int, scoring: int, bust: bool, hot: bool) -> None:
    data = run_json("score", *dice.split())
    assert (data["points"], data["scoring_dice"], data["bust"], data["hot_dice"]) == (
        points,
        scoring,
        bust,
        hot,
    )


def test_score_combinations_in_engine_order() -> None:
    assert run_json("score", "1", "2", "3", "4", "5")["combinations"] == [
        {"name": "small_straight", "dice": [1, 2, 3, 4, 5], "points": 125}
    ]
    assert run_json("score", "5", "1", "1", "1", "1")["combinations"] == [
        {"name": "four_of_a_kind", "dice": [1, 1, 1, 1], "points": 200},
        {"name": "single", "dice": [5], "points": 5},
    ]


def test_score_two_dice_pair_under_ussr() -> None:
    data = run_json("score", "--rules", "ussr", "2", "2")
    assert data == {
        "points": 0,
        "scoring_dice": 2,
        "bust": False,
        "hot_dice": True,
        "combinations": [{"name": "pair", "dice": [2, 2], "points": 0}],
        "instant_win": False,
    }


def test_score_instant_win_depends_on_the_rules() -> None:
    assert run_json("score", "6", "6", "6", "6", "6")["instant_win"] is False
    assert run_json("score", "--rules", "ussr", "6", "6", "6", "6", "6")["instant_win"] is True


def test_score_human_report() -> None:
    result = run("score", "2", "2", "2", "5", "5")
    assert result.status == ExitStatus.OK
    assert result.stderr == ""
    assert result.stdout == (
        "2 2 2 5 5 → 30 points, 5 of 5 dice score, hot dice: throw all five again\n"
        "  three 2s  2 2 2    20\n"
        "  single 5  5         5\n"
        "  single 5  5         5\n"
    )


def test_score_human_partial_and_bust() -> None:
    assert run("score", "5", "2", "4", "4", "1").stdout.splitlines()[0] == (
        "5 2 4 4 1 → 15 points, 2 of 5 dice score: set them aside, 3 dice left to throw"
    )
    assert run("score", "2", "3", "4", "6", "6").stdout == (
        "2 3 4 6 6 → bust: no die scores, the turn total is lost\n"
    )


@pytest.mark.parametrize("face", ["7", "x", "2.5", "0", "-1", "٣", ""])
def test_score_rejects_a_bad_face(face: str) -> None:
    line = run("score", "2", face, "5").error_line
    assert line == f"score: '{face}' is not a die face (1–6)"


def test_score_needs_one_to_five_faces() -> None:
    assert run("score").error_line.startswith("score: give the faces of one throw")
    assert run("score", *"123456").error_line == "score: a throw has 1 to 5 dice, got 6"


def test_score_with_an_unknown_preset() -> None:
    assert run("score", "--rules", "x", "1").error_line == (
        "unknown preset 'x' (known: classic, ussr, courtyard, barrel850)"
    )


# -- rules ---------------------------------------------------------------------------


def test_rules_lists_the_presets() -> None:
    result = run("rules")
    assert result.status == ExitStatus.OK
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESET_NAMES)
    for line, name in zip(lines, PRESET_NAMES, strict=True):
        assert line.endswith(PRESET_DESCRIPTIONS[name])
    # Players are told what the rules are, not where the project found them.
    assert "seed" not in result.stdout.lower() and "R1" not in result.stdout
    assert "pits" not in result.stdout  # the game's word is "barrel"


def test_rules_list_as_json() -> None:
    assert run_json("rules") == [
        {"name": name, "description": PRESET_DESCRIPTIONS[name]} for name in PRESET_NAMES
    ]


def test_an_empty_rules_file_is_refused(tmp_path: Path) -> None:
    """An empty file would otherwise be the classic rules, silently."""
    for name, text in (("empty.toml", ""), ("comments.toml", "# to do\n"), ("empty.json", "{}")):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = run("score", "5", "--rules", str(path))
        assert result.error_line == (
            f'{path}: the rules file is empty (name a preset: preset = "classic")'
        )


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_json_is_the_configuration(name: str) -> None:
    assert run_json("rules", name) == load_preset(name).to_data()


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_output_is_an_editable_rules_file(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("rules", name)
    assert result.status == ExitStatus.OK
    assert result.stdout.startswith(f"# {name} — ")
    assert tomllib.loads(result.stdout) == load_preset(name).to_data()
    Path("mine.toml").write_text(result.stdout, encoding="utf-8")
    assert run_json("rules", "mine.toml") == load_preset(name).to_data()
    assert run("rules", "mine.toml").stdout.startswith(f"# mine.toml — rules {name}\n")


def test_an_edited_rules_file_is_used_by_score(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text = run("rules", "classic").stdout.replace("two_dice_pair = false", "two_dice_pair = true")
    Path("mine.toml").write_text(text, encoding="utf-8")
    assert run_json("score", "--rules", "mine.toml", "3", "3")["hot_dice"] is True
    assert run("rules", "mine.toml").stdout.startswith(
        "# mine.toml — rules classic with changes to: two_dice_pair\n"
    )


def test_a_json_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_text('{"preset": "ussr", "entry_threshold": 50}', encoding="utf-8")
    assert run_json("rules", str(path))["entry_threshold"] == 50
    assert run_json("score", "--rules", str(path), "4", "4")["points"] == 0


def test_rules_of_an_unknown_preset() -> None:
    assert run("rules", "x").error_line == (
        "unknown preset 'x' (known: classic, ussr, courtyard, barrel850)"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("entry = 50\n", "unknown rules key 'entry'"),
        (
            'entry_threshold = "fifty"\n',
            "rules key 'entry_threshold': input should be a valid integer",
        ),
        (
            "entry_threshold = -5\n",
            "rules key 'entry_threshold': input should be greater than or equal to 0",
        ),
        ('preset = "dorm"\n', "unknown preset 'dorm'"),
        ("[bolts]\nlimit = 0\npenalty = 50\n", "rules key 'bolts.limit'"),
    ],
)
def test_bad_rules_file_names_the_key(text: str, expected: str, tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(text, encoding="utf-8")
    for argv in (["rules", str(path)], ["score", "--rules", str(path), "1"]):
        line = run(*argv).error_line
        assert line.startswith(f"{path}: {expected}"), line


def test_malformed_toml_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('preset = "ussr"\nentry_threshold 50\n', encoding="utf-8")
    line = run("score", "--rules", str(path), "1").error_line
    assert line.startswith(f"{path}: malformed TOML: ")
    assert "line 2, column 17" in line


def test_malformed_json_rules_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_text('{"preset": "ussr",\n "target": }', encoding="utf-8")
    assert run("rules", str(path)).error_line == (
        f"{path}: malformed JSON at line 2, column 12: Expecting value"
    )


def test_missing_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "gone.toml"
    assert run("score", "--rules", str(path), "1").error_line == f"{path}: no such file"


# -- replay --------------------------------------------------------------------------


def test_there_is_an_example_for_every_preset() -> None:
    assert [path.stem for path in EXAMPLES] == sorted(PRESET_NAMES)


def _generator(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``examples/generate.py`` imported from its path (it is a script, not a package)."""
    name = "thousand_examples_generate"
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_examples_are_what_the_generator_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed engine that plays a seed differently must regenerate the examples."""
    generate = _generator(monkeypatch)
    for example in generate.EXAMPLES:
        builder, result = generate.play(example)
        path = ROOT / "examples" / f"{example.preset}.json"
        assert builder.to_json() == path.read_text(encoding="utf-8"), path.name
        assert generate.missing(example, result) == [], path.name


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_replay_json_of_the_examples(path: Path) -> None:
    expected = replay(json.loads(path.read_text(encoding="utf-8"))).to_json_data()
    assert run_json("replay", str(path)) == expected
    assert expected["winner"] is not None
    assert expected["to_move"] is None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_replay_from_stdin(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    from_file = run("replay", str(path))
    from_stdin = run("replay", "-", stdin=text)
    assert from_stdin == from_file
    assert run_json("replay", "-", stdin=text) == run_json("replay", str(path))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_replay_sheet_of_the_examples(path: Path) -> None:
    result = replay(json.loads(path.read_text(encoding="utf-8")))
    output = run("replay", str(path))
    assert output.status == ExitStatus.OK
    assert output.stderr == ""
    lines = output.stdout.splitlines()
    assert lines[0] == f"Rules: {path.stem}"
    winner = result.state.players[result.state.current].name
    assert lines[-1] == f"Winner: {winner}."
    assert lines[-2].startswith("Final scores: ")
    assert "\x1b[" not in output.stdout  # no colour off a terminal
    # The sheet follows the bolt counts itself; it must agree with the engine.
    assert build_sheet(result).bolts == [sheet.bolts for sheet in result.state.players]


def test_replay_sheet_cells() -> None:
    text = record(
        [
            {"rolls": [[1, 1, 1, 2, 3], [5, 2]], "stop": True},  # Anna enters with 105
            {"rolls": [[2, 3, 4, 6, 6]]},  # Boris busts before entering
            {"rolls": [[1, 1, 5, 2, 2]], "stop": True},  # 105 + 25 = 130
            {"rolls": [[1, 1, 1, 2, 3], [5, 2]]},  # Boris has 105 and 1 die in hand
        ]
    )
    output = run("replay", "-", stdin=text)
    assert output.status == ExitStatus.OK
    rows = [line.split() for line in output.stdout.splitlines()]
    assert ["1", "105", "—"] in rows
    assert ["2", "130", "…", "+105"] in rows
    assert "Marks: — bust · … +40 turn in progress" in output.stdout
    assert output.stdout.endswith(
        "Scores: Anna 130, Boris 0 (not in the game)\n"
        "To move: Boris, turn total 105, 1 die to throw.\n"
    )


def test_replay_sheet_in_russian() -> None:
    """``--lang ru``: every word of the sheet from the catalog, the marks unchanged."""
    text = record(
        [
            {"rolls": [[1, 1, 1, 2, 3], [5, 2]], "stop": True},
            {"rolls": [[2, 3, 4, 6, 6]]},
            {"rolls": [[1, 1, 5, 2, 2]], "stop": True},
            {"rolls": [[1, 1, 1, 2, 3], [5, 2]]},
        ]
    )
    output = run("replay", "-", "--lang", "ru", stdin=text)
    assert output.status == ExitStatus.OK
    lines = output.stdout.splitlines()
    assert lines[0] == "Правила: classic"
    assert lines[2].split() == ["Круг", "Anna", "Boris"]
    assert "Обозначения: — пусто · … +40 ход ещё идёт" in output.stdout
    assert output.stdout.endswith(
        "Счёт: Anna 130, Boris 0 (не в игре)\nХодит: Boris, очки хода 105, бросать 1 кость.\n"
    )


def test_replay_sheet_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(ROOT / "examples" / "courtyard.json")
    monkeypatch.setenv("LANGUAGE", "ru")
    russian = run("replay", path).stdout
    assert russian.startswith("Правила: courtyard\n")
    assert "Итоговый счёт: " in russian and "Победитель: " in russian
    assert "болты →" in russian and "обгон →" in russian
    assert "б2 число болтов (−50 при 3)" in russian and " б1" in russian
    assert run("replay", path, "--lang", "en").stdout.startswith("Rules: courtyard\n")


def test_help_texts_show_percent_signs_once() -> None:
    """argparse %-formats help strings: a literal "%%" there would be shown doubled."""
    for command in ("score", "rules", "replay", "advise", "simulate", "solve", "play", "games"):
        result = run(command, "--help")
        assert "%%" not in result.stdout, command
    assert "95% confidence" in " ".join(run("simulate", "--help").stdout.split())


def test_replay_help_points_at_the_records_page_not_the_contracts() -> None:
    text = " ".join(run("replay", "--help").stdout.split())
    assert "RECORD.md" not in text
    assert "the project's docs/records.md" in text
    records = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    assert "## Poker dice records" in records or "poker" in records.lower()


def test_replay_marks_barrels_bolts_dump_trucks_and_penalties() -> None:
    output = run("replay", str(ROOT / "examples" / "courtyard.json")).stdout
    for mark in ("▣", "— b1", "— b3", "555→0", "overtaken →", "bolts →", "★"):
        assert mark in output, mark


def test_replay_sheet_of_eight_players_is_not_wrapped_off_a_terminal() -> None:
    names = [f"Player number {n}" for n in range(1, 9)]
    data = {
        "format": 1,
        "rules": "classic",
        "players": names,
        "turns": [{"rolls": [[2, 3, 4, 6, 6]]}] * 8,
    }
    lines = run("replay", "-", stdin=json.dumps(data)).stdout.splitlines()
    header = next(line for line in lines if "Round" in line)
    assert header.split("Round")[1].split() == " ".join(names).split()
    assert len(header) > 80


@pytest.mark.parametrize(
    ("turns", "rules", "expected"),
    [
        pytest.param(
            [{"rolls": [[5, 2, 4, 4, 1], [1, 2, 2]], "stop": True}],
            "classic",
            "turn 1 (Anna), throw 2: cannot stop with 25 points: "
            "entering the game needs 100 in one turn",
            id="illegal stop",
        ),
        pytest.param(
            [{"rolls": [[5, 2, 4, 4, 1], [1, 2]]}],
            "classic",
            "turn 1 (Anna), throw 2: expected 3 dice, got 2",
            id="wrong number of dice",
        ),
        pytest.param(
            [{"rolls": [[1, 1, 1, 2, 3]], "stop": True}, {"rolls": [[7, 2, 4, 4, 1]]}],
            "classic",
            "turn 2 (Boris), throw 1: face 7 is not a die face (1–6)",
            id="face 7",
        ),
        pytest.param(
            [{"rolls": [{"dice": [5, 2, 4, 4, 1], "keep": [2]}]}],
            {"preset": "classic", "choose_dice": True},
            "turn 1 (Anna), throw 1: cannot set aside 2: "
            "not a set of whole scoring combinations of the throw 1 2 4 4 5",
            id="bad keep",
        ),
        pytest.param(
            [{"rolls": [[1, 1, 1, 2, 3]], "stop": True}, {"rolls": [[1, 5, 2, 3, 4]]}],
            {"preset": "classic", "target": 100, "barrels": []},
            "turn 2 (Boris): the game is already over: Anna won",
            id="turn after the end",
        ),
        pytest.param(
            [],
            "dorm",
            "rules: unknown preset 'dorm' (known: classic, ussr, courtyard, barrel850)",
            id="unknown preset",
        ),
        pytest.param(
            [],
            {"preset": "ussr", "entry": 50},
            "rules: unknown rules key 'entry'",
            id="unknown rules key",
        ),
        pytest.param(
            [],
            {"preset": "ussr", "entry_threshold": "50"},
            "rules: rules key 'entry_threshold': input should be a valid integer, got \"50\"",
            id="rules value of the wrong type",
        ),
    ],
)
def test_replay_rejects_an_illegal_record(
    turns: list[dict[str, Any]], rules: object, expected: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text(record(turns, rules), encoding="utf-8")
    for argv in (["replay", str(path)], ["replay", str(path), "--json"]):
        assert run(*argv).error_line == expected
    assert run("replay", "-", stdin=record(turns, rules)).error_line == expected


def test_replay_rejects_turns_after_an_example_ended(tmp_path: Path) -> None:
    data = json.loads((ROOT / "examples" / "classic.json").read_text(encoding="utf-8"))
    data["turns"].append({"rolls": [[1, 2, 3, 4, 5]], "stop": True})
    number = len(data["turns"])
    path = tmp_path / "longer.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = run("replay", str(path)).error_line
    assert line.startswith(f"turn {number} (")
    assert line.endswith("the game is already over: Анна won")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{", "malformed JSON at line 1, column 2: Expecting property name"),
        ('{"format": 1,\n "rules": }', "malformed JSON at line 2, column 11: Expecting value"),
        ("", "malformed JSON at line 1, column 1: Expecting value"),
    ],
)
def test_replay_of_a_malformed_file(text: str, expected: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert run("replay", str(path)).error_line.startswith(f"{path}: {expected}")
    assert run("replay", "-", stdin=text).error_line.startswith(f"standard input: {expected}")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"format": 1, "rules": "classic", "turns": []}, "record: field 'players' is missing"),
        ({"format": 2}, "record: 'format': input should be 1"),
        ([1, 2], "record: expected a JSON object with format, rules, players, turns"),
    ],
)
def test_replay_of_a_record_with_a_bad_shape(data: object, expected: str) -> None:
    assert run("replay", "-", stdin=json.dumps(data)).error_line == expected


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    assert run("replay", str(path)).error_line == f"{path}: no such file"
    assert run("replay", str(tmp_path)).error_line == f"{tmp_path}: is a directory, not a file"


def test_replay_of_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"players": ["\xc0"]}')
    assert run("replay", str(path)).error_line == f"{path}: not UTF-8 text (byte 14)"


# -- never a traceback ---------------------------------------------------------------


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError


class _InterruptedInput(io.StringIO):
    def read(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_broken_pipe_is_quiet() -> None:
    err = io.StringIO()
    status = main(["rules"], stdin=io.StringIO(), stdout=_ClosedPipe(), stderr=err)
    assert (status, err.getvalue()) == (ExitStatus.BROKEN_PIPE, "")


def test_interrupt_is_quiet() -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(["replay", "-"], stdin=_InterruptedInput(), stdout=out, stderr=err)
    assert (status, out.getvalue(), err.getvalue()) == (ExitStatus.INTERRUPTED, "", "")


def test_an_internal_error_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> object:
        raise RuntimeError("bug")

    monkeypatch.setattr("thousand.cli.games.dice1000.commands.score.Game", broken)
    result = run("score", "1")
    assert result.status == ExitStatus.ERROR
    assert result.stderr == (
        "thousand: internal error: RuntimeError: bug (run again with --traceback and report it)\n"
    )
    traced = run("--traceback", "score", "1")
    assert traced.status == ExitStatus.ERROR
    assert "Traceback (most recent call last)" in traced.stderr


# -- advise --------------------------------------------------------------------------


@pytest.mark.usefixtures("classic_cache")
@pytest.mark.parametrize(
    ("players", "rules"),
    [
        (["Anna", "Boris"], "classic"),
        (["Anna", "Boris", "Вера"], {"preset": "classic", "target": 300, "barrels": []}),
        (["Anna", "Boris", "Вера", "Глеб"], "classic"),
    ],
    ids=["two", "three", "four"],
)
def test_advise_counts_the_dice_and_says_when_it_approximates(
    players: list[str], rules: object
) -> None:
    """One die is "1 die"; two players, and three where scores only grow, are exact (the
    three-player table: a small target keeps its solve quick); with four the figures are
    those of a duel with the leading opponent, and the output says so."""
    text = json.dumps(
        {
            "format": 1,
            "rules": rules,
            "players": players,
            "turns": [{"rolls": [[1, 1, 1, 2, 3], [5, 2]]}],  # 105, one die in hand
        }
    )
    result = run("advise", "-", stdin=text)
    assert result.status == ExitStatus.OK, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "To move: Anna, score 0, turn total 105, 1 die in hand"
    note = (
        "An approximation at this table: played as a duel with the leading opponent "
        "(exact for two players, and for three where scores only grow)."
    )
    assert (lines[-1] == note) == (len(players) > 3)
    assert run_json("advise", "-", stdin=text)["exact"] == (len(players) < 4)


def test_serve_help_says_the_address_is_for_the_player_to_open() -> None:
    """The server opens no browser: neither its line in ``thousand --help`` nor its own
    help may say it does."""
    texts = []
    for argv in (["--help"], ["serve", "--help"]):
        out = io.StringIO()
        assert main(argv, stdout=out, stderr=io.StringIO()) == 0
        texts.append(" ".join(out.getvalue().split()))
    listing, own = texts
    assert "start the server, then open the address it prints in a browser" in listing
    assert "for you to open in a browser (it opens none itself)" in own


@pytest.mark.usefixtures("classic_cache")
def test_advise_at_three_under_classic_rules_answers_at_once_and_says_how_to_be_exact() -> None:
    """The exact three-player table of the classic rules (minutes to solve, not cached
    here) is not solved unannounced: the duel's figures come at once, said to be an
    approximation, with the command that makes the table."""
    text = json.dumps(
        {
            "format": 1,
            "rules": "classic",
            "players": ["Anna", "Boris", "Вера"],
            "turns": [{"rolls": [[1, 1, 1, 2, 3], [5, 2]]}],
        }
    )
    result = run("advise", "-", stdin=text)
    assert result.status == ExitStatus.OK, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-2].startswith("An approximation at this table: played as a duel")
    assert lines[-1] == (
        "The exact table for three players is not solved on this machine yet: "
        "`thousand solve --players 3` with these rules solves it, once (some minutes for "
        "the classic rules)."
    )
    assert run_json("advise", "-", stdin=text)["exact"] is False
