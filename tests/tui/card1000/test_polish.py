"""What the card table says reads right to a player: the person at the keyboard told in
the second person ("You bid 120", «Ваши карты», never "You bids" or «Вы взял»), a
computer named once ("Novice 2 (computer)"), the reason of a dimmed card on the key bar,
two computers told apart in the sheet's narrow columns at 80×24, and one Russian word
for a deal («раздача»)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from tests.tui.support import drive, press, screen_text, scripted_table, until
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.card1000.actions import Bid, Play
from thousand.games.card1000.session import Session
from thousand.games.card1000.words import short
from thousand.tui.card1000.app import CardApp

SIZE = (80, 24)

COMPUTERS = {"en": ("Novice", "Novice 2"), "ru": ("Новичок", "Новичок 2")}

WRONG = {
    "en": re.compile(
        r"\bYou (bids|passes|plays|asks|looks|takes|writes|gives|puts|declares|leads|wins|"
        r"made|went down|wrote off)\b|\bYou's\b|took it: You|\(bot, novice\)|"
        r"Last trick, You\b|a card to You\b"
    ),
    "ru": re.compile(
        r"Вы (не )?сыграл\b|Вы взял\b|Вы списал\b|Вы (берёт|ходит|играет|смотрит|просит|"
        r"списывает|отдаёт|сносит|заказывает|выигрывает)\b|Карты: Вы|берёт Вы|ходит Вы|"
        r"— Вы:|\(бот, новичок\)|(?<!ере)[Сс]дач|карту: Вы\b"
    ),
}
"""What the screens must never say (the person at the keyboard is named "You" / «Вы»)."""


def you_against_two(language: str, seed: int) -> CardApp:
    """The table ``thousand play --game card1000`` sets with no ``--players``."""
    tr = translator(language)
    first, second = COMPUTERS[language]
    seats = [Seat(tr.gettext("You")), Seat(first, "novice"), Seat(second, "novice")]
    session = Session.new("classic", seats, seed=seed, **scripted_table(language=language))
    return CardApp(session, tr, fast=True)


def declared_by_you(app: CardApp) -> bool:
    return any(
        each.outcome not in ("redeal", None) and each.declarer == 0
        for each in app.session.position.state.history
    )


async def play_until_you_declared(app: CardApp, pilot: Pilot[int], seen: list[str]) -> None:
    """The person bids whenever a bid is open and plays the first card allowed, each
    screen kept in ``seen``, until a deal the person declared is scored and its panel
    shown; then the sheet on S."""
    for _ in range(600):
        await until(pilot, lambda: app.human_may_act() or app.deal_over is not None)
        seen.append("\n".join(screen_text(app)))
        if app.deal_over is not None:
            if declared_by_you(app):
                break
            await press(pilot, "enter")
            continue
        legal = app.session.legal()
        phase = app.phase()
        if phase == "bid":
            bids = [a for a in legal if isinstance(a, Bid)]
            await press(pilot, "right" if bids else "p")
            if bids:
                await press(pilot, "enter")
        elif phase == "play":
            hand = app.hand()
            right = next(
                i
                for i, each in enumerate(hand)
                if Play(each) in legal or any(isinstance(a, Play) and a.card == each for a in legal)
            )
            await press(pilot, str((right + 1) % 10))
        else:
            await press(pilot, "enter")
    assert declared_by_you(app)
    seen.append("\n".join(screen_text(app)))
    await press(pilot, "s")
    seen.append("\n".join(screen_text(app)))
    await press(pilot, "escape")
    seen.append("\n".join(app.log_lines()))


def played_by_you(language: str, seed: int) -> str:
    app = you_against_two(language, seed)
    seen: list[str] = []

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await play_until_you_declared(app, pilot, seen)

    asyncio.run(drive(app, body, size=SIZE))
    return "\n".join(seen)


def test_the_person_is_told_in_the_second_person_in_english() -> None:
    text = played_by_you("en", 5)
    assert [m.group(0) for m in WRONG["en"].finditer(text)] == []
    assert "Your hand" in text
    assert re.search(r"You (bid \d+|pass)\b", text)
    assert re.search(r"You play ", text)
    assert re.search(r"Deal \d+: you (made|went down|wrote off) \d+", text)
    assert "Novice 2 (computer)" in text


def test_the_person_is_told_in_the_second_person_in_russian() -> None:
    text = played_by_you("ru", 5)
    assert [m.group(0) for m in WRONG["ru"].finditer(text)] == []
    assert "Ваши карты" in text
    assert re.search(r"Вы: (\d+|пас)", text)
    assert re.search(r"Раздача \d+: вы (сыграли|не сыграли|списали) \d+", text)
    assert "Новичок 2 (компьютер)" in text
    assert "Раздача" in text


def test_hot_seat_names_stay_names() -> None:
    tr = translator("en")
    seats = [Seat("Anna"), Seat("Boris"), Seat("Vera", "novice")]
    app = CardApp(Session.new("classic", seats, seed=5, **scripted_table()), tr, fast=True)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await until(pilot, lambda: app.covered)
        await press(pilot, "enter")
        await until(pilot, app.human_may_act)
        name = app.session.names[app.viewer or 0]
        assert f"{name}'s hand" in app.visible_text()
        await press(pilot, "p")
        assert any(f"{name} passes" in line for line in app.log_lines())
        assert app.you is None

    asyncio.run(drive(app, body, size=SIZE))


def test_two_computers_told_apart_in_the_narrow_columns() -> None:
    from thousand.tui.card1000.widgets import abbreviated  # noqa: PLC0415 - new here

    assert abbreviated(["You", "Novice", "Novice 2"], 6) == ["You", "Novice", "Novi 2"]
    assert abbreviated(["You", "Novice", "Novice 2"], 7) == ["You", "Novice", "Novic 2"]
    assert abbreviated(["Вы", "Новичок", "Новичок 2"], 6) == ["Вы", "Новичо", "Нови 2"]
    assert abbreviated(["Alexander", "Alexandra"], 6) == ["Alex…r", "Alex…a"]
    assert abbreviated(["Anna", "Boris"], 6) == ["Anna", "Boris"]


def test_the_side_panel_tells_two_computers_apart_at_80x24() -> None:
    app = you_against_two("en", 5)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        for _ in range(400):
            await until(pilot, lambda: app.human_may_act() or app.deal_over is not None)
            if any(each.outcome != "redeal" for each in app.session.position.state.history):
                break
            if app.deal_over is not None:
                await press(pilot, "enter")
                continue
            legal = app.session.legal()
            if app.phase() == "play":
                hand = app.hand()
                right = next(
                    i
                    for i, each in enumerate(hand)
                    if any(isinstance(a, Play) and a.card == each for a in legal)
                )
                await press(pilot, str((right + 1) % 10))
            elif app.phase() == "bid":
                await press(pilot, "p")
            else:
                await press(pilot, "enter")
        await press(pilot, "enter")
        panel = "\n".join(line[50:] for line in screen_text(app))
        heads = [line for line in panel.splitlines() if "You" in line and "Novi" in line]
        assert heads, panel
        assert re.search(r"Novice\s+Novic 2", heads[-1]), heads[-1]

    asyncio.run(drive(app, body, size=SIZE))


async def bid_and_play_until(
    app: CardApp, pilot: Pilot[int], stop: Callable[[], bool], steps: int = 600
) -> None:
    """The person bids whenever a bid is open, plays the first card allowed and takes
    every other choice with Enter, until ``stop`` holds at the person's decision."""
    for _ in range(steps):
        await until(pilot, lambda: app.human_may_act() or app.deal_over is not None)
        if app.deal_over is not None:
            await press(pilot, "enter")
            continue
        if stop():
            return
        legal = app.session.legal()
        if app.phase() == "bid":
            bids = [a for a in legal if isinstance(a, Bid)]
            await press(pilot, "right" if bids else "p")
            if bids:
                await press(pilot, "enter")
        elif app.phase() == "play":
            hand = app.hand()
            allowed = {a.card for a in legal if isinstance(a, Play)}
            right = next(i for i, each in enumerate(hand) if each in allowed)
            await press(pilot, str((right + 1) % 10))
        else:
            await press(pilot, "enter")
    raise AssertionError("the moment never came")


