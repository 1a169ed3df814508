"""The native fast path plays the engine's game, throw for throw, fed the same dice."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from tests.games.dice1000.support import CountingDice
from thousand.games.dice1000 import STOP, THROW, Action, Game, GameState, rules_from_spec
from thousand.games.dice1000.match import play_fast
from thousand.games.dice1000.solver.fastplay import (
    PAIR,
    THREE,
    FastGame,
    NativeSeat,
    ThreeTable,
    pack_stops,
)
from thousand.games.dice1000.solver.native import strategy_seat, three_seat
from thousand.games.dice1000.solver.seats import SeatedStrategy
from thousand.games.dice1000.solver.strategy import Strategy, solve
from thousand.games.dice1000.solver.three import solve_three

CHECKED_GAMES = 40


def _seat(fast: FastGame, policy: npt.NDArray[np.uint8]) -> NativeSeat:
    """A seat reading a stop table ``[a, b, t, n]`` over scores, against the leader."""
    target = policy.shape[0]
    lasts = target - np.arange(target, dtype=np.int64)
    return NativeSeat(PAIR, pack_stops(policy), fast.sheets.score.copy(), lasts)


def _compare(
    game: Game, strategy: Strategy, policies: list[npt.NDArray[np.uint8]], seed: int
) -> None:
    fast = FastGame(game)
    native = [_seat(fast, policy) for policy in policies]
    rng = np.random.default_rng(seed)
    for number in range(CHECKED_GAMES):
        uniforms = rng.random(20_000)
        first = number % 2
        winner, played, (score0, score1), used = fast.play_stream(uniforms, first, native)
        seats = [first, 1 - first]  # engine player i is fast-path seat seats[i]
        dice = CountingDice(uniforms)

        def by_table(state: GameState, seats: list[int] = seats) -> Action:
            seat_policy = policies[seats[state.current]]
            actions = state.legal_actions()
            if len(actions) == 1:
                return actions[0]
            a, b, t, n = strategy._grid(state)
            return STOP if seat_policy[a, b, t, n] else THROW

        final, turns = play_fast(game, ["first", "second"], [by_table, by_table], dice)
        assert final.winner is not None
        assert seats[final.winner] == winner
        scores = {seats[i]: sheet.score for i, sheet in enumerate(final.players)}
        assert (scores[0], scores[1]) == (score0, score1)
        assert dice.thrown == used
        assert turns == played


@pytest.mark.slow
def test_fast_path_matches_engine_classic(classic_strategy: Strategy) -> None:
    game = classic_strategy.game
    # Perfect against a deliberately different policy: stop whenever allowed.
    greedy = classic_strategy.tables.stop_ok
    eager = np.zeros_like(classic_strategy.policy)
    eager[:, :, :, 1:] = greedy[:, None, :, None]
    eager[:, :, 0, :] = 0
    _compare(game, classic_strategy, [classic_strategy.policy, eager], seed=11)


@pytest.mark.parametrize(
    "spec",
    [
        {"preset": "classic", "ending": "exact", "target": 300, "barrels": []},
        {
            "preset": "classic",
            "target": 300,
            "hot_dice": "may_stop",
            "first_throw_retry": True,
            "instant_win": "five_of_a_kind",
            "two_dice_pair": True,
            "barrels": [{"from": 150, "to": 250, "cap": True}],
        },
    ],
    ids=["exact", "house-rules"],
)
def test_fast_path_matches_engine_house_rules(spec: dict[str, object]) -> None:
    game = Game(rules_from_spec(spec))
    strategy = solve(game)
    _compare(game, strategy, [strategy.policy, strategy.policy], seed=3)


@pytest.mark.slow
def test_perfect_play_matches_prediction(classic_strategy: Strategy) -> None:
    """200,000 perfect-vs-perfect games agree with the solved first-player chance."""
    fast = FastGame(classic_strategy.game)
    seat = strategy_seat(fast, classic_strategy)
    games = 200_000
    results = fast.play([seat, seat], games, seed=1)
    first = np.arange(games) % 2
    rate = float(np.mean(results.winners == first))
    margin = 1.96 * np.sqrt(rate * (1 - rate) / games)
    assert abs(rate - classic_strategy.info.first_player_win) < max(margin, 0.004)
    assert (results.winners >= 0).all()


def _planned(fast: FastGame, table: ThreeTable) -> NativeSeat:
    """A three-player seat without thresholds: every turn planned by the programme."""
    empty = np.zeros((1, 1, 7, 1), dtype=np.uint64)
    rows = np.zeros(fast.sheets.count, dtype=np.int64)
    return NativeSeat(THREE, empty, rows, np.zeros(1, dtype=np.int64), table)


THREE_RULES = {"preset": "classic", "target": 400, "barrels": [{"from": 200, "to": 250}]}
"""Classic to 400 with a barrel: the exact three-player solve in seconds."""


@pytest.mark.slow
def test_three_perfect_players_native_match_the_engine_throw_for_throw() -> None:
    """Three seats on the exact three-player table: the engine's ``perfect`` (planning
    each decision through :class:`ThreeStrategy`) and the native path, fed the same dice,
    play the same games; and a seat on the two-player table plays the leader."""
    game = Game(rules_from_spec(THREE_RULES))
    three = solve_three(game)
    two = solve(game)
    seated = SeatedStrategy(two, three)
    fast = FastGame(game)
    planned = ThreeTable(three.win, None, three.tables.kernel_rules())
    rng = np.random.default_rng(7)
    for number in range(24):
        uniforms = rng.random(20_000)
        first = number % 3
        duel = number % 2 == 1  # seat 1 plays the two-player table against the leader
        # Half the games read the stop thresholds, half plan every turn in full.
        exact = three_seat(fast, three) if number % 4 < 2 else _planned(fast, planned)
        seats = [exact, strategy_seat(fast, two) if duel else exact, exact]
        winner, played, scores, used = fast.play_stream(uniforms, first, seats)
        order = [(first + i) % 3 for i in range(3)]  # engine player i is seat order[i]
        dice = CountingDice(uniforms)

        def decide(state: GameState, order: list[int] = order, duel: bool = duel) -> Action:
            if duel and order[state.current] == 1:
                return two.decide(state)
            return seated.decide(state)

        final, turns = play_fast(game, ["x", "y", "z"], [decide] * 3, dice)
        assert final.winner is not None
        assert order[final.winner] == winner
        assert {order[i]: sheet.score for i, sheet in enumerate(final.players)} == dict(
            enumerate(scores)
        )
        assert dice.thrown == used
        assert turns == played
