"""What five dice score: every box of every sheet, and the hands of the ranking game.

Pure functions of the rules and the five faces (in any order), shared by the engine,
the solver, the computer players and the coach — no other module computes a box.

Russian sheet (POKER_DICE.md §1):

* Series 1 (``ones`` … ``sixes``) under ``plus_minus``: (c − 3) × f; ``done_or_minus``:
  0 from three dice of the face on, else −(3 − c) × f; ``crossed``: 0 from three on
  (crossed out), else the box is unmade (below).
* Series 2: the combination's own dice (chance: all five), the best choice where several
  fit; doubled after the first throw of a turn when ``first_throw_double`` (not chance);
  ``four_bonus`` and ``poker_bonus`` added after doubling.
* Unmade boxes score 0, or with ``unmade = "minus"`` minus the smallest sum the
  combination can have. Decided here (POKER_DICE.md: "the project documents the amount"):
  pair −2 (1 1), two pairs −6 (1 1 2 2), three −3, small straight −15, big straight −20,
  full house −7 (1 1 1 2 2), four −4, poker −5, and a crossed series-1 box −3 × face.
  Chance is always made.

Yahtzee sheet (§3): upper boxes score the sum of their face; three and four of a kind the
sum of all dice; full house 25, small straight (four in a row) 30, large straight 40,
yahtzee 50 (``poker_bonus``); five of a face is a full house only as a joker
(:func:`joker_boxes`: the ``free`` joker of the published optimum, or §3's ``forced``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from thousand.games.poker_dice.config import Rules

FACES: Final = (1, 2, 3, 4, 5, 6)
DICE: Final = 5

UPPER: Final = ("ones", "twos", "threes", "fours", "fives", "sixes")
"""Series 1 (the upper section), box ``UPPER[f - 1]`` for face f."""

RUSSIAN_LOWER: Final = (
    "pair",
    "two_pairs",
    "three",
    "small_straight",
    "big_straight",
    "full_house",
    "four",
    "poker",
    "chance",
)
"""Series 2 of the Russian sheet, in the sheet's order (S6)."""

YAHTZEE_LOWER: Final = (
    "three",
    "four",
    "full_house",
    "small_straight",
    "big_straight",
    "poker",
    "chance",
)
"""The lower section of the yahtzee sheet, in the order of the published score card."""

HAND_KINDS: Final = ("high_card", "pair", "two_pairs", "three", "full_house", "four", "poker")
"""The ranking game's hands, weakest first (S5)."""

UNMADE_MINUS: Final = {
    "pair": 2,
    "two_pairs": 6,
    "three": 3,
    "small_straight": 15,
    "big_straight": 20,
    "full_house": 7,
    "four": 4,
    "poker": 5,
}
"""``unmade = "minus"``: the smallest sum each series-2 combination can have."""

YAHTZEE_FIXED: Final = {"full_house": 25, "small_straight": 30, "big_straight": 40}
"""The yahtzee sheet's fixed box values (the yahtzee box itself is ``poker_bonus``)."""


def boxes(sheet: str) -> tuple[str, ...]:
    """The boxes of a sheet, in order: 15 Russian, 13 yahtzee, none in ``ranking``."""
    if sheet == "russian":
        return UPPER + RUSSIAN_LOWER
    if sheet == "yahtzee":
        return UPPER + YAHTZEE_LOWER
    return ()


def counts(dice: Iterable[int]) -> tuple[int, int, int, int, int, int]:
    """How many dice show each face 1…6."""
    tally = Counter(dice)
    return (tally[1], tally[2], tally[3], tally[4], tally[5], tally[6])


def _of_a_kind(tally: Sequence[int], least: int) -> int:
    """The highest face shown at least ``least`` times, or 0."""
    for face in (6, 5, 4, 3, 2, 1):
        if tally[face - 1] >= least:
            return face
    return 0


def _straight(tally: Sequence[int], low: int, length: int) -> bool:
    return all(tally[face - 1] for face in range(low, low + length))


def is_poker(dice: Iterable[int]) -> bool:
    """Five dice of one face (a yahtzee)."""
    return max(counts(dice)) == DICE


def _russian_made(box: str, tally: Sequence[int]) -> int | None:
    """The combination's own sum if the dice show it (chance: all five), else None."""
    if box == "chance":
        return sum(face * tally[face - 1] for face in FACES)
    if box in ("pair", "three", "four", "poker"):
        least = {"pair": 2, "three": 3, "four": 4, "poker": 5}[box]
        face = _of_a_kind(tally, least)
        return least * face if face else None
    if box == "two_pairs":
        pairs = [face for face in (6, 5, 4, 3, 2, 1) if tally[face - 1] >= 2]
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else None
    if box == "full_house":
        shape = sorted(count for count in tally if count)
        return sum(face * tally[face - 1] for face in FACES) if shape == [2, 3] else None
    if box == "small_straight":
        return 15 if _straight(tally, 1, 5) else None
    if box == "big_straight":
        return 20 if _straight(tally, 2, 5) else None
    raise ValueError(f"unknown box {box!r}")


