"""Computer players of card Thousand by level, and the playout player that random games
are played with.

:data:`BOT_LEVELS` maps a level's name (``bot:LEVEL``) to its decision function, weakest
first. Every level is a :data:`LevelPolicy`: it gets the seat's
:class:`~.views.SeatView`, the rules, the legal actions and an rng — never the
referee's state — so it decides from what its seat may know only (§7).
:func:`bot_action` is the one place that turns a position into that view.

* ``random`` (:func:`choose`) picks uniformly among the legal actions of its seat;
* ``novice`` and ``club`` are the players of :mod:`.levels.novice` and
  :mod:`.levels.club` (issue 27).
* :func:`playout_action` plays out whole games quickly and to their end, for the
  conformance suite and tests. Uniformly random play never ends a game of Thousand:
  random raises fail, and every total falls forever. The playout player mostly passes,
  bids and announces the least, gives its least cards, lets the declarer play its best
  card (its marriage first), and from the barrel bids what it needs to reach 1000.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import TYPE_CHECKING, TypeAlias

from thousand.core.errors import ThousandError
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
from thousand.games.card1000.config import Rules
from thousand.games.card1000.levels import club, expert, novice
from thousand.games.card1000.scoring import WIN
from thousand.games.card1000.views import SeatView, view

if TYPE_CHECKING:
    from thousand.games.card1000.position import Position

LevelPolicy: TypeAlias = Callable[[SeatView, Rules, Sequence[Decision], Random], Decision]
"""A level's decision: from the seat's view, the rules and the legal actions."""


def choose(legal: Sequence[Decision], rng: Random) -> Decision:
    """The ``random`` level: any legal action, each as likely."""
    return rng.choice(list(legal))


def _random_level(seen: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    del seen, rules
    return choose(legal, rng)


BOT_LEVELS: dict[str, LevelPolicy] = {
    "random": _random_level,
    "novice": novice.decide,
    "club": club.decide,
    "expert": expert.decide,
}
"""The computer players' levels by name, weakest first."""


class BotLevelError(ThousandError):
    """An unknown computer player level was asked for."""


def level_policy(level: str) -> LevelPolicy:
    """The decision function of ``level``; :class:`BotLevelError` if there is none."""
    policy = BOT_LEVELS.get(level)
    if policy is None:
        known = ", ".join(BOT_LEVELS)
        raise BotLevelError(f"unknown card Thousand level {level!r} (known: {known})")
    return policy


def bot_action(
    position: Position, seat: int, level: str, rng: Random, legal: Sequence[Decision]
) -> Decision:
    """The decision of a computer of ``level`` at ``seat``: its policy sees only
    :func:`~.views.view` of the position for that seat."""
    return level_policy(level)(view(position.state, seat), position.state.rules, legal, rng)


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
