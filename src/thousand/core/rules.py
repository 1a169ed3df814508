"""What every game's rules configuration shares: one frozen model, validated whole.

Each game keeps its rules as a complete, frozen pydantic model (dice 1000's RULES.md §2,
poker dice's POKER_DICE.md §2) and validates a configuration the same way: per-key types
and ranges by the model, then the checks between keys that a type cannot express, and
any mistake as one :class:`~thousand.core.errors.RulesError` naming the key as a path
(``barrels[1].fall.to``). :class:`RulesModel` and :func:`validate` are that once; a game
writes its fields and its own checks between keys.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from thousand.core.errors import RulesError


class RulesModel(BaseModel):
    """A game's complete rules: unknown keys refused, never changed once made."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def to_data(self) -> dict[str, Any]:
        """The configuration as plain data, the same shape as a rules file."""
        return self.model_dump(mode="json")

    def canonical(self) -> str:
        """One string per distinct rule set: the key of solver caches and game equality."""
        return json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"))


M = TypeVar("M", bound=BaseModel)


def validate(
    model: type[M],
    data: dict[str, Any],
    check: Callable[[M], None],
    hidden: Collection[str] = (),
) -> M:
    """``data`` as a ``model``, then ``check``-ed between keys; a :class:`RulesError`
    naming the bad key otherwise (``hidden``: see :func:`key_path`)."""
    try:
        rules = model.model_validate(data)
    except ValidationError as exc:
        raise rules_error(exc, hidden) from None
    check(rules)
    return rules


def key_path(loc: tuple[int | str, ...], hidden: Collection[str] = ()) -> str:
    """``("barrels", 0, "from")`` → ``barrels[0].from``. ``hidden`` are the parts pydantic
    adds to name the member of a union it tried (``int``, ``bool`` …), which are no key."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part in hidden:
            continue
        else:
            path += f".{part}" if path else part
    return path


def rules_error(exc: ValidationError, hidden: Collection[str] = ()) -> RulesError:
    """pydantic's first complaint as one line a player reads, naming the key."""
    error = exc.errors()[0]
    key = key_path(tuple(error["loc"]), hidden)
    if error["type"] == "extra_forbidden":
        return RulesError(f"unknown rules key '{key}'", key)
    if error["type"] == "missing":
        return RulesError(f"rules key '{key}' is missing", key)
    message = str(error["msg"]).removeprefix("Value error, ")
    message = message[0].lower() + message[1:]
    got = json.dumps(error.get("input"), ensure_ascii=False, default=str)
    return RulesError(f"rules key '{key}': {message}, got {got}", key)