def _yahtzee_lower(box: str, tally: Sequence[int], poker_value: int, joker: bool) -> int:
    total = sum(face * tally[face - 1] for face in FACES)
    if box == "chance":
        return total
    if box in ("three", "four"):
        return total if _of_a_kind(tally, 3 if box == "three" else 4) else 0
    if box == "poker":
        return poker_value if max(tally) == DICE else 0
    if joker:
        return YAHTZEE_FIXED[box]
    if box == "full_house":
        made = sorted(count for count in tally if count) == [2, 3]
    elif box == "small_straight":
        made = any(_straight(tally, low, 4) for low in (1, 2, 3))
    elif box == "big_straight":
        made = _straight(tally, 1, 5) or _straight(tally, 2, 5)
    else:
        raise ValueError(f"unknown box {box!r}")
    return YAHTZEE_FIXED[box] if made else 0


def box_points(
    rules: Rules, box: str, dice: Iterable[int], *, first_throw: bool, joker: bool = False
) -> int:
    """The points ``box`` takes for ``dice``, doublings and box bonuses included.

    ``first_throw``: the dice are the turn's first throw (doubling, Russian sheet).
    ``joker``: a yahtzee written under the forced joker rule (:func:`joker_boxes`), so
    full house and the straights score their full values.
    """
    tally = counts(dice)
    if box in UPPER:
        face = UPPER.index(box) + 1
        have = tally[face - 1]
        if rules.series1 == "sum":
            return face * have
        if rules.series1 == "plus_minus":
            return (have - 3) * face
        if have >= 3:
            return 0
        if rules.series1 == "done_or_minus":
            return -(3 - have) * face
        return -3 * face if rules.unmade == "minus" else 0
    if rules.sheet == "yahtzee":
        return _yahtzee_lower(box, tally, rules.poker_bonus, joker)
    made = _russian_made(box, tally)
    if made is None:
        return -UNMADE_MINUS[box] if rules.unmade == "minus" else 0
    if box == "chance":
        return made
    points = made * 2 if first_throw and rules.first_throw_double else made
    if box == "four":
        points += rules.four_bonus
    elif box == "poker":
        points += rules.poker_bonus
    return points


def joker_boxes(
    rules: Rules, dice: Iterable[int], sheet: Mapping[str, int | None]
) -> tuple[str, ...] | None:
    """The boxes a yahtzee may go in as a joker, or None when no joker applies.

    A joker is five of a face thrown when the ``poker`` box is filled (yahtzee sheet).
    Under ``joker = "forced"`` (POKER_DICE.md §3's wording) it must go in the upper box of
    its face if that is empty; otherwise in any empty lower box, where full house and the
    straights score their full values; otherwise in any empty upper box, for 0. Under
    ``"free"`` (the published optimum's rule) it is a joker only once the upper box of its
    face is filled, and may then go in any empty box; before that it is ordinary dice.
    """
    faces = list(dice)
    if rules.joker == "none" or sheet.get("poker") is None or not is_poker(faces):
        return None
    upper = UPPER[faces[0] - 1]
    if rules.joker == "free":
        if sheet.get(upper) is None:
            return None
        return tuple(box for box in UPPER + YAHTZEE_LOWER if sheet.get(box) is None)
    if sheet.get(upper) is None:
        return (upper,)
    lower = tuple(box for box in YAHTZEE_LOWER if sheet.get(box) is None)
    if lower:
        return lower
    return tuple(box for box in UPPER if sheet.get(box) is None)


def extra_points(rules: Rules, dice: Iterable[int], sheet: Mapping[str, int | None]) -> int:
    """Yahtzee's bonus for a further yahtzee: ``extra_poker_bonus`` when the ``poker`` box
    already holds its points (a scratched 0 earns nothing), else 0."""
    if not rules.extra_poker_bonus or not is_poker(dice):
        return 0
    held = sheet.get("poker")
    return rules.extra_poker_bonus if held is not None and held > 0 else 0


def upper_bonus(rules: Rules, subtotal: int) -> int:
    """The series-1 bonus for a complete upper series adding up to ``subtotal``."""
    return rules.bonus if subtotal >= rules.bonus_threshold else 0


def hand(dice: Iterable[int]) -> tuple[int, ...]:
    """The ranking game's hand as a key that compares like hands do (higher is better).

    The first element is the kind's index in :data:`HAND_KINDS`; then the faces of the
    combination, higher first (a full house's three before its pair); then the other
    dice from the highest. A high card compares only the sum of the five (S5).
    """
    tally = counts(dice)
    shape = sorted(
        ((count, face) for face, count in zip(FACES, tally, strict=True) if count), reverse=True
    )
    top_count = shape[0][0]
    if top_count == 1:
        return (0, sum(face for _, face in shape))
    kickers = tuple(face for count, face in shape if count == 1)
    if top_count == 5:
        return (6, shape[0][1])
    if top_count == 4:
        return (5, shape[0][1], *kickers)
    if top_count == 3:
        if shape[1][0] == 2:
            return (4, shape[0][1], shape[1][1])
        return (3, shape[0][1], *kickers)
    pairs = tuple(face for count, face in shape if count == 2)
    if len(pairs) == 2:
        return (2, *pairs, *kickers)
    return (1, pairs[0], *kickers)


def hand_kind(dice: Iterable[int]) -> str:
    """The name of the hand (``poker`` … ``high_card``) the dice make."""
    return HAND_KINDS[hand(dice)[0]]
