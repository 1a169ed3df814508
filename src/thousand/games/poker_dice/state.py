"""Positions of poker dice and the moves between them — the rules of POKER_DICE.md.

A :class:`Position` is an immutable frozen dataclass: hashable, cheap to keep, written
out by :meth:`Position.to_dict`. It never draws dice: after a :class:`Throw` the position
is a chance node waiting for the :class:`Outcome` a driver got from a dice source
(:mod:`thousand.core.dice`) or a record. What the dice score is asked of :mod:`.scoring`
only; this module decides whose turn it is, what may be done, and when the game ends.

Two ways in, as in dice 1000:

* :meth:`Position.apply` checks the action first and raises
  :class:`~thousand.core.errors.IllegalActionError` naming the rule it breaks (people,
  networks, records); the position itself never changes;
* :meth:`Position.advance` trusts its caller (bots, solvers, simulators that pick from
  :meth:`Position.legal_actions`) and skips the checks.

Rules ids of a refusal (``IllegalActionError.rule``): ``game_over``, ``dice_expected``
(a decision while dice are in the air), ``not_chance`` (an outcome with no dice in the
air), ``face`` (not a die face 1–6, or faces not given as a tuple), ``dice_count`` (an
outcome of the wrong number of dice), ``no_throws_left`` (a throw beyond the turn's
allowance), ``keep_not_showing`` (keeping dice that are not showing), ``keep_all``
(keeping all five dice: nothing would be thrown), ``throw_first`` (writing or stopping
before the turn's first throw), ``must_write`` (stopping in a sheet game), ``no_sheet``
(writing in the ranking game), ``unknown_box``, ``filled_box``, ``series1_first``,
``joker``, ``unknown_action``.

Decisions taken here where POKER_DICE.md is silent (each as a player expects):

* **Keeping.** A keep names faces, not dice: keeping one of two 5s is one action. The
  turn's first throw keeps nothing. Keeping all five dice is refused (``keep_all``): it
  would be a throw of no dice that spends a throw and changes nothing — a player content
  with the five dice writes them.
* **Writing** needs dice showing: not before the turn's first throw (``throw_first``).
  Doubling (§1.3) is for a box written when the dice showing are the turn's first throw
  (:attr:`Position.first_throw`); dice kept through later throws are not doubled.
* **The series-1 bonus** is awarded once series 1 is complete; until then the sheet shows
  no bonus (an empty box is not "done", and a ``0 or more`` subtotal of a half-empty
  series is not yet one the player has made).
* **Banked throws** (``bank_unused_throws``): the allowance of a turn is ``throws`` plus
  the player's bank, with no cap on how many banked throws one turn spends; the bank
  changes only when the turn ends, to allowance − throws made (S7: two unused throws of a
  first-throw combination "можно применить при следующих ходах"). Without the key unused
  throws are lost and the bank stays 0. ``unused_throw_bonus`` × the bank at the end of
  the game is added to each player's ``extra`` as the game ends (S7: "Цена
  неиспользованной попытки равна 3 очкам"), so the sheet shows it only once it is won.
* **``last_round = "first_finisher"``** (S7: "Как только один из игроков выбрасывает все
  должные комбинации, игра считается законченной. Если выиграл тот, кто начинал игру, то
  все остальные имеют право сделать свой последний ход"): the game ends as soon as a
  player fills the sheet, unless that player is seat 0 (who began), in which case it
  ends after the last seat's turn of that round. Implemented literally, but with a fixed
  order and exactly one box per turn seat 0 always fills the sheet first, with every
  other player one box short, so the game ends exactly like ``all_boxes``: every sheet
  full. A box still empty when a game ends (only possible in that literal rule) scores
  nothing.
* **The forced joker with ``series1_first``** never meets an open series 1: the joker
  needs the ``poker`` box written, which ``series1_first`` allows only once series 1 is
  full. Should they ever meet, series 1 comes first: a yahtzee the joker sends to a lower
  box goes into any empty upper box (the joker's own last resort).
* **A further yahtzee's +100** (``extra_poker_bonus``) is judged on the sheet before the
  write: the first yahtzee written into ``poker`` earns none; later ones earn it
  whatever box they go into, if ``poker`` holds points (a scratched 0 earns nothing).
* **Ranking** (§3, S5): each player of a round has one turn of up to ``throws`` throws;
  :class:`Stop` (after at least one throw) or the last throw ends it, and the hand is the
  five dice showing. After the last player of a round, the best hand (the worst under
  ``lowest_wins``) wins; if several share it, those players alone play another round in
  seat order, and so on until one wins — all players tied is the same case. A player's
  ``hand`` is the latest one thrown.
* **Winners**: sheet games by the highest total (equal totals share the win); the ranking
  game always ends with one winner. ``lowest_wins`` belongs to the ranking game (the
  rules refuse it elsewhere).
* When the game ends the last mover stays :attr:`Position.current`, no dice show, and
  :attr:`Position.to_move` is None.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from typing import Any, NamedTuple

from thousand.core.dice import CHANCE_TABLES, Dice, faces_refusal, is_sub_multiset
from thousand.core.errors import IllegalActionError, RulesError
from thousand.core.players import players_problem
from thousand.games.interface import whole_position
from thousand.games.poker_dice.actions import STOP, THROW, Action, Outcome, Stop, Throw, Write
from thousand.games.poker_dice.config import MAX_PLAYERS, Rules, validate_rules
from thousand.games.poker_dice.scoring import (
    DICE,
    UPPER,
    box_points,
    boxes,
    extra_points,
    hand,
    hand_kind,
    joker_boxes,
    upper_bonus,
)


class Boxes(Mapping[str, int | None]):
    """A sheet's boxes: box → points, None while empty, in the sheet's order.

    Immutable and hashable (a :class:`Position` is), read like a ``dict``.
    """

    __slots__ = ("_names", "_points")

    def __init__(self, names: Sequence[str], points: Sequence[int | None] | None = None) -> None:
        self._names = tuple(names)
        self._points: tuple[int | None, ...] = (
            (None,) * len(self._names) if points is None else tuple(points)
        )
        if len(self._points) != len(self._names):
            raise ValueError("one value per box")

    def __getitem__(self, box: str) -> int | None:
        try:
            return self._points[self._names.index(box)]
        except ValueError:
            raise KeyError(box) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, box: object) -> bool:
        return box in self._names

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Boxes):
            return self._names == other._names and self._points == other._points
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._names, self._points))

    def __repr__(self) -> str:
        return f"Boxes({dict(self.items())!r})"

    @property
    def points(self) -> tuple[int | None, ...]:
        """The boxes' values in the sheet's order."""
        return self._points

    @property
    def is_full(self) -> bool:
        """Every box is written."""
        return None not in self._points

    def empty(self) -> tuple[str, ...]:
        """The boxes still empty, in the sheet's order."""
        return tuple(
            name for name, points in zip(self._names, self._points, strict=True) if points is None
        )

    def written(self, box: str, points: int) -> Boxes:
        """The boxes with ``points`` written into ``box``."""
        index = self._names.index(box)
        values = (*self._points[:index], points, *self._points[index + 1 :])
        return Boxes(self._names, values)


