"""The protocol's bodies and messages (PROTOCOL.md), checked with pydantic, and its errors.

Every field is strict — ``"30"`` is not a number of seconds and ``1`` is not ``true`` —
and unknown fields are refused, so a client's typo is an error that names the field, not
a setting silently left at its default. A refusal is a :class:`ProtocolError` carrying
the code and HTTP status PROTOCOL.md lists; the server turns it into ``{"error": …}`` for
HTTP and ``{"type": "error", …}`` on a WebSocket, never into a stack trace.
"""

from __future__ import annotations

import json
from functools import cached_property
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from thousand.core.errors import IllegalActionError, InputFileError, one_line
from thousand.core.files import check_data
from thousand.games import DEFAULT_GAME, games_offering

ModelT = TypeVar("ModelT", bound=BaseModel)

GAMES = games_offering("online")
"""The games a room may host (PROTOCOL.md's ``game``): the registry's that offer online
play. The computer levels a seat may have are each game's, checked by its room
(:attr:`thousand.web.rooms.base.BaseRoom.LEVELS`)."""

MAX_SEATS = 8
MAX_BODY_BYTES = 64 * 1024
"""An HTTP body larger than this is refused with 413 (a rules file is a few hundred bytes)."""
MAX_MESSAGE_BYTES = 4096
"""A WebSocket message larger than this is refused with ``bad_message`` (a chat line of
500 characters is at most 2 KB of UTF-8)."""
MAX_CHAT = 500


QUERY_MAX = 2**31 - 1
"""The largest whole number an address takes (a game's number, a page, a minimum of
games): both databases' INTEGER holds it, so a larger one is a 422, never an overflow."""


def counted(field: str, value: int) -> int:
    """A whole number from an address, 1 to :data:`QUERY_MAX` (else 422 naming ``field``)."""
    if not 1 <= value <= QUERY_MAX:
        raise ProtocolError("invalid", f"{field}: a whole number from 1 to {QUERY_MAX}", 422)
    return value


class ProtocolError(Exception):
    """A refusal: ``code`` and ``status`` as PROTOCOL.md lists them, a one-line message."""

    def __init__(self, code: str, message: str, status: int = 400, rule: str | None = None):
        super().__init__(message)
        self.code = code
        self.status = status
        self.message = one_line(message)
        self.rule = rule
        self.refused: IllegalActionError | None = None
        """The engine's refusal behind an ``illegal``, to say it in the player's language."""

    def http_body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}

    def ws_message(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, "rule": self.rule}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SeatSpec(_Strict):
    """One of seats 1…n−1: ``{"open": true}`` for a person who will join,
    ``{"bot": LEVEL}`` a computer (a level of the room's game, checked by the room), or
    (the server's addition) ``{"name": NAME}`` a person sitting at the creator's table,
    whose moves the creator's device enters."""

    open: Literal[True] | None = None
    bot: Annotated[StrictStr, Field(max_length=32)] | None = None
    name: StrictStr | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> SeatSpec:
        if [self.open, self.bot, self.name].count(None) != 2:
            raise ValueError('a seat is one of {"open": true}, {"bot": LEVEL}, {"name": NAME}')
        return self


class Options(_Strict):
    """A room's options; PROTOCOL.md's four, and the server's own additions."""

    turn_seconds: Annotated[StrictInt, Field(ge=10, le=600)] | None = None
    advisor: StrictBool = False
    private: StrictBool = False
    dice: Literal["server", "table"] = "server"
    language: Literal["ru", "en"] = "en"
    """The language the computer players are named in (the creator's page's)."""
    mute_spectators: StrictBool = False
    """Spectators may read the chat but not write in it."""
    scorekeeper: StrictBool = False
    """The creator's device enters every person's moves (one phone for a whole table)."""
    cards: Literal["server", "table"] = "server"
    """Card Thousand: ``"server"`` (the default) deals the server's cards; ``"table"``
    keeps the score of real cards at a real table (the scorekeeper enters each deal's
    result; the card game's page of the protocol in docs)."""

    @cached_property
    def _dumped(self) -> dict[str, Any]:
        return self.model_dump()

    def doc(self) -> dict[str, Any]:
        """``model_dump()``, made once (the model is frozen; a room's head and its summary
        want it with every change): a new dict each call, the caller's to change."""
        return dict(self._dumped)


class CreateRoom(_Strict):
    name: StrictStr
    game: StrictStr = DEFAULT_GAME
    """The room's game (the server's addition to PROTOCOL.md's body): one of
    :data:`GAMES`, the registry's default game when left out."""
    rules: StrictStr | dict[str, Any] | None = None
    """A preset name, a preset plus overrides, or ``{"file": TEXT}``; None: the game's
    default preset."""
    seats: Annotated[list[SeatSpec], Field(max_length=MAX_SEATS - 1)] = []
    options: Options = Options()
    player: StrictStr | None = None
    """The creator's player key (the server's addition, docs/history.md): the seat
    counts toward that player and the name is remembered for them."""

    @field_validator("game")
    @classmethod
    def _known_game(cls, game: str) -> str:
        if game not in GAMES:
            shown = json.dumps(game, ensure_ascii=False)[:40]
            raise ValueError(f"unknown game {shown} (known: {', '.join(GAMES)})")
        return game


class JoinRoom(_Strict):
    name: StrictStr
    player: StrictStr | None = None
    """The joining player's key, as :attr:`CreateRoom.player`."""


class Hidden(_Strict):
    """``POST /api/players/me/hidden``: keep off the leaderboard (true) or back on it."""

    hidden: StrictBool


