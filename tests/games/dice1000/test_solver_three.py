"""The exact three-player solver against an independent value iteration on the engine.

The reference shares nothing with the solver but the engine: it walks positions with
``GameState.advance``, lets every outcome of ``game.chance_outcomes`` fall, and iterates
the turn-start values of all three players until they stop moving, each player taking
the action best for themselves (ties stop, as the solver's). Small targets keep it quick.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from tests.games.dice1000.test_solver import SMALL_RULES  # the two-player reference's rules
from thousand.games.dice1000 import STOP, THROW, Game, GameState, Outcome, rules_from_spec
from thousand.games.dice1000.solver.three import ThreeStrategy, solve_three
from thousand.games.dice1000.state import Forced, PlayerState, new_state

IDS = ["barrel", "exact", "cap-retry-maystop"]
NAMES = ["A", "B", "C"]

Chances = tuple[float, float, float]


def start_of(game: Game, a: int, b: int, c: int) -> GameState:
    """The start of A's turn with scores (a, b, c) for A, B, C."""
    players = tuple(
        PlayerState(name, x, x > 0, x if x > 0 else None, 0, 0)
        for name, x in zip(NAMES, (a, b, c), strict=True)
    )
    return new_state(game, NAMES)._replace(players=players)


Leaf = tuple[str, object]
"""Where a decision leads out of the turn: ``("end", chances)`` when the game is over,
``("turn", triple)`` when the next player's turn starts at that triple of scores."""

NodeKey = tuple[int, int, int, int]
"""A moment of A's turn: turn total, dice left, forced, throws so far (capped at 2)."""


@dataclass(frozen=True)
class Node:
    """One moment of A's turn as the engine plays it: where stopping leads, and what a
    throw leads to (each outcome's chance and its leaf or moment; ``again`` is the chance
    of coming back to this very moment)."""

    stop: Leaf | None
    throw: tuple[tuple[float, Leaf | None, NodeKey | None], ...] | None
    again: float


def turn_graph(game: Game, a: int, b: int, c: int) -> tuple[NodeKey, dict[NodeKey, Node]]:
    """Every moment of A's turn from the scores (a, b, c), walked once with the engine
    (``advance``, ``legal_actions``, ``chance_outcomes``); the sweeps only add up."""
    cap = game.target - a
    graph: dict[NodeKey, Node] = {}

    def leaf(after: GameState) -> Leaf:
        if after.is_over:
            chances = tuple(1.0 if after.winner == k else 0.0 for k in range(3))
            return ("end", chances)
        triple = (after.players[1].score, after.players[2].score, after.players[0].score)
        return ("turn", triple)

    def walk(key: NodeKey) -> None:
        if key in graph:
            return
        total, dice, forced, throws = key
        state = start_of(game, a, b, c)._replace(
            turn_total=total, dice_left=dice, forced=Forced(forced), throws=throws
        )
        actions = state.legal_actions()
        stop = leaf(state.advance(STOP)[0]) if STOP in actions else None
        if stop is not None and stop[0] == "end" and stop[1] == (1.0, 0.0, 0.0):
            graph[key] = Node(stop, None, 0.0)  # A wins by stopping: nothing else matters
            return
        if THROW not in actions:
            graph[key] = Node(stop, None, 0.0)
            return
        in_air = state.advance(THROW)[0]
        here = (min(state.turn_total, cap), state.dice_left, state.forced)
        outcomes: list[tuple[float, Leaf | None, NodeKey | None]] = []
        again = 0.0
        for faces, probability in game.chance_outcomes(state.dice_left):
            after, end = in_air.advance(Outcome(faces))
            if end is not None:
                outcomes.append((float(probability), leaf(after), None))
                continue
            moment = (min(after.turn_total, cap), after.dice_left, after.forced)
            if moment == here:
                again += float(probability)
            else:
                child = (moment[0], moment[1], int(moment[2]), min(after.throws, 2))
                outcomes.append((float(probability), None, child))
        graph[key] = Node(stop, tuple(outcomes), again)
        for _, _, moment_after in outcomes:
            if moment_after is not None:
                walk(moment_after)

    first = start_of(game, a, b, c)
    root = (0, first.dice_left, int(first.forced), 0)
    walk(root)
    return root, graph


