"""Helpers shared by the engine tests: positions, throws and records built by hand.

The independent referee of the tests is a module of its own, :mod:`.referee`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from thousand.games.dice1000 import (
    STOP,
    THROW,
    Game,
    GameState,
    Outcome,
    PlayerState,
    SetAside,
    TurnEnd,
    rules_from_spec,
)
from thousand.games.dice1000.dice import UniformDice
from thousand.games.dice1000.state import new_state


class CountingDice(UniformDice):
    """Dice from given uniforms that count the throws, to compare with the uniforms
    the native fast path used for the same game."""

    def __init__(self, uniforms: Iterable[float]) -> None:
        super().__init__(float(u) for u in uniforms)
        self.thrown = 0

    def throw(self, count: int) -> tuple[int, ...]:
        self.thrown += 1
        return super().throw(count)


# -- driving the engine --------------------------------------------------------------


def game_of(spec: object) -> Game:
    """A game from a preset name or ``{"preset": ..., overrides}``."""
    return Game(rules_from_spec(spec))


def throw(state: GameState, *dice: int) -> GameState:
    """Throw and let ``dice`` fall; a choose_dice throw is left waiting for its set-aside."""
    return state.apply(THROW).apply(Outcome(tuple(dice)))


def throw_step(state: GameState, *dice: int) -> tuple[GameState, TurnEnd | None]:
    """Like :func:`throw`, also returning how the turn ended (if the throw ended it)."""
    return state.apply(THROW).step(Outcome(tuple(dice)))


def play_turn(
    state: GameState, throws: Iterable[Sequence[int]], stop: bool = False
) -> tuple[GameState, TurnEnd | None]:
    """Play one turn through the checked path: the throws in order, then maybe stop.

    Under choose_dice every scoring die is set aside (a record's plain list).
    """
    end: TurnEnd | None = None
    for dice in throws:
        assert end is None, "the turn already ended"
        state, end = throw_step(state, *dice)
        if state.pending:
            state, end = state.step(SetAside(state.game.score(state.pending).kept))
    if stop:
        assert end is None, "cannot stop: the turn already ended"
        state, end = state.step(STOP)
    return state, end


def sheet(
    name: str,
    score: int,
    *,
    entered: bool = True,
    entry: int | None = None,
    bolts: int = 0,
    barrel_turns: int = 0,
) -> PlayerState:
    """A player's sheet for a position set up directly; entry defaults to 100 if entered."""
    if entered and entry is None:
        entry = 100
    return PlayerState(name, score, entered, entry if entered else None, bolts, barrel_turns)


def position(game: Game, *sheets: PlayerState, current: int = 0) -> GameState:
    """The start of ``current``'s turn with the players' sheets as given."""
    state = new_state(game, [s.name for s in sheets])
    return state._replace(players=tuple(sheets), current=current)


def scores(state: GameState) -> list[int]:
    return [p.score for p in state.players]


def record(rules: object, players: Sequence[str], *turns: Mapping[str, Any]) -> dict[str, Any]:
    """A RECORD.md record as parsed JSON."""
    return {"format": 1, "rules": rules, "players": list(players), "turns": list(turns)}


def turn(*rolls: Any, stop: bool = False) -> dict[str, Any]:
    """One turn of a record: its throws (lists of faces, or choose_dice objects)."""
    data: dict[str, Any] = {"rolls": [r if isinstance(r, dict) else list(r) for r in rolls]}
    if stop:
        data["stop"] = True
    return data


def json_round_trip(data: Any) -> Any:
    return json.loads(json.dumps(data))
