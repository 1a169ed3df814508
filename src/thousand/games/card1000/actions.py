"""What can happen in a deal of Thousand: the seats' decisions and the deal of the cards.

One value per kind of decision of CARD_THOUSAND.md §6 (``bid``, ``pass``, ``redeal``,
``dark``, ``talon``, ``write_off``, ``give``, ``discard``, ``contract``, ``play``), and
:class:`Dealt`, the chance node's outcome: the cards each seat and each talon got (from
a shuffle, :mod:`.shuffle`, or a record). Actions are small immutable, hashable values
and do not name their seat: the engine knows whose decision it is and refuses a seat
acting out of turn. Values are never checked here: the engine refuses a malformed
action with the rule it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from thousand.games.card1000.cards import Card, names


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``amount``: more than the standing bid, in steps of ``bid_step`` (§1.3)."""

    amount: int

    def to_data(self) -> dict[str, Any]:
        return {"bid": self.amount}


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the bidding for this deal (a pass is final)."""

    def to_data(self) -> dict[str, Any]:
        return {"pass": True}


@dataclass(frozen=True, slots=True)
class Redeal:
    """Ask for a redeal: a poor dealt hand, or (the declarer) a poor talon (§1.2)."""

    def to_data(self) -> dict[str, Any]:
        return {"redeal": True}


@dataclass(frozen=True, slots=True)
class Dark:
    """The first hand's choice before seeing the cards: play dark or not (§2)."""

    dark: bool

    def to_data(self) -> dict[str, Any]:
        return {"dark": self.dark}


@dataclass(frozen=True, slots=True)
class ChooseTalon:
    """Two players: the declarer takes talon 0 or 1 (§3)."""

    index: int

    def to_data(self) -> dict[str, Any]:
        return {"talon": self.index}


@dataclass(frozen=True, slots=True)
class WriteOff:
    """The declarer concedes the deal instead of giving (§1.6)."""

    def to_data(self) -> dict[str, Any]:
        return {"write_off": True}


@dataclass(frozen=True, slots=True)
class Give:
    """The declarer gives ``card`` to the opponent at seat ``to`` (§1.4)."""

    card: Card
    to: int

    def to_data(self) -> dict[str, Any]:
        return {"give": str(self.card), "to": self.to}


@dataclass(frozen=True, slots=True)
class Discard:
    """Two players: the declarer puts ``card`` out of play, face down (§3)."""

    card: Card

    def to_data(self) -> dict[str, Any]:
        return {"discard": str(self.card)}


@dataclass(frozen=True, slots=True)
class Contract:
    """The declarer announces the contract: the bid standing or more (§1.4)."""

    amount: int

    def to_data(self) -> dict[str, Any]:
        return {"contract": self.amount}


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; on lead, ``marriage`` announces the K and Q of its suit and
    ``ace_marriage`` the four aces (an ace led, §2)."""

    card: Card
    marriage: bool = False
    ace_marriage: bool = False

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"play": str(self.card)}
        if self.marriage:
            data["marriage"] = True
        if self.ace_marriage:
            data["ace_marriage"] = True
        return data


@dataclass(frozen=True, slots=True)
class Dealt:
    """The chance node's outcome: each seat's hand (a sitting-out dealer's is empty) and
    the talons (one of 3 cards; two players: two of 2), as §6 records them."""

    hands: tuple[tuple[Card, ...], ...]
    talons: tuple[tuple[Card, ...], ...]

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"hands": [names(hand) for hand in self.hands]}
        if len(self.talons) == 1:
            data["talon"] = names(self.talons[0])
        else:
            data["talons"] = [names(talon) for talon in self.talons]
        return data


Decision: TypeAlias = (
    Bid | Pass | Redeal | Dark | ChooseTalon | WriteOff | Give | Discard | Contract | Play
)
"""What a seat decides."""

Action: TypeAlias = Decision | Dealt
"""Everything the engine applies."""

PASS = Pass()
REDEAL = Redeal()
WRITE_OFF = WriteOff()
