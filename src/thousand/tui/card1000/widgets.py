"""What the card Thousand screen draws, as pure functions of one seat's view.

Everything here is drawn from :class:`~thousand.games.card1000.views.SeatView` — the
seat's own hand, the cards played, the talon when shown, the bids — never from the
referee's state, so the screen cannot show a card the seat may not see. Cards are their
rank and the suit's symbol (♥ ♦ in red); a card the seat may play is bold, the others
dim; the card under the cursor is reversed and marked ``▲`` on the line under the hand,
so the screen reads in a monochrome terminal (``tmux capture-pane``) too.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text

from thousand.core.i18n import N_, Translator
from thousand.core.sheets import number as score_number
from thousand.games.card1000.cards import Card, Suit
from thousand.games.card1000.config import Rules
from thousand.games.card1000.position import Position
from thousand.games.card1000.record import Replay
from thousand.games.card1000.sheet import (
    barrel_mark,
    legend,
    rules_title,
    sheet_rows,
    sheet_table,
    write_off_mark,
)
from thousand.games.card1000.state import State
from thousand.games.card1000.views import DealView, SeatView
from thousand.games.card1000.words import (
    RED,
    marriage_words,
    of_seat,
    phase_name,
    short,
    suit_name,
)

CARD_CELLS = 4
"""A card's cells in the hand: ``10♥`` and a space."""


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of the row under the hand (a bid, pass, a talon…): its words and key;
    ``amount``: one of a run of amounts (bids, contracts) the row may show a window of."""

    label: str
    key: str = ""
    amount: bool = False


def lead(words: str, style: str) -> Text:
    """``words`` in ``style`` as the start of a longer text: the style is the words'
    own, not the whole text's (``Text(words, style=…)`` would style all that follows)."""
    text = Text()
    text.append(words, style=style)
    return text


def card_text(
    tr: Translator, each: Card, *, allowed: bool | None = True, cursor: bool = False
) -> Text:
    """A card: red for ♥ ♦, bold when it may be played, dim otherwise, reversed under
    the cursor."""
    style = "red" if each.suit in RED else ""
    if allowed is not None:  # None: no card decision now, the hand is only shown
        style += " bold" if allowed else " dim"
    if cursor:
        style += " reverse"
    return Text(short(tr, each), style=style.strip())


def hand_view(
    tr: Translator,
    hand: Sequence[Card],
    allowed: Collection[Card] | None,
    cursor: int | None,
    title: str,
) -> Text:
    """The hand sorted by suit, suits apart: the key of each card over it (1–9, 0), the
    cards (those ``allowed`` bold, the others dim; all plain when ``allowed`` is None:
    no card to choose now), and ``▲`` under the cursor."""
    keys = Text()
    cards = Text()
    marks = Text()
    previous: Suit | None = None
    for index, each in enumerate(hand):
        gap = "  " if previous is not None and each.suit != previous else ""
        previous = each.suit
        label = short(tr, each)
        width = max(CARD_CELLS - 1, len(label))
        number = str((index + 1) % 10) if index < 10 else " "
        keys.append(gap + number.center(width) + " ", style="dim")
        cards.append(gap + " " * (width - len(label)))
        shown = None if allowed is None else each in allowed
        cards.append_text(card_text(tr, each, allowed=shown, cursor=cursor == index))
        cards.append(" ")
        marks.append(gap + ("▲" if cursor == index else " ").center(width) + " ")
    text = lead(title, "bold")
    text.append("\n")
    text.append_text(keys)
    text.append("\n")
    text.append_text(cards)
    text.append("\n")
    text.append_text(marks)
    return text


OPTIONS_WIDTH = 46
"""The row's cells when the screen has not been laid out yet (80 columns, the score
panel beside)."""


