"""JSON text as the server writes it: to its clients and to its database.

One function, on orjson: the server writes JSON for every message to every connection and
for every change it stores, and the standard library's encoder was a tenth of the
processor time an action cost (issue 29's profile). The text is compact and keeps
non-ASCII characters as they are (names, Russian words), as ``json.dumps(...,
ensure_ascii=False, separators=(",", ":"))`` writes it; whatever reads it with ``json``
reads the same values.
"""

from __future__ import annotations

from typing import Any

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS
"""Keys that are numbers are written as strings, as the standard library does."""


def encoded(value: Any) -> bytes:
    """``value`` as compact JSON text, encoded in UTF-8: what a socket writes (a state
    message goes to its connections as it comes, never decoded and encoded again).

    Written without :data:`OPTIONS` first: orjson takes nearly twice as long over a
    state message with them, and nearly every value has only text keys; one with
    another key is refused at once and written again with them."""
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        return orjson.dumps(value, option=OPTIONS)


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    return encoded(value).decode()
