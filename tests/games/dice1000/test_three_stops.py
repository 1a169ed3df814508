"""The three-player stop switches give the decisions of the turn's own plan.

For every triple of scores, every number of dice in hand and every turn total where a
stop is a decision, the switch points of :meth:`ThreeStrategy.stop_table` must say
(:func:`stops_by_switches`) what the plan of :meth:`ThreeStrategy._plan` (the programme
:func:`mover_turns` run for that one triple) says, and no list may be longer than the
decisions need.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from numba import njit

from thousand.core.cache import write_arrays
from thousand.games.dice1000 import Game, rules_from_spec
from thousand.games.dice1000.scoring import DICE
from thousand.games.dice1000.solver import three
from thousand.games.dice1000.solver.strategy import SOLVER_VERSION, SolveInfo, SolverError
from thousand.games.dice1000.solver.tables import build_tables
from thousand.games.dice1000.solver.three import (
    StopSwitches,
    ThreeStrategy,
    solve_three,
    stops_path,
)
from thousand.games.dice1000.solver.three_kernel import (
    mover_turns,
    new_work,
    stops_by_switches,
)

THREE_RULES = {"preset": "classic", "target": 400, "barrels": [{"from": 200, "to": 250}]}
"""Classic to 400 with a barrel (as in test_fastplay): solved in seconds."""

MAY_STOP_RULES = {
    "preset": "classic",
    "target": 300,
    "entry_threshold": 50,
    "barrels": [{"from": 150, "to": 200, "cap": True}],
    "hot_dice": "may_stop",
    "first_throw_retry": True,
}
"""Hot dice may stop (so five dice in hand is a decision), a retried first throw, a
capped barrel."""

RULES = [THREE_RULES, MAY_STOP_RULES]
IDS = ["barrel", "maystop-retry-cap"]


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes its stop switches into a folder of its own, never the user's."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    return tmp_path


@cache
def solved(index: int) -> ThreeStrategy:
    return solve_three(Game(rules_from_spec(RULES[index])))


@njit(cache=False)
def _check(win: Any, rules: Any, counts: Any, offsets: Any, switches: Any) -> Any:
    """Plan every triple alone (size 1) and compare each decision with the switch points.

    Returns (decisions that differ, lists longer than the decisions need, lists whose
    points are not increasing decision totals, counts where there is no decision,
    decisions checked).
    """
    stop_ok = rules[0]
    target = rules[8]
    hot_must_throw = rules[9]
    work = new_work(target)
    bust_own = np.zeros(1)
    wrong = loose = misplaced = spurious = checked = 0
    for a in range(target):
        last = target - a
        for b in range(target):
            for c in range(target):
                bust_own[0] = win[b, c, a, 2]
                mover_turns(a, a + b + c, b, 1, win, rules, bust_own, work)
                throw_own, stop_val = work[1], work[2]
                spurious += counts[a, b, c, 0] != 0
                at = offsets[(a * target + b) * target + c]
                for n in range(1, DICE + 1):
                    points = switches[at : at + counts[a, b, c, n]]
                    at += counts[a, b, c, n]
                    if n == DICE and hot_must_throw:
                        spurious += len(points) != 0
                        continue
                    before = 0
                    for point in points:
                        misplaced += point <= before or point > last or not stop_ok[a, point]
                        before = point
                    changes = 0
                    stopping = False
                    for t in range(1, last + 1):
                        if not stop_ok[a, t]:
                            continue
                        stop = stop_val[t, 0, 0] >= throw_own[t, n, 0]
                        changes += stop != stopping
                        stopping = stop
                        checked += 1
                        got = stops_by_switches(counts, offsets, switches, a, b, c, n, t, target)
                        wrong += stop != got
                    loose += len(points) != changes
    return wrong, loose, misplaced, spurious, checked


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(RULES)), ids=IDS)
def test_every_switch_list_gives_the_plans_decisions(index: int) -> None:
    strategy = solved(index)
    table = strategy.stop_table()
    assert isinstance(table, StopSwitches)
    target = strategy.tables.target
    counts, offsets, switches = table.counts, table.offsets, table.switches
    assert counts.shape == (target, target, target, 6) and counts.dtype == np.uint8
    assert offsets.shape == (target**3 + 1,) and offsets.dtype == np.uint32
    assert switches.ndim == 1 and switches.dtype == np.uint8
    sizes = counts.reshape(-1, 6).sum(axis=1, dtype=np.int64)
    assert offsets[0] == 0 and (np.diff(offsets.astype(np.int64)) == sizes).all()
    assert offsets[-1] == len(switches)
    wrong, loose, misplaced, spurious, checked = _check(
        strategy.win, strategy.tables.kernel_rules(), counts, offsets, switches
    )
    assert checked > target**3
    assert (wrong, loose, misplaced, spurious) == (0, 0, 0, 0)
    lengths = np.bincount(counts[..., 1:].ravel())
    print(f"{IDS[index]}: {len(switches):,} points, lists by length {lengths.tolist()}")
    # A stop at the last total always wins (or is the best there is): every list that
    # decides anything ends stopping, so it has an odd number of points.
    assert lengths[0::2].sum() == (target**3 if strategy.tables.hot_must_throw else 0)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(RULES)), ids=IDS)
def test_switches_agree_with_the_strategys_plan(index: int) -> None:
    """The same through :meth:`ThreeStrategy._plan`, on random triples."""
    strategy = solved(index)
    table = strategy.stop_table()
    assert table is not None
    tables = strategy.tables
    target = tables.target
    rng = np.random.default_rng(index)
    for a, b, c in rng.integers(0, target, size=(300, 3)):
        throw_own, stop_val = strategy._plan(int(a), int(b), int(c))
        for n in range(1, DICE + 1):
            if n == DICE and tables.hot_must_throw:
                continue
            for t in range(1, target - a + 1):
                if tables.stop_ok[a, t]:
                    stop = stops_by_switches(
                        table.counts, table.offsets, table.switches, a, b, c, n, t, target
                    )
                    assert (stop_val[t, 0] >= throw_own[t, n]) == stop


def _same(one: StopSwitches, other: StopSwitches) -> bool:
    return (
        np.array_equal(one.counts, other.counts)
        and np.array_equal(one.offsets, other.offsets)
        and np.array_equal(one.switches, other.switches)
    )


def _fresh(strategy: ThreeStrategy, win: npt.NDArray[np.float64] | None = None) -> ThreeStrategy:
    """The same strategy, nothing remembered."""
    return ThreeStrategy(
        strategy.game, strategy.tables, strategy.win if win is None else win, strategy.info
    )


def test_the_switches_round_trip_through_the_cache(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    strategy = _fresh(solved(1))
    path = stops_path(strategy.game)
    assert path.name.endswith("-3p-stops.npz") and not path.exists()
    computed = three.compute_stop_table
    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> StopSwitches:
        calls.append(1)
        return computed(*args, **kwargs)

    monkeypatch.setattr(three, "compute_stop_table", counted)
    table = strategy.stop_table()
    assert table is not None and path.exists() and len(calls) == 1
    assert strategy.stop_table() is table  # kept on the instance
    assert not list(own_cache.rglob("*.tmp.npz"))

    reloaded = _fresh(strategy)
    again = reloaded.stop_table()
    assert again is not None and len(calls) == 1  # read, not computed
    assert _same(again, table)

    # Stale meta is ignored: another solver version, other rules, another win table.
    with np.load(path) as data:
        meta = json.loads(str(data["meta"]))
        counts, switches = data["counts"], data["switches"]
    stale = [
        ("version", SOLVER_VERSION + 1),
        ("rules", "{}"),
        ("win_sha256", "0"),
        ("solver", "three_player_stops"),  # the thresholds of before
    ]
    for key, value in stale:
        write_arrays(path, meta={**meta, key: value}, counts=counts, switches=switches)
        redone = _fresh(strategy).stop_table()
        assert redone is not None and _same(redone, table)
    assert len(calls) == 5

    # Contents that cannot be a table: a point lost, a count for n = 0, counts that are
    # not bytes, no points at all.
    zeroed = counts.copy()
    zeroed[0, 0, 0, 0] = 1
    for damaged in [
        {"counts": counts, "switches": switches[:-1]},
        {"counts": zeroed, "switches": np.append(switches, switches[:1])},
        {"counts": counts.astype(np.int64), "switches": switches},
        {"counts": counts},
    ]:
        write_arrays(path, meta=meta, **damaged)
        assert _same(_fresh(strategy).stop_table(), table)  # type: ignore[arg-type]
    assert len(calls) == 9

    # A table that moved (the float32 copy of a fresh solve, say) is planned anew.
    nudged = strategy.win.copy()
    nudged[0, 0, 0, :2] += (1e-9, -1e-9)
    other = _fresh(strategy, nudged)
    assert other.win_digest() != strategy.win_digest()
    assert other.stop_table() is not None and len(calls) == 10

    path.write_bytes(b"not a zip file")  # a damaged file is computed again
    assert _fresh(strategy).stop_table() is not None and len(calls) == 11


def test_no_switches_past_a_byte() -> None:
    game = Game(rules_from_spec({"preset": "classic", "target": 1275}))
    tables = build_tables(game)
    assert tables.target == 255
    info = SolveInfo(0.0, 0, 0.0, 0.0, "", "", 0)
    strategy = ThreeStrategy(game, tables, np.zeros((1, 1, 1, 3)), info)
    assert strategy.stop_table() is None
    with pytest.raises(SolverError, match="254"):
        three.compute_stop_table(strategy.win, tables)
