"""``thousand score 2 2 2 5 5``: what one throw is worth under a rule set.

The engine scores; this module only checks the arguments and words the answer
(``Game.score`` is the one place a score is computed, STYLE.md example 6).
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import (
    Env,
    ExitStatus,
    UsageError,
)
from thousand.core.i18n import translator
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import load_rules
from thousand.games.dice1000.scoring import DICE, ThrowScore
from thousand.games.dice1000.words import combination_name, faces

_FACES = {str(face): face for face in range(1, 7)}


def parse_faces(arguments: list[str]) -> tuple[int, ...]:
    """The faces of one throw; :class:`UsageError` names the first bad argument."""
    if not arguments:
        raise UsageError("score: give the faces of one throw, e.g. thousand score 2 2 2 5 5")
    for argument in arguments:
        if argument not in _FACES:
            raise UsageError(f"score: '{argument}' is not a die face (1–6)")
    if len(arguments) > DICE:
        raise UsageError(f"score: a throw has 1 to {DICE} dice, got {len(arguments)}")
    return tuple(_FACES[argument] for argument in arguments)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    dice = parse_faces(args.dice)
    game = Game(load_rules(args.rules))
    score = game.score(dice)
    instant_win = game.is_instant_win(tuple(sorted(dice)))
    if args.json:
        env.print_json(score_data(score, instant_win))
    else:
        env.print(describe(dice, score, instant_win, game.hot_dice_must_throw))
    return ExitStatus.OK


def score_data(score: ThrowScore, instant_win: bool) -> dict[str, Any]:
    """The ``--json`` object; combinations in the engine's order."""
    return {
        "points": score.points,
        "scoring_dice": score.scoring_dice,
        "bust": score.bust,
        "hot_dice": score.hot_dice,
        "combinations": [
            {"name": c.name, "dice": list(c.dice), "points": c.points} for c in score.combinations
        ],
        "instant_win": instant_win,
    }


def describe(
    dice: tuple[int, ...], score: ThrowScore, instant_win: bool, hot_dice_must_throw: bool
) -> str:
    """The human report: a headline, then one aligned line per combination."""
    thrown = len(dice)
    if score.bust:
        return f"{faces(dice)} → bust: no die scores, the turn total is lost"
    points = "1 point" if score.points == 1 else f"{score.points} points"
    head = f"{faces(dice)} → {points}, {score.scoring_dice} of {thrown} dice score"
    if instant_win:
        head += ", instant win: the game is won at once"
    elif score.hot_dice:
        head += ", hot dice: throw all five again"
        if not hot_dice_must_throw:
            head += " or stop"
    else:
        left = thrown - score.scoring_dice
        head += f": set them aside, {left} {'die' if left == 1 else 'dice'} left to throw"
    english = translator("en")
    names = [combination_name(english, c) for c in score.combinations]
    shown = [faces(c.dice) for c in score.combinations]
    name_width = max(map(len, names))
    dice_width = max(map(len, shown))
    lines = [head]
    for name, text, combination in zip(names, shown, score.combinations, strict=True):
        lines.append(f"  {name:<{name_width}}  {text:<{dice_width}}  {combination.points:>4}")
    return "\n".join(lines)
