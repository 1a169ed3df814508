"""A game being played: seats, the engine's position, the dice, the record and its file.

The terminal game and the unattended bots-only run both drive a :class:`Session`; it is
the loop of :func:`thousand.match.play_game` cut into steps a screen can show one at a
time. Every step goes through the engine's checked path (:meth:`GameState.step`), is
written into the record, and when a turn ends the record is saved atomically
(:func:`thousand.storage.save_record`) — so a crash loses at most the turn in progress.

Nothing here knows a rule: what is legal, what a throw scores and how a turn ends are
the engine's answers, passed on in :class:`Step`.

The solved strategy (:mod:`thousand.solver.strategy`) is the one heavy thing a game may
need — for a ``perfect`` computer player and for the advisor. It is loaded (or solved
once) by :meth:`Session.prepare_strategy` before play, or on demand by the screen, and
kept in :attr:`Session.strategy`; numpy and the solver are imported only then.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from thousand import __version__
from thousand.actions import STOP, THROW, Action, Outcome, SetAside, Throw
from thousand.bots import BOT_LEVELS, make_bot
from thousand.dice import DiceSource, RandomDice
from thousand.errors import RecordError, ThousandError
from thousand.game import MAX_PLAYERS, Game
from thousand.i18n import Translator
from thousand.match import Policy
from thousand.record import RecordBuilder, TurnSummary
from thousand.scoring import Dice, ThrowScore
from thousand.state import GameState, Phase, TurnEnd
from thousand.storage import SavedGame, now_stamp, save_record, seats_of
from thousand.texts import bot_level

if TYPE_CHECKING:
    from thousand.solver.strategy import SolvedStrategy

BOT_PREFIX = "bot:"
PROGRAM = "thousand play"
PERFECT = "perfect"
"""The computer level that plays the solved strategy (it needs :meth:`Session.prepare_strategy`)."""


class PlayersError(ThousandError):
    """A ``--players`` list the game cannot seat (the message is in the player's language)."""


class StrategyError(ThousandError):
    """The solved strategy cannot be had: the solver's own error, or its cache unwritable."""


def solved_strategy(game: Game, on_solve: Callable[[], None] | None = None) -> SolvedStrategy:
    """The solved strategy of ``game``: from the cache, or solved now and cached.

    ``on_solve`` is called once, just before a solve starts — the solver reports progress
    only after it has accepted the rules, so a rule set it refuses never gets a "solving"
    message ahead of its error. Raises a :class:`ThousandError`: the solver's own
    (``RulesError`` for rules it cannot solve), or :class:`StrategyError` when the cache
    cannot be written. Safe to call from a worker thread (it touches no session).
    """
    from thousand.solver.strategy import load_or_solve  # noqa: PLC0415 - numpy on demand

    told = False

    def progress(_message: str) -> None:
        nonlocal told
        if not told and on_solve is not None:
            told = True
            on_solve()

    try:
        strategy, _ = load_or_solve(game, progress)
    except OSError as exc:  # the cache folder: not writable, disk full
        raise StrategyError(f"the solver's cache cannot be written: {exc}") from None
    return strategy


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: a name, and the computer level if a computer plays it."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def default_seats(tr: Translator) -> list[Seat]:
    """With no ``--players``: you against two computer players."""
    you = tr.gettext("You")
    return parse_players(f"{you},bot:balanced,bot:bold", tr)


def parse_players(text: str, tr: Translator) -> list[Seat]:
    """Seats from ``"Анна,Борис,bot:bold"``: names in turn order, ``bot:LEVEL`` a computer.

    ``bot:LEVEL:NAME`` names a computer player; otherwise it is named after its level
    (``Bold``, ``Bold 2`` …). Raises :class:`PlayersError` for an unknown level, an empty
    or repeated name, or more than eight players.
    """
    entries = [entry.strip() for entry in text.split(",")]
    if not text.strip() or any(not entry for entry in entries):
        raise PlayersError(tr.gettext("--players: a player name is empty"))
    if len(entries) > MAX_PLAYERS:
        raise PlayersError(
            tr.gettext("--players: a game has 1 to {most} players, got {count}").format(
                most=MAX_PLAYERS, count=len(entries)
            )
        )
    seats: list[Seat] = []
    for entry in entries:
        if entry.lower().startswith(BOT_PREFIX):
            level, _, name = entry[len(BOT_PREFIX) :].partition(":")
            level = level.strip().lower()
            if level not in BOT_LEVELS:
                raise PlayersError(
                    tr.gettext(
                        "--players: unknown computer player level '{level}' (known: {known})"
                    ).format(level=level, known=", ".join(BOT_LEVELS))
                )
            seats.append(Seat(name.strip(), level))
        else:
            seats.append(Seat(entry))
    names = [seat.name for seat in seats if seat.name]
    named: list[Seat] = []
    for seat in seats:
        if seat.name:
            named.append(seat)
            continue
        assert seat.bot is not None
        base = bot_level(tr, seat.bot)
        base = base[:1].upper() + base[1:]
        candidate, number = base, 2
        while candidate in names:
            candidate, number = f"{base} {number}", number + 1
        names.append(candidate)
        named.append(Seat(candidate, seat.bot))
    given = [seat.name for seat in named]
    for name in given:
        if given.count(name) > 1:
            raise PlayersError(
                tr.gettext("--players: the name '{name}' is given twice").format(name=name)
            )
    return named


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
class Step:
    """What one step did: the action, the throw if there was one, how the turn ended."""

    before: GameState
    after: GameState
    action: Action
    throw: ThrowView | None = None
    end: TurnEnd | None = None


@dataclass
class Session:
    """A game in play; see the module docstring."""

    game: Game
    seats: list[Seat]
    state: GameState
    record: RecordBuilder
    dice: DiceSource
    save_path: Path | None
    turns: list[TurnSummary] = field(default_factory=list)
    """Every finished turn, as RECORD.md's ``turns[]`` lists them (the sheet's rows)."""
    throws: list[ThrowView] = field(default_factory=list)
    """The throws of the turn in progress."""
    policies: dict[int, Policy] = field(default_factory=dict)
    last_end: TurnEnd | None = None
    """How the last finished turn ended (shown until the next turn's first throw)."""
    save_error: str | None = None
    """Why the last save after a turn failed (the game goes on; the screen says so)."""
    strategy: SolvedStrategy | None = None
    """The solved strategy of the rules, once :meth:`prepare_strategy` has it (shared by
    the advisor, so it is loaded once per game)."""

    # -- making one --------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game,
        seats: Sequence[Seat],
        *,
        language: str,
        seed: int | None = None,
        save_path: Path | None = None,
        dice: DiceSource | None = None,
    ) -> Session:
        """A new game; ``seed`` (chosen at random if None) fixes the dice and the bots.

        ``save_path`` None plays without saving (tests, tools).
        """
        seed = secrets.randbits(32) if seed is None else seed
        names = [seat.name for seat in seats]
        state = game.new_state(names)
        stamp = now_stamp()
        meta: dict[str, Any] = {
            "program": PROGRAM,
            "version": __version__,
            "seats": [{"name": seat.name, "bot": seat.bot} for seat in seats],
            "language": language,
            "seed": seed,
            "started": stamp,
            "updated": stamp,
        }
        session = cls(
            game=game,
            seats=list(seats),
            state=state,
            record=RecordBuilder(game, names, meta),
            dice=RandomDice(seed) if dice is None else dice,
            save_path=save_path,
        )
        session.make_bots(seed)
        return session

    @classmethod
    def resume(
        cls,
        saved: SavedGame,
        *,
        language: str,
        save_path: Path | None = None,
        dice: DiceSource | None = None,
    ) -> Session:
        """Continue a saved game where its record stops (the next throw or decision).

        The dice go on from the saved seed, moved on by the number of throws already
        made, so the resumed game is reproducible but does not repeat the dice it had.
        """
        replayed = saved.replay
        state = replayed.state
        game = state.game
        names = [sheet.name for sheet in state.players]
        levels = seats_of(saved.meta, names)
        for level in levels:
            if level is not None and level not in BOT_LEVELS:
                raise RecordError(f"{saved.path}: meta: unknown computer player level '{level}'")
        seats = [Seat(name, level) for name, level in zip(names, levels, strict=True)]
        record = RecordBuilder.from_replay(game, names, saved.data)
        meta = dict(record.meta or {})
        meta.setdefault("program", PROGRAM)
        meta["seats"] = [{"name": seat.name, "bot": seat.bot} for seat in seats]
        meta["language"] = language
        seed = meta.get("seed")
        if not isinstance(seed, int):
            seed = secrets.randbits(32)
            meta["seed"] = seed
        record.meta = meta
        thrown = sum(len(turn.throws) for turn in replayed.turns)
        finished = [turn for turn in replayed.turns if turn.outcome != "in_progress"]
        session = cls(
            game=game,
            seats=seats,
            state=state,
            record=record,
            dice=RandomDice(seed + 1_000_003 * thrown) if dice is None else dice,
            save_path=save_path if save_path is not None else saved.path,
            turns=finished,
        )
        if replayed.turns and replayed.turns[-1].outcome == "in_progress":
            session.throws = session._throws_of(saved.data["turns"][-1])
        session.make_bots(seed)
        return session

    def make_bots(self, seed: int) -> None:
        """A computer player for every computer seat, seeded from the game's seed."""
        self.policies = {
            index: make_bot(seat.bot, seed + index)
            for index, seat in enumerate(self.seats)
            if seat.bot is not None
        }

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
    def seat(self) -> Seat:
        """The seat of the player to move (the winner's once the game is over)."""
        return self.seats[self.state.current]

    @property
    def bot_to_move(self) -> bool:
        return not self.state.is_over and self.seat.is_bot

    @property
    def has_humans(self) -> bool:
        return any(not seat.is_bot for seat in self.seats)

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
            self.strategy = solved_strategy(self.game, on_solve)
        return self.strategy

    # -- playing -------------------------------------------------------------------

    def act(self, action: Action) -> Step:
        """Take a decision (throw, stop, set aside) through the engine's checked path.

        A throw is followed at once by its dice. Raises the engine's
        :class:`~thousand.errors.IllegalActionError` when the action is not legal;
        nothing changes then.
        """
        before = self.state
        state, end = before.step(action)
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
        return Step(before, state, action, view, end)

    def bot_step(self) -> Step:
        """Let the computer player to move take its next decision."""
        policy = self.policies[self.state.current]
        return self.act(policy(self.state))

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
        try:
            self.save()
        except ThousandError as exc:
            self.save_error = str(exc)
        else:
            self.save_error = None

    # -- saving --------------------------------------------------------------------

    def save(self) -> None:
        """Write the record atomically (no-op without a file). Safe at any moment.

        While dice wait to be chosen (``choose_dice``) a record can only say "every
        scoring die set aside" for the last throw, so a game saved then resumes with
        that choice made: the dice a player has seen are never thrown again.
        """
        if self.save_path is None:
            return
        if self.record.meta is not None:
            self.record.meta["updated"] = now_stamp()
        save_record(self.save_path, self.record.to_data())
