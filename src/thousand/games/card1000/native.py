"""Random deals of card Thousand at native speed, and the same deals through the engine.

The later computer players sample millions of deals; :func:`play_random_deals` deals
them with the game's own shuffle (§5, from the committed seed, exactly as
:mod:`.shuffle` does) and plays each out with uniformly random legal decisions in
:mod:`.native_kernel` (numba, both cores), returning each deal's declarer, contract,
outcome, per-seat points (card points + marriages + the last-trick bonus, §1.6's
``p``; the sitting-out dealer's raw talon score) and tricks.

**How the choices are drawn.** Every decision of deal ``index`` takes the next word of
a SplitMix64 stream of its own: ``key = mix(mix(play_seed) + (index + 1) · γ)``, word
``j = mix(key + (j + 1) · γ)`` (γ = 0x9E3779B97F4A7C15, ``mix`` SplitMix64's
finaliser). The seat's legal decisions are sorted by their *code* (:func:`encode`:
``kind · 1024 + payload``, kinds in the order dark, bid, pass, redeal, talon,
write-off, give, discard, contract, play; cards by their place in the deck), and the
``k``-th is played, ``k = (word >> 32) · n >> 32`` for ``n`` decisions — every legal
decision about equally likely (the bias is below ``n / 2**32``). The stream is the
simulation's, not the game's: a deal's *cards* come from the committed seed, the
*random play* from ``play_seed``. :func:`play_engine_deal` makes the same choices
through :func:`.engine.apply` (checked), so the engine path and the native path play
the same deal decision for decision (tests/games/card1000/test_native.py).

**A deal's context** (:func:`deal_context`) is what it needs from the game around it:
whether it is golden, whether the first hand is offered the dark, and which seats may
write off (the barrel, ``write_off_limit``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.games.card1000 import native_kernel as nk
from thousand.games.card1000.actions import (
    PASS,
    REDEAL,
    WRITE_OFF,
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
    WriteOff,
)
from thousand.games.card1000.cards import DECK, DECK_INDEX, Card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.shuffle import deal_from_order, seeded_deal
from thousand.games.card1000.state import State

OUTCOMES = ("made", "failed", "written_off", "redeal")
"""The outcome of a deal, by the kernel's number."""

Ints = npt.NDArray[np.int64]

_MASK = (1 << 64) - 1


def rules_vector(rules: Rules) -> Ints:
    """The keys the kernel reads, in :mod:`.native_kernel`'s ``R_*`` order."""
    values = [0] * nk.RULES_SIZE
    values[nk.R_PLAYERS] = rules.players
    values[nk.R_HAND] = rules.hand_size
    values[nk.R_HAND_POINTS] = rules.redeal_hand_points
    values[nk.R_NINES] = rules.redeal_nines
    values[nk.R_JACKS] = rules.redeal_jacks
    values[nk.R_TALON_POINTS] = rules.redeal_talon_points
    values[nk.R_TALON_NINES] = rules.redeal_talon_nines
    values[nk.R_TALON_JACKS] = rules.redeal_talon_jacks
    values[nk.R_OPENING] = rules.opening_bid
    values[nk.R_STEP] = rules.bid_step
    values[nk.R_OVER_120] = int(rules.bid_over_120_without_marriage)
    values[nk.R_MAX_RAISE] = rules.max_raise or 0
    values[nk.R_MUST_BEAT] = int(rules.must_beat)
    values[nk.R_MUST_OVERTRUMP] = int(rules.must_overtrump)
    values[nk.R_FIRST_LEAD] = int(rules.marriage_on_first_lead)
    values[nk.R_LAST_TRICK] = rules.last_trick_bonus
    values[nk.R_ROUND_DECLARER] = int(rules.round_declarer)
    values[nk.R_GOLDEN_RAISE] = int(rules.golden_raise)
    values[nk.R_ACE_MARRIAGE] = int(rules.ace_marriage)
    return np.array(values, dtype=np.int64)


def seed_pads(seed: bytes) -> Ints:
    """HMAC-SHA256's inner and outer states for the key ``seed`` (a key longer than a
    block is hashed first, as HMAC does)."""
    key = hashlib.sha256(seed).digest() if len(seed) > 64 else seed
    return nk.hmac_pads(np.frombuffer(key, dtype=np.uint8).astype(np.int64))  # type: ignore[no-any-return]


def shuffled_orders(seed: bytes, indices: Ints) -> Ints:
    """The §5 order of each deal in ``indices`` as card numbers (places in ``DECK``)."""
    return nk.shuffle_orders(seed_pads(seed), np.asarray(indices, dtype=np.int64))  # type: ignore[no-any-return]


