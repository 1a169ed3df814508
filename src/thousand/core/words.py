"""What every game says alike, in the player's language: dice, a rule set's key, and the
refusals every engine makes.

Each game has its own vocabulary (``thousand.games.<game>.words``); the words that do
not depend on the game are here, so each sentence exists once in the code as it does
in the catalogs. Both games throw five six-sided dice: their faces are written alike
(:func:`faces`, :func:`dice_count`), their engines refuse a finished game, a face that
is no die face and a throw of the wrong number of dice with the same ``rule`` ids, and
a rule set is typed after ``--rules`` alike (:func:`spec_key`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import N_, Translator

NOT_ALLOWED = N_("not allowed now")
"""A refusal whose rule has no words of its own."""

PLAIN_REFUSALS: Mapping[str, str] = {
    "game_over": N_("the game is over"),
}
"""The refusals every game words alike with no figures in them, by ``rule``."""


def faces(dice: Sequence[int]) -> str:
    """Die faces as players write them: ``2 2 2 5 5``."""
    return " ".join(map(str, dice))


def dice_count(tr: Translator, count: int) -> str:
    """``3 dice`` / ``3 кости``."""
    return tr.ngettext("{n} die", "{n} dice", count).format(n=count)


def player_label(tr: Translator, name: str, level: str | None) -> str:
    """A player's name, marked as a computer player when it is one; ``level`` is the
    computer's level as the game shows it in ``tr``'s language (each game names its own
    levels). A computer player named after its level (``Bold``) is not told twice."""
    if level is None:
        return name
    if name.lower().startswith(level.lower()):
        return tr.gettext("{name} (computer)").format(name=name)
    return tr.gettext("{name} (computer, {level})").format(name=name, level=level)


def spec_key(tr: Translator, spec: str | Mapping[str, Any]) -> str:
    """A rule set as one types it after ``--rules``, from the game's spec of it (a
    preset's name, or ``{"preset": NAME, ...changed keys}``): the preset's name, and the
    keys a house changed (``ussr with changes to: entry_threshold``)."""
    if isinstance(spec, str):
        return spec
    changed = ", ".join(key for key in spec if key != "preset")
    return tr.gettext("{preset} with changes to: {keys}").format(
        preset=spec["preset"], keys=changed
    )


def common_refusal(
    tr: Translator, error: IllegalActionError, plain: Mapping[str, str] | None = None
) -> str:
    """Why an engine refused an action, as every game says it: the game's own texts
    without figures (``plain``, by ``rule``), else the refusals every engine makes (a
    finished game, a face that is no die face, a throw of the wrong number of dice),
    else "not allowed now". A game words its refusals with figures first."""
    rule, params = error.rule, error.params
    text = (plain or {}).get(rule) or PLAIN_REFUSALS.get(rule)
    if text is not None:
        return tr.gettext(text)
    if rule == "face":
        return tr.gettext("{face} is not a die face (1–6)").format(face=params.get("face"))
    if rule == "dice_count":
        return tr.ngettext(
            "{expected} die was thrown: type {expected} face, not {got}",
            "{expected} dice were thrown: type {expected} faces, not {got}",
            int(params.get("expected", 0)),
        ).format(expected=params.get("expected"), got=params.get("got"))
    return tr.gettext(NOT_ALLOWED)


def time_span(tr: Translator, seconds: float) -> str:
    """``40 s``, ``7 min``, ``1.5 h`` in the player's language, at an estimate's precision
    (the solvers' English progress lines too: :func:`~thousand.core.pace.duration`)."""
    if seconds < 90:
        return tr.gettext("{count} s").format(count=max(1, round(seconds)))
    if seconds < 90 * 60:
        return tr.gettext("{count} min").format(count=round(seconds / 60))
    mark = tr.pgettext("decimal mark in a number", ".")
    return tr.gettext("{count} h").format(count=f"{seconds / 3600:.1f}".replace(".", mark))
