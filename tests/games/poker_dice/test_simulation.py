"""Tournaments of poker dice: the native path plays the engine's game throw for throw,
the figures of a tournament, and ``thousand simulate --game poker_dice``."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.games.poker_dice.bot_support import rules_of, strategy_of
from thousand.cli.main import ExitStatus, main
from thousand.core.dice import pick_throw
from thousand.games.poker_dice import native
from thousand.games.poker_dice.bots import OptimalBot, Policy, make_bot
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.odds import ADD, INDEX, MULTISETS
from thousand.games.poker_dice.scoring import HAND_KINDS
from thousand.games.poker_dice.simulation import (
    StreamDice,
    bin_width,
    native_world,
    play_game,
    play_tournament,
    shares_of,
)

HOUSE = (
    ("russian", (("series1_first", True), ("throws", 2), ("series1", "done_or_minus"))),
    ("russian", (("unmade", "minus"), ("bonus_threshold", 5), ("first_throw_double", False))),
    ("yahtzee", (("joker", False), ("throws", 4))),
    ("russian_banked", (("throws", 4),)),
)


# -- the dice ------------------------------------------------------------------------


def test_the_engines_dice_are_the_kernels() -> None:
    for seed, game in ((0, 0), (7, 123_456), (2**63 - 1, 9)):
        dice = StreamDice(seed, game)
        key = np.uint64(native.game_key(seed, game))
        for index in range(50):
            assert dice.uniform() == native.uniform(key, index)
    cum, faces, count = native.throw_tables()
    rng = np.random.default_rng(3)
    for _ in range(2000):
        kept = MULTISETS[int(rng.integers(0, INDEX[(6, 6, 6, 6, 6)] - 251))]
        if len(kept) == 5:
            continue
        thrown = 5 - len(kept)
        u = float(rng.random())
        landed = native.land(INDEX[kept], thrown, u, cum, faces, count, ADD)
        assert MULTISETS[landed] == tuple(sorted(kept + pick_throw(thrown, u)))


# -- native and engine: the same games -------------------------------------------------


def engine_games(
    rules: Rules, levels: list[str], games: int, seed: int, bots: list[Policy]
) -> list[list[dict[str, int | None]]]:
    """Every player's final boxes in each game, played through the engine."""
    k = len(levels)
    found = []
    for number in range(games):
        order = [(number + s) % k for s in range(k)]
        position = play_game(
            rules, [f"p{p}" for p in order], [bots[p] for p in order], StreamDice(seed, number)
        )
        boxes: list[dict[str, int | None]] = [{} for _ in range(k)]
        for seat, player in enumerate(order):
            boxes[player] = dict(position.players[seat].boxes)
        found.append(boxes)
    return found