@dataclass(frozen=True, slots=True)
class PlayerSheet:
    """One player's sheet: their boxes and what the rules track beside them."""

    name: str
    boxes: Boxes
    """Box → points (None while empty) in the sheet's order; empty in ``ranking``."""
    extra: int
    """Every bonus beyond the boxes and the series-1 bonus: further yahtzees (+100 each)
    and, once the game is over, the unused-throw bonus."""
    bank: int
    """Throws kept from earlier turns (``bank_unused_throws``); 0 otherwise."""
    hand: Dice
    """The ranking game: the five dice of the player's latest hand, sorted; () before."""


class Totals(NamedTuple):
    """A player's sheet added up as POKER_DICE.md §4 defines it."""

    subtotal: int
    """The sum of the series-1 (upper) boxes written so far."""
    bonus: int
    """The series-1 bonus: ``bonus`` once series 1 is complete at ``bonus_threshold`` or
    more, else 0."""
    extra: int
    """Every other bonus (:attr:`PlayerSheet.extra`)."""
    total: int
    """Every box written + bonus + extra."""


def sheet_totals(rules: Rules, sheet: PlayerSheet) -> Totals:
    """Add up one player's sheet (see :class:`Totals`)."""
    written = sheet.boxes
    upper = [written[box] for box in UPPER if box in written]
    subtotal = sum(points for points in upper if points is not None)
    complete = bool(upper) and None not in upper
    bonus = upper_bonus(rules, subtotal) if complete else 0
    filled = sum(points for points in written.points if points is not None)
    return Totals(subtotal, bonus, sheet.extra, filled + bonus + sheet.extra)


