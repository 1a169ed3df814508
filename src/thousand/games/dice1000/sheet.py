"""The score sheet of a replayed game, drawn like the paper one players keep.

A row per round, a column per player; each cell is the score the player recorded
on their turn, with marks for what happened. Penalties a player suffers are written
in that player's cell of the round they happen in, in the order they happen, with
the score they leave (on paper you would cross out and write the new score).

Everything here is pure: functions take a :class:`~thousand.games.dice1000.record.Replay` and
return strings or rich renderables; the command line decides where they go. Every word
comes from :mod:`~thousand.games.dice1000.words` and the catalogs through a
:class:`~thousand.core.i18n.Translator` (English unless one is given), so ``thousand
replay --lang ru`` and the terminal game write the same sheet in the same words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from thousand.core.i18n import Translator
from thousand.core.sheets import IN_PROGRESS, number, sheet_translator, signed
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.record import Replay, TurnSummary
from thousand.games.dice1000.state import Forced, PlayerState
from thousand.games.dice1000.words import PENALTY_REASONS, dice_count, rules_key

BUST = "—"
BARREL = "▣"
WIN = "★"


def bolt_mark(tr: Translator) -> str:
    """The letter written before a bolt count: ``b2`` / ``б2``."""
    return tr.pgettext("sheet mark for a bolt, followed by the bolt count", "b")


@dataclass
class _Cell:
    """The lines of one cell, each keyed by when it happened: (turn index, order)."""

    lines: list[tuple[tuple[int, int], str]] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(line for _, line in sorted(self.lines))


@dataclass
class Sheet:
    """The sheet's content as plain strings: what :func:`score_table` draws."""

    players: list[str]
    rounds: list[list[str]]
    """``rounds[r][p]``: the cell of player ``p`` in round ``r + 1`` ("" if empty)."""
    marks: list[str]
    """The marks that occur, in legend order (``bust``, ``bolts``, ``barrel`` …)."""
    penalty_example: str = ""
    """The first penalty line, shown in the legend as the example of one."""
    bolts: list[int] = field(default_factory=list)
    """Each player's bolt count after the last turn."""


def build_sheet(replay: Replay, tr: Translator | None = None) -> Sheet:
    """Walk the turns and write every cell; see the module docstring for the layout."""
    return write_sheet(replay.state.game, replay.state.players, replay.turns, tr)


