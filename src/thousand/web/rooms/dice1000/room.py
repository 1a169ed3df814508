"""A room of dice 1000: the game's part of :class:`~thousand.web.rooms.base.BaseRoom`.

The game is a :class:`thousand.games.dice1000.table.Session`, which checks every action
with the engine and writes the record; the dice are the room's seed's
(:class:`~thousand.games.dice1000.fairdice.SeededDice`), or the faces people enter under
table dice (``options.dice = "table"``: a mistyped throw may be taken back, ``undo``).

Only dice 1000 has an advisor and a ``perfect`` computer: both read the solver's
strategy of the rules, solved once in a child process
(:class:`~thousand.games.dice1000.solver.door.ChildSolver`) when it is neither cached nor
shipped; the room hands the server that work as a
:class:`~thousand.web.rooms.base.Preparation` and the advisor's question as an
:class:`~thousand.web.rooms.base.Advice`, and the server runs both off its event loop.

The advisor at three players never waits for the exact three-player table (minutes to
solve, too large to ship): it answers at once from the two-player strategy against the
leading opponent, labelled an approximation, and asks the server to solve the exact
table aside (an :class:`~thousand.web.rooms.base.Aside`: once per machine, only for a
room someone is in), then answers from it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import Translator
from thousand.core.pace import Estimate
from thousand.core.players import Seat
from thousand.games.dice1000.actions import STOP, THROW, Action, SetAside
from thousand.games.dice1000.bots import make_bot
from thousand.games.dice1000.config import Rules
from thousand.games.dice1000.dice import ScriptedDice
from thousand.games.dice1000.fairdice import SeededDice
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import (
    PRESET_NAMES,
    load_preset,
    rules_from_spec,
    rules_to_spec,
)
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.state import GameState, Phase
from thousand.games.dice1000.table import Session
from thousand.games.dice1000.words import (
    approximation_note,
    bot_level,
    preset_description,
    refusal,
    rules_title,
    solving,
)
from thousand.web.protocol import ProtocolError

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolvedStrategy

from thousand.web.rooms.base import (
    PROGRAM,
    ActionFields,
    Advice,
    Aside,
    BaseRoom,
    Policy,
    Preparation,
    Progress,
    checked_rules,
    illegal,
    record_language,
)

GAME = "dice1000"
STAND_IN = "balanced"
"""The level that plays for a person whose time ran out in dice 1000 (the issue's choice)."""


def rules_of(spec: object) -> tuple[Game, str | dict[str, Any]]:
    """The rules of a dice-1000 room from ``rules`` (:func:`checked_rules`)."""
    rules = checked_rules(spec, "classic", rules_from_spec)
    return game_of(rules), rules_to_spec(rules)


_GAMES: dict[str, Game] = {}


def game_of(rules: Rules) -> Game:
    """One :class:`Game` per rule set for all rooms: a game's scoring tables take tens of
    milliseconds and a few hundred kilobytes to build, and never change."""
    key = rules.canonical()
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) > 256:
            _GAMES.clear()
        game = _GAMES[key] = Game(rules)
    return game


