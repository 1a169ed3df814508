"""The independent referee of the tests, written from RULES.md and RECORD.md alone.

:func:`referee` re-reads a game record and computes RECORD.md's output with its own
scoring (:func:`best_split`) and its own reading of RULES.md §1–§2.1. It shares no code
with the engine beyond the validated :class:`~thousand.games.dice1000.config.Rules`
object, so a test that compares the two catches a rule the engine gets wrong — or a
sentence of the rule book that two readers understand differently.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from thousand.games.dice1000 import Rules, rules_from_spec
from thousand.games.dice1000.config import Barrel

# -- independent scoring (RULES.md §1.2) ---------------------------------------------

Counts = tuple[int, ...]


def _counts(dice: Iterable[int]) -> Counts:
    c = [0] * 6
    for face in dice:
        c[face - 1] += 1
    return tuple(c)


@cache
def combinations_for(rules: Rules, throw_size: int) -> tuple[tuple[Counts, int], ...]:
    """(dice as counts per face, points) of every combination a throw of this size can hold."""
    pts = rules.points
    found: list[tuple[Counts, int]] = []
    for face in range(1, 7):
        if pts.singles[face - 1]:
            found.append((_counts([face]), pts.singles[face - 1]))
        for size, table in ((3, pts.three_of_a_kind), (4, pts.four_of_a_kind)):
            if size <= throw_size and table[face - 1]:
                found.append((_counts([face] * size), table[face - 1]))
        if throw_size == 5 and pts.five_of_a_kind[face - 1]:
            found.append((_counts([face] * 5), pts.five_of_a_kind[face - 1]))
        if throw_size == 2 and rules.two_dice_pair:
            found.append((_counts([face, face]), 0))
    if throw_size == 5:
        if pts.small_straight:
            found.append((_counts([1, 2, 3, 4, 5]), pts.small_straight))
        if pts.big_straight:
            found.append((_counts([2, 3, 4, 5, 6]), pts.big_straight))
        if pts.favorites:
            found.append((_counts([3, 4, 4, 6, 6]), 0))
            found.append((_counts([2, 2, 3, 3, 4]), 0))
    return tuple(found)


def best_split(
    rules: Rules, dice: Sequence[int], throw_size: int | None = None, complete: bool = False
) -> tuple[int, int] | None:
    """(points, dice set aside) of the best split of ``dice``: most points, then most dice.

    ``complete``: every die must be in a combination (a choose_dice keep); None if it
    cannot be. ``throw_size`` is the size of the throw the dice come from.
    """
    size = len(dice) if throw_size is None else throw_size
    return _best(combinations_for(rules, size), _counts(dice), complete)


@cache
def _best(
    combos: tuple[tuple[Counts, int], ...], left: Counts, complete: bool
) -> tuple[int, int] | None:
    best: tuple[int, int] | None = None if complete and any(left) else (0, 0)
    for need, points in combos:
        if all(have >= n for have, n in zip(left, need, strict=True)):
            rest = tuple(have - n for have, n in zip(left, need, strict=True))
            sub = _best(combos, rest, complete)
            if sub is not None:
                candidate = (points + sub[0], sum(need) + sub[1])
                if best is None or candidate > best:
                    best = candidate
    return best


# -- the referee (RULES.md §1.3–§2.1, RECORD.md) ---------------------------------------


@dataclass(frozen=True)
class Sheet:
    name: str
    score: int = 0
    entered: bool = False
    entry: int | None = None
    bolts: int = 0
    barrel_turns: int = 0


def _barrel(rules: Rules, sheet: Sheet) -> Barrel | None:
    """The barrel a player stands on: in the game with a score in [from, to)."""
    return _barrel_at(rules, sheet.score) if sheet.entered else None


def _barrel_at(rules: Rules, score: int) -> Barrel | None:
    for barrel in rules.barrels:
        if barrel.from_ <= score < barrel.to:
            return barrel
    return None


def _set_score(rules: Rules, sheet: Sheet, score: int) -> Sheet:
    """A new score; leaving a barrel restarts its attempt count."""
    if _barrel_at(rules, score) != _barrel_at(rules, sheet.score):
        return replace(sheet, score=score, barrel_turns=0)
    return replace(sheet, score=score)


def _fall(rules: Rules, sheet: Sheet, barrel: Barrel) -> Sheet:
    fall = barrel.fall
    assert fall is not None
    if fall.penalty is not None:
        score = sheet.score - fall.penalty
    elif fall.to == "entry":
        score = sheet.entry if sheet.entry is not None else 0
    else:
        assert isinstance(fall.to, int)
        score = fall.to
    return replace(_set_score(rules, sheet, score), barrel_turns=0)


def _instant_win(rules: Rules, faces: Sequence[int]) -> bool:
    if len(faces) != 5 or len(set(faces)) != 1:
        return False
    return rules.instant_win == "five_of_a_kind" or (
        rules.instant_win == "five_ones" and faces[0] == 1
    )


def _wins(rules: Rules, score: int) -> bool:
    return score == rules.target if rules.ending == "exact" else score >= rules.target


def referee(data: Mapping[str, Any]) -> dict[str, Any]:
    """RECORD.md's output for a *legal* record, computed from RULES.md alone."""
    rules = rules_from_spec(data["rules"])
    sheets = [Sheet(name) for name in data["players"]]
    n = len(sheets)
    rows: list[dict[str, Any]] = []
    winner: str | None = None
    for index, turn_data in enumerate(data["turns"]):
        assert winner is None, "turn after the game ended"
        me = index % n
        sheet = sheets[me]
        total, dice, outcome = 0, 5, ""
        for number, raw in enumerate(turn_data["rolls"]):
            faces, keep = (raw["dice"], raw["keep"]) if isinstance(raw, dict) else (raw, None)
            assert len(faces) == dice, "wrong number of dice"
            found = best_split(rules, faces)
            assert found is not None
            if found[1] == 0:
                if number == 0 and rules.first_throw_retry:
                    continue  # the first throw is thrown once more (§2)
                outcome = "bust"
                break
            if rules.instant_win != "none" and _instant_win(rules, faces):
                total += found[0]
                outcome = "win"
                break
            if keep is not None:
                kept = best_split(rules, keep, len(faces), complete=True)
                assert kept is not None, "keep is not whole combinations"
                found = kept
            total += found[0]
            reached = sheet.score + total
            if rules.ending == "exact" and reached > rules.target:
                outcome = "bust"
                break
            if rules.dump_truck_midturn and reached in rules.dump_trucks:
                outcome = "dump_truck"
                break
            dice = dice - found[1] or 5
        if not outcome:
            outcome = "stop" if turn_data.get("stop") else "in_progress"
        points = total
        if outcome == "stop":
            outcome = _stop(rules, sheets, me, total)
        elif outcome == "bust":
            points = 0
            _bust(rules, sheets, me)
        elif outcome == "dump_truck":
            _dump_truck(rules, sheets, me)
        elif outcome == "win":
            new = sheet.score + total
            entry = sheet.entry if sheet.entered else new
            sheets[me] = replace(sheet, score=new, entered=True, entry=entry)
        if outcome == "win":
            winner = sheet.name
        rows.append(
            {"player": sheet.name, "outcome": outcome, "points": points, "score": sheets[me].score}
        )
    turns_played = len(data["turns"])
    if winner is not None:
        to_move = None
    elif rows and rows[-1]["outcome"] == "in_progress":
        to_move = sheets[(turns_played - 1) % n].name
    else:
        to_move = sheets[turns_played % n].name
    return {
        "players": [
            {"name": s.name, "score": s.score, "entered": s.entered, "bolts": s.bolts}
            for s in sheets
        ],
        "turns": rows,
        "winner": winner,
        "to_move": to_move,
    }


