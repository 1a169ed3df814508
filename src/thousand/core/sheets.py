"""What every game's paper score sheet shares: how it writes numbers, and its language.

A sheet writes minus points with a real minus sign (``−40``, not ``-40``), marks a turn
still being played with ``…``, and speaks English when no language is asked for
(``thousand replay`` without ``--lang``). Each game draws its own rows and columns.
"""

from __future__ import annotations

from thousand.core.i18n import DEFAULT_LANGUAGE, Translator, translator

MINUS = "−"
"""The minus sign a sheet writes (U+2212), wider than a hyphen and never a line break."""

IN_PROGRESS = "…"
"""The mark of a turn still being played."""


def number(value: int) -> str:
    """A score, negative ones with a real minus sign."""
    return str(value) if value >= 0 else f"{MINUS}{-value}"


def signed(value: int) -> str:
    """``+40`` / ``−50`` with a real minus sign, as a score sheet writes a change."""
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def sheet_translator(tr: Translator | None) -> Translator:
    """``tr``, or the default language's when a sheet is drawn without one."""
    return tr or translator(DEFAULT_LANGUAGE)
