"""Screens over the game: the rules help, written from the rules being played, and the keys."""

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
from thousand.games.dice1000.words import rules_help
from thousand.tui.keys import any_layout


def keys_help(tr: Translator, game: Game) -> tuple[str, list[str]]:
    """The keys of the game, as a section of the help: a new player looks for them here.

    Enter is said in full, since what it does depends on the moment; choosing dice is
    listed only under rules where the player chooses.
    """
    lines = [
        tr.gettext("Space or Enter — throw the dice in the hand."),
        tr.gettext("S — stop and record the turn total."),
    ]
    if game.rules.choose_dice:
        lines.append(
            tr.gettext(
                "1–5 — pick a die of the throw or put it back; A — pick every scoring die; "
                "Enter — set the picked dice aside."
            )
        )
    lines += [
        tr.gettext("C — the winning chance of each action with perfect play."),
        tr.gettext("N — when the game is over: play again, whoever was second moves first."),
        tr.gettext("H, F1 or ? — these rules; Q — save and quit (the game can be resumed)."),
        tr.gettext("The keys work in the Russian layout too: Ы for S, С for C, Й for Q…"),
    ]
    return tr.gettext("Keys"), lines


def help_text(tr: Translator, game: Game) -> Text:
    """The rules of ``game`` as one text: a heading per section, a paragraph per rule;
    the keys last."""
    text = Text()
    for index, (heading, paragraphs) in enumerate([*rules_help(tr, game), keys_help(tr, game)]):
        if index:
            text.append("\n")
        text.append(heading + "\n", style="bold underline")
        for paragraph in paragraphs:
            text.append("• " + paragraph + "\n")
    return text


class HelpScreen(ModalScreen[None]):
    """The rules of the game being played, in the game's language; any close key returns.

    Dice 1000's help is written from its ``game``; another game's screen passes its own
    ``text``.
    """

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
            any_layout("escape", "q", "h", "question_mark", "f1", "enter", "space"),
            "close",
            show=False,
        ),
        Binding(any_layout("up", "k"), "scroll(-1)", show=False),
        Binding(any_layout("down", "j"), "scroll(1)", show=False),
    ]

    def __init__(
        self, tr: Translator, game: Game | None = None, *, text: Text | None = None
    ) -> None:
        super().__init__()
        self.tr = tr
        self.game = game
        self.text = text
        """The help of another game, written by its screen (dice 1000's is written here)."""

    def compose(self) -> ComposeResult:
        if self.text is not None:
            shown = self.text
        else:
            assert self.game is not None
            shown = help_text(self.tr, self.game)
        scroll = VerticalScroll(
            Static(shown, id="help-text"),
            Static(self.tr.gettext("Esc — back to the game · ↑ ↓ — scroll"), id="help-footer"),
        )
        scroll.border_title = self.tr.gettext("Rules of the game")
        yield scroll

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)
