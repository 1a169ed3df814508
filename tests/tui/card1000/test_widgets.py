"""What the card Thousand screen draws from one seat's view (the pieces the app will
put together): the hand sorted by suit with its symbols, the playable cards marked,
and never a card of another seat's hand."""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rich.console import Console, RenderableType
from rich.text import Text

from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.card1000.cards import card
from thousand.games.card1000.position import Position
from thousand.games.card1000.record import Replay, replay
from thousand.games.card1000.session import Session
from thousand.games.card1000.sheet import sheet_rows
from thousand.games.card1000.views import view
from thousand.games.card1000.words import seat_label, short
from thousand.tui.card1000.widgets import (
    Option,
    hand_view,
    options_view,
    paper_sheet,
    scores_view,
    seats_view,
    table_view,
)

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


# -- issue 28, the terminal's known gaps --------------------------------------------

FIXTURES = Path(__file__).parents[2] / "games" / "card1000" / "fixtures"


def finished(name: str = "classic") -> Replay:
    return replay(json.loads((FIXTURES / f"{name}.json").read_text()))


def test_the_first_hands_forced_bid_is_on_its_seat_line() -> None:
    session = new(3)
    seen = session.view(0)
    assert seen.deal is not None
    first = (seen.deal.dealer + 1) % 3
    lines = plain(seats_view(translator("en"), seen, NAMES, 0)).splitlines()
    assert "bid 100" in lines[first], lines
    russian = plain(seats_view(translator("ru"), seen, NAMES, 0)).splitlines()
    assert "100" in russian[first], russian


def bid_options(low: int, high: int) -> list[Option]:
    amounts = [Option(str(amount), amount=True) for amount in range(low, high + 1, 5)]
    return [*amounts, Option("pass", "P"), Option("redeal", "R")]


def test_the_bidding_amounts_stay_on_one_line_around_the_cursor() -> None:
    tr = translator("en")
    options = bid_options(105, 180)
    for cursor in (0, 5, 15, 16):
        text = options_view(tr, "Bid:", options, cursor, width=46).plain
        assert "\n" not in text and len(text) <= 46, text
        assert f"[{options[cursor].label}]" in text
        assert "pass" in text and "redeal" in text
        assert "180" in text  # the ceiling is always in sight
    assert "105" in options_view(tr, "Bid:", options, 16, width=46).plain  # on pass: the lowest
    window = options_view(tr, "Bid:", options, 8, width=46).plain
    assert "…" in window and "105" not in window and "[145]" in window
    short_row = options_view(tr, "Bid:", bid_options(105, 120), 4, width=46).plain
    assert "…" not in short_row and "105" in short_row and "120" in short_row


def test_the_score_panel_columns_are_headed_by_the_names() -> None:
    done = finished()
    seen = view(done.state, 0)
    text = plain(scores_view(translator("en"), seen, done.rules, done.players), 28)
    lines = text.splitlines()
    heads = [line for line in lines if all(name in line for name in ("Anna", "Boris", "Vera"))]
    assert heads, text
    head = heads[-1]
    rows = lines[lines.index(head) + 1 :]
    assert any("+120" in line for line in rows), text
    # each change sits under its seat's name (right-aligned to it)
    boris_end = head.index("Boris") + len("Boris")
    assert any(line.rstrip().find("+120") + 4 == boris_end for line in rows), text
    assert max(len(line) for line in lines) <= 28


def test_the_paper_sheet_as_on_paper() -> None:
    done = finished()
    seen = view(done.state, 0)
    text = plain(paper_sheet(translator("en"), seen, done.rules, done.players), 76)
    lines = text.splitlines()
    assert re.search(r"^\s*2\s+Vera 100\s+\+50\s+60\s+\+50\s+150\s+W/O −100\s+−100$", text, re.M)
    assert re.search(r"^\s*1\s+Boris 100\s+\+10\s+10\s+\+100\s+100\s+—\s+0$", text, re.M)
    # the barrel marked, with the attempts left
    assert re.search(r"880 \(B\) 3", text), text
    assert "(B) on the barrel" in text and "attempts left" in text
    assert max(len(line) for line in lines) <= 76
    russian = plain(paper_sheet(translator("ru"), seen, done.rules, done.players), 76)
    assert "Р −100" in russian and "880 (Б) 3" in russian


