"""``thousand advise RECORD`` for a record of card Thousand: the advisor where the record
ends, for the seat to move, from that seat's view only.

Every legal action is listed with what it brings in this deal
(:mod:`thousand.games.card1000.advice`): a card with the declarer's expected points and
the chance the contract is made, a bid or a contract with the chance of making it and
the expected score; other decisions without figures. The worlds behind the figures are
drawn from a fixed seed, so the same record gets the same advice.
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.core.errors import ThousandError
from thousand.games.card1000 import NAME
from thousand.games.card1000.actions import Bid, Contract, Decision, Play
from thousand.games.card1000.advice import WORLDS, ActionAdvice, advise
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.levels.expert import evaluated_spare
from thousand.games.card1000.record import replay
from thousand.games.card1000.views import view


def run(args: argparse.Namespace, env: Env, record: Any) -> ExitStatus:
    """Advise the seat to move where ``record`` (parsed, of card Thousand) ends."""
    replayed = replay(record)
    state = replayed.state
    if state.over:
        raise ThousandError(f"{args.file}: the game is over, there is nothing to advise")
    if state.to_move is None:
        raise ThousandError(f"{args.file}: the record ends between deals: the cards come next")
    seat, phase = state.to_move
    rules = state.rules
    seen = view(state, seat)
    advice = advise(seen, rules, legal_actions(state), evaluated_spare(rules))
    if args.json:
        env.print_json(
            {
                "game": NAME,
                "seat": seat,
                "player": replayed.players[seat],
                "phase": phase,
                "worlds": WORLDS,
                "actions": [each.to_data() for each in advice],
            }
        )
        return ExitStatus.OK
    deal = seen.deal
    assert deal is not None
    role = ""
    if deal.declarer is not None and deal.contract is not None and phase == "play":
        side = "declarer" if deal.declarer == seat else "defender"
        role = f" ({side}; {replayed.players[deal.declarer]} plays {deal.contract})"
    env.print(
        f"{replayed.players[seat]} to {phase}{role}; {WORLDS} deals drawn from what they see:"
    )
    for each in advice:
        env.print(f"  {action_text(each.action):<22} {figures(each)}".rstrip())
    return ExitStatus.OK


def action_text(action: Decision) -> str:
    """An action as a player says it: ``play AH``, ``play KH announcing the marriage``."""
    if isinstance(action, Play):
        if action.marriage:
            return f"{action.card} + marriage"
        if action.ace_marriage:
            return f"{action.card} + four aces"
        return f"play {action.card}"
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if isinstance(action, Contract):
        return f"contract {action.amount}"
    data = action.to_data()
    key, value = next(iter(data.items()))
    return key if value is True else f"{key} {value}"


def figures(advice: ActionAdvice) -> str:
    """The figures of one action, or nothing."""
    if advice.points is None or advice.made is None:
        return ""
    if isinstance(advice.action, Play):
        return f"declarer takes {advice.points:.0f} on average, makes it in {advice.made:.0%}"
    return f"made in {advice.made:.0%}, worth {advice.points:+.0f} on average"
