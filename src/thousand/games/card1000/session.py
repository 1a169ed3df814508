"""The table a game of card Thousand is played at in the terminal: seats, the referee's
state, the deals from the game's seed, the record, saving after every action.

The card twin of the dice games' ``table`` modules (``table.py`` here is the
scorekeeping of real cards): the terminal's game loop is the referee. It holds the
:class:`~.state.State`, applies every decision through the checked path
(:func:`.engine.apply`, refusals raise with the rule), deals each deal's cards from the
game's seed (:func:`.shuffle.seeded_deal`, so a game is reproducible and a resumed one
goes on with the cards it would have had), writes every step into the record and saves
it after every action. A computer player decides from its seat's view only
(:func:`.views.view`, the one door for hidden information); a front-end draws a seat's
view, never the state.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Unpack

from thousand.core.chance import commitment
from thousand.core.errors import IllegalActionError, RecordError
from thousand.core.players import Seat
from thousand.core.table import TableOptions, TableSession, new_dice, new_meta, resumption
from thousand.games.card1000.actions import Decision
from thousand.games.card1000.bots import BOT_LEVELS, level_policy
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.position import Position
from thousand.games.card1000.presets import rules_from_spec
from thousand.games.card1000.record import RecordBuilder, replay
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import DealSummary, new_game
from thousand.games.card1000.views import SeatView, view

SEED_STRIDE = 1_000_003
"""A resumed game's computer players: the seed moved on by this many per action made."""


def deal_key(seed: int) -> bytes:
    """The cards' key of a game with ``seed``: every deal is :func:`.shuffle.seeded_deal`
    of it (deal ``index`` redeals counted, §5)."""
    return hashlib.sha256(f"card1000-table:{seed}".encode()).digest()


def published(key: bytes) -> dict[str, str]:
    """The deals' key in the record as a room publishes its seed (§5): the commitment
    (``meta.dice_commitment``, its SHA-256) and the key itself (``meta.dice_seed``), so
    that ``thousand verify`` re-derives every deal of a game played in the terminal.

    A room publishes its seed only once the game is over, for the seed is its secret; a
    terminal game's record carries ``meta.seed``, from which the key follows anyway
    (:func:`deal_key`), so hiding it would keep nothing from the player and only make a
    saved game unverifiable: both are written from the first deal."""
    return {"dice_commitment": commitment(key), "dice_seed": key.hex()}


@dataclass(frozen=True, slots=True)
class Now:
    """The referee's position as a table asks of it (:class:`thousand.core.table.Position`):
    whose decision is next (the winner's seat once the game is over)."""

    position: Position

    @property
    def current(self) -> int:
        state = self.position.state
        if state.to_move is not None:
            return state.to_move[0]
        return state.winner if state.winner is not None else state.dealer

    @property
    def to_move(self) -> str | None:
        state = self.position.state
        if state.to_move is None:
            return None
        return self.position.players[state.to_move[0]]


@dataclass(frozen=True, slots=True)
class Step:
    """What one decision did: the seat that took it, the decision, and the deal it ended
    (its summary: the scores, then its cards are public) — the next deal is dealt at once."""

    seat: int
    action: Decision
    before: Now
    after: Now
    end: DealSummary | None = None


Policy = Any
"""A computer seat's player: ``decide(view, legal) -> Decision`` (see :meth:`Session.make_bot`)."""