def test_the_attempts_left_count_down_on_the_barrel() -> None:
    done = finished()
    history = list(done.state.history)
    # Boris stays on the barrel two deals more (nobody else changes): 3, 2, 1 left
    stay = history[29]
    extra = [
        replace(stay, changes=(0, 0, 0), totals=stay.totals, declarer=0, outcome="failed")
        for _ in range(2)
    ]
    state = replace(done.state, history=(*history[:30], *extra), winner=None)
    rows = sheet_rows(Replay(Position(state, done.players)), translator("en"))
    boris = [cells[1] for _, _, cells in rows[29:]]
    assert [cell.split()[-1] for cell in boris] == ["3", "2", "1"], boris
    assert all("880 (B)" in cell for cell in boris)


def played_until(session: Session, stop: Callable[[Session], bool]) -> Session:
    for _ in range(500):
        if stop(session):
            return session
        session.bot_step()
    raise AssertionError("never reached")


def in_play(tricks: int, trick: int) -> Callable[[Session], bool]:
    def reached(session: Session) -> bool:
        deal = session.position.state.deal
        return (
            deal is not None
            and deal.phase == "play"
            and deal.tricks_played == tricks
            and len(deal.trick) == trick
        )

    return reached


LABELS = ("Anna", "Boris (computer, novice)", "Vera (computer, novice)")


def test_a_seat_line_fits_at_80_columns_in_play() -> None:
    session = played_until(new(3), in_play(2, 1))
    for language in ("en", "ru"):
        tr = translator(language)
        labels = [seat_label(tr, name, "novice") for name in NAMES]
        for seat in range(3):
            text = plain(seats_view(tr, session.view(seat), labels, seat), 47)
            assert len(text.splitlines()) == 3, text
            assert ("tricks" in text) == (language == "en"), text
            assert "(bot, novice)" in text or "(бот, новичок)" in text


def test_the_last_trick_stays_in_sight_while_the_next_is_played() -> None:
    session = played_until(new(3), in_play(2, 1))
    seen = session.view(0)
    deal = seen.deal
    assert deal is not None
    last = deal.played[-4:-1]
    text = plain(table_view(translator("en"), seen, NAMES, 0))
    line = next(line for line in text.splitlines() if line.startswith("Last trick"))
    assert NAMES[deal.leader] in line
    for _, each in last:
        assert short(translator("en"), each) in line


def test_the_cards_given_are_one_line() -> None:
    session = new(3)
    session = played_until(session, lambda s: s.position.state.deal.phase == "contract")  # type: ignore[union-attr]
    declarer = session.position.state.deal.declarer  # type: ignore[union-attr]
    text = plain(table_view(translator("en"), session.view(declarer), NAMES, declarer))
    gave = [line for line in text.splitlines() if line.startswith("You gave")]
    assert len(gave) == 1 and gave[0].count(",") == 1, text


def test_a_heading_style_does_not_spill_over_what_follows() -> None:
    tr = translator("en")
    done = finished()
    panel = scores_view(tr, view(done.state, 0), done.rules, done.players)
    assert "underline" not in str(panel.style)
    hand = hand_view(tr, (card("9S"), card("KH")), (card("KH"),), 0, "Hand")
    assert "bold" not in str(hand.style)  # a card not allowed stays dim, not bold
    row = options_view(tr, "Bid:", bid_options(105, 120), 4)
    assert "bold" not in str(row.style)


def card_styles(shown: Text) -> list[str]:
    """The styles of the spans that draw a card (a suit symbol in them)."""
    return [
        str(span.style)
        for span in shown.spans
        if any(symbol in shown.plain[span.start : span.end] for symbol in "♠♣♦♥")
    ]


def test_the_hand_is_plain_when_no_card_is_chosen() -> None:
    tr = translator("en")
    hand = (card("9S"), card("KH"))
    shown = card_styles(hand_view(tr, hand, None, None, "Hand"))
    assert shown and not any("dim" in style or "bold" in style for style in shown), shown
    choosing = card_styles(hand_view(tr, hand, (card("KH"),), 1, "Hand"))
    assert any("dim" in style for style in choosing) and any("bold" in s for s in choosing)
