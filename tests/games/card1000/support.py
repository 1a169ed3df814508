"""What the card Thousand tests share: a deal written in the notation, a random legal
player, and whole games played through the checked engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from thousand.games.card1000.actions import Bid, Contract, Dealt, Decision, Pass
from thousand.games.card1000.cards import cards
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import State, new_game


def dealt(hands: list[str], *talons: str) -> Dealt:
    """A deal from space-separated notation: ``dealt(["AS TS ...", ...], "9H JH QH")``."""
    return Dealt(
        tuple(cards(hand.split()) for hand in hands), tuple(cards(t.split()) for t in talons)
    )


def act(state: State, *decisions: Decision) -> State:
    """Each decision by the seat to move, checked."""
    for decision in decisions:
        assert state.to_move is not None
        state = apply(state, decision, state.to_move[0])
    return state


Policy = Callable[[State, tuple[Decision, ...], random.Random], Decision]


def random_policy(state: State, actions: tuple[Decision, ...], rng: random.Random) -> Decision:
    """A legal decision, biased towards short bidding so that declarers sometimes make it."""
    del state
    passes = [a for a in actions if isinstance(a, Pass)]
    if passes and rng.random() < 0.7:
        return passes[0]
    bids = [a for a in actions if isinstance(a, Bid | Contract)]
    if (bids and len(bids) == len(actions)) or (bids and rng.random() < 0.5):
        return min(bids, key=lambda a: a.amount)
    return rng.choice(actions)


def play_game(
    rules: Rules,
    seed: int,
    *,
    max_deals: int = 8,
    policy: Policy = random_policy,
) -> Iterator[State]:
    """Every state of a game played by ``policy`` from deals derived from ``seed``,
    through the checked apply, until it ends or ``max_deals`` deals are finished."""
    rng = random.Random(seed)
    key = seed.to_bytes(8, "big") * 4
    state = new_game(rules)
    yield state
    while not state.over and len(state.history) < max_deals:
        if state.chance:
            state = apply(state, seeded_deal(key, state.dealt_count, rules, state.dealer))
        else:
            assert state.to_move is not None
            actions = legal_actions(state)
            state = apply(state, policy(state, actions, rng), state.to_move[0])
        yield state
