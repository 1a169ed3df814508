"""What ``thousand serve`` decides for the whole server (:class:`Settings`).

A module of its own because every part of the server reads it — the hub, the driver of
computers and clocks, the routes — and none of them should import another to get it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

CHECK_STORAGE = "THOUSAND_CHECK_STORAGE"
"""The environment variable that turns on :attr:`Settings.check_storage` (``1``)."""

PLAYERS = "THOUSAND_PLAYERS"
"""The environment variable that turns :attr:`Settings.players` off (``off``)."""


@dataclass(frozen=True)
class Settings:
    """What ``thousand serve`` decides for the whole server."""

    db_url: str
    bot_delay: float = 0.6
    """Seconds a computer waits before each decision, so people can follow the game."""
    http_rate: float = 20.0
    """Rooms created and seats joined per second per address (0: no limit)."""
    action_rate: float = 30.0
    """Actions a second per connection (0: no limit); a burst of four times that."""
    redis_url: str | None = None
    """The Redis of a deployment of several processes (None: this process is alone)."""
    resync_seconds: float = 3.0
    """With Redis: how often the rooms held are checked against the database (news lost
    while Redis was away) and rooms nobody drives are taken over."""
    idle_seconds: float = 60.0
    """With Redis: how long a room nobody is connected to and nothing drives (finished,
    or left by its players) stays in this process's memory after a sweep finds it so; a
    player back within it finds it at hand, later it is read from the database."""
    stale_seconds: float = 600.0
    """How long the lobby keeps listing a room nobody is connected to (ten minutes after
    the last device left, or after it was made if nobody came): an abandoned room leaves
    "Open rooms", and stays reachable by its link. Measured from the time kept in the
    database (``rooms.seen``, written at most once a minute a room), so every process of
    a deployment lists the same rooms."""
    check_storage: bool = field(default_factory=lambda: os.environ.get(CHECK_STORAGE) == "1")
    """Check every change stored against the room's whole document: that the stored parts
    (:mod:`thousand.web.roomlog`) put together give the room as it is. For tests (the
    suite turns it on through ``THOUSAND_CHECK_STORAGE=1``, its servers' processes too): it
    costs what writing the whole document cost."""
    players: bool = field(default_factory=lambda: os.environ.get(PLAYERS, "").lower() != "off")
    """Players without an account (player keys, their pages, the leaderboard: docs/history.md).
    Off (``--no-players`` or ``THOUSAND_PLAYERS=off``), the players' routes answer 404 and a
    ``player`` key in a room's body is ignored (the answer's ``player`` is null); finished
    games are kept all the same."""