def _amount_window(
    amounts: Sequence[int], options: Sequence[Option], cursor: int, room: int
) -> range:
    """The amounts shown: as many as ``room`` holds, the one under the cursor in the
    middle (the lowest ones when the cursor is on another choice)."""
    count = len(amounts)
    shown = 0
    used = 0
    while shown < count and used + len(options[amounts[shown]].label) + 1 <= room:
        used += len(options[amounts[shown]].label) + 1
        shown += 1
    shown = max(shown, 1)
    if cursor not in amounts:
        return range(0, shown)
    at = amounts.index(cursor)
    start = min(max(at - shown // 2, 0), count - shown)
    return range(start, start + shown)


def options_view(
    tr: Translator,
    heading: str,
    options: Sequence[Option],
    cursor: int,
    width: int = OPTIONS_WIDTH,
) -> Text:
    """The choices of this moment on one line, the one under the cursor in brackets.

    A long run of amounts (bids up to 180 or more) would wrap at 80 columns: the row
    then shows a window of them around the cursor, ``…`` where amounts are left out,
    and the highest amount always at the end, so the ceiling stays in sight; the other
    choices (pass, redeal) are always there."""
    amounts = [index for index, option in enumerate(options) if option.amount]
    cells = [len(option.label) + (1 if option.amount else 2) for option in options]
    window = range(len(amounts))
    if len(heading) + 2 + sum(cells) > width and amounts:
        fixed = len(heading) + 2 + sum(cells) - sum(cells[index] for index in amounts)
        top = cells[amounts[-1]] + 2
        window = _amount_window(amounts, options, cursor, width - fixed - top - 2)
    shown: list[int | str] = []
    for index, option in enumerate(options):
        if not option.amount:
            shown.append(index)
            continue
        at = amounts.index(index)
        if at == window.start and at > 0:
            shown.append("…")
        if at in window:
            shown.append(index)
        elif at == len(amounts) - 1:
            if window.stop < at:
                shown.append("…")
            shown.append(index)
    text = lead(heading, "bold")
    for token in shown:
        text.append(" " if isinstance(token, str) or options[token].amount else "  ")
        if isinstance(token, str):
            text.append(token, style="dim")
        elif token == cursor:
            text.append(f"[{options[token].label}]", style="reverse bold")
        else:
            in_window = not options[token].amount or amounts.index(token) in window
            text.append(options[token].label, style="" if in_window else "dim")
    return text


def _bids(deal: DealView) -> dict[int, str]:
    """Each seat's standing in the bidding: its last bid, or "pass"."""
    said: dict[int, str] = {}
    for action in deal.actions:
        if "bid" in action:
            said[action["seat"]] = str(action["bid"])
        elif "pass" in action:
            said[action["seat"]] = "pass"
    return said


def seats_view(
    tr: Translator,
    seen: SeatView,
    labels: Sequence[str],
    viewer: int | None,
) -> Text:
    """A line per seat: who deals, to move, the cards held, the bid or the tricks."""
    deal = seen.deal
    text = Text()
    if deal is None:
        return text
    said = _bids(deal)
    for seat, label in enumerate(labels):
        if seat:
            text.append("\n")
        moving = seen.to_move is not None and seen.to_move[0] == seat
        text.append("▶ " if moving else "  ", style="bold")
        text.append(label, style="bold" if seat == viewer else "")
        parts = []
        # at 80 columns a seat's line has ~46 cells: what is worth knowing now only —
        # who dealt while bidding (the first hand sits after) and all deal long with four
        # (the dealer sits out); the cards held while they change hands (talon, gives)
        if seat == deal.dealer and (deal.phase in ("dark", "bid") or seen.players == 4):
            parts.append(tr.gettext("deals"))
        size = deal.hand_sizes[seat]
        if deal.phase in ("talon", "give", "contract") and size:
            parts.append(tr.ngettext("{n} card", "{n} cards", size).format(n=size))
        if deal.declarer == seat:
            parts.append(tr.gettext("declarer {amount}").format(amount=deal.bid))
        elif deal.phase == "bid" and seat in said:
            word = said[seat]
            parts.append(
                tr.gettext("passed")
                if word == "pass"
                else tr.gettext("bid {amount}").format(amount=word)
            )
        elif deal.phase == "bid" and seat == deal.bidder:
            # the first hand's forced opening bid (§1.3): said by nobody, standing all the same
            parts.append(tr.gettext("bid {amount}").format(amount=deal.bid))
        if deal.phase == "play":
            tricks = deal.tricks[seat] if seat < len(deal.tricks) else 0
            parts.append(tr.ngettext("{n} trick", "{n} tricks", tricks).format(n=tricks))
        if parts:
            text.append(" · " + " · ".join(parts), style="dim" if seat != viewer else "")
    return text


def table_view(
    tr: Translator,
    seen: SeatView,
    names: Sequence[str],
    viewer: int | None,
    you: int | None = None,
) -> Text:
    """The middle of the table: the talon, what was given to the viewer, the trick on
    the table (each card with its player) or the last one taken, trump and marriages;
    ``you``: the seat of the person at the keyboard, told in the second person."""
    deal = seen.deal
    text = Text()
    if deal is None:
        return text
    lines: list[Text] = []
    if deal.phase in ("bid", "dark", "talon", "give", "contract"):
        line = lead(tr.gettext("Talon: "), "bold")
        if deal.talon is not None:
            for index, each in enumerate(deal.talon):
                if index:
                    line.append(" ")
                line.append_text(card_text(tr, each))
        else:
            count = len(deal.talon) if deal.talon else (2 if seen.players == 2 else 3)
            line.append(" ".join("▒▒" for _ in range(count)), style="dim")
            if deal.talon_taken is not None:
                line.append(" " + tr.gettext("(face down)"), style="dim")
        lines.append(line)
    gave = Text()
    for action in deal.actions:
        if "give" in action and action["give"] is not None and viewer is not None:
            if action.get("to") == viewer:
                line = Text(tr.gettext("{name} gave you ").format(name=names[action["seat"]]))
                line.append_text(card_text(tr, _card(action["give"])))
                lines.append(line)
            elif action["seat"] == viewer:
                gave.append(", " if gave.plain else tr.gettext("You gave: "))
                gave.append(names[action["to"]] + " ")
                gave.append_text(card_text(tr, _card(action["give"])))
    if gave.plain:
        lines.append(gave)
    if deal.phase == "play":
        lines.append(trick_line(tr, seen, deal, names, you))
        last = last_trick_line(tr, seen, deal, names, you)
        if last is not None:
            lines.append(last)
    status = Text()
    if deal.contract is not None and deal.declarer is not None:
        status.append(
            tr.gettext("Contract: {name} {amount}").format(
                name=names[deal.declarer], amount=deal.contract
            ),
            style="bold",
        )
    if deal.trump is not None:
        if status.plain:
            status.append(" · ")
        status.append(tr.gettext("Trump: "), style="bold")
        suit = Suit(deal.trump)
        status.append(suit_name(tr, suit), style="bold red" if suit in RED else "bold")
    elif deal.phase == "play":
        status.append(" · " + tr.gettext("no trump yet"), style="dim")
    if deal.announcements:
        if status.plain:
            status.append(" · ")
        told = ", ".join(
            f"{names[each['seat']]} {marriage_words(tr, each['suit'])}"
            for each in deal.announcements
        )
        status.append(tr.gettext("Marriages: {list}").format(list=told))
    if status.plain:
        lines.append(status)
    for index, line in enumerate(lines):
        if index:
            text.append("\n")
        text.append_text(line)
    return text


def _card(name: str) -> Card:
    from thousand.games.card1000.cards import card  # noqa: PLC0415 - one name

    return card(name)


def trick_line(
    tr: Translator, seen: SeatView, deal: DealView, names: Sequence[str], you: int | None = None
) -> Text:
    """The trick on the table, each card beside its player; between tricks, the last
    trick and who took it."""
    line = Text()
    count = len(deal.trick)
    if count:
        line.append(tr.gettext("Trick: "), style="bold")
        played = deal.played[-count:]
    elif deal.played:
        size = 2 if seen.players == 2 else 3
        played = deal.played[-size:]
        took = of_seat(
            tr,
            deal.leader,
            names,
            (N_("{name} took the trick: "), N_("You took the trick: ")),
            you=you,
        )
        line.append(took, style="bold")
    else:
        line.append(tr.gettext("Trick: "), style="bold")
        leads = of_seat(tr, deal.leader, names, (N_("{name} leads"), N_("you lead")), you=you)
        line.append(leads, style="dim")
        return line
    for index, (seat, each) in enumerate(played):
        if index:
            line.append("  ")
        line.append(names[seat] + " ")
        line.append_text(card_text(tr, each))
    return line


def last_trick_line(
    tr: Translator, seen: SeatView, deal: DealView, names: Sequence[str], you: int | None = None
) -> Text | None:
    """While a trick is on the table, the one before it and who took it (the leader
    now): the cards that just went, still in sight as on a real table's last trick."""
    count = len(deal.trick)
    size = 2 if seen.players == 2 else 3
    if not count or len(deal.played) < count + size:
        return None
    took = of_seat(
        tr,
        deal.leader,
        names,
        (N_("Last trick, {name} took it: "), N_("Last trick, you took it: ")),
        you=you,
    )
    line = Text(took, style="dim")
    for index, (_, each) in enumerate(deal.played[-count - size : -count]):
        if index:
            line.append(" ")
        line.append_text(card_text(tr, each))
    return line


def view_replay(seen: SeatView, rules: Rules, names: Sequence[str]) -> Replay:
    """The finished deals of ``seen`` as a replay the paper sheet is drawn from: the
    view's own history and scores (public), no deal in progress."""
    state = State(rules=rules, board=seen.scores, history=seen.history, winner=seen.winner)
    return Replay(Position(state, tuple(names)))


PANEL_CELLS = 28
"""The score panel's cells across (its 30 columns less the border and a margin)."""


def scores_view(tr: Translator, seen: SeatView, rules: Rules, names: Sequence[str]) -> Text:
    """Beside the table: each seat's total (the barrel marked with the attempts left,
    the bolts), then the last deals as on the sheet — a column per seat headed by its
    name, the declarer and contract over each deal's changes."""
    text = lead(tr.gettext("Score"), "bold underline")
    width = max(len(name) for name in names)
    for seat, score in enumerate(seen.scores):
        text.append("\n")
        text.append(f"{names[seat]:<{width}} ", style="bold" if seat == seen.seat else "")
        text.append(f"{score_number(score.total):>5}", style="bold")
        if score.barrel:
            left = rules.barrel_attempts - score.attempts
            text.append(f" {barrel_mark(tr)} {left}", style="magenta")
        if score.bolts:
            text.append(f" —×{score.bolts}", style="dim")
    rows = sheet_rows(view_replay(seen, rules, names), tr)
    text.append("\n")
    if seen.winner is None:
        text.append("\n")
        text.append(tr.gettext("Deal {n}").format(n=len(seen.history) + 1), style="dim")
    if not rows:
        return text
    column = min(10, (PANEL_CELLS - 3) // len(names))
    text.append("\n   ")
    for seat, name in enumerate(abbreviated(names, column - 1)):
        text.append(" " * (column - len(name)))
        text.append(name, style="bold underline" if seat == seen.seat else "underline")
    mark = write_off_mark(tr)
    for number, declared, cells in rows[-5:]:
        label = declared
        changes = [cell.split("  ")[0] if "  " in cell else "" for cell in cells]
        if any(change.startswith(mark) for change in changes):
            label += " " + mark
            changes = [change.removeprefix(mark).strip() for change in changes]
        text.append("\n")
        text.append(f"{number:>2} {label}"[:PANEL_CELLS], style="dim")
        if any(changes):
            text.append("\n   " + "".join(f"{change:>{column}}" for change in changes))
    return text


def abbreviated(names: Sequence[str], cells: int) -> list[str]:
    """``names`` cut to ``cells`` each, still told apart: two computers named after
    their level (``Novice``, ``Novice 2``) would both become ``Novice`` — a name whose
    cut is not its own keeps its last word (``Novi 2``), or its last letter."""
    cut = [name[:cells].rstrip() for name in names]
    for index, name in enumerate(names):
        head, _, tail = name.rpartition(" ")
        if len(name) > cells and cut.count(cut[index]) > 1 and head and len(tail) < cells - 1:
            cut[index] = head[: cells - len(tail) - 1].rstrip() + " " + tail
    alike = [len(name) > cells and cut.count(cut[index]) > 1 for index, name in enumerate(names)]
    return [
        name[: cells - 2] + "…" + name[-1] if same else each
        for name, each, same in zip(names, cut, alike, strict=True)
    ]


def paper_sheet(
    tr: Translator, seen: SeatView, rules: Rules, names: Sequence[str]
) -> RenderableType:
    """The whole sheet as on paper (:mod:`~thousand.games.card1000.sheet`'s table: a row
    per deal with the declarer and contract, each seat's change and total in columns, a
    dash for a bolt, the write-off and the barrel marked, the attempts left), from the
    view's finished deals."""
    replay = view_replay(seen, rules, names)
    rows = sheet_rows(replay, tr)
    parts: list[RenderableType] = [
        Text(tr.gettext("Card Thousand · {rules}").format(rules=rules_title(tr, replay))),
        Text(),
    ]
    if rows:
        parts.append(sheet_table(replay, tr, rows))
    else:
        parts.append(Text(tr.gettext("No deals yet."), style="dim"))
    marks = legend(rows, tr)
    if marks is not None:
        parts += [Text(), Text(marks)]
    if seen.winner is not None:
        parts += [Text(), Text(tr.gettext("Winner: {name}.").format(name=names[seen.winner]))]
    return Group(*parts)


def phase_words(tr: Translator, phase: str) -> str:
    return phase_name(tr, phase)
