"""JSON text as the server writes it: to its clients and to its database.

One function, on orjson: the server writes JSON for every message to every connection and
for every change it stores, and the standard library's encoder was a tenth of the
processor time an action cost (issue 29's profile). The text is compact and keeps
non-ASCII characters as they are (names, Russian words), as ``json.dumps(...,
ensure_ascii=False, separators=(",", ":"))`` writes it; whatever reads it with ``json``
reads the same values.

A view's lists that grow with the game (a record's finished turns, a sheet's finished
rounds) are :class:`Grown`: a list like any other to every reader, whose finished part
is a :class:`Kept` list the room holds between changes, never written to, and written
as text once, not at every change (issue 29: per action, work that does not grow with
the game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS
"""Keys that are numbers are written as strings, as the standard library does."""

_SUBCLASSES = orjson.OPT_PASSTHROUGH_SUBCLASS
"""A :class:`Grown` list goes to :func:`_text_of`, which writes its kept part's text
(orjson writes a list subclass as a list otherwise)."""


class Kept(list[Any]):
    """A list a room keeps between changes and never writes to (the entries of finished
    turns, the rows of finished rounds), with the JSON text of its first items, made
    once for each count asked for (:class:`Grown`), each from the longest text already
    made before it: a list one turn longer than the last one kept (``base``, of which
    it holds the first ``shared`` items) writes that turn alone."""

    __slots__ = ("_texts",)

    def __init__(self, items: Iterable[Any] = (), base: Kept | None = None, shared: int = 0):
        super().__init__(items)
        self._texts: dict[int, bytes] = {}
        if base is not None and shared in base._texts:
            self._texts[shared] = base._texts[shared]  # its text, not the list

    def text(self, count: int) -> bytes:
        """The first ``count`` items as JSON text, comma-separated, without brackets."""
        text = self._texts.get(count)
        if text is None:
            known = max((made for made in self._texts if made < count), default=0)
            head = self._texts.get(known, b"")
            rest = _encode(list(self[known:count]))[1:-1]
            text = head + b"," + rest if head and rest else head or rest
            if len(self._texts) > 2:  # a kept list is asked for one or two counts
                del self._texts[min(self._texts)]
            self._texts[count] = text
        return text


class Grown(list[Any]):
    """A list of ``kept``'s first ``count`` items (all when None), then ``tail``: a list
    for every reader; written as ``kept``'s text and the tail's alone."""

    __slots__ = ("_count", "_kept")

    def __init__(self, kept: Kept, tail: Iterable[Any], count: int | None = None) -> None:
        self._kept = kept
        self._count = len(kept) if count is None else count
        super().__init__(kept if count is None else kept[:count])
        self.extend(tail)

    def text(self) -> bytes:
        """The list as JSON text."""
        head = self._kept.text(self._count)
        tail = _encode(list(self[self._count :]))
        if not head:
            return tail
        if len(tail) == 2:  # []
            return b"[" + head + b"]"
        return b"[" + head + b"," + tail[1:]


def _text_of(value: Any) -> Any:
    """What orjson writes for a subclass of a builtin type: a grown list's text, made
    from its kept part's; anything else as its builtin type."""
    if isinstance(value, Grown):
        return orjson.Fragment(value.text())
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list | tuple):
        return list(value)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def _encode(value: Any) -> bytes:
    try:
        return orjson.dumps(value, default=_text_of, option=_SUBCLASSES)
    except orjson.JSONEncodeError:
        return orjson.dumps(value, default=_text_of, option=_SUBCLASSES | OPTIONS)


def encoded(value: Any) -> bytes:
    """``value`` as compact JSON text, encoded in UTF-8: what a socket writes (a state
    message goes to its connections as it comes, never decoded and encoded again).

    Written without :data:`OPTIONS` first: orjson takes nearly twice as long over a
    state message with them, and nearly every value has only text keys; one with
    another key is refused at once and written again with them."""
    return _encode(value)


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    return _encode(value).decode()
