"""A game of card Thousand at the server's table: the referee's state, the deals from the
room's committed seed, the record and the computer players.

The server owns the deck: every deal is :func:`~thousand.games.card1000.shuffle.
seeded_deal` of the room's secret seed (CARD_THOUSAND.md §5), deal ``index`` being the
number of deals dealt before it (redeals included), so ``thousand verify`` re-derives
each one once the seed is published. A deal is dealt as soon as the one before it ends,
in the same change of the room: nobody waits for the cards.

A computer player is given what its seat may know only — :func:`~thousand.games.
card1000.views.view` of its seat — and the decisions open to it (they follow from its own
hand and the public bidding and play), never the state (:data:`BotInput`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, TypeAlias

from thousand.core.players import Seat
from thousand.core.table import TableOptions, TableSession, new_dice, new_meta, resumption
from thousand.games.card1000 import engine
from thousand.games.card1000.actions import Action, Decision
from thousand.games.card1000.bots import BOT_LEVELS, level_policy
from thousand.games.card1000.config import Rules
from thousand.games.card1000.deal_over import LastTrick, last_trick
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.position import Position
from thousand.games.card1000.record import RecordBuilder, replay
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import new_game
from thousand.games.card1000.views import SeatView, view

BotInput: TypeAlias = tuple[SeatView, tuple[Decision, ...]]
"""What a computer decides from: its seat's view and the decisions open to it."""

CardPolicy: TypeAlias = Callable[[BotInput], Decision]


def card_bot(level: str, rules: Rules, seed: int) -> CardPolicy:
    """A computer player of ``level`` with its own random generator."""
    policy = level_policy(level)
    rng = Random(seed)

    def decide(seen: BotInput) -> Decision:
        return policy(seen[0], rules, seen[1], rng)

    return decide


@dataclass(kw_only=True)
class CardSession(TableSession[Position, Decision, None, RecordBuilder, None]):
    """A game of card Thousand in play; see the module docstring."""

    position: Position
    deck_seed: bytes
    """The room's secret seed, which every deal is drawn from."""
    bot_seed: int = 0
    last_trick: tuple[int, LastTrick | None] | None = None
    """The number of the deal that ended last in this session and its last trick, taken
    from the position as it ended (:func:`~thousand.games.card1000.deal_over.last_trick`):
    the view shows who took it without replaying the record to that deal, which cost a
    deal's end as much as the game so far. None: no deal ended since the session began
    (a resumed game replays once)."""

    @classmethod
    def new(
        cls, rules: Rules, seats: list[Seat], *, deck_seed: bytes, seed: int, **table: Any
    ) -> CardSession:
        """A new game: its record started and its first deal dealt."""
        options: TableOptions = table  # type: ignore[assignment]
        meta, seed = new_meta(seats, options, seed)
        position = Position(new_game(rules), tuple(seat.name for seat in seats))
        session = cls(
            seats=seats,
            record=RecordBuilder(position, meta),
            dice=new_dice(options, seed),
            save_record=None,
            position=position,
            deck_seed=deck_seed,
            bot_seed=seed,
        )
        session.make_bots(seed)
        session.deal_if_due()
        return session

    @classmethod
    def resume(cls, record: Mapping[str, Any], *, deck_seed: bytes, **table: Any) -> CardSession:
        """The game of ``record`` going on from where it was."""
        options: TableOptions = table  # type: ignore[assignment]
        replayed = replay(record)
        position = replayed.position
        again = resumption(record.get("meta"), position.players, tuple(BOT_LEVELS), options)
        builder = RecordBuilder(position, again.meta)
        builder.rules = record["rules"]
        builder.deals = [dict(deal) for deal in record.get("deals") or ()]
        session = cls(
            seats=again.seats,
            record=builder,
            dice=new_dice(options, again.seed),
            save_record=None,
            position=position,
            deck_seed=deck_seed,
            bot_seed=again.seed,
        )
        session.make_bots(again.seed + 7919 * len(builder.deals))
        session.deal_if_due()
        return session

    @property
    def now(self) -> Position:
        return self.position

    @property
    def rules(self) -> Rules:
        return self.position.state.rules

    def make_bot(self, level: str, seed: int) -> CardPolicy:  # type: ignore[override]
        return card_bot(level, self.rules, seed)

    def observe(self, position: Position, seat: int) -> BotInput:
        """What the computer at ``seat`` decides from (:data:`BotInput`)."""
        return view(position.state, seat), legal_actions(position.state)

    def act(self, action: Decision) -> None:
        """A seat's decision through the checked path (refusals change nothing), then the
        next deal if this one ended."""
        self._advance(action)
        self.deal_if_due()

    def _advance(self, action: Action) -> None:
        before = self.position
        state = engine.apply(before.state, action)
        self.record.observe(before, action)
        self.position = Position(state, before.players)
        if len(state.history) > len(before.state.history):  # the action ended a deal
            deal = before.state.deal
            in_play = deal is not None and deal.phase == "play"
            self.last_trick = (
                len(state.history),
                last_trick(state.history[-1], before.state if in_play else None),
            )

    def deal_if_due(self) -> None:
        """Deal the next deal from the seed when the cards are due (§5)."""
        state = self.position.state
        if state.chance and not state.over:
            self._advance(seeded_deal(self.deck_seed, state.dealt_count, state.rules, state.dealer))

    @property
    def deals_dealt(self) -> int:
        """The deals dealt so far, redeals included."""
        return len(self.record.deals)