@dataclass
class Room(BaseRoom):
    """A room of dice 1000: the game is a :class:`Session` of the dice-1000 table."""

    GAME: ClassVar[str] = GAME
    LEVELS: ClassVar[tuple[str, ...]] = ("cautious", "balanced", "bold", "perfect")
    STAND_IN: ClassVar[str] = STAND_IN
    DEFAULT_RULES: ClassVar[str] = "classic"
    PRESETS: ClassVar[tuple[str, ...]] = PRESET_NAMES
    ADVISOR: ClassVar[bool] = True

    game: Game
    session: Session | None = None
    undo_seat: int | None = None
    """Table dice: the seat that entered the last throw, while it may take it back."""

    @classmethod
    def rules_of(cls, spec: object) -> tuple[Game, str | dict[str, Any]]:
        return rules_of(spec)

    @classmethod
    def level_name(cls, tr: Translator, level: str) -> str:
        return bot_level(tr, level)

    @classmethod
    def preset_title(cls, tr: Translator, name: str) -> str:
        return rules_title(tr, load_preset(name))

    @classmethod
    def preset_description(cls, tr: Translator, name: str) -> str:
        return preset_description(tr, name)

    def refusal_text(self, tr: Translator, error: IllegalActionError) -> str:
        return refusal(tr, error)

    def solving_note(self, tr: Translator) -> str:
        return solving(tr, self.game.rules, len(self.seats))

    def preparation(self) -> Preparation | None:
        """A ``perfect`` computer reads the solver's strategy of the rules."""
        mover = self.mover
        if mover is None or self.seats[mover].kind != "bot":
            return None
        if self.seats[mover].level != "perfect":
            return None
        return strategy_preparation(self.game, 2)  # three players: see computer_policy

    def advice(self) -> Advice | None:
        """The mover's winning chance after each action open now (none at a solitaire
        game: nobody to beat)."""
        if self.session is None:
            return None
        state: GameState = self.observation(self.mover)
        if len(state.players) < 2:
            return None
        game = self.game
        return Advice(
            lambda: action_values(game, state),
            strategy_preparation(game, 2),
            exact=lambda: advice_exact(game, state),
        )

    def aside(self) -> Aside | None:
        """The exact three-player table, for the advisor and a ``perfect`` computer, who
        meanwhile answer and play with the two-player strategy against the leader."""
        perfect = any(seat.kind == "bot" and seat.level == "perfect" for seat in self.seats)
        if self.session is None or not (self.options.advisor or perfect):
            return None
        return exact_table_aside(self.game, len(self.seats))

    def computer_policy(self) -> Policy:
        """A ``perfect`` computer here never waits minutes for the exact three-player
        table: it plays the duel against the leader until the table is solved aside."""
        from thousand.games.dice1000.solver.player import PerfectPlayer  # noqa: PLC0415

        policy = super().computer_policy()
        if isinstance(policy, PerfectPlayer):
            policy.settle = True
        return policy

    def approximation_note(
        self, tr: Translator, aside_running: bool, estimate: Estimate | None
    ) -> str | None:
        return approximation_note(tr, aside_running, estimate, server=True)

    def _new_session(self, seats: list[Seat]) -> Session:
        return Session.new(
            self.game,
            seats,
            table_dice=self.options.dice == "table",
            **self.table(),
        )

    def _act(self, seat: int, mover: int, sent: ActionFields) -> None:
        if sent.action == "undo" and self.options.dice == "table":
            self.undo(seat)
            return
        faces = sent.dice if sent.dice is not None else sent.keep
        move = self._action(sent.action, faces)
        self.seats[mover].auto = False
        self._apply(move, entered=faces if sent.action == "dice" else None)
        self.undo_seat = seat if sent.action == "dice" else None

    def may_undo(self, seat: int | None) -> bool:
        """``seat`` entered the last throw and nobody has decided anything since."""
        return (
            seat is not None
            and seat == self.undo_seat
            and self.session is not None
            and self.session.undo_point is not None
            and self.status == "playing"
        )

    def undo(self, seat: int) -> None:
        """Table dice: take back a mistyped throw (see ``Session.undo_entry``)."""
        if not self.may_undo(seat):
            raise ProtocolError(
                "illegal",
                "only the last throw entered, before anything else, can be taken back",
                rule="undo",
            )
        assert self.session is not None
        self.session.undo_entry()
        self._memo.clear()  # the sheet of finished turns may have lost one
        self.undo_seat = None
        self.seq += 1
        self._set_deadline()

    def move_message(self, move: Any) -> dict[str, Any] | None:
        if move == THROW:
            return {"action": "throw"}
        if move == STOP:
            return {"action": "stop"}
        if isinstance(move, SetAside):
            return {"action": "keep", "dice": list(move.dice)}
        return None

    def move_of(self, message: Mapping[str, Any]) -> Action:
        """A computer's move as :meth:`move_message` wrote it (its throws are the room's
        seed's, whatever the room's dice)."""
        moves: dict[str, Action] = {"throw": THROW, "stop": STOP}
        name = message["action"]
        if name == "keep":
            return SetAside(tuple(message["dice"]))
        return moves[name]

    def _action(self, action: str, dice: list[int] | None) -> Action:
        table = self.options.dice == "table"
        if action == "throw" and not table:
            return THROW
        if action == "stop":
            return STOP
        if action == "keep":
            if dice is None:
                raise ProtocolError("bad_message", "dice: field is missing (the dice to keep)")
            return SetAside(tuple(sorted(dice)))
        if action == "dice" and table:
            if dice is None:
                raise ProtocolError("bad_message", "dice: field is missing (the faces that fell)")
            return THROW
        if action in {"throw", "dice"}:
            wanted = "dice" if table else "throw"
            raise ProtocolError(
                "illegal",
                f"this room's dice are {self.options.dice} dice: the action is {wanted!r}",
                rule="dice",
            )
        raise ProtocolError("bad_message", f"action: unknown action {action[:32]!r}")

    def _apply(self, move: Action, entered: list[int] | None = None) -> None:
        """Through the engine's checked path; refusals change nothing."""
        session = self.session
        assert session is not None
        try:
            if entered is not None:
                session.enter_throw(entered)
            else:
                session.act(move)
        except IllegalActionError as exc:
            raise illegal(exc) from None
        self._changed()

    def _stand_in(self) -> Policy:
        return make_bot(self.STAND_IN, secrets.randbits(32))

    def _game_doc(self) -> dict[str, Any]:
        session = self.session
        return {"awaiting_keep": session is not None and session.state.phase is Phase.SET_ASIDE}

    def _resume(self, record: dict[str, Any], doc: Mapping[str, Any]) -> Session:
        """A throw whose scoring dice were still being chosen (``choose_dice``) is written
        in the record as if every scoring die were set aside; ``awaiting_keep`` says it
        was not, and the throw is replayed onto the position before it so the choice is
        open again, as the clients last saw it."""
        return _resume(record, self.seed, bool(doc.get("awaiting_keep")), self.game)


