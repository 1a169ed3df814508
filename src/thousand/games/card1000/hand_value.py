"""Hand evaluation: how many points a declarer can expect from a hand, before and after
the talon, and which cards it can best spare.

A club player bids on what the hand will take: its sure winners (the top of each suit it
holds, with what the others must throw on them), the length of a trump suit it can name
by a marriage, the marriages it can announce, and what three cards of the talon are
likely to add. :func:`play_value` is that count for a hand the declarer will play;
:func:`expected_value` averages it over the talons the unseen cards allow, so the bid
is made on the talon's expectation; :func:`best_keep` chooses the cards to give or
discard that cost the hand least.

The weights were set by playing ``club`` declarers against ``novice`` defenders
(``benchmarks/bench_card_levels.py``) and comparing the estimate with the points taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from random import Random

from thousand.core.stats import normal_cdf
from thousand.games.card1000.cards import (
    MARRIAGE,
    RANKS,
    SUITS,
    Card,
    Rank,
    Suit,
    marriages_in,
)

CAPTURE = 6.0
"""Points the others throw on a trick the declarer's sure winner takes (two followers
playing their least, about three points each)."""

LONG_TRUMP = 0.6
"""Share of a trick a trump below the top sequence takes when the trump suit is long."""

GUARDED_TEN = 0.35
"""Share of a trick a ten without its ace but with a guard takes."""

SPREAD = 40.0
"""The spread of the points a declarer takes around the estimate (for the chance to
make a contract)."""

DEFENDER_TAKE = 45
"""What a defender takes in a deal on average: 40 measured against ``novice``
declarers, a little more since a bid can be overcalled. ``club`` bids only when
declaring promises at least this much (duplicate matches against ``novice`` found 30
too eager: +6.8 points per deal over novice, against +8.4 at 45), and the ``expert``
credits each defender with it when it weighs passing."""


def _suit_cards(hand: Sequence[Card], suit: Suit) -> list[Card]:
    return sorted((each for each in hand if each.suit is suit), key=lambda c: -c.strength)


def top_sequence(held: Sequence[Card], suit: Suit, gone: frozenset[Card] = frozenset()) -> int:
    """How many of ``held``'s cards of ``suit`` are sure winners: the ace down, as long
    as every stronger card is held or ``gone`` (played)."""
    mine = {each for each in held if each.suit is suit}
    count = 0
    for rank in reversed(RANKS):
        each = Card(rank, suit)
        if each in mine:
            count += 1
        elif each not in gone:
            break
    return count


def trump_suit(hand: Sequence[Card]) -> Suit | None:
    """The trump a declarer with ``hand`` would name: its longest marriage suit (the
    higher one on a tie)."""
    held = marriages_in(hand)
    if not held:
        return None
    return max(held, key=lambda suit: (len(_suit_cards(hand, suit)), MARRIAGE[suit]))


def play_value(hand: Sequence[Card], *, players: int = 3) -> float:
    """The points a declarer holding ``hand`` for the whole play can expect: sure
    winners with what they capture, long trumps, guarded tens, and the marriages it
    holds (the first counted in full when an ace can win it the lead, the rest a
    little less: each needs a lead of its own)."""
    capture = CAPTURE if players != 2 else CAPTURE * 0.6
    trump = trump_suit(hand)
    total = 0.0
    aces = 0
    for suit in SUITS:
        mine = _suit_cards(hand, suit)
        if not mine:
            if trump is not None and suit is not trump:
                total += 4.0  # a void to trump in
            continue
        winners = top_sequence(hand, suit)
        for place, each in enumerate(mine):
            if place < winners:
                total += each.points + capture
            elif suit is trump and len(mine) >= 4:
                total += LONG_TRUMP * (each.points + capture)
            elif each.rank is Rank.TEN and len(mine) >= 2:
                total += GUARDED_TEN * (each.points + capture)
        aces += any(each.rank is Rank.ACE for each in mine)
    values = sorted((MARRIAGE[suit] for suit in marriages_in(hand)), reverse=True)
    for place, value in enumerate(values):
        share = (0.9 if aces else 0.65) if place == 0 else 0.75
        total += share * value
    return total


def best_keep(hand: Sequence[Card], spare: int, *, players: int = 3) -> tuple[Card, ...]:
    """The ``spare`` cards whose giving away (or discarding) costs ``hand`` the least by
    :func:`play_value`, the points they hand to the defenders counted against them."""
    best: tuple[float, tuple[Card, ...]] | None = None
    for given in combinations(hand, spare):
        rest = [each for each in hand if each not in given]
        score = play_value(rest, players=players) - 0.3 * sum(each.points for each in given)
        if best is None or score > best[0]:
            best = (score, given)
    assert best is not None
    return best[1]


def quick_spare(hand: Sequence[Card], spare: int) -> tuple[Card, ...]:
    """The ``spare`` cards a quick look would give away: the least points, sparing
    marriages and aces (what :func:`expected_value` assumes for each talon it draws, as
    :func:`best_keep` over every talon would be too slow)."""
    pairs = set(marriages_in(hand))

    def keep(each: Card) -> float:
        bonus = 30.0 if each.suit in pairs and each.rank in (Rank.KING, Rank.QUEEN) else 0.0
        return each.points + bonus + (10.0 if each.rank is Rank.ACE else 0.0)

    return tuple(sorted(hand, key=keep)[:spare])


def kept_value(hand: Sequence[Card], spare: int, *, players: int = 3) -> float:
    """:func:`play_value` of ``hand`` once its ``spare`` least cards are given away."""
    given = quick_spare(hand, spare)
    return play_value([each for each in hand if each not in given], players=players)


def expected_value(
    hand: Sequence[Card],
    unseen: Sequence[Card],
    talon_size: int,
    spare: int,
    rng: Random,
    *,
    samples: int = 12,
    players: int = 3,
) -> float:
    """The talon's expectation: :func:`kept_value` of ``hand`` plus ``talon_size`` cards
    drawn from ``unseen``, averaged over ``samples`` draws."""
    if talon_size == 0 or len(unseen) < talon_size:
        return kept_value(hand, spare, players=players)
    pool = list(unseen)
    total = 0.0
    for _ in range(samples):
        talon = rng.sample(pool, talon_size)
        total += kept_value([*hand, *talon], spare, players=players)
    return total / samples


def make_chance(estimate: float, contract: int) -> float:
    """The chance that a declarer whose estimate is ``estimate`` takes ``contract``."""
    return normal_cdf((estimate - contract) / SPREAD)


def contract_worth(estimate: float, contract: int) -> float:
    """What declaring ``contract`` brings on average: won with the make chance, lost
    otherwise."""
    chance = make_chance(estimate, contract)
    return contract * (2.0 * chance - 1.0)
