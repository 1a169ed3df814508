"""Keeping the score of card Thousand played with a real deck (CARD_THOUSAND.md §6,
the scorekeeping record ``"meta": {"cards": "table"}``): what the terminal's form and a
browser room's scorekeeper share.

The company enters each deal's result — an :class:`Entry`: the declarer, the contract
and each seat's points, or a write-off, or a redeal — and :func:`apply_entry` scores it
through :mod:`.table` (which checks it could have happened, then
:func:`.engine.finish_deal`, the same scoring a played deal ends in). The dealer is never
entered: it rotates, the state knows it. :func:`fill_points` adds up what the form can:
one playing seat's points left out are 120 plus the marriages announced plus the
last-trick bonus, less the others'. :class:`KeptGame` holds the state, the players and
the record being written (a :class:`.record.RecordBuilder` whose deals are scorekeeping
deals), so what is written replays (``thousand replay``) to the same position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import Translator
from thousand.games.card1000 import table
from thousand.games.card1000.config import Rules
from thousand.games.card1000.position import Position
from thousand.games.card1000.record import TABLE_CARDS, RecordBuilder, replay
from thousand.games.card1000.scoring import sitting_out
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.state import State, new_game


@dataclass(frozen=True, slots=True)
class Entry:
    """One deal's result as the company enters it (its dealer is the state's)."""

    declarer: int | None = None
    contract: int | None = None
    points: tuple[int, ...] | None = None
    write_off: bool = False
    redeal: bool = False
    dark: bool = False

    def to_deal(self, dealer: int) -> dict[str, Any]:
        """The scorekeeping deal of §6 this entry is, dealt by ``dealer``."""
        if self.redeal:
            return {"dealer": dealer, "redeal": True}
        deal: dict[str, Any] = {
            "dealer": dealer,
            "declarer": self.declarer,
            "contract": self.contract,
        }
        if self.write_off:
            deal["write_off"] = True
        else:
            deal["points"] = None if self.points is None else list(self.points)
        if self.dark:
            deal["dark"] = True
        return deal


def apply_entry(state: State, entry: Entry) -> State:
    """The state after ``entry`` (checked by :mod:`.table`: an
    :class:`IllegalActionError` names the field and the rule, nothing changes)."""
    if entry.redeal:
        return table.redeal(state)
    return table.score(
        state,
        declarer=entry.declarer,
        contract=entry.contract,
        points=None if entry.points is None else list(entry.points),
        written_off=entry.write_off,
        dark=entry.dark,
    )


def fill_points(
    rules: Rules, dealer: int, points: Sequence[int | None], marriages: int = 0
) -> tuple[int, ...]:
    """Each seat's points, one playing seat's left out (None) worked out: 120 plus the
    ``marriages`` announced plus the last-trick bonus, less the other playing seats'.
    A sitting-out dealer left out scores 0 from the talon. Two players: the cards put
    out of play make the remainder unknown, so both entries are needed.

    Raises :class:`IllegalActionError` (rule ``points``, ``problem`` ``missing``) when
    more than one entry is missing, or one is with two players; the sum itself is
    :func:`.table.score`'s to check."""
    if len(points) != rules.players:
        raise IllegalActionError(
            f"points: expected {rules.players} entries", "points", problem="shape"
        )
    idle = sitting_out(rules, dealer)
    values = [0 if seat == idle and value is None else value for seat, value in enumerate(points)]
    missing = [seat for seat, value in enumerate(values) if value is None]
    if not missing:
        return tuple(value for value in values if value is not None)
    if len(missing) > 1 or rules.players == 2:
        raise IllegalActionError(
            "points: enter every seat's points but one", "points", problem="missing"
        )
    known = sum(value for seat, value in enumerate(values) if value is not None and seat != idle)
    values[missing[0]] = table.CARD_POINTS + marriages + rules.last_trick_bonus - known
    return tuple(value if value is not None else 0 for value in values)


def keeping_meta(meta: Mapping[str, Any] | None) -> dict[str, Any]:
    """A record's ``meta`` marked as a scorekeeping record (§6)."""
    return {**(meta or {}), "cards": TABLE_CARDS}


@dataclass
class KeptGame:
    """A game whose deals are played with real cards: the state, the players and the
    scorekeeping record written as the deals are entered."""

    position: Position
    record: RecordBuilder
    entries: list[Entry] = field(default_factory=list)

    @classmethod
    def new(
        cls, rules: Rules, players: Sequence[str], meta: Mapping[str, Any] | None = None
    ) -> KeptGame:
        position = Position(new_game(rules), tuple(players))
        return cls(position, RecordBuilder(position, keeping_meta(meta)))

    @classmethod
    def resume(cls, data: Mapping[str, Any], meta: Mapping[str, Any] | None = None) -> KeptGame:
        """The game of a scorekeeping record ``data`` (checked by :func:`.record.replay`)."""
        replayed = replay(data)
        start = Position(new_game(replayed.rules), replayed.players)
        record = RecordBuilder(start, keeping_meta(meta if meta is not None else data.get("meta")))
        record.rules = data["rules"]
        record.deals = [dict(deal) for deal in data.get("deals") or ()]
        return cls(replayed.position, record)

    @property
    def state(self) -> State:
        return self.position.state

    @property
    def rules(self) -> Rules:
        return self.position.state.rules

    @property
    def players(self) -> tuple[str, ...]:
        return self.position.players

    @property
    def dealer(self) -> int:
        return self.position.state.dealer

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats that play the next deal, from the first hand."""
        return playing_seats(self.rules, self.dealer)

    @property
    def idle(self) -> int | None:
        """The sitting-out dealer of the next deal (four players), or None."""
        return sitting_out(self.rules, self.dealer)

    def next_deal_line(self, tr: Translator) -> str:
        """Who deals the next deal, who plays first, and what kind of deal it is, in
        ``tr``'s language: the line over the form, in the terminal and on the page."""
        names = self.players
        line = tr.gettext("Deal {n}: {dealer} deals, {first} plays first.").format(
            n=len(self.state.history) + 1, dealer=names[self.dealer], first=names[self.playing[0]]
        )
        if self.idle is not None:
            line += " " + tr.gettext("{name} sits out: enter the talon's points.").format(
                name=names[self.idle]
            )
        if self.golden:
            line += " " + tr.gettext("Golden deal: {name} plays 120.").format(
                name=names[self.playing[0]]
            )
        return line

    @property
    def golden(self) -> bool:
        """The next deal is a golden deal: its declarer is the first hand, 120."""
        return self.position.state.golden_left > 0

    @property
    def over(self) -> bool:
        return self.position.state.over

    def undo(self) -> bool:
        """Take back the last deal entered (a mistyped result): the game as if it had not
        been entered. False when there is none (nothing changes)."""
        if not self.record.deals:
            return False
        data = self.record.to_data()
        data["deals"] = data["deals"][:-1]
        self.position = replay(data).position
        self.record.deals = data["deals"]
        if self.entries:
            self.entries.pop()
        return True

    def enter(self, entry: Entry) -> State:
        """Score ``entry`` (refused: :class:`IllegalActionError`, nothing changes) and
        write it into the record."""
        state = self.position.state
        after = apply_entry(state, entry)
        self.record.deals.append(entry.to_deal(state.dealer))
        self.entries.append(entry)
        self.position = Position(after, self.position.players)
        return after


__all__ = ["Entry", "KeptGame", "apply_entry", "fill_points", "keeping_meta"]
