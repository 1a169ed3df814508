"""The engine against the independent referee (``referee.py``), field by field.

``thousand replay FILE --json`` is what an outside conformance suite will compare with
POKER_DICE.md §4 under all four presets, and it will try illegal records too. The
referee is a second reading of the rule book, written without the engine's code, so
every record here must be either accepted by both with the same replay JSON or refused
by both: the committed fixtures, self-played games (with house rules), games cut
mid-turn, records with one face, box or keep changed, random records no player would
play, and hand-made records of the rule book's corner cases.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.poker_dice.fixtures.generate import cut, play
from tests.games.poker_dice.referee import (
    PRESETS,
    RUSSIAN_LOWER,
    UPPER,
    YAHTZEE_LOWER,
    RefereeError,
    referee,
)
from thousand.core.errors import ThousandError
from thousand.games.poker_dice.record import replay

FIXTURES = Path(__file__).parent / "fixtures"
LEGAL = sorted(p for p in FIXTURES.glob("*.json") if not p.name.endswith(".expected.json"))
ILLEGAL = sorted((FIXTURES / "illegal").glob("*.json"))
PLAYERS = ("Anna", "Boris", "Vera", "Gleb")

GAMES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def engine(data: Any) -> dict[str, Any] | None:
    """The engine's replay JSON, or None when it refuses the record."""
    try:
        out: dict[str, Any] = replay(data).to_json_data()
    except ThousandError:
        return None
    return out


def judged(data: Any) -> dict[str, Any] | None:
    """The referee's replay JSON, or None when it refuses the record."""
    try:
        return referee(data)
    except RefereeError:
        return None


