"""The presets of card Thousand (CARD_THOUSAND.md §4), through the book every game shares.

Each preset is a complete file in ``presets/`` naming the seed's texts it follows; a
user's rules are ``{"preset": NAME, ...keys}``, merged and validated whole by
:class:`thousand.core.presets.PresetBook`. The one thing a spec may not do here is change
``players``: each preset fixes it (§8 "Player count"), so another count means another
preset, and the refusal says which.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from thousand.core.errors import RulesError
from thousand.core.presets import PresetBook
from thousand.games.card1000.config import Rules, validate_rules

PRESET_NAMES = ("classic", "four_players", "two_players", "golden_dark")
"""The shipped presets, ``classic`` (the default, §1) first."""

DEFAULT_PRESET = "classic"

PRESET_FOR_COUNT = {3: "classic", 4: "four_players", 2: "two_players"}
"""The preset to choose for a number of players."""


class _Book(PresetBook[Rules]):
    """The shared book, refusing a spec that changes the preset's number of players."""

    def rules_from_spec(self, spec: object) -> Rules:
        if isinstance(spec, Mapping) and "players" in spec:
            name = self.check_name(spec.get("preset", self.default))
            fixed = self.preset_data(name)["players"]
            if spec["players"] != fixed:
                raise RulesError(
                    f"rules key 'players': the preset '{name}' is for {fixed} players; "
                    f"choose the preset instead ({_choices()})",
                    "players",
                )
        return super().rules_from_spec(spec)


def _choices() -> str:
    return ", ".join(f"{count}: {name}" for count, name in sorted(PRESET_FOR_COUNT.items()))


BOOK = _Book("thousand.games.card1000", PRESET_NAMES, validate_rules, family=("players",))


# The book's methods under the names the rest of the game imports.
preset_data = BOOK.preset_data
load_preset = BOOK.load_preset
rules_from_spec = BOOK.rules_from_spec
load_rules = BOOK.load_rules
rules_to_spec = BOOK.rules_to_spec


def rules_data(rules: Rules) -> dict[str, Any]:
    """A rule set as a complete rules file's data (``"none"`` where TOML needs it)."""
    return {key: "none" if value is None else value for key, value in rules.to_data().items()}
