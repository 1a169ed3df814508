"""The table a game of dice 1000 is played at: seats, position, dice, record, saving.

Every front-end plays through a :class:`Session`: the terminal game, the unattended
bots-only run of the command line, and the web server's rooms. It is the loop of
:func:`thousand.games.dice1000.match.play_game` cut into steps a screen (or a network
message) can show one at a time. Every step goes through the engine's checked path
(:meth:`GameState.step`) and is written into the record; when a turn ends the record is
handed to ``save`` — a callable the front-end passes in (an atomic file write for the
terminal, a database row for the server) — so a crash loses at most the turn in progress.

Nothing here knows a rule: what is legal, what a throw scores and how a turn ends are
the engine's answers, passed on in :class:`Step`. Nothing here parses what a person
typed either: the command line turns ``--players`` into :class:`Seat` values. What
every game's table does alike — seating computer players, the record's ``meta``, saving
after a turn — is :class:`thousand.core.table.TableSession`'s.

The solved strategy (:mod:`thousand.games.dice1000.solver.strategy`) is the one heavy
thing a game may need — for a ``perfect`` computer player and for the advisor. It is
loaded (or solved once) by :meth:`Session.prepare_strategy` before play, or on demand by
the screen, and kept in :attr:`Session.strategy`; numpy and the solver are imported only
then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Unpack

from thousand.core.errors import ThousandError
from thousand.core.players import Seat as Seat  # noqa: PLC0414 - re-exported, as before
from thousand.core.table import Step as BaseStep
from thousand.core.table import TableOptions, TableSession, new_dice, new_meta, resumption
from thousand.games.dice1000.actions import STOP, THROW, Action, Outcome, SetAside, Throw
from thousand.games.dice1000.bots import BOT_LEVELS, make_bot
from thousand.games.dice1000.dice import ScriptedDice
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.match import Policy
from thousand.games.dice1000.record import RecordBuilder, Replay, TurnSummary
from thousand.games.dice1000.scoring import Dice, ThrowScore
from thousand.games.dice1000.solver.door import solved_strategy
from thousand.games.dice1000.state import GameState, Phase, TurnEnd, new_state, observe

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolvedStrategy

PERFECT = "perfect"
"""The computer level that plays the solved strategy (it needs :meth:`Session.prepare_strategy`)."""


@dataclass(frozen=True, slots=True)
class ThrowView:
    """One throw of the turn in progress, as the screen shows it."""

    dice: Dice
    score: ThrowScore
    """The engine's score of the throw (every scoring die set aside)."""
    kept: Dice | None = None
    """The dice set aside from it (None while they are being chosen)."""
    gained: int = 0
    """The points the set-aside dice added to the turn total."""


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """The table before an entered throw (:meth:`Session.undo_entry` puts it back)."""

    state: GameState
    record_turns: list[dict[str, Any]]
    throws: list[ThrowView]
    turns: list[TurnSummary]
    last_end: TurnEnd | None


def _copy_turn(turn: dict[str, Any]) -> dict[str, Any]:
    """A record's turn, its throws copied (the builder appends to the last one in place)."""
    return {
        key: [roll if isinstance(roll, dict) else list(roll) for roll in value]
        if key == "rolls"
        else value
        for key, value in turn.items()
    }


@dataclass(frozen=True, slots=True)
class Step(BaseStep[GameState, Action, TurnEnd]):
    """What one step did: the action, the throw if there was one, how the turn ended."""

    throw: ThrowView | None = None


