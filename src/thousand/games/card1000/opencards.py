"""The exact open-card ("double-dummy") solver of card Thousand: with every hand
visible, what the declarer still takes when both sides play perfectly.

Why: the expert player samples the hidden cards consistent with its seat's view and
solves each sample; the advisor lists each legal play with the points it brings; the
after-deal review says what the open cards allowed. All three need the same exact
answer, fast — the search itself is compiled (:mod:`.opencards_kernel`).

What is solved: the play from any moment of the play phase — the hands (the
declarer's and the two defenders'; with four players the sitting-out dealer holds
nothing; with two players the one opponent), trump or none, the trick on the table and
who led it, whether this is the deal's first lead (no marriage then, unless
``marriage_on_first_lead``). The **value** is the declarer's points from here on: the
card points of the tricks it wins (the trick on the table included), the marriages it
announces (trump changing to each), the last-trick bonus (two players: the second
talon's points too) if it wins the last trick — what §1.6's ``p`` still gains. The
declarer maximises it; the defenders together minimise it (a defender's marriage
scores for that defender, not against the declarer, so it matters here only through
the trump it sets). Marriages already announced, tricks already taken and the
four-nines bonus are outside it: they are fixed before the position.

Two doors in: :func:`position_of` reads an engine :class:`~.state.State` (the referee's
full state, or a full state a player *sampled* from its view: the solver never decides
what a seat may see), :func:`open_position` takes the hands explicitly. The rule data
(card points, marriage values, the keys of following) come from the engine's modules;
:func:`state_values` checks its moves against :func:`.legal.legal_actions` every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.games.card1000 import opencards_kernel as kernel
from thousand.games.card1000.actions import Play
from thousand.games.card1000.cards import (
    ACE_MARRIAGE,
    DECK,
    DECK_INDEX,
    MARRIAGE,
    POINTS,
    RANKS,
    SUITS,
    Card,
    Suit,
    card_points,
)
from thousand.games.card1000.config import Rules
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.state import State

Ints = npt.NDArray[np.int64]


class SolverError(ValueError):
    """A position the solver cannot take: not the play phase, a card twice, a trick
    too long, a seat to move without cards, moves the engine does not list."""


@dataclass(frozen=True, slots=True)
class OpenPosition:
    """A moment of the play with every hand open (see the module doc)."""

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]
    """The cards each seat holds now, by seat (a sitting-out dealer's are none)."""
    seats: tuple[int, ...]
    """The seats that play, in playing order (:func:`.shuffle.playing_seats`)."""
    declarer: int
    leader: int
    """The seat that led the trick on the table, or leads next if it is empty."""
    trick: tuple[Card, ...] = ()
    trump: Suit | None = None
    first_lead: bool = False
    """Whether the trick on the table is the deal's first (no marriage on its lead
    unless ``marriage_on_first_lead``)."""
    bonus: int = 0
    """What the winner of the last trick adds: ``last_trick_bonus`` (two players: and
    the second talon's card points)."""

    @property
    def to_move(self) -> int:
        """The seat whose card is next."""
        at = self.seats.index(self.leader)
        return self.seats[(at + len(self.trick)) % len(self.seats)]


def open_position(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    declarer: int,
    *,
    dealer: int = 0,
    leader: int | None = None,
    trick: Sequence[Card] = (),
    trump: Suit | None = None,
    first_lead: bool = False,
    second_talon: Sequence[Card] = (),
) -> OpenPosition:
    """A position from explicit hands, by seat (``rules.players`` of them; the
    sitting-out dealer's empty). The seats play in the engine's order for ``dealer``;
    ``leader`` defaults to the declarer; ``second_talon`` (two players) is the talon
    not taken, whose points go with the last trick."""
    bonus = rules.last_trick_bonus
    if rules.players == 2:
        bonus += card_points(second_talon)
    return OpenPosition(
        rules=rules,
        hands=tuple(tuple(hand) for hand in hands),
        seats=playing_seats(rules, dealer),
        declarer=declarer,
        leader=declarer if leader is None else leader,
        trick=tuple(trick),
        trump=trump,
        first_lead=first_lead,
        bonus=bonus,
    )


def position_of(state: State) -> OpenPosition:
    """The position of an engine state in its play phase (the referee's, or a sampled
    full state)."""
    deal = state.deal
    if deal is None or state.over or deal.phase != "play" or deal.declarer is None:
        raise SolverError("the open-card solver needs a deal in its play phase")
    rules = state.rules
    second: tuple[Card, ...] = ()
    if rules.players == 2:
        assert deal.talon_taken is not None
        second = deal.dealt.talons[1 - deal.talon_taken]
    return open_position(
        rules,
        deal.hands,
        deal.declarer,
        dealer=deal.dealer,
        leader=deal.leader,
        trick=deal.trick,
        trump=deal.trump,
        first_lead=deal.tricks_played == 0,
        second_talon=second,
    )


def _tables() -> Ints:
    """Card points by card number, then the points of each subset of a suit's ranks."""
    values = [card.points for card in DECK]
    for subset in range(64):
        values.append(sum(POINTS[rank] for bit, rank in enumerate(RANKS) if subset >> bit & 1))
    return np.array(values, dtype=np.int64)


TABLES = _tables()


def _play_of(code: int) -> Play:
    card = DECK[code & kernel.CARD_BITS]
    flag = code >> kernel.FLAG_SHIFT
    return Play(card, marriage=flag == kernel.MARRIAGE, ace_marriage=flag == kernel.ACES)


@dataclass(frozen=True, slots=True)
class _Encoded:
    hands: Ints
    context: Ints
    cards: tuple[int, int]
    count: int
    leader: int
    trump: int
    first: int


def _encode(position: OpenPosition, generation: int) -> _Encoded:
    rules = position.rules
    seats = position.seats
    if len(position.trick) >= len(seats):
        raise SolverError(f"a trick of {len(position.trick)} cards with {len(seats)} seats")
    if position.declarer not in seats or position.leader not in seats:
        raise SolverError("the declarer and the leader must be seats that play")
    hands = np.zeros(3, dtype=np.int64)
    seen: set[Card] = set()
    for at, seat in enumerate(seats):
        for each in position.hands[seat]:
            if each in seen:
                raise SolverError(f"a card twice: {each}")
            seen.add(each)
            hands[at] |= 1 << DECK_INDEX[each]
    for each in position.trick:
        if each in seen:
            raise SolverError(f"a card twice: {each}")
        seen.add(each)
    if not position.hands[position.to_move]:
        raise SolverError(f"seat {position.to_move} is to play and holds no card")
    context = np.zeros(kernel.CONTEXT_SIZE, dtype=np.int64)
    context[kernel.C_PLAYERS] = len(seats)
    context[kernel.C_DECLARER] = seats.index(position.declarer)
    context[kernel.C_MUST_BEAT] = int(rules.must_beat)
    context[kernel.C_MUST_OVERTRUMP] = int(rules.must_overtrump)
    context[kernel.C_ACE_RULE] = int(rules.ace_marriage)
    context[kernel.C_ACE_VALUE] = ACE_MARRIAGE
    context[kernel.C_BONUS] = position.bonus
    context[kernel.C_FIRST_LEAD_OK] = int(rules.marriage_on_first_lead)
    context[kernel.C_GENERATION] = generation
    for at, suit in enumerate(SUITS):
        context[kernel.C_MARRIAGE + at] = MARRIAGE[suit]
    trick = [DECK_INDEX[each] for each in position.trick] + [-1, -1]
    return _Encoded(
        hands=hands,
        context=context,
        cards=(trick[0], trick[1]),
        count=len(position.trick),
        leader=seats.index(position.leader),
        trump=-1 if position.trump is None else SUITS.index(position.trump),
        first=int(position.first_lead),
    )


class OpenSolver:
    """A solver with its own transposition table (about 10 MB), reused across solves.

    Each solve takes a new generation number, part of every key it stores, so entries
    of another deal are never read and the table is never cleared. One solver serves
    one thread at a time (the compiled search holds the interpreter lock)."""

    def __init__(self) -> None:
        self._keys, self._rows = kernel.new_table()
        self._codes, self._scores = kernel.scratch()
        self._stack = kernel.frames()
        self._generation = 0

    def _next(self, position: OpenPosition) -> _Encoded:
        self._generation += 1
        self._stack[kernel.HISTORY :] = 0
        if self._generation >= 1 << 32:
            self._keys.fill(-1)
            self._generation = 1
        return _encode(position, self._generation)

    def _arguments(self, got: _Encoded, *more: Any) -> tuple[Any, ...]:
        """What a kernel entry takes: the position, the table, the scratch, ``more``."""
        return (
            got.hands,
            got.context,
            TABLES,
            self._keys,
            self._rows,
            self._codes,
            self._scores,
            self._stack,
            got.cards[0],
            got.cards[1],
            got.count,
            got.leader,
            got.trump,
            got.first,
            *more,
        )

    def value(self, position: OpenPosition) -> int:
        """The declarer's points from ``position`` on, both sides playing perfectly."""
        got = self._next(position)
        return int(kernel.solve(*self._arguments(got, -1)))

    def values(self, position: OpenPosition) -> tuple[tuple[Play, int], ...]:
        """Each legal play of the seat to move with the declarer's points from the
        position on after it (the play's own marriage and trick included)."""
        got = self._next(position)
        codes = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
        values = np.zeros(kernel.MAX_MOVES, dtype=np.int64)
        moves = kernel.move_values(*self._arguments(got, codes, values))
        return tuple((_play_of(int(codes[at])), int(values[at])) for at in range(moves))

    def best(self, position: OpenPosition) -> tuple[Play, int]:
        """The best play for the seat to move (most for the declarer, least for a
        defender; the first in the kernel's order among equals) and the position's
        value."""
        choices = self.values(position)
        sign = 1 if position.to_move == position.declarer else -1
        return max(choices, key=lambda pair: sign * pair[1])


_SHARED = OpenSolver()


def solve(position: OpenPosition) -> int:
    """The declarer's points from ``position`` on (the shared solver)."""
    return _SHARED.value(position)


def play_values(position: OpenPosition) -> tuple[tuple[Play, int], ...]:
    """Each legal play of the seat to move and its value (the shared solver)."""
    return _SHARED.values(position)


def best_play(position: OpenPosition) -> tuple[Play, int]:
    """The best play of the seat to move and the position's value (the shared solver)."""
    return _SHARED.best(position)


def solve_state(state: State) -> int:
    """The declarer's points from ``state`` on, with every hand open."""
    return solve(position_of(state))


def state_values(state: State) -> tuple[tuple[Play, int], ...]:
    """Each legal action of the seat to move in ``state`` (in the engine's order of
    :func:`.legal.legal_actions`) with its value; :class:`SolverError` if the solver's
    moves and the engine's differ (they never should: the kernel restates the rules)."""
    valued = dict(play_values(position_of(state)))
    actions = legal_actions(state)
    if set(actions) != set(valued):
        raise SolverError(
            f"the solver's moves {sorted(map(str, valued))} are not the engine's "
            f"{sorted(map(str, actions))}"
        )
    return tuple((action, valued[action]) for action in actions if isinstance(action, Play))