def differences(ours: Any, theirs: Any, path: str = "") -> list[str]:
    """Where two replay JSONs differ, field by field (engine value first)."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        found = []
        for key in sorted(set(ours) | set(theirs), key=str):
            if key not in ours or key not in theirs:
                found.append(f"{path}.{key}: only one side has it")
            else:
                found += differences(ours[key], theirs[key], f"{path}.{key}")
        return found
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        return [
            d
            for i, pair in enumerate(zip(ours, theirs, strict=True))
            for d in differences(*pair, f"{path}[{i}]")
        ]
    return [] if ours == theirs else [f"{path}: engine {ours!r}, referee {theirs!r}"]


def agree(data: Any) -> dict[str, Any] | None:
    """Both accept with equal output, or both refuse; the common output (None: refused)."""
    ours, theirs = engine(data), judged(data)
    record = json.dumps(data)[:2000]
    if ours is None or theirs is None:
        assert ours is None and theirs is None, (
            f"the engine {'refuses' if ours is None else 'accepts'}, the referee "
            f"{'refuses' if theirs is None else 'accepts'}: {record}"
        )
        return None
    found = differences(ours, theirs)
    assert not found, "\n".join([*found[:10], record])
    return ours


# -- (a) the committed fixtures --------------------------------------------------------


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_the_referee_replays_every_fixture_like_the_engine(path: Path) -> None:
    assert agree(json.loads(path.read_text(encoding="utf-8"))) is not None


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.stem)
def test_the_referee_refuses_every_illegal_fixture(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    with pytest.raises(RefereeError):
        referee(data)
    assert engine(data) is None


# -- (b) self-played games, with house rules --------------------------------------------


@st.composite
def house_rules(draw: st.DrawFn, preset: str) -> Any:
    """The preset, or the preset with valid overrides of POKER_DICE.md §2's keys (and
    the two keys §3 names: `joker` for yahtzee, `lowest_wins` for ranking)."""
    keys: dict[str, st.SearchStrategy[Any]] = {"throws": st.integers(1, 5)}
    if preset == "ranking":
        # The ranking game has no sheet: its other keys are refused (CORNERS).
        keys["lowest_wins"] = st.booleans()
    else:
        keys |= {
            "bonus_threshold": st.integers(-40, 70),
            "bonus": st.integers(0, 100),
            "poker_bonus": st.integers(0, 100),
            "bank_unused_throws": st.booleans(),
            "series1_first": st.booleans(),
            "last_round": st.sampled_from(["all_boxes", "first_finisher"]),
        }
        if preset == "yahtzee":
            keys["joker"] = st.sampled_from(["free", "forced", "none"])
        else:
            keys["series1"] = st.sampled_from(["plus_minus", "done_or_minus", "crossed"])
            keys["first_throw_double"] = st.booleans()
            keys["four_bonus"] = st.integers(0, 50)
            keys["unmade"] = st.sampled_from(["zero", "minus"])
    chosen = draw(st.sets(st.sampled_from(sorted(keys))))
    overrides = {key: draw(keys[key]) for key in sorted(chosen)}
    banked = overrides.get("bank_unused_throws", preset == "russian_banked")
    if banked and preset != "ranking":
        overrides["unused_throw_bonus"] = draw(st.integers(0, 5))
    elif preset == "russian_banked":
        overrides["unused_throw_bonus"] = 0  # the project: no bonus without a bank
    return {"preset": preset, **overrides} if overrides else preset


@st.composite
def games(draw: st.DrawFn, preset: str) -> dict[str, Any]:
    rules = draw(house_rules(preset))
    players = draw(st.integers(1, 4))
    game = play(rules, players, draw(st.integers(0, 2**32 - 1)))
    # The rules as asked, in §2's keys: the engine's writer may name them another way
    # (see test_a_written_record_names_its_rules_in_the_rule_books_keys).
    return {**game, "rules": rules}


@pytest.mark.parametrize("preset", PRESETS)
@GAMES
@given(data=st.data())
def test_self_played_games_replay_alike(preset: str, data: st.DataObject) -> None:
    game = data.draw(games(preset))
    out = agree(game)
    assert out is not None and out["to_move"] is None


# -- (c) games cut mid-turn -------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cut_games_agree_on_who_moves_and_the_totals_so_far(
    preset: str, data: st.DataObject
) -> None:
    game = data.draw(games(preset))
    turns = data.draw(st.integers(1, len(game["turns"])), label="turns kept")
    throws = data.draw(st.integers(1, len(game["turns"][turns - 1]["rolls"])), label="throws")
    out = agree(cut(game, turns, throws))
    assert out is not None
    rules = game["rules"]
    allowed = rules.get("throws", 3) if isinstance(rules, dict) else 3
    if preset == "ranking" and throws == allowed:
        return  # the last throw ends a ranking turn by rule: no turn is in progress
    assert out["to_move"] == game["turns"][turns - 1]["player"]
    assert out["winners"] == [] and out["winner"] is None


# -- (d) one change: both accept alike or both refuse ------------------------------------


def _mutate(game: dict[str, Any], rng: Random) -> dict[str, Any]:
    """The game with one face, box or keep changed."""
    changed = copy.deepcopy(game)
    turn = rng.choice(changed["turns"])
    throw = rng.choice(turn["rolls"])
    kind = rng.choice(["face", "box", "keep"])
    faces = throw if isinstance(throw, list) else throw["dice"]
    if kind == "box" or (kind == "keep" and isinstance(throw, list)):
        turn["box"] = rng.choice([*UPPER, *RUSSIAN_LOWER])
        if rng.random() < 0.5:
            turn.pop("stop", None)
    elif kind == "face" and faces:
        faces[rng.randrange(len(faces))] = rng.randint(1, 6)
    elif isinstance(throw, dict):
        if throw["keep"] and rng.random() < 0.5:
            throw["keep"].pop(rng.randrange(len(throw["keep"])))
            throw["dice"].append(rng.randint(1, 6))
        elif throw["dice"]:
            throw["dice"].pop()
            throw["keep"].append(rng.randint(1, 6))
    return changed


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_a_changed_record_is_accepted_alike_or_refused_by_both(
    preset: str, data: st.DataObject, seed: int
) -> None:
    game = data.draw(games(preset))
    rng = Random(seed)
    for _ in range(3):
        agree(_mutate(game, rng))


def _dice(rng: Random) -> list[int]:
    """Five faces, often a combination (straights, five of a kind, many of one face)."""
    pick = rng.random()
    if pick < 0.1:
        return rng.choice([[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [4, 3, 2, 1, 6]])
    if pick < 0.2:
        return [rng.randint(1, 6)] * 5
    face = rng.randint(1, 6)
    return [face if rng.random() < 0.5 else rng.randint(1, 6) for _ in range(5)]


def random_record(rules: Any, preset: str, players: int, throws: int, rng: Random) -> Any:
    """A record of random dice, keeps and boxes (each box once a player): no one plays
    like this, so it reaches what self-play does not (dashes, jokers, odd keeps)."""
    boxes = {"ranking": (), "yahtzee": UPPER + YAHTZEE_LOWER}.get(preset, UPPER + RUSSIAN_LOWER)
    left = [list(boxes) for _ in range(players)]
    turns: list[dict[str, Any]] = []
    count = len(boxes) * players if boxes else players + rng.randint(0, 4)
    for index in range(count):
        dice = _dice(rng)
        rolls: list[Any] = [dice]
        for _ in range(rng.randint(1, throws) - 1):
            keep = [d for d in dice if rng.random() < 0.5][:4]
            thrown = _dice(rng)[: 5 - len(keep)]
            rolls.append({"keep": keep, "dice": thrown})
            dice = keep + thrown
        turn: dict[str, Any] = {"rolls": rolls}
        if boxes:
            turn["box"] = left[index % players].pop(rng.randrange(len(left[index % players])))
        elif len(rolls) < throws:
            turn["stop"] = True
        turns.append(turn)
    return {
        "format": 1,
        "game": "poker_dice",
        "rules": rules,
        "players": list(PLAYERS[:players]),
        "turns": turns,
    }


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1))
def test_random_records_are_accepted_alike_or_refused_by_both(
    preset: str, data: st.DataObject, players: int, seed: int
) -> None:
    rules = data.draw(house_rules(preset))
    throws = rules.get("throws", 3) if isinstance(rules, dict) else 3
    rng = Random(seed)
    record = random_record(rules, preset, players, throws, rng)
    agree(record)
    if record["turns"]:
        turns = rng.randint(1, len(record["turns"]))
        agree(cut(record, turns, rng.randint(1, len(record["turns"][turns - 1]["rolls"]))))


# -- hand-made corner cases --------------------------------------------------------------


def _record(rules: Any, turns: list[dict[str, Any]], players: int = 1, **more: Any) -> Any:
    return {
        "format": 1,
        "game": "poker_dice",
        "rules": rules,
        "players": list(PLAYERS[:players]),
        "turns": turns,
        **more,
    }


def _turn(*rolls: Any, **more: Any) -> dict[str, Any]:
    return {"rolls": list(rolls), **more}


def _again(*faces: int, keep: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"keep": list(keep), "dice": list(faces)}


FT = "russian"
CORNERS: dict[str, tuple[Any, dict[str, Any] | None]] = {
    # name: (record, expected points of the first turn's row, or a field's value)
    "the best pair of 6 6 5 5 2, doubled": (
        _record(FT, [_turn([6, 6, 5, 5, 2], box="pair")]),
        {"points": 24},
    ),
    "the best pair of 6 6 5 5 2 after a second throw": (
        _record(FT, [_turn([6, 6, 5, 5, 1], _again(2, keep=(6, 6, 5, 5)), box="pair")]),
        {"points": 12},
    ),
    "four of a face are not two pairs": (
        _record(FT, [_turn([5, 5, 5, 5, 2], box="two_pairs")]),
        {"points": 0},
    ),
    "five of a face are not a full house": (
        _record(FT, [_turn([5, 5, 5, 5, 5], box="full_house")]),
        {"points": 0},
    ),
    "five of a face make a three": (
        _record(FT, [_turn([5, 5, 5, 5, 5], box="three")]),
        {"points": 30},
    ),
    "a poker doubled, its bonus not": (
        _record(FT, [_turn([5, 5, 5, 5, 5], box="poker")]),
        {"points": 100},
    ),
    "chance is not doubled": (
        _record(FT, [_turn([5, 5, 5, 5, 5], box="chance")]),
        {"points": 25},
    ),
    "five ones in ones: +2": (_record(FT, [_turn([1, 1, 1, 1, 1], box="ones")]), {"points": 2}),
    "no six in sixes: -18": (_record(FT, [_turn([1, 1, 1, 1, 1], box="sixes")]), {"points": -18}),
    "a big straight is no small one": (
        _record(FT, [_turn([2, 3, 4, 5, 6], box="small_straight")]),
        {"points": 0},
    ),
    "the four bonus after doubling": (
        _record({"preset": "russian", "four_bonus": 30}, [_turn([6, 6, 6, 6, 1], box="four")]),
        {"points": 78},
    ),
    "unmade pair under minus, not doubled": (
        _record({"preset": "russian", "unmade": "minus"}, [_turn([1, 2, 3, 4, 6], box="pair")]),
        {"points": -2},
    ),
    "unmade full house under minus": (
        _record("russian_banked", [_turn([1, 2, 3, 4, 6], box="full_house")]),
        {"points": -7},
    ),
    "crossed series 1 under minus: -3 x face": (
        _record("russian_banked", [_turn([6, 2, 3, 4, 6], box="sixes")]),
        {"points": -18},
    ),
    "done_or_minus: five of a face are done": (
        _record(
            {"preset": "russian", "series1": "done_or_minus"}, [_turn([6, 6, 6, 6, 6], box="sixes")]
        ),
        {"points": 0},
    ),
    "yahtzee: four in a row is a small straight": (
        _record("yahtzee", [_turn([1, 3, 4, 5, 6], box="small_straight")]),
        {"points": 30},
    ),
    "yahtzee: 1-2-3-4-5 is a large straight": (
        _record("yahtzee", [_turn([1, 2, 3, 4, 5], box="big_straight")]),
        {"points": 40},
    ),
    "yahtzee: no joker for the first yahtzee": (
        _record("yahtzee", [_turn([2, 2, 2, 2, 2], box="full_house")]),
        {"points": 0},
    ),
    "a banked fifth throw": (
        _record(
            "russian_banked",
            [
                _turn([6, 6, 6, 6, 1], box="four"),
                _turn([1, 2, 3, 4, 6], *[_again(1, 2, 3, 4, 6)] * 4, box="chance"),
            ],
        ),
        {"points": 78},
    ),
    "a sixth throw with two banked": (
        _record(
            "russian_banked",
            [
                _turn([6, 6, 6, 6, 1], box="four"),
                _turn([1, 2, 3, 4, 6], *[_again(1, 2, 3, 4, 6)] * 5, box="chance"),
            ],
        ),
        None,
    ),
    "ranking: a full house's three before its pair": (
        _record(
            "ranking", [_turn([2, 2, 2, 6, 6], stop=True), _turn([3, 3, 3, 1, 1], stop=True)], 2
        ),
        {"winner": "Boris"},
    ),
    "ranking: the higher pair of two pairs first": (
        _record(
            "ranking", [_turn([6, 6, 1, 1, 2], stop=True), _turn([5, 5, 4, 4, 6], stop=True)], 2
        ),
        {"winner": "Anna"},
    ),
    "ranking: a straight is a high card": (
        _record(
            "ranking", [_turn([2, 3, 4, 5, 6], stop=True), _turn([1, 1, 2, 3, 4], stop=True)], 2
        ),
        {"winner": "Boris"},
    ),
    "ranking: the lowest wins": (
        _record(
            {"preset": "ranking", "lowest_wins": True},
            [_turn([6, 6, 1, 2, 3], stop=True), _turn([1, 2, 3, 4, 6], stop=True)],
            2,
        ),
        {"winner": "Boris"},
    ),
    "ranking: two tied play off": (
        _record(
            "ranking",
            [
                _turn([1, 1, 3, 4, 6], stop=True),
                _turn([6, 6, 6, 6, 6], stop=True),
                _turn([6, 6, 6, 6, 6], stop=True),
                _turn([1, 1, 3, 4, 6], stop=True),
            ],
            3,
        ),
        {"to_move": "Vera"},
    ),
    "ranking: a turn after the win": (
        _record("ranking", [_turn([1, 2, 3, 4, 6], stop=True), _turn([1, 2, 3, 4, 6])]),
        None,
    ),
    "a tie shares the win": (
        _record(
            FT, [_turn([1, 2, 3, 4, 6], box="chance"), _turn([1, 2, 3, 4, 6], box="chance")], 2
        ),
        {"winner": None},
    ),
    "a box and a stop": (_record(FT, [_turn([1, 2, 3, 4, 6], box="chance", stop=True)]), None),
    "a first throw keeping a die": (
        _record(FT, [_turn({"keep": [1], "dice": [2, 3, 4, 6]}, box="chance")]),
        None,
    ),
    "a later throw as a plain list": (
        _record(FT, [_turn([1, 2, 3, 4, 6], [1, 2, 3, 4, 5], box="chance")]),
        None,
    ),
    "a face true": (_record(FT, [_turn([True, 2, 3, 4, 6], box="chance")]), None),
    "a face 1.0": (_record(FT, [_turn([1.0, 2, 3, 4, 6], box="chance")]), None),
    "six dice": (_record(FT, [_turn([1, 2, 3, 4, 6, 6], box="chance")]), None),
    "keeping one die twice": (
        _record(FT, [_turn([1, 2, 3, 4, 6], _again(1, 2, 3, keep=(1, 1)), box="chance")]),
        None,
    ),
    "a throw of the wrong size": (
        _record(FT, [_turn([1, 2, 3, 4, 6], _again(1, 2, 3, keep=(1,)), box="chance")]),
        None,
    ),
    "a turn without throws": (_record(FT, [_turn(box="chance")]), None),
    "stop is not a boolean": (_record("ranking", [_turn([1, 2, 3, 4, 6], stop=1)]), None),
    "series 2 before series 1 is full": (
        _record(
            {"preset": "russian", "series1_first": True}, [_turn([1, 2, 3, 4, 6], box="chance")]
        ),
        None,
    ),
    "nine players": (_record(FT, [], 1) | {"players": list("ABCDEFGHI")}, None),
    "two players of one name": (_record(FT, [], 1) | {"players": ["A", "A"]}, None),
    "an unknown field": (_record(FT, [], foo=1), None),
    "meta not an object": (_record(FT, [], meta="x"), None),
    "a dice 1000 record": (_record(FT, []) | {"game": "dice1000"}, None),
    "lowest_wins in a sheet game": (_record({"preset": "russian", "lowest_wins": True}, []), None),
    "unused_throw_bonus without a bank": (
        _record({"preset": "russian", "unused_throw_bonus": 3}, []),
        None,
    ),
    "series1 of the russian sheet in yahtzee": (
        _record({"preset": "yahtzee", "series1": "crossed"}, []),
        None,
    ),
    "throws 0": (_record({"preset": "russian", "throws": 0}, []), None),
    "a bank in the ranking game": (
        _record({"preset": "ranking", "bank_unused_throws": True}, []),
        None,
    ),
    "a bonus in the ranking game": (_record({"preset": "ranking", "bonus": 50}, []), None),
    "the russian series 1 in the ranking game": (
        _record({"preset": "ranking", "series1": "crossed"}, []),
        None,
    ),
    "doubling in yahtzee": (_record({"preset": "yahtzee", "first_throw_double": True}, []), None),
    "a four bonus in yahtzee": (_record({"preset": "yahtzee", "four_bonus": 30}, []), None),
    "unmade minus in yahtzee": (_record({"preset": "yahtzee", "unmade": "minus"}, []), None),
    "an empty game": (_record("yahtzee", [], 3), {"to_move": "Anna"}),
}


@pytest.mark.parametrize("name", sorted(CORNERS))
def test_corner_cases_of_the_rule_book(name: str) -> None:
    record, expected = CORNERS[name]
    out = agree(record)
    if expected is None:
        assert out is None, "both should refuse"
        return
    assert out is not None
    row = out["turns"][0] if out["turns"] else {}
    for key, value in expected.items():
        assert (row if key in ("points", "box") else out)[key] == value, key


# -- found by the referee and mended in the engine ------------------------------------------

RANKING_BANK = _record(
    {"preset": "ranking", "bank_unused_throws": True},
    [
        _turn([1, 2, 3, 4, 6], stop=True),
        _turn([1, 2, 3, 4, 6], stop=True),
        _turn([1, 1, 1, 1, 2], *[_again(1, 2, 3, 4, keep=(1,))] * 3),
    ],
    2,
)


def test_a_ranking_game_has_no_bank_so_no_fourth_throw_nor_its_bonus() -> None:
    """The ranking game has "one turn of up to three throws" (§3): with a bank of unused
    throws a play-off turn threw a fourth time and every player was paid the bank."""
    assert engine(RANKING_BANK) is None
    paid = {"preset": "ranking", "bank_unused_throws": True, "unused_throw_bonus": 3}
    assert engine(_record(paid, [_turn([1, 2, 3, 4, 6], stop=True)], 2)) is None


@pytest.mark.parametrize(
    "rules",
    [
        {"preset": "russian", "bonus": 0, "poker_bonus": 0, "first_throw_double": False},
        {"preset": "russian_banked", "bank_unused_throws": False, "unused_throw_bonus": 0},
        {"preset": "yahtzee", "bonus": 0, "poker_bonus": 0, "joker": "none"},
    ],
)
def test_a_written_record_names_its_rules_in_the_rule_books_keys(rules: dict[str, Any]) -> None:
    """A Russian sheet with its bonuses off was written {"preset": "ranking", "sheet":
    "russian"}: a key the rule book does not have, and the preset of another game."""
    written = play(rules, 1, 0)
    assert "sheet" not in written["rules"]
    assert written["rules"]["preset"] == rules["preset"]
    assert judged(written) is not None


def test_a_turn_naming_player_null_names_no_one() -> None:
    """The project's reading, in both games: ``"player": null`` is a turn that names no
    player (RECORD.md: "A turn may carry "player": NAME")."""
    assert agree(_record(FT, [_turn([1, 2, 3, 4, 6], box="chance", player=None)])) is not None
