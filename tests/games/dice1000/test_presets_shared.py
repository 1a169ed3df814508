"""Shared checks every preset passes (PettingZoo-style API tests over every variant)."""

from __future__ import annotations

import doctest
import importlib
import json
from collections import Counter
from fractions import Fraction
from random import Random

import pytest

from tests.games.dice1000.support import play_turn, position, sheet, throw
from thousand.games.dice1000 import (
    PRESET_NAMES,
    STOP,
    THROW,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    RandomDice,
    ScriptedDice,
    SetAside,
    load_preset,
    replay,
    rules_from_spec,
)
from thousand.games.dice1000.match import play_game, random_policy
from thousand.games.dice1000.state import new_state

GAMES = {name: Game(load_preset(name)) for name in PRESET_NAMES}
VARIANTS = {
    **GAMES,
    "classic+choose_dice": Game(rules_from_spec({"preset": "classic", "choose_dice": True})),
    "ussr+retry+may_stop": Game(
        rules_from_spec({"preset": "ussr", "first_throw_retry": True, "hot_dice": "may_stop"})
    ),
}
PLAYERS = ["Anna", "Boris", "Vera"]


def _walk(game: Game, seed: int) -> list[GameState]:
    """Every position of one randomly played game."""
    rng = Random(seed)
    dice = RandomDice(seed)
    state = new_state(game, PLAYERS)
    seen = [state]
    for _ in range(20_000):
        if state.is_over:
            break
        if state.is_chance_node:
            state = state.apply(Outcome(dice.throw(state.dice_left)))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        seen.append(state)
    return seen


@pytest.mark.parametrize("name", list(VARIANTS))
def test_api_at_every_position(name: str) -> None:
    game = VARIANTS[name]
    states = _walk(game, seed=sum(map(ord, name)))
    assert states[-1].is_over, "a random game ends"
    names = set(PLAYERS)
    for state in states:
        hash(state)
        assert state == state._replace()
        legal = state.legal_actions()
        assert isinstance(legal, tuple)
        if state.is_over:
            assert legal == () and state.chance_outcomes() == ()
            assert state.to_move is None and state.winner is not None
            refusal = state.refusal(THROW)
            assert refusal is not None and refusal.rule == "game_over"
            continue
        assert state.to_move in names
        assert state.to_move == state.player.name
        assert 1 <= state.dice_left <= 5
        if state.is_chance_node:
            assert legal == ()
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert {len(dice) for dice, _ in outcomes} == {state.dice_left}
            assert state.refusal(THROW) is not None and state.refusal(STOP) is not None
        else:
            assert legal
            assert state.chance_outcomes() == ()
            assert state.refusal(Outcome((1,) * state.dice_left)) is not None
            assert all(state.refusal(a) is None for a in legal)
            assert (STOP in legal) == state.may_stop()
            if state.pending:
                assert all(isinstance(a, SetAside) for a in legal)
            else:
                assert THROW in legal and set(legal) <= {THROW, STOP}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_apply_leaves_the_position_unchanged(name: str) -> None:
    game = VARIANTS[name]
    state = new_state(game, PLAYERS)
    snapshot = json.dumps(state.to_dict())
    air = state.apply(THROW)
    assert json.dumps(state.to_dict()) == snapshot
    after = air.apply(Outcome((1, 1, 1, 2, 3)))
    assert air.is_chance_node and after is not air


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_same_seed_same_game(name: str) -> None:
    game = GAMES[name]

    def run(seed: int) -> str:
        policies = [random_policy(Random(seed + i)) for i in range(3)]
        return play_game(game, PLAYERS, policies, RandomDice(seed))[1].to_json()

    assert run(11) == run(11)
    assert run(11) != run(12)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_checked_and_fast_paths_agree(name: str) -> None:
    game = GAMES[name]
    results = []
    for checked in (True, False):
        policies = [random_policy(Random(5 + i)) for i in range(3)]
        state, record = play_game(game, PLAYERS, policies, RandomDice(5), checked=checked)
        results.append((state, record.to_json()))
    assert results[0] == results[1]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_scripted_dice_replay_a_record(name: str) -> None:
    game = GAMES[name]
    policies = [random_policy(Random(3 + i)) for i in range(3)]
    final, record = play_game(game, PLAYERS, policies, RandomDice(3))
    data = record.to_data()
    throws = [
        roll if isinstance(roll, list) else roll["dice"]
        for turn in data["turns"]
        for roll in turn["rolls"]
    ]
    scripted = ScriptedDice(throws)
    again, _ = play_game(game, PLAYERS, [random_policy(Random(3 + i)) for i in range(3)], scripted)
    assert again == final
    assert scripted.remaining == 0
    assert replay(json.loads(record.to_json())).state == final