@dataclass
class Session(TableSession[GameState, Action, TurnEnd, RecordBuilder, Step]):
    """A game in play; see the module docstring.

    While dice wait to be chosen (``choose_dice``) a record can only say "every scoring
    die set aside" for the last throw, so a game saved then resumes with that choice
    made: the dice a player has seen are never thrown again.
    """

    game: Game
    state: GameState
    turns: list[TurnSummary] = field(default_factory=list)
    """Every finished turn, as RECORD.md's ``turns[]`` lists them (the sheet's rows)."""
    throws: list[ThrowView] = field(default_factory=list)
    """The throws of the turn in progress."""
    strategy: SolvedStrategy | None = None
    """The solved strategy of the rules, once :meth:`prepare_strategy` has it (shared by
    the advisor, so it is loaded once per game)."""
    table_dice: bool = False
    """Real dice at a real table: every throw's faces are entered (:meth:`enter_throw`)."""
    undo_point: _Snapshot | None = None
    """The table before the last entered throw, while it may still be corrected."""

    # -- making one --------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        table_dice: bool = False,
        **table: Unpack[TableOptions],
    ) -> Session:
        """A new game; ``seed`` (chosen at random if None) fixes the dice and the bots.

        ``table`` says the language, the front-end, where the record is saved and where
        the dice come from (:class:`~thousand.core.table.TableOptions`). ``table_dice``:
        the players throw real dice and enter them; ``meta.dice`` says so (``"table"``).
        """
        names = [seat.name for seat in seats]
        state = new_state(game, names)
        meta, seed = new_meta(seats, table, seed)
        if table_dice:
            meta["dice"] = "table"
        session = cls(
            game=game,
            seats=list(seats),
            state=state,
            record=RecordBuilder(game, names, meta),
            dice=new_dice(table, seed),
            save_record=table.get("save"),
            table_dice=table_dice,
        )
        session.make_bots(seed)
        return session

    @classmethod
    def resume(
        cls,
        data: Mapping[str, Any],
        replayed: Replay,
        **table: Unpack[TableOptions],
    ) -> Session:
        """Continue a game where its record ``data`` stops (the next throw or decision).

        ``replayed`` is :func:`~thousand.games.dice1000.record.replay` of ``data`` (the
        caller has already checked it, naming its source in any error). The dice go on
        from the saved seed, moved on by the number of throws already made, so the
        resumed game is reproducible but does not repeat the dice it had.
        """
        state = replayed.state
        game = state.game
        names = [sheet.name for sheet in state.players]
        again = resumption(data.get("meta"), names, BOT_LEVELS, table)
        record = RecordBuilder.from_replay(game, names, data)
        record.meta = again.meta
        thrown = sum(len(turn.throws) for turn in replayed.turns)
        finished = [turn for turn in replayed.turns if turn.outcome != "in_progress"]
        session = cls(
            game=game,
            seats=again.seats,
            state=state,
            record=record,
            dice=again.dice(table, thrown),
            save_record=table.get("save"),
            turns=finished,
            table_dice=again.meta.get("dice") == "table",
        )
        if replayed.turns:
            # The table as it was left: the throws of the turn in progress, or those of the
            # last finished turn and how it ended — a finished game shows its final throw.
            session.throws = session._throws_of(data["turns"][-1])
            if finished and replayed.turns[-1].outcome != "in_progress":
                session.last_end = finished[-1].end
        session.make_bots(again.seed)
        return session

    def observe(self, position: GameState, seat: int) -> GameState:
        return observe(position, seat)

    def make_bot(self, level: str, seed: int) -> Policy:
        return make_bot(level, seed)

    def _throws_of(self, turn: dict[str, Any]) -> list[ThrowView]:
        views = []
        for roll in turn.get("rolls", []):
            if isinstance(roll, dict):
                dice = tuple(roll["dice"])
                kept: Dice = tuple(sorted(roll["keep"]))
            else:
                dice = tuple(roll)
                kept = self.game.score(dice).kept
            score = self.game.score(dice)
            value = self.game.scores.keep_value(tuple(sorted(dice)), kept) if kept else None
            views.append(ThrowView(dice, score, kept, 0 if value is None else value[0]))
        return views

    # -- views ---------------------------------------------------------------------

    @property
    def now(self) -> GameState:
        return self.state

    @property
    def has_perfect(self) -> bool:
        """A ``perfect`` computer player is seated (the strategy must be ready before play)."""
        return any(seat.bot == PERFECT for seat in self.seats)

    def prepare_strategy(self, on_solve: Callable[[], None] | None = None) -> SolvedStrategy:
        """Load (or solve once) the strategy of the rules and keep it; see :func:`solved_strategy`.

        Done before the first move so that a rule set the solver refuses is an error at
        the start, not a crash in the middle of a game, and so the ``perfect`` players'
        own lazy load finds the strategy in the cache.
        """
        if self.strategy is None:
            self.strategy = solved_strategy(self.game, on_solve, players=len(self.seats))
        return self.strategy

    # -- playing -------------------------------------------------------------------

    def act(self, action: Action) -> Step:
        """Take a decision (throw, stop, set aside) through the engine's checked path.

        A throw is followed at once by its dice. Raises the engine's
        :class:`~thousand.core.errors.IllegalActionError` when the action is not legal;
        nothing changes then.
        """
        before = self.state
        state, end = before.step(action)
        self.undo_point = None  # a decision taken: the last entry stands
        self.record.observe(before, action)
        view: ThrowView | None = None
        if isinstance(action, Throw):
            if before.throws == 0:
                self.throws = []
            thrown = state
            faces = self.dice.throw(thrown.dice_left)
            outcome = Outcome(faces)
            state, end = thrown.step(outcome)
            self.record.observe(thrown, outcome)
            score = self.game.score(faces)
            if state.phase is Phase.SET_ASIDE:
                view = ThrowView(faces, score)
            else:
                view = ThrowView(faces, score, score.kept, score.points)
            self.throws.append(view)
        elif isinstance(action, SetAside):
            last = self.throws[-1]
            gained = state.turn_total - before.turn_total if end is None else end.points
            self.throws[-1] = ThrowView(last.dice, last.score, tuple(sorted(action.dice)), gained)
        self.state = state
        if end is not None:
            self._finish_turn(end)
        return Step(before, state, action, end, throw=view)

    # -- real dice ---------------------------------------------------------------------

    def enter_throw(self, faces: Sequence[int]) -> Step:
        """A throw of real dice: the decision to throw and the faces that fell, in one step.

        The engine checks both before anything changes (the throw must be open now, the
        faces must be as many as the dice in hand, each 1–6): a refusal raises
        :class:`~thousand.core.errors.IllegalActionError` and the table is as it was.
        Until the next decision, :meth:`undo_entry` takes the entry back — a mistyped
        throw is corrected, not recorded.
        """
        entered = tuple(faces)
        problem = self.state.refusal(THROW)
        if problem is None:
            problem = self.state.apply(THROW).refusal(Outcome(entered))
        if problem is not None:
            try:
                raise problem
            finally:  # no cycle of this frame and the error (see GameState.step)
                del problem
        snapshot = _Snapshot(
            self.state,
            [_copy_turn(turn) for turn in self.record.turns],
            list(self.throws),
            list(self.turns),
            self.last_end,
        )
        source = self.dice
        self.dice = ScriptedDice([entered])
        try:
            step = self.act(THROW)
        finally:
            self.dice = source
        self.undo_point = snapshot
        return step

    def undo_entry(self) -> bool:
        """Take back the last entered throw (True), if no decision has been taken since.

        The record is saved again, so a file written when the entry ended the turn no
        longer holds it.
        """
        snapshot = self.undo_point
        if snapshot is None:
            return False
        self.state = snapshot.state
        self.record.turns = snapshot.record_turns
        self.throws = snapshot.throws
        self.turns = snapshot.turns
        self.last_end = snapshot.last_end
        self.undo_point = None
        try:
            self.save()
        except ThousandError as exc:
            self.save_error = str(exc)
        return True

    def throw(self) -> Step:
        return self.act(THROW)

    def stop(self) -> Step:
        return self.act(STOP)

    def _finish_turn(self, end: TurnEnd) -> None:
        self.last_end = end
        sheet = self.state.players[end.player]
        self.turns.append(
            TurnSummary(
                sheet.name,
                end.outcome,
                end.points,
                end.score,
                end,
                tuple(view.dice for view in self.throws),
            )
        )
        self.save_turn()
