"""The paper sheet marks what the dump truck and the barrel did (CARD_THOUSAND.md §1.6
and §1.7, read from the engine's :class:`~thousand.games.card1000.state.DealSummary`):
a total of exactly 555 (−555) sent to 0 written ``555→0`` (``−555→0``), a fall off the
barrel when the attempts ran out ``↓760``, a knock-off ``⇓760``, the third fall to 0
with ``third_fall_to_zero`` ``⇓0`` — each said under the sheet in English and Russian.

The games are scorekeeping records (each deal's declarer, contract and points), the
figures worked out by hand from the rule book."""

from __future__ import annotations

from thousand.core.i18n import translator
from thousand.games.card1000.config import Rules
from thousand.games.card1000.keeping import Entry, KeptGame
from thousand.games.card1000.presets import load_rules, rules_from_spec
from thousand.games.card1000.record import replay
from thousand.games.card1000.scoring import Fall
from thousand.games.card1000.sheet import legend, sheet_rows

NAMES = ["Anna", "Boris", "Vera"]

Rows = list[tuple[str, str, list[str]]]


def sheet(rules: Rules, entries: list[Entry], language: str) -> tuple[Rows, str | None]:
    game = KeptGame.new(rules, NAMES)
    for entry in entries:
        game.enter(entry)
    tr = translator(language)
    rows = sheet_rows(replay(game.record.to_data()), tr)
    return rows, legend(rows, tr)


DUMP_TRUCK = [
    # deal 1: Anna makes 300 (all 120 card points and 180 of marriages): 300
    Entry(declarer=0, contract=300, points=(300, 0, 0)),
    # deal 2: Boris fails 300: −300; Anna +40, Vera +20
    Entry(declarer=1, contract=300, points=(40, 60, 20)),
    # deal 3: Anna makes 215: 340 + 215 = 555 → 0 (§1.6, the dump truck)
    Entry(declarer=0, contract=215, points=(220, 0, 0)),
    # deal 4: Boris fails 255: −300 − 255 = −555 → 0 (dump_truck_negative, classic)
    Entry(declarer=1, contract=255, points=(40, 60, 20)),
]


def test_a_total_of_exactly_555_or_minus_555_is_marked_sent_to_0() -> None:
    rows, marks = sheet(load_rules("classic"), DUMP_TRUCK, "en")
    assert rows == [
        ("1", "Anna 300", ["+300  300", "—  0", "—  0"]),
        ("2", "Boris 300", ["+40  340", "−300  −300", "+20  20"]),
        ("3", "Anna 215", ["+215  555→0", "—  −300", "—  20"]),
        ("4", "Boris 255", ["+40  40", "−255  −555→0", "+20  40"]),
    ]
    assert marks == (
        "Marks: — bolt · 555→0 dump truck: exactly 555 goes to 0"
        " · −555→0 dump truck: exactly −555 goes to 0"
    )
    rows, marks = sheet(load_rules("classic"), DUMP_TRUCK, "ru")
    assert rows[2][2][0] == "+215  555→0" and rows[3][2][1] == "−255  −555→0"
    assert marks == (
        "Обозначения: — болт · 555→0 самосвал: ровно 555 — в ноль"
        " · −555→0 самосвал: ровно −555 — в ноль"
    )


def test_without_the_negative_dump_truck_minus_555_stays() -> None:
    rules = rules_from_spec({"preset": "classic", "dump_truck_negative": False})
    rows, marks = sheet(rules, DUMP_TRUCK, "en")
    assert rows[3][2][1] == "−255  −555"
    assert marks is not None and "−555→0" not in marks and "555→0 dump truck" in marks


TO_THE_BARREL = [Entry(declarer=0, contract=300, points=(300, 10, 10))] * 3
"""Anna 300 three times: 300, 600, 900 → 880, on the barrel (Boris and Vera 10 each)."""


