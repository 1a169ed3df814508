"""One conformance suite over every registered game, through the game interface only.

Parametrised by the registry (:func:`thousand.games.game_names`), as OpenSpiel's
random-simulation tests are by its game list: a game added to the registry is held to
all of it without a line here. For each game, each of its presets and a few player counts:

* a random playthrough from :func:`~thousand.games.interface.GameModule.new_position` to
  the end, choosing among ``legal_actions`` and drawing the chance outcomes from a seeded
  :class:`random.Random` with the engine's own probabilities — one seat moves at a time,
  every action offered is accepted, the game ends;
* the record written as it is played (``new_recorder`` observing every action): it is
  JSON, its ``game`` is the game's name, re-serialised it equals itself, and replayed it
  leads to the very position played — at the end and at cuts all along the game;
* what each seat and a spectator are shown (``seat_view``) never holds a token the game
  hides from them now (``hidden_from``); a game without hidden information gives every
  seat the position itself (``observe``) and hides nothing;
* the game's :class:`~thousand.games.interface.GameInfo` makes sense: its default preset
  is one of its presets, each of which loads, it has computer levels, and
  ``min_players <= max_players``.

A game whose uniformly random play never ends (card Thousand) names its own playout
player (``playout_action``); it still picks among the legal actions only.

Chance goes through the interface too: a position where chance is due says so
(``is_chance_node``), and ``draw_chance`` draws the chance action from a seeded
:class:`random.Random` with the game's own probabilities (dice in the air; a deal).

The playthroughs are computed once per worker (:func:`playthrough`) and shared by the
tests; the whole file takes a few seconds.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, cast

import pytest

from thousand.games import game_names, game_of_record, load_game
from thousand.games.interface import GameModule

MORE_PLAYERS = 2
"""Player counts tried: a game's ``min_players`` up to this many more (capped at its max)."""

MAX_STEPS = 20_000
"""A random playthrough longer than this is a game that does not end: a failure."""

REPLAY_CUTS = 12
"""Cuts of each playthrough at which the record so far is replayed and held against the
live position (replaying costs a few milliseconds a turn: not every one of ~1,000)."""


def cases() -> Iterator[tuple[str, str, int]]:
    """(game, preset, players) for every registered game, preset and a few counts; a
    preset that fixes its number of players (a whole-number ``players`` key: card
    Thousand's) is played with that many only."""
    for name in game_names():
        game = load_game(name)
        info = game.INFO
        most = min(info.max_players, info.min_players + MORE_PLAYERS)
        for preset in info.presets:
            fixed = game.load_preset(preset).to_data().get("players")
            if isinstance(fixed, int):
                yield name, preset, fixed
                continue
            for players in range(info.min_players, most + 1):
                yield name, preset, players


CASES = [pytest.param(*case, id=f"{case[0]}-{case[1]}-{case[2]}p") for case in cases()]


@dataclass(frozen=True, slots=True)
class Playthrough:
    """A game played at random to its end: ``positions[i + 1]`` is ``actions[i]``
    applied to ``positions[i]``; ``records[i]`` is the record written once ``i`` actions
    are played, as JSON text, at the cuts :func:`playthrough` chose (the end among them:
    writing the record out after every action would cost time quadratic in the game)."""

    game: GameModule
    players: tuple[str, ...]
    positions: tuple[Any, ...]
    actions: tuple[Any, ...]
    records: dict[int, str]

    @property
    def record(self) -> dict[str, Any]:
        """The record of the whole game."""
        data: dict[str, Any] = json.loads(self.records[len(self.actions)])
        return data


def playout(game: GameModule) -> Callable[[Any, tuple[Any, ...], random.Random], Any]:
    """How a random game picks among the legal actions: the game's own playout player
    where it has one (``playout_action(position, legal, rng)``: a game whose uniformly
    random play never ends, card Thousand's, where random raises fail and every total
    falls forever), else :func:`random_action`."""
    own = getattr(game, "playout_action", None)
    if own is not None:
        return cast("Callable[[Any, tuple[Any, ...], random.Random], Any]", own)
    return lambda _position, legal, rng: random_action(legal, rng)


