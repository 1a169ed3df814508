"""Presets and rules files, for any game: a preset plus overrides gives complete rules.

Every game of the program keeps its rules as data the same way (dice 1000's RULES.md §2,
poker dice's POKER_DICE.md §2): complete presets shipped as TOML files inside the game's
package, and a user's rules — a record's ``rules`` object, a TOML or JSON rules file —
written as ``{"preset": NAME, ...overrides}``. Overrides are merged onto the preset
(tables key by key; lists and plain values replace) and the result is validated whole by
the game's own validator. :class:`PresetBook` is that machinery once; a game makes one
book from its package, its preset names and its validator.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from thousand.core.errors import RulesError
from thousand.core.files import load_data

META_KEYS = ("preset", "description")
"""Keys of a rules spec that are not rules."""


class RulesData(Protocol):
    """What a game's validated rules offer the book: their plain data."""

    def to_data(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=RulesData)


def merge(base: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """Tables merge key by key; anything else (lists, numbers, ``false``) replaces."""
    merged = dict(base)
    for key, value in overrides.items():
        old = merged.get(key)
        if isinstance(value, Mapping) and isinstance(old, dict):
            merged[key] = merge(old, value)
        else:
            merged[key] = value
    return merged


class PresetBook(Generic[R]):
    """The presets of one game: ``package/presets/NAME.toml``, validated by ``validate``."""

    def __init__(
        self,
        package: str,
        names: tuple[str, ...],
        validate: Callable[[dict[str, Any]], R],
        family: tuple[str, ...] = (),
    ) -> None:
        self.package = package
        self.family = family
        """Keys a spec never overrides: they say which game of the family a preset is
        (poker dice's ``sheet``), so a spec names a preset of the same game."""
        self.names = names
        self.default = names[0]
        self._validate = validate
        self._file = cache(self._read_file)
        self.load_preset = cache(self._load_preset)

    def _read_file(self, name: str) -> dict[str, Any]:
        text = resources.files(self.package).joinpath("presets", f"{name}.toml")
        return tomllib.loads(text.read_text("utf-8"))

    def check_name(self, name: object) -> str:
        """``name`` if it is a preset of this game; else a one-line error naming them."""
        if not isinstance(name, str) or name not in self.names:
            shown = name if isinstance(name, str) else repr(name)
            known = ", ".join(self.names)
            raise RulesError(f"unknown preset '{shown}' (known: {known})", "preset")
        return name

    def preset_data(self, name: str) -> dict[str, Any]:
        """A fresh copy of the preset's complete configuration."""
        return copy.deepcopy(self._file(self.check_name(name)))

    def _load_preset(self, name: str) -> R:
        return self._validate(self.preset_data(name))

    def rules_from_spec(self, spec: object) -> R:
        """Rules from a preset name or a ``{"preset": NAME, ...overrides}`` mapping."""
        if isinstance(spec, str):
            return self.load_preset(self.check_name(spec))
        if not isinstance(spec, Mapping):
            raise RulesError("rules must be a preset name or a table {preset, …overrides}")
        name = self.check_name(spec.get("preset", self.default))
        description = spec.get("description")
        if description is not None and not isinstance(description, str):
            raise RulesError("rules key 'description' must be text", "description")
        overrides = {key: value for key, value in spec.items() if key not in META_KEYS}
        if not overrides:
            return self.load_preset(name)
        return self._validate(merge(self.preset_data(name), overrides))

    def load_rules(self, name_or_path: str) -> R:
        """A ``--rules`` argument: a preset name, or the path of a TOML or JSON rules file."""
        if name_or_path in self.names:
            return self.load_preset(name_or_path)
        looks_like_file = Path(name_or_path).suffix.lower() in {".toml", ".json"}
        if not looks_like_file and not Path(name_or_path).exists():
            self.check_name(name_or_path)
        data = load_data(name_or_path)
        if isinstance(data, Mapping) and not data:
            # An empty file (or one of comments only) would silently be the default
            # rules: more likely a file not written yet than a choice.
            raise RulesError(
                f"{name_or_path}: the rules file is empty "
                f'(name a preset: preset = "{self.default}")'
            )
        try:
            return self.rules_from_spec(data)
        except RulesError as exc:
            raise RulesError(f"{name_or_path}: {exc}", exc.key) from None

    def _same_family(self, name: str, data: dict[str, Any]) -> bool:
        base = self.load_preset(name).to_data()
        return all(base.get(key) == data.get(key) for key in self.family)

    def rules_to_spec(self, rules: R) -> str | dict[str, Any]:
        """The shortest spec that gives ``rules``: a preset name, or a preset plus overrides.

        The preset chosen is the one needing the fewest top-level overrides (ties: the
        earlier preset), so a record names the variant it plays; it is one of the same
        :attr:`family` (a Russian sheet with its bonuses off is not the ranking game with
        another sheet). With no preset of its family, the family key is overridden.
        """
        data = rules.to_data()
        best: tuple[int, str, dict[str, Any]] | None = None
        family = [name for name in self.names if self._same_family(name, data)]
        for name in family or self.names:
            base = self.load_preset(name).to_data()
            diff = {key: value for key, value in data.items() if base.get(key) != value}
            if best is None or len(diff) < best[0]:
                best = (len(diff), name, diff)
        assert best is not None
        _, name, diff = best
        return name if not diff else {"preset": name, **diff}
