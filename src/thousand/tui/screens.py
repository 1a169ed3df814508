"""Screens over the game: the rules help, written from the rules being played."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from thousand.core.i18n import Translator
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.texts import rules_help


def help_text(tr: Translator, game: Game) -> Text:
    """The rules of ``game`` as one text: a heading per section, a paragraph per rule."""
    text = Text()
    for index, (heading, paragraphs) in enumerate(rules_help(tr, game)):
        if index:
            text.append("\n")
        text.append(heading + "\n", style="bold underline")
        for paragraph in paragraphs:
            text.append("• " + paragraph + "\n")
    return text


class HelpScreen(ModalScreen[None]):
    """The rules of the game being played, in the game's language; any close key returns."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 90%;
        max-width: 100;
        height: 90%;
        border: round $primary;
        background: $surface;
        padding: 0 1;
    }
    HelpScreen #help-footer {
        dock: bottom;
        height: 1;
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,h,question_mark,f1,enter,space", "close", show=False),
        Binding("up,k", "scroll(-1)", show=False),
        Binding("down,j", "scroll(1)", show=False),
    ]

    def __init__(self, tr: Translator, game: Game) -> None:
        super().__init__()
        self.tr = tr
        self.game = game

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll(
            Static(help_text(self.tr, self.game), id="help-text"),
            Static(self.tr.gettext("Esc — back to the game · ↑ ↓ — scroll"), id="help-footer"),
        )
        scroll.border_title = self.tr.gettext("Rules of the game")
        yield scroll

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
