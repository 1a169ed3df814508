"""English words for engine values, shared by the command line and the score sheet.

The engine names things with stable identifiers (``three_of_a_kind``, ``knocked_off``);
people read "three 2s" and "knocked off". Only here are the two mapped, so every
output says the same thing.
"""

from __future__ import annotations

from thousand.games.dice1000.config import Rules
from thousand.games.dice1000.presets import rules_to_spec
from thousand.games.dice1000.scoring import Combination

_COUNT_WORDS = {3: "three", 4: "four", 5: "five"}

_FIXED_NAMES = {
    "small_straight": "small straight",
    "big_straight": "big straight",
    "small_favorite": "small favorite",
    "big_favorite": "big favorite",
}

PENALTY_WORDS = {
    "bolts": "bolts",
    "barrel_attempts": "fell off the barrel",
    "overtaken": "overtaken",
    "knocked_off": "knocked off",
}
"""``Penalty.reason`` as shown to players."""


def combination_name(combination: Combination) -> str:
    """``three 2s``, ``single 5``, ``pair of 3s``, ``small straight`` …"""
    face = combination.dice[0]
    name = combination.name
    if name == "single":
        return f"single {face}"
    if name == "pair":
        return f"pair of {face}s"
    if name.endswith("_of_a_kind"):
        return f"{_COUNT_WORDS[len(combination.dice)]} {face}s"
    return _FIXED_NAMES.get(name, name.replace("_", " "))


def faces(dice: tuple[int, ...] | list[int]) -> str:
    """Dice as players write them: ``2 2 2 5 5``."""
    return " ".join(map(str, dice))


def rules_name(rules: Rules) -> str:
    """``ussr``, or ``ussr with changes to: entry_threshold`` for a preset plus overrides."""
    spec = rules_to_spec(rules)
    if isinstance(spec, str):
        return spec
    changed = ", ".join(key for key in spec if key != "preset")
    return f"{spec['preset']} with changes to: {changed}"
