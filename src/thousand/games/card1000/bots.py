"""Computer players of card Thousand: for now only the trivial one, and the playout
player that random games are played with.

* ``random`` (:func:`choose`) picks uniformly among the legal actions of its seat. It
  is what a computer seat does until real players come (a later issue), and it decides
  from what its seat may know only: the legal actions, which follow from its own hand
  and the public deal.
* :func:`playout_action` plays out whole games quickly and to their end, for the
  conformance suite and tests. Uniformly random play never ends a game of Thousand:
  random raises fail, and every total falls forever. The playout player mostly passes,
  bids and announces the least, gives its least cards, lets the declarer play its best
  card (its marriage first), and from the barrel bids what it needs to reach 1000.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING

from thousand.games.card1000.actions import (
    Bid,
    Contract,
    Decision,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
    WriteOff,
)
from thousand.games.card1000.scoring import WIN

if TYPE_CHECKING:
    from thousand.games.card1000.position import Position

BOT_LEVELS = ("random",)
"""The computer players' levels, weakest first."""


def choose(legal: Sequence[Decision], rng: Random) -> Decision:
    """The ``random`` level: any legal action, each as likely."""
    return rng.choice(list(legal))


def playout_action(position: Position, legal: Sequence[Decision], rng: Random) -> Decision:
    """A legal action of the playout player (see the module docstring)."""
    state = position.state
    deal = state.deal
    assert deal is not None
    kinds: dict[type, list[Decision]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    me = state.board[deal.to_move]
    need = WIN - me.total if me.barrel else 0
    for wanted in (Bid, Contract):
        amounts = [a for a in kinds.get(wanted, ()) if isinstance(a, Bid | Contract)]
        enough = [a for a in amounts if a.amount >= need]
        if need and enough and (wanted is Contract or rng.random() < 0.9):
            return min(enough, key=lambda a: a.amount)
    if Pass in kinds and rng.random() < 0.8:
        return kinds[Pass][0]
    for wanted in (Bid, Contract):
        amounts = [a for a in kinds.get(wanted, ()) if isinstance(a, Bid | Contract)]
        if amounts:
            return min(amounts, key=lambda a: a.amount)
    plays = [a for a in kinds.get(Play, ()) if isinstance(a, Play)]
    if plays:
        if deal.to_move == deal.declarer:
            return max(plays, key=lambda a: (a.marriage or a.ace_marriage, a.card.points))
        return rng.choice(plays)
    gives = [
        a for a in (*kinds.get(Give, ()), *kinds.get(Discard, ())) if isinstance(a, Give | Discard)
    ]
    if gives and rng.random() < 0.9:
        return min(gives, key=lambda a: a.card.points)
    rare = (Redeal, WriteOff)
    common = [kind for kind in kinds if kind not in rare]
    chosen: type = rng.choice(list(kinds))
    if chosen in rare and common and rng.random() < 0.8:
        chosen = common[0]
    return rng.choice(kinds[chosen])
