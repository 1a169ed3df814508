"""The rooms of the server, one web adapter per game, found by the game's name.

``thousand.web.rooms.NAME`` is the game ``NAME``'s part of the server
(:func:`thousand.games.adapter` with ``"web"``): its room type and its view, the names
:mod:`thousand.web.tables` reads. Beside them, what every game's room and view share:
:mod:`.base` (:class:`~.base.BaseRoom`: seats, tokens, the order an action is checked
in, the clock, rematches, storing) and :mod:`.view_frame` (the frame of every view, and
its split into a part every connection shares and a seat's own). Nothing outside a game's
own adapter names the game.
"""
