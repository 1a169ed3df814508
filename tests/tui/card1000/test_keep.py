"""Keeping the score of card Thousand played with real cards in the terminal (``thousand
play --game card1000 --table``): deals typed by keys at 80×24, the record saved after
every deal and equal, through ``thousand replay --json``, to the record of the same deals
written by hand; a result that cannot happen refused in one line, the sheet untouched;
the game resumed."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.support import drive, press, screen_text
from thousand.cli.main import main
from thousand.cli.storage import load_any_game, saved_to
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.keeping import Entry, KeptGame
from thousand.games.card1000.presets import load_rules
from thousand.games.card1000.record import replay
from thousand.tui.card1000.keep import KeepApp

SEATS = [Seat("Anna"), Seat("Boris"), Seat("Vera")]
SIZE = (80, 24)

EXPECTED_DEALS: list[dict[str, Any]] = [
    {"dealer": 0, "declarer": 1, "contract": 120, "points": [20, 160, 40]},
    {"dealer": 1, "redeal": True},
    {"dealer": 1, "declarer": 2, "contract": 110, "write_off": True},
    {"dealer": 2, "declarer": 0, "contract": 100, "points": [60, 30, 30]},
]
"""The deals the test types: Boris makes 120 with a marriage of 100 (Vera's 40 worked
out by the form), a redeal by the same dealer, Vera writes 110 off, Anna makes 100."""


def keep_app(path: Path, language: str = "en") -> KeepApp:
    session = KeepSession.new(load_rules("classic"), SEATS, **saved_to(path, language=language))
    return KeepApp(session, translator(language), fast=True)


def replay_json(path: Path) -> dict[str, Any]:
    """``thousand replay FILE --json`` in-process."""
    out, err = io.StringIO(), io.StringIO()
    status = main(["replay", str(path), "--json"], stdin=io.StringIO(""), stdout=out, stderr=err)
    assert (status or 0) == 0, err.getvalue()
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def expected_json(deals: list[dict[str, Any]]) -> dict[str, Any]:
    record = {
        "format": 1,
        "game": "card1000",
        "rules": "classic",
        "players": [seat.name for seat in SEATS],
        "meta": {"cards": "table"},
        "deals": deals,
    }
    return replay(record).to_json_data()


async def type_deal(
    pilot: Pilot[int], declarer: str, contract: str, marriages: str, points: list[str]
) -> None:
    """Type a deal's result field by field (Tab between fields), not yet scored."""
    await press(pilot, *declarer, "tab", *contract, "tab", *marriages)
    for value in points:
        await press(pilot, "tab", *value)


def test_a_game_of_several_deals_typed_by_keys_replays_the_same(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    app = keep_app(path)

    async def body(app: KeepApp, pilot: Pilot[int]) -> None:
        await type_deal(pilot, "2", "120", "100", ["20", "160", ""])
        assert "Vera: 40" in app.visible_text()  # the form works out the third
        await press(pilot, "enter")
        await press(pilot, "r")
        await type_deal(pilot, "3", "110", "", [])
        await press(pilot, "w")
        await type_deal(pilot, "1", "100", "", ["60", "30", "30"])
        await press(pilot, "enter")
        text = "\n".join(screen_text(app))
        assert "Boris 120" in text and "redeal" in text and "W/O" in text

    asyncio.run(drive(app, body, SIZE))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["meta"]["cards"] == "table"
    assert saved["deals"] == EXPECTED_DEALS
    assert replay_json(path) == expected_json(EXPECTED_DEALS)


def test_a_result_that_cannot_happen_is_refused_and_the_sheet_stays(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    app = keep_app(path)

    async def body(app: KeepApp, pilot: Pilot[int]) -> None:
        await type_deal(pilot, "2", "120", "100", ["20", "160", ""])
        await press(pilot, "enter")
        before = app.plain(app.sheet_view(78, 12))
        await type_deal(pilot, "1", "100", "", ["50", "50", "50"])
        await press(pilot, "enter")
        text = app.visible_text()
        assert "Not allowed: the points add up to 150" in text
        assert app.plain(app.sheet_view(78, 12)) == before
        assert app.session.deals == 1
        await press(pilot, "w")  # the same declarer and contract, written off
        assert app.session.deals == 2

    asyncio.run(drive(app, body, SIZE))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["deals"] == [
        EXPECTED_DEALS[0],
        {"dealer": 1, "declarer": 0, "contract": 100, "write_off": True},
    ]


def test_refusals_in_russian_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    app = keep_app(path, "ru")

    async def body(app: KeepApp, pilot: Pilot[int]) -> None:
        await type_deal(pilot, "2", "95", "", ["40", "40", "40"])
        await press(pilot, "enter")
        assert "Нельзя:" in app.visible_text()
        assert app.session.deals == 0
        # back to the contract (a field's text is selected on focus: typing replaces it)
        await press(pilot, "shift+tab", "shift+tab", "shift+tab", "shift+tab", "1", "2", "0")
        await press(pilot, "enter")
        assert app.session.deals == 1
        assert app.session.game.state.history[-1].points == (40, 40, 40)

    asyncio.run(drive(app, body, SIZE))
    saved = load_any_game(path)
    session = saved.session(saved_to(path, language="ru"))
    assert isinstance(session, KeepSession)
    assert session.game.dealer == 1 and session.deals == 1


def test_the_game_ends_at_the_winner(tmp_path: Path) -> None:
    """A saved game one deal from Anna's win, resumed: the deal typed in ends it."""
    path = tmp_path / "kept.json"
    first = KeepSession.new(load_rules("classic"), SEATS, **saved_to(path, language="en"))
    winning = Entry(declarer=0, contract=120, points=(120, 0, 0))
    while True:
        trial = KeptGame.resume(first.record.to_data())
        trial.enter(winning)
        if trial.over:
            break
        first.act(winning)
    session = load_any_game(path).session(saved_to(path, language="en"))
    assert isinstance(session, KeepSession)
    app = KeepApp(session, translator("en"), fast=True)

    async def body(app: KeepApp, pilot: Pilot[int]) -> None:
        await type_deal(pilot, "1", "120", "", ["120", "0", "0"])
        await press(pilot, "enter")
        assert "The game is over. Winner: Anna." in app.visible_text()

    asyncio.run(drive(app, body, SIZE))
    assert replay_json(path)["winner"] == "Anna"


@pytest.mark.parametrize(
    ("players", "says"),
    [
        (None, "name the people at the table"),
        ("Anna,bot:novice,Vera", "people only"),
        ("Anna,Boris,Vera", "needs a terminal"),
    ],
)
def test_the_command_line_refuses_what_real_cards_cannot_be(
    players: str | None, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(tmp_path))
    argv = ["play", "--game", "card1000", "--table"]
    if players is not None:
        argv += ["--players", players]
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(""), stdout=out, stderr=err)
    assert status == 2 and says in err.getvalue()


def test_u_takes_the_last_deal_back(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    app = keep_app(path)

    async def body(app: KeepApp, pilot: Pilot[int]) -> None:
        await type_deal(pilot, "2", "120", "100", ["20", "160", ""])
        await press(pilot, "enter")
        await press(pilot, "r")
        assert app.session.deals == 2
        await press(pilot, "u")
        assert app.session.deals == 1
        assert "The last deal is taken back." in app.visible_text()

    asyncio.run(drive(app, body, SIZE))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["deals"] == EXPECTED_DEALS[:1]
