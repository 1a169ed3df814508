"""The server as ``thousand serve`` starts it: the application and its settings.

The server's parts each have a module of their own — the hub of rooms in memory
(:mod:`.hub`), the driver of computers, clocks and the advisor (:mod:`.driver`), the HTTP
routes (:mod:`.routes`), the WebSocket loop (:mod:`.sockets`) — and the rooms of each game
are in :mod:`thousand.web.rooms`. This module names what starts them all, for the command
line, the tests and the benchmarks.
"""

from __future__ import annotations

from thousand.web.routes import create_app
from thousand.web.settings import Settings

__all__ = ["Settings", "create_app"]
