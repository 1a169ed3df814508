"""What the command line opens for poker dice (``adapter("poker_dice", "tui").open_app``):
the game's app on the session, not yet run, with the pace and play-again it is given."""

from __future__ import annotations

from tests.tui.poker_dice.support import poker_session
from thousand.core.i18n import translator
from thousand.core.players import Seat
from thousand.games import adapter
from thousand.games.poker_dice import NAME
from thousand.games.poker_dice.table import Session
from thousand.tui.poker_dice.app import PokerApp


def test_open_app_gives_the_games_app_not_yet_run() -> None:
    session = poker_session("russian", [Seat("Anna"), Seat("Robot", "greedy")])

    def again(finished: Session) -> Session:
        return finished

    tr = translator("ru")
    app = adapter(NAME, "tui").open_app(session, tr, fast=True, again=again)
    assert isinstance(app, PokerApp)
    assert (app.session, app.tr, app.fast, app.again) == (session, tr, True, again)
    assert not app.is_running
    assert adapter(NAME, "tui").open_app(session, tr, fast=False).again is None
