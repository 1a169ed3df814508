"""The panel a card table shows when a deal is over, until Enter starts the next one.

Drawn from :class:`~thousand.games.card1000.deal_over.DealOver` (the record of the
finished deal, public by §7): the deal's declarer and contract and how it ended (made,
went down, written off, or a redeal), each seat's points taken, its change and its total
as the paper sheet writes them (:func:`~thousand.games.card1000.sheet.sheet_rows`'s
cells: the bolt, the write-off, the barrel, the dump truck and a fall marked), the last
trick and who took it, every hand as it was dealt, and the talon.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from thousand.core.i18n import Translator
from thousand.games.card1000.cards import Card, sort_cards
from thousand.games.card1000.deal_over import DealOver
from thousand.games.card1000.words import outcome_words
from thousand.tui.card1000.widgets import card_text, lead


def cards_line(tr: Translator, cards: Sequence[Card], *, sort: bool = True) -> Text:
    """Cards (sorted by suit unless ``sort`` is false), ♥ ♦ red."""
    text = Text()
    for index, each in enumerate(sort_cards(cards) if sort else cards):
        if index:
            text.append(" ")
        text.append_text(card_text(tr, each, allowed=None))
    return text


def _split(cell: str) -> tuple[str, str]:
    """A sheet cell as its change and its total (a redeal's cell is a total alone)."""
    change, _, total = cell.rpartition("  ")
    return change.strip(), total


def deal_over_view(
    tr: Translator,
    over: DealOver,
    names: Sequence[str],
    label: str,
    cells: Sequence[str],
    *,
    you: int | None = None,
) -> Text:
    """The deal-over panel; ``label`` and ``cells`` are the deal's row of the sheet;
    ``you``: the seat of the person at the keyboard, told in the second person."""
    summary = over.summary
    asker = summary.actions[-1][0] if summary.actions else None
    mine = you is not None and summary.declarer == you
    if summary.outcome == "redeal" and asker is not None and asker == you:
        heading = tr.gettext("Deal {n}: you asked for a redeal").format(n=over.number)
    elif summary.outcome == "redeal" and asker is not None:
        heading = tr.gettext("Deal {n}: {name} asked for a redeal").format(
            n=over.number, name=names[asker]
        )
    elif summary.outcome == "redeal":
        heading = tr.gettext("Deal {n}: redeal").format(n=over.number)
    elif mine:
        heading = tr.gettext("Deal {n}: you {outcome} {contract}").format(
            n=over.number,
            outcome=outcome_words(tr, summary.outcome, you=True),
            contract=summary.contract,
        )
    else:
        heading = tr.gettext("Deal {n}: {label} — {outcome}").format(
            n=over.number, label=label, outcome=outcome_words(tr, summary.outcome)
        )
    text = lead(heading, "bold")
    dealt = summary.dealt
    talons = tr.gettext("Talon") if len(dealt.talons) == 1 else tr.gettext("Talons")
    width = max(len(talons), *(len(name) for name in names))
    if summary.outcome != "redeal":
        parts = [_split(cell) for cell in cells]
        points = [
            "" if summary.points is None or each is None else str(each)
            for each in summary.points or (None,) * len(names)
        ]
        titles = (
            tr.pgettext("deal over: a seat's points taken", "points"),
            tr.pgettext("deal over: a seat's change for the deal", "change"),
            tr.pgettext("deal over: a seat's total after the deal", "total"),
        )
        widths = [
            max(len(titles[0]), *(len(each) for each in points)),
            max(len(titles[1]), *(len(change) for change, _ in parts)),
            max(len(titles[2]), *(len(total) for _, total in parts)),
        ]
        text.append("\n" + " " * width)
        for title, cells_wide in zip(titles, widths, strict=True):
            text.append(f"  {title:>{cells_wide}}", style="dim")
        for seat, name in enumerate(names):
            change, total = parts[seat]
            text.append(f"\n{name:<{width}}")
            text.append(f"  {points[seat]:>{widths[0]}}  {change:>{widths[1]}}")
            text.append(f"  {total:>{widths[2]}}", style="bold")
    if over.last_trick is not None:
        text.append("\n")
        if over.last_trick.taker == you:
            took = tr.pgettext("deal over: the deal's final trick", "Last trick, you took it: ")
        else:
            took = tr.pgettext(
                "deal over: the deal's final trick", "Last trick, {name} took it: "
            ).format(name=names[over.last_trick.taker])
        text.append(took, style="bold")
        text.append_text(cards_line(tr, [each for _, each in over.last_trick.played], sort=False))
    text.append("\n")
    text.append(tr.gettext("Hands as dealt:"), style="bold")
    for seat, name in enumerate(names):
        text.append(f"\n{name:<{width}}  ")
        hand = dealt.hands[seat]
        if hand:
            text.append_text(cards_line(tr, hand))
        else:
            text.append(tr.gettext("sits out the deal"), style="dim")
    text.append(f"\n{talons:<{width}}  ", style="bold")
    for index, talon in enumerate(dealt.talons):
        if index:
            text.append(" · ")
        text.append_text(cards_line(tr, talon))
    return text


__all__ = ["deal_over_view", "outcome_words"]
