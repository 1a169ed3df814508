"""Native games at every table size and under every preset are the engine's games.

Fed the same uniform numbers, the native path (:mod:`.solver.fastplay`) with each
player's native seat and the engine with the players themselves (the planning bots,
``perfect``) play the same games: same winner, final scores, turns and throws. The
seats mix ``perfect`` and the levels, two to four players, under the four presets —
scores that fall (bolts, dump trucks, overtaking, barrel attempts, knock-off to the
entry score) included.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.games.dice1000.support import CountingDice
from thousand.games.dice1000 import Game, load_preset, rules_from_spec
from thousand.games.dice1000.bots import make_bot
from thousand.games.dice1000.match import play_fast
from thousand.games.dice1000.simulation import play_tournament
from thousand.games.dice1000.solver.fastplay import OFF_TABLE, FastGame
from thousand.games.dice1000.solver.native import strategy_seat
from thousand.games.dice1000.solver.player import PerfectPlayer
from thousand.games.dice1000.solver.strategy import FallingStrategy, load_strategy
from thousand.games.dice1000.state import GameState

TABLES = [
    ("classic", "balanced,bold,cautious,perfect"),
    ("ussr", "perfect,balanced"),
    ("ussr", "bold,perfect,cautious"),
    ("courtyard", "perfect,bold,balanced,cautious"),
    ("barrel850", "cautious,perfect,bold"),
]
GAMES = 3


@pytest.fixture(autouse=True)
def private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Level tables go to a cache of the test session's own (strategies come shipped)."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "native"))


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players"), TABLES, ids=[f"{p}-{s}" for p, s in TABLES])
def test_native_games_are_the_engines_games(preset: str, players: str) -> None:
    game = Game(load_preset(preset))
    levels = players.split(",")
    fast = FastGame(game)
    seats = [make_bot(level, 0).native_seat(fast, len(levels)) for level in levels]  # type: ignore[attr-defined]
    rng = np.random.default_rng(len(levels))
    for number in range(GAMES):
        uniforms = rng.random(20_000)
        first = number % len(levels)
        winner, played, scores, used = fast.play_stream(uniforms, first, seats)
        order = [(first + k) % len(levels) for k in range(len(levels))]
        policies = [make_bot(levels[seat], 0) for seat in order]
        dice = CountingDice(uniforms)
        final, turns = play_fast(game, [f"p{k}" for k in order], policies, dice)
        assert final.winner is not None
        assert order[final.winner] == winner
        engine = {order[k]: sheet.score for k, sheet in enumerate(final.players)}
        assert engine == dict(enumerate(scores))
        assert (dice.thrown, turns) == (used, played)


def test_falling_perfect_decides_by_the_bits_the_native_path_reads() -> None:
    """``perfect`` under ussr decides in the engine by its stop table, and the native
    seat reads that very table (planned for all movers at once)."""
    strategy = load_strategy(Game(load_preset("ussr")))
    assert isinstance(strategy, FallingStrategy)
    fast = FastGame(strategy.game)
    seat = strategy_seat(fast, strategy)
    rows = strategy._stop_rows(40, 43)
    assert np.array_equal(seat.bits[40:43], rows)
    # Native sheets below the solver's floor play its floor sheet, as in the engine.
    low = [k for k, sheet in enumerate(fast.sheets.sheets) if sheet[0] < -100]
    assert low
    floor = {int(strategy.sheets.score[seat.rows[k]]) for k in low}
    assert floor == {-20}


def test_a_game_that_falls_off_the_sheets_is_counted_apart() -> None:
    """With an overtaking penalty of 500, scores fall past the native floor (−1000):
    those games stop unfinished and are counted as off the table, never played on
    approximately."""
    game = Game(rules_from_spec({"preset": "courtyard", "overtaking_penalty": 500}))
    players = [make_bot("bold", seat) for seat in range(3)]
    result = play_tournament(game, ["a", "b", "c"], players, 2048, seed=1)
    assert result.path == "native"
    assert result.off_table > 0
    assert result.unfinished >= result.off_table
    assert sum(result.wins) + result.unfinished == 2048
    assert result.to_json_data()["off_table"] == result.off_table


@pytest.mark.slow
def test_every_shipped_player_plays_natively_at_every_table_size(tmp_path: Path) -> None:
    del tmp_path
    game = Game(load_preset("courtyard"))
    for count in (2, 3, 4):
        names = ["perfect", "bold", "cautious", "balanced"][:count]
        players = [make_bot(name, 0) for name in names]
        result = play_tournament(game, names, players, 1024, seed=2)
        assert result.path == "native"
        assert sum(result.wins) + result.unfinished == 1024
        assert result.unfinished == 0


def test_a_custom_policy_goes_through_the_engine() -> None:
    def eager(state: GameState) -> object:
        return state.legal_actions()[-1]

    game = Game(load_preset("classic"))
    result = play_tournament(game, ["x", "y"], [eager, PerfectPlayer()], 4, seed=1)  # type: ignore[list-item]
    assert result.path == "engine"
    assert OFF_TABLE < 0