def write_sheet(
    game: Game,
    final: Sequence[PlayerState],
    turns: Sequence[TurnSummary],
    tr: Translator | None = None,
    first: int = 0,
) -> Sheet:
    """The cells of ``turns`` played by players whose sheets are now ``final``
    (``first``: only the turns from that one on are written, the cells before them left
    blank — a server adds a finished turn's round to the rows it keeps).

    The one writer of every score sheet, ``thousand replay``'s and the terminal game's:
    the bolt mark and the penalty words are ``tr``'s (English when none is given).
    """
    tr = sheet_translator(tr)
    writer = _SheetWriter(
        game,
        final,
        bolt_mark(tr),
        lambda reason: tr.gettext(PENALTY_REASONS.get(reason, reason)),
    )
    for index in range(first, len(turns)):
        writer.write(index, turns[index])
    return writer.sheet(len(turns), first // len(final))


_MARK_ORDER = ("bust", "bolts", "barrel", "dump_truck", "penalty", "win", "in_progress")


class _SheetWriter:
    """Writes each turn's cell from the engine's account of it (:class:`TurnEnd`).

    Nothing about the rules is followed here: the sheets before and after every turn,
    bolt counts included, come from the engine.
    """

    def __init__(
        self,
        game: Game,
        final: Sequence[PlayerState],
        bolt_mark: str,
        penalty_word: Callable[[str], str],
    ) -> None:
        self.game = game
        self.final = final
        self.bolt_mark = bolt_mark
        self.penalty_word = penalty_word
        self.players = [sheet.name for sheet in self.final]
        self.cells: dict[tuple[int, int], _Cell] = {}
        self.marks: set[str] = set()
        self.penalty_example = ""

    def cell(self, round_index: int, player: int) -> _Cell:
        return self.cells.setdefault((round_index, player), _Cell())

    def write(self, index: int, turn: TurnSummary) -> None:
        """Write turn ``index`` (from 0) into its cell and its penalties into theirs."""
        me = index % len(self.players)
        round_index = index // len(self.players)
        self.cell(round_index, me).lines.append(((index, 0), self.turn_line(me, turn)))
        if turn.end is None:
            return
        for order, penalty in enumerate(turn.end.penalties, 1):
            self.marks.add("penalty")
            text = (
                f"{signed(penalty.after - penalty.before)} "
                f"{self.penalty_word(penalty.reason)} → {number(penalty.after)}"
            )
            self.cell(round_index, penalty.player).lines.append(((index, order), text))
            self.penalty_example = self.penalty_example or text

    def turn_line(self, me: int, turn: TurnSummary) -> str:
        """The main line of a turn's cell: the score the turn recorded, with marks."""
        end = turn.end
        if end is None:
            self.marks.add("in_progress")
            sheet = self.final[me]
            head = self.score_text(sheet.score, sheet.entered)
            return f"{head} {IN_PROGRESS} {signed(turn.points)}".strip()
        if turn.outcome == "dump_truck":
            self.marks.add("dump_truck")
            return f"{number(end.before.score + turn.points)}→0"
        if turn.outcome == "win":
            self.marks.add("win")
            return f"{number(turn.score)} {WIN}"
        if turn.outcome == "stop":
            return self.score_text(turn.score, True)
        # A bust: the score before any penalty it brought on the mover.
        own = [penalty for penalty in end.penalties if penalty.player == me]
        shown = own[0].before if own else turn.score
        self.marks.add("bust")
        text = f"{self.score_text(shown, end.before.entered)} {BUST}".strip()
        if end.bolt:
            self.marks.add("bolts")
            paid = any(penalty.reason == "bolts" for penalty in own)
            count = self.game.bolt_limit if paid else end.players[me].bolts
            text += f" {self.bolt_mark}{count}"
        return text

    def score_text(self, score: int, entered: bool) -> str:
        """The score with the barrel mark; blank before entry while the score is 0."""
        if not entered and score == 0:
            return ""
        if entered and self.game.barrel_at(score) is not None:
            self.marks.add("barrel")
            return f"{number(score)} {BARREL}"
        return number(score)

    def sheet(self, turns: int, first_round: int = 0) -> Sheet:
        """The sheet of ``turns`` turns; the rounds before ``first_round`` (none of whose
        turns were written) are one blank row, shared: a server adding a round to the
        rows it keeps does not pay for the game's others."""
        count = len(self.players)
        rounds = (turns + count - 1) // count
        blank = [""] * count
        cells = [blank] * min(first_round, rounds) + [
            [self.cells[(r, p)].text() if (r, p) in self.cells else "" for p in range(count)]
            for r in range(first_round, rounds)
        ]
        marks = [mark for mark in _MARK_ORDER if mark in self.marks]
        bolts = [sheet.bolts for sheet in self.final]
        return Sheet(self.players, cells, marks, self.penalty_example, bolts)


def score_table(sheet: Sheet, tr: Translator | None = None) -> Table:
    """The sheet as a rich table; a cell with penalties is several lines high."""
    tr = sheet_translator(tr)
    table = Table(box=box.SIMPLE_HEAVY, pad_edge=False, show_edge=False)
    table.add_column(Text(tr.gettext("Round")), justify="right")
    for name in sheet.players:
        table.add_column(Text(name), justify="right", no_wrap=True)
    for round_number, row in enumerate(sheet.rounds, 1):
        table.add_row(Text(str(round_number)), *(Text(text) for text in row))
    return table


def legend(sheet: Sheet, game: Game, tr: Translator | None = None) -> str:
    """What the marks mean, only those on this sheet."""
    tr = sheet_translator(tr)
    words = {
        "bust": tr.gettext("{mark} bust").format(mark=BUST),
        "bolts": tr.gettext("{mark} bolts so far ({penalty} at {limit})").format(
            mark=f"{bolt_mark(tr)}2", penalty=signed(-game.bolt_penalty), limit=game.bolt_limit
        ),
        "barrel": tr.gettext("{mark} on a barrel").format(mark=BARREL),
        "dump_truck": tr.gettext("{mark} dump truck").format(mark="555→0"),
        "penalty": tr.gettext("{example}: a penalty and the score it leaves").format(
            example=sheet.penalty_example
        ),
        "win": tr.gettext("{mark} win").format(mark=WIN),
        "in_progress": tr.gettext("{mark} turn in progress").format(mark=f"{IN_PROGRESS} +40"),
    }
    return tr.gettext("Marks: {marks}").format(
        marks=" · ".join(words[mark] for mark in sheet.marks)
    )


def summary(replay: Replay, tr: Translator | None = None) -> list[str]:
    """The lines under the table: the scores now, and who won or who is to move.

    Names are never the subject of a verb ("Winner: You.", not "You wins."): a record
    made by ``thousand play`` names the person "You" / "Вы".
    """
    tr = sheet_translator(tr)
    state = replay.state
    game = state.game
    parts = []
    for sheet in state.players:
        notes = []
        barrel = game.barrel_at(sheet.score)
        if not sheet.entered:
            notes.append(tr.gettext("not in the game"))
        elif barrel is not None:
            notes.append(tr.gettext("on the barrel {barrel}").format(barrel=barrel))
        if game.bolt_limit and sheet.bolts:
            notes.append(tr.ngettext("{n} bolt", "{n} bolts", sheet.bolts).format(n=sheet.bolts))
        parts.append(" ".join([sheet.name, number(sheet.score), *(f"({note})" for note in notes)]))
    scores = ", ".join(parts)
    if state.is_over:
        lines = [tr.gettext("Final scores: {scores}").format(scores=scores)]
    else:
        lines = [tr.gettext("Scores: {scores}").format(scores=scores)]
    if state.winner is not None:
        lines.append(tr.gettext("Winner: {name}.").format(name=state.players[state.winner].name))
    elif state.throws and state.forced is Forced.HOT_DICE:
        lines.append(
            tr.gettext(
                "To move: {name}, turn total {total}, hot dice: all five must be thrown again."
            ).format(name=state.to_move, total=state.turn_total)
        )
    elif state.throws:
        lines.append(
            tr.gettext("To move: {name}, turn total {total}, {dice} to throw.").format(
                name=state.to_move, total=state.turn_total, dice=dice_count(tr, state.dice_left)
            )
        )
    else:
        lines.append(tr.gettext("To move: {name}.").format(name=state.to_move))
    return lines


def render(replay: Replay, tr: Translator | None = None) -> RenderableType:
    """The whole sheet: rules, table, legend and summary, in ``tr``'s language (English)."""
    tr = sheet_translator(tr)
    game = replay.state.game
    sheet = build_sheet(replay, tr)
    parts: list[RenderableType] = [
        Text(tr.gettext("Rules: {title}").format(title=rules_key(tr, game.rules))),
        Text(),
    ]
    if sheet.rounds:
        parts.append(score_table(sheet, tr))
    else:
        parts.append(Text(tr.gettext("No turns yet.")))
    parts.append(Text())
    if sheet.marks:
        parts.append(Text(legend(sheet, game, tr)))
    parts.extend(Text(line) for line in summary(replay, tr))
    return Group(*parts)
