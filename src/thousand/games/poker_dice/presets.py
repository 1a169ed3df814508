"""The presets of poker dice (POKER_DICE.md §3), through the book every game shares.

Each preset is a complete file in ``presets/`` with comments naming the seed passage it
comes from; a user's rules are ``{"preset": NAME, ...keys}`` (POKER_DICE.md §2),
merged and validated by :class:`thousand.core.presets.PresetBook`.
"""

from __future__ import annotations

from thousand.core.presets import PresetBook
from thousand.games.poker_dice.config import Rules, validate_rules

PRESET_NAMES = ("russian", "russian_banked", "yahtzee", "ranking")
"""The shipped presets, ``russian`` (the default, S6) first."""

DEFAULT_PRESET = "russian"

BOOK: PresetBook[Rules] = PresetBook(
    "thousand.games.poker_dice", PRESET_NAMES, validate_rules, family=("sheet",)
)


# The book's methods under the names the rest of the game imports.
preset_data = BOOK.preset_data
load_preset = BOOK.load_preset
rules_from_spec = BOOK.rules_from_spec
load_rules = BOOK.load_rules
rules_to_spec = BOOK.rules_to_spec