def test_random_dice_follow_the_chance_table() -> None:
    dice = RandomDice(2024)
    draws = 30_000
    counts = Counter(dice.throw(2) for _ in range(draws))
    for outcome, probability in GAMES["classic"].chance_outcomes(2):
        expected = float(probability) * draws
        assert abs(counts[outcome] - expected) < 5 * expected**0.5, outcome
    five = sum(GAMES["classic"].score(dice.throw(5)).bust for _ in range(draws))
    assert abs(five / draws - 5 / 72) < 0.006


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("count", range(1, 9))
def test_one_to_eight_players(name: str, count: int) -> None:
    state = new_state(GAMES[name], [f"P{i}" for i in range(count)])
    assert len(state.players) == count and state.to_move == "P0"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_entry_threshold_holds(name: str) -> None:
    game = GAMES[name]
    state = throw(new_state(game, PLAYERS), 5, 2, 3, 6, 6)  # 5 points
    refusal = state.stop_refusal()
    assert refusal is not None and refusal.rule == "entry"
    assert refusal.params["threshold"] == game.rules.entry_threshold


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_barrel_must_be_left_in_one_turn(name: str) -> None:
    game = GAMES[name]
    for barrel in game.rules.barrels:
        inside = position(game, sheet("Anna", barrel.from_), sheet("Boris", 0, entered=False))
        refusal = throw(inside, 5, 2, 3, 6, 6).stop_refusal()
        assert refusal is not None and refusal.rule == "barrel"
        assert refusal.params["need"] == barrel.to - barrel.from_
        below = position(game, sheet("Anna", barrel.from_ - 5), sheet("Boris", 0, entered=False))
        _, end = play_turn(below, [(5, 2, 3, 6, 6)], stop=True)
        assert end is not None and end.score == barrel.from_


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_bust_on_the_first_throw_ends_the_turn(name: str) -> None:
    game = GAMES[name]
    state, end = play_turn(new_state(game, PLAYERS), [(2, 3, 4, 6, 6)])
    assert end is not None and end.outcome == "bust"
    assert state.to_move == "Boris"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_illegal_actions_are_value_errors_with_a_rule(name: str) -> None:
    state = new_state(GAMES[name], PLAYERS)
    with pytest.raises(ValueError) as info:
        state.apply(STOP)
    assert isinstance(info.value, IllegalActionError)
    assert info.value.rule == "first_throw"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_chance_tables_are_the_same_for_every_rule_set(name: str) -> None:
    for n in range(1, 6):
        outcomes = GAMES[name].chance_outcomes(n)
        assert outcomes == GAMES["classic"].chance_outcomes(n)
        assert sum((p for _, p in outcomes), Fraction(0)) == 1


ENGINE_MODULES = [
    "thousand",
    "thousand.core.errors",
    "thousand.core.files",
    "thousand.games.dice1000",
    *(
        f"thousand.games.dice1000.{name}"
        for name in (
            "actions",
            "config",
            "dice",
            "game",
            "match",
            "presets",
            "record",
            "scoring",
            "state",
        )
    ),
]


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_docstring_examples_run(module: str) -> None:
    imported = importlib.import_module(module)
    failures, _ = doctest.testmod(imported, optionflags=doctest.ELLIPSIS)
    assert failures == 0
