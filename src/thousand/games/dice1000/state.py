"""Positions of a game and the transitions between them — the rules of RULES.md §1–§2.

A :class:`GameState` is an immutable named tuple: cheap to copy, hashable, serialisable
with :meth:`GameState.to_dict`. It never draws dice: a chance node waits for an
:class:`~thousand.games.dice1000.actions.Outcome` that the caller got from a dice source or a
record.

Two ways in, as STYLE.md asks:

* :meth:`GameState.apply` / :meth:`GameState.step` check the action first and raise
  :class:`~thousand.core.errors.IllegalActionError` naming the rule it breaks — for people
  and networks;
* :meth:`GameState.advance` trusts its caller (bots, solvers, simulators that only
  pick from :meth:`GameState.legal_actions`) and skips the checks.

Decisions taken here where RULES.md is silent (each a place for a future house rule):

* A score that a penalty or a fall changes never triggers a dump truck, a cap, an
  overtaking penalty, a knock-off or a win: those belong to stops only.
* The entering turn records score + turn total, so bolt penalties taken before entry
  (``exempt_not_entered = false``) still count; the entry threshold is judged on the
  turn total alone.
* Knock-off is judged after the overtaking penalties of the same stop.
* Overtaking also counts on the stop that enters a player into the game.
* A dump truck entry (first recorded turn lands on a dump-truck score) makes 0 the
  player's entry score.
* The ``exact`` overshoot, the mid-turn dump truck and the instant win are judged on
  the throw itself, before hot dice: each ends the turn at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any, NamedTuple

from thousand.core.dice import faces_refusal, is_sub_multiset
from thousand.core.errors import IllegalActionError, RulesError
from thousand.core.players import players_problem
from thousand.games.dice1000.actions import STOP, THROW, Action, Outcome, SetAside, Stop, Throw
from thousand.games.dice1000.config import validate_rules
from thousand.games.dice1000.game import MAX_PLAYERS, BarrelSpec, Game
from thousand.games.dice1000.scoring import DICE, Dice
from thousand.games.interface import whole_position


class Phase(IntEnum):
    """Where the turn stands."""

    DECIDE = 0
    """The player to move chooses :class:`Throw` or :class:`Stop`."""
    CHANCE = 1
    """The dice are in the air: an :class:`Outcome` must follow."""
    SET_ASIDE = 2
    """``choose_dice``: the player chooses which scoring dice to keep."""
    OVER = 3
    """Somebody won."""


class Forced(IntEnum):
    """Why the player may not stop now (0: nothing forces a throw)."""

    NO = 0
    TURN_START = 1
    HOT_DICE = 2
    RETRY = 3


# Module constants: an Enum member lookup costs ~0.25 µs, a global ~10 ns, and the
# transitions below are the hot loop of every simulator.
_DECIDE, _CHANCE, _SET_ASIDE, _OVER = Phase.DECIDE, Phase.CHANCE, Phase.SET_ASIDE, Phase.OVER
_FREE, _TURN_START, _HOT_DICE, _RETRY = Forced.NO, Forced.TURN_START, Forced.HOT_DICE, Forced.RETRY


class PlayerState(NamedTuple):
    """One player's sheet: recorded score and what the rules track about them."""

    name: str
    score: int
    entered: bool
    """In the game: a turn has been recorded (§1.4)."""
    entry_score: int | None
    """The score the player entered the game with (barrel fall ``{"to": "entry"}``)."""
    bolts: int
    barrel_turns: int
    """Busted turns spent on the current barrel (barrel ``attempts``)."""


class Penalty(NamedTuple):
    """A score change a turn caused beyond the mover's own points."""

    player: int
    reason: str
    """``bolts``, ``barrel_attempts``, ``overtaken`` or ``knocked_off``."""
    before: int
    after: int


class TurnEnd(NamedTuple):
    """How a turn ended: what the score sheet and RECORD.md's ``turns[]`` show."""

    player: int
    outcome: str
    """``stop``, ``bust``, ``dump_truck`` or ``win``."""
    points: int
    """The turn total at the end (0 for a bust)."""
    score: int
    """The mover's recorded score after the turn and every penalty it caused."""
    bolt: bool
    """The bust gave the mover a bolt."""
    penalties: tuple[Penalty, ...]
    before: PlayerState
    """The mover's sheet when the turn began."""
    players: tuple[PlayerState, ...]
    """Every player's sheet after the turn and all it caused (bolt counts included)."""
    lost: int = 0
    """For a bust: the turn total that was lost."""


# NamedTuple's generated __new__ is a Python function; tuple.__new__ builds the same
# object in C, which halves the cost of every transition on the hot path.
_new = tuple.__new__