def key_bar(app: CardApp) -> str:
    return " ".join(line for line in screen_text(app)[-3:])


def test_a_dimmed_card_says_why_on_the_key_bar_in_the_trick() -> None:
    for language, reason in (("en", "follow the suit led"), ("ru", "ходите в масть")):
        app = you_against_two(language, 5)

        async def body(app: CardApp, pilot: Pilot[int], reason: str = reason) -> None:
            def dimmed() -> bool:
                return app.phase() == "play" and len(app.allowed_cards()) < len(app.hand())

            await bid_and_play_until(app, pilot, dimmed)
            hand = app.hand()
            wrong = next(i for i, each in enumerate(hand) if each not in app.allowed_cards())
            while app.cursor != wrong:
                await press(pilot, "right")
            assert reason in key_bar(app), key_bar(app)

        asyncio.run(drive(app, body, size=SIZE))


def test_giving_a_card_names_the_card_and_the_opponent_on_the_key_bar() -> None:
    app = you_against_two("ru", 5)

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        await bid_and_play_until(app, pilot, lambda: app.phase() == "give")
        assert app.allowed_cards() == set(app.hand())  # any card may be given
        for _ in range(len(app.hand())):
            card = short(app.tr, app.hand()[app.cursor])
            assert f"отдать {card}" in key_bar(app), key_bar(app)
            await press(pilot, "right")
        assert "Отдайте карту: Новичок" in app.visible_text()

    asyncio.run(drive(app, body, size=SIZE))


