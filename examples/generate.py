"""Regenerate the example game records: ``python examples/generate.py``.

Each example is a complete game under one preset, played by simple bots with a fixed
seed, so the files are reproducible and replay to the same result on every machine.
The seeds were picked so that each game shows the rules its preset is about; the
script checks that it still does, and fails loudly if an engine change altered a game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from thousand.games.dice1000 import STOP, THROW, Action, Game, GameState, RandomDice, load_preset
from thousand.games.dice1000.match import Policy, play_game
from thousand.games.dice1000.record import RecordBuilder, Replay, TurnSummary, replay

HERE = Path(__file__).resolve().parent


def cautious(stop_at: int, dice_at_most: int) -> Policy:
    """Stop once allowed and the turn total reaches ``stop_at`` or few dice are left."""

    def choose(state: GameState) -> Action:
        actions = state.legal_actions()
        if STOP in actions and (state.turn_total >= stop_at or state.dice_left <= dice_at_most):
            return STOP
        return THROW if THROW in actions else actions[0]

    return choose


Check = Callable[[Replay], bool]


def has_outcome(outcome: str) -> Check:
    return lambda result: any(turn.outcome == outcome for turn in result.turns)


def has_penalty(reason: str) -> Check:
    return lambda result: any(
        penalty.reason == reason
        for turn in result.turns
        if turn.end is not None
        for penalty in turn.end.penalties
    )


def has_hot_dice(result: Replay) -> bool:
    """A turn set aside all five dice and threw five again."""
    return any(len(throw) == 5 for turn in result.turns for throw in turn.throws[1:])


def scores_before(result: Replay) -> Iterator[tuple[TurnSummary, int]]:
    """Each turn with its player's score before it (penalties by others included)."""
    names = [sheet.name for sheet in result.state.players]
    scores = dict.fromkeys(names, 0)
    for turn in result.turns:
        yield turn, scores[turn.player]
        scores[turn.player] = turn.score
        if turn.end is not None:
            for penalty in turn.end.penalties:
                scores[names[penalty.player]] = penalty.after


def has_barrel_stop(result: Replay) -> bool:
    """A player on a barrel got off it by stopping (RULES.md §1.5)."""
    game = result.state.game
    return any(
        turn.outcome == "stop" and before > 0 and game.barrel_at(before) is not None
        for turn, before in scores_before(result)
    )


def has_capped_stop(result: Replay) -> bool:
    """A stop landed inside a ``cap`` barrel and was credited its lower bound."""
    game = result.state.game
    for turn, before in scores_before(result):
        barrel = game.barrel_at(turn.score)
        capped = barrel is not None and barrel.cap and turn.score == barrel.low
        if turn.outcome == "stop" and capped and turn.score < before + turn.points:
            return True
    return False


@dataclass(frozen=True)
class Example:
    preset: str
    players: tuple[str, ...]
    policies: tuple[tuple[int, int], ...]
    """(stop_at, dice_at_most) of each player's :func:`cautious` policy."""
    seed: int
    shows: tuple[tuple[str, Check], ...]


EXAMPLES = (
    Example(
        "classic",
        ("Анна", "Boris"),
        ((150, 2), (300, 1)),
        seed=170,
        shows=(("hot dice", has_hot_dice), ("a stop off a barrel", has_barrel_stop)),
    ),
    Example(
        "ussr",
        ("Анна", "Boris", "Вера"),
        ((150, 2), (250, 1), (100, 2)),
        seed=78,
        shows=(
            ("hot dice", has_hot_dice),
            ("a dump truck", has_outcome("dump_truck")),
            ("a bolt penalty", has_penalty("bolts")),
        ),
    ),
    Example(
        "courtyard",
        ("Boris", "Вера"),
        ((200, 2), (100, 2)),
        seed=73,
        shows=(
            ("an overtaking penalty", has_penalty("overtaken")),
            ("a bolt penalty", has_penalty("bolts")),
            ("a dump truck", has_outcome("dump_truck")),
        ),
    ),
    Example(
        "barrel850",
        ("Анна", "Boris", "Carol"),
        ((150, 2), (250, 1), (100, 2)),
        seed=6,
        shows=(
            ("a stop credited 850", has_capped_stop),
            ("a knock-off from the 850 barrel", has_penalty("knocked_off")),
        ),
    ),
)


def play(example: Example) -> tuple[RecordBuilder, Replay]:
    """Play the example's game and replay its record through the checked path."""
    game = Game(load_preset(example.preset))
    policies = [cautious(stop_at, dice) for stop_at, dice in example.policies]
    state, record = play_game(game, example.players, policies, RandomDice(example.seed))
    if not state.is_over:
        raise SystemExit(f"{example.preset}: seed {example.seed} did not finish")
    return record, replay(record.to_data())


def missing(example: Example, result: Replay) -> list[str]:
    """What the example was chosen to show but does not."""
    return [what for what, check in example.shows if not check(result)]


def main() -> int:
    failed = False
    for example in EXAMPLES:
        record, result = play(example)
        path = HERE / f"{example.preset}.json"
        path.write_text(record.to_json(), encoding="utf-8")
        winner = result.state.players[result.state.current].name
        print(f"{path.name}: {len(result.turns)} turns, {winner} wins")
        lacking = missing(example, result)
        if lacking:
            failed = True
            print(f"  seed {example.seed} no longer shows: {', '.join(lacking)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
