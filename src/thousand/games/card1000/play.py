"""What a trick allows and who wins it (CARD_THOUSAND.md §1.5 and §8 "Following").

Follow the suit led if you can; if you cannot, play a trump if a trump suit is set and
you hold one; otherwise any card. ``must_beat``: a follower of the suit led, while no
trump of another suit is in the trick, must beat the best card of that suit in it if
they can. ``must_overtrump``: a follower who cannot follow and trumps must beat the best
trump in the trick if they can. The highest trump wins the trick; without one, the
highest card of the suit led.
"""

from __future__ import annotations

from collections.abc import Sequence

from thousand.games.card1000.cards import Card, Suit
from thousand.games.card1000.config import Rules


def _best(cards: Sequence[Card], suit: Suit) -> Card | None:
    of_suit = [card for card in cards if card.suit is suit]
    return max(of_suit, key=lambda card: card.strength) if of_suit else None


def _beating(cards: Sequence[Card], best: Card | None) -> list[Card]:
    if best is None:
        return list(cards)
    return [card for card in cards if card.strength > best.strength]


def follow_requirement(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, rules: Rules
) -> tuple[str, tuple[Card, ...]]:
    """The rule that binds the seat to play now and the cards it allows.

    The rule is ``lead`` (the trick is empty: any card), ``follow`` (the suit led),
    ``must_beat``, ``trump``, ``must_overtrump`` or ``any`` (none of these binds).
    """
    if not trick:
        return "lead", tuple(hand)
    led = trick[0].suit
    same = [card for card in hand if card.suit is led]
    if same:
        trumped = trump is not None and trump is not led and _best(trick, trump) is not None
        if rules.must_beat and not trumped:
            beating = _beating(same, _best(trick, led))
            if beating:
                return "must_beat", tuple(beating)
        return "follow", tuple(same)
    if trump is not None:
        trumps = [card for card in hand if card.suit is trump]
        if trumps:
            if rules.must_overtrump:
                beating = _beating(trumps, _best(trick, trump))
                if beating:
                    return "must_overtrump", tuple(beating)
            return "trump", tuple(trumps)
    return "any", tuple(hand)


def legal_cards(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, rules: Rules
) -> tuple[Card, ...]:
    """The cards of ``hand`` the seat may play to ``trick``."""
    return follow_requirement(hand, trick, trump, rules)[1]


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """The place in ``trick`` (0 = the lead) of the card that wins it."""
    decisive = trump if trump is not None and _best(trick, trump) is not None else trick[0].suit
    best = _best(trick, decisive)
    assert best is not None
    return list(trick).index(best)
