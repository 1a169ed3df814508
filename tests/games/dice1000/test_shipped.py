"""The presets' strategies shipped with the package are the solver's own, read back whole.

``classic`` is compared in full with a fresh solve (the session's, about 5 s). A falling
preset's fresh solve takes a minute or more, so here its shipped table is checked where
it counts: the first player's chance against the figure the solve gave, and at sampled
pairs of sheets the Bellman equation itself — the turn's programme at the shipped table
gives back the table's own value, to float32's precision. (The benchmark
``benchmarks/bench_solver.py`` solves each preset afresh and compares the whole table.)
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import numpy as np
import pytest

from thousand.cli.main import main
from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.solver.iteration import pair_order, turn_dp
from thousand.games.dice1000.solver.shipped import shipped_file
from thousand.games.dice1000.solver.strategy import (
    FallingStrategy,
    Strategy,
    load_strategy,
)

FIRST_PLAYER = {
    "ussr": 0.5102342937,
    "courtyard": 0.5080046725,
    "barrel850": 0.5097154395,
}
"""The solve's figures (1e-9 tolerance), the same before and after the fast solver."""


@pytest.fixture(autouse=True)
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "empty"))


@pytest.mark.solves
def test_classic_is_shipped_exactly_as_solved(classic_strategy: Strategy) -> None:
    shipped = load_strategy(classic_strategy.game)
    assert isinstance(shipped, Strategy)
    assert shipped.source == shipped_file("classic")
    assert np.array_equal(shipped.win, classic_strategy.win)
    assert np.array_equal(shipped.policy, classic_strategy.policy)


@pytest.mark.parametrize("name", list(FIRST_PLAYER))
def test_a_falling_preset_is_shipped_solved(name: str) -> None:
    game = Game(load_preset(name))
    shipped = load_strategy(game)
    assert isinstance(shipped, FallingStrategy)
    assert shipped.source == shipped_file(name)
    assert shipped.win[0, 0] == pytest.approx(FIRST_PLAYER[name], abs=1e-7)
    assert shipped.info.first_player_win == pytest.approx(FIRST_PLAYER[name], abs=1e-10)
    sheets = shipped.sheets
    _, _, partner = pair_order(sheets.score, sheets.bust_to)
    flat = shipped.win.reshape(-1)
    rng = random.Random(name)
    work = shipped._work
    worst = 0.0
    for _ in range(40):
        i, j = rng.randrange(sheets.count), rng.randrange(sheets.count)
        if sheets.score[i] >= sheets.target or sheets.score[j] >= sheets.target:
            continue
        bust = 1.0 - flat[partner[i * sheets.count + j]]
        alpha, beta = turn_dp(
            i, j, bust, shipped.win, sheets.kernel_sheets(), sheets.kernel_rows(), work
        )
        worst = max(worst, abs(alpha + beta * bust - shipped.win[i, j]))
    assert worst < 1e-6


@pytest.mark.parametrize("name", ["classic", "ussr"])
def test_solve_answers_at_once_from_the_shipped_file(name: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "--rules", name, "--json"], stdout=out, stderr=err) == 0
    answer = json.loads(out.getvalue())
    assert answer["cached"] is True and answer["shipped"] is True
    assert answer["cache_file"] == str(shipped_file(name))
    assert err.getvalue() == ""


def test_the_shipped_files_are_a_few_megabytes() -> None:
    sizes = [shipped_file(name).stat().st_size for name in ["classic", *FIRST_PLAYER]]
    assert sum(sizes) < 5_000_000
