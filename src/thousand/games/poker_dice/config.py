"""The rules of poker dice: every key of POKER_DICE.md §2 as one frozen, validated object.

As in dice 1000, rules are data: presets are complete TOML files, a user's overrides are
merged onto a preset before validation, and a :class:`Rules` object never holds a
silent default. Unknown keys, wrong types and values out of range raise
:class:`~thousand.core.errors.RulesError` naming the key.

Keys this project adds to POKER_DICE.md §2 (the protocol allows additions, never changes):

* ``sheet`` — which sheet and box values the game uses: ``russian`` (§1, 15 boxes),
  ``yahtzee`` (§3, 13 boxes with Yahtzee's fixed values) or ``ranking`` (§3, no sheet: one
  turn each and the best hand wins). It is what tells the three families apart.
* ``series1 = "sum"`` — an upper box scores the sum of its face (Yahtzee's upper section).
* ``extra_poker_bonus`` and ``joker`` — Yahtzee's further-yahtzee bonus (100) and its
  joker rule (§3); 0 and ``"none"`` elsewhere. ``joker`` is ``"free"``, ``"forced"`` or
  ``"none"`` (``false``/``true`` are read as ``"none"``/``"forced"``). Both jokers apply to
  a yahtzee thrown when the ``poker`` box is filled. ``"forced"`` is §3's wording (the
  upper box of the face if it is empty; else any empty lower box, at full values; else an
  upper box for 0). ``"free"`` is the rule of the published optimum: any empty box may be
  chosen, and the lower boxes score their full values once the upper box of the face is
  filled. The ``yahtzee`` preset plays ``"free"``, because only it gives the 254.5896 that
  §3 states (Verhoeff's player and Glenn's tables play it; the solver finds 254.5896095
  under ``"free"`` and 254.5877287 under ``"forced"``). Every game played under
  ``"forced"`` is legal under ``"free"`` with the same points, so records of either
  replay under the preset.
* ``lowest_wins`` — S5's other variant of the ranking game (§3 names it as a key).

A key that a sheet does not have is refused when set to anything but "off" (the rule book
is silent; a key that is accepted and then does nothing would let a house believe it
plays a rule it does not): the yahtzee sheet has no doubling, four bonus or minus for an
unmade box (§3: "no doubling"), and the ranking game, one turn of up to ``throws``
throws and no sheet (§3), takes only ``throws`` and ``lowest_wins`` — in particular no
bank of unused throws, which would let a turn throw more than ``throws`` times.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, field_validator

from thousand.core.errors import RulesError
from thousand.core.rules import RulesModel, validate

MAX_PLAYERS = 8
"""S6: "Количество участников не ограничено"; the program caps a table at eight."""

Points = Annotated[StrictInt, Field(ge=0, le=10_000)]


class Rules(RulesModel):
    """A complete poker dice configuration (POKER_DICE.md §2 and the keys added above)."""

    sheet: Literal["russian", "yahtzee", "ranking"]
    throws: Annotated[StrictInt, Field(ge=1, le=10)]
    series1: Literal["plus_minus", "done_or_minus", "crossed", "sum"]
    bonus_threshold: Annotated[StrictInt, Field(ge=-1000, le=1000)]
    bonus: Points
    first_throw_double: StrictBool
    four_bonus: Points
    poker_bonus: Points
    unmade: Literal["zero", "minus"]
    bank_unused_throws: StrictBool
    unused_throw_bonus: Points
    series1_first: StrictBool
    last_round: Literal["all_boxes", "first_finisher"]
    extra_poker_bonus: Points
    joker: Literal["none", "forced", "free"]
    lowest_wins: StrictBool

    @field_validator("joker", mode="before")
    @classmethod
    def _joker_from_bool(cls, value: object) -> object:
        """``false``/``true`` (the key's first form) mean no joker / the forced joker."""
        if value is False:
            return "none"
        if value is True:
            return "forced"
        return value


ABSENT: dict[str, dict[str, object]] = {
    "yahtzee": {"first_throw_double": False, "four_bonus": 0, "unmade": "zero"},
    "ranking": {
        "series1": "plus_minus",
        "bonus_threshold": 0,
        "bonus": 0,
        "first_throw_double": False,
        "four_bonus": 0,
        "poker_bonus": 0,
        "unmade": "zero",
        "bank_unused_throws": False,
        "series1_first": False,
        "last_round": "all_boxes",
        "extra_poker_bonus": 0,
        "joker": "none",
    },
}
"""Per sheet, the keys it does not have, each with the only value it takes ("off")."""

ABSENT_WHY = {
    "yahtzee": "the yahtzee sheet has no such rule",
    "ranking": "the ranking game has no sheet, only one turn of up to 'throws' throws",
}

RULE_KEYS = tuple(Rules.model_fields)
"""The keys of a configuration, in the order POKER_DICE.md §2 lists them (then ours)."""


def validate_rules(data: dict[str, Any]) -> Rules:
    """Validate a complete configuration; raise :class:`RulesError` naming the bad key."""
    return validate(Rules, data, _check_consistency)


def _check_consistency(rules: Rules) -> None:
    """Checks between keys that a per-key type cannot express."""
    if rules.series1 == "sum" and rules.sheet != "yahtzee":
        raise RulesError("rules key 'series1': 'sum' belongs to the yahtzee sheet", "series1")
    if rules.sheet == "yahtzee" and rules.series1 != "sum":
        raise RulesError("rules key 'series1': the yahtzee sheet scores 'sum'", "series1")
    for key, off in ABSENT.get(rules.sheet, {}).items():
        if getattr(rules, key) != off:
            raise RulesError(
                f"rules key '{key}': {ABSENT_WHY[rules.sheet]} (it can only be {json.dumps(off)})",
                key,
            )
    if rules.lowest_wins and rules.sheet != "ranking":
        raise RulesError(
            "rules key 'lowest_wins': belongs to the ranking sheet (a sheet game is won by "
            "the highest total)",
            "lowest_wins",
        )
    if rules.unused_throw_bonus and not rules.bank_unused_throws:
        raise RulesError(
            "rules key 'unused_throw_bonus': needs 'bank_unused_throws' (a throw is only "
            "'never used' when unused throws are kept)",
            "unused_throw_bonus",
        )
