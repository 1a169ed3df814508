"""The value-iteration solver (rules where scores can fall) against the engine itself.

The reference below shares nothing with the solver but the engine and the score floor:
for every pair of player sheets it walks the turn with ``GameState.advance``, lets every
throw of ``game.chance_outcomes`` fall (throws the engine scores alike are merged first,
to keep the test quick), and iterates the turn-start values until they stop moving.
Small targets keep it to a few hundred pairs.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from thousand.cli.main import main
from thousand.games.dice1000 import STOP, THROW, Game, GameState, Outcome, rules_from_spec
from thousand.games.dice1000.scoring import Dice
from thousand.games.dice1000.solver.player import PerfectPlayer
from thousand.games.dice1000.solver.sheets import Sheet, build_sheets, sheet_state
from thousand.games.dice1000.solver.strategy import (
    FallingStrategy,
    load_or_solve,
    load_strategy,
    solve_falling,
)
from thousand.games.dice1000.state import Forced, PlayerState, new_state

FLOOR = -10

SMALL_RULES: dict[str, dict[str, Any]] = {
    # Bolts in a row (also before entry), a dump truck mid-turn, overtaking.
    "courtyard": {
        "preset": "courtyard",
        "target": 30,
        "entry_threshold": 10,
        "barrels": [{"from": 20, "to": 25}],
        "dump_trucks": [15],
        "overtaking_penalty": 5,
        "bolts": {"limit": 2, "penalty": 10, "consecutive": True},
    },
    # Bolts over the game with exemptions, a barrel with attempts and knock-off, five of
    # a kind wins, a pair on two dice scores nothing.
    "ussr": {
        "preset": "ussr",
        "target": 30,
        "entry_threshold": 10,
        "barrels": [
            {"from": 20, "to": 30, "attempts": 2, "fall": {"penalty": 10}, "knock_off": True}
        ],
        "dump_trucks": [],
        "bolts": {
            "limit": 2,
            "penalty": 10,
            "consecutive": False,
            "exempt_not_entered": True,
            "exempt_on_barrel": True,
        },
    },
    # A capped barrel whose knock-off sends players back to their entry score.
    "barrel850": {
        "preset": "barrel850",
        "target": 35,
        "entry_threshold": 10,
        "barrels": [
            {"from": 20, "to": 35, "cap": True, "knock_off": True, "fall": {"to": "entry"}}
        ],
    },
    # Exact ending, first-throw retry, hot dice may stop, a fall to a fixed score.
    "exact-retry": {
        "preset": "classic",
        "target": 30,
        "entry_threshold": 0,
        "ending": "exact",
        "first_throw_retry": True,
        "hot_dice": "may_stop",
        "barrels": [{"from": 15, "to": 25, "attempts": 1, "fall": {"to": 5}}],
        "bolts": {"limit": 3, "penalty": 5, "consecutive": True},
    },
}


def _norm(game: Game) -> Callable[[PlayerState], Sheet]:
    """The floor and what is tracked, as the solver's sheets have them (by hand)."""
    track_entry = any(barrel.fall_to_entry for barrel in game.barrels)

    def norm(sheet: PlayerState) -> Sheet:
        entry = sheet.entry_score if track_entry and sheet.entered else None
        return (max(sheet.score, FLOOR), sheet.entered, entry, sheet.bolts, sheet.barrel_turns)

    return norm


