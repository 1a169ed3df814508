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

from thousand.core.fairdice import Verification, verify_chance
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

    def first_difference(seed: bytes) -> dict[str, Any] | None:
        for index, (dealt, dealer) in enumerate(zip(deals, dealers, strict=True)):
            derived = seeded_deal(seed, index, replayed.rules, dealer)
            if derived != dealt:
                return {
                    "deal": index + 1,
                    "index": index,
                    "recorded": dealt.to_data(),
                    "derived": derived.to_data(),
                }
        return None

    return verify_chance(
        meta,
        count=len(deals),
        first_difference=first_difference,
        unit="deal",
        nothing_drawn="table_cards" if replayed.table else None,
    )