def _stop(rules: Rules, sheets: list[Sheet], me: int, total: int) -> str:
    """§2.1 "Stop", in the order the rule book gives; returns the outcome."""
    before = list(sheets)
    sheet = sheets[me]
    new = sheet.score + total
    landed = _barrel_at(rules, new)
    if landed is not None and landed.cap and landed != _barrel(rules, sheet):
        new = landed.from_
    if new in rules.dump_trucks:
        _dump_truck(rules, sheets, me)
        return "dump_truck"
    cleared = 0 if rules.bolts is not None and rules.bolts.consecutive else sheet.bolts
    entry = sheet.entry if sheet.entered else new
    sheets[me] = Sheet(sheet.name, new, True, entry, cleared, 0)
    if _wins(rules, new):
        return "win"
    if rules.overtaking_penalty:
        for other, theirs in enumerate(before):
            if other != me and theirs.entered and sheet.score <= theirs.score < new:
                sheets[other] = _set_score(rules, theirs, theirs.score - rules.overtaking_penalty)
    now = _barrel_at(rules, new)
    if now is not None and now.knock_off:
        for other, theirs in enumerate(sheets):
            if other != me and _barrel(rules, theirs) == now:
                sheets[other] = _fall(rules, theirs, now)
    return "stop"


def _bust(rules: Rules, sheets: list[Sheet], me: int) -> None:
    """§2.1 "Bust": a bolt unless exempt, then a barrel attempt."""
    sheet = sheets[me]
    on_barrel = _barrel(rules, sheet)
    bolts = rules.bolts
    if bolts is not None and not (
        (bolts.exempt_not_entered and not sheet.entered)
        or (bolts.exempt_on_barrel and on_barrel is not None)
    ):
        count = sheet.bolts + 1
        if count >= bolts.limit:
            sheet = _set_score(rules, sheet, sheet.score - bolts.penalty)
            count = 0
        sheet = replace(sheet, bolts=count)
    if (
        on_barrel is not None
        and on_barrel.attempts is not None
        and _barrel_at(rules, sheet.score) == on_barrel
    ):
        used = sheet.barrel_turns + 1
        sheet = (
            _fall(rules, sheet, on_barrel)
            if used >= on_barrel.attempts
            else replace(sheet, barrel_turns=used)
        )
    sheets[me] = sheet


def _dump_truck(rules: Rules, sheets: list[Sheet], me: int) -> None:
    sheet = sheets[me]
    cleared = 0 if rules.bolts is not None and rules.bolts.consecutive else sheet.bolts
    entry = sheet.entry if sheet.entered else 0
    sheets[me] = Sheet(sheet.name, 0, True, entry, cleared, 0)