def random_action(legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A kind of action first, then one of that kind: a lone ``Stop`` among 31 ways of
    keeping dice is then chosen as often as all of them together, not once in 32."""
    kinds: dict[type, list[Any]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    return rng.choice(kinds[rng.choice(list(kinds))])


def movers(game: GameModule, position: Any, seats: int) -> dict[int, tuple[Any, ...]]:
    """Seat → its legal actions, for every seat that has any now."""
    offered = {seat: tuple(game.legal_actions(position, seat)) for seat in range(seats)}
    return {seat: actions for seat, actions in offered.items() if actions}


@functools.cache
def playthrough(name: str, preset: str, count: int) -> Playthrough:
    """The game ``name`` played at random to its end (seeded by the case: reproducible)."""
    game = load_game(name)
    rng = random.Random(f"{name}:{preset}:{count}")
    choose = playout(game)
    players = tuple(f"Player {seat + 1}" for seat in range(count))
    position = game.new_position(preset, players)
    positions: list[Any] = [position]
    actions: list[Any] = []
    while not game.is_over(position):
        assert len(actions) < MAX_STEPS, f"{name} {preset}: no end after {MAX_STEPS} actions"
        if game.is_chance_node(position):
            assert not movers(game, position, count), "a seat may move while dice are in the air"
            action = game.draw_chance(position, rng)
            assert action is not None, "a chance node with no chance to draw"
        else:
            open_to = movers(game, position, count)
            assert len(open_to) == 1, f"seats that may move at once: {sorted(open_to)}"
            (legal,) = open_to.values()
            assert len(set(legal)) == len(legal), f"an action offered twice: {legal}"
            action = choose(position, legal, rng)
        position = game.apply(position, action)
        positions.append(position)
        actions.append(action)
    # the record at cuts where no dice are in the air (a throw is written when its dice
    # land): the first few actions, a sample, the end
    cuts = [step for step in range(1, len(positions)) if not game.is_chance_node(positions[step])]
    chosen = {*cuts[:3], *rng.sample(cuts, min(REPLAY_CUTS, len(cuts))), len(actions)}
    recorder = game.new_recorder(positions[0], {"conformance": True})
    records = {0: json.dumps(recorder.to_data(), sort_keys=True)}
    for step, action in enumerate(actions, start=1):
        recorder.observe(positions[step - 1], action)
        if step in chosen:
            records[step] = json.dumps(recorder.to_data(), sort_keys=True)
    return Playthrough(game, players, tuple(positions), tuple(actions), records)


def strings_in(data: object) -> Iterator[str]:
    """Every string of JSON-ready data: values, dictionary keys and list items, nested."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from strings_in(key)
            yield from strings_in(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from strings_in(item)


def leaked(view: object, hidden: frozenset[str]) -> set[str]:
    """The hidden tokens that a view shows as one of its strings."""
    return {text for text in strings_in(view) if text in hidden}


# -- what a game is ------------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_a_game_says_what_it_is_consistently(name: str) -> None:
    game = load_game(name)
    info = game.INFO
    assert info.name == game.NAME == name
    assert info.title and info.presets and info.levels
    assert info.default_preset in info.presets and info.presets[0] == info.default_preset
    assert 1 <= info.min_players <= info.max_players
    assert len(set(info.presets)) == len(info.presets)
    assert len(set(info.levels)) == len(info.levels)
    for preset in info.presets:
        assert game.load_preset(preset).to_data(), f"{name}: preset {preset} is empty"


# -- playing, recording, replaying -----------------------------------------------------


@pytest.mark.parametrize(("name", "preset", "count"), CASES)
def test_a_random_game_is_played_to_its_end(name: str, preset: str, count: int) -> None:
    played = playthrough(name, preset, count)
    game, end = played.game, played.positions[-1]
    assert game.is_over(end) and played.actions
    assert not movers(game, end, count), "a seat may still move once the game is over"
    assert not any(game.is_over(position) for position in played.positions[:-1])


@pytest.mark.parametrize(("name", "preset", "count"), CASES)
def test_the_record_of_a_game_replays_to_the_position_played(
    name: str, preset: str, count: int
) -> None:
    played = playthrough(name, preset, count)
    game = played.game
    data = played.record
    assert game_of_record(data) == name and data["players"] == list(played.players)
    assert json.loads(json.dumps(data)) == data, "the record is not plain JSON"
    replayed = game.replay(data)
    assert replayed.position == played.positions[-1]
    again = json.loads(json.dumps(replayed.to_json_data(), sort_keys=True))
    assert again == replayed.to_json_data()
    assert game.replay(json.loads(json.dumps(data))).to_json_data() == again


@pytest.mark.parametrize(("name", "preset", "count"), CASES)
def test_the_record_at_any_cut_replays_to_the_position_then(
    name: str, preset: str, count: int
) -> None:
    """The record so far stands for the game so far (a resumed game, ``GET /record``)."""
    played = playthrough(name, preset, count)
    assert len(played.records) > 3
    for step, text in sorted(played.records.items()):
        replayed = played.game.replay(json.loads(text)).position
        assert replayed == played.positions[step], f"the record after {step} actions differs"


@pytest.mark.parametrize(("name", "preset", "count"), CASES)
def test_a_recorder_writes_the_same_record_for_the_same_game(
    name: str, preset: str, count: int
) -> None:
    played = playthrough(name, preset, count)
    game = played.game
    recorder = game.new_recorder(played.positions[0], {"conformance": True})
    for before, action in zip(played.positions[:-1], played.actions, strict=True):
        recorder.observe(before, action)
    assert recorder.to_data() == played.record


# -- what each seat may know -----------------------------------------------------------


@pytest.mark.parametrize(("name", "preset", "count"), CASES)
def test_no_seat_is_shown_what_the_game_hides_from_it(name: str, preset: str, count: int) -> None:
    played = playthrough(name, preset, count)
    game = played.game
    for step, position in enumerate(played.positions):
        for seat in [*range(count), None]:
            hidden = game.hidden_from(position, seat)
            assert isinstance(hidden, frozenset) and all(isinstance(t, str) for t in hidden)
            view = game.seat_view(position, seat)
            assert json.loads(json.dumps(view)) == view, "a seat's view is not plain JSON"
            shown = leaked(view, hidden)
            assert not shown, f"after {step} actions, seat {seat} is shown {sorted(shown)}"
            if step in played.records:
                record = game.shown_record(json.loads(played.records[step]), seat)
                shown = leaked(record, hidden)
                assert not shown, f"after {step} actions, seat {seat}'s record shows {shown}"


@pytest.mark.parametrize(("name", "preset", "count"), CASES)
def test_a_game_without_hidden_information_shows_every_seat_the_position(
    name: str, preset: str, count: int
) -> None:
    played = playthrough(name, preset, count)
    game = played.game
    if game.INFO.hidden_information:
        pytest.skip(f"{name} hides information: its seats see less than the position")
    for position in played.positions[:: max(1, len(played.positions) // 50)]:
        spectator = game.seat_view(position, None)
        for seat in [*range(count), None]:
            assert game.observe(position, seat) == position
            assert game.hidden_from(position, seat) == frozenset()
            assert game.seat_view(position, seat) == spectator
    for text in played.records.values():
        record = json.loads(text)
        for seat in [*range(count), None]:
            assert game.shown_record(record, seat) == record


# -- the checks themselves -------------------------------------------------------------


def test_the_leak_check_finds_a_hidden_token_anywhere_in_a_view() -> None:
    view = {"hand": [{"card": "QS"}], "KH": 1, "trump": "hearts", "points": 120}
    assert leaked(view, frozenset({"QS", "KH", "AD"})) == {"QS", "KH"}
    assert leaked(view, frozenset({"Q", "hearts trump"})) == set()
    assert leaked(["a", ("b", ["AD"])], frozenset({"AD"})) == {"AD"}
