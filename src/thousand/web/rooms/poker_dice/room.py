"""A room of poker dice (POKER_DICE.md): the game's part of
:class:`~thousand.web.rooms.base.BaseRoom`.

The game is a :class:`thousand.games.poker_dice.table.Session`: every decision goes
through the engine's checked path, a throw is followed at once by the dice of the room's
seed, and the session writes the record. The dice are the server's own, from the derivation
every game shares (:mod:`thousand.core.fairdice`) under the game's name ``poker_dice``,
so ``thousand verify`` checks a finished game's record as it checks dice 1000's.

Actions (PROTOCOL.md, "Other games use the same message with their own actions"):

* ``{"action": "throw", "keep": [faces], "seq": N}`` — throw the dice not kept; the
  turn's first throw keeps nothing (``keep`` left out or empty);
* ``{"action": "write", "box": NAME, "seq": N}`` — end the turn writing the dice showing
  into the empty box NAME;
* ``{"action": "stop", "seq": N}`` — the ranking game: stand on the dice showing.

Decisions where PROTOCOL.md is silent, for poker dice rooms:

* the dice are the server's: ``options.dice = "table"`` is refused (422 naming
  ``options.dice``), and so is the advisor (``options.advisor``), which only dice 1000
  has;
* a person whose time ran out is played for by ``chaser``, the middle level;
* a computer's ``optimal`` play of a sheet game reads the solver's strategy, solved the
  first time the rules are played; the server runs it off the event loop, as every
  computer decision.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import N_, Translator
from thousand.core.players import Seat
from thousand.games.poker_dice import NAME
from thousand.games.poker_dice.actions import STOP, THROW, Action, Throw, Write
from thousand.games.poker_dice.bots import BOT_LEVELS, Policy, make_bot
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.presets import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    rules_from_spec,
    rules_to_spec,
)
from thousand.games.poker_dice.table import Session
from thousand.games.poker_dice.words import (
    preset_description,
    preset_title,
    refusal,
    rules_title,
)
from thousand.web.protocol import Options, ProtocolError
from thousand.web.rooms.base import (
    ActionFields,
    BaseRoom,
    Preparation,
    checked_rules,
    illegal,
    record_language,
)

LEVEL_NAMES: dict[str, str] = {
    "greedy": N_("greedy"),
    "chaser": N_("chaser"),
    "optimal": N_("optimal"),
}
"""The computer levels of poker dice as people call them (the catalogs translate them)."""

SOLVING = N_("Solving the strategy of {rules} once (about 10 s)…")
"""Said while the solver's strategy is made for an ``optimal`` computer."""


def thrown_in(record: Mapping[str, Any]) -> int:
    """The throws a record holds: where a resumed game's dice go on."""
    return sum(len(turn.get("rolls") or ()) for turn in record.get("turns") or ())


