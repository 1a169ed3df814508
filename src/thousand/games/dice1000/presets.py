"""Presets and rules files: a preset plus overrides gives a complete :class:`Rules`.

Presets are data files shipped inside the package (``presets/*.toml``), each complete,
with comments naming the passage of the seeds it comes from (players are told what the
rules are, in their language, by :data:`~thousand.games.dice1000.words.PRESET_DESCRIPTIONS`).
A user's rules
(a record's ``rules`` object, or a TOML/JSON rules file) is ``{"preset": NAME, ...}``
with any keys of RULES.md §2; the overrides are merged onto the preset — tables merge
key by key, lists and plain values replace — and the result is validated whole.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from thousand.core.errors import RulesError
from thousand.core.files import load_data
from thousand.games.dice1000.config import Rules, validate_rules

PRESET_NAMES = ("classic", "ussr", "courtyard", "barrel850")
"""The shipped presets, classic (the default) first."""

DEFAULT_PRESET = "classic"
_META_KEYS = ("preset", "description")


@cache
def _preset_file(name: str) -> dict[str, Any]:
    text = (
        resources.files("thousand.games.dice1000")
        .joinpath("presets", f"{name}.toml")
        .read_text("utf-8")
    )
    return tomllib.loads(text)


def _check_preset_name(name: object) -> str:
    if not isinstance(name, str) or name not in PRESET_NAMES:
        shown = name if isinstance(name, str) else repr(name)
        raise RulesError(f"unknown preset '{shown}' (known: {', '.join(PRESET_NAMES)})", "preset")
    return name


def preset_data(name: str) -> dict[str, Any]:
    """A fresh copy of the preset's complete configuration."""
    return copy.deepcopy(_preset_file(_check_preset_name(name)))


@cache
def load_preset(name: str) -> Rules:
    """The validated rules of a preset."""
    return validate_rules(preset_data(name))


def _merge(base: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; anything else (lists, numbers, ``false``) replaces."""
    merged = dict(base)
    for key, value in overrides.items():
        old = merged.get(key)
        if isinstance(value, Mapping) and isinstance(old, dict):
            merged[key] = _merge(old, value)
        else:
            merged[key] = value
    return merged


def rules_from_spec(spec: object) -> Rules:
    """Rules from a preset name or a ``{"preset": NAME, ...overrides}`` mapping."""
    if isinstance(spec, str):
        return load_preset(_check_preset_name(spec))
    if not isinstance(spec, Mapping):
        raise RulesError("rules must be a preset name or a table {preset, …overrides}")
    name = _check_preset_name(spec.get("preset", DEFAULT_PRESET))
    description = spec.get("description")
    if description is not None and not isinstance(description, str):
        raise RulesError("rules key 'description' must be text", "description")
    overrides = {key: value for key, value in spec.items() if key not in _META_KEYS}
    if not overrides:
        return load_preset(name)
    return validate_rules(_merge(preset_data(name), overrides))


def load_rules(name_or_path: str) -> Rules:
    """``--rules`` argument: a preset name, or the path of a TOML or JSON rules file."""
    if name_or_path in PRESET_NAMES:
        return load_preset(name_or_path)
    looks_like_file = Path(name_or_path).suffix.lower() in {".toml", ".json"}
    if not looks_like_file and not Path(name_or_path).exists():
        _check_preset_name(name_or_path)
    data = load_data(name_or_path)
    if isinstance(data, Mapping) and not data:
        # An empty file (or one of comments only) would silently be the classic rules:
        # more likely a file not written yet than a choice.
        raise RulesError(
            f'{name_or_path}: the rules file is empty (name a preset: preset = "classic")'
        )
    try:
        return rules_from_spec(data)
    except RulesError as exc:
        raise RulesError(f"{name_or_path}: {exc}", exc.key) from None


def rules_to_spec(rules: Rules) -> str | dict[str, Any]:
    """The shortest spec that gives ``rules``: a preset name, or a preset plus overrides.

    The preset chosen is the one needing the fewest top-level overrides (ties: the
    earlier preset in :data:`PRESET_NAMES`), so a record names the variant it plays.
    """
    data = rules.to_data()
    best: tuple[int, str, dict[str, Any]] | None = None
    for name in PRESET_NAMES:
        base = load_preset(name).to_data()
        diff = {key: value for key, value in data.items() if base.get(key) != value}
        if best is None or len(diff) < best[0]:
            best = (len(diff), name, diff)
    assert best is not None
    _, name, diff = best
    return name if not diff else {"preset": name, **diff}
