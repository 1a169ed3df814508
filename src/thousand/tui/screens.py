"""Screens over the game: the rules help, written by the game being played, and the keys
every game has."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from thousand.core.i18n import Translator
from thousand.tui.keys import any_layout


def around_keys(tr: Translator) -> list[str]:
    """The keys around the game, the same in every game: the last lines of its keys' help."""
    return [
        tr.gettext("N — when the game is over: play again, whoever was second moves first."),
        tr.gettext("H, F1 or ? — these rules; Q — save and quit (the game can be resumed)."),
        tr.gettext("The keys work in the Russian layout too: Ы for S, С for C, Й for Q…"),
    ]


def help_sections(sections: Sequence[tuple[str, Sequence[str]]]) -> Text:
    """A help as one text: each section's heading, then a paragraph a line (``•``)."""
    text = Text()
    for index, (heading, paragraphs) in enumerate(sections):
        if index:
            text.append("\n")
        text.append(heading + "\n", style="bold underline")
        for paragraph in paragraphs:
            text.append("• " + paragraph + "\n")
    return text


class HelpScreen(ModalScreen[None]):
    """The rules of the game being played, in the game's language (``text``, written by
    the game's screen); any close key returns."""

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
        Binding(
            any_layout("escape", "q", "h", "s", "question_mark", "f1", "enter", "space"),
            "close",
            show=False,
        ),
        Binding(any_layout("up", "k"), "scroll(-1)", show=False),
        Binding(any_layout("down", "j"), "scroll(1)", show=False),
    ]

    def __init__(
        self, tr: Translator, text: Text, title: str | None = None, *, at_end: bool = False
    ) -> None:
        super().__init__()
        self.tr = tr
        self.text = text
        self.title_words = title
        """The frame's title (the rules' by default; a game's sheet shown this way)."""
        self.at_end = at_end
        """Open scrolled to the end (a sheet: the latest deals and the totals first)."""

    def compose(self) -> ComposeResult:
        scroll = VerticalScroll(
            Static(self.text, id="help-text"),
            Static(self.tr.gettext("Esc — back to the game · ↑ ↓ — scroll"), id="help-footer"),
        )
        scroll.border_title = self.title_words or self.tr.gettext("Rules of the game")
        yield scroll

    def on_mount(self) -> None:
        if self.at_end:
            self.call_after_refresh(self.query_one(VerticalScroll).scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
