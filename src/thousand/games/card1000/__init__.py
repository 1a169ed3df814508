"""Card Thousand (Тысяча), the game of CARD_THOUSAND.md: the third game of the registry.

The engine is pure — no I/O, no global state, no randomness it did not receive — and
keeps hidden information behind one door: the full state is the referee's
(:mod:`.state`), and whatever leaves it for a seat goes through :func:`.views.view`.

* :mod:`.cards` — the 24 cards, points, marriages; :mod:`.config` and :mod:`.presets` —
  the rules as data; :mod:`.shuffle` — a deal from a committed seed (§5);
* :mod:`.actions` — the decisions and the deal (the chance node); :mod:`.play` — what a
  trick allows; :mod:`.scoring` — a deal's points and §1.6–§3 on the totals;
* :mod:`.state` — the referee's state; :mod:`.engine` — legal actions and the checked
  apply; :mod:`.views` — what a seat or a spectator may know (§7); :mod:`.replay_json` —
  §6's replay JSON of a state;
* :mod:`.record` — the record (§6), played and scorekeeping deals (:mod:`.table`);
  :mod:`.verify` — a record's deals against its seed; :mod:`.sheet` — the paper sheet.

This module is the game's side of the registry (:class:`thousand.games.interface.
GameModule`): a position is :class:`.position.Position`, the state and the names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, cast

from thousand.core.errors import RulesError
from thousand.games.card1000 import engine, legal, views
from thousand.games.card1000.actions import Action, Dealt, Decision, Discard, Give
from thousand.games.card1000.bots import BOT_LEVELS, playout_action
from thousand.games.card1000.cards import DECK, Card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.position import Position
from thousand.games.card1000.presets import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    load_preset,
    rules_from_spec,
)
from thousand.games.card1000.shuffle import deal_from_order
from thousand.games.card1000.state import new_game
from thousand.games.interface import DeferredRecords, GameInfo

NAME = "card1000"
"""The game's name in the registry, in records and in rooms."""

INFO = GameInfo(
    name=NAME,
    title="Card Thousand",
    min_players=2,
    max_players=4,
    hidden_information=True,
    chance="deck",
    presets=PRESET_NAMES,
    default_preset=DEFAULT_PRESET,
    levels=tuple(BOT_LEVELS),
    features=frozenset(
        {"play", "table", "rules", "verify", "advise", "review", "simulate", "online"}
    ),
)
"""Card Thousand's records are replayed (both forms), its deals verified and its rule
sets shown; it is played in the terminal (thousand.tui.card1000) and online (browser
rooms: thousand.web.rooms.card1000); scorekeeping a real deck is not there yet."""


# -- the interface every game offers (thousand.games.interface.GameModule) ------------


def new_position(rules: object, players: Sequence[str]) -> Position:
    """The position before the first deal; ``rules`` is a :class:`Rules`, a preset name
    or a record's spec. The preset fixes the number of players (§8)."""
    resolved = rules if isinstance(rules, Rules) else rules_from_spec(rules)
    if len(players) != resolved.players:
        raise RulesError(
            f"players: the rules are for {resolved.players} players, got {len(players)}",
            "players",
        )
    return Position(new_game(resolved), tuple(players))


def legal_actions(position: Position, seat: int) -> tuple[Decision, ...]:
    """The decisions open to ``seat`` now (none at a deal, after the game, or when it is
    another seat's turn)."""
    to_move = position.state.to_move
    if to_move is None or to_move[0] != seat:
        return ()
    return legal.legal_actions(position.state)


def apply(position: Position, action: Action) -> Position:
    """The checked path: refusals raise :class:`~thousand.core.errors.IllegalActionError`."""
    return Position(engine.apply(position.state, action), position.players)


def is_over(position: Position) -> bool:
    return position.state.over


def is_chance_node(position: Position) -> bool:
    """The cards are to be dealt."""
    return position.state.chance


def draw_chance(position: Position, rng: Random) -> Dealt | None:
    """The next deal, the deck shuffled with ``rng`` (every order equally likely); a
    table draws it from its committed seed instead (:func:`.shuffle.seeded_deal`)."""
    state = position.state
    if not state.chance:
        return None
    order = list(DECK)
    rng.shuffle(order)
    return deal_from_order(order, state.rules, state.dealer)


def observe(position: Position, seat: int | None) -> views.SeatView:
    """What ``seat`` (None: a spectator) knows now (§7)."""
    return views.view(position.state, seat)


def seat_view(position: Position, seat: int | None) -> dict[str, Any]:
    """:func:`observe`'s view as data, with the players' names."""
    data = observe(position, seat).to_data()
    data["names"] = list(position.players)
    data["game"] = NAME
    return data


def hidden_from(position: Position, seat: int | None) -> frozenset[str]:
    """The cards ``seat`` may not see now: every card of the deal in progress that is
    not in its own hand, not played, not a talon it was shown and not a give it may see
    (§7). Between deals and after the game, nothing (a finished deal is public)."""
    state = position.state
    deal = state.deal
    if deal is None or state.over:
        return frozenset()
    seen: set[Card] = set()
    if seat is not None and deal.phase != "dark":
        seen.update(deal.hands[seat])
    for _actor, action in deal.actions:
        card = getattr(action, "card", None)
        if isinstance(card, Card):
            if isinstance(action, Give):
                if views.sees_give(state, deal, seat, action.to):
                    seen.add(card)
            elif isinstance(action, Discard):
                if seat is not None and seat == deal.declarer:
                    seen.add(card)
            else:
                seen.add(card)
    if views.sees_talon(state, deal, seat):
        seen.update(deal.talon)
    return frozenset(str(card) for card in DECK if card not in seen)


def shown_record(record: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The record of a game in progress as ``seat`` (None: anyone else) may read it:
    the header, the finished deals as their scores (§6's ``deals[]`` entries: their cards
    are public, but the same card codes are in this deal's hands) and the deal in
    progress as the seat sees it. A finished game's record is public whole, and so is a
    scorekeeping record (real cards: it holds no card)."""
    replayed = replay(record)
    position = cast("Position", replayed.position)
    if position.state.over or getattr(replayed, "table", False):
        return dict(record)
    shown = {key: value for key, value in record.items() if key != "deals"}
    view = seat_view(position, seat)
    shown["deals"] = view["deals"]
    shown["deal"] = view["deal"]
    return shown


_records = DeferredRecords(__name__)
new_recorder = _records.new_recorder
replay = _records.replay
score_sheet = _records.score_sheet


__all__ = [
    "DEFAULT_PRESET",
    "INFO",
    "NAME",
    "PRESET_NAMES",
    "Position",
    "Rules",
    "apply",
    "draw_chance",
    "hidden_from",
    "is_chance_node",
    "is_over",
    "legal_actions",
    "load_preset",
    "new_position",
    "new_recorder",
    "observe",
    "playout_action",
    "replay",
    "score_sheet",
    "seat_view",
    "shown_record",
]
