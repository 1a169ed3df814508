"""The level tables decide exactly as the planning bots do, and play the engine's game.

A table (:mod:`thousand.games.dice1000.solver.levels`) is a second implementation of ``_Plan``: the
test asks both for the decision at random positions and wants the same answer
everywhere, except where the bot's two values are equal to 1e-9 (a tie that rounding
may break either way; there are next to none).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
import pytest

from thousand.games.dice1000 import STOP, Game, GameState, load_preset, rules_from_spec
from thousand.games.dice1000.bots import LevelBot, make_bot
from thousand.games.dice1000.dice import UniformDice
from thousand.games.dice1000.match import Policy, play_fast
from thousand.games.dice1000.planning import WIN
from thousand.games.dice1000.solver.fastplay import FastGame
from thousand.games.dice1000.solver.tables import SolverTables, build_tables
from thousand.games.dice1000.state import Forced, Phase, PlayerState

LEVELS = ("cautious", "balanced", "bold")

RULE_SETS: dict[str, object] = {
    "classic": "classic",
    "may-stop-retry": {"preset": "classic", "hot_dice": "may_stop", "first_throw_retry": True},
    "exact-500": {
        "preset": "classic",
        "ending": "exact",
        "target": 500,
        "barrels": [{"from": 200, "to": 300}],
    },
}
"""Classic, and two monotone house rules that change a turn's ends: stopping on hot
dice with a retried first throw (n = 5 is a decision), and the exact ending (a total
past the target busts) on a shorter road with one barrel."""

POSITIONS = 1000
PER_PAIR = 8
"""Positions per rule set, in groups of up to ``PER_PAIR`` per pair of scores: a plan is
made per pair of scores, and the bots' own cost, not the tables', bounds this test."""


def _bot(level: str) -> LevelBot:
    bot = make_bot(level, 0)
    assert isinstance(bot, LevelBot)
    return bot


def _reachable(tables: SolverTables) -> set[tuple[int, int]]:
    """(turn total, dice in hand) a turn can reach without busting, totals in units."""
    seen = {(0, 5)}
    todo = [(0, 5)]
    while todo:
        t, n = todo.pop()
        for k in range(int(tables.count[n])):
            t2 = t + int(tables.pts[n, k])
            n2 = n - int(tables.kept[n, k]) or 5
            if t2 <= tables.target and (t2, n2) not in seen:
                seen.add((t2, n2))
                todo.append((t2, n2))
    return seen


def _sheet(name: str, score: int) -> PlayerState:
    entered = score > 0  # where scores only grow, the sheet follows from the score
    return PlayerState(name, score, entered, score if entered else None, 0, 0)


def _positions(
    game: Game, tables: SolverTables, seed: int
) -> Iterator[tuple[GameState, tuple[int, int, int, int]]]:
    """Free positions (a stop is allowed) with both sheets real, and their table index."""
    rng = random.Random(seed)
    unit, target = tables.unit, tables.target
    reachable = sorted(_reachable(tables))
    found = 0
    while found < POSITIONS:
        a = rng.randrange(target)
        b = rng.randrange(target)
        last = target - a
        free = [
            (t, n)
            for t, n in reachable
            if 0 < t <= last and tables.stop_ok[a, t] and not (n == 5 and tables.hot_must_throw)
        ]
        mover, other = _sheet("mover", a * unit), _sheet("other", b * unit)
        for t, n in rng.sample(free, min(len(free), PER_PAIR, POSITIONS - found)):
            found += 1
            state = GameState(
                game, (mover, other), 0, Phase.DECIDE, t * unit, n, Forced.NO, 1, (), None
            )
            assert state.may_stop()
            yield state, (a, b, t, n)


class CountingDice(UniformDice):
    """Counts the throws, to compare with the uniforms the fast path used."""

    def __init__(self, uniforms: npt.NDArray[np.float64]) -> None:
        super().__init__(float(u) for u in uniforms)
        self.thrown = 0

    def throw(self, count: int) -> tuple[int, ...]:
        self.thrown += 1
        return super().throw(count)


def test_native_games_of_level_tables_are_the_bots_games() -> None:
    """Fed the same dice, the fast path with two level tables and the engine with the two
    bots themselves play the same games: same winner, scores, turns and throws."""
    game = Game(load_preset("classic"))
    levels = ("balanced", "bold")
    tables = [_bot(level).table(game) for level in levels]
    fast = FastGame(game)
    rng = np.random.default_rng(5)
    for number in range(4):
        uniforms = rng.random(20_000)
        first = number % 2
        winner, played, (score0, score1), used = fast.play_stream(
            uniforms, first, [t for t in tables if t is not None]
        )
        seats = [first, 1 - first]  # engine player i is fast-path seat seats[i]
        policies: list[Policy] = [make_bot(levels[seat], 0) for seat in seats]
        dice = CountingDice(uniforms)
        final, turns = play_fast(game, ["first", "second"], policies, dice)
        assert final.winner is not None
        assert seats[final.winner] == winner
        scores = {seats[i]: sheet.score for i, sheet in enumerate(final.players)}
        assert (scores[0], scores[1]) == (score0, score1)
        assert (dice.thrown, turns) == (used, played)


@pytest.mark.parametrize("rules", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_tables_decide_as_the_bots_do(rules: object) -> None:
    """Every level, 1000 free positions: the table's decision is the bot's."""
    game = Game(rules_from_spec(rules))
    tables = build_tables(game)
    bots = [_bot(level) for level in LEVELS]
    policies = [bot.table(game) for bot in bots]
    for policy in policies:
        assert policy is not None
        assert policy.shape == (tables.target, tables.target, tables.target + 1, 6)
        assert policy.dtype == np.uint8
        # The fast path trusts the table: a stop where none is allowed would record a win.
        assert not (policy.astype(bool) & ~tables.stop_ok[:, None, :, None]).any()
    checked = ties = 0
    wrong: list[str] = []
    for state, index in _positions(game, tables, seed=7):
        for bot, policy in zip(bots, policies, strict=True):
            assert policy is not None
            table_stops = bool(policy[index])
            bot_stops = bot(state) is STOP
            checked += 1
            plan = bot.plan(state)
            key = plan.graph.key_of(state)
            if plan.graph.nodes[key].stop != WIN:
                throw = plan.throw_value(key, bot.temperament.horizon - 1) - plan.margin(key)
                if abs(throw - plan.stop_value(key)) <= 1e-9:
                    ties += 1
                    continue
            if table_stops != bot_stops:
                wrong.append(f"{bot.temperament.name} at (a, b, t, n) = {index}")
    assert checked == len(LEVELS) * POSITIONS
    assert not wrong, f"{len(wrong)} of {checked} decisions differ: {wrong[:5]}"
    assert ties <= checked // 100


def test_a_table_is_computed_once_and_none_where_the_solver_cannot_go() -> None:
    short = Game(rules_from_spec(RULE_SETS["exact-500"]))
    assert _bot("bold").table(short) is _bot("bold").table(short)
    assert _bot("bold").table(Game(load_preset("ussr"))) is None
    assert (
        _bot("cautious").table(Game(rules_from_spec({"preset": "classic", "choose_dice": True})))
        is None
    )
