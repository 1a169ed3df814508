"""The table a game of poker dice is played at: seats, position, dice, record, saving.

The poker dice twin of :mod:`thousand.games.dice1000.table`: every front-end plays
through a :class:`Session` — the terminal game and the unattended games of the command
line. Each decision goes through the engine's checked path (:meth:`Position.apply`); a
throw is followed at once by the dice the session's source throws; every step is written
into the record (:mod:`.record`), and when a turn ends the record is handed to
``save_record`` — an atomic file write for the terminal — so a crash loses at most the
turn in progress.

Nothing here knows a rule: what is legal, what a box scores and when a turn or the game
ends are the engine's answers, passed on in :class:`Step` and :class:`TurnEnd`. What
every game's table does alike — seating computer players, the record's ``meta``, saving
after a turn — is :class:`thousand.core.table.TableSession`'s.

The session also keeps what only a table has: where each die lies. The engine holds the
dice showing as a sorted multiset; a player keeps *these* dice, and the ones thrown again
fall in the places of the ones picked up. :attr:`Session.shown` is the five dice in the
order the player sees them, kept dice staying where they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Unpack

from thousand.core.dice import Dice, ScriptedDice
from thousand.core.errors import IllegalActionError, RecordError
from thousand.core.players import Seat
from thousand.core.table import Step as BaseStep
from thousand.core.table import TableOptions, TableSession, new_dice, new_meta, resumption
from thousand.games.poker_dice.actions import STOP, THROW, Action, Outcome, Stop, Throw, Write
from thousand.games.poker_dice.bots import BOT_LEVELS, Policy, make_bot
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.presets import rules_from_spec
from thousand.games.poker_dice.record import RecordBuilder
from thousand.games.poker_dice.scoring import DICE, box_points, hand_kind
from thousand.games.poker_dice.state import Position, new_position, observe


@dataclass(frozen=True, slots=True)
class TurnEnd:
    """How a turn ended: the box written and its points, or (ranking) the hand stood on."""

    seat: int
    dice: Dice
    """The five dice written (or the hand), sorted."""
    throws: int
    """Throws the turn made."""
    box: str | None = None
    """The box written; None in the ranking game."""
    points: int = 0
    """What the box took (doubling and box bonuses included)."""
    doubled: bool = False
    """The box was doubled: a combination of the turn's first throw (§1.3)."""
    extra: int = 0
    """Bonus points the write added beside the box (a further yahtzee)."""
    hand: str | None = None
    """The ranking game: the kind of the hand (``poker`` … ``high_card``)."""
    stopped: bool = False
    """The ranking game: the player stood before the last throw."""


@dataclass(frozen=True, slots=True)
class Step(BaseStep[Position, Action, TurnEnd]):
    """What one decision did: the action, the dice that fell if it threw, how the turn ended."""

    thrown: Dice | None = None
    """The faces of a throw, in the places they fell (:attr:`Session.fresh`)."""


