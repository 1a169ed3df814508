"""Poker dice's words (:mod:`thousand.games.poker_dice.words`) and its paper sheet
(:mod:`thousand.games.poker_dice.sheet`): every box, hand, preset and refusal has its
words in both languages, the Russian as on the paper sheet."""

from __future__ import annotations

import ast
import inspect

import pytest

from tests.games.poker_dice.engine_support import show, start
from tests.games.poker_dice.test_record import BANKED_SOLO, RANKING, RUSSIAN_SOLO, record
from thousand.core import dice
from thousand.core.errors import IllegalActionError
from thousand.core.i18n import translator
from thousand.games.poker_dice import PRESET_NAMES, Write, load_preset, rules_from_spec, state
from thousand.games.poker_dice.record import replay
from thousand.games.poker_dice.scoring import HAND_KINDS, boxes
from thousand.games.poker_dice.sheet import cell, sheet_rows, summary
from thousand.games.poker_dice.words import (
    box_name,
    hand_name,
    preset_description,
    preset_title,
    refusal,
    rules_key,
    rules_title,
    signed_decimal,
    written,
)

RU, EN = translator("ru"), translator("en")


def engine_rules() -> set[str]:
    """Every rule id the engine refuses with: the second argument of each
    ``IllegalActionError(...)`` in :mod:`.state` and in the checks of faces it shares
    (:mod:`thousand.core.dice`)."""
    trees = [ast.parse(inspect.getsource(module)) for module in (state, dice)]
    found = set()
    for node in (node for tree in trees for node in ast.walk(tree)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "IllegalActionError"
        ):
            rule = node.args[1]
            assert isinstance(rule, ast.Constant)
            found.add(str(rule.value))
    return found


RUSSIAN_SHEET = (
    "Единицы",
    "Двойки",
    "Тройки",
    "Четвёрки",
    "Пятёрки",
    "Шестёрки",
    "Одна пара",
    "Две пары",
    "Тройка",
    "Малый стрит",
    "Большой стрит",
    "Фулл хаус",
    "Каре",
    "Покер",
    "Шанс",
)
"""The boxes of the Russian sheet as the paper names them, in its order (S6)."""


def test_the_russian_sheet_as_on_paper() -> None:
    rules = load_preset("russian")
    assert tuple(box_name(RU, rules, box) for box in boxes("russian")) == RUSSIAN_SHEET
    assert [box_name(EN, rules, box) for box in boxes("russian")][6:] == [
        "One pair",
        "Two pairs",
        "Three of a kind",
        "Small straight",
        "Big straight",
        "Full house",
        "Four of a kind",
        "Poker",
        "Chance",
    ]


def test_the_yahtzee_sheet_as_the_published_card() -> None:
    rules = load_preset("yahtzee")
    assert [box_name(EN, rules, box) for box in boxes("yahtzee")] == [
        "Ones",
        "Twos",
        "Threes",
        "Fours",
        "Fives",
        "Sixes",
        "Three of a kind",
        "Four of a kind",
        "Full house",
        "Small straight",
        "Large straight",
        "Yahtzee",
        "Chance",
    ]
    assert [box_name(RU, rules, box) for box in boxes("yahtzee")][6:] == [
        "Тройка",
        "Каре",
        "Фулл хаус",
        "Малый стрит",
        "Большой стрит",
        "Покер",
        "Шанс",
    ]


def test_hands_and_presets_have_words_in_both_languages() -> None:
    assert [hand_name(RU, kind) for kind in reversed(HAND_KINDS)] == [
        "Покер",
        "Каре",
        "Фулл хаус",
        "Тройка",
        "Две пары",
        "Пара",
        "Наивысшее очко",
    ]
    for name in PRESET_NAMES:
        for tr in (RU, EN):
            assert preset_title(tr, name) and preset_description(tr, name)
        assert preset_description(RU, name) != preset_description(EN, name)
        assert rules_key(RU, load_preset(name)) == name
    changed = {"preset": "russian", "bonus": 35}
    assert rules_title(EN, rules_from_spec(changed)) == "Russian sheet with changes"
    assert rules_key(EN, rules_from_spec(changed)) == "russian with changes to: bonus"


def test_every_engine_refusal_has_its_words() -> None:
    rules = engine_rules()
    expected = {"filled_box", "keep_not_showing", "no_throws_left", "joker", "no_sheet", "face"}
    assert expected <= rules
    fallback = RU.gettext("not allowed now")
    for rule in sorted(rules):
        error = IllegalActionError("x", rule, box="pair", allowed=["threes"], dice=[1, 2])
        for tr in (RU, EN):
            assert refusal(tr, error) != fallback, rule
    assert refusal(RU, IllegalActionError("x", "no_such_rule")) == fallback


def test_refusals_name_the_boxes_as_the_sheet_does() -> None:
    position = show(start("russian"), (6, 6, 5, 5, 2)).apply(Write("pair"))
    position = show(position, (1, 2, 3, 4, 5))
    with pytest.raises(IllegalActionError) as info:
        show(position.apply(Write("chance")), (6, 6, 5, 5, 2)).apply(Write("pair"))
    rules = load_preset("russian")
    assert refusal(RU, info.value, rules) == "графа «Одна пара» уже заполнена"
    assert refusal(EN, info.value, rules) == "the box One pair is filled already"
    assert written(RU, rules, "Anna", "pair", 24, doubled=True) == (
        "Anna: Одна пара — 24, вдвойне (с первого броска)."
    )


def test_cells_and_numbers() -> None:
    russian, yahtzee = load_preset("russian"), load_preset("yahtzee")
    banked = load_preset("russian_banked")
    assert [cell(russian, "ones", p) for p in (None, 0, -3, 2)] == ["", "✓", "−3", "2"]
    assert [cell(russian, "pair", p) for p in (0, 24)] == ["—", "24"]
    assert cell(yahtzee, "ones", 0) == "—"  # no ✓: the upper box is the sum of its face
    assert cell(banked, "sixes", 0) == "✓"  # crossed out
    zero_crossed = banked.model_copy(update={"unmade": "zero"})
    assert cell(zero_crossed, "sixes", 0) == "—"  # crossed or unmade: told apart by nothing
    assert [signed_decimal(RU, v) for v in (2.0, -1 / 3, 2.5)] == ["+2", "−0,3", "+2,5"]
    assert signed_decimal(EN, -2.5) == "−2.5"


def test_the_sheet_rows() -> None:
    rows = sheet_rows(replay(record("russian_banked", ["Anna"], *BANKED_SOLO)), EN)
    assert [row for row, _, _ in rows][6:9] == ["subtotal", "bonus", "pair"]
    assert [row for row, _, _ in rows][-2:] == ["extra", "total"]  # one player: no average
    assert rows[-2][1:] == ("For unused throws", ["78"])
    partial = sheet_rows(replay(record("russian_banked", ["Anna"], *BANKED_SOLO[:3])), EN)
    assert ("bank", "Throws in reserve", ["6"]) in partial
    two = sheet_rows(replay(record("russian", ["A", "B"], *RUSSIAN_SOLO[:3])), RU)
    assert two[-1] == ("against_average", "Против среднего", ["+1", "−1"])


def test_summary_lines() -> None:
    over = replay(record("ranking", ["Anna", "Boris", "Vera"], *RANKING))
    assert summary(over, RU) == ["Победитель: Boris."]
    shared = [t for pair in zip(RUSSIAN_SOLO, RUSSIAN_SOLO, strict=True) for t in pair]
    assert summary(replay(record("russian", ["A", "B"], *shared)), RU) == ["Победа поровну: A, B."]
