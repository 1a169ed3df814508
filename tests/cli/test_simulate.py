"""``thousand simulate`` and the tournaments behind it: seats, counts, intervals, plots."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from thousand.cli.main import ExitStatus, main
from thousand.games.dice1000 import Game, GameState, load_preset
from thousand.games.dice1000.actions import STOP, THROW, Action
from thousand.games.dice1000.bots import make_bot
from thousand.games.dice1000.simulation import play_tournament, wilson
from thousand.games.dice1000.solver.fastplay import PAIR, FastGame, NativeSeat, pack_stops
from thousand.games.dice1000.solver.native import strategy_seat
from thousand.games.dice1000.solver.strategy import Strategy

CLASSIC = Game(load_preset("classic"))


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["simulate", *argv], stdin=io.StringIO(), stdout=out, stderr=err)
    return int(status), out.getvalue(), err.getvalue()


def run_json(*argv: str) -> Any:
    status, out, err = run(*argv, "--json")
    assert status == ExitStatus.OK, err
    return json.loads(out)


# -- Wilson intervals ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Published values of the 95% Wilson score interval (Newcombe 1998, table I).
        (0, 10, 0.0, 0.2775),
        (1, 29, 0.0061, 0.1718),
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
    ],
)
def test_wilson_interval_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    rate, lower, upper = wilson(successes, trials)
    assert rate == successes / trials
    assert (round(lower, 4), round(upper, 4)) == (low, high)


# -- tournaments ---------------------------------------------------------------------


class Watcher:
    """A policy that stops at its first chance and notes who sits first in each game.

    Consecutive games always seat someone else first, so the runs of equal names in
    :attr:`openings` are the games.
    """

    def __init__(self, openings: list[str]) -> None:
        self.openings = openings

    def __call__(self, state: GameState) -> Action:
        first = state.players[0].name.split("#")[0]
        if not self.openings or self.openings[-1] != first:
            self.openings.append(first)
        actions = state.legal_actions()
        return STOP if STOP in actions else actions[0]


def test_who_moves_first_alternates_from_game_to_game() -> None:
    openings: list[str] = []
    result = play_tournament(CLASSIC, ["x", "y"], [Watcher(openings), Watcher(openings)], 6, seed=3)
    assert openings == ["x", "y", "x", "y", "x", "y"]
    assert result.path == "engine"
    assert sum(result.wins) + result.unfinished == 6
    assert result.finals.shape == (6, 2)
    # The winner of each game is the one whose final score reached the target.
    assert sum(int(max(row) >= 1000) for row in result.finals) == sum(result.wins)


def test_three_player_tournaments_rotate_the_first_seat() -> None:
    openings: list[str] = []
    players = [Watcher(openings) for _ in "abc"]
    play_tournament(CLASSIC, ["a", "b", "c"], players, 6, seed=4)
    assert openings == ["a", "b", "c", "a", "b", "c"]


class Eager:
    """A policy that stops whenever it may, with a native seat that does the same."""

    def __init__(self, stop_ok: np.ndarray[Any, Any]) -> None:
        self.stop_ok = stop_ok  # [a, t] over score units: where the rules allow a stop

    def __call__(self, state: GameState) -> Action:
        return STOP if STOP in state.legal_actions() else THROW

    def native_seat(self, fast: FastGame, players: int, progress: object = None) -> NativeSeat:
        del players, progress
        target = self.stop_ok.shape[0]
        policy = np.zeros((target, target, target + 1, 6), dtype=np.uint8)
        policy[...] = self.stop_ok[:, None, :, None]
        lasts = target - np.arange(target, dtype=np.int64)
        return NativeSeat(PAIR, pack_stops(policy), fast.sheets.score.copy(), lasts)


@pytest.mark.slow
def test_native_tournament_counts_the_first_player_by_game(
    classic_cache: Path, classic_strategy: Strategy
) -> None:
    games = 4096
    perfect, eager = make_bot("perfect", 0), Eager(classic_strategy.tables.stop_ok)
    result = play_tournament(CLASSIC, ["perfect", "eager"], [perfect, eager], games, seed=9)
    fast = FastGame(CLASSIC)
    seats = [perfect.native_seat(fast, 2), eager.native_seat(fast, 2)]  # type: ignore[attr-defined]
    direct = fast.play(seats, games, seed=9)
    first = np.arange(games) % 2
    assert result.path == "native"
    assert result.wins == [int(np.sum(direct.winners == 0)), int(np.sum(direct.winners == 1))]
    assert result.first_player_wins == int(np.sum(direct.winners == first))
    assert result.turns == int(direct.turns.sum())
    # Banking at every chance loses to perfect play (62.5% of these games).
    assert result.wins[0] == 2559


@pytest.mark.slow
def test_progress_steps_do_not_change_the_games(classic_strategy: Strategy) -> None:
    fast = FastGame(CLASSIC)
    seat = strategy_seat(fast, classic_strategy)
    whole = fast.play([seat, seat], 100_000, seed=2)
    seen: list[int] = []
    stepped = fast.play([seat, seat], 100_000, seed=2, progress=seen.append)
    assert seen[-1] == 100_000
    assert seen == sorted(seen)
    assert len(seen) > 1
    assert np.array_equal(whole.winners, stepped.winners)
    assert np.array_equal(whole.finals, stepped.finals)


# -- the command ---------------------------------------------------------------------


def test_json_has_the_contract_keys(classic_cache: Path) -> None:
    data = run_json("--players", "perfect,perfect", "--games", "3000", "--seed", "5")
    assert data["games"] == 3000
    assert len(data["wins"]) == 2
    assert sum(data["wins"]) + data["unfinished"] == 3000
    assert 0 <= data["first_player_wins"] <= 3000
    assert data["games_per_second"] > 0
    assert data["path"] == "native"
    assert data["players"] == ["perfect (1)", "perfect (2)"]
    low, high = data["first_player_win_rate_ci95"]
    assert low < data["first_player_wins"] / 3000 < high
    assert 40 < data["average_turns"] < 80


def test_the_same_seed_plays_the_same_tournament(classic_cache: Path) -> None:
    first = run_json("--players", "perfect,perfect", "--games", "2000", "--seed", "8")
    again = run_json("--players", "perfect,perfect", "--games", "2000", "--seed", "8")
    other = run_json("--players", "perfect,perfect", "--games", "2000", "--seed", "9")
    keys = ("wins", "first_player_wins", "average_turns")
    assert [first[k] for k in keys] == [again[k] for k in keys]
    assert [first[k] for k in keys] != [other[k] for k in keys]


def test_human_report(classic_cache: Path) -> None:
    status, out, err = run("--players", "perfect,perfect", "--games", "1000")
    assert status == ExitStatus.OK
    assert err == ""
    lines = out.splitlines()
    assert lines[0].startswith("1,000 games under classic (native path, ")
    assert lines[1].lstrip().startswith("perfect (1)")
    assert "95% CI" in lines[1]
    assert lines[3].lstrip().startswith("first player wins ")
    assert lines[3].endswith(" turns per game")


def test_plot_is_a_png(classic_cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "tournament.png"
    status, _, err = run("--players", "perfect,perfect", "--games", "500", "--plot", str(path))
    assert status == ExitStatus.OK, err
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_plot_that_cannot_be_written_is_one_line(classic_cache: Path, tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "plot.png"
    status, out, err = run("--players", "perfect,perfect", "--games", "100", "--plot", str(target))
    assert status == ExitStatus.BAD_INPUT
    assert out == ""
    assert err.count("\n") == 1
    assert str(target) in err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--players", "perfect"], "simulate: --players needs at least two levels"),
        (["--players", "perfect,"], "simulate: --players needs at least two levels"),
        (["--players", "perfect,genius"], "unknown computer player level 'genius'"),
        (
            ["--players", "bold,bold", "--games", "0"],
            "simulate: --games must be from 1 to 10,000,000, got 0",
        ),
        (["--players", ",".join(["bold"] * 9)], "simulate: a game has at most 8 players"),
    ],
)
def test_bad_arguments_are_one_line(argv: list[str], expected: str) -> None:
    status, out, err = run(*argv)
    assert status == ExitStatus.BAD_INPUT
    assert out == ""
    assert err.count("\n") == 1
    assert expected in err


SLOW_RULES = (
    'preset = "classic"\nentry_threshold = 5\ntarget = 1000\nbarrels = []\n[points]\n'
    "singles = [0, 0, 0, 0, 0, 0]\nthree_of_a_kind = [5, 5, 5, 5, 5, 5]\n"
    "four_of_a_kind = [5, 5, 5, 5, 5, 5]\nfive_of_a_kind = [5, 5, 5, 5, 5, 5]\n"
    "small_straight = 5\nbig_straight = 5\nfavorites = false\n"
)
"""Only whole combinations score, 5 points each: games of hundreds of turns, some of more
than 1,024 throws — more than the native path's first buffer of uniforms holds."""


