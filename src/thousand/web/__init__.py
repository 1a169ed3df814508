"""Online play in the browser: ``thousand serve``, the authority over rooms of players.

PROTOCOL.md is the contract. The pieces, each in a module of its own:

* :mod:`.protocol` — the messages and bodies, checked with pydantic, and the error codes;
* :mod:`.rooms` — the rooms: :mod:`.rooms.base`, a room of any game (seats, options,
  joining, acting, rematches — plain synchronous code that knows nothing of sockets), and
  each game's web adapter ``rooms/NAME`` (its room and its view of the game, inside the
  frame every game's view shares: :mod:`.rooms.view_frame`), found by the game's name in
  :mod:`.tables` through the registry (:func:`thousand.games.adapter`);
* :mod:`.store` — rooms in a database (SQLite by default, any SQLAlchemy URL);
* :mod:`.limits` — rate limits;
* :mod:`.hub` — the rooms in memory: changes stored, then sent to every connection;
  :mod:`.driver` — computer players, clocks and the advisor; :mod:`.routes` — HTTP and
  the application; :mod:`.sockets` — the WebSocket loop (:mod:`.server` names the
  application and its settings for ``thousand serve``);
* ``static/`` — the page itself, plain HTML, CSS and JavaScript with no build step.

The server never re-implements a rule: every action goes through the engine's checked
path, and chance comes from one committed seed per game (:mod:`thousand.core.chance`,
each game's outcomes under its name).
"""
