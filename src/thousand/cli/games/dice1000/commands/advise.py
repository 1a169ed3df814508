"""``thousand advise RECORD`` for a record of dice 1000: the winning chance of each legal
action where the record ends.

The position the record ends in is looked up in the solved strategy of its rules
(solved and cached on first use, see ``thousand solve``: seconds for the classic rules,
minutes for rules where scores can fall — there the values are those of value
iteration, to its stated tolerance). The strategy is exact for two players; with three or
more the mover plays a duel against the leading opponent, and the output says that its
figures are then an approximation.
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.core.errors import ThousandError
from thousand.core.i18n import Translator, translator
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.state import GameState
from thousand.games.dice1000.words import dice_count


def run(args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
    """Advise the player to move where ``record`` (parsed, of dice 1000) ends."""
    from thousand.games.dice1000.solver.seats import load_or_solve_seated  # noqa: PLC0415

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
