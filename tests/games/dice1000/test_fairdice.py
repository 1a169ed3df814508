"""Verifiable dice (fairdice.py): the derivation of docs/dice.md, exactly, and its spread.

The worked example of docs/dice.md is asserted here, and the doc's standalone snippet is
run and must agree with the module, so the published derivation and the code cannot
drift apart.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import ROOT
from thousand.core.errors import ThousandError
from thousand.games.dice1000.dice import DiceSource
from thousand.games.dice1000.fairdice import (
    MAX_COUNT,
    SEED_BYTES,
    FairDiceError,
    SeededDice,
    commitment,
    seeded_throw,
)

SEED = bytes(range(SEED_BYTES))
COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
FIRST_THREE = [(3, 1, 3, 6, 1), (1, 6, 4, 4, 6), (1, 6, 2, 3, 3)]
DOC = ROOT / "docs" / "dice.md"


def words(seed: bytes, index: int, counter: int) -> list[int]:
    """The eight big-endian 32-bit words of one HMAC, computed here independently."""
    message = f"dice1000:{index}:{counter}".encode("ascii")
    digest = hmac.new(seed, message, hashlib.sha256).digest()
    return [int.from_bytes(digest[4 * k : 4 * k + 4], "big") for k in range(8)]


def limit(count: int) -> int:
    outcomes: int = 6**count
    return (2**32 // outcomes) * outcomes


def faces(number: int, count: int) -> tuple[int, ...]:
    return tuple(1 + (number // 6**i) % 6 for i in range(count))


# -- the worked example of docs/dice.md -------------------------------------------------


def test_commitment_of_the_worked_example() -> None:
    assert commitment(SEED) == COMMITMENT
    assert SEED.hex() == "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


def test_first_three_throws_of_the_worked_example() -> None:
    assert [seeded_throw(SEED, index, 5) for index in range(3)] == FIRST_THREE


def test_first_throw_step_by_step() -> None:
    """The intermediate figures the doc shows for throw 0."""
    first = words(SEED, 0, 0)[0]
    assert first == 0x15ACCB62
    assert first == 363645794
    assert limit(5) == 4294964736
    assert limit(5) == 552336 * 7776
    assert first % 7776 == 1154
    assert [1154 // 6**i % 6 for i in range(5)] == [2, 0, 2, 5, 0]
    assert seeded_throw(SEED, 0, 5) == (3, 1, 3, 6, 1)


def test_faces_are_in_digit_order_not_sorted() -> None:
    assert seeded_throw(SEED, 0, 5) != tuple(sorted(seeded_throw(SEED, 0, 5)))


def test_the_docs_snippet_agrees_with_the_module() -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert len(blocks) == 1
    snippet = blocks[0]
    assert "import hashlib" in snippet and "import hmac" in snippet
    assert not re.search(r"^(from|import) (?!hashlib|hmac)", snippet, re.MULTILINE)
    out = io.StringIO()
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(out):
        exec(compile(snippet, str(DOC), "exec"), namespace)  # our own doc's snippet
    printed = out.getvalue().splitlines()
    assert printed == [COMMITMENT, str([list(throw) for throw in FIRST_THREE])]
    assert f"It prints the commitment and `{printed[1]}`" in " ".join(text.split())
    throw = namespace["throw"]
    assert callable(throw)
    for index, count in [(7, 1), (8, 2), (9, 3), (10, 4), (2527585, 5), (307, 12)]:
        assert tuple(throw(SEED, index, count)) == seeded_throw(SEED, index, count)


def test_the_doc_shows_the_module_values() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert COMMITMENT in text
    for index, throw in enumerate(FIRST_THREE):
        assert f"| {index} | {' '.join(map(str, throw))} |" in text
    assert "1 3 4 1 3" in text  # the rejected-word example below


# -- rejection sampling -------------------------------------------------------------------


def test_a_rejected_word_is_skipped_for_five_dice() -> None:
    """With the example seed, throw 2527585's first word is ≥ LIMIT: the second is used."""
    first, second, *_ = words(SEED, 2527585, 0)
    assert first == 4294966299 >= limit(5)
    assert second < limit(5)
    assert second % 7776 == 2712
    assert seeded_throw(SEED, 2527585, 5) == faces(second % 7776, 5) == (1, 3, 4, 1, 3)
    # Not what the rejected word would have given.
    assert seeded_throw(SEED, 2527585, 5) != faces(first % 7776, 5)


def test_all_eight_words_rejected_moves_on_to_the_next_counter() -> None:
    """Twelve dice reject half the words; at index 307 all eight of counter 0 go."""
    assert all(word >= limit(12) for word in words(SEED, 307, 0))
    accepted = next(word for word in words(SEED, 307, 1) if word < limit(12))
    assert seeded_throw(SEED, 307, 12) == faces(accepted % 6**12, 12)


