"""A room stored as a head, a snapshot of its record and the record's latest rows.

Writing a room's whole document after every action made an action's cost grow with its
game (a game's storing was quadratic in its length). A room is stored in three parts
instead (:mod:`thousand.web.store`):

* its **head**, :meth:`BaseRoom.head_doc <thousand.web.rooms.base.BaseRoom.head_doc>`
  — seats, options, status, clock: everything but the game's record, a size that does not
  grow — rewritten with each change in the room's row, under the version check on ``seq``;
* a **snapshot** of the record, written whole every :data:`SNAPSHOT_EVERY` changes;
* a **log entry** per change since the snapshot: the record's header and its rows from
  the first one that may have changed (:func:`change`).

What makes the log entry small is how every game writes its record: a row (a turn, a deal)
is only ever appended, and only the last one changes while it is played (the recorders'
``rows``). An entry therefore carries the rows from the last one this process stored
onwards — one or two — and says where they start (``from``); the rows before it are the
stored ones. Keeping the score of real cards, the last deal may be taken back: its entry
starts at that deal and carries none. A new game (a rematch) starts from its first row.
Tests run the server checking every entry against the whole document
(:attr:`Settings.check_storage <thousand.web.settings.Settings.check_storage>`).

:class:`Stored` is what this process last stored of a room, as JSON texts: a change is
built from it, and a change that fails puts the room back from it without the database.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from thousand.web.history import FinishedGame
from thousand.web.jsontext import dumps
from thousand.web.rooms.base import BaseRoom, repeat

SNAPSHOT_EVERY = 64
"""Changes between two snapshots of a room's record: loading a room reads at most this
many log entries, and a change writes the whole record once in this many."""


@dataclass(frozen=True)
class Stored:
    """A room as stored: its head, and its record's header and rows, as JSON texts."""

    seq: int
    head: str
    """The room's document without its record."""
    header: str | None
    """The record without its rows; None: the room has no game yet."""
    key: str
    """The key of the record's rows (``turns``, ``deals``)."""
    rows: tuple[str, ...]
    number: int
    """The game (``number`` of the room) the rows are of."""
    snapshot_seq: int
    """The ``seq`` of the record's latest snapshot."""

    def record_text(self) -> str:
        """The record as JSON text (``null`` without a game)."""
        if self.header is None:
            return "null"
        return f'{self.header[:-1]},"{self.key}":[{",".join(self.rows)}]}}'

    def text(self) -> str:
        """The room's whole document (:meth:`BaseRoom.to_doc`) as JSON text."""
        return f'{self.head[:-1]},"record":{self.record_text()}}}'

    @classmethod
    def of(
        cls, doc: Mapping[str, Any], key: str | None = None, snapshot_seq: int | None = None
    ) -> Stored:
        """The stored form of a whole document (a room created, or read back); ``key``:
        its record's rows' (found in the record when not given)."""
        head = {key: value for key, value in doc.items() if key != "record"}
        record = doc.get("record")
        seq = int(doc["seq"])
        snapshot = seq if snapshot_seq is None else snapshot_seq
        if key is None:
            key = "deals" if record is not None and "deals" in record else "turns"
        if record is None:
            return cls(seq, dumps(head), None, key, (), int(doc.get("number", 1)), snapshot)
        header = {name: value for name, value in record.items() if name != key}
        rows = tuple(dumps(row) for row in record.get(key, ()))
        return cls(seq, dumps(head), dumps(header), key, rows, int(doc["number"]), snapshot)


def stored_of(
    room: BaseRoom, doc: Mapping[str, Any] | None = None, snapshot_seq: int | None = None
) -> Stored:
    """What the database holds of ``room`` when its whole document (``doc``, or the
    room's own) was just written or read, its record's snapshot at ``snapshot_seq`` (None:
    at the document's ``seq``)."""
    key = None if room.session is None else room.session.record.ROWS
    return Stored.of(room.to_doc() if doc is None else doc, key, snapshot_seq)


@dataclass(frozen=True)
class Change:
    """One change of a room as the store writes it (:meth:`Store.append_room
    <thousand.web.store.Store.append_room>`)."""

    room: str
    seq: int
    status: str
    private: bool
    driven: bool
    head: str
    """The room's new head (JSON)."""
    entry: str
    """The log entry (JSON): ``{"after": SEQ, "op": OP|null, "record": HEADER|null, "key":
    K, "from": N, "rows": [...]}`` — the change from the room at ``after``, the operation
    that made it (:attr:`BaseRoom.op <thousand.web.rooms.base.BaseRoom.op>`), the record's
    header and its rows from ``from`` on."""
    snapshot: str | None
    """The whole record (JSON), when this change takes a snapshot."""
    finished: FinishedGame | None = None
    """The game this change ended, to be kept with it (:mod:`thousand.web.history`)."""


