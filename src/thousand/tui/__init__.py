"""The terminal game: ``thousand play`` on a full screen, built with Textual.

What every game's screen shares is here (:mod:`.base`, :mod:`.keys`, :mod:`.screens`,
:mod:`.widgets`) and names no game. Each game has a folder of its own,
``thousand.tui.NAME`` with NAME the game's registered name, that the command line finds
with ``thousand.games.adapter(NAME, "tui")``; its ``__init__`` offers one function,
``open_app(session, tr, *, fast, again=None)``, which returns the game's
:class:`~thousand.tui.base.GameApp` for the caller to run.

Importing this package, or a game's folder, imports nothing heavy: Textual and the
game's app are loaded only when a game opens on a terminal.
"""