Face = Annotated[StrictInt, Field(ge=1, le=6)]
"""A die face: a 7 is a malformed message (``bad_message``), not a move the engine refuses."""

Place = Annotated[StrictInt, Field(ge=0, le=4)]
"""The place of one of the five dice on the table."""


Points = Annotated[StrictInt, Field(ge=-1_000, le=1_000)]
"""A seat's points in a deal entered at a real table (a negative one is the rules' to
refuse, in the player's language)."""


CARD_FIELDS = (
    "amount",
    "card",
    "to",
    "dark",
    "talon",
    "marriage",
    "ace_marriage",
    "declarer",
    "contract",
    "points",
    "marriages",
)
"""The action fields of card Thousand (:class:`ActionMessage`), besides the dice
games': the one list the message and the rooms (``rooms.base.ActionFields``) share."""


class ActionMessage(_Strict):
    type: Literal["action"]
    action: Annotated[StrictStr, Field(max_length=32)]
    seq: StrictInt
    dice: Annotated[list[Face], Field(max_length=5)] | None = None
    keep: Annotated[list[Face], Field(max_length=5)] | None = None
    box: Annotated[StrictStr, Field(max_length=32)] | None = None
    places: Annotated[list[Place], Field(max_length=5)] | None = None
    """Poker dice (the server's addition): which of the dice showing a throw keeps, by
    their places 0–4 in ``showing.dice``, so that they stay where they lie."""
    amount: Annotated[StrictInt, Field(ge=0, le=10_000)] | None = None
    """Card Thousand: a bid's or a contract's amount."""
    card: Annotated[StrictStr, Field(max_length=4)] | None = None
    """Card Thousand: the card given, put out of play or played (``QH``)."""
    to: Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS)] | None = None
    """Card Thousand: the seat a card is given to."""
    dark: StrictBool | None = None
    """Card Thousand: the first hand plays dark (true) or not (false)."""
    talon: Annotated[StrictInt, Field(ge=0, le=1)] | None = None
    """Card Thousand, two players: the talon the declarer takes."""
    marriage: StrictBool | None = None
    """Card Thousand: a card led announces its suit's marriage."""
    ace_marriage: StrictBool | None = None
    """Card Thousand: an ace led announces the four aces."""
    declarer: Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS)] | None = None
    """Card Thousand with real cards: the deal's declarer."""
    contract: Annotated[StrictInt, Field(ge=0, le=10_000)] | None = None
    """Card Thousand with real cards: the deal's contract."""
    points: Annotated[list[Points | None], Field(max_length=4)] | None = None
    """Card Thousand with real cards: each seat's points (one playing seat may be null:
    the server works it out from 120 and ``marriages``)."""
    marriages: Annotated[StrictInt, Field(ge=0, le=1_000)] | None = None
    """Card Thousand with real cards: the marriages announced in the deal, in all."""

    def card_fields(self) -> dict[str, Any]:
        """The card game's fields sent (those left out are not passed on)."""
        return {
            name: getattr(self, name) for name in CARD_FIELDS if getattr(self, name) is not None
        }


class ChatMessage(_Strict):
    type: Literal["chat"]
    text: Annotated[StrictStr, Field(min_length=1, max_length=MAX_CHAT)]


class RematchMessage(_Strict):
    type: Literal["rematch"]


class PingMessage(_Strict):
    """Keeps a connection through proxies that close quiet ones; answered with ``pong``."""

    type: Literal["ping"]


ClientMessage = ActionMessage | ChatMessage | RematchMessage | PingMessage
_BY_TYPE: dict[str, type[ClientMessage]] = {
    "action": ActionMessage,
    "chat": ChatMessage,
    "rematch": RematchMessage,
    "ping": PingMessage,
}


def field_error(exc: ValidationError, prefix: str = "") -> str:
    """A pydantic error as one line that names the field: ``seats.2.bot: Input should be …``."""
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"] if part not in {"function-after"})
    where = f"{prefix}{where}" if where else prefix.rstrip(".") or "body"
    if error["type"] == "extra_forbidden":
        return f"{where}: unknown field"
    if error["type"] == "missing":
        return f"{where}: field is missing"
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}"


def parse_json_bytes(raw: bytes | str, what: str) -> Any:
    """JSON text as data, or ``bad_message``; hostile shapes (deep, huge numbers) too."""
    try:
        data = json.loads(raw)
        check_data(data, what)
    except (ValueError, RecursionError) as exc:
        reason = str(exc) if isinstance(exc, InputFileError) else f"{what} is not valid JSON"
        raise ProtocolError("bad_message", reason) from None
    return data


def parse_body(model: type[ModelT], data: Any) -> ModelT:
    """An HTTP body as ``model``, or 422 naming the field."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "the body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ProtocolError("invalid", field_error(exc), 422) from None


def parse_client_message(raw: str | bytes) -> ClientMessage:
    """A WebSocket message, or ``bad_message`` saying what is wrong with it."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError("bad_message", f"message too large (over {MAX_MESSAGE_BYTES} bytes)")
    data = parse_json_bytes(raw, "the message")
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object with a 'type'")
    kind = data.get("type")
    model = _BY_TYPE.get(kind) if isinstance(kind, str) else None
    if model is None:
        shown = json.dumps(kind, ensure_ascii=False)[:40] if "type" in data else "missing"
        raise ProtocolError(
            "bad_message", f"type: unknown message type {shown} (known: {', '.join(_BY_TYPE)})"
        )
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ProtocolError("bad_message", field_error(exc)) from None
