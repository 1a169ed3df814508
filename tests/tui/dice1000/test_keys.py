"""Keys as a new player presses them: in the Russian layout, with Caps Lock, and Enter.

With the Russian layout on, the key marked S types ``ы``: the game must answer it as S.
Enter throws when the player decides and sets the picked dice aside when choosing;
after the game it does nothing (N plays again, see ``test_again``).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.dice1000.support import app_of, session_of
from tests.tui.support import drive, press
from thousand.games.dice1000 import replay
from thousand.games.dice1000.state import Phase
from thousand.games.dice1000.table import Seat
from thousand.tui.dice1000.app import ThousandApp
from thousand.tui.keys import RUSSIAN_LAYOUT, any_layout
from thousand.tui.screens import HelpScreen

HUMANS = [Seat("Anna"), Seat("Boris")]
BUST = [2, 3, 4, 6, 6]


def test_the_layout_table_and_the_key_lists() -> None:
    assert [RUSSIAN_LAYOUT[key] for key in "sqchatn"] == list("ыйсрфет")
    assert len(set(RUSSIAN_LAYOUT.values())) == 26
    assert any_layout("s", "space", "f1") == "s,S,ы,Ы,space,f1"
    assert any_layout("enter", "1") == "enter,1"


def test_russian_layout_letters_throw_stop_and_quit(tmp_path: Path) -> None:
    save = tmp_path / "ru.json"
    throws = [[1, 1, 1, 2, 3], [1, 5, 2, 3, 3]]
    app = app_of(session_of("classic", HUMANS, throws, save_path=save, language="ru"), "ru")

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        state = app.session.state
        await press(pilot, "е")  # T: throw
        assert app.session.state.turn_total == 100
        await press(pilot, "ы")  # S: stop
        assert app.session.state.players[0].score == 100
        assert app.session.state.current == 1
        await press(pilot, "Е")  # T with Caps Lock: Boris throws
        assert app.session.state.turn_total == 15
        assert "Ходит: Boris" in app.visible_text()
        await press(pilot, "й")  # Q: save and quit
        assert state is not app.session.state

    asyncio.run(drive(app, body))
    assert app.return_code == 0
    result = replay(json.loads(save.read_text()))
    assert result.turns[-1].outcome == "in_progress" and result.state.turn_total == 15


def test_caps_lock_and_russian_letters_for_help_and_the_chances() -> None:
    app = app_of(session_of("classic", [Seat("Anna")], [BUST]))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "с")  # C: the chances (one player: the panel says why none)
        assert app.advice_shown
        assert "the solved strategy needs two players or more" in app.visible_text()
        await press(pilot, "С")
        assert not app.advice_shown
        await press(pilot, "р")  # H: the rules
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "й")  # Q closes the help, not the game
        assert not isinstance(app.screen, HelpScreen)
        await press(pilot, "S")  # S with Caps Lock: refused before a throw, and said so
        assert "Not allowed: a turn starts with a throw of all five dice" in app.visible_text()

    asyncio.run(drive(app, body))


def test_enter_throws_when_deciding_and_sets_aside_when_choosing() -> None:
    rules = {"preset": "classic", "choose_dice": True}
    app = app_of(session_of(rules, HUMANS, [[1, 5, 5, 2, 3], [1, 2]]))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "enter")  # a throw
        assert app.session.state.phase is Phase.SET_ASIDE
        await press(pilot, "enter")  # the scoring dice, picked already, set aside
        state = app.session.state
        assert (state.phase, state.turn_total, state.dice_left) == (Phase.DECIDE, 20, 2)
        await press(pilot, "enter")  # the next throw
        assert app.session.state.phase is Phase.SET_ASIDE
        assert app.session.state.throws == 2

    asyncio.run(drive(app, body))


def test_enter_does_nothing_once_the_game_is_over() -> None:
    rules = {"preset": "classic", "target": 300, "barrels": []}
    throws = [[1, 1, 1, 2, 3], BUST, [1, 1, 1, 1, 2]]
    app = app_of(session_of(rules, HUMANS, throws))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "enter", "s", "enter", "enter", "s")
        state = app.session.state
        assert state.is_over and state.winner == 0
        await press(pilot, "enter", "n", "т")  # no again callback: N is not offered either
        assert app.session.state is state
        assert "[N]" not in app.visible_text()

    asyncio.run(drive(app, body))


def test_the_help_lists_the_keys_in_both_languages() -> None:
    for language, expected in (
        ("en", ["Space, T or Enter — throw the dice in the hand.", "Ы for S"]),
        ("ru", ["Пробел, T или Enter — бросить кости, что в руке.", "Ы вместо S"]),
    ):
        app = app_of(session_of("classic", HUMANS, language=language), language)

        async def body(app: ThousandApp, pilot: Pilot[int], expected: list[str] = expected) -> None:
            await press(pilot, "f1")
            assert isinstance(app.screen, HelpScreen)
            text = app.screen.query_one("#help-text").content.plain  # type: ignore[attr-defined]
            for line in expected:
                assert line in text
            assert "1–5" not in text  # choosing dice is not in these rules

        asyncio.run(drive(app, body))


def help_keys(app: ThousandApp) -> list[str]:
    """The help's sections headed "Keys" (in the game's language), each as its text."""
    text = app.screen.query_one("#help-text").content.plain  # type: ignore[attr-defined]
    heading = app.tr.gettext("Keys")
    return [section for section in text.split("\n\n") if section.startswith(heading + "\n")]


def test_the_help_has_one_keys_section_and_it_lists_every_key() -> None:
    expected = {
        "en": ["Space, T or Enter", "S —", "C —", "H, F1 or ?", "Q —", "N —"],
        "ru": ["Пробел, T или Enter", "S —", "C —", "H, F1 или ?", "Q —", "N —"],
    }
    for language, keys in expected.items():
        app = app_of(session_of("classic", HUMANS, language=language), language)

        async def body(app: ThousandApp, pilot: Pilot[int], keys: list[str] = keys) -> None:
            await press(pilot, "f1")
            sections = help_keys(app)
            assert len(sections) == 1, sections
            for key in keys:
                assert key in sections[0], (key, sections[0])

        asyncio.run(drive(app, body))
