"""Checking a card Thousand record's deals against its published seed (``thousand
verify``, CARD_THOUSAND.md §5).

A game dealt by the server draws every deal from a secret seed committed to before the
game (``meta.dice_commitment``, the SHA-256 of the seed: the server's field for any
game's chance) and published at its end (``meta.dice_seed``). Deal ``index`` — its
0-based number in the record, redeals included — is :func:`.shuffle.seeded_deal` of the
seed, dealt by the record's dealer (docs/card1000.md has the derivation and a checker
of a dozen lines).

:func:`verify_record` replays the record through the checked path first (an illegal
record is refused as ``thousand replay`` refuses it), then checks the seed against the
commitment and re-derives every deal. A scorekeeping record (``meta.cards`` is
``"table"``: real cards) has nothing to verify.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from thousand.core.chance import commitment
from thousand.core.fairdice import (
    SERVER_DICE,
    DiceMetaError,
    Reason,
    Verification,
    hex64,
    unverifiable,
)
from thousand.games.card1000.actions import Dealt
from thousand.games.card1000.record import replay
from thousand.games.card1000.shuffle import seeded_deal


def verify_record(data: object) -> Verification:
    """Check a card record's deals against its ``meta.dice_seed`` and
    ``meta.dice_commitment`` (see the module docstring); raises
    :class:`~thousand.core.errors.RecordError` for an illegal record and
    :class:`~thousand.core.fairdice.DiceMetaError` for malformed seed fields."""
    replayed = replay(data)
    assert isinstance(data, Mapping)  # replay() refuses anything else
    meta: Mapping[str, Any] = data.get("meta") or {}
    history = replayed.state.history
    deals = [summary.dealt for summary in history]
    in_progress = replayed.state.deal
    if in_progress is not None:
        deals.append(in_progress.dealt)
    dealers = [summary.dealer for summary in history]
    if in_progress is not None:
        dealers.append(in_progress.dealer)
    count = len(deals)
    source = meta.get("dice", SERVER_DICE)
    raw_seed, raw_commitment = meta.get("dice_seed"), meta.get("dice_commitment")
    seed = None if raw_seed is None else hex64("meta.dice_seed", raw_seed)
    committed = None if raw_commitment is None else hex64("meta.dice_commitment", raw_commitment)
    if not isinstance(source, str):
        raise DiceMetaError(f'meta.dice: expected "{SERVER_DICE}"')

    def unverified(reason: Reason) -> Verification:
        other = None if source == SERVER_DICE else source
        return Verification(False, count, False, None, reason, seed, committed, other, unit="deal")

    if replayed.table:
        return unverified("table_cards")
    missing = unverifiable(source, committed, seed)
    if missing is not None:
        return unverified(missing)
    assert seed is not None and committed is not None
    seed_bytes = bytes.fromhex(seed)
    commitment_ok = commitment(seed_bytes) == committed
    difference = None
    for index, (dealt, dealer) in enumerate(zip(deals, dealers, strict=True)):
        derived = seeded_deal(seed_bytes, index, replayed.rules, dealer)
        if derived != dealt:
            difference = {
                "deal": index + 1,
                "index": index,
                "recorded": _cards(dealt),
                "derived": _cards(derived),
            }
            break
    return Verification(
        ok=commitment_ok and difference is None,
        throws=count,
        commitment_ok=commitment_ok,
        mismatch=None,
        reason=None if commitment_ok else "commitment_mismatch",
        seed=seed,
        commitment=committed,
        unit="deal",
        difference=difference,
    )


def _cards(dealt: Dealt) -> dict[str, Any]:
    return dealt.to_data()