def deal_context(state: State) -> int:
    """The context bits of the next deal of ``state`` (:mod:`.native_kernel` ``C_*``)."""
    rules = state.rules
    context = 0
    if state.golden_left > 0:
        context |= nk.C_GOLDEN
    if rules.dark and (rules.dark_on_barrel or not state.any_on_barrel):
        context |= nk.C_DARK
    barred = state.any_on_barrel and not rules.write_off_on_barrel
    for seat, score in enumerate(state.board):
        limited = rules.write_off_limit is not None and score.write_offs >= rules.write_off_limit
        if not barred and not limited:
            context |= nk.C_WRITE_OFF << seat
    return context


def fresh_context(rules: Rules) -> int:
    """The context of a deal at the start of a game past its golden round: the dark
    offered when the rules have it, every seat free to write off."""
    context = nk.C_DARK if rules.dark else 0
    for seat in rules.seats:
        context |= nk.C_WRITE_OFF << seat
    return context


@dataclass(frozen=True)
class RandomDeals:
    """Deals played at random: a row per deal (``-1`` where a figure does not apply:
    no declarer on a redeal, no points on a write-off, no seat 3 with three players)."""

    outcome: Ints
    """Index into :data:`OUTCOMES`."""
    declarer: Ints
    contract: Ints
    dark: Ints
    decisions: Ints
    points: Ints
    """Per seat (four columns): §1.6's ``p``; the sitting-out dealer's talon score."""
    tricks: Ints
    marriages: Ints
    """Per seat: the values of the marriages it announced (counted in its points)."""
    traces: Ints | None
    """Each deal's decisions as codes (:func:`decode`), ``-1`` after its last."""
    choices: Ints | None
    """How many legal decisions each of them was drawn from."""

    def __len__(self) -> int:
        return int(self.outcome.shape[0])


def _rows(rules: Rules, count: int, *columns: Any) -> tuple[Ints, ...]:
    """Each of ``columns`` (deal indices, dealers, contexts: one value for all, or one per
    deal) as ``count`` contiguous integers; refused unless dealers are seats and deal
    indices are counted from 0."""
    indices, dealers, contexts = (
        np.broadcast_to(np.asarray(column, dtype=np.int64), (count,)).copy() for column in columns
    )
    if count and (dealers.min() < 0 or dealers.max() >= rules.players or indices.min() < 0):
        raise ValueError("dealers are seats and deal indices are counted from 0")
    return indices, dealers, contexts


def play_random_deals(  # noqa: PLR0917 - the deals and their settings
    rules: Rules,
    seed: bytes,
    play_seed: int,
    indices: Any,
    dealers: Any,
    contexts: Any,
    *,
    trace: bool = False,
    blocks: int = 8,
) -> RandomDeals:
    """Deals ``indices`` of the game seeded ``seed`` (§5), dealt by ``dealers`` in
    ``contexts`` (:func:`deal_context`), each played out at random from ``play_seed``."""
    indices = np.ascontiguousarray(indices, dtype=np.int64)
    count = indices.shape[0]
    indices, dealers, contexts = _rows(rules, count, indices, dealers, contexts)
    results = np.empty((count, nk.RESULT_SIZE), dtype=np.int64)
    traces = np.full((count if trace else 1, 2 * nk.MAX_DECISIONS), -1, dtype=np.int64)
    nk.play_deals(
        seed_pads(seed),
        np.uint64(play_seed & _MASK),
        indices,
        dealers,
        contexts,
        rules_vector(rules),
        results,
        traces,
        max(1, min(blocks, count)),
    )
    return _deals(results, traces if trace else None)


def play_random_orders(  # noqa: PLR0917 - the deals and their settings
    rules: Rules,
    orders: Any,
    play_seed: int,
    indices: Any,
    dealers: Any,
    contexts: Any,
    *,
    blocks: int = 8,
) -> RandomDeals:
    """Deals whose orders of the 24 cards are given (card numbers, a row each, dealt as
    §5 deals an order: a player's sampled deals) played out at random from
    ``play_seed``, deal ``indices[i]``'s stream of choices for row ``i``."""
    orders = np.ascontiguousarray(orders, dtype=np.int64)
    count = orders.shape[0]
    if orders.ndim != 2 or orders.shape[1] != 24 or not np.all(np.sort(orders) == np.arange(24)):
        raise ValueError("each order holds the 24 card numbers once")
    indices, dealers, contexts = _rows(rules, count, indices, dealers, contexts)
    results = np.empty((count, nk.RESULT_SIZE), dtype=np.int64)
    nk.play_orders(
        orders,
        np.uint64(play_seed & _MASK),
        indices,
        dealers,
        contexts,
        rules_vector(rules),
        results,
        max(1, min(blocks, count)),
    )
    return _deals(results, None)


