"""What the command line opens for dice 1000 (``adapter("dice1000", "tui").open_app``):
the game's app on the session, not yet run, with the pace and play-again it is given."""

from __future__ import annotations

from tests.tui.dice1000.support import session_of
from thousand.core.i18n import translator
from thousand.games import adapter
from thousand.games.dice1000 import NAME
from thousand.games.dice1000.table import Seat, Session
from thousand.tui.dice1000.app import ThousandApp


def test_open_app_gives_the_games_app_not_yet_run() -> None:
    session = session_of("classic", [Seat("Anna"), Seat("Robot", "bold")])

    def again(finished: Session) -> Session:
        return finished

    tr = translator("ru")
    app = adapter(NAME, "tui").open_app(session, tr, fast=True, again=again)
    assert isinstance(app, ThousandApp)
    assert (app.session, app.tr, app.fast, app.again) == (session, tr, True, again)
    assert not app.is_running
    assert adapter(NAME, "tui").open_app(session, tr, fast=False).again is None