@dataclass
class Session(TableSession[Now, Decision, DealSummary, RecordBuilder, Step]):
    """A game of card Thousand in play; see the module docstring."""

    rules: Rules
    position: Position
    key: bytes = b""
    """The cards' key (:func:`deal_key` of the seed)."""

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
        """A new game with its first cards dealt; ``seed`` (random if None) fixes the
        cards and the computer players."""
        resolved = rules if isinstance(rules, Rules) else rules_from_spec(rules)
        names = tuple(seat.name for seat in seats)
        if len(names) != resolved.players:
            from thousand.core.errors import RulesError  # noqa: PLC0415 - the rare error

            raise RulesError(
                f"players: the rules are for {resolved.players} players, got {len(names)}",
                "players",
            )
        position = Position(new_game(resolved), names)
        meta, seed = new_meta(seats, table, seed)
        key = deal_key(seed)
        session = cls(
            rules=resolved,
            seats=list(seats),
            position=position,
            record=RecordBuilder(position, {**meta, **published(key)}),
            dice=new_dice(table, seed),
            save_record=table.get("save"),
            key=key,
        )
        session.make_bots(seed)
        session.deal_if_due()
        return session

    @classmethod
    def resume(cls, data: Mapping[str, Any], **table: Unpack[TableOptions]) -> Session:
        """Continue a game where its record ``data`` stops (checked by
        :func:`.record.replay`); the cards go on from the saved seed."""
        replayed = replay(data)
        names = list(replayed.players)
        again = resumption(data.get("meta"), names, BOT_LEVELS, table)
        start = Position(new_game(replayed.rules), replayed.players)
        record = RecordBuilder(start, {**again.meta, **published(deal_key(again.seed))})
        record.deals = copy.deepcopy(list(data.get("deals") or []))
        actions = sum(len(deal.get("actions", ())) for deal in record.deals)
        session = cls(
            rules=replayed.rules,
            seats=again.seats,
            position=replayed.position,
            record=record,
            dice=new_dice(table, again.seed),
            save_record=table.get("save"),
            key=deal_key(again.seed),
        )
        session.make_bots(again.seed + SEED_STRIDE * actions)
        try:
            session.deal_if_due()
        except IllegalActionError as exc:
            raise RecordError(f"the next deal: {exc}") from None
        return session

    def make_bot(self, level: str, seed: int) -> Policy:
        """The computer player of ``level``: its level's policy on the seat's view, with
        an rng of its own."""
        policy = level_policy(level)
        rng = Random(seed)
        rules = self.rules

        def decide(seen: SeatView, legal: Sequence[Decision]) -> Decision:
            return policy(seen, rules, legal, rng)

        return decide

    def observe(self, position: Now, seat: int) -> SeatView:
        return view(position.position.state, seat)

    # -- views ---------------------------------------------------------------------

    @property
    def now(self) -> Now:
        return Now(self.position)

    @property
    def names(self) -> tuple[str, ...]:
        return self.position.players

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` knows now (§7): all a screen may draw for it."""
        return view(self.position.state, seat)

    def legal(self) -> tuple[Decision, ...]:
        """The decisions open to the seat to move (none once the game is over)."""
        return legal_actions(self.position.state)

    @property
    def actions_made(self) -> int:
        return sum(len(deal["actions"]) for deal in self.record.deals)

    # -- playing -------------------------------------------------------------------

    def act(self, action: Decision) -> Step:
        """Take the decision of the seat to move through the checked path (raises the
        engine's :class:`IllegalActionError`, nothing changing); deal the next cards
        when a deal ends; save."""
        before = self.position
        state = before.state
        if state.to_move is None:
            raise IllegalActionError("the game is over", "game_over")
        seat = state.to_move[0]
        after = Position(apply(state, action, seat), before.players)
        self.record.observe(before, action)
        self.position = after
        end = None
        if len(after.state.history) > len(state.history):
            end = after.state.history[-1]
        self.deal_if_due()
        self.save_turn()
        return Step(seat, action, Now(before), Now(self.position), end)

    def bot_decision(self) -> Decision:
        """The decision of the computer player to move, from its seat's view only."""
        seat = self.now.current
        return self.policies[seat](self.view(seat), self.legal())  # type: ignore[call-arg, arg-type]

    def bot_step(self) -> Step:
        return self.act(self.bot_decision())

    def deal_if_due(self) -> None:
        """At a chance node, the next deal's cards from the game's key (§5)."""
        state = self.position.state
        if not state.chance:
            return
        dealt = seeded_deal(self.key, state.dealt_count, state.rules, state.dealer)
        before = self.position
        self.position = Position(apply(state, dealt), before.players)
        self.record.observe(before, dealt)


__all__ = ["Now", "Session", "Step", "deal_key"]
