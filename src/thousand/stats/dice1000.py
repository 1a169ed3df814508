"""Dice 1000's figures: points a turn, busts, where a player stops, and the winning chance
their throw-or-stop choices gave away against perfect play.

Everything comes from the game's replay (:func:`thousand.games.dice1000.record.replay`):
each turn's outcome and points, and — through its ``on_decision`` — the position before
every throw and stop the record makes. Places: the winner first, then the others by
score (under ``instant_win`` the winner may hold fewer points than another player).

Given away: at every choice between throwing and stopping (a forced throw is no choice)
the solved strategy's winning chance of the best action minus that of the action taken,
summed — 0 for a perfect player, never below. Only where the strategy is exact for the
position (two players; three where that table is solved on the machine): a game whose
table is not at hand, or only approximated, is counted as not weighed and says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from thousand.core.errors import ThousandError
from thousand.games.dice1000.actions import Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.state import GameState, new_state
from thousand.stats.collect import people_of
from thousand.stats.ranking import places
from thousand.stats.results import DiceTally, GameSummary, PerfectPlay

NAME = "dice1000"


def summarize(
    record: Mapping[str, Any], perfect: PerfectPlay | None = None, game: object = None
) -> GameSummary:
    """One record of dice 1000 read for the statistics (see the module docstring);
    ``game``: see :func:`thousand.stats.collect.summarize`."""
    decisions: list[tuple[GameState, Action]] = []
    held = game if isinstance(game, Game) else None
    result = replay(
        record, held, on_decision=lambda state, action: decisions.append((state, action))
    )
    state = result.state
    players = tuple(sheet.name for sheet in state.players)
    people = people_of(record, players)
    if not state.is_over:
        return GameSummary(NAME, players, people, False, (), (), ())
    scores = tuple(sheet.score for sheet in state.players)
    order = places([(seat == state.winner, score) for seat, score in enumerate(scores)])
    raw_turns = record.get("turns", [])
    seat_of = {index: index % len(players) for index in range(len(result.turns))}
    counts = [[0, 0, 0, 0, 0] for _ in players]  # turns, points, busts, stops, stop totals
    for index, turn in enumerate(result.turns):
        mine = counts[seat_of[index]]
        mine[0] += 1
        mine[1] += turn.points
        mine[2] += turn.outcome == "bust"
        if raw_turns[index].get("stop") is True:
            mine[3] += 1
            mine[4] += turn.points
    weighed = _weighed(state.game, players, decisions, perfect)
    tallies = []
    for seat, (turns, points, busts, stops, stop_totals) in enumerate(counts):
        tally = DiceTally(turns, points, busts, stops, stop_totals)
        if weighed is None:
            tally = tally + DiceTally(unweighed_games=1)
        else:
            chosen, lost = weighed[seat]
            tally = tally + DiceTally(decisions=chosen, gave_away=lost, weighed_games=1)
        tallies.append(tally)
    return GameSummary(NAME, players, people, True, order, tuple(tallies), scores)


def _weighed(
    game: Game,
    players: tuple[str, ...],
    decisions: list[tuple[GameState, Action]],
    perfect: PerfectPlay | None,
) -> list[tuple[int, float]] | None:
    """Per seat: the choices weighed and the winning chance they gave away; None when
    the game cannot be weighed (no exact strategy at hand for its rules and table)."""
    if perfect is None:
        return None
    strategy = perfect(NAME, new_state(game, players))
    if strategy is None:
        return None
    weighed = [(0, 0.0) for _ in players]
    try:
        for state, action in decisions:
            if len(state.legal_actions()) < 2:
                continue
            if not strategy.exact_for(state):
                return None
            values = strategy.action_values(state)
            chosen, lost = weighed[state.current]
            weighed[state.current] = (chosen + 1, lost + max(values.values()) - values[action])
    except ThousandError:  # the solver answers no such position (dice chosen by hand)
        return None
    return weighed
