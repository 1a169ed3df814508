"""The rules configuration: every key of RULES.md §2 as one frozen, validated object.

Rules are data (STYLE.md example 1). A configuration is always complete: presets are
full files and user overrides are merged onto a preset *before* validation, so a
:class:`Rules` object never holds a silent default for a key nobody wrote. Unknown keys,
wrong types and out-of-range values raise :class:`~thousand.core.errors.RulesError` naming
the key as a path such as ``barrels[1].fall.to``.

Conventions where RULES.md leaves the encoding open (decided here, documented for users):

* Per-face tables (``singles``, ``three_of_a_kind`` …) are lists of six numbers for the
  faces 1 to 6. A value of 0 means "this is not a combination" (TOML has no null), so
  the only 0-point combinations are the favorites and the two-dice pair, which the rule
  book defines as scoring dice worth nothing.
* ``bolts = false`` switches bolts off (TOML has no null); JSON ``null`` is accepted too.
* A barrel's optional ``attempts`` and ``fall`` are simply left out when unused.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    field_validator,
)

from thousand.core.errors import RulesError
from thousand.core.rules import RulesModel, validate

Score = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)]
Points = Annotated[StrictInt, Field(ge=0, le=1_000_000)]
FaceTable = Annotated[tuple[Points, Points, Points, Points, Points, Points], Field()]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PointsTable(_Model):
    """What each combination of §1.2 is worth; 0 disables a combination."""

    singles: FaceTable
    three_of_a_kind: FaceTable
    four_of_a_kind: FaceTable
    five_of_a_kind: FaceTable
    small_straight: Points
    big_straight: Points
    favorites: StrictBool


class Fall(_Model):
    """What falling off a barrel does: exactly one of ``penalty`` or ``to``."""

    penalty: Points | None = None
    to: Score | Literal["entry"] | None = None

    @field_validator("to", mode="before")
    @classmethod
    def _to_is_score_or_entry(cls, value: object) -> object:
        if value is None or value == "entry" or (type(value) is int):
            return value
        raise ValueError('must be a score (a whole number) or "entry"')


class Barrel(_Model):
    """A score range ``[from, to)`` that must be left in one turn (§1.5, §2)."""

    from_: Score = Field(alias="from")
    to: Score
    cap: StrictBool = False
    attempts: Annotated[StrictInt, Field(ge=1, le=1000)] | None = None
    fall: Fall | None = None
    knock_off: StrictBool = False


class Bolts(_Model):
    """Bolts for busts (§2): at ``limit`` bolts the player loses ``penalty``."""

    limit: Annotated[StrictInt, Field(ge=1, le=1000)]
    penalty: Points
    consecutive: StrictBool = False
    exempt_not_entered: StrictBool = False
    exempt_on_barrel: StrictBool = False


class Rules(RulesModel):
    """A complete rules configuration (RULES.md §2), classic values in the presets."""

    model_config = ConfigDict(populate_by_name=True)

    points: PointsTable
    target: Annotated[StrictInt, Field(ge=1, le=1_000_000)]
    ending: Literal["reach", "exact"]
    instant_win: Literal["none", "five_ones", "five_of_a_kind"]
    entry_threshold: Points
    choose_dice: StrictBool
    hot_dice: Literal["must_throw", "may_stop"]
    first_throw_retry: StrictBool
    two_dice_pair: StrictBool
    barrels: tuple[Barrel, ...]
    dump_trucks: tuple[Score, ...]
    dump_truck_midturn: StrictBool
    bolts: Bolts | None
    overtaking_penalty: Points

    @field_validator("bolts", mode="before")
    @classmethod
    def _false_means_off(cls, value: object) -> object:
        if value is False:
            return None
        if value is True:
            raise ValueError("must be false or a table {limit, penalty, …}")
        return value

    def to_data(self) -> dict[str, Any]:
        """The configuration as plain data, the same shape as a rules file (no nulls)."""
        data = self.model_dump(by_alias=True, exclude_none=True, mode="json")
        data["bolts"] = data.get("bolts", False)
        return data


RULE_KEYS = tuple(Rules.model_fields)
"""The top-level rules keys, in the order RULES.md §2 lists them."""

UNION_TAGS = frozenset({"int", "str", "constrained-int", "literal['entry']", "Bolts", "bool"})
"""The names pydantic gives the members of this model's unions in an error's path: no
key of a rules file (:func:`thousand.core.rules.key_path`)."""


def validate_rules(data: dict[str, Any]) -> Rules:
    """Validate a complete configuration; raise :class:`RulesError` naming the bad key."""
    return validate(Rules, data, _check_consistency, UNION_TAGS)


def _check_consistency(rules: Rules) -> None:
    """Checks between keys that a per-field type cannot express."""
    previous_to: int | None = None
    for index, barrel in enumerate(rules.barrels):
        key = f"barrels[{index}]"
        if barrel.from_ >= barrel.to:
            raise RulesError(
                f"rules key '{key}': 'from' ({barrel.from_}) must be below 'to' ({barrel.to})", key
            )
        if barrel.to > rules.target:
            raise RulesError(
                f"rules key '{key}.to': {barrel.to} is above the target {rules.target}",
                f"{key}.to",
            )
        if previous_to is not None and barrel.from_ < previous_to:
            raise RulesError(
                f"rules key '{key}': barrels must be in increasing order without overlap",
                key,
            )
        previous_to = barrel.to
        if (barrel.attempts is not None or barrel.knock_off) and barrel.fall is None:
            raise RulesError(
                f"rules key '{key}.fall' is missing: 'attempts' and 'knock_off' need a fall",
                f"{key}.fall",
            )
        if barrel.fall is not None and (barrel.fall.penalty is None) == (barrel.fall.to is None):
            raise RulesError(
                f"rules key '{key}.fall': give exactly one of 'penalty' or 'to'", f"{key}.fall"
            )
    if len(set(rules.dump_trucks)) != len(rules.dump_trucks):
        raise RulesError("rules key 'dump_trucks': a score is listed twice", "dump_trucks")