def native_games(
    rules: Rules, levels: list[str], games: int, seed: int, strategy: Any
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    world = native_world(rules, strategy)
    kinds = np.array([native.KINDS[level] for level in levels], dtype=np.int64)
    totals = np.zeros((games, len(levels)), dtype=np.int64)
    sheets = np.zeros((games, len(levels), world.tables.n_boxes), dtype=np.int64)
    native.play_block(seed, 0, kinds, world.kernel, totals, sheets)
    return totals, sheets


@pytest.mark.parametrize(
    ("preset", "levels"),
    [
        ("russian", ["optimal", "greedy", "chaser"]),
        ("russian_banked", ["chaser", "optimal"]),
        ("yahtzee", ["optimal", "chaser"]),
        ("yahtzee", ["optimal"]),
    ],
)
def test_native_games_are_the_engines_throw_for_throw(preset: str, levels: list[str]) -> None:
    strategy = strategy_of(preset)
    rules = strategy.rules
    games, seed = 60, 5
    bots = [
        OptimalBot(rules, lambda _rules: strategy) if level == "optimal" else make_bot(level, rules)
        for level in levels
    ]
    expected = engine_games(rules, levels, games, seed, bots)
    totals, sheets = native_games(rules, levels, games, seed, strategy)
    names = world_boxes(rules)
    for number, boxes in enumerate(expected):
        for player, written in enumerate(boxes):
            assert [written[box] for box in names] == sheets[number, player].tolist()
    engine = play_tournament(rules, levels, games, seed, strategy=strategy, native=False)
    assert engine.path == "engine"
    assert np.array_equal(engine.finals, totals)


@pytest.mark.parametrize("house", HOUSE)
def test_the_levels_native_games_are_the_engines_under_house_rules(
    house: tuple[str, tuple[tuple[str, object], ...]],
) -> None:
    rules = rules_of(*house)
    levels = ["greedy", "chaser", "chaser"]
    fast = play_tournament(rules, levels, 40, seed=2, native=True)
    slow = play_tournament(rules, levels, 40, seed=2, native=False)
    assert (fast.path, slow.path) == ("native", "engine")
    assert np.array_equal(fast.finals, slow.finals)
    assert np.array_equal(fast.shares, slow.shares)


def world_boxes(rules: Rules) -> tuple[str, ...]:
    from thousand.games.poker_dice.scoring import boxes  # noqa: PLC0415

    return boxes(rules.sheet)


# -- the figures of a tournament -----------------------------------------------------------


def test_a_tournament_rotates_the_first_seat_and_shares_tied_wins() -> None:
    finals = np.array([[10, 20], [30, 30], [5, 1]])
    assert shares_of(finals).tolist() == [[0, 1], [0.5, 0.5], [1, 0]]
    result = play_tournament(rules_of("russian"), ["greedy", "greedy"], 400, seed=1)
    assert result.players == ["greedy (1)", "greedy (2)"]
    assert np.allclose(result.shares.sum(axis=1), 1)
    first = np.arange(400) % 2
    assert result.first_player_rate()[0] == pytest.approx(
        result.shares[np.arange(400), first].sum() / 400
    )
    start, width, counts = result.histogram()
    assert counts.sum(axis=0).tolist() == [400, 400]
    assert start <= result.finals.min() and start + width * len(counts) > result.finals.max()


def test_the_ranking_game_is_played_through_the_engine() -> None:
    result = play_tournament(rules_of("ranking"), ["optimal", "greedy", "chaser"], 300, seed=4)
    assert result.path == "engine" and result.ranking
    assert result.shares.sum() == 300 and set(np.unique(result.shares)) <= {0.0, 1.0}
    for player in range(3):
        assert sum(result.hands(player).values()) == 300
    data = result.to_json_data()
    assert "mean_totals" not in data and len(data["hands"]) == 3
    assert set(data["hands"][0]) == set(HAND_KINDS)


def test_bin_widths_are_round() -> None:
    assert [bin_width(span) for span in (0, 15, 40, 300, 399, 2000)] == [1, 1, 2, 20, 20, 100]


# -- thousand simulate --game poker_dice ---------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["simulate", *argv], stdin=io.StringIO(), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


@pytest.fixture
def poker_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A strategy cache holding the yahtzee and russian solves (``THOUSAND_CACHE_DIR``)."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    for preset in ("yahtzee", "russian"):
        strategy_of(preset).save()
    return tmp_path


def test_simulate_json(poker_cache: Path) -> None:
    del poker_cache
    status, out, err = run(
        "--game", "poker_dice", "--rules", "yahtzee", "--players", "optimal,greedy",
        "--games", "500", "--seed", "3", "--json",
    )  # fmt: skip
    assert status == ExitStatus.OK, err
    data = json.loads(out)
    assert data["game"] == "poker_dice" and data["rules"] == "yahtzee"
    assert data["players"] == ["optimal", "greedy"] and data["games"] == 500
    assert data["path"] == "native"
    assert sum(data["wins"]) == pytest.approx(500)
    assert data["win_rates"][0] > data["win_rates"][1]
    for low, high in data["win_rate_ci95"]:
        assert 0 <= low <= high <= 1
    low, high = data["mean_total_ci95"][0]
    assert low < data["mean_totals"][0] < high
    assert data["expected_totals"] == [strategy_of("yahtzee").expected_total, None]
    assert sum(data["histogram"]["counts"][1]) == 500
    assert {"shared_games", "first_player_win_rate", "first_player_win_rate_ci95"} <= set(data)
    assert {"sd_totals", "min_totals", "max_totals", "games_per_second", "seconds"} <= set(data)
    again = json.loads(run(
        "--game", "poker_dice", "--rules", "yahtzee", "--players", "optimal,greedy",
        "--games", "500", "--seed", "3", "--json",
    )[1])  # fmt: skip
    assert again["mean_totals"] == data["mean_totals"]


def test_simulate_report_and_plot(poker_cache: Path, tmp_path: Path) -> None:
    del poker_cache
    plot = tmp_path / "poker.png"
    status, out, err = run(
        "--game", "poker_dice", "--players", "optimal,chaser", "--games", "300",
        "--plot", str(plot),
    )  # fmt: skip
    assert status == ExitStatus.OK, err
    assert out.startswith("300 games of poker dice under russian (native path")
    assert f"the solver expects {strategy_of('russian').expected_total:.2f}" in out
    assert "totals in bins of" in out and "█" in out
    assert plot.stat().st_size > 1000


def test_simulate_ranking_report() -> None:
    status, out, err = run(
        "--game", "poker_dice", "--rules", "ranking", "--players", "optimal,greedy",
        "--games", "200",
    )  # fmt: skip
    assert status == ExitStatus.OK, err
    assert "(engine path" in out and "last hands" in out and "full_house" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "optimal,genius"], "unknown poker dice level 'genius'"),
        (["--players", "optimal,,greedy"], "levels separated by commas"),
        (["--players", ",".join(["greedy"] * 9)], "at most 8 players"),
        (["--players", "greedy", "--games", "0"], "--games must be from 1"),
        (["--players", "greedy", "--rules", "nonsense"], "nonsense"),
        (["--players", "greedy", "--rules", "ranking"], "at least two players"),
        (["--players", "greedy", "--plot", "out.txt"], "must end in"),
        (["--players", "greedy", "--seed", "-1"], "--seed"),
    ],
)
def test_simulate_refuses_bad_input_in_one_line(argv: list[str], message: str) -> None:
    status, out, err = run("--game", "poker_dice", *argv)
    assert status == ExitStatus.BAD_INPUT
    assert out == ""
    assert message in err and err.count("\n") == 1


def test_simulate_still_plays_dice_1000_by_default() -> None:
    status, out, err = run("--players", "bold,cautious", "--games", "20", "--json")
    assert status == ExitStatus.OK, err
    data = json.loads(out)
    assert data["players"] == ["bold", "cautious"] and "mean_totals" not in data
