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


LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where gettext looks for the language of messages, in its order."""


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale, as gettext itself would choose the catalog.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides
    (the order :func:`gettext.find` follows). Its value may be a colon list of
    preferences (``LANGUAGE=uk:ru:en``): the first entry with a catalog here wins, its
    language read from the part before any territory, encoding or modifier
    (``ru_RU.UTF-8`` → ``ru``). Nothing usable — ``C``, ``POSIX``, only languages without
    a catalog — is English.
    """
    env = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = env.get(variable)
        if not value:
            continue
        for entry in value.split(":"):
            language = entry.split(".")[0].split("@")[0].split("_")[0].strip().lower()
            if language in LANGUAGES:
                return language
        return DEFAULT_LANGUAGE
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