def test_words_are_read_big_endian_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """A digest whose first words are rejected: the first acceptable one decides."""
    rejected = (2**32 - 1).to_bytes(4, "big")
    accepted = (6 * 6 * 2 + 6 * 5 + 4).to_bytes(4, "big")  # r = 106: digits 4 5 2
    digest = rejected * 3 + accepted + (0).to_bytes(4, "big") * 4

    class Fixed:
        """An HMAC whose digest is the one above, whatever its key and message."""

        def digest(self) -> bytes:
            return digest

    monkeypatch.setattr("thousand.core.chance.hmac.new", lambda *_: Fixed())
    assert seeded_throw(SEED, 0, 3) == (5, 6, 3)


# -- the spread ---------------------------------------------------------------------------


@given(
    seed=st.binary(min_size=0, max_size=64),
    index=st.integers(min_value=0, max_value=2**63),
    count=st.integers(min_value=1, max_value=5),
)
def test_any_seed_gives_faces_of_the_right_number(seed: bytes, index: int, count: int) -> None:
    throw = seeded_throw(seed, index, count)
    assert len(throw) == count
    assert all(face in range(1, 7) for face in throw)
    assert seeded_throw(seed, index, count) == throw


def test_single_die_faces_are_evenly_spread() -> None:
    """60,000 throws of one die: each face 10,000 ± 5 standard deviations (≈ 456)."""
    counts = Counter(seeded_throw(SEED, index, 1)[0] for index in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    deviation = (60_000 * (1 / 6) * (5 / 6)) ** 0.5
    for face, seen in counts.items():
        assert abs(seen - 10_000) < 5 * deviation, (face, seen)


def test_every_throw_of_two_dice_comes_up() -> None:
    seen = {seeded_throw(SEED, index, 2) for index in range(2_000)}
    assert len(seen) == 36


def test_each_die_of_a_throw_is_evenly_spread() -> None:
    """Every position of a five-dice throw (digit 0 to 4 of r) is a fair die."""
    throws = [seeded_throw(SEED, index, 5) for index in range(12_000)]
    deviation = (12_000 * (1 / 6) * (5 / 6)) ** 0.5
    for position in range(5):
        counts = Counter(throw[position] for throw in throws)
        assert all(abs(counts[face] - 2_000) < 5 * deviation for face in range(1, 7))


def test_different_seeds_give_different_games() -> None:
    other = bytes(reversed(SEED))
    ours = [seeded_throw(SEED, index, 5) for index in range(20)]
    theirs = [seeded_throw(other, index, 5) for index in range(20)]
    assert ours != theirs


# -- the dice source ----------------------------------------------------------------------


def test_seeded_dice_throw_the_derivation_in_order() -> None:
    dice = SeededDice(SEED)
    assert dice.index == 0
    assert [dice.throw(5) for _ in range(3)] == FIRST_THREE
    assert dice.index == 3
    assert dice.commitment == COMMITMENT


def test_a_resumed_source_continues_the_straight_sequence() -> None:
    counts = [5, 3, 2, 5, 1, 4, 5, 5, 2, 1]
    straight = SeededDice(SEED)
    whole = [straight.throw(count) for count in counts]
    for start in range(len(counts) + 1):
        resumed = SeededDice(SEED, start=start)
        assert [resumed.throw(count) for count in counts[start:]] == whole[start:]
        assert resumed.index == len(counts)


def test_seeded_dice_is_a_dice_source() -> None:
    source: DiceSource = SeededDice(SEED, 4)
    assert source.throw(2) == seeded_throw(SEED, 4, 2)


@pytest.mark.parametrize(
    ("index", "count", "message"),
    [
        (-1, 5, "throw index -1 is negative: throws are counted from 0"),
        (0, 0, f"cannot derive a throw of 0 dice (1 to {MAX_COUNT})"),
        (0, MAX_COUNT + 1, f"cannot derive a throw of 13 dice (1 to {MAX_COUNT})"),
    ],
)
def test_impossible_throws_are_refused(index: int, count: int, message: str) -> None:
    with pytest.raises(FairDiceError) as caught:
        seeded_throw(SEED, index, count)
    assert str(caught.value) == message
    assert isinstance(caught.value, ThousandError)


def test_a_negative_start_is_refused() -> None:
    with pytest.raises(FairDiceError, match="negative"):
        SeededDice(SEED, start=-3)


def test_the_largest_count_covers_every_throw() -> None:
    """6**12 still fits in a 32-bit word; 6**13 would not (the module's MAX_COUNT)."""
    assert 6**MAX_COUNT <= 2**32 < 6 ** (MAX_COUNT + 1)