_THROW_OR_STOP: tuple[Action, ...] = (THROW, STOP)
_THROW_ONLY: tuple[Action, ...] = (THROW,)


def new_turn_fields() -> tuple[Phase, int, int, Forced, int, Dice]:
    """phase, turn_total, dice_left, forced, throws, pending at the start of a turn."""
    return _DECIDE, 0, DICE, _TURN_START, 0, ()


class GameState(NamedTuple):
    """A position: the players' sheets plus the turn in progress."""

    game: Game
    players: tuple[PlayerState, ...]
    current: int
    """Index of the player whose turn it is (the winner once the game is over)."""
    phase: Phase
    turn_total: int
    dice_left: int
    """Dice the next throw uses: 5 at the start of a turn and after hot dice."""
    forced: Forced
    throws: int
    """Throws made so far this turn."""
    pending: Dice
    """Under ``choose_dice``: the sorted throw waiting for :class:`SetAside`."""
    winner: int | None

    # -- views -------------------------------------------------------------------

    @property
    def player(self) -> PlayerState:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def to_move(self) -> str | None:
        """Name of the player to move, None once the game is over."""
        return None if self.phase is _OVER else self.players[self.current].name

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def is_chance_node(self) -> bool:
        return self.phase is _CHANCE

    def barrel_of(self, player: int) -> BarrelSpec | None:
        """The barrel a player stands on: in the game with a score inside one."""
        sheet = self.players[player]
        return self.game.barrel_at(sheet.score) if sheet.entered else None

    def chance_outcomes(self) -> tuple[tuple[Dice, Any], ...]:
        """At a chance node: ``[(sorted faces, Fraction)]`` of the dice in the air."""
        if self.phase is not _CHANCE:
            return ()
        return self.game.chance_outcomes(self.dice_left)

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to the player to move; empty at chance nodes and at the end."""
        phase = self.phase
        if phase is _DECIDE:
            return _THROW_OR_STOP if self.may_stop() else _THROW_ONLY
        if phase is _SET_ASIDE:
            options = self.game.scores.keep_options(self.pending)
            return tuple(SetAside(dice) for dice, _ in options)
        return ()

    def may_stop(self) -> bool:
        """May the player to move stop now (§1.3–§1.5)? :meth:`stop_refusal` says why not."""
        if self.phase is not _DECIDE or self.forced:
            return False
        sheet = self.players[self.current]
        if not sheet.entered:
            return self.turn_total >= self.game.entry_threshold
        barrel = self.game.barrel_at(sheet.score)
        return barrel is None or sheet.score + self.turn_total >= barrel.high

    def stop_refusal(self) -> IllegalActionError | None:
        """Why the player may not stop now, or None if they may."""
        if self.may_stop():
            return None
        if self.phase is not _DECIDE:
            return _phase_error(self, STOP)
        forced = self.forced
        if forced:
            if forced is _TURN_START:
                return IllegalActionError("cannot stop before the first throw", "first_throw")
            if forced is _HOT_DICE:
                return IllegalActionError(
                    f"cannot stop with {self.turn_total} points: all five dice scored "
                    "and must be thrown again",
                    "hot_dice",
                    total=self.turn_total,
                )
            return IllegalActionError(
                "cannot stop: the first throw scored nothing and is thrown again",
                "first_throw_retry",
            )
        sheet = self.players[self.current]
        game = self.game
        total = self.turn_total
        if not sheet.entered and total < game.entry_threshold:
            return IllegalActionError(
                f"cannot stop with {total} points: entering the game needs "
                f"{game.entry_threshold} in one turn",
                "entry",
                total=total,
                threshold=game.entry_threshold,
            )
        barrel = game.barrel_at(sheet.score) if sheet.entered else None
        if barrel is not None and sheet.score + total < barrel.high:
            return IllegalActionError(
                f"cannot stop with {total} points: on the barrel {barrel} you need "
                f"{barrel.high - sheet.score} in one turn",
                "barrel",
                total=total,
                low=barrel.low,
                high=barrel.high,
                need=barrel.high - sheet.score,
            )
        return None

    def refusal(self, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal here, or None when :meth:`apply` would accept it."""
        phase = self.phase
        if phase is _OVER:
            winner = self.players[self.current].name
            return IllegalActionError(f"the game is over: {winner} won", "game_over")
        kind = type(action)
        if kind is Throw:
            return None if phase is _DECIDE else _phase_error(self, action)
        if kind is Outcome:
            if phase is not _CHANCE:
                return _phase_error(self, action)
            return _dice_refusal(action.dice, self.dice_left)  # type: ignore[union-attr]
        if kind is Stop:
            return self.stop_refusal()
        if kind is SetAside:
            if phase is not _SET_ASIDE:
                return _phase_error(self, action)
            dice: Dice = action.dice  # type: ignore[union-attr]
            malformed = faces_refusal(dice)
            if malformed is not None:
                return malformed
            keep = tuple(sorted(dice))
            if not is_sub_multiset(keep, self.pending) or (
                self.game.scores.keep_value(self.pending, keep) is None
            ):
                shown = " ".join(map(str, dice)) or "nothing"
                return IllegalActionError(
                    f"cannot set aside {shown}: not a set of whole scoring combinations "
                    f"of the throw {' '.join(map(str, self.pending))}",
                    "set_aside",
                    dice=dice,
                )
            return None
        return IllegalActionError(f"not an action: {action!r}", "unknown_action")

    # -- transitions -------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """The position after ``action``; raises :class:`IllegalActionError` if illegal."""
        return self.step(action)[0]

    def step(self, action: Action) -> tuple[GameState, TurnEnd | None]:
        """Like :meth:`apply`, also saying how the turn ended when it did."""
        refusal = self.refusal(action)
        if refusal is None:
            return self.advance(action)
        try:
            raise refusal
        finally:  # this frame must not keep the error its traceback keeps this frame by:
            del refusal  # that cycle would keep every caller's frame for the collector

    def advance(self, action: Action) -> tuple[GameState, TurnEnd | None]:
        """The unchecked fast path: ``action`` must be legal (bots, solvers, simulators)."""
        kind = type(action)
        if kind is Throw:
            in_air = (self[0], self[1], self[2], _CHANCE, *self[4:])
            return _new(GameState, in_air), None
        if kind is Outcome:
            return _resolve_throw(self, action.dice)  # type: ignore[union-attr]
        if kind is Stop:
            return _resolve_stop(self)
        assert isinstance(action, SetAside)
        keep = tuple(sorted(action.dice))
        value = self.game.scores.keep_value(self.pending, keep)
        assert value is not None
        return _set_aside(self, value[0], len(keep), self.throws)

    def advance_throw(self, dice: Dice) -> tuple[GameState, TurnEnd | None]:
        """Fast path for :class:`Throw` followed by its :class:`Outcome`, in one step.

        Simulators that draw the dice themselves skip the chance-node position; the
        result is exactly ``advance(THROW)[0].advance(Outcome(dice))``.
        """
        return _resolve_throw(self, dice)

    # -- serialisation -----------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; :func:`state_from_dict` reads it back."""
        return {
            "rules": self.game.rules.to_data(),
            "players": [sheet._asdict() for sheet in self.players],
            "current": self.current,
            "phase": self.phase.name.lower(),
            "turn_total": self.turn_total,
            "dice_left": self.dice_left,
            "forced": self.forced.name.lower(),
            "throws": self.throws,
            "pending": list(self.pending),
            "winner": self.winner,
        }