def reference_values(game: Game, tolerance: float = 1e-13) -> dict[tuple[Sheet, Sheet], float]:
    """Turn-start winning chances of every pair of sheets met from the start, by the engine."""
    norm = _norm(game)
    unit = game.score_unit
    win: dict[tuple[Sheet, Sheet], float] = {}
    graphs: dict[tuple[Sheet, Sheet], Any] = {}
    todo: list[tuple[Sheet, Sheet]] = []

    def need(pair: tuple[Sheet, Sheet]) -> tuple[Sheet, Sheet]:
        if pair not in win:
            win[pair] = 0.5
            todo.append(pair)
        return pair

    def ending(after: GameState) -> object:
        if after.is_over:
            assert after.winner == 0
            return "win"
        return need((norm(after.players[1]), norm(after.players[0])))

    @cache
    def throws(n: int) -> tuple[tuple[Dice, float], ...]:
        merged: dict[object, tuple[Dice, float]] = {}
        for dice, probability in game.chance_outcomes(n):
            score = game.score(dice)
            key = (score.points, score.scoring_dice, game.is_instant_win(dice))
            first, total = merged.get(key, (dice, 0.0))
            merged[key] = (first, total + float(probability))
        return tuple(merged.values())

    def build(pair: tuple[Sheet, Sheet]) -> dict[object, Any]:
        a_sheet, b_sheet = pair
        start = new_state(game, ["A", "B"])._replace(
            players=(sheet_state(a_sheet, "A"), sheet_state(b_sheet, "B"))
        )
        cap = game.target - a_sheet[0]

        def key(state: GameState) -> object:
            return (min(state.turn_total, cap), state.dice_left, state.forced, min(state.throws, 2))

        nodes: dict[object, Any] = {}
        stack = [start]
        while stack:
            state = stack.pop()
            here = key(state)
            if here in nodes:
                continue
            actions = state.legal_actions()
            stop = ending(state.advance(STOP)[0]) if STOP in actions else None
            moves: dict[object, float] = defaultdict(float)
            if THROW in actions:
                in_air = state.advance(THROW)[0]
                for dice, probability in throws(state.dice_left):
                    after, end = in_air.advance(Outcome(dice))
                    if end is not None:
                        moves[("end", ending(after))] += probability
                        continue
                    after = after._replace(turn_total=min(after.turn_total, cap))
                    moves[("at", key(after))] += probability
                    stack.append(after)
            nodes[here] = (stop, dict(moves) if THROW in actions else None)
        return {"start": key(start), "nodes": nodes}

    def turn_value(graph: dict[object, Any]) -> float:
        nodes = graph["nodes"]
        values: dict[object, float] = {}

        def end_value(end: object) -> float:
            if end == "win":
                return 1.0
            assert isinstance(end, tuple)
            return 1.0 - win[end]

        def value(here: object) -> float:
            if here in values:
                return values[here]
            stop, moves = nodes[here]
            best = -1.0 if stop is None else end_value(stop)
            if moves is not None and best < 1.0:
                expected = again = 0.0
                for (kind, target), probability in moves.items():
                    if kind == "end":
                        expected += probability * end_value(target)
                    elif target == here:
                        again += probability
                    else:
                        expected += probability * value(target)
                best = max(best, expected / (1.0 - again))
            values[here] = best
            return best

        return value(graph["start"])

    players = new_state(game, ["A", "B"]).players
    need((norm(players[0]), norm(players[1])))
    for _ in range(5000):
        while todo:
            pair = todo.pop()
            graphs[pair] = build(pair)
        change = 0.0
        for pair in sorted(win, key=lambda p: -(p[0][0] + p[1][0]) // unit):
            new = turn_value(graphs[pair])
            change = max(change, abs(new - win[pair]))
            win[pair] = new
        if change < tolerance and not todo:
            break
    return win


@cache
def solved(name: str) -> FallingStrategy:
    game = Game(rules_from_spec(SMALL_RULES[name]))
    return solve_falling(game, tolerance=1e-12, sheets=build_sheets(game, FLOOR))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SMALL_RULES))
def test_value_iteration_matches_engine_driven_reference(name: str) -> None:
    strategy = solved(name)
    reference = reference_values(strategy.game)
    index = strategy.sheets.index
    assert len(reference) > 20
    worst = max(
        abs(strategy.win[index[a], index[b]] - value) for (a, b), value in reference.items()
    )
    assert worst < 1e-9
    assert strategy.info.residual is not None and strategy.info.residual <= 1e-12


@pytest.mark.parametrize("name", list(SMALL_RULES))
def test_factorised_transitions_agree_with_the_engine(name: str) -> None:
    """Every stop, bust and dump truck of random pairs, through the engine's full turn end."""
    strategy = solved(name)
    game, sheets = strategy.game, strategy.sheets
    norm, unit = sheets.space.normal, sheets.unit
    rng = random.Random(7)
    bust = next(d for n in range(1, 6) for d, _ in game.chance_outcomes(n) if game.score(d).bust)
    for _ in range(300):
        i, j = rng.randrange(sheets.count), rng.randrange(sheets.count)
        players = (sheet_state(sheets.sheets[i], "A"), sheet_state(sheets.sheets[j], "B"))
        base = new_state(game, ["A", "B"])._replace(players=players)
        for t in range(1, sheets.target - int(sheets.score[i]) + 1):
            state = base._replace(turn_total=t * unit, dice_left=1, forced=Forced.NO, throws=1)
            to = sheets.stop_to[i, t]
            assert (to != -2) == state.may_stop()
            if to == -2:
                continue
            after, end = state.advance(STOP)
            assert end is not None
            if to == -1:
                assert after.winner == 0
                continue
            mine = int(to)
            theirs = j
            if sheets.affects_opponent and sheets.stop_fx[i, t]:
                crossed = int(
                    sheets.overtaking and sheets.score[i] <= sheets.score[j] < sheets.stop_new[i, t]
                )
                theirs = int(sheets.opp_after[j, crossed, sheets.stop_land[i, t]])
            assert sheets.sheets[mine] == norm(after.players[0])
            assert sheets.sheets[theirs] == norm(after.players[1])
        state = base._replace(dice_left=len(bust), throws=1)
        after, end = state.advance_throw(bust)
        assert end is not None and end.outcome == "bust"
        assert sheets.sheets[sheets.bust_to[i]] == norm(after.players[0])
        assert after.players[1] == players[1]


