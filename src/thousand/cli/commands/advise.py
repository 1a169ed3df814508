"""``thousand advise RECORD``: the winning chance of each legal action where a record ends.

The record is replayed through the engine; the position it ends in is looked up in the
solved strategy of its rules (solved and cached on first use, see ``thousand solve``:
seconds for the classic rules, minutes for rules where scores can fall — there the
values are those of value iteration, to its stated tolerance). The strategy is exact
for two players; with three or more the mover plays a duel against the leading opponent,
and the output says that its figures are then an approximation. A record of poker dice
gets the coach (:mod:`thousand.cli.commands.poker_advise`).
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands import poker_advise
from thousand.cli.commands.base import Env, ExitStatus, Subparsers, add_json_option
from thousand.cli.commands.replay import read_record
from thousand.core.errors import ThousandError
from thousand.core.i18n import Translator, translator
from thousand.games import game_of_record
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.state import GameState
from thousand.games.dice1000.words import dice_count


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "advise",
        help="the winning chance of each action where a game record ends",
        description="Replay a game record and show, for the player to move, the chance of "
        "winning after each legal action with perfect play from then on (exact for two "
        "players; with three or more, an approximation: a duel with the leading opponent).",
        epilog="example: thousand advise game.json",
    )
    parser.add_argument("file", metavar="RECORD", help="a record file, or - for standard input")
    add_json_option(parser, "the advice")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    from thousand.games.dice1000.solver.seats import load_or_solve_seated  # noqa: PLC0415

    record = read_record(args.file, env)
    # A game the program does not know: one line naming the known ones.
    if game_of_record(record) == "poker_dice":
        return poker_advise.run_poker_dice(args, env, record)
    result = replay(record)
    state = result.state
    if state.is_over:
        raise ThousandError(f"{args.file}: the game is over, there is nothing to advise")
    strategy = load_or_solve_seated(state.game, len(state.players))
    values = strategy.action_values(state)
    best = strategy.decide(state)
    data: dict[str, Any] = {
        "player": state.to_move,
        "score": state.player.score,
        "turn_total": state.turn_total,
        "dice_left": state.dice_left,
        "actions": [
            {"action": str(action), "win_chance": chance} for action, chance in values.items()
        ],
        "best": str(best),
        "exact": strategy.exact_for(state),
    }
    if args.json:
        env.print_json(data)
        return ExitStatus.OK
    english = translator("en")
    env.print(heading(english, state))
    for action, chance in values.items():
        mark = "  ← best" if action == best else ""
        env.print(f"  {action!s:<6} wins {chance:.2%}{mark}")
    if not strategy.exact_for(state):
        env.print(
            english.gettext(
                "An approximation at this table: played as a duel with the leading "
                "opponent (exact for two players, and for three where scores only grow)."
            )
        )
    return ExitStatus.OK


def heading(tr: Translator, state: GameState) -> str:
    """``To move: Anna, score 120, turn total 15, 3 dice in hand`` — the name first and
    never the subject of a verb, since a person playing ``thousand play`` is "You"."""
    return tr.gettext("To move: {name}, score {score}, turn total {total}, {dice} in hand").format(
        name=state.to_move,
        score=state.player.score,
        total=state.turn_total,
        dice=dice_count(tr, state.dice_left),
    )
