"""The rules of card Thousand: every key of CARD_THOUSAND.md §1–§3 as one frozen object.

As in the dice games, rules are data: presets are complete TOML files
(:mod:`.presets`), a user's keys are merged onto a preset before validation, and a
:class:`Rules` object never holds a silent default. An unknown key, a wrong type or
value, and a key the player count does not have (§8 "Player count": with two players
``dark``, ``dark_on_barrel``, ``hide_talon_at_100``, ``gives_open``; with three or four
``hide_talon``) are refused by :class:`~thousand.core.errors.RulesError` naming the key.

"None" — no barrel, no limit — is ``"none"`` in a TOML file (TOML has no null) and
``null`` or ``"none"`` in JSON; the object holds ``None``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, field_validator

from thousand.core.errors import RulesError
from thousand.core.rules import RulesModel, validate

Small = Annotated[StrictInt, Field(ge=0, le=120)]
Count = Annotated[StrictInt, Field(ge=0, le=8)]

ONLY_TWO = ("hide_talon",)
"""Keys only two players have (§3)."""

NOT_TWO = ("dark", "dark_on_barrel", "hide_talon_at_100", "gives_open")
"""Keys two players do not have (§8 "Player count")."""

BID_CAP = 400
"""The highest bid or contract there can be (§6: "the ceiling of 400"): 120 and every
marriage, or the ceiling ``bid_over_120_without_marriage`` allows."""


class Rules(RulesModel):
    """A complete card Thousand configuration (CARD_THOUSAND.md §1–§3)."""

    players: Literal[2, 3, 4]
    # §1.2 redeal
    redeal_hand_points: Small
    redeal_nines: Count
    redeal_jacks: Count
    redeal_talon_points: Small
    redeal_talon_nines: Count
    redeal_talon_jacks: Count
    # §1.3 bidding
    opening_bid: Annotated[StrictInt, Field(ge=5, le=120)]
    bid_step: Annotated[StrictInt, Field(ge=5, le=60)]
    bid_over_120_without_marriage: StrictBool
    max_raise: Annotated[StrictInt, Field(ge=5, le=BID_CAP)] | None
    # §1.4 talon and gives
    hide_talon_at_100: StrictBool | None = None
    gives_open: StrictBool | None = None
    # §1.5 play
    must_beat: StrictBool
    must_overtrump: StrictBool
    marriage_on_first_lead: StrictBool
    last_trick_bonus: Small
    # §1.6 scoring
    round_declarer: StrictBool
    write_off_deducts: StrictBool
    write_off_award: Literal["half", "sixty"]
    write_off_on_barrel: StrictBool
    write_off_limit: Annotated[StrictInt, Field(ge=1, le=100)] | None
    bolt: Literal["zero", "no_trick"]
    penalty: Annotated[StrictInt, Field(ge=0, le=1000)]
    bolts: Literal["per_game", "in_a_row"]
    dump_truck_negative: StrictBool
    # §1.7 barrel
    barrel: Annotated[StrictInt, Field(ge=100, le=995)] | None
    win_needs_over: StrictBool
    barrel_attempts: Annotated[StrictInt, Field(ge=1, le=100)]
    third_fall_to_zero: StrictBool
    barrel_knock_off: StrictBool
    # §2 variants
    golden: StrictBool
    golden_raise: StrictBool
    golden_fail: Literal["repeat", "reset"]
    dark: StrictBool | None = None
    dark_on_barrel: StrictBool | None = None
    ace_marriage: StrictBool
    four_nines_bonus: Annotated[StrictInt, Field(ge=0, le=1000)]
    # §3 two players
    hide_talon: StrictBool | None = None

    @field_validator("max_raise", "write_off_limit", "barrel", mode="before")
    @classmethod
    def _none_word(cls, value: object) -> object:
        """``"none"`` (a TOML file's way to say null) is ``None``."""
        return None if value == "none" else value

    def to_data(self) -> dict[str, Any]:
        """The configuration as a rules file's data, without the keys the count lacks."""
        absent = NOT_TWO if self.players == 2 else ONLY_TWO
        return {key: value for key, value in super().to_data().items() if key not in absent}

    @property
    def seats(self) -> range:
        """The seats, 0 to ``players - 1`` in playing order."""
        return range(self.players)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat that plays the deal: 10 with two players, else 7."""
        return 10 if self.players == 2 else 7


RULE_KEYS = tuple(Rules.model_fields)
"""The keys of a configuration, in the order CARD_THOUSAND.md lists them."""


def validate_rules(data: dict[str, Any]) -> Rules:
    """Validate a complete configuration; raise :class:`RulesError` naming the bad key."""
    return validate(Rules, data, _check_consistency)


def _refuse(key: str, why: str) -> RulesError:
    return RulesError(f"rules key '{key}': {why}", key)


def _check_consistency(rules: Rules) -> None:
    """Checks between keys that a per-key type cannot express (§8)."""
    absent, needed = (NOT_TWO, ONLY_TWO) if rules.players == 2 else (ONLY_TWO, NOT_TWO)
    for key in absent:
        if getattr(rules, key) is not None:
            raise _refuse(key, f"a game of {rules.players} players has no such rule")
    for key in needed:
        if getattr(rules, key) is None:
            raise RulesError(f"rules key '{key}' is missing", key)
    step = rules.bid_step
    if step % 5:
        raise _refuse("bid_step", f"must be a multiple of 5, got {step}")
    if rules.opening_bid % step:
        raise _refuse("opening_bid", f"must be a multiple of bid_step ({step})")
    if rules.max_raise is not None and rules.max_raise % step:
        raise _refuse("max_raise", f"must be a multiple of bid_step ({step})")
    if rules.barrel is not None and rules.barrel % 5:
        raise _refuse("barrel", f"must be a multiple of 5, got {rules.barrel}")
    if rules.four_nines_bonus % 5:
        raise _refuse("four_nines_bonus", "must be a multiple of 5")