def _deals(results: Ints, traces: Ints | None) -> RandomDeals:
    return RandomDeals(
        outcome=results[:, nk.O_OUTCOME],
        declarer=results[:, nk.O_DECLARER],
        contract=results[:, nk.O_CONTRACT],
        dark=results[:, nk.O_DARK],
        decisions=results[:, nk.O_DECISIONS],
        points=results[:, nk.O_POINTS : nk.O_POINTS + 4],
        tricks=results[:, nk.O_TRICKS : nk.O_TRICKS + 4],
        marriages=results[:, nk.O_MARRIAGES : nk.O_MARRIAGES + 4],
        traces=None if traces is None else traces[:, : nk.MAX_DECISIONS],
        choices=None if traces is None else traces[:, nk.MAX_DECISIONS :],
    )


# --- The same choices for the engine ----------------------------------------------------


def encode(action: Decision) -> int:
    """A decision's code (:mod:`.native_kernel`): the order the choices are drawn in."""
    kind = nk.KIND
    if isinstance(action, Dark):
        return nk.DARK * kind + int(action.dark)
    if isinstance(action, Bid):
        return nk.BID * kind + action.amount
    if isinstance(action, Pass):
        return nk.PASS * kind
    if isinstance(action, Redeal):
        return nk.REDEAL * kind
    if isinstance(action, ChooseTalon):
        return nk.TALON * kind + action.index
    if isinstance(action, WriteOff):
        return nk.WRITE_OFF * kind
    if isinstance(action, Give):
        return nk.GIVE * kind + action.to * 24 + DECK_INDEX[action.card]
    if isinstance(action, Discard):
        return nk.DISCARD * kind + DECK_INDEX[action.card]
    if isinstance(action, Contract):
        return nk.CONTRACT * kind + action.amount
    flag = 2 if action.ace_marriage else 1 if action.marriage else 0
    return nk.PLAY * kind + 3 * DECK_INDEX[action.card] + flag


def decode(code: int) -> Decision:
    """The decision a code stands for (the inverse of :func:`encode`)."""
    kind, payload = divmod(code, nk.KIND)
    if kind == nk.DARK:
        return Dark(bool(payload))
    if kind == nk.BID:
        return Bid(payload)
    if kind == nk.PASS:
        return PASS
    if kind == nk.REDEAL:
        return REDEAL
    if kind == nk.TALON:
        return ChooseTalon(payload)
    if kind == nk.WRITE_OFF:
        return WRITE_OFF
    if kind == nk.GIVE:
        return Give(DECK[payload % 24], payload // 24)
    if kind == nk.DISCARD:
        return Discard(DECK[payload])
    if kind == nk.CONTRACT:
        return Contract(payload)
    card, flag = divmod(payload, 3)
    return Play(DECK[card], marriage=flag == 1, ace_marriage=flag == 2)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * nk.MIX1) & _MASK
    z = ((z ^ (z >> 27)) * nk.MIX2) & _MASK
    return z ^ (z >> 31)


def choice_key(play_seed: int, index: int) -> int:
    """Deal ``index``'s key of choice words (the kernel's ``deal_key``)."""
    return _mix((_mix(play_seed & _MASK) + (index + 1) * nk.GAMMA) & _MASK)


def pick(key: int, j: int, n: int) -> int:
    """Which of ``n`` sorted decisions the ``j``-th decision of a deal takes."""
    word = _mix((key + (j + 1) * nk.GAMMA) & _MASK)
    return ((word >> 32) * n) >> 32


def play_engine_deal(
    state: State, seed: bytes, play_seed: int, order: Sequence[Card] | None = None
) -> tuple[State, list[int], list[int]]:
    """The next deal of ``state`` dealt from ``seed`` (§5; or ``order`` dealt as §5
    deals it, as :func:`play_random_orders` does) and played through the checked
    :func:`.engine.apply` with the choices the native path makes; the state after it,
    the decisions' codes and how many legal decisions each was drawn from."""
    if not state.chance:
        raise ValueError("play_engine_deal starts where the cards are to be dealt")
    index = state.dealt_count
    rules = state.rules
    if order is None:
        state = apply(state, seeded_deal(seed, index, rules, state.dealer))
    else:
        state = apply(state, deal_from_order(order, rules, state.dealer))
    key = choice_key(play_seed, index)
    codes: list[int] = []
    counts: list[int] = []
    while state.deal is not None and not state.over:
        choices = sorted(legal_actions(state), key=encode)
        action = choices[pick(key, len(codes), len(choices))]
        codes.append(encode(action))
        counts.append(len(choices))
        assert state.to_move is not None
        state = apply(state, action, state.to_move[0])
    return state, codes, counts
