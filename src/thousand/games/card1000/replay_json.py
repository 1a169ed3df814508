"""The replay JSON of CARD_THOUSAND.md §6 (``thousand replay FILE --json``), from a state.

The referee's whole picture — every hand of the deal in progress included — because a
replay reads a whole record; a seat's picture is :func:`.views.view` (``--seat N``). The
record reader (a later piece of issue 26) replays a record through :mod:`.engine` and
prints :func:`replay_data` of the state it ends in. The fields follow §6 and §8 "Replay
JSON in detail": a deal in progress has ``outcome``, ``points``, ``changes`` and
``totals`` null, ``declarer`` once known and ``contract`` the standing bid from then; a
redeal has ``declarer``, ``contract`` and ``points`` null, ``changes`` all 0; a
write-off has ``points`` null; between deals ``to_move`` is the next deal's first
decision, ``trump`` null, ``trick`` empty and ``hands`` null.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thousand.games.card1000.cards import names
from thousand.games.card1000.state import Deal, Phase, State


def next_decision(state: State) -> tuple[int, Phase] | None:
    """Whose decision comes first in the next deal, before its cards are dealt: the
    golden declarer (the first hand), the first hand's dark choice, or the seat after
    the first hand in the bidding."""
    if state.over:
        return None
    if state.to_move is not None:
        return state.to_move
    rules = state.rules
    first, second = state.playing[0], state.playing[1]
    if state.golden_left > 0:
        return first, "talon" if rules.players == 2 else "give"
    if rules.dark and (rules.dark_on_barrel or not state.any_on_barrel):
        return first, "dark"
    return second, "bid"


def replay_data(state: State, players: Sequence[str]) -> dict[str, Any]:
    """§6's replay JSON of ``state`` for the players named ``players`` (in seat order)."""
    deals = [summary.scores_data() for summary in state.history]
    if state.deal is not None:
        deals.append(_in_progress(state.deal))
    to_move = next_decision(state)
    deal = state.deal
    return {
        "players": [
            {
                "name": name,
                "score": score.total,
                "barrel": score.barrel,
                "attempts": score.attempts,
                "falls": score.falls,
                "bolts": score.bolts,
                "write_offs": score.write_offs,
            }
            for name, score in zip(players, state.board, strict=True)
        ],
        "deals": deals,
        "winner": None if state.winner is None else players[state.winner],
        "to_move": None if to_move is None else {"seat": to_move[0], "phase": to_move[1]},
        "trump": None if deal is None or deal.trump is None else deal.trump.value,
        "trick": [] if deal is None else names(deal.trick),
        "hands": None if deal is None else [names(hand) for hand in deal.hands],
    }


def _in_progress(deal: Deal) -> dict[str, Any]:
    return {
        "dealer": deal.dealer,
        "declarer": deal.declarer,
        "contract": None if deal.declarer is None else deal.bid,
        "outcome": None,
        "points": None,
        "changes": None,
        "totals": None,
    }
