"""The game's languages: Russian and English message catalogs read with :mod:`gettext`.

Every text a player sees is an English ``msgid`` in the code, looked up in the catalog
of the chosen language (``locale/{ru,en}/LC_MESSAGES/thousand.mo``, compiled from the
``.po`` files beside them by ``scripts/update_catalogs.py``). Only the standard library
reads catalogs at run time; Babel, which extracts and compiles them, is a development
tool. Texts are looked up through a :class:`Translator` passed to whoever draws, never
through a process-wide ``_``, so the language is a per-game setting and tests can run
both languages side by side.

Placeholders are named (``{threshold}``) and filled with :meth:`str.format` after the
lookup, so a translation may put them in any order.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path

DOMAIN = "thousand"
LANGUAGES = ("ru", "en")
"""The languages with a catalog."""

DEFAULT_LANGUAGE = "en"


def locale_dir() -> Path:
    """The folder holding ``{lang}/LC_MESSAGES/thousand.mo`` inside the package."""
    return Path(str(resources.files("thousand.core").joinpath("locale")))


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale: Russian if it starts with ``ru``, else English.

    The POSIX order is followed: ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``; the
    first one that is set decides.
    """
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return DEFAULT_LANGUAGE


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark only"
    """Mark a text for the catalog without translating it yet (tables of names)."""
    return message


class Translator:
    """One language's catalog: :meth:`gettext`, :meth:`ngettext` and :meth:`pgettext`."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"no catalog for language '{language}'")
        self.language = language
        self._catalog = gettext.translation(
            DOMAIN, localedir=locale_dir(), languages=[language], fallback=False
        )

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    def gettext(self, message: str) -> str:
        """The translation of ``message`` (the English text itself where there is none)."""
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form for ``count`` (Russian has three: 1 кость, 2 кости, 5 костей)."""
        return self._catalog.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        """A translation told apart by ``context`` (a short word used in two senses)."""
        return self._catalog.pgettext(context, message)


@cache
def translator(language: str) -> Translator:
    """The shared :class:`Translator` of a language."""
    return Translator(language)
