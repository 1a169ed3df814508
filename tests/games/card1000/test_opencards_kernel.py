"""The open-card solver's kernel pieces that prune the search: each must leave the
exact value alone (the brute force of test_opencards.py holds the whole), these pin
down what they cut."""

from __future__ import annotations

import numpy as np

from thousand.games.card1000 import card_rules_kernel, native_kernel
from thousand.games.card1000 import opencards_kernel as kernel
from thousand.games.card1000.cards import DECK_INDEX, card
from thousand.games.card1000.opencards import TABLES

NONE = -kernel.INF - 1


def _mask(*names: str) -> int:
    total = 0
    for each in names:
        for name in each.split():
            total |= 1 << DECK_INDEX[card(name)]
    return total


def _context(*, players: int = 3, declarer: int = 0) -> kernel.Array:
    context = np.zeros(kernel.CONTEXT_SIZE, dtype=np.int64)
    context[kernel.C_PLAYERS] = players
    context[kernel.C_DECLARER] = declarer
    return context


def _choices(hand: str, others: str, c0: str, c1: str, trump: int = -1) -> int:
    """The declarer (position 0) plays the last card to a trick led by position 1."""
    own = _mask(hand)
    live = own | _mask(others) | _mask(c0, c1)
    first = DECK_INDEX[card(c0)]
    second = DECK_INDEX[card(c1)]
    return int(kernel.last_card_choices(own, own, live, _context(), first, second, 2, 1, trump))


def test_a_run_of_winners_is_played_by_its_highest_card() -> None:
    # K, T and A of hearts win the trick for the declarer whichever it plays: the
    # ace's points are the most it can take now.
    assert _choices("KH TH AH", "9S", "QH", "9H") == _mask("AH")


def test_a_run_of_losers_is_played_by_its_lowest_card() -> None:
    assert _choices("KH TH", "9S", "AH", "9H") == _mask("KH")


def test_a_card_in_play_between_keeps_them_apart() -> None:
    # The ten is in another hand: the king and the ace do not win the same tricks.
    assert _choices("KH AH", "TH", "QH", "9H") == _mask("KH AH")


def test_a_marriage_held_is_not_like_its_neighbours() -> None:
    # J | Q K | T: playing the queen or the king breaks the marriage, the jack or
    # the ten does not; the queen and the king are one choice (the lower: they lose).
    assert _choices("JH QH KH TH", "9S", "AH", "9H") == _mask("JH QH TH")


def test_the_defenders_win_with_the_mover_s_side_in_mind() -> None:
    # The trump nine takes the trick from the defenders: the declarer's hearts all
    # lose it, so the declarer keeps its points back (the lowest).
    assert _choices("KH TH AH", "9S", "QH", "9S", trump=0) == _mask("KH")


def _twin(hand: str, live: str, searched: str, value: int, move: str, limit: int) -> int:  # noqa: PLR0917
    """The bound that spares the declarer's ``move`` after ``searched`` got ``value``."""
    codes = np.zeros((kernel.MAX_PLY, kernel.MAX_MOVES), dtype=np.int64)
    scores = np.zeros_like(codes)
    codes[0, 0] = DECK_INDEX[card(searched)]
    codes[0, 1] = DECK_INDEX[card(move)]
    scores[0, 0] = value
    own = _mask(hand)
    return int(
        kernel.twin_bound(
            own, own | _mask(live), _context(), TABLES, codes, scores, 0, 1, True, limit
        )
    )


def test_a_card_equivalent_to_one_searched_is_bounded_by_the_points_between() -> None:
    # The ten and the ace win the same tricks: the ace is worth at most one point
    # more than the ten's 30, so with alpha at 31 it need not be searched.
    assert _twin("TS AS", "KS", "TS", 30, "AS", 31) == 31
    assert _twin("TS AS", "KS", "TS", 30, "AS", 30) == NONE
    # The king and the ace are six points apart, and not equivalent with the ten out.
    assert _twin("KS TS AS", "9S", "KS", 20, "TS", 26) == 26
    assert _twin("KS AS", "TS", "KS", 20, "AS", 100) == NONE


def test_a_marriage_held_keeps_its_cards_apart_from_the_others() -> None:
    assert _twin("JS QS KS", "9S", "JS", 20, "QS", 100) == NONE
    assert _twin("JS QS KS", "9S", "QS", 20, "KS", 21) == 21


def test_both_kernels_follow_the_one_statement_of_the_trick_rules() -> None:
    # Following and the trick's winner are written once (card_rules_kernel), for the
    # solver and the random deals alike: two copies could drift apart.
    for user in (kernel, native_kernel):
        for name in ("allowed", "trick_winner"):
            assert vars(user)[name] is vars(card_rules_kernel)[name], (user, name)