def _all_keeps(dice: Dice) -> tuple[Dice, ...]:
    """Every distinct sub-multiset of ``dice`` (sorted) but ``dice`` itself, smallest first."""
    found = {part for size in range(len(dice)) for part in combinations(dice, size)}
    return tuple(sorted(found, key=lambda part: (len(part), part)))


_THROWS: Mapping[Dice, tuple[Throw, ...]] = {
    dice: tuple(Throw(keep) for keep in _all_keeps(dice)) for dice in CHANCE_TABLES[DICE].outcomes
}
"""For every five dice showing (sorted), the distinct throws open to the player: a
constant made once (252 rows), since legal actions are asked for at every decision."""

_FIRST_THROW: tuple[Action, ...] = (THROW,)


@dataclass(frozen=True, slots=True)
class Position:
    """A position: every player's sheet and the turn in progress."""

    rules: Rules
    players: tuple[PlayerSheet, ...]
    current: int
    """The seat to move (the last mover once the game is over)."""
    dice: Dice
    """The dice showing, sorted: () before the turn's first throw; while dice are in the
    air, only the dice kept."""
    throws: int
    """Throws made this turn (a throw in the air counts)."""
    in_air: int
    """Dice of the pending throw, not yet landed (0: no throw pending)."""
    round: int
    """The ranking game: 0 for the first round, then one more for each play-off."""
    contenders: tuple[int, ...]
    """The seats still playing for the win, in seat order: every seat in a sheet game;
    in ``ranking`` the seats of this round (the winner alone once it is over)."""
    over: bool

    # -- views -------------------------------------------------------------------

    @property
    def player(self) -> PlayerSheet:
        """The sheet of the player to move."""
        return self.players[self.current]

    @property
    def is_ranking(self) -> bool:
        return self.rules.sheet == "ranking"

    @property
    def is_chance_node(self) -> bool:
        """Dice are in the air: an :class:`Outcome` must follow."""
        return self.in_air > 0

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def to_move(self) -> str | None:
        """The name of the player to move; None once the game is over."""
        return None if self.over else self.players[self.current].name

    @property
    def throws_allowed(self) -> int:
        """This turn's throws: ``throws`` plus the player's banked throws."""
        return self.rules.throws + self.players[self.current].bank

    @property
    def throws_left(self) -> int:
        """Throws the player to move may still make this turn (own and banked); 0 once
        the game is over."""
        return 0 if self.over else self.throws_allowed - self.throws

    @property
    def first_throw(self) -> bool:
        """The dice showing are the turn's first throw: a box written now is doubled
        (``first_throw_double``)."""
        return self.throws == 1 and self.in_air == 0

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats sharing the win once the game is over; () while it is played."""
        if not self.over:
            return ()
        if self.is_ranking:
            return self.contenders
        totals = [self.totals(seat).total for seat in range(len(self.players))]
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def totals(self, seat: int) -> Totals:
        """Seat ``seat``'s subtotal, bonus, extra and total (§4)."""
        return sheet_totals(self.rules, self.players[seat])

    def hand_kind(self, seat: int) -> str | None:
        """The ranking game: the kind of the seat's latest hand (``poker`` … ``high_card``)."""
        dice = self.players[seat].hand
        return hand_kind(dice) if dice else None

    def chance_outcomes(self) -> tuple[tuple[Dice, Fraction], ...]:
        """At a chance node: ``[(sorted faces, probability)]`` of the dice in the air."""
        if not self.in_air:
            return ()
        return CHANCE_TABLES[self.in_air].probabilities

    def writable_boxes(self) -> tuple[str, ...]:
        """The boxes the player to move may write now, in the sheet's order.

        Every empty box, unless ``series1_first`` keeps series 2 closed while series 1
        has an empty box, or the forced joker (:func:`.scoring.joker_boxes`) narrows
        the choice; see the module docstring for the two together.
        """
        if self.over or self.in_air or not self.throws or self.is_ranking:
            return ()
        written = self.players[self.current].boxes
        allowed = written.empty()
        if self.rules.series1_first:
            upper = tuple(box for box in allowed if box in UPPER)
            if upper:
                allowed = upper
        forced = joker_boxes(self.rules, self.dice, written)
        if forced is not None:
            allowed = tuple(box for box in forced if box in allowed) or allowed
        return allowed

    def points_for(self, box: str) -> int:
        """What writing ``box`` with the dice showing would score (doubling, joker and box
        bonuses included; not the further-yahtzee bonus, which goes to ``extra``). Asks
        no question of legality: :meth:`writable_boxes` says which boxes may be written."""
        written = self.players[self.current].boxes
        joker = joker_boxes(self.rules, self.dice, written) is not None
        return box_points(self.rules, box, self.dice, first_throw=self.first_throw, joker=joker)

    def keeps(self) -> tuple[Dice, ...]:
        """The distinct keeps open now (sorted faces), none first; () when no throw is."""
        return tuple(action.keep for action in self._throws())

    def _throws(self) -> tuple[Throw, ...]:
        if self.over or self.in_air or self.throws_left <= 0:
            return ()
        if not self.throws:
            return (THROW,)
        return _THROWS[self.dice]

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to the player to move: throws (each distinct keep, smallest
        first), then writes in the sheet's order, or :data:`STOP` in ``ranking``.
        Empty at chance nodes and once the game is over."""
        if self.over or self.in_air:
            return ()
        if not self.throws:
            return _FIRST_THROW
        throws: tuple[Action, ...] = self._throws()
        if self.is_ranking:
            return (*throws, STOP)
        return throws + tuple(Write(box) for box in self.writable_boxes())

    def refusal(self, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal here, or None when :meth:`apply` accepts it."""
        if self.over:
            return IllegalActionError(f"cannot {action}: the game is over", "game_over")
        kind = type(action)
        if kind is Outcome:
            return self._outcome_refusal(action)  # type: ignore[arg-type]
        if kind not in (Throw, Write, Stop):
            return IllegalActionError(f"not an action: {action!r}", "unknown_action")
        if self.in_air:
            return IllegalActionError(
                f"cannot {action} now: the {self.in_air} dice thrown have not landed yet",
                "dice_expected",
                dice=self.in_air,
            )
        if kind is Throw:
            return self._throw_refusal(action)  # type: ignore[arg-type]
        if kind is Write:
            return self._write_refusal(action)  # type: ignore[arg-type]
        if not self.is_ranking:
            return IllegalActionError(
                "cannot stop: a turn ends by writing the dice into a box", "must_write"
            )
        if not self.throws:
            return IllegalActionError("cannot stop before the turn's first throw", "throw_first")
        return None

    def _outcome_refusal(self, action: Outcome) -> IllegalActionError | None:
        if not self.in_air:
            return IllegalActionError(
                f"no dice are in the air: cannot take the outcome {action}", "not_chance"
            )
        malformed = faces_refusal(action.faces)
        if malformed is not None:
            return malformed
        if len(action.faces) != self.in_air:
            return IllegalActionError(
                f"expected {self.in_air} dice, got {len(action.faces)}",
                "dice_count",
                expected=self.in_air,
                got=len(action.faces),
            )
        return None

    def _throw_refusal(self, action: Throw) -> IllegalActionError | None:
        keep = action.keep
        malformed = faces_refusal(keep)
        if malformed is not None:
            return malformed
        if self.throws_left <= 0:
            return IllegalActionError(
                f"cannot throw again: all {self.throws} throws of the turn are made; "
                "write the dice into a box",
                "no_throws_left",
                throws=self.throws,
            )
        if not is_sub_multiset(keep, self.dice):
            showing = (
                f"the dice showing are {' '.join(map(str, self.dice))}"
                if self.dice
                else "no dice are showing yet"
            )
            return IllegalActionError(
                f"cannot keep {' '.join(map(str, keep))}: {showing}",
                "keep_not_showing",
                keep=list(keep),
                dice=list(self.dice),
            )
        if len(keep) >= DICE:
            return IllegalActionError(
                "cannot keep all five dice: a throw throws at least one", "keep_all"
            )
        return None

    def _write_refusal(self, action: Write) -> IllegalActionError | None:
        if self.is_ranking:
            return IllegalActionError(
                f"cannot {action}: the ranking game has no sheet (throw or stop)", "no_sheet"
            )
        if not self.throws:
            return IllegalActionError(
                f"cannot {action} before the turn's first throw", "throw_first"
            )
        box = action.box
        written = self.players[self.current].boxes
        if type(box) is not str or box not in written:
            shown = json.dumps(box, ensure_ascii=False, default=repr)
            return IllegalActionError(
                f"there is no box {shown} (boxes: {', '.join(written)})", "unknown_box", box=box
            )
        held = written[box]
        if held is not None:
            return IllegalActionError(
                f"the box {box} is filled already ({held})", "filled_box", box=box, points=held
            )
        if box in self.writable_boxes():
            return None
        if self.rules.series1_first and box not in UPPER:
            return IllegalActionError(
                f"cannot write {box}: series 2 opens once series 1 is full",
                "series1_first",
                box=box,
            )
        allowed = self.writable_boxes()
        return IllegalActionError(
            f"cannot write {box}: the yahtzee {' '.join(map(str, self.dice))} is a joker "
            f"and goes in {' or '.join(allowed)}",
            "joker",
            box=box,
            allowed=list(allowed),
        )

    # -- transitions -------------------------------------------------------------

    def apply(self, action: Action) -> Position:
        """The position after ``action``; raises :class:`IllegalActionError` if illegal."""
        refusal = self.refusal(action)
        if refusal is None:
            return self.advance(action)
        try:
            raise refusal
        finally:  # this frame must not keep the error its traceback keeps this frame by:
            del refusal  # that cycle would keep every caller's frame for the collector

    def advance(self, action: Action) -> Position:
        """The unchecked fast path: ``action`` must be legal (bots, solvers, simulators)."""
        if isinstance(action, Outcome):
            return self.land(action.faces)
        if isinstance(action, Throw):
            keep = action.keep
            return replace(self, dice=keep, throws=self.throws + 1, in_air=DICE - len(keep))
        if isinstance(action, Write):
            return self._write(action.box)
        return self._end_ranking_turn()

    def land(self, faces: Sequence[int]) -> Position:
        """The unchecked fast path of an :class:`Outcome`: the dice in the air show ``faces``.
        In ``ranking`` the turn's last throw ends the turn."""
        landed = replace(self, dice=tuple(sorted((*self.dice, *faces))), in_air=0)
        if self.is_ranking and landed.throws_left <= 0:
            return landed._end_ranking_turn()
        return landed

    def _bank_after_turn(self) -> int:
        """The player's bank once this turn ends: the unused throws of the allowance."""
        return self.throws_left if self.rules.bank_unused_throws else 0

    def _write(self, box: str) -> Position:
        """Write the dice showing into ``box`` (§1.1) and pass the turn."""
        me = self.current
        sheet = self.players[me]
        points = self.points_for(box)
        extra = sheet.extra + extra_points(self.rules, self.dice, sheet.boxes)
        mine = replace(
            sheet, boxes=sheet.boxes.written(box, points), extra=extra, bank=self._bank_after_turn()
        )
        players = (*self.players[:me], mine, *self.players[me + 1 :])
        if self._sheet_game_ends(players):
            return self._end(players, self.contenders)
        following = (me + 1) % len(players)
        return replace(self, players=players, current=following, dice=(), throws=0, in_air=0)

    def _sheet_game_ends(self, players: tuple[PlayerSheet, ...]) -> bool:
        """Is the game over after the player to move wrote a box (``last_round``)?"""
        if all(sheet.boxes.is_full for sheet in players):
            return True
        if self.rules.last_round != "first_finisher":
            return False
        me, began = self.current, players[0].boxes.is_full
        # Seat 0 finished: the others' last turns end with the last seat's. Anyone else
        # finishing first ends the game at once (never happens with one box a turn).
        return (began and me == len(players) - 1) or (
            not began and me != 0 and players[me].boxes.is_full
        )

    def _end_ranking_turn(self) -> Position:
        """The ranking game: the dice showing are the player's hand; next player, or the
        round is judged (the winner, or a play-off of the tied)."""
        me = self.current
        sheet = replace(self.players[me], hand=self.dice, bank=self._bank_after_turn())
        players = (*self.players[:me], sheet, *self.players[me + 1 :])
        contenders = self.contenders
        place = contenders.index(me)
        if place + 1 < len(contenders):
            return replace(
                self, players=players, current=contenders[place + 1], dice=(), throws=0, in_air=0
            )
        hands = [hand(players[seat].hand) for seat in contenders]
        best = min(hands) if self.rules.lowest_wins else max(hands)
        tied = tuple(seat for seat, key in zip(contenders, hands, strict=True) if key == best)
        if len(tied) == 1:
            return self._end(players, tied)
        return replace(
            self,
            players=players,
            current=tied[0],
            dice=(),
            throws=0,
            in_air=0,
            round=self.round + 1,
            contenders=tied,
        )

    def _end(self, players: tuple[PlayerSheet, ...], contenders: tuple[int, ...]) -> Position:
        """The game is over: the unused-throw bonus goes to ``extra``."""
        bonus = self.rules.unused_throw_bonus
        if bonus:
            players = tuple(
                replace(sheet, extra=sheet.extra + bonus * sheet.bank) for sheet in players
            )
        return replace(
            self, players=players, dice=(), throws=0, in_air=0, contenders=contenders, over=True
        )

    # -- serialisation -----------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; :func:`position_from_dict` reads it back."""
        return {
            "rules": self.rules.to_data(),
            "players": [
                {
                    "name": sheet.name,
                    "boxes": dict(sheet.boxes),
                    "extra": sheet.extra,
                    "bank": sheet.bank,
                    "hand": list(sheet.hand),
                }
                for sheet in self.players
            ],
            "current": self.current,
            "dice": list(self.dice),
            "throws": self.throws,
            "in_air": self.in_air,
            "round": self.round,
            "contenders": list(self.contenders),
            "over": self.over,
        }


