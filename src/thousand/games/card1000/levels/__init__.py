"""The computer players of card Thousand that decide from a seat's view: ``novice`` and
``club`` (issue 27).

Each level is a function of (:class:`~..views.SeatView`, rules, legal actions, rng): it is
never handed the referee's :class:`~..state.State`, so it cannot read another seat's
cards even by mistake. :mod:`.knowledge` works out what the view implies (the cards
still out, the tricks so far, who showed a void); :mod:`.evaluate` values a hand for
bidding, the contract and the gives; :mod:`.novice` and :mod:`.club` are the players.
"""
