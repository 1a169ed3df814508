"""The 24 cards of Thousand (CARD_THOUSAND.md §1.1): suits, ranks, card points, marriages.

A card is a small immutable value written as rank + suit (``"TH"``, the ten of hearts),
the notation of records, keys and tests. :data:`DECK` is the deck in the order the
shuffle of §5 starts from (:mod:`.shuffle`): suits ♠ ♣ ♦ ♥ (by marriage value, 40 to
100), ranks from the nine to the ace within each suit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from thousand.core.errors import ThousandError


class Suit(Enum):
    """A suit, by its letter in the notation (♠ ♣ ♦ ♥)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"


class Rank(Enum):
    """A rank, by its letter in the notation; :data:`ORDER` ranks them."""

    NINE = "9"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    TEN = "T"
    ACE = "A"


SUITS = tuple(Suit)
RANKS = tuple(Rank)

ORDER = {rank: strength for strength, rank in enumerate(RANKS)}
"""Strength within a suit: A > 10 > K > Q > J > 9 (§1.1)."""

POINTS = {Rank.NINE: 0, Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.TEN: 10, Rank.ACE: 11}
"""Card points (§1.1): 30 in each suit, 120 in the deck."""

MARRIAGE = {Suit.SPADES: 40, Suit.CLUBS: 60, Suit.DIAMONDS: 80, Suit.HEARTS: 100}
"""What announcing the K and Q of a suit is worth (§1.5, A 4)."""

ACE_MARRIAGE = 200
"""Four aces announced as a marriage (§2 ``ace_marriage``)."""


class CardError(ThousandError):
    """Text that is not a card of the 24 (``"TH"`` is one, ``"10H"`` and ``"8S"`` are not)."""


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card: its suit and rank. ``str(card)`` is its notation (``"TH"``)."""

    rank: Rank
    suit: Suit
    code: str = field(init=False, repr=False, compare=False)
    """The notation, worked out once: views and records write cards by the thousand."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.rank.value + self.suit.value)

    def __hash__(self) -> int:
        # the notation's hash: the generated one hashes both enums on every lookup
        return hash(self.code)

    @property
    def points(self) -> int:
        """Its card points (A 11, 10 10, K 4, Q 3, J 2, 9 0)."""
        return POINTS[self.rank]

    @property
    def strength(self) -> int:
        """Its strength within its suit, 0 (nine) to 5 (ace)."""
        return ORDER[self.rank]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 24 cards in the order the shuffle starts from (§5, docs/card1000.md)."""

_BY_NAME = {str(card): card for card in DECK}

DECK_INDEX = {card: index for index, card in enumerate(DECK)}
"""A card's place in :data:`DECK`: the order hands are shown in."""


def card(name: object) -> Card:
    """The card written ``name`` (``"TH"``); :class:`CardError` otherwise."""
    found = _BY_NAME.get(name) if isinstance(name, str) else None
    if found is None:
        shown = name if isinstance(name, str) else repr(name)
        raise CardError(f"not a card: {shown!r} (rank 9 J Q K T A + suit S C D H)")
    return found


def cards(names: Iterable[object]) -> tuple[Card, ...]:
    """Several cards from their notation, in the order given."""
    return tuple(card(name) for name in names)


def sort_cards(held: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in deck order (suit by suit, nine to ace): how a hand is shown."""
    return tuple(sorted(held, key=DECK_INDEX.__getitem__))


def names(held: Iterable[Card]) -> list[str]:
    """The notation of each card, in the order given (the record's and the views' form)."""
    return [str(each) for each in held]


def card_points(held: Iterable[Card]) -> int:
    """The card points of several cards."""
    return sum(each.points for each in held)


def marriages_in(held: Iterable[Card]) -> tuple[Suit, ...]:
    """The suits whose K and Q are both among ``held``, in deck order."""
    present = set(held)
    return tuple(
        suit
        for suit in SUITS
        if Card(Rank.KING, suit) in present and Card(Rank.QUEEN, suit) in present
    )


def has_four_aces(held: Iterable[Card]) -> bool:
    """Whether all four aces are among ``held`` (§2 ``ace_marriage``)."""
    return sum(1 for each in held if each.rank is Rank.ACE) == 4


def count_rank(held: Iterable[Card], rank: Rank) -> int:
    """How many of ``held`` have ``rank`` (nines and jacks for a redeal, §1.2)."""
    return sum(1 for each in held if each.rank is rank)
