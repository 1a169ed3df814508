"""Driving a whole game: policies choose, a dice source throws, the engine rules.

This is the loop every client runs in some form (the terminal game adds a screen,
the server adds a network); here it is bare, for bots, simulations and tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from thousand.games.dice1000.actions import THROW, Action, Outcome
from thousand.games.dice1000.dice import DiceSource
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.record import RecordBuilder
from thousand.games.dice1000.state import GameState, Phase, new_state, throw_dice

Policy = Callable[[GameState], Action]
"""Chooses one of ``state.legal_actions()`` for the player to move."""


def random_policy(rng: Random) -> Policy:
    """A player who picks uniformly among the legal actions (benchmarks, fuzzing)."""

    uniform = rng.random

    def choose(state: GameState) -> Action:
        actions = state.legal_actions()
        return actions[int(uniform() * len(actions))]

    return choose


def play_game(
    game: Game,
    players: Sequence[str],
    policies: Sequence[Policy],
    dice: DiceSource,
    *,
    max_steps: int = 1_000_000,
    checked: bool = True,
) -> tuple[GameState, RecordBuilder]:
    """Play to the end; return the final state and the record.

    With ``checked`` every action goes through :meth:`GameState.apply`; without it,
    the policies are trusted to pick legal actions and the fast path is taken.
    ``policies[i]`` plays ``players[i]``. ``max_steps`` bounds games whose rules let
    scores fall forever (penalties can outrun progress); such a game stops unfinished.
    """
    state = new_state(game, players)
    record = RecordBuilder(game, players)
    for _ in range(max_steps):
        if state.is_over:
            break
        action: Action
        if state.is_chance_node:
            action = Outcome(dice.throw(state.dice_left))
        else:
            action = policies[state.current](state)
        before = state
        state = state.apply(action) if checked else state.advance(action)[0]
        record.observe(before, action)
    return state, record


def play_fast(
    game: Game,
    players: Sequence[str],
    policies: Sequence[Policy],
    dice: DiceSource,
    max_turns: int | None = None,
) -> tuple[GameState, int]:
    """Play to the end on the trusted fast path, without a record (simulations).

    Policies must return one of ``legal_actions()``; a
    :class:`~thousand.games.dice1000.actions.Throw` is resolved with
    :meth:`GameState.advance_throw`, saving the chance-node position. Returns the final state and
    the number of turns played. With ``max_turns`` a game stops unfinished (no winner)
    after that many turns — rules under which nobody can win would otherwise never end.
    """
    state = new_state(game, players)
    throw = dice.throw
    turns = 0
    over = Phase.OVER  # a local: Enum attribute lookups are slow in a hot loop
    while state.phase is not over:
        action = policies[state.current](state)
        if action is THROW:
            state, end = throw_dice(state, throw(state.dice_left))
        else:
            state, end = state.advance(action)
        if end is not None:
            turns += 1
            if turns == max_turns:
                break
    return state, turns
