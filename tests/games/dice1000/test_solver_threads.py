"""One solved strategy asked from several threads at once answers each as if alone.

A server keeps one strategy per rule set and asks it from worker threads: the advisor of
every room, the history of each game's end, the computer players. Each answer is planned
into the strategy's scratch arrays and read back from them, and the planning kernels leave
the interpreter's lock; without the strategy's ``scratch`` lock one thread's plan
overwrote another's before it was read (the two-player strategy gave 883 wrong answers of
36,000 from four threads). Positions from random games change the turn planned at almost
every question, and a tiny switch interval makes the threads take turns often.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from tests.games.dice1000 import test_solver_falling, test_solver_three
from tests.games.dice1000.test_solver import SMALL_RULES
from thousand.games.dice1000 import Game, GameState, Outcome, rules_from_spec
from thousand.games.dice1000.actions import Action
from thousand.games.dice1000.solver.strategy import SolvedStrategy, SolverError, solve
from thousand.games.dice1000.state import Phase, new_state

THREADS = 4
ROUNDS = 10
POSITIONS = 300


@cache
def two_player() -> SolvedStrategy:
    return solve(Game(rules_from_spec(SMALL_RULES[0])))


STRATEGIES: dict[str, tuple[Callable[[], SolvedStrategy], int]] = {
    "two": (two_player, 2),
    "falling": (lambda: test_solver_falling.solved("courtyard"), 2),
    "three": (lambda: test_solver_three.solved(0), 3),
}


def decisions(strategy: SolvedStrategy, players: int, seed: int = 1) -> Iterator[GameState]:
    """Throw-or-stop positions of random games that ``strategy`` answers."""
    rng = random.Random(seed)
    names = [f"P{index}" for index in range(players)]
    while True:
        state = new_state(strategy.game, names)
        while not state.is_over:
            if state.is_chance_node:
                faces = rng.choice(state.chance_outcomes())[0]
                state, _ = state.advance(Outcome(faces))
                continue
            actions = state.legal_actions()
            if state.phase is Phase.DECIDE and len(actions) > 1:
                try:
                    strategy.action_values(state)
                except SolverError:  # off the solved sheets: not asked
                    pass
                else:
                    yield state
            state, _ = state.advance(rng.choice(actions))


@pytest.mark.parametrize("kind", list(STRATEGIES))
def test_threads_asking_one_strategy_at_once_each_get_its_answer(kind: str) -> None:
    make, players = STRATEGIES[kind]
    strategy = make()
    found = decisions(strategy, players)
    positions = [next(found) for _ in range(POSITIONS)]
    alone = [strategy.action_values(state) for state in positions]
    assert len({tuple(values.items()) for values in alone}) > POSITIONS // 10  # varied
    wrong: list[tuple[int, dict[Action, float]]] = []

    def ask(seed: int) -> None:
        order = list(range(POSITIONS))
        random.Random(seed).shuffle(order)
        for _ in range(ROUNDS):
            for index in order:
                values = strategy.action_values(positions[index])
                if values != alone[index]:
                    wrong.append((index, values))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=ask, args=(seed,)) for seed in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == []
