"""The exact solver against an independent value iteration driven by the engine itself.

The reference below shares nothing with the solver but the engine: it walks positions
with ``GameState.advance``, lets every outcome of ``game.chance_outcomes`` fall, and
iterates the turn-start values until they stop moving. Small targets keep it quick.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from thousand.games.dice1000 import STOP, THROW, Game, GameState, Outcome, rules_from_spec
from thousand.games.dice1000.solver.strategy import Strategy, load_or_solve, solve
from thousand.games.dice1000.state import Forced, Phase, PlayerState, new_state

SMALL_RULES = [
    {"preset": "classic", "target": 30, "entry_threshold": 15, "barrels": [{"from": 15, "to": 25}]},
    {"preset": "classic", "target": 15, "entry_threshold": 0, "barrels": [], "ending": "exact"},
    {
        "preset": "classic",
        "target": 25,
        "entry_threshold": 10,
        "barrels": [{"from": 15, "to": 20, "cap": True}],
        "hot_dice": "may_stop",
        "first_throw_retry": True,
    },
]


def reference_first_player_win(game: Game, sweeps: int = 400) -> float:
    """Value iteration over turn-start values, every transition by the engine."""
    unit = game.score_unit
    scores = range(0, game.target, unit)
    win = {(a, b): 0.5 for a in scores for b in scores}

    def start(a: int, b: int) -> GameState:
        players = (
            PlayerState("A", a, a > 0, a if a > 0 else None, 0, 0),
            PlayerState("B", b, b > 0, b if b > 0 else None, 0, 0),
        )
        return new_state(game, ["A", "B"])._replace(players=players)

    def turn_value(a: int, b: int) -> float:
        @cache
        def value(total: int, dice: int, forced: int, throws: int) -> float:
            state = start(a, b)._replace(
                turn_total=total, dice_left=dice, forced=Forced(forced), throws=throws
            )
            actions = state.legal_actions()
            best = 0.0
            if STOP in actions:
                best = after_turn(state.advance(STOP)[0])
                if best == 1.0:
                    return best  # stopping wins: nothing is worth more (and totals stay finite)
            if THROW in actions:
                best = max(best, thrown(state))
            return best

        def thrown(state: GameState) -> float:
            """Expected value of throwing. Past the target every total is alike (a stop
            wins), so totals are capped there; a throw back to the same position (a
            favorite, or hot dice past the target) is a geometric series in closed form."""
            cap = game.target - a
            in_air = state.advance(THROW)[0]
            here = (min(state.turn_total, cap), state.dice_left, state.forced)
            expected = 0.0
            again = 0.0
            for dice, probability in game.chance_outcomes(state.dice_left):
                after, end = in_air.advance(Outcome(dice))
                if end is not None:
                    expected += float(probability) * after_turn(after)
                    continue
                key = (min(after.turn_total, cap), after.dice_left, after.forced)
                if key == here:
                    again += float(probability)
                else:
                    expected += float(probability) * value(
                        key[0], key[1], int(key[2]), min(after.throws, 2)
                    )
            return expected / (1.0 - again)

        def after_turn(after: GameState) -> float:
            if after.is_over:
                return 1.0 if after.winner == 0 else 0.0
            return 1.0 - win[(after.players[1].score, after.players[0].score)]

        first = start(a, b)
        return value(0, first.dice_left, int(first.forced), 0)

    # Highest score sums first: positions a stop leads to are then already settled,
    # and the sweeps only have to resolve the cycles through busts.
    order = sorted(win, key=lambda pair: -(pair[0] + pair[1]))
    for _ in range(sweeps):
        change = 0.0
        for a, b in order:
            new = turn_value(a, b)
            change = max(change, abs(new - win[(a, b)]))
            win[(a, b)] = new
        if change < 1e-13:
            break
    return win[(0, 0)]


@pytest.mark.parametrize("spec", SMALL_RULES, ids=["barrel", "exact", "cap-retry-maystop"])
def test_solver_matches_engine_driven_value_iteration(spec: dict[str, object]) -> None:
    game = Game(rules_from_spec(spec))
    solved = solve(game)
    assert solved.info.first_player_win == pytest.approx(reference_first_player_win(game), abs=1e-9)


@pytest.mark.solves
def test_classic_first_player_chance(
    classic_strategy: Strategy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The classic solve, its cache round trip, and decisions on a worked example."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    game = Game(rules_from_spec("classic"))
    assert Strategy.load(game) is None
    classic_strategy.save()
    strategy, cached = load_or_solve(game)
    assert cached
    assert strategy.info.first_player_win == pytest.approx(0.5137952443849, abs=1e-12)
    assert strategy.info.states == 20_300_000
    again = strategy
    assert (again.policy == classic_strategy.policy).all()
    # R9: on the barrel at 245, 15 points in hand cannot stop; 60 more after hot dice can.
    state = new_state(game, ["A", "B"])
    sheet = state.players[0]._replace(score=245, entered=True, entry_score=245)
    state = state._replace(players=(sheet, state.players[1]))
    state = state.apply(THROW).apply(Outcome((1, 5, 3, 3, 2)))
    assert state.legal_actions() == (THROW,)
    assert again.decide(state) is THROW
    values = again.action_values(state)
    assert set(values) == {THROW}
    assert 0.0 < values[THROW] < 1.0
    assert state.phase is Phase.DECIDE