def strategy_preparation(game: Game, players: int) -> Preparation:
    """The solver's strategies of ``game`` for ``players``, for a ``perfect`` computer or
    the advisor: nothing to make when they are cached or shipped; else solved once in a
    child process (the event loop and the worker threads stay free), the rooms waiting on
    the same rules sharing the solve. Clients are told with the solver's first progress
    line (a rule set it refuses never gets a "solving" note ahead of its error)."""

    def at_hand() -> bool:
        from thousand.games.dice1000.solver.seats import ready  # noqa: PLC0415 - numpy

        return ready(game, players)

    def make(progress: Progress) -> None:
        from thousand.games.dice1000.solver.door import ChildSolver  # noqa: PLC0415

        if not at_hand():
            ChildSolver().solve(game, progress, players)

    return Preparation(f"{GAME}:{players}:{game.canonical}", make, at_hand, announce=False)


def action_values(game: Game, state: GameState) -> dict[Any, float]:
    """The mover's winning chance after each action open in ``state``, from the best
    strategy at hand (:func:`~thousand.games.dice1000.solver.seats.at_hand`: the two-player
    one is, after the preparation)."""
    values: dict[Any, float] = dict(_at_hand(game, state).action_values(state))
    return values


def advice_exact(game: Game, state: GameState) -> bool:
    """Whether :func:`action_values` is exact for ``state`` (else the duel's figures)."""
    return _at_hand(game, state).exact_for(state)


def _at_hand(game: Game, state: GameState) -> SolvedStrategy:
    from thousand.games.dice1000.solver.door import solved_strategy  # noqa: PLC0415 - numpy
    from thousand.games.dice1000.solver.seats import at_hand  # noqa: PLC0415

    return at_hand(game, len(state.players)) or solved_strategy(game)


def exact_table_aside(game: Game, players: int) -> Aside | None:
    """The exact three-player table to solve aside, if ``players`` have one not yet solved
    on this machine (:mod:`~thousand.games.dice1000.solver.door` solves it once per
    machine, whichever process asks)."""
    from thousand.games.dice1000.solver.seats import three_pending  # noqa: PLC0415 - numpy

    if not three_pending(game, players):
        return None

    def make(estimate: Callable[[Estimate], None]) -> None:
        from thousand.games.dice1000.solver.door import ChildSolver  # noqa: PLC0415

        ChildSolver().solve(game, None, players, estimate)

    return Aside(f"{GAME}:exact:{players}:{game.canonical}", make)


def _resume(record: dict[str, Any], seed: bytes, awaiting_keep: bool, game: Game) -> Session:
    last: list[int] | None = None
    data = dict(record)
    if awaiting_keep:
        turns = [dict(turn) for turn in data["turns"]]
        rolls = list(turns[-1]["rolls"])
        last = rolls.pop()
        if rolls:
            turns[-1]["rolls"] = rolls
        else:
            turns.pop()
        data["turns"] = turns
    replayed = replay(data, game)
    thrown = sum(len(turn.throws) for turn in replayed.turns)
    session = Session.resume(
        data,
        replayed,
        language=record_language(data),
        program=PROGRAM,
        dice=SeededDice(seed, thrown),
    )
    if last is not None:
        session.dice = ScriptedDice([last])
        session.act(THROW)
        session.dice = SeededDice(seed, thrown + 1)
    return session
