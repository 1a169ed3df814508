"""Property tests: self-played games under every preset and some mixed house rules.

Each game is played with random legal actions and seeded random dice, checking the
invariants of RULES.md at every step; its written record must replay to the same final
state, and the independent referee of ``support.py`` must agree with the replay.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.dice1000.referee import referee
from tests.games.dice1000.support import game_of
from thousand.games.dice1000 import (
    PRESET_NAMES,
    STOP,
    THROW,
    Action,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    RandomDice,
    RecordBuilder,
    SetAside,
    Stop,
    TurnEnd,
    replay,
)
from thousand.games.dice1000.config import Barrel
from thousand.games.dice1000.state import new_state, state_from_dict

MIXED: list[Any] = [
    {"preset": "classic", "choose_dice": True},
    {
        "preset": "classic",
        "ending": "exact",
        "instant_win": "five_ones",
        "target": 500,
        "barrels": [{"from": 200, "to": 300}],
    },
    {"preset": "classic", "first_throw_retry": True, "hot_dice": "may_stop", "entry_threshold": 0},
    {
        "preset": "ussr",
        "overtaking_penalty": 50,
        "barrels": [
            {"from": 200, "to": 300, "cap": True, "knock_off": True, "fall": {"to": "entry"}},
            {"from": 600, "to": 700, "attempts": 2, "fall": {"to": 300}},
            {"from": 900, "to": 1000, "attempts": 3, "fall": {"penalty": 100}, "knock_off": True},
        ],
    },
    {
        "preset": "courtyard",
        "bolts": {"limit": 2, "penalty": 30, "consecutive": False, "exempt_on_barrel": True},
        "dump_trucks": [333, 555],
        "dump_truck_midturn": False,
        "choose_dice": True,
        "two_dice_pair": True,
    },
    {
        "preset": "barrel850",
        "bolts": {"limit": 3, "penalty": 100},
        "overtaking_penalty": 25,
        "instant_win": "five_of_a_kind",
    },
]
SPECS: list[Any] = [*PRESET_NAMES, *MIXED]
GAMES = [game_of(spec) for spec in SPECS]
IDS = [spec if isinstance(spec, str) else f"mixed{i}" for i, spec in enumerate(SPECS)]


@dataclass
class Played:
    state: GameState
    record: RecordBuilder
    ends: list[TurnEnd] = field(default_factory=list)


def _barrel_at(game: Game, score: int) -> Barrel | None:
    for barrel in game.rules.barrels:
        if barrel.from_ <= score < barrel.to:
            return barrel
    return None


def _fallen(game: Game, barrel: Barrel, score: int, entry: int | None) -> int:
    fall = barrel.fall
    assert fall is not None
    if fall.penalty is not None:
        return score - fall.penalty
    if fall.to == "entry":
        return entry if entry is not None else 0
    assert isinstance(fall.to, int)
    return fall.to


def _check_turn_end(before: GameState, action: Action, after: GameState, end: TurnEnd) -> None:
    """The score sheet moves only as RULES.md §2.1 allows."""
    game = before.game
    me = before.current
    n = len(before.players)
    old, new = before.players[me], after.players[me]
    assert end.player == me
    assert end.score == new.score
    if end.outcome == "win":
        assert after.is_over and after.winner == me and after.to_move is None
        if isinstance(action, Stop):
            assert new.score == old.score + before.turn_total == old.score + end.points
            if game.rules.ending == "exact":
                assert new.score == game.target
            else:
                assert new.score >= game.target
        else:  # an instant win: five of a kind in one throw
            assert isinstance(action, Outcome)
            dice = action.dice
            assert len(dice) == 5 and len(set(dice)) == 1
            assert game.rules.instant_win == "five_of_a_kind" or dice[0] == 1
            assert new.score == old.score + end.points
            assert end.points == before.turn_total + game.score(dice).points
        for other in range(n):
            if other != me:
                assert after.players[other] == before.players[other]
        return
    assert not after.is_over
    assert after.current == (me + 1) % n
    assert (after.turn_total, after.dice_left, after.throws) == (0, 5, 0)
    if end.outcome == "bust":
        assert end.points == 0
        for index, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
            assert now.score <= was.score, "a bust never raises a score"
            if index != me:
                assert now == was
        assert new.entered == old.entered
        return
    assert new.entered
    if end.outcome == "dump_truck":
        assert new.score == 0
        assert old.score + end.points in game.rules.dump_trucks or (
            # a stop capped onto a dump-truck score
            _barrel_at(game, old.score + end.points) is not None
        )
        for index in range(n):
            if index != me:
                assert after.players[index] == before.players[index]
        return
    assert end.outcome == "stop"
    assert isinstance(action, Stop)
    assert end.points == before.turn_total
    target = old.score + end.points
    landed = _barrel_at(game, target)
    if landed is not None and landed.cap and _barrel_at(game, old.score) is not landed:
        assert new.score == landed.from_
    else:
        assert new.score == target
    if not old.entered:
        assert before.turn_total >= game.entry_threshold
        assert new.entry_score == new.score
    for index in range(n):
        if index == me:
            continue
        was, now = before.players[index], after.players[index]
        allowed = {was.score}
        if game.overtaking_penalty:
            allowed.add(was.score - game.overtaking_penalty)
        for score in list(allowed):
            barrel = _barrel_at(game, score)
            if barrel is not None and barrel.knock_off:
                allowed.add(_fallen(game, barrel, score, was.entry_score))
        assert now.score in allowed, (was, now)


def _legal_checks(state: GameState) -> None:
    legal = state.legal_actions()
    if state.is_chance_node:
        assert legal == ()
        return
    assert legal, "a decision node always has a legal action"
    assert (STOP in legal) == state.may_stop() == (state.stop_refusal() is None)
    for action in legal:
        assert state.refusal(action) is None
        stepped = state.step(action)  # never raises
        assert stepped == state.advance(action)


def play(
    game: Game,
    players: list[str],
    seed: int,
    stop_bias: float,
    *,
    max_turns: int = 200,
    checks: bool = True,
) -> Played:
    """Play with checks at every step; stop at a decision node after ``max_turns`` turns."""
    rng = Random(seed)
    dice = RandomDice(seed)
    state = new_state(game, players)
    played = Played(state, RecordBuilder(game, players))
    while not state.is_over:
        if state.is_chance_node:
            action: Action = Outcome(dice.throw(state.dice_left))
        else:
            if len(played.ends) >= max_turns:
                break
            if checks:
                _legal_checks(state)
            legal = state.legal_actions()
            if STOP in legal and rng.random() < stop_bias:
                action = STOP
            else:
                action = rng.choice([a for a in legal if a is not STOP] or list(legal))
        after, end = state.step(action)
        played.record.observe(state, action)
        if not checks:
            if end is not None:
                played.ends.append(end)
        elif end is None:
            assert after.players == state.players, "scores move only when a turn ends"
            assert after.current == state.current
            assert not after.is_over
        else:
            _check_turn_end(state, action, after, end)
            played.ends.append(end)
        state = after
    played.state = state
    return played


GAME_SETTINGS = {
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(1, 4),
    "stop_bias": st.sampled_from([0.15, 0.5, 0.9]),
}


@pytest.mark.parametrize("game", GAMES[: len(PRESET_NAMES)], ids=IDS[: len(PRESET_NAMES)])
@settings(
    max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(**GAME_SETTINGS)
def test_preset_games_keep_the_rules_and_replay_exactly(
    game: Game, seed: int, players: int, stop_bias: float
) -> None:
    check_self_played_game(game, seed, players, stop_bias)


@pytest.mark.parametrize("game", GAMES[len(PRESET_NAMES) :], ids=IDS[len(PRESET_NAMES) :])
@settings(
    max_examples=3, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(**GAME_SETTINGS)
def test_mixed_house_rule_games_keep_the_rules_and_replay_exactly(
    game: Game, seed: int, players: int, stop_bias: float
) -> None:
    check_self_played_game(game, seed, players, stop_bias)


def check_self_played_game(game: Game, seed: int, players: int, stop_bias: float) -> None:
    names = ["Anna", "Boris", "Vera", "Gleb"][:players]
    played = play(game, names, seed, stop_bias)
    final = played.state

    data = json.loads(played.record.to_json())
    again = replay(data)
    assert again.state == final
    outcomes = [(t.outcome, t.points, t.score) for t in again.turns]
    expected = [(e.outcome, e.points, e.score) for e in played.ends]
    if len(outcomes) == len(expected) + 1:  # the last turn is still being played
        last = again.turns[-1]
        assert last.outcome == "in_progress"
        assert (last.points, last.score) == (final.turn_total, final.player.score)
        assert final.to_move == last.player
        outcomes.pop()
    assert outcomes == expected
    assert again.to_json_data() == referee(data)
    # one snapshot per game: state_from_dict builds a Game, ~20–70 ms
    assert state_from_dict(json.loads(json.dumps(final.to_dict()))) == final

    # to_move cycles in order
    movers = [t.player for t in again.turns]
    assert movers == [names[i % players] for i in range(len(movers))]
    if final.is_over:
        winner = final.players[final.winner or 0]
        last_end = played.ends[-1]
        assert last_end.outcome == "win"
        assert winner.score == last_end.score


@pytest.mark.parametrize("game", GAMES[:4], ids=IDS[:4])
@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    steps=st.lists(
        st.one_of(
            st.just(THROW),
            st.just(STOP),
            st.lists(st.integers(0, 7), min_size=0, max_size=6).map(
                lambda faces: Outcome(tuple(faces))
            ),
            st.lists(st.integers(1, 6), min_size=1, max_size=5).map(
                lambda faces: SetAside(tuple(sorted(faces)))
            ),
        ),
        max_size=40,
    )
)
def test_any_action_is_applied_or_refused_cleanly(game: Game, steps: list[Action]) -> None:
    """Arbitrary input: ``apply`` raises exactly when ``refusal`` says why, and a refused
    action leaves the position as it was (states are immutable values)."""
    state = new_state(game, ["Anna", "Boris"])
    for action in steps:
        refusal = state.refusal(action)
        snapshot = state.to_dict()
        if refusal is None:
            state = state.apply(action)
        else:
            with pytest.raises(IllegalActionError) as info:
                state.apply(action)
            assert info.value.rule == refusal.rule
            assert isinstance(info.value.rule, str) and info.value.rule
            assert state.to_dict() == snapshot


# more combinations of house rules, for the cheap referee sweep only
SWEEP_ONLY: list[Any] = [
    {"preset": "courtyard", "ending": "exact", "choose_dice": True, "hot_dice": "may_stop"},
    {
        "preset": "classic",
        "bolts": {"limit": 2, "penalty": 40, "consecutive": True},
        "barrels": [
            {"from": 150, "to": 250, "attempts": 2, "fall": {"to": "entry"}, "knock_off": True},
            {"from": 700, "to": 800, "cap": True, "attempts": 1, "fall": {"penalty": 60}},
        ],
        "dump_trucks": [400, 555],
        "dump_truck_midturn": True,
        "overtaking_penalty": 20,
    },
    {
        "preset": "ussr",
        "first_throw_retry": True,
        "entry_threshold": 0,
        "target": 700,
        "barrels": [{"from": 600, "to": 700, "attempts": 2, "fall": {"penalty": 100}}],
    },
]
SWEEP = [*GAMES, *(game_of(spec) for spec in SWEEP_ONLY)]
SWEEP_IDS = [*IDS, *(f"sweep{i}" for i in range(len(SWEEP_ONLY)))]


@pytest.mark.parametrize("game", SWEEP, ids=SWEEP_IDS)
def test_the_referee_agrees_with_the_engine_over_many_games(game: Game) -> None:
    """Many more games, compared turn by turn with the independent referee.

    No replay here (it would build a Game per record): the engine's own turn ends,
    collected while playing, are compared with the referee's reading of the record.
    """
    for seed in range(24):
        players = ["Anna", "Boris", "Vera"][: 1 + seed % 3]
        played = play(game, players, seed, stop_bias=(0.2, 0.5, 0.8)[seed % 3], checks=False)
        data = json.loads(played.record.to_json())
        expected = referee(data)
        got = [
            {
                "player": players[e.player],
                "outcome": e.outcome,
                "points": e.points,
                "score": e.score,
            }
            for e in played.ends
        ]
        assert expected["turns"][: len(got)] == got, seed
        assert [
            {"name": p.name, "score": p.score, "entered": p.entered, "bolts": p.bolts}
            for p in played.state.players
        ] == expected["players"], seed
