"""Card Thousand (Тысяча), the game of CARD_THOUSAND.md: its engine.

The engine is pure — no I/O, no global state, no randomness it did not receive — and
keeps hidden information behind one door: the full state is the referee's
(:mod:`.state`), and whatever leaves it for a seat goes through :func:`.views.view`.

* :mod:`.cards` — the 24 cards, points, marriages; :mod:`.config` and :mod:`.presets` —
  the rules as data; :mod:`.shuffle` — a deal from a committed seed (§5);
* :mod:`.actions` — the decisions and the deal (the chance node); :mod:`.play` — what a
  trick allows; :mod:`.scoring` — a deal's points and §1.6–§3 on the totals;
* :mod:`.state` — the referee's state; :mod:`.engine` — legal actions and the checked
  apply; :mod:`.views` — what a seat or a spectator may know (§7); :mod:`.replay` —
  §6's replay JSON of a state.

Not registered in :data:`thousand.games.GAMES` yet: records, replay and the score sheet
are still to come (docs/card1000.md lists what is left).
"""