def new_state(game: Game, players: Sequence[str]) -> GameState:
    """The position before the first throw of ``game``: everybody at 0, not in the game.

    A function of this module rather than a method of :class:`Game`, so that a position
    depends on its game and never the other way round (no import cycle).
    """
    names = list(players)
    problem = players_problem(names, MAX_PLAYERS)
    if problem is not None:
        raise RulesError(problem)
    return GameState(
        game,
        tuple(PlayerState(name, 0, False, None, 0, 0) for name in names),
        0,
        *new_turn_fields(),
        None,
    )


def state_from_dict(data: dict[str, Any]) -> GameState:
    """Inverse of :meth:`GameState.to_dict` (trusted data: a snapshot we wrote)."""
    return GameState(
        Game(validate_rules(data["rules"])),
        tuple(PlayerState(**sheet) for sheet in data["players"]),
        int(data["current"]),
        Phase[str(data["phase"]).upper()],
        int(data["turn_total"]),
        int(data["dice_left"]),
        Forced[str(data["forced"]).upper()],
        int(data["throws"]),
        tuple(int(face) for face in data["pending"]),
        None if data["winner"] is None else int(data["winner"]),
    )


# -- checks ------------------------------------------------------------------------


def _phase_error(state: GameState, action: Action) -> IllegalActionError:
    phase = state.phase
    if phase is _CHANCE:
        return IllegalActionError(
            f"cannot {action} now: the {state.dice_left} dice thrown have not landed yet",
            "dice_expected",
        )
    if phase is _SET_ASIDE:
        return IllegalActionError(
            f"cannot {action} now: choose the dice to set aside first", "set_aside_expected"
        )
    if isinstance(action, Outcome):
        return IllegalActionError("no dice are in the air: throw first", "no_throw")
    return IllegalActionError(f"cannot {action} now", "phase")


