"""Deals played with real cards at a real table (CARD_THOUSAND.md §6, scorekeeping).

A scorekeeping record (``"meta": {"cards": "table"}``) gives each deal's result, not its
cards: who declared what and each seat's raw points (§1.6's ``p``, marriages included;
a sitting-out dealer's entry is its talon score), a write-off, or a redeal. The program
scores it exactly as a played deal — through :func:`.engine.finish_deal`, the same
function a played deal ends in — after checking that the result could have happened:

* the declarer plays the deal (not a sitting-out dealer); a golden deal's and a dark
  deal's declarer is the first hand, their contract 120 (more only where §2 allows a
  raise); a dark deal only where the rules ask for the dark choice;
* the contract is at least the opening bid, a multiple of ``bid_step``, at most 400
  (the highest ceiling there is);
* a write-off only where a played deal allows it (not golden, not dark, nobody on the
  barrel unless ``write_off_on_barrel``, within ``write_off_limit``);
* the points: whole numbers, none negative, the playing seats' sum 120 plus marriages
  that can have been announced (each suit once; the four aces with ``ace_marriage``)
  plus the last-trick bonus — two players: less up to 22 for the two cards put out of
  play — and a sitting-out dealer's entry a talon score three cards can give.

Decisions where §6 is silent: a scorekeeping deal carries no four-nines bonus (the
cards are unknown), and with ``bolt = "no_trick"`` a defender with 0 points is taken to
have taken no trick (docs/card1000.md, decision 11).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace

from thousand.core.errors import IllegalActionError
from thousand.games.card1000.actions import Dealt
from thousand.games.card1000.cards import ACE_MARRIAGE, DECK, MARRIAGE
from thousand.games.card1000.config import BID_CAP, Rules
from thousand.games.card1000.engine import GOLDEN_CONTRACT, finish_deal, redealt
from thousand.games.card1000.scoring import DealResult, sitting_out, talon_score
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.state import State

CARD_POINTS = 120
"""The card points of the deck (§1.1)."""

MOST_DISCARDED = 22
"""Two players: the most card points two cards put out of play can hold (two aces)."""

NO_CARDS = Dealt((), ())
"""The cards of a scorekeeping deal: unknown."""


@functools.cache
def talon_scores() -> frozenset[int]:
    """Every raw score a talon of three cards can give a sitting-out dealer (§3)."""
    return frozenset(talon_score(three) for three in itertools.combinations(DECK, 3))


def marriage_sums(rules: Rules) -> frozenset[int]:
    """Every total the marriages announced in one deal can add up to (each suit once)."""
    values = [*MARRIAGE.values(), *([ACE_MARRIAGE] if rules.ace_marriage else [])]
    return frozenset(
        sum(chosen)
        for size in range(len(values) + 1)
        for chosen in itertools.combinations(values, size)
    )


def _refuse(message: str, rule: str, **params: object) -> IllegalActionError:
    return IllegalActionError(message, rule, **params)


def redeal(state: State) -> State:
    """A redeal at the table: nothing scored, the same dealer deals again."""
    if state.over:
        raise _refuse("cannot redeal: the game is over", "game_over")
    golden = state.golden_left > 0
    return redealt(replace_count(state), NO_CARDS, (), golden=golden, dark=False)


def replace_count(state: State) -> State:
    """The state with one more deal dealt (a redeal is dealt like any deal, §5)."""
    return replace(state, dealt_count=state.dealt_count + 1)


def _check_declarer(state: State, declarer: object, *, golden: bool, dark: bool) -> int:
    rules = state.rules
    playing = playing_seats(rules, state.dealer)
    if not isinstance(declarer, int) or isinstance(declarer, bool) or declarer not in playing:
        shown = declarer if isinstance(declarer, int) else repr(declarer)
        raise _refuse(
            f"declarer: seat {shown} does not play this deal (seats {list(playing)})",
            "declarer",
            seat=declarer if isinstance(declarer, int) else None,
            playing=list(playing),
        )
    if (golden or dark) and declarer != playing[0]:
        kind = "golden" if golden else "dark"
        raise _refuse(
            f"declarer: the {kind} declarer is the first hand, seat {playing[0]}",
            "declarer",
            first=playing[0],
        )
    return declarer


def _check_contract(rules: Rules, contract: object, *, fixed: bool, raise_ok: bool) -> int:
    if not isinstance(contract, int) or isinstance(contract, bool):
        raise _refuse(f"contract: expected a number, got {contract!r}"[:120], "contract")
    minimum = GOLDEN_CONTRACT if fixed else rules.opening_bid
    if fixed and (contract < GOLDEN_CONTRACT or (contract != GOLDEN_CONTRACT and not raise_ok)):
        raise _refuse(
            f"contract: {contract} on a deal whose contract is {GOLDEN_CONTRACT}"
            + (" or more" if raise_ok else ""),
            "contract_too_low" if contract < GOLDEN_CONTRACT else "contract_above_ceiling",
            bid=minimum,
            ceiling=GOLDEN_CONTRACT,
        )
    if contract < rules.opening_bid:
        raise _refuse(
            f"contract: {contract} is below the opening bid {rules.opening_bid}",
            "contract_too_low",
            bid=minimum,
        )
    if contract % rules.bid_step:
        raise _refuse(
            f"contract: {contract} is not a multiple of {rules.bid_step}",
            "contract_step",
            step=rules.bid_step,
        )
    if contract > BID_CAP:
        raise _refuse(
            f"contract: {contract} is above the ceiling of {BID_CAP}",
            "contract_above_ceiling",
            ceiling=BID_CAP,
        )
    return contract


def _check_points(state: State, points: object) -> tuple[int, ...]:
    rules = state.rules
    count = rules.players
    if (
        not isinstance(points, list)
        or len(points) != count
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in points)
    ):
        raise _refuse(
            f"points: expected a list of {count} whole numbers", "points", problem="shape"
        )
    values = tuple(int(p) for p in points)
    for seat, value in enumerate(values):
        if value < 0:
            raise _refuse(
                f"points: a negative entry for seat {seat}: {value}",
                "points",
                problem="negative",
                seat=seat,
            )
    idle = sitting_out(rules, state.dealer)
    if idle is not None and values[idle] not in talon_scores():
        raise _refuse(
            f"points: {values[idle]} is no talon score of the sitting-out dealer, seat {idle}",
            "points",
            problem="talon",
            seat=idle,
            value=values[idle],
        )
    played = sum(value for seat, value in enumerate(values) if seat != idle)
    extra = played - rules.last_trick_bonus
    sums = marriage_sums(rules)
    if rules.players == 2:
        possible = any(
            CARD_POINTS - MOST_DISCARDED <= extra - marriages <= CARD_POINTS for marriages in sums
        )
    else:
        possible = extra - CARD_POINTS in sums
    if not possible:
        raise _refuse(
            f"points: a sum other than 120 plus the announced marriages: {played}",
            "points",
            problem="sum",
            sum=played,
        )
    return values


def score(
    state: State,
    *,
    declarer: object,
    contract: object,
    points: object = None,
    written_off: bool = False,
    dark: bool = False,
) -> State:
    """The state after a scorekeeping deal (checked; :class:`IllegalActionError` names
    the field and the rule)."""
    rules = state.rules
    if state.over:
        raise _refuse("cannot score a deal: the game is over", "game_over")
    golden = state.golden_left > 0
    if dark and (golden or not rules.dark or (state.any_on_barrel and not rules.dark_on_barrel)):
        raise _refuse("dark: no dark deal here (§2)", "dark", golden=golden)
    seat = _check_declarer(state, declarer, golden=golden, dark=dark)
    raise_ok = dark or rules.golden_raise
    amount = _check_contract(rules, contract, fixed=golden or dark, raise_ok=raise_ok)
    if written_off:
        _check_write_off(state, seat, golden=golden, dark=dark)
        values: tuple[int | None, ...] = (None,) * rules.players
    else:
        values = _check_points(state, points)
    result = DealResult(
        dealer=state.dealer,
        declarer=seat,
        contract=amount,
        written_off=written_off,
        points=values,
        golden=golden,
        dark=dark,
    )
    return finish_deal(replace_count(state), result, NO_CARDS, ())


def _check_write_off(state: State, seat: int, *, golden: bool, dark: bool) -> None:
    rules = state.rules
    if golden or dark:
        kind = "golden" if golden else "dark"
        raise _refuse(f"write_off: no write-off on a {kind} deal", "write_off", deal=kind)
    if state.any_on_barrel and not rules.write_off_on_barrel:
        raise _refuse(
            "write_off: no write-off while a seat is on the barrel", "write_off", barrel=True
        )
    used = state.board[seat].write_offs
    if rules.write_off_limit is not None and used >= rules.write_off_limit:
        raise _refuse(
            f"write_off: all {rules.write_off_limit} write-offs of the game are used",
            "write_off_limit",
            limit=rules.write_off_limit,
            seat=seat,
        )