@dataclass
class PokerRoom(BaseRoom):
    """A room of poker dice; see the module docstring."""

    GAME: ClassVar[str] = NAME
    LEVELS: ClassVar[tuple[str, ...]] = tuple(BOT_LEVELS)
    STAND_IN: ClassVar[str] = "chaser"
    DEFAULT_RULES: ClassVar[str] = DEFAULT_PRESET
    PRESETS: ClassVar[tuple[str, ...]] = PRESET_NAMES

    game: Rules
    session: Session | None = None

    @classmethod
    def rules_of(cls, spec: object) -> tuple[Rules, str | dict[str, Any]]:
        """The rules of a poker dice room from ``rules`` (:func:`checked_rules`)."""
        rules = checked_rules(spec, DEFAULT_PRESET, rules_from_spec)
        return rules, rules_to_spec(rules)

    @classmethod
    def check_options(cls, options: Options) -> None:
        if options.dice != "server":
            raise ProtocolError(
                "invalid", "options.dice: poker dice rooms throw the server's dice", 422
            )
        if options.advisor:
            raise ProtocolError(
                "invalid", "options.advisor: there is no advisor for poker dice", 422
            )

    @classmethod
    def level_name(cls, tr: Translator, level: str) -> str:
        return tr.gettext(LEVEL_NAMES.get(level, level))

    @classmethod
    def preset_title(cls, tr: Translator, name: str) -> str:
        return preset_title(tr, name)

    @classmethod
    def preset_description(cls, tr: Translator, name: str) -> str:
        return preset_description(tr, name)

    def refusal_text(self, tr: Translator, error: IllegalActionError) -> str:
        return refusal(tr, error, self.game)

    def preparation(self) -> Preparation | None:
        """An ``optimal`` computer of a sheet game reads the solver's strategy of the
        rules: solved once (seconds) and cached, before its first decision."""
        mover = self.mover
        if mover is None or self.seats[mover].kind != "bot" or self.game.sheet == "ranking":
            return None
        if self.seats[mover].level != "optimal":
            return None
        from thousand.games.poker_dice.solver import cache_path, load_or_solve  # noqa: PLC0415

        if cache_path(self.game).exists():
            return None
        rules = self.game
        return Preparation(
            f"{NAME}:{rules.canonical()}", lambda progress: load_or_solve(rules, progress)
        )

    def solving_note(self, tr: Translator) -> str:
        return tr.gettext(SOLVING).format(rules=rules_title(tr, self.game))

    # -- the game -------------------------------------------------------------------

    def _new_session(self, seats: list[Seat]) -> Session:
        return Session.new(
            self.game,
            seats,
            seed=secrets.randbits(32),
            **self.table(),
        )

    def _act(self, seat: int, mover: int, sent: ActionFields) -> None:
        del seat
        keep = sent.keep
        if sent.action == "throw" and sent.places is not None:
            keep = self._kept_at(sent.places, keep)
        self._apply(self._action(sent.action, keep, sent.box), mover, sent.places)

    def _kept_at(self, places: list[int], keep: list[int] | None) -> list[int]:
        """The faces a throw keeps, from the places of the dice kept (the server's
        addition ``places``); with ``keep`` too, the two must name the same dice."""
        session = self.session
        assert session is not None
        shown = session.shown if session.position.throws else []
        if len(set(places)) != len(places) or any(place >= len(shown) for place in places):
            raise ProtocolError(
                "bad_message", "places: each a place of a die showing (0–4), at most once"
            )
        faces = [shown[place] for place in places]
        if keep is not None and sorted(keep) != sorted(faces):
            raise ProtocolError("bad_message", "places: not the places of the dice in keep")
        return faces

    def move_message(self, move: Any) -> dict[str, Any] | None:
        if isinstance(move, Throw):
            return {"action": "throw", "keep": list(move.keep)}
        if isinstance(move, Write):
            return {"action": "write", "box": move.box}
        if move == STOP:
            return {"action": "stop"}
        return None

    def move_of(self, message: Mapping[str, Any]) -> Action:
        """A computer's move as :meth:`move_message` wrote it."""
        name = message["action"]
        if name == "throw":
            return Throw(tuple(message["keep"]))
        if name == "write":
            return Write(message["box"])
        if name == "stop":
            return STOP
        raise ValueError(f"unknown move {name!r}")

    def _action(self, action: str, keep: list[int] | None, box: str | None) -> Action:
        if action == "throw":
            return Throw(tuple(keep)) if keep else THROW
        if action == "write":
            if box is None:
                raise ProtocolError("bad_message", "box: field is missing (the box to write)")
            return Write(box)
        if action == "stop":
            return STOP
        raise ProtocolError(
            "bad_message", f"action: unknown action {action[:32]!r} (throw, write, stop)"
        )

    def _apply(
        self, move: Action, person: int | None = None, places: list[int] | None = None
    ) -> None:
        """Through the engine's checked path; refusals change nothing. A ``person`` who
        acted takes their seat back from the computer; ``places`` are where the dice a
        throw keeps lie (they stay there)."""
        session = self.session
        assert session is not None
        try:
            session.act(move, places)
        except IllegalActionError as exc:
            raise illegal(exc) from None
        if person is not None:
            self.seats[person].auto = False
        self._changed()

    def _stand_in(self) -> Policy:
        return make_bot(self.STAND_IN, self.game)

    def _resume(self, record: dict[str, Any], doc: Mapping[str, Any]) -> Session:
        del doc
        return Session.resume(
            record,
            **self.table(thrown_in(record), language=record_language(record)),
        )
