"""The check of parsed data (:func:`thousand.core.files.check_data`): its quick walk for
data that passes and its naming walk for data refused agree on every shape."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thousand.core.errors import InputFileError
from thousand.core.files import MAX_DEPTH, MAX_INTEGER, _passes, check_data

TEXT = st.text(alphabet=st.characters(codec=None), max_size=6) | st.sampled_from(
    ["\ud800", "a\udfffb", "Анна", ""]
)
"""Strings, lone surrogates among them."""
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(MAX_INTEGER * 4), max_value=MAX_INTEGER * 4)
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
)
DATA = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=30,
)


def refused(data: Any) -> str | None:
    """The naming walk's refusal of ``data``, or None when it passes."""
    try:
        check_data(data, "the message")
    except InputFileError as exc:
        return str(exc)
    return None


def nested(depth: int, inner: Any = 1) -> Any:
    data = inner
    for level in range(depth):
        data = [data] if level % 2 else {"a": data}
    return data


@settings(max_examples=300, deadline=None)
@given(DATA)
def test_the_quick_walk_passes_exactly_what_the_naming_walk_passes(data: Any) -> None:
    assert _passes(data) == (refused(data) is None)


@pytest.mark.parametrize(
    ("data", "passes"),
    [
        (nested(MAX_DEPTH - 1), True),
        (nested(MAX_DEPTH), True),
        (nested(MAX_DEPTH + 1), False),
        ({"seq": MAX_INTEGER}, True),
        ({"seq": MAX_INTEGER + 1}, False),
        ({"seq": -MAX_INTEGER - 1}, False),
        ({"x": float("nan")}, False),
        ({"x": [1.5, float("-inf")]}, False),
        ({"\udc00": 1}, False),
        ({"a": ["ok", "\ud83d"]}, False),
        ({"type": "action", "seq": 15, "action": "keep", "dice": [1, 5, 5]}, True),
    ],
)
def test_the_quick_walk_on_the_edges(data: Any, passes: bool) -> None:
    assert _passes(data) is passes
    assert (refused(data) is None) is passes
