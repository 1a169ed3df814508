"""A solve is made once per machine, whichever processes ask (:mod:`...solver.door`).

A second child that finds the solve's lock held solves nothing: it passes on the
estimates of the process holding it and, once the lock falls free, finds the table in
the cache.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from thousand.core.pace import Estimate
from thousand.games.dice1000 import Game, rules_from_spec
from thousand.games.dice1000.solver.door import (
    ChildSolver,
    read_status,
    solve_file,
    solve_lock,
    write_status,
)
from thousand.games.dice1000.solver.seats import at_hand, load_or_solve_seated, three_pending

SMALL = {"preset": "classic", "target": 200, "barrels": [], "entry_threshold": 50}


def test_a_child_waits_on_the_solve_another_process_holds_and_solves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    game = Game(rules_from_spec(SMALL))
    path = solve_file(game, 3)
    lines: list[str] = []
    estimates: list[Estimate] = []
    failed: list[BaseException] = []

    def child() -> None:
        try:
            ChildSolver().solve(game, lines.append, 3, estimates.append)
        except BaseException as exc:
            failed.append(exc)

    with solve_lock(path):  # this test is "the other process"
        write_status(path, Estimate(0.3, 100.0))
        thread = threading.Thread(target=child)
        thread.start()
        deadline = time.monotonic() + 60
        while not estimates and time.monotonic() < deadline:
            time.sleep(0.05)
        assert estimates, "the waiting child passed no estimate on"
        assert estimates[0].done == pytest.approx(0.3)
        assert estimates[0].seconds_left is not None and estimates[0].seconds_left <= 100.0
        assert lines == ["being solved by another process on this machine"]
        assert three_pending(game, 3)
        load_or_solve_seated(game, 3).save()  # the other process finishes its solve
    thread.join(60)
    assert not thread.is_alive() and not failed
    assert not any("positions of three players" in line for line in lines)  # no second solve
    assert not three_pending(game, 3)
    found = at_hand(game, 3)
    assert found is not None and found.three is not None


def test_the_status_counts_the_time_left_down_and_ignores_junk(tmp_path: Path) -> None:
    path = tmp_path / "table.npz"
    assert read_status(path) is None
    write_status(path, Estimate(0.5, 60.0))
    later = read_status(path, now=time.time() + 20)
    assert later is not None and later.done == 0.5
    assert later.seconds_left == pytest.approx(40.0, abs=1.0)
    gone = read_status(path, now=time.time() + 600)
    assert gone is not None and gone.seconds_left == 0.0
    (tmp_path / "table.npz.status.json").write_text('{"done": "x"', encoding="utf-8")
    assert read_status(path) is None


def test_the_wait_for_a_solve_is_announced_truly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seconds for two players under the classic rules, minutes for their exact
    three-player table (once cached, two players' wording again)."""
    from thousand.core.i18n import translator  # noqa: PLC0415
    from thousand.games.dice1000.presets import load_preset  # noqa: PLC0415
    from thousand.games.dice1000.words import solving  # noqa: PLC0415

    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    en, ru = translator("en"), translator("ru")
    classic = load_preset("classic")
    assert solving(en, classic) == "Solving the classic rules once (about 10 s)…"
    assert solving(en, classic, 3) == (
        "Solving the exact table of the classic rules for three players once "
        "(this takes several minutes)…"
    )
    assert "несколько минут" in solving(ru, classic, 3)
    assert solving(en, classic, 4) == solving(en, classic)
