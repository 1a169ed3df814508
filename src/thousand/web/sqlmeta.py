"""The one SQLAlchemy ``MetaData`` of the server's tables.

A module of its own because the tables live beside the code that writes them — the
rooms' in :mod:`.store`, the players' and finished games' in :mod:`.history` — and the
store imports the history (a game's end is kept in the transaction of its last change):
both declare their tables here, and a test holds the whole equal to what the newest
migration (:mod:`.schema`) leaves in a database.
"""

from __future__ import annotations

from sqlalchemy import MetaData

metadata = MetaData()
"""Every table of the server, as the newest migration leaves them."""
