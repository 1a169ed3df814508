"""Online play in the browser: ``thousand serve``, the authority over rooms of players.

PROTOCOL.md is the contract. The pieces, each in a module of its own:

* :mod:`.protocol` — the messages and bodies, checked with pydantic, and the error codes;
* :mod:`.room` — a room: its seats, options, the game in play, joining, acting,
  rematches — plain synchronous code that knows nothing of sockets; what each game adds
  is a small interface (:class:`~.room.BaseRoom`), filled in by dice 1000's
  :class:`~.room.Room` and poker dice's :class:`~.poker_room.PokerRoom`, found by the
  game's name in :mod:`.tables`;
* :mod:`.views`, :mod:`.poker_views` — what a connection may see of a room, in its
  language, inside the frame every game's view shares (:mod:`.view_frame`);
* :mod:`.store` — rooms in a database (SQLite by default, any SQLAlchemy URL);
* :mod:`.limits` — rate limits;
* :mod:`.server` — the ASGI application: HTTP, WebSockets, computer players and clocks;
* ``static/`` — the page itself, plain HTML, CSS and JavaScript with no build step.

The server never re-implements a rule: every action goes through the engine's checked
path, and the dice come from :mod:`thousand.core.fairdice` (each game's under its name).
"""
