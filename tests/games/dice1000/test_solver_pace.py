"""A long solve tells its progress and can be stopped between two kernel calls.

Kernels are called over bands of work (score sums, groups of pairs, sweeps) so that
Ctrl+C is seen between calls; these tests check that the banding changes no number,
that the progress lines say what the solve does (a falling largest change, the share of
positions solved), and that an interrupt raised in the middle leaves no cache file —
an unconverged strategy is never kept. How fast Ctrl+C acts is not timed here.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import numpy as np
import pytest

from tests.core.pace_support import CtrlCAt, tell_every_call
from thousand.cli.main import main
from thousand.core import pace
from thousand.core.pace import Bands, Pace, duration, sweeps_left
from thousand.games.dice1000 import Game, rules_from_spec
from thousand.games.dice1000.solver.strategy import (
    VI_TOLERANCE,
    load_or_solve,
    solve,
    solve_falling,
    sum_work,
)

FALLING = {
    "preset": "courtyard",
    "target": 30,
    "entry_threshold": 10,
    "barrels": [{"from": 20, "to": 25}],
    "dump_trucks": [15],
    "overtaking_penalty": 5,
    "bolts": {"limit": 2, "penalty": 10, "consecutive": True},
}
"""Bolts, a dump truck and overtaking on a small target: value iteration in a blink."""

GROWING = {"preset": "classic", "target": 300, "barrels": [{"from": 200, "to": 250}]}
"""A classic game to 300 with one barrel: the exact solve over 60 score units, in a blink."""

PASS = re.compile(r"pass (\d+): ([\d,]+) turns planned, largest change (\S+) \(the goal is 1e-09\)")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_bands_grow_while_calls_are_quick_and_shrink_when_slow() -> None:
    bands = Bands()
    assert bands.next(10) == 1
    bands.took(0.0, 1)
    bands.took(0.0, 2)
    assert bands.next(10) == 4
    assert bands.next(3) == 3  # never past the work left
    bands.took(0.0, 3)  # a short last band says nothing of the size
    assert bands.next(10) == 4
    bands.took(10 * pace.CALL_SECONDS, 4)
    assert bands.next(10) == 2
    bands.took(10 * pace.CALL_SECONDS, 1)
    assert bands.next(10) == 1  # one unit however long it takes


def test_durations_are_said_at_an_estimates_precision() -> None:
    assert [duration(s) for s in (0.2, 42.4, 89, 90, 600, 5399, 5400, 9000)] == [
        "1 s",
        "42 s",
        "89 s",
        "2 min",
        "10 min",
        "90 min",
        "1.5 h",
        "2.5 h",
    ]


def test_sweeps_left_follow_the_last_ratio_of_changes() -> None:
    assert sweeps_left([], 1e-9) is None
    assert sweeps_left([1e-2], 1e-9) is None  # no trend yet
    assert sweeps_left([1e-2, 1e-3], 5e-9) == 6  # ten times smaller a sweep: 5.3 more
    assert sweeps_left([1e-3, 1e-2], 1e-9) is None  # growing: no estimate
    assert sweeps_left([1e-2, 1e-10], 1e-9) == 0


def test_pace_throttles_lines_and_measures_from_the_first_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pace, "PROGRESS_EVERY", 10.0)
    clock = Clock()
    lines: list[str] = []
    told = Pace(lines.append, clock)
    told.tell("start")
    clock.now += 5  # compiling, say: not part of the pace
    assert told.left(0.1) == "time left not yet known"
    clock.now += 20  # 20 s for 10% more
    assert told.left(0.2) == "about 3 min left"  # 20 s a tenth: 160 s for the rest
    told.tick("after 25 s")
    clock.now += 9
    told.tick("within ten seconds")
    clock.now += 1
    told.tick("ten seconds later")
    assert lines == ["start", "after 25 s", "ten seconds later"]
    Pace(None, clock).tell("nobody listens")  # and nothing fails


def test_value_iteration_reports_each_pass_with_a_falling_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pace, "PROGRESS_EVERY", 0.0)  # every band's line too
    game = Game(rules_from_spec(FALLING))
    lines: list[str] = []
    solved = solve_falling(game, progress=lines.append)
    assert lines[0] == "74 sheets, 5,476 pairs, 417,360 positions"
    planning = [PASS.match(line) for line in lines]
    found = [match for match in planning if match is not None]
    assert [int(match[1]) for match in found] == list(range(1, solved.info.max_iterations + 1))
    assert {match[2] for match in found} == {"5,476"}  # every pair planned in every pass
    changes = [float(match[3]) for match in found]
    assert changes == sorted(changes, reverse=True) and len(set(changes)) == len(changes)
    assert changes[-1] <= VI_TOLERANCE < changes[-2]
    assert changes[-1] == float(f"{solved.info.residual:.1e}")
    assert lines[-1].endswith("; done")
    assert any(": planning turns, " in line for line in lines)
    assert any(": valuing the planned turns, sweep " in line for line in lines)


def test_bands_change_no_number_of_value_iteration(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(rules_from_spec(FALLING))
    monkeypatch.setattr(pace, "CALL_SECONDS", 0.0)  # one group, one sweep a call
    one_by_one = solve_falling(game)
    monkeypatch.setattr(pace, "CALL_SECONDS", 1e9)  # bands doubling at every call
    growing = solve_falling(game)
    assert np.array_equal(one_by_one.win, growing.win)
    assert one_by_one.info.sweeps == growing.info.sweeps


def test_exact_solve_reports_the_share_solved_and_bands_change_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game(rules_from_spec(GROWING))
    monkeypatch.setattr(pace, "CALL_SECONDS", 1e9)
    growing = solve(game)
    monkeypatch.setattr(pace, "CALL_SECONDS", 0.0)  # one score sum a call: 119 calls
    monkeypatch.setattr(pace, "PROGRESS_EVERY", 0.0)
    lines: list[str] = []
    one_by_one = solve(game, progress=lines.append)
    assert np.array_equal(one_by_one.win, growing.win)
    assert np.array_equal(one_by_one.policy, growing.policy)
    assert lines[0] == "solving 567,000 positions"
    assert len(lines) == 1 + 2 * 60 - 1
    shares = [int(line.split("%")[0]) for line in lines[1:]]
    assert shares == sorted(shares) and shares[-1] == 100
    assert lines[1] == "0% of the positions solved, time left not yet known"
    assert lines[-1].startswith("100% of the positions solved, about ")


def test_the_work_of_each_score_sum() -> None:
    """Target 3 units: pairs (0,0) · (0,1) · (0,2) (1,1) · (1,2) · (2,2) by sum."""
    assert sum_work(3).tolist() == [4.0, 4 + 3, (4 + 2) + 3, 3 + 2, 2.0]


@pytest.mark.parametrize("spec", [FALLING, GROWING], ids=["value-iteration", "exact"])
def test_an_interrupt_stops_the_solve_and_caches_nothing(
    spec: dict[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C between two kernel calls: the half-solved strategy is not kept."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    tell_every_call(monkeypatch)
    interrupt = CtrlCAt(3)
    with pytest.raises(KeyboardInterrupt):
        load_or_solve(Game(rules_from_spec(spec)), interrupt)
    assert len(interrupt.lines) == 3
    assert list(tmp_path.rglob("*")) == []


def test_an_interrupt_while_saving_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the classic strategy takes a second: Ctrl+C then leaves no half a file."""
    solved = solve_falling(Game(rules_from_spec(FALLING)))
    real = np.savez_compressed

    def interrupted(file: Path, **arrays: object) -> None:
        real(file, **arrays)  # type: ignore[arg-type]
        assert file.exists()  # the temporary file, complete but not yet renamed
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez_compressed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        solved.save(tmp_path / "strategies" / "s.npz")
    assert list(tmp_path.rglob("*.npz")) == []


def test_thousand_solve_tells_its_progress_on_standard_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "cache"))
    rules = tmp_path / "falling.json"
    rules.write_text(json.dumps(FALLING), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--rules", str(rules)], stdout=out, stderr=err) == 0
    lines = err.getvalue().splitlines()
    assert lines[0] == "solve: 74 sheets, 5,476 pairs, 417,360 positions"
    assert all(line.startswith("solve: ") for line in lines)
    assert PASS.match(lines[-1].removeprefix("solve: ")) and lines[-1].endswith("; done")
    assert out.getvalue().startswith(f"rules: {rules}\nfirst player wins with perfect play: ")
