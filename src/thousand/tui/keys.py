"""Key bindings that work whatever keyboard layout the player has switched to.

A player who writes Russian has the Russian layout on more often than not: the key
marked S then types ``ы``, and a binding on ``s`` alone would do nothing at all — the
game would look frozen. Every letter key of the game therefore answers to the letter
the same physical key types in the standard Russian layout (ЙЦУКЕН), and to both
cases, since Caps Lock or Shift turns ``s`` into ``S`` (and ``ы`` into ``Ы``).

The terminal sends characters, not key positions, so this mapping is the only way to
know which physical key was meant.
"""

from __future__ import annotations

RUSSIAN_LAYOUT: dict[str, str] = dict(
    zip(
        "qwertyuiopasdfghjklzxcvbnm",
        "йцукенгшщзфывапролдячсмить",
        strict=True,
    )
)
"""Latin letter → the Cyrillic letter on the same key of the standard Russian layout."""


def any_layout(*keys: str) -> str:
    """A Textual key list for ``keys``, each letter also in Russian layout and both cases.

    ``any_layout("s", "space")`` is ``"s,S,ы,Ы,space"``; keys that are not single Latin
    letters (``space``, ``enter``, ``f1``, digits) are kept as they are — digits and
    Enter are the same in every layout.
    """
    names: list[str] = []
    for key in keys:
        variants = [key]
        if len(key) == 1 and key in RUSSIAN_LAYOUT:
            cyrillic = RUSSIAN_LAYOUT[key]
            variants = [key, key.upper(), cyrillic, cyrillic.upper()]
        names.extend(name for name in variants if name not in names)
    return ",".join(names)
