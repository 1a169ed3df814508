"""What the card Thousand screen draws from one seat's view (the pieces the app will
put together): the hand sorted by suit with its symbols, the playable cards marked,
and never a card of another seat's hand."""

from __future__ import annotations

import io
import itertools

from rich.console import Console, RenderableType

from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.card1000.session import Session
from thousand.games.card1000.words import short
from thousand.tui.card1000.widgets import hand_view, paper_sheet, seats_view, table_view

NAMES = ("Anna", "Boris", "Vera")


def plain(renderable: RenderableType, width: int = 80) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(renderable)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def screen(session: Session, seat: int, language: str = "en") -> str:
    tr = translator(language)
    seen = session.view(seat)
    assert seen.deal is not None and seen.deal.hand is not None
    parts = [
        seats_view(tr, seen, NAMES, seat),
        table_view(tr, seen, NAMES, seat),
        hand_view(tr, seen.deal.hand, seen.deal.hand, 0, "Your hand"),
        paper_sheet(tr, seen, session.rules, NAMES),
    ]
    return "\n".join(plain(part) for part in parts)


def new(seed: int) -> Session:
    seats = [Seat(name, "novice") for name in NAMES]
    return Session.new("classic", seats, seed=seed, language="en", program="test")


def test_the_screen_never_shows_a_card_of_another_hand() -> None:
    for seed in range(6):
        session = new(seed)
        hands = session.position.state.deal.hands  # type: ignore[union-attr]
        text = screen(session, 0)
        tr = translator("en")
        for each in hands[0]:
            assert short(tr, each) in text
        for other in hands[1:]:
            for each in other:
                if each not in hands[0]:
                    assert short(tr, each) not in text, (seed, each)


def test_the_hand_is_sorted_by_suit_with_symbols() -> None:
    session = new(1)
    seen = session.view(0)
    assert seen.deal is not None and seen.deal.hand is not None
    text = plain(hand_view(translator("en"), seen.deal.hand, (), 0, "Hand"))
    cards_line = text.splitlines()[2]
    suits = [char for char in cards_line if char in "♠♣♦♥"]
    changes = sum(1 for a, b in itertools.pairwise(suits) if a != b)
    assert changes == len(set(suits)) - 1
    assert "▲" in text.splitlines()[3]
