"""The ``novice`` level: how someone who has just learnt the rules plays.

It bids while the bid stays within its hand's points — the card points it holds plus
the marriages it holds (without them no hand of seven cards, worth at most 74 card
points, would ever reach the forced 100) — and passes otherwise; it announces the bid as
the contract, gives and discards its least cards, never writes off, and asks for a
redeal whenever one is allowed. In play it follows suit (the legal moves make it), leads
its highest card (announcing a marriage when it can), takes a trick with its cheapest
card that beats it and otherwise throws its least card. It remembers nothing of the
cards played: that is what ``club`` adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from thousand.games.card1000.actions import (
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
)
from thousand.games.card1000.cards import MARRIAGE, Card, Suit, card_points, marriages_in
from thousand.games.card1000.config import Rules
from thousand.games.card1000.play import trick_winner
from thousand.games.card1000.views import SeatView


def hand_points(hand: Sequence[Card]) -> int:
    """What a novice thinks its hand is worth: card points plus marriages held."""
    return card_points(hand) + sum(MARRIAGE[suit] for suit in marriages_in(hand))


def least(cards: Sequence[Card]) -> Card:
    """The card a novice parts with most easily: fewest points, then weakest."""
    return min(cards, key=lambda each: (each.points, each.strength))


def decide(view: SeatView, rules: Rules, legal: Sequence[Decision], rng: Random) -> Decision:
    """The novice's decision among ``legal``, from ``view`` only."""
    del rules, rng
    deal = view.deal
    assert deal is not None and legal
    hand = deal.hand or ()
    for action in legal:
        if isinstance(action, Redeal):
            return action
    first = legal[0]
    if isinstance(first, Dark):
        return Dark(False)
    if isinstance(first, ChooseTalon):
        return first
    if isinstance(first, Contract):
        return min((a for a in legal if isinstance(a, Contract)), key=lambda a: a.amount)
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids or isinstance(first, Pass):
        lowest = min(bids, key=lambda a: a.amount) if bids else None
        if lowest is not None and lowest.amount <= hand_points(hand):
            return lowest
        return next(a for a in legal if isinstance(a, Pass))
    gives = [a for a in legal if isinstance(a, Give | Discard)]
    if gives:
        spare = least([a.card for a in gives])
        return next(a for a in gives if a.card == spare)
    plays = [a for a in legal if isinstance(a, Play)]
    return _play(plays, deal.trick, None if deal.trump is None else Suit(deal.trump))


def _play(plays: list[Play], trick: tuple[Card, ...], trump: Suit | None) -> Play:
    if not trick:
        marriages = [a for a in plays if a.marriage or a.ace_marriage]
        if marriages:
            return max(marriages, key=lambda a: MARRIAGE[a.card.suit])
        return max(plays, key=lambda a: (a.card.strength, a.card.points))
    winning = [a for a in plays if trick_winner((*trick, a.card), trump) == len(trick)]
    if winning:
        return min(winning, key=lambda a: (a.card.suit is trump, a.card.strength))
    return min(plays, key=lambda a: (a.card.points, a.card.strength))