def change(room: BaseRoom, stored: Stored) -> tuple[Change, Stored]:
    """The change that takes the room from ``stored`` to what it is now, and what is
    stored once it is written. Costs the room's head and its record's last rows."""
    head = room.head_doc()
    head_text = dumps(head)
    recorder = None if room.session is None else room.session.record
    tail: tuple[str, ...] = ()
    if recorder is None:
        header, key, start = None, stored.key, 0
    else:
        key, rows = recorder.ROWS, recorder.rows
        same_game = stored.header is not None and stored.number == room.number
        start = min(max(len(stored.rows) - 1, 0), len(rows)) if same_game else 0
        tail = tuple(dumps(row) for row in rows[start:])
        header = dumps(recorder.header())
    entry = (
        f'{{"after":{stored.seq},"op":{dumps(room.op)},"record":{header or "null"},'
        f'"key":"{key}","from":{start},"rows":[{",".join(tail)}]}}'
    )
    after = Stored(
        seq=room.seq,
        head=head_text,
        header=header,
        key=key,
        rows=stored.rows[:start] + tail,
        number=room.number,
        snapshot_seq=stored.snapshot_seq,
    )
    snapshot = None
    if room.seq - stored.snapshot_seq >= SNAPSHOT_EVERY:
        snapshot = after.record_text()
        after = replace(after, snapshot_seq=room.seq)
    written = Change(
        room=room.id,
        seq=room.seq,
        status=room.status,
        private=bool(room.options.private),
        driven=bool(head["driven"]),
        head=head_text,
        entry=entry,
        snapshot=snapshot,
    )
    return written, after


def apply(record: Any, entry: Mapping[str, Any]) -> Any:
    """The record after a log entry (``record``: before it; None without a game)."""
    header = entry["record"]
    if header is None:
        return None
    key = entry["key"]
    kept = [] if record is None else list(record.get(key, ()))[: entry["from"]]
    return {**header, key: kept + list(entry["rows"])}


def assemble(
    head: Mapping[str, Any], snapshot: str | None, entries: Iterable[str]
) -> dict[str, Any]:
    """The room's whole document from its stored parts: its head, its record's snapshot
    (None: the room's row never had one) and the log entries after it, in order."""
    doc = dict(head)
    if snapshot is not None:
        doc["record"] = json.loads(snapshot)
    for text in entries:
        doc["record"] = apply(doc.get("record"), json.loads(text))
    return doc


def check(room: BaseRoom, after: Stored) -> None:
    """Raise AssertionError unless ``after`` (what a change stores) puts together the
    room's whole document as it is (:attr:`Settings.check_storage
    <thousand.web.settings.Settings.check_storage>`)."""
    whole = json.loads(dumps(room.to_doc()))
    parts = json.loads(after.text())
    if parts != whole:
        raise AssertionError(f"room {room.id}: the stored parts differ from the room at {room.seq}")


def follows(entry: str, stored: Stored) -> bool:
    """Whether the log entry ``entry`` was made from the room as ``stored`` (its
    ``after``): the change right after it."""
    try:
        return bool(json.loads(entry)["after"] == stored.seq)
    except (ValueError, KeyError, TypeError):
        return False


def caught_up(room: BaseRoom, stored: Stored, head: str, entries: Sequence[str]) -> Stored | None:
    """Bring ``room`` (as ``stored``) up to what another process stored since, by making
    its operations again (:func:`~thousand.web.rooms.base.repeat`) instead of reading the
    room back and replaying its record: what it stored is then ``head`` and ``entries``
    (the log after ``stored.seq``, in order). Each change made here must come out as the
    other process wrote it, entry for entry and the head at the end; what is stored then,
    or None when it does not (an operation that cannot be repeated — a seat taken, a
    rematch — or anything else): the caller reads the room back instead, and ``room`` is
    not to be used."""
    for text in entries:
        entry = json.loads(text)
        if entry["after"] != stored.seq or entry["op"] is None:
            return None
        room.op = None
        try:
            repeat(room, entry["op"])
        except Exception:
            return None
        written, stored = change(room, stored)
        if written.entry != text:
            return None
    return stored if stored.head == head else None