def test_games_longer_than_the_first_buffer_play_on_the_native_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "cache"))
    rules = tmp_path / "slow.toml"
    rules.write_text(SLOW_RULES, encoding="utf-8")
    data = run_json("--players", "perfect,perfect", "--games", "64", "--rules", str(rules))
    assert data["path"] == "native" and data["games"] == 64
    assert data["average_turns"] > 300  # long games indeed
    assert sum(data["wins"]) + data["unfinished"] == 64


@pytest.mark.slow
def test_games_nobody_wins_stop_at_the_turn_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three players: a game past the limit ends unfinished (on the native path too)."""
    from thousand.games.dice1000 import simulation  # noqa: PLC0415
    from thousand.games.dice1000.bots import make_bot  # noqa: PLC0415

    monkeypatch.setattr(simulation, "MAX_GAME_TURNS", 4)
    game = Game(load_preset("classic"))
    result = play_tournament(
        game, ["a", "b", "c"], [make_bot("bold", seat) for seat in range(3)], 6, 1
    )
    assert result.unfinished == 6 and sum(result.wins) == 0 and result.turns == 24


def test_rules_too_large_to_solve_are_refused_with_the_estimate(tmp_path: Path) -> None:
    rules = tmp_path / "huge.toml"
    rules.write_text('preset = "classic"\ntarget = 100000\n', encoding="utf-8")
    status, out, err = run("--players", "perfect,bold", "--rules", str(rules))
    assert (status, out) == (ExitStatus.BAD_INPUT, "")
    assert err == (
        "the strategy tables of these rules would need about 44,712.8 GiB (the limit is "
        "4 GiB): a target of 100000 in steps of 5 points is 20,000 steps\n"
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--seed", "-1"], "thousand simulate: argument --seed: -1 is not a seed from 0 to"),
        (["--seed", str(2**64)], "thousand simulate: argument --seed: 18446744073709551616 is"),
        (["--games", str(10**12)], "simulate: --games must be from 1 to 10,000,000, got 1,000,"),
        (["--plot", "out.txt"], "simulate: --plot 'out.txt': the file must end in .png, .svg"),
        (["--plot", "/no/such/folder/x.png"], "/no/such/folder/x.png: cannot write the plot"),
    ],
)
def test_hostile_options_are_refused_before_any_game(argv: list[str], line: str) -> None:
    status, out, err = run("--players", "bold,cautious", *argv)
    assert (status, out) == (ExitStatus.BAD_INPUT, "")
    assert err.startswith(line) and err.count("\n") == 1
