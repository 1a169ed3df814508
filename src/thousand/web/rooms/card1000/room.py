"""A room of card Thousand (CARD_THOUSAND.md): the game's part of
:class:`~thousand.web.rooms.base.BaseRoom`.

The game is a :class:`~.session.CardSession`: the server owns the deck and deals every
deal from the room's committed seed (§5), the engine checks every decision
(:func:`thousand.games.card1000.engine.apply`) and the session writes the record.

Actions (docs/card1000-online.md): ``{"type": "action", "action": NAME, "seq": N,
...}`` with NAME and its fields —

* ``bid`` (``amount``), ``pass``, ``redeal``, ``dark`` (``dark``: true or false),
  ``talon`` (``talon``: 0 or 1), ``write_off``, ``contract`` (``amount``);
* ``give`` (``card``, ``to``: a seat), ``discard`` (``card``);
* ``play`` (``card``; on lead ``marriage``: true announces the marriage of the card's
  suit, ``ace_marriage``: true the four aces).

Decisions where the protocol is silent, for card Thousand rooms:

* the cards are the server's, or — ``options.cards = "table"`` — the people's own deck,
  whose deals' results one scorekeeper enters (:mod:`.keeping`); ``options.dice`` other
  than ``"server"`` is refused (422 naming the option); the advisor
  (``options.advisor``) is for the people's seats: the person to move is sent each legal
  action with its figures (:meth:`CardRoom.advice`), computed from their seat's view only;
* with the server's cards every person has a device of their own: a seat without one
  (``{"name": NAME}``) and ``options.scorekeeper`` are refused (422), since the one
  screen would show every hand;
* a person whose time ran out is played for by ``novice`` (quick, never foolish);
* a malformed field (a missing ``amount``, a card that is no card) is ``bad_message``;
  a well-formed move the rules refuse is ``illegal`` with the rule and a translated
  reason.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import Translator
from thousand.core.players import Seat
from thousand.games.card1000 import NAME
from thousand.games.card1000.actions import (
    PASS,
    REDEAL,
    WRITE_OFF,
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Play,
)
from thousand.games.card1000.advice import advise
from thousand.games.card1000.bots import BOT_LEVELS
from thousand.games.card1000.cards import DECK
from thousand.games.card1000.config import Rules
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.levels.expert import evaluated_spare
from thousand.games.card1000.presets import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    rules_from_spec,
    rules_to_spec,
)
from thousand.games.card1000.views import view
from thousand.games.card1000.words import (
    level_name,
    preset_description,
    preset_title,
    refusal,
    table_refusal,
)
from thousand.web.protocol import CreateRoom, Options, ProtocolError
from thousand.web.rooms.base import (
    ActionFields,
    Advice,
    BaseRoom,
    Policy,
    checked_rules,
    illegal,
    record_language,
)
from thousand.web.rooms.card1000.keeping import (
    check_table_options,
    check_table_seats,
    entry_of,
    is_table,
)
from thousand.web.rooms.card1000.session import CardPolicy, CardSession, card_bot

CARDS = {str(card): card for card in DECK}
"""The cards by their notation (``QH``)."""

NAMES = (
    "bid",
    "pass",
    "redeal",
    "dark",
    "talon",
    "write_off",
    "give",
    "discard",
    "contract",
    "play",
)
"""The actions a person may send (the module docstring)."""


def action_message(action: Decision) -> dict[str, Any]:
    """A decision as the action message that makes it (without ``type`` and ``seq``):
    what ``legal`` lists, ready to send."""
    if isinstance(action, Bid):
        return {"action": "bid", "amount": action.amount}
    if isinstance(action, Contract):
        return {"action": "contract", "amount": action.amount}
    if isinstance(action, Dark):
        return {"action": "dark", "dark": action.dark}
    if isinstance(action, ChooseTalon):
        return {"action": "talon", "talon": action.index}
    if isinstance(action, Give):
        return {"action": "give", "card": str(action.card), "to": action.to}
    if isinstance(action, Discard):
        return {"action": "discard", "card": str(action.card)}
    if isinstance(action, Play):
        message: dict[str, Any] = {"action": "play", "card": str(action.card)}
        if action.marriage:
            message["marriage"] = True
        if action.ace_marriage:
            message["ace_marriage"] = True
        return message
    return {"action": next(iter(action.to_data()))}  # pass, redeal, write_off


def _missing(name: str, field: str, what: str) -> ProtocolError:
    return ProtocolError("bad_message", f"{field}: field is missing ({what} of a {name})")


def decision_of(sent: ActionFields) -> Decision:
    """The decision an action message names (``bad_message`` when malformed)."""
    name = sent.action
    if name not in NAMES:
        raise ProtocolError(
            "bad_message", f"action: unknown action {name[:32]!r} ({', '.join(NAMES)})"
        )
    simple: dict[str, Decision] = {"pass": PASS, "redeal": REDEAL, "write_off": WRITE_OFF}
    if name in simple:
        return simple[name]
    if name in ("bid", "contract"):
        if sent.amount is None:
            raise _missing(name, "amount", "the amount")
        return Bid(sent.amount) if name == "bid" else Contract(sent.amount)
    if name == "dark":
        if sent.dark is None:
            raise _missing(name, "dark", "true or false")
        return Dark(sent.dark)
    if name == "talon":
        if sent.talon is None:
            raise _missing(name, "talon", "0 or 1")
        return ChooseTalon(sent.talon)
    if sent.card is None:
        raise _missing(name, "card", "the card")
    card = CARDS.get(sent.card)
    if card is None:
        raise ProtocolError("bad_message", f"card: {sent.card[:8]!r} is not a card (QH, TS, 9C…)")
    if name == "give":
        if sent.to is None:
            raise _missing(name, "to", "the seat")
        return Give(card, sent.to)
    if name == "discard":
        return Discard(card)
    return Play(card, marriage=bool(sent.marriage), ace_marriage=bool(sent.ace_marriage))


@dataclass
class CardRoom(BaseRoom):
    """A room of card Thousand; see the module docstring."""

    GAME: ClassVar[str] = NAME
    LEVELS: ClassVar[tuple[str, ...]] = tuple(BOT_LEVELS)
    STAND_IN: ClassVar[str] = "novice"
    DEFAULT_RULES: ClassVar[str] = DEFAULT_PRESET
    PRESETS: ClassVar[tuple[str, ...]] = PRESET_NAMES
    ADVISOR: ClassVar[bool] = True

    game: Rules
    session: CardSession | KeepSession | None = None

    @classmethod
    def rules_of(cls, spec: object) -> tuple[Rules, str | dict[str, Any]]:
        rules = checked_rules(spec, DEFAULT_PRESET, rules_from_spec)
        return rules, rules_to_spec(rules)

    @classmethod
    def check_options(cls, options: Options) -> None:
        if is_table(options):
            check_table_options(options)
            return
        if options.dice != "server":
            raise ProtocolError(
                "invalid", "options.dice: card Thousand rooms deal the server's cards", 422
            )
        if options.scorekeeper:
            raise ProtocolError(
                "invalid",
                "options.scorekeeper: one device cannot enter every seat's hidden cards",
                422,
            )

    @classmethod
    def create(cls, body: CreateRoom) -> tuple[CardRoom, str]:
        """A room whose seats are as many as its rules' players, each a person with a
        device or a computer (422 otherwise)."""
        game, _ = cls.rules_of(cls.DEFAULT_RULES if body.rules is None else body.rules)
        if is_table(body.options):
            check_table_seats(body)
        for index, seat in enumerate(body.seats):
            if seat.name is not None and not is_table(body.options):
                raise ProtocolError(
                    "invalid",
                    f"seats.{index}.name: card Thousand has no seats without a device "
                    "(one screen would show every hand)",
                    422,
                )
        if 1 + len(body.seats) != game.players:
            raise ProtocolError(
                "invalid",
                f"seats: these rules are for {game.players} players, "
                f"the room has {1 + len(body.seats)}",
                422,
            )
        room, token = super().create(body)
        return room, token

    @classmethod
    def level_name(cls, tr: Translator, level: str) -> str:
        return level_name(tr, level)

    @classmethod
    def preset_title(cls, tr: Translator, name: str) -> str:
        return preset_title(tr, name)

    @classmethod
    def preset_description(cls, tr: Translator, name: str) -> str:
        return preset_description(tr, name)

    def public_record(self, seat: int | None = None) -> dict[str, Any] | None:
        """The record as a client may download it: while the game is on, the finished
        deals as their scores only and never the deal in progress (issue 28), whoever
        asks; once it is over, the whole record with the seed."""
        record = super().public_record(seat)
        if record is not None and self.status != "over":
            record.pop("deal", None)
        return record

    def refusal_text(self, tr: Translator, error: IllegalActionError) -> str:
        if is_table(self.options):
            return table_refusal(tr, error, [seat.name or "" for seat in self.seats])
        return refusal(tr, error)

    @property
    def table_cards(self) -> bool:
        """The room keeps the score of real cards (``options.cards = "table"``)."""
        return is_table(self.options)

    def acts_for(self, seat: int | None) -> int | None:
        """With real cards only the scorekeeper (the creator's device) enters, whoever
        deals; otherwise as every room."""
        if not self.table_cards:
            return super().acts_for(seat)
        mover = self.mover
        if seat is None or mover is None or not self.seats[seat].keeper:
            return None
        return mover

    # -- the game -------------------------------------------------------------------

    def _new_session(self, seats: list[Seat]) -> CardSession | KeepSession:
        if self.table_cards:
            return KeepSession.new(self.game, seats, **self.table())
        return CardSession.new(
            self.game, seats, deck_seed=self.seed, seed=secrets.randbits(32), **self.table()
        )

    def _resume(self, record: dict[str, Any], doc: Mapping[str, Any]) -> CardSession | KeepSession:
        del doc
        if self.table_cards:
            return KeepSession.resume(record, **self.table(language=record_language(record)))
        return CardSession.resume(
            record, deck_seed=self.seed, **self.table(language=record_language(record))
        )

    def _act(self, seat: int, mover: int, sent: ActionFields) -> None:
        del seat
        session = self.session
        if isinstance(session, KeepSession):
            if sent.action == "undo":
                if not session.undo():
                    raise ProtocolError("bad_message", "undo: no deal has been entered yet")
                self._changed()
                return
            try:
                session.act(entry_of(sent, session))
            except IllegalActionError as exc:
                raise illegal(exc) from None
            self._changed()
            return
        self._apply(decision_of(sent), mover)

    def _apply(self, move: Decision, person: int | None = None) -> None:
        """Through the engine's checked path; refusals change nothing. A ``person`` who
        acted takes their seat back from the computer."""
        session = self.session
        assert isinstance(session, CardSession)
        try:
            session.act(move)
        except IllegalActionError as exc:
            raise illegal(exc) from None
        if person is not None:
            self.seats[person].auto = False
        self._changed()

    def move_message(self, move: Any) -> dict[str, Any] | None:
        if self.table_cards:
            return None  # the scorekeeper's entries are a person's actions
        return action_message(move)

    def move_of(self, message: Mapping[str, Any]) -> Decision:
        """A computer's decision as :meth:`move_message` wrote it."""
        return decision_of(ActionFields(**message))

    def _stand_in(self) -> Policy:
        policy: CardPolicy = card_bot(self.STAND_IN, self.game, secrets.randbits(32))
        return policy

    def computer_decision(self) -> Callable[[], Any]:
        """The computer's decision from its seat's view and the moves open to it only
        (:data:`~.session.BotInput`), never the referee's state."""
        session, mover = self.session, self.mover
        assert isinstance(session, CardSession) and mover is not None
        policy = self.computer_policy()
        state = session.now.state
        seen = (view(state, mover), legal_actions(state))
        return lambda: policy(seen)

    def advice(self) -> Advice | None:
        """The advisor's figures for the person to move (the driver asks only for a
        person's seat): each legal action with an
        :class:`~thousand.games.card1000.advice.ActionAdvice`, from that seat's view
        (``views.view(state, seat)``) and the moves open to it only, never the State."""
        session, mover = self.session, self.mover
        if not isinstance(session, CardSession) or mover is None:
            return None
        state = session.now.state
        if state.deal is None:
            return None
        seen = self.observation(mover)
        legal = tuple(legal_actions(state))
        rules = self.game

        def values() -> dict[Any, Any]:
            answer = advise(seen, rules, legal, evaluated_spare(rules))
            return {each.action: each for each in answer}

        return Advice(values)