def test_a_fall_off_the_barrel_after_three_attempts() -> None:
    entries = [
        *TO_THE_BARREL,
        Entry(declarer=1, contract=120, points=(20, 120, 40)),  # Anna's attempt 1
        Entry(declarer=2, contract=120, points=(20, 40, 120)),  # attempt 2
        Entry(declarer=1, contract=120, points=(20, 120, 40)),  # 3: falls, 880 − 120
    ]
    rows, marks = sheet(load_rules("classic"), entries, "en")
    assert [cells[0] for _, _, cells in rows] == [
        "+300  300",
        "+300  600",
        "+300  880 (B) 3",
        "+0  880 (B) 2",
        "+0  880 (B) 1",
        "+0  ↓760",
    ]
    assert rows[5][2][1:] == ["+120  310", "+40  230"]
    assert marks == (
        "Marks: (B) on the barrel, then the attempts left"
        " · ↓ fell off the barrel, the attempts used up"
    )
    rows, marks = sheet(load_rules("classic"), entries, "ru")
    assert rows[5][2][0] == "+0  ↓760"
    assert marks == (
        "Обозначения: (Б) на бочке, за ним — сколько попыток осталось"
        " · ↓ слетел с бочки: попытки кончились"
    )


KNOCK_OFFS = [
    *TO_THE_BARREL,
    # Boris 300 three times: 330, 630, 930 → 880 on the barrel: Anna knocked off (1st fall)
    *[Entry(declarer=1, contract=300, points=(10, 300, 10))] * 3,
    # then each gets back on with 120 from 760 and knocks the other off
    Entry(declarer=0, contract=120, points=(140, 20, 20)),  # Boris's 1st fall
    Entry(declarer=1, contract=120, points=(20, 140, 20)),  # Anna's 2nd fall
    Entry(declarer=0, contract=120, points=(140, 20, 20)),  # Boris's 2nd fall
    Entry(declarer=1, contract=120, points=(20, 140, 20)),  # Anna's 3rd fall: to 0
]


def test_knock_offs_and_the_third_fall_to_zero() -> None:
    rules = rules_from_spec({"preset": "classic", "third_fall_to_zero": True})
    rows, marks = sheet(rules, KNOCK_OFFS, "en")
    anna = [cells[0] for _, _, cells in rows]
    boris = [cells[1] for _, _, cells in rows]
    assert anna[3:] == [
        "+0  880 (B) 2",
        "+0  880 (B) 1",
        "+0  ⇓760",
        "+120  880 (B) 3",
        "+0  ⇓760",
        "+120  880 (B) 3",
        "+0  ⇓0",
    ]
    assert boris[3:] == [
        "+300  330",
        "+300  630",
        "+300  880 (B) 3",
        "+0  ⇓760",
        "+120  880 (B) 3",
        "+0  ⇓760",
        "+120  880 (B) 3",
    ]
    assert marks == (
        "Marks: (B) on the barrel, then the attempts left · ⇓ knocked off the barrel"
        " · ⇓0 the third fall: to 0"
    )
    rows, marks = sheet(rules, KNOCK_OFFS, "ru")
    assert rows[-1][2][0] == "+0  ⇓0"
    assert marks == (
        "Обозначения: (Б) на бочке, за ним — сколько попыток осталось · ⇓ сбит с бочки"
        " · ⇓0 третье падение — в ноль"
    )
    # classic: the third fall is −120 like the others
    rows, _ = sheet(load_rules("classic"), KNOCK_OFFS, "en")
    assert rows[-1][2][0] == "+0  ⇓760"


def test_the_engine_says_what_steps_4_and_5_did() -> None:
    game = KeptGame.new(load_rules("classic"), NAMES)
    for entry in DUMP_TRUCK:
        game.enter(entry)
    history = game.state.history
    assert [deal.dumped for deal in history] == [
        (None, None, None),
        (None, None, None),
        (555, None, None),
        (None, -555, None),
    ]
    game = KeptGame.new(rules_from_spec({"preset": "classic", "third_fall_to_zero": True}), NAMES)
    for entry in KNOCK_OFFS:
        game.enter(entry)
    falls = [deal.falls for deal in game.state.history]
    assert falls[5] == (Fall("knock_off"), None, None)
    assert falls[-1] == (Fall("knock_off", to_zero=True), None, None)
    assert all(fall is None for deal in falls[:5] for fall in deal)
