"""``thousand advise RECORD`` for a record of dice 1000: the winning chance of each legal
action where the record ends.

The position the record ends in is looked up in the solved strategy of its rules
(solved and cached on first use, see ``thousand solve``: seconds for the classic rules,
minutes for rules where scores can fall — there the values are those of value
iteration, to its stated tolerance). The strategy is exact for two players, and for three
where scores only grow once their table is solved on this machine; otherwise the mover
plays a duel against the leading opponent, and the output says that its figures are then
an approximation.

The exact three-player table of the classic rules takes minutes of a whole machine to
solve; the command does not make a person wait for it unannounced: it answers with the
approximation and says how to solve the table (``thousand solve --players 3``), once.
Small targets, whose table solves in seconds, are solved at once.
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.core.errors import ThousandError
from thousand.core.i18n import Translator, translator
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.state import GameState
from thousand.games.dice1000.words import approximation_note, dice_count


def run(args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
    """Advise the player to move where ``record`` (parsed, of dice 1000) ends."""
    from thousand.games.dice1000.solver.seats import (  # noqa: PLC0415 - numpy
        load_or_solve_seated,
        quick_three,
        three_pending,
    )

    result = replay(record)
    state = result.state
    if state.is_over:
        raise ThousandError(f"{args.file}: the game is over, there is nothing to advise")
    game, players = state.game, len(state.players)
    pending = three_pending(game, players) and not quick_three(game)
    strategy = load_or_solve_seated(game, 2 if pending else players)
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
        env.print(approximation_note(english))
    if pending:
        env.print(
            "The exact table for three players is not solved on this machine yet: "
            f"`thousand solve --players 3` with these rules solves it, once ({THREE_SOLVE})."
        )
    return ExitStatus.OK


THREE_SOLVE = "some minutes for the classic rules"
"""How long the exact three-player solve takes, as the advice says it: 5 minutes of two
free cores measured for the classic rules, 13–30 on a busy machine."""


def heading(tr: Translator, state: GameState) -> str:
    """``To move: Anna, score 120, turn total 15, 3 dice in hand`` — the name first and
    never the subject of a verb, since a person playing ``thousand play`` is "You"."""
    return tr.gettext("To move: {name}, score {score}, turn total {total}, {dice} in hand").format(
        name=state.to_move,
        score=state.player.score,
        total=state.turn_total,
        dice=dice_count(tr, state.dice_left),
    )