def test_mid_turn_dump_truck_is_read_off_the_engine() -> None:
    strategy = solved("courtyard")
    game, sheets = strategy.game, strategy.sheets
    unit = sheets.unit
    for i, sheet in enumerate(sheets.sheets):
        for t in range(1, sheets.target - sheet[0] // unit + 1):
            state = new_state(game, ["A", "B"])._replace(
                players=(sheet_state(sheet, "A"), PlayerState("B", 0, False, None, 0, 0)),
                turn_total=t * unit - 10,
                dice_left=2,
                throws=1,
            )
            after, end = state.advance_throw((1, 2))
            dumped = end is not None and end.outcome == "dump_truck"
            assert dumped == bool(sheets.dump_at[i, t])
            if dumped:
                assert sheets.sheets[sheets.dump_to[i]] == sheets.space.normal(after.players[0])


@pytest.mark.parametrize("name", ["courtyard", "ussr"])
def test_decisions_and_their_values(name: str) -> None:
    """The best action's value is the winning chance; at a turn's start it is W."""
    strategy = solved(name)
    game = strategy.game
    rng = random.Random(3)
    player = PerfectPlayer()
    player._strategies[game.canonical, 2] = strategy
    state = new_state(game, ["A", "B"])
    assert strategy.win_chance(state) == pytest.approx(strategy.info.first_player_win, abs=1e-12)
    assert strategy.start_chance(state) == strategy.info.first_player_win
    checked = 0
    for _ in range(400):
        if state.is_over:
            state = new_state(game, ["A", "B"])
        if state.is_chance_node:
            outcomes = game.chance_outcomes(state.dice_left)
            dice = rng.choices([d for d, _ in outcomes], [float(p) for _, p in outcomes])[0]
            state = state.advance(Outcome(dice))[0]
            continue
        values = strategy.action_values(state)
        best = player(state)
        assert set(values) == set(state.legal_actions())
        # The decision is the planning sweep's, the values the turn's own programme:
        # the same numbers up to rounding (see FallingStrategy).
        assert values[best] == pytest.approx(max(values.values()), abs=1e-12)
        assert strategy.win_chance(state) == max(values.values())
        if state.turn_total == 0 and state.dice_left == 5 and not game.first_throw_retry:
            assert values[THROW] == pytest.approx(strategy.start_chance(state), abs=1e-9)
        checked += 1
        state = state.advance(best)[0]
    assert checked > 100


def test_three_players_play_against_the_leader() -> None:
    strategy = solved("courtyard")
    game = strategy.game
    state = new_state(game, ["A", "B", "C"])
    sheets = list(state.players)
    sheets[2] = sheets[2]._replace(score=20, entered=True, entry_score=20)
    state = state._replace(players=tuple(sheets))
    two = new_state(game, ["A", "C"])._replace(players=(sheets[0], sheets[2]))
    assert strategy.win_chance(state) == strategy.win_chance(two)


def test_save_and_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path))
    strategy = solved("ussr")
    game = strategy.game
    assert load_strategy(game) is None
    strategy.save()
    loaded = load_strategy(game)
    assert isinstance(loaded, FallingStrategy)
    assert np.array_equal(loaded.win, strategy.win)
    assert loaded.info == strategy.info
    assert loaded.sheets.sheets == strategy.sheets.sheets
    again, cached = load_or_solve(game)
    assert cached
    state = new_state(game, ["A", "B"]).apply(THROW).apply(Outcome((1, 2, 3, 4, 6)))
    assert again.action_values(state) == strategy.action_values(state)


def test_solve_command_on_a_rules_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io  # noqa: PLC0415

    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "cache"))
    rules = tmp_path / "small.json"
    rules.write_text(json.dumps(SMALL_RULES["courtyard"]), encoding="utf-8")

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        status = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
        return int(status), out.getvalue(), err.getvalue()

    status, out, err = run("solve", "--rules", str(rules), "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    for key in ("first_player_win", "states", "seconds", "peak_memory_mb"):
        assert key in data
    assert data["cached"] is False
    assert data["tolerance"] == 1e-9
    assert data["residual"] <= 1e-9
    assert "value iteration" in data["method"]
    assert "scores below -100 count as -100" in data["approximations"]
    assert 0.0 < data["first_player_win"] < 1.0
    status, out, err = run("solve", "--rules", str(rules))
    assert status == 0
    assert "cached" in out and "tolerance 1e-09, final residual" in out


def test_rules_that_choose_dice_are_refused_in_one_line(tmp_path: Path) -> None:
    import io  # noqa: PLC0415

    rules = tmp_path / "choose.json"
    rules.write_text('{"preset": "ussr", "choose_dice": true}', encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main(["solve", "--rules", str(rules)], stdin=io.StringIO(), stdout=out, stderr=err)
    assert status == 2 and out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and "choose_dice" in err.getvalue()
