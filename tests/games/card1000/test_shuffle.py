"""The deal from a committed seed (§5): the shared shuffle, dealt in blocks."""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path
from typing import Any

from thousand.core.chance import commitment, seeded_shuffle
from thousand.games.card1000.cards import DECK
from thousand.games.card1000.presets import load_preset
from thousand.games.card1000.shuffle import seeded_deal, shuffled_deck

SEED = bytes(range(32))


def standalone_shuffle(seed: bytes, deal: int) -> list[str]:
    """The checker of docs/card1000.md, without the package: a dozen lines."""
    deck = [rank + suit for suit in "SCDH" for rank in "9JQKTA"]
    words: list[int] = []
    counter = 0
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        while True:
            if not words:
                message = f"card1000:{deal}:{counter}".encode()
                digest = hmac.new(seed, message, hashlib.sha256).digest()
                words = [int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4)]
                counter += 1
            word = words.pop(0)
            if word < (2**32 // n) * n:
                break
        j = word % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_the_shuffle_is_the_shared_one_and_the_standalone_checker_agrees() -> None:
    for index in range(20):
        order = shuffled_deck(SEED, index)
        assert order == seeded_shuffle(SEED, "card1000", index, DECK)
        assert [str(c) for c in order] == standalone_shuffle(SEED, index)
        assert sorted(map(str, order)) == sorted(map(str, DECK))
    assert shuffled_deck(SEED, 0) != shuffled_deck(SEED, 1)


def test_the_documented_checker_and_worked_example() -> None:
    """docs/card1000.md's checker, run as written, and its worked example."""
    text = (Path(__file__).parents[3] / "docs" / "card1000.md").read_text("utf-8")
    block = text.split("```python\nimport hashlib, hmac\n")[1].split("```")[0]
    space: dict[str, Any] = {}
    exec("import hashlib, hmac\n" + block, space)
    for index in range(5):
        assert space["deal_order"](SEED, index) == [str(c) for c in shuffled_deck(SEED, index)]
    example = " ".join(str(c) for c in shuffled_deck(SEED, 0))
    assert example == "AS AD 9D 9C QD QS 9H QH TC JH QC 9S TD JD JC TS KC AH TH KD KS JS KH AC"
    assert example in text
    assert commitment(SEED) in text
    dealt = seeded_deal(SEED, 0, load_preset("classic"), dealer=0)
    assert [" ".join(map(str, hand)) for hand in dealt.hands] == [
        "JC TS KC AH TH KD KS",
        "AS AD 9D 9C QD QS 9H",
        "QH TC JH QC 9S TD JD",
    ]


def test_three_players_deal_in_blocks_from_the_first_hand() -> None:
    rules = load_preset("classic")
    order = shuffled_deck(SEED, 4)
    dealt = seeded_deal(SEED, 4, rules, dealer=2)
    assert dealt.hands[0] == tuple(order[0:7])
    assert dealt.hands[1] == tuple(order[7:14])
    assert dealt.hands[2] == tuple(order[14:21])
    assert dealt.talons == (tuple(order[21:24]),)


def test_four_players_skip_the_dealer_and_two_players_have_two_talons() -> None:
    order = shuffled_deck(SEED, 0)
    four = seeded_deal(SEED, 0, load_preset("four_players"), dealer=1)
    assert four.hands[1] == () and four.hands[2] == tuple(order[0:7])
    assert four.hands[0] == tuple(order[14:21]) and four.talons == (tuple(order[21:]),)
    two = seeded_deal(SEED, 0, load_preset("two_players"), dealer=0)
    assert two.hands == (tuple(order[10:20]), tuple(order[0:10]))
    assert two.talons == (tuple(order[20:22]), tuple(order[22:24]))