@dataclass
class Session(TableSession[Position, Action, TurnEnd, RecordBuilder, Step]):
    """A game of poker dice in play; see the module docstring."""

    rules: Rules
    position: Position
    turns: list[TurnEnd] = field(default_factory=list)
    """Every finished turn, in play order."""
    shown: list[int] = field(default_factory=list)
    """The dice showing in the places they lie (empty before a turn's first throw; the
    last turn's dice until the next player throws)."""
    fresh: frozenset[int] = frozenset()
    """The places of :attr:`shown` the last throw filled (the others were kept)."""

    # -- making one --------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules | object,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        **table: Unpack[TableOptions],
    ) -> Session:
        """A new game; ``seed`` (chosen at random if None) fixes the dice and the bots.

        ``rules`` is a :class:`Rules` or a record's spec (a preset name, or
        ``{"preset": NAME, ...keys}``); ``table`` says the language, the front-end, where
        the record is saved and where the dice come from
        (:class:`~thousand.core.table.TableOptions`). An unknown computer level or a name
        the engine refuses raises.
        """
        resolved = rules if isinstance(rules, Rules) else rules_from_spec(rules)
        names = [seat.name for seat in seats]
        position = new_position(resolved, names)
        meta, seed = new_meta(seats, table, seed)
        session = cls(
            rules=resolved,
            seats=list(seats),
            position=position,
            record=RecordBuilder(position, meta),
            dice=new_dice(table, seed),
            save_record=table.get("save"),
        )
        session.make_bots(seed)
        return session

    @classmethod
    def resume(
        cls,
        data: Mapping[str, Any],
        **table: Unpack[TableOptions],
    ) -> Session:
        """Continue a game where its record ``data`` stops (the next throw or decision).

        The record is played again through a session of its own — the engine checks
        every step, the record is written again by the same builder, and the table is
        left as it was: the dice of the turn in progress where they lay, or the last
        turn's. ``data`` should have been checked by :func:`.record.replay` (naming its
        source in any error); a step the engine refuses is still a :class:`RecordError`.
        The dice go on from the saved seed moved on by the throws already made, so the
        resumed game is reproducible but does not repeat the dice it had.
        """
        names = [str(name) for name in data["players"]]
        again = resumption(data.get("meta"), names, BOT_LEVELS, table)
        turns = data.get("turns") or []
        steps = [_turn_steps(turn) for turn in turns]
        thrown = [faces for turn in steps for _, faces in turn if faces is not None]
        replaying = TableOptions(
            language=table["language"], program=table["program"], dice=ScriptedDice(thrown)
        )
        session = cls.new(data["rules"], again.seats, seed=0, **replaying)
        try:
            for number, turn in enumerate(steps, start=1):
                for action, _ in turn:
                    session.act(action)
                if turn and number < len(steps) and session.position.throws:
                    raise RecordError(f"turn {number}: the turn does not end")
        except IllegalActionError as exc:
            raise RecordError(f"turn {len(session.turns) + 1}: {exc}") from None
        session.record.meta = again.meta
        session.dice = again.dice(table, len(thrown))
        session.save_record = table.get("save")
        session.make_bots(again.seed)
        return session

    def observe(self, position: Position, seat: int) -> Position:
        return observe(position, seat)

    def make_bot(self, level: str, seed: int) -> Policy:
        return make_bot(level, self.rules, seed)

    # -- views ---------------------------------------------------------------------

    @property
    def now(self) -> Position:
        return self.position

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def throws_made(self) -> int:
        """Every throw of the game so far (the record's throws)."""
        return sum(len(turn.get("rolls", ())) for turn in self.record.to_data()["turns"])

    # -- playing -------------------------------------------------------------------

    def act(self, action: Action, kept: Sequence[int] | None = None) -> Step:
        """Take a decision (throw, write, stop) through the engine's checked path.

        A throw is followed at once by its dice. ``kept`` are the places (in
        :attr:`shown`) of the dice a throw keeps, when the player picked them; without
        it the first places showing the kept faces are kept. Raises the engine's
        :class:`~thousand.core.errors.IllegalActionError` when the action is not legal
        (nothing changes then).
        """
        before = self.position
        after = before.apply(action)
        places = self._kept_places(action, kept)
        self.record.observe(before, action)
        thrown: Dice | None = None
        if isinstance(action, Throw):
            faces = tuple(self.dice.throw(after.in_air))
            outcome = Outcome(faces)
            landed = after.apply(outcome)
            self.record.observe(after, outcome)
            after = landed
            thrown = faces
            self._lay(places, faces)
        self.position = after
        end: TurnEnd | None = None
        if after.over or after.throws == 0:
            end = self._turn_end(before, after, action)
            self._finish_turn(end)
        return Step(before, after, action, end, thrown=thrown)

    def throw(self, kept: Sequence[int] = ()) -> Step:
        """Throw, keeping the dice in the places ``kept`` of :attr:`shown`."""
        faces = tuple(self.shown[place] for place in kept if 0 <= place < len(self.shown))
        if len(faces) != len(kept) or len(set(kept)) != len(kept):
            raise IllegalActionError("cannot keep a die that is not on the table", "keep_place")
        return self.act(Throw(faces) if self.position.throws else THROW, kept)

    def write(self, box: str) -> Step:
        return self.act(Write(box))

    def stop(self) -> Step:
        return self.act(STOP)

    def places_of(self, keep: Sequence[int]) -> list[int]:
        """The first places of :attr:`shown` showing the faces ``keep`` (each place once;
        faces not showing are left out — the engine refuses such a keep)."""
        places: list[int] = []
        for face in keep:
            for place, shown in enumerate(self.shown):
                if shown == face and place not in places:
                    places.append(place)
                    break
        return places

    def _kept_places(self, action: Action, kept: Sequence[int] | None) -> list[int]:
        """The places of the dice a throw keeps: ``kept`` if it shows the kept faces,
        else the first places showing them."""
        if not isinstance(action, Throw) or not self.position.throws:
            return []
        wanted = sorted(action.keep)
        if kept is not None and sorted(self.shown[p] for p in kept) == wanted:
            return list(kept)
        return self.places_of(wanted)

    def _lay(self, kept: Sequence[int], faces: Dice) -> None:
        """The dice thrown fall in the places of the ones picked up, in order."""
        if len(kept) == 0 or len(self.shown) != DICE:
            self.shown = list(faces)
            self.fresh = frozenset(range(len(faces)))
            return
        free = [place for place in range(DICE) if place not in kept]
        for place, face in zip(free, faces, strict=True):
            self.shown[place] = face
        self.fresh = frozenset(free)

    def _turn_end(self, before: Position, after: Position, action: Action) -> TurnEnd:
        seat = before.current
        rules = self.rules
        if isinstance(action, Write):
            dice = before.dice
            points = before.points_for(action.box)
            plain = box_points(rules, action.box, dice, first_throw=False)
            extra = after.players[seat].extra - before.players[seat].extra
            if after.over:
                extra -= rules.unused_throw_bonus * after.players[seat].bank
            return TurnEnd(
                seat,
                dice,
                before.throws,
                box=action.box,
                points=points,
                doubled=before.first_throw and points != plain and plain > 0,
                extra=extra,
            )
        hand = after.players[seat].hand
        return TurnEnd(
            seat,
            hand,
            before.throws + (1 if isinstance(action, Throw) else 0),
            hand=hand_kind(hand) if hand else None,
            stopped=isinstance(action, Stop),
        )

    def _finish_turn(self, end: TurnEnd) -> None:
        self.last_end = end
        self.turns.append(end)
        self.save_turn()


def _turn_steps(turn: object) -> list[tuple[Action, Dice | None]]:
    """A record's turn as the decisions taken and the faces each throw brought."""
    if not isinstance(turn, Mapping):
        raise RecordError("a turn is an object with its rolls")
    steps: list[tuple[Action, Dice | None]] = []
    for number, roll in enumerate(turn.get("rolls") or []):
        if isinstance(roll, Mapping):
            keep = tuple(roll.get("keep") or ())
            steps.append((Throw(keep) if number else THROW, tuple(roll.get("dice") or ())))
        else:
            steps.append((THROW, tuple(roll)))
    box = turn.get("box")
    if isinstance(box, str):
        steps.append((Write(box), None))
    elif turn.get("stop") is True:
        steps.append((STOP, None))
    return steps
