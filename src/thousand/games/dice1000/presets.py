"""Presets and rules files: a preset plus overrides gives a complete :class:`Rules`.

Presets are data files shipped inside the package (``presets/*.toml``), each complete,
with comments naming the passage of the seeds it comes from (players are told what the
rules are, in their language, by :data:`~thousand.games.dice1000.words.PRESET_DESCRIPTIONS`).
A user's rules
(a record's ``rules`` object, or a TOML/JSON rules file) is ``{"preset": NAME, ...}``
with any keys of RULES.md §2, merged and validated by the book every game shares
(:class:`thousand.core.presets.PresetBook`).
"""

from __future__ import annotations

from thousand.core.presets import PresetBook
from thousand.games.dice1000.config import Rules, validate_rules

PRESET_NAMES = ("classic", "ussr", "courtyard", "barrel850")
"""The shipped presets, classic (the default) first."""

DEFAULT_PRESET = "classic"

BOOK: PresetBook[Rules] = PresetBook("thousand.games.dice1000", PRESET_NAMES, validate_rules)
"""The presets of dice 1000 (:class:`thousand.core.presets.PresetBook`)."""


# The book's methods under the names the rest of the game imports.
preset_data = BOOK.preset_data
load_preset = BOOK.load_preset
rules_from_spec = BOOK.rules_from_spec
load_rules = BOOK.load_rules
rules_to_spec = BOOK.rules_to_spec