def test_putting_aside_with_two_players_says_so_on_the_key_bar() -> None:
    for language, words in (("en", "put {card} aside"), ("ru", "снести {card}")):
        tr = translator(language)
        seats = [Seat(tr.gettext("You")), Seat(COMPUTERS[language][0], "novice")]
        session = Session.new("two_players", seats, seed=3, **scripted_table(language=language))
        app = CardApp(session, tr, fast=True)

        async def body(app: CardApp, pilot: Pilot[int], words: str = words) -> None:
            await bid_and_play_until(app, pilot, lambda: app.phase() == "give")
            card = short(app.tr, app.hand()[app.cursor])
            assert words.format(card=card) in key_bar(app), key_bar(app)
            assert "give" not in key_bar(app) and "отдать" not in key_bar(app)

        asyncio.run(drive(app, body, size=SIZE))


@pytest.mark.parametrize(
    ("language", "said"), [("en", "gives you a card"), ("ru", "отдаёт вам карту")]
)
def test_a_card_given_to_the_person_is_given_to_you(language: str, said: str) -> None:
    """The person passes; the computer who declares gives them a card: the log says so in
    the second person ("Novice gives you a card", never "… to You")."""
    app = you_against_two(language, 5)
    seen: list[str] = []

    async def body(app: CardApp, pilot: Pilot[int]) -> None:
        for _ in range(60):
            await until(pilot, lambda: app.human_may_act() or app.deal_over is not None)
            if app.deal_over is not None:
                await press(pilot, "enter")
            elif app.phase() == "bid":
                await press(pilot, "p")
            else:
                break
        seen.extend(app.log_lines())

    asyncio.run(drive(app, body, size=SIZE))
    text = "\n".join(seen)
    assert said in text, text
    assert [m.group(0) for m in WRONG[language].finditer(text)] == []