def _dice_refusal(dice: Dice, expected: int) -> IllegalActionError | None:
    malformed = faces_refusal(dice)
    if malformed is not None:
        return malformed
    if len(dice) != expected:
        return IllegalActionError(
            f"expected {expected} dice, got {len(dice)}",
            "dice_count",
            expected=expected,
            got=len(dice),
        )
    return None


# -- the turn ------------------------------------------------------------------------


def _resolve_throw(state: GameState, dice: Dice) -> tuple[GameState, TurnEnd | None]:
    """Dice have landed (§1.3 step 2): bust, instant win, or set aside and go on."""
    game = state.game
    table = game.score_table
    score = table.get(dice)
    if score is None:
        score = table[tuple(sorted(dice))]
    throws = state.throws + 1
    if not score.kept:
        if throws == 1 and game.first_throw_retry:
            retry = (game, state.players, state.current, _DECIDE, 0, DICE, _RETRY, 1, (), None)
            return _new(GameState, retry), None
        return _end_bust(state, lost=state.turn_total)
    if game.has_instant_win and game.is_instant_win(score.dice):
        return _end_instant_win(state, state.turn_total + score.points)
    if game.choose_dice:
        fields = (
            game,
            state.players,
            state.current,
            _SET_ASIDE,
            state.turn_total,
            state.dice_left,
            _FREE,
            throws,
            score.dice,
            None,
        )
        return _new(GameState, fields), None
    return _set_aside(state, score.points, score.scoring_dice, throws)


throw_dice = _resolve_throw
"""Public name of the throw transition for drivers on the fast path (see ``advance_throw``)."""


def _set_aside(
    state: GameState, points: int, kept: int, throws: int
) -> tuple[GameState, TurnEnd | None]:
    """Add the set-aside dice's points; judge overshoot, dump truck and hot dice."""
    game = state.game
    total = state.turn_total + points
    reached = state.players[state.current].score + total
    if game.exact_ending and reached > game.target:
        return _end_bust(state, lost=total)
    if game.dump_truck_midturn and reached in game.dump_trucks:
        return _end_dump_truck(state, total)
    left = state.dice_left - kept
    forced = _FREE
    if left == 0:
        left = DICE
        if game.hot_dice_must_throw:
            forced = _HOT_DICE
    fields = (game, state.players, state.current, _DECIDE, total, left, forced, throws, (), None)
    return _new(GameState, fields), None


def _next_turn(state: GameState, players: tuple[PlayerState, ...]) -> GameState:
    following = (state.current + 1) % len(players)
    # The fields of new_turn_fields(), spelt out: this runs at every turn's end.
    fields = (state.game, players, following, _DECIDE, 0, DICE, _TURN_START, 0, (), None)
    return _new(GameState, fields)


def _with_sheet(
    players: tuple[PlayerState, ...], index: int, sheet: PlayerState
) -> tuple[PlayerState, ...]:
    return (*players[:index], sheet, *players[index + 1 :])


def _with_score(game: Game, sheet: PlayerState, score: int) -> PlayerState:
    """A new score; leaving the barrel one stood on restarts its attempt count."""
    if game.barrel_at(score) is not game.barrel_at(sheet.score):
        return sheet._replace(score=score, barrel_turns=0)
    return sheet._replace(score=score)


def _fall(game: Game, sheet: PlayerState, barrel: BarrelSpec) -> PlayerState:
    """Fall off ``barrel`` (§2 barrel ``fall``)."""
    if barrel.fall_penalty is not None:
        score = sheet.score - barrel.fall_penalty
    elif barrel.fall_to_entry:
        score = sheet.entry_score if sheet.entry_score is not None else 0
    else:
        assert barrel.fall_to is not None
        score = barrel.fall_to
    return _with_score(game, sheet, score)._replace(barrel_turns=0)


