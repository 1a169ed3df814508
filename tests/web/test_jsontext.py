"""The server's JSON text (thousand.web.jsontext): a view's grown lists are written byte
for byte as the plain lists they equal, their kept part's text made once, not at every
change (issue 29: per action, work that does not grow with the game)."""

from __future__ import annotations

import json
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from thousand.core.i18n import translator
from thousand.web import jsontext
from thousand.web.jsontext import Grown, Kept, dumps, encoded
from thousand.web.protocol import CreateRoom
from thousand.web.tables import game_view, room_type

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=20,
)


def _plain(value: Any) -> Any:
    """``value`` with every grown or kept list a list again."""
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


@st.composite
def grown_values(draw: st.DrawFn) -> Any:
    """JSON data with grown lists in it, their kept parts shared between them."""
    kept = Kept(draw(st.lists(JSON, max_size=5)))
    lists = [
        Grown(kept, draw(st.lists(JSON, max_size=3)), draw(st.integers(0, len(kept))))
        for _ in range(draw(st.integers(1, 3)))
    ]
    return {"all": Grown(kept, []), "lists": lists, "other": draw(JSON), "kept": kept}


@settings(max_examples=300, deadline=None)
@given(grown_values())
def test_a_grown_list_is_written_as_the_list_it_equals(value: Any) -> None:
    plain = _plain(value)
    assert value == plain
    assert encoded(value) == orjson.dumps(plain)
    assert encoded(value) == encoded(value)  # its kept text, made once, is the same
    assert json.loads(dumps(value)) == json.loads(json.dumps(plain))


def test_number_keys_are_written_as_text_inside_and_around_a_grown_list() -> None:
    kept = Kept([{1: "a"}, {"b": 2}])
    value = {3: Grown(kept, [{4: [5]}], 1)}
    assert dumps(value) == '{"3":[{"1":"a"},{"4":[5]}]}'


def test_other_subclasses_of_builtin_types_are_written_as_those_types() -> None:
    class Word(str):
        pass

    class Count(int):
        pass

    class Row(dict[str, Any]):
        pass

    value = {"w": Word("x"), "c": Count(3), "r": Row(a=[1.5])}
    assert dumps(value) == '{"w":"x","c":3,"r":{"a":[1.5]}}'


def test_a_dice_games_state_is_written_alike_and_its_finished_turns_once(
    monkeypatch: Any,
) -> None:
    """Over a whole game of dice, each state's text is the text of its plain copy, and
    the lists written cost what the game added since, not the game: the finished turns
    and rounds are each written once, when they end."""
    items: list[int] = []  # the length of every list written alone
    encode = jsontext._encode

    def counted(value: Any) -> bytes:
        if isinstance(value, list):
            items.append(len(value))
        return encode(value)

    monkeypatch.setattr(jsontext, "_encode", counted)
    room, _token = room_type("dice1000").create(
        CreateRoom.model_validate({"name": "Anna", "seats": [{"open": True}]})
    )
    room.join("Boris")
    en = translator("en")
    changes = 0
    while room.mover is not None and changes < 400:
        mover = room.mover
        view = game_view(room, mover, en, [True, True])
        assert isinstance(view["turns"], Grown)
        assert isinstance(view["view"]["sheet"]["rounds"], Grown)
        assert encoded(view) == orjson.dumps(_plain(view))
        legal = view["legal"]
        action = "stop" if "stop" in legal and changes % 3 == 2 else "throw"
        room.act(mover, action if action in legal else legal[0], room.seq)
        changes += 1
    view = game_view(room, None, en, [True, True])
    assert encoded(view) == orjson.dumps(_plain(view))
    turns = len(view["turns"])
    assert turns >= 10
    # each change writes its turn in progress and its round, and each turn's end the
    # turn and its round once more: about two items a change. Written again at every
    # change, the finished turns alone would be about changes × turns / 2.
    assert sum(items) <= 4 * changes, (sum(items), changes, turns)


def test_a_kept_list_writes_only_what_it_adds_to_the_one_before(monkeypatch: Any) -> None:
    written: list[Any] = []
    before = Kept([[index] for index in range(10)])
    assert before.text(10) == b",".join(b"[%d]" % index for index in range(10))
    after = Kept([*before, [10], [11]], before, 10)
    encode = jsontext._encode

    def counted(value: Any) -> bytes:
        written.append(value)
        return encode(value)

    monkeypatch.setattr(jsontext, "_encode", counted)
    assert after.text(12) == before.text(10) + b",[10],[11]"
    assert after.text(4) == b"[0],[1],[2],[3]"
    assert written == [[[10], [11]], [[0], [1], [2], [3]]]
    for count in range(12):
        after.text(count)
    assert len(after._texts) <= 3  # a few texts kept, not one per count