def reference(game: Game, sweeps: int = 400) -> dict[tuple[int, int, int], Chances]:
    """Every triple's three chances (A to move, then B, then C)."""
    unit = game.score_unit
    scores = range(0, game.target, unit)
    win: dict[tuple[int, int, int], Chances] = {
        (a, b, c): (1 / 3, 1 / 3, 1 / 3) for a in scores for b in scores for c in scores
    }
    graphs = {triple: turn_graph(game, *triple) for triple in win}

    def turn_value(triple: tuple[int, int, int]) -> Chances:
        root, graph = graphs[triple]
        memo: dict[NodeKey, Chances] = {}

        def reached(where: Leaf) -> Chances:
            if where[0] == "end":
                return where[1]  # type: ignore[return-value]
            u = win[where[1]]  # type: ignore[index]
            return (u[2], u[0], u[1])  # the next mover's frame back to A's

        def value(key: NodeKey) -> Chances:
            if key in memo:
                return memo[key]
            node = graph[key]
            best = None if node.stop is None else reached(node.stop)
            if node.throw is not None and not (best is not None and best[0] == 1.0):
                x = y = z = 0.0
                for probability, where, child in node.throw:
                    got = reached(where) if where is not None else value(child)  # type: ignore[arg-type]
                    x += probability * got[0]
                    y += probability * got[1]
                    z += probability * got[2]
                keep = 1.0 - node.again
                thrown = (x / keep, y / keep, z / keep)
                if best is None or thrown[0] > best[0]:
                    best = thrown
            assert best is not None
            memo[key] = best
            return best

        return value(root)

    order = sorted(win, key=lambda triple: -sum(triple))
    for _ in range(sweeps):
        change = 0.0
        for triple in order:
            new = turn_value(triple)
            change = max(change, *(abs(x - y) for x, y in zip(new, win[triple], strict=True)))
            win[triple] = new
        if change < 1e-13:
            break
    return win


@cache
def solved(index: int) -> ThreeStrategy:
    return solve_three(Game(rules_from_spec(SMALL_RULES[index])))


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(SMALL_RULES)), ids=IDS)
def test_every_triple_matches_the_engine_driven_reference(index: int) -> None:
    strategy = solved(index)
    game = strategy.game
    unit = game.score_unit
    expected = reference(game)
    worst = max(
        abs(strategy.win[a // unit, b // unit, c // unit, k] - chances[k])
        for (a, b, c), chances in expected.items()
        for k in range(3)
    )
    assert worst < 1e-9
    assert np.allclose(strategy.win.sum(axis=3), 1.0, atol=1e-12)


@pytest.mark.parametrize("index", range(len(SMALL_RULES)), ids=IDS)
def test_the_best_action_at_a_turns_start_is_worth_the_table(index: int) -> None:
    strategy = solved(index)
    game = strategy.game
    unit = game.score_unit
    for a, b, c in [(0, 0, 0), (unit, 0, 2 * unit), (game.target - unit, unit, 0)]:
        state = start_of(game, a, b, c)
        if game.first_throw_retry:
            continue  # the retry's first throw is not a decision: its value is the start's
        values = strategy.action_values(state)
        assert max(values.values()) == pytest.approx(
            strategy.win[a // unit, b // unit, c // unit, 0], abs=1e-12
        )


def test_the_table_round_trips_through_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    strategy = solved(0)
    assert ThreeStrategy.load(strategy.game) is None
    path = strategy.save()
    loaded = ThreeStrategy.load(strategy.game)
    assert loaded is not None and loaded.source == path
    assert np.abs(loaded.win - strategy.win).max() < 1e-7  # float32
    assert loaded.info == strategy.info


def test_positions_of_other_table_sizes_are_refused() -> None:
    strategy = solved(0)
    two = new_state(strategy.game, ["A", "B"])
    with pytest.raises(Exception, match="three players"):
        strategy.action_values(two)
