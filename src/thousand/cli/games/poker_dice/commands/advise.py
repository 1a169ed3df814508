"""``thousand advise RECORD`` for a record of poker dice: the coach where the record ends.

The record is replayed through the engine; for the player to move, every decision is
listed best first with its expected final total (sheet games, from the solved strategy of
the record's rules: found in the cache or solved, seconds, with progress on standard
error) or its chance of winning the round (the ranking game), and what it gives away
against the best (:mod:`thousand.games.poker_dice.coach`).
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.core.errors import ThousandError
from thousand.core.i18n import translator
from thousand.games.poker_dice import NAME
from thousand.games.poker_dice.actions import Action, Stop, Throw, Write
from thousand.games.poker_dice.coach import Coaching, coach
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.record import replay
from thousand.games.poker_dice.state import Position
from thousand.games.poker_dice.words import box_name

SHOWN = 12
"""Options the text lists (``--json`` lists them all)."""


def run(args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
    """Coach the player to move where ``record`` (parsed, of poker dice) ends."""
    position = replay(record).position
    if position.over:
        raise ThousandError(f"{args.file}: the game is over, there is nothing to advise")
    if position.in_air:  # pragma: no cover - a record's throws always land
        raise ThousandError(f"{args.file}: the record ends with dice in the air")
    advice = coach(position, loader=_loader(args, env))
    if args.json:
        env.print_json(
            {
                "game": NAME,
                "player": position.to_move,
                "dice": list(position.dice),
                "throws_left": position.throws_left,
                **advice.to_json_data(),
            }
        )
        return ExitStatus.OK
    for line in advice_lines(position, advice):
        env.print(line)
    return ExitStatus.OK


def _loader(args: argparse.Namespace, env: Env) -> Any:
    def load(rules: Rules) -> Any:
        from thousand.games.poker_dice.solver import load_or_solve  # noqa: PLC0415 (numba)

        def say(message: str) -> None:
            env.stderr.write(f"advise: {message}\n")
            env.stderr.flush()

        return load_or_solve(rules, None if args.json else say)

    return load


def action_text(rules: Rules, action: Action, dice: tuple[int, ...]) -> str:
    """An action as a player says it: ``keep 6 6, throw 3 dice``, ``write Full house``."""
    english = translator("en")
    if isinstance(action, Throw):
        if not dice:
            return "throw the five dice"
        if not action.keep:
            return "throw all five dice again"
        kept = " ".join(map(str, action.keep))
        return f"keep {kept}, throw {5 - len(action.keep)}"
    if isinstance(action, Write):
        return f"write {box_name(english, rules, action.box)}"
    if isinstance(action, Stop):
        return "stand"
    return str(action)


def advice_lines(position: Position, advice: Coaching) -> list[str]:
    """The coach's options as the command prints them, best first."""
    dice = " ".join(map(str, position.dice)) or "no dice yet"
    left = position.throws_left
    throws = "1 throw" if left == 1 else f"{left} throws"
    lines = [f"To move: {position.to_move}, dice {dice}, {throws} left"]
    chance = advice.measure == "win_chance"
    texts = [action_text(position.rules, option.action, position.dice) for option in advice.options]
    width = max(len(text) for text in texts)
    for option, text in list(zip(advice.options, texts, strict=True))[:SHOWN]:
        if chance:
            value, loss = f"wins {option.value:7.2%}", f"−{option.loss:.2%}"
        else:
            value, loss = f"expected total {option.value:8.2f}", f"−{option.loss:.2f}"
        mark = "  ← best" if option is advice.best else f"  ({loss})"
        lines.append(f"  {text:<{width}}  {value}{mark}")
    hidden = len(advice.options) - SHOWN
    if hidden > 0:
        lines.append(f"  … and {hidden} more (--json lists them all)")
    if not advice.exact:
        lines.append(
            "Exact for the last player of a round; before that, each player still to throw "
            "is taken to play to beat the hand shown."
        )
    return lines