def new_position(rules: Rules, names: Sequence[str]) -> Position:
    """The position before the first throw: empty sheets, seat 0 to move.

    A table has 1 to :data:`~.config.MAX_PLAYERS` players with distinct printable names;
    anything else raises :class:`~thousand.core.errors.RulesError`.
    """
    if isinstance(names, str):
        raise RulesError("the players are a list of names, not one name")
    listed = list(names)
    problem = players_problem(listed, MAX_PLAYERS)
    if problem is not None:
        raise RulesError(problem)
    empty = Boxes(boxes(rules.sheet))
    players = tuple(PlayerSheet(name, empty, 0, 0, ()) for name in listed)
    return Position(rules, players, 0, (), 0, 0, 0, tuple(range(len(players))), False)


def position_from_dict(data: Mapping[str, Any]) -> Position:
    """Inverse of :meth:`Position.to_dict` (trusted data: a snapshot the program wrote)."""
    rules = validate_rules(dict(data["rules"]))
    names = boxes(rules.sheet)
    players = tuple(
        PlayerSheet(
            str(sheet["name"]),
            Boxes(names, [sheet["boxes"][box] for box in names]),
            int(sheet["extra"]),
            int(sheet["bank"]),
            tuple(int(face) for face in sheet["hand"]),
        )
        for sheet in data["players"]
    )
    return Position(
        rules,
        players,
        int(data["current"]),
        tuple(int(face) for face in data["dice"]),
        int(data["throws"]),
        int(data["in_air"]),
        int(data["round"]),
        tuple(int(seat) for seat in data["contenders"]),
        bool(data["over"]),
    )


observe = whole_position
"""What a seat knows of a position: all of it (:func:`~thousand.games.interface.whole_position`)."""