def _resolve_stop(state: GameState) -> tuple[GameState, TurnEnd | None]:
    """Record the turn total (§2.1 "Stop")."""
    game = state.game
    me = state.current
    sheet = state.players[me]
    total = state.turn_total
    new = sheet.score + total
    landed = game.barrel_at(new)
    if landed is not None and landed.cap and landed is not state.barrel_of(me):
        new = landed.low
    if new in game.dump_trucks:
        return _end_dump_truck(state, total)
    entry = sheet.entry_score if sheet.entered else new
    bolts = 0 if game.bolts_consecutive else sheet.bolts
    mine = _new(PlayerState, (sheet.name, new, True, entry, bolts, 0))
    players = list(state.players)
    players[me] = mine
    if new == game.target or (new > game.target and not game.exact_ending):
        won = tuple(players)
        end = _new(TurnEnd, (me, "win", total, new, False, (), sheet, won, 0))
        return state._replace(players=won, phase=_OVER, winner=me, turn_total=total), end
    if not game.opponents_affected:
        sheets = tuple(players)
        end = _new(TurnEnd, (me, "stop", total, new, False, (), sheet, sheets, 0))
        return _next_turn(state, sheets), end
    penalties: list[Penalty] = []
    if game.overtaking_penalty:
        for other, theirs in enumerate(state.players):
            if other != me and theirs.entered and sheet.score <= theirs.score < new:
                after = theirs.score - game.overtaking_penalty
                players[other] = _with_score(game, theirs, after)
                penalties.append(Penalty(other, "overtaken", theirs.score, after))
    if landed is not None and landed.knock_off:
        for other, theirs in enumerate(players):
            if other != me and theirs.entered and game.barrel_at(theirs.score) is landed:
                players[other] = _fall(game, theirs, landed)
                penalties.append(Penalty(other, "knocked_off", theirs.score, players[other].score))
    sheets = tuple(players)
    end = _new(TurnEnd, (me, "stop", total, new, False, tuple(penalties), sheet, sheets, 0))
    return _next_turn(state, sheets), end


def _end_bust(state: GameState, lost: int) -> tuple[GameState, TurnEnd]:
    """The turn total is lost (§1.3, §2.1 "Bust"): bolts, then barrel attempts."""
    game = state.game
    me = state.current
    sheet = state.players[me]
    if not game.bust_penalties:
        # Classic and the like: a bust only ends the turn.
        end = _new(TurnEnd, (me, "bust", 0, sheet.score, False, (), sheet, state.players, lost))
        return _next_turn(state, state.players), end
    on_barrel = state.barrel_of(me)
    penalties: list[Penalty] = []
    bolt = bool(game.bolt_limit) and not (
        (game.bolt_exempt_not_entered and not sheet.entered)
        or (game.bolt_exempt_on_barrel and on_barrel is not None)
    )
    if bolt:
        count = sheet.bolts + 1
        if count >= game.bolt_limit:
            before = sheet.score
            sheet = _with_score(game, sheet, before - game.bolt_penalty)
            penalties.append(Penalty(me, "bolts", before, sheet.score))
            count = 0
        sheet = sheet._replace(bolts=count)
    if (
        on_barrel is not None
        and on_barrel.attempts is not None
        and game.barrel_at(sheet.score) is on_barrel
    ):
        used = sheet.barrel_turns + 1
        if used >= on_barrel.attempts:
            before = sheet.score
            sheet = _fall(game, sheet, on_barrel)
            penalties.append(Penalty(me, "barrel_attempts", before, sheet.score))
        else:
            sheet = sheet._replace(barrel_turns=used)
    players = _with_sheet(state.players, me, sheet)
    end = TurnEnd(
        me, "bust", 0, sheet.score, bolt, tuple(penalties), state.players[me], players, lost
    )
    return _next_turn(state, players), end


def _end_dump_truck(state: GameState, total: int) -> tuple[GameState, TurnEnd]:
    """The score becomes 0; the player stays (or now is) in the game (§2.1)."""
    game = state.game
    me = state.current
    sheet = state.players[me]
    entry = sheet.entry_score if sheet.entered else 0
    bolts = 0 if game.bolts_consecutive else sheet.bolts
    dumped = PlayerState(sheet.name, 0, True, entry, bolts, 0)
    players = _with_sheet(state.players, me, dumped)
    end = TurnEnd(me, "dump_truck", total, 0, False, (), sheet, players)
    return _next_turn(state, players), end


def _end_instant_win(state: GameState, total: int) -> tuple[GameState, TurnEnd]:
    """Five of a kind (or five 1s) under ``instant_win``: the game ends at once."""
    me = state.current
    sheet = state.players[me]
    entry = sheet.entry_score if sheet.entered else sheet.score + total
    won = sheet._replace(score=sheet.score + total, entered=True, entry_score=entry)
    players = _with_sheet(state.players, me, won)
    end = TurnEnd(me, "win", total, won.score, False, (), sheet, players)
    return state._replace(
        players=players, phase=_OVER, winner=me, turn_total=total, throws=state.throws + 1
    ), end


observe = whole_position
"""What a seat knows of a position: all of it (:func:`~thousand.games.interface.whole_position`)."""
