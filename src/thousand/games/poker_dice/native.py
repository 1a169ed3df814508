"""Whole games of poker dice at native speed: the engine's game, throw for throw.

A sheet game is a solitaire per player — nobody's box depends on another's — played in
the engine's order: every player's first turn in seat order, then every second turn, and
so on until the sheets are full (``first_finisher`` ends at the same moment: see
:mod:`.state`). This kernel plays that game for every computer level:

* ``optimal`` reads the solver's value table: at the start of each turn the solver's own
  turn programme (:func:`.solver.kernel.turn`) gives the value of every keep, and each
  write is its points plus the value of the sheet it leaves — what
  :meth:`.solver.strategy.Strategy.action_values` adds up for the engine's player;
* ``greedy`` and ``chaser`` read their tables (:mod:`.odds`), making the decisions of
  :func:`.bots.greedy` and :func:`.bots.chaser`.

Every number is read off the solver's tables (:func:`.solver.tables.build_tables`, built
by asking :mod:`.scoring`): the points of every box for every throw, doubled or not, as
a joker or not, the boxes open, the further-yahtzee bonus and the upper bonus. Equal
choices go to the first in the engine's order of actions, as the bots do.

**The dice.** Each game has its own stream of uniform numbers, a SplitMix64 sequence of
the tournament's seed and the game's number (:func:`game_key`, :func:`uniform`); a throw
of ``n`` dice takes the next one, ``u``, and falls as ``int(u * 6**n)`` located in the
cumulative weights of the chance table — as :func:`thousand.core.dice.pick_throw` maps
it. :class:`~.simulation.StreamDice` gives the engine the same throws, so both paths play
the same game for the same seed (the tests play them side by side).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from thousand.core.dice import CHANCE_TABLES, DICE
from thousand.games.poker_dice.solver.kernel import new_scratch, turn

OPTIMAL = 0
GREEDY = 1
CHASER = 2
KINDS = {"optimal": OPTIMAL, "greedy": GREEDY, "chaser": CHASER}
"""The levels the kernel plays, by name."""

N_KEEPS = 462
N_ROLLS = 252
FIRST_ROLL = N_KEEPS - N_ROLLS
MAX_KEEPS = 31
GROUP = 4096
"""Games sharing one turn programme in one parallel task, at most."""

_MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment (the golden ratio in 64 bits)."""
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


@njit(cache=True)
def mix(z: Any) -> Any:
    """SplitMix64's finaliser of a 64-bit word."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX2)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def game_key(seed: int, game: int) -> Any:
    """The key of game ``game``'s stream of uniforms in a tournament seeded ``seed``."""
    s = mix(np.uint64(seed))
    return mix(s + np.uint64(game + 1) * np.uint64(GAMMA))


@njit(cache=True)
def game_keys(seed: int, start: int, games: int) -> Any:
    """The keys of games ``start … start + games - 1``."""
    keys = np.empty(games, dtype=np.uint64)
    for g in range(games):
        keys[g] = game_key(seed, start + g)
    return keys


@njit(cache=True)
def uniform(key: Any, index: int) -> float:
    """The ``index``-th uniform number (in [0, 1), 53 bits) of a game's stream."""
    z = mix(np.uint64(key) + np.uint64(index + 1) * np.uint64(GAMMA))
    return float(z >> np.uint64(11)) * (1.0 / 9007199254740992.0)


def throw_tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For every number of dice ``n`` (1–5): the cumulative weights of the chance table
    (``cum[n, i]``), the faces of each outcome (``faces[n, i, :n]``) and the number of
    outcomes (``count[n]``), as :func:`thousand.core.dice.pick_throw` reads them."""
    cum = np.zeros((DICE + 1, N_ROLLS), dtype=np.int64)
    faces = np.zeros((DICE + 1, N_ROLLS, DICE), dtype=np.int64)
    count = np.zeros(DICE + 1, dtype=np.int64)
    for n in range(1, DICE + 1):
        table = CHANCE_TABLES[n]
        count[n] = len(table.outcomes)
        for i, (outcome, running) in enumerate(zip(table.outcomes, table.cumulative, strict=True)):
            cum[n, i] = running
            faces[n, i, :n] = outcome
    return cum, faces, count


@njit(cache=True)
def land(  # noqa: PLR0917
    kept: int, thrown: int, u: float, cum: Any, faces: Any, count: Any, add: Any
) -> int:
    """The five dice showing (a multiset number) after keeping ``kept`` and throwing
    ``thrown`` dice that fall as the uniform ``u`` says."""
    total = 6**thrown
    ordered = int(u * total)
    lo, hi = 0, count[thrown] - 1
    while lo < hi:  # the first outcome whose cumulative weight exceeds ``ordered``
        mid = (lo + hi) // 2
        if cum[thrown, mid] > ordered:
            hi = mid
        else:
            lo = mid + 1
    roll = kept
    for d in range(thrown):
        roll = add[roll, faces[thrown, lo, d] - 1]
    return roll


@njit(cache=True)
def _poker_face(r: int, poker_roll: Any) -> int:
    """The face of throw ``r`` if it is five of a kind, else 0 (``poker_roll[face - 1]``
    is the throw of five ``face``)."""
    for f in range(6):
        if poker_roll[f] == r:
            return f + 1
    return 0


@njit(cache=True)
def _allowed(mask: int, r: int, poker_roll: Any, jallow: Any, open_boxes: Any) -> tuple[int, int]:
    """(the boxes one may write with throw ``r``, the joker's face or 0)."""
    face = _poker_face(r, poker_roll)
    if face > 0:
        allowed = jallow[mask, face - 1]
        if allowed >= 0:
            return allowed, face
    return open_boxes[mask], 0


@njit(cache=True)
def _later(  # noqa: PLR0917
    mask: int, cls: int, flag: int, b: int, j: int, bank: int, t: Any, values: Any
) -> Any:
    """The value table's entry for the sheet after writing box ``b`` with continuation
    ``j`` (numbered as :meth:`.solver.tables.Tables.state` numbers sheets)."""
    kind_of, sub_next, base, n_flags, poker = t[8], t[10], t[11], t[12], t[13]
    after = mask | (1 << b)
    nflag = n_flags if (after >> poker) & 1 else 1
    if kind_of[b] == 0:
        cls = sub_next[mask & 63, cls, b, j]
    elif kind_of[b] == 1:
        flag = j
    return values[base[after] + cls * nflag + flag, bank]


@njit(cache=True)
def play_turn(  # noqa: PLR0917
    kind: int,
    st: Any,
    key: Any,
    used: int,
    t: Any,
    w: Any,
    values: Any,
    kv_rows: Any,
    sheet: Any,
) -> int:
    """One turn of a seat whose sheet is ``st`` (mask, class, flag, bank, subtotal, boxes,
    extra), changed in place; returns the uniforms of the game used after it.

    ``t`` is the rule set's tables as the solver's kernels read them
    (:meth:`.solver.tables.Tables.kernel`); an ``optimal`` seat reads ``kv_rows``, its
    sheet's turn programme (:func:`.solver.kernel.turn`), and the value table.
    ``sheet[b]`` gets the points written, when it has room for them.
    """
    pts, cidx, jpts, jcidx, poker_roll, extra, open_boxes, jallow = t[:8]
    kind_of, sub_next, throws, banked, add = t[8], t[10], t[14], t[15], t[17]
    keeps, n_keeps, size, greedy_keep, chase_value, chase_keep, par, cum, faces, count = w
    n = pts.shape[1]
    mask, cls, flag, bank = st[0], st[1], st[2], st[3]
    allowance = throws + bank
    r = land(0, DICE, uniform(key, used), cum, faces, count, add) - FIRST_ROLL
    used += 1
    made = 1
    while True:
        left = allowance - made
        first = 1 if made == 1 else 0
        allowed, joker = _allowed(mask, r, poker_roll, jallow, open_boxes)
        keep = -1  # the multiset kept, or -1: write ``box``
        box = -1
        if kind == OPTIMAL:
            # The expected final total, added up as Strategy.turn_values adds it (the same
            # sums in the same order give the same choice between near-equal actions).
            now = float(st[5] + st[6])
            best = -np.inf
            if left > 0:
                row = kv_rows[left - 1]
                for i in range(n_keeps[r]):
                    v = now + row[keeps[r, i]]
                    if v > best:
                        best, keep = v, keeps[r, i]
            after = left if banked else 0
            bonus = extra[flag, r]
            for b in range(n):
                if (allowed >> b) & 1:
                    if joker:
                        v = now + jpts[first, b, joker - 1] + bonus
                        j = jcidx[first, b, joker - 1]
                    else:
                        v = now + pts[first, b, r] + bonus
                        j = cidx[first, b, r]
                    v += _later(mask, cls, flag, b, j, after, t, values)
                    if v > best:
                        best, keep, box = v, -1, b
        elif kind == GREEDY:
            if left > 0 and _poker_face(r, poker_roll) == 0:
                keep = greedy_keep[r]
            else:
                best = -np.inf
                for b in range(n):
                    if (allowed >> b) & 1:
                        v = jpts[first, b, joker - 1] if joker else pts[first, b, r]
                        if v > best:
                            best, box = v, b
        else:
            best = -np.inf
            for b in range(n):
                if not (allowed >> b) & 1:
                    continue
                now = jpts[first, b, joker - 1] if joker else pts[first, b, r]
                chase = -np.inf
                place = -1
                if left > 0:
                    chase, place = chase_value[left - 1, r, b], chase_keep[left - 1, r, b]
                score = (now if now >= chase else chase) - par[b]
                if score > best:
                    best = score
                    if now >= chase:
                        keep, box = -1, b
                    else:
                        keep, box = place, -1
        if keep >= 0:
            r = land(keep, DICE - size[keep], uniform(key, used), cum, faces, count, add)
            r -= FIRST_ROLL
            used += 1
            made += 1
            continue
        # Write ``box``: its points, the further-yahtzee bonus, and the sheet after it.
        if joker:
            points = jpts[first, box, joker - 1]
            j = jcidx[first, box, joker - 1]
        else:
            points = pts[first, box, r]
            j = cidx[first, box, r]
        st[6] += int(extra[flag, r])
        if kind_of[box] == 0:
            st[1] = sub_next[mask & 63, cls, box, j]
            st[4] += int(points)
        elif kind_of[box] == 1:
            st[2] = j
        st[0] = mask | (1 << box)
        st[3] = left if banked else 0
        st[5] += int(points)
        if sheet.shape[0] > 0:
            sheet[box] = int(points)
        return used


@njit(cache=True)
def _state(st: Any, t: Any) -> Any:
    """The solver's number of the sheet ``st`` (:meth:`.solver.tables.Tables.state`)."""
    mask = st[0]
    nflag = t[12] if (mask >> t[13]) & 1 else 1
    return t[11][mask] + st[1] * nflag + st[2]


@njit(parallel=True, cache=True)
def _optimal_turns(  # noqa: PLR0917
    seat: int,
    games: Any,
    st: Any,
    keys: Any,
    used: Any,
    t: Any,
    w: Any,
    values: Any,
    sheets: Any,
    players: Any,
) -> None:
    """The turns of the optimal players at ``seat`` in ``games``: the games are grouped by
    their sheet, and each group's turn programme (``t``: the solver's kernel tables) is
    computed once (in pieces of at most :data:`GROUP` games, so that a big group is shared
    between threads)."""
    count = games.shape[0]
    if count == 0:
        return
    sid = np.empty(count, dtype=np.int64)
    for i in range(count):
        sid[i] = _state(st[games[i], seat], t)
    order = np.argsort(sid, kind="mergesort")
    starts = np.empty(count + 1, dtype=np.int64)
    pieces = 0
    i = 0
    while i < count:
        j = i + 1
        while j < count and sid[order[j]] == sid[order[i]] and j - i < GROUP:
            j += 1
        starts[pieces] = i
        pieces += 1
        i = j
    starts[pieces] = count
    n = t[0].shape[1]
    width = max(np.max(t[9]), 1)
    throws, banked = t[14], t[15]
    traced = sheets.shape[0] > 0
    no_sheet = np.zeros(0, dtype=np.int64)
    for p in prange(pieces):
        lo, hi = starts[p], starts[p + 1]
        most = 0
        for i in range(lo, hi):
            most = max(most, st[games[order[i]], seat, 3])
        top = throws - 1 + most
        first = st[games[order[lo]], seat]
        kv_rows = np.zeros((max(top, 1), N_KEEPS))
        banks = most + 1 if banked else 1
        turn(
            first[0],
            first[1],
            first[2],
            banks,
            values,
            t,
            new_scratch(n, width),
            np.zeros(banks),
            kv_rows[:top],
        )
        for i in range(lo, hi):
            g = games[order[i]]
            row = sheets[g, players[g]] if traced else no_sheet
            used[g] = play_turn(OPTIMAL, st[g, seat], keys[g], used[g], t, w, values, kv_rows, row)


@njit(parallel=True, cache=True)
def _level_turns(  # noqa: PLR0917
    seat: int,
    games: Any,
    kinds: Any,
    st: Any,
    keys: Any,
    used: Any,
    t: Any,
    w: Any,
    sheets: Any,
    players: Any,
) -> None:
    """The turns of the levels (greedy, chaser) at ``seat`` in ``games``."""
    traced = sheets.shape[0] > 0
    no_rows = np.zeros((1, N_KEEPS))
    no_values = np.zeros((1, 1))
    no_sheet = np.zeros(0, dtype=np.int64)
    for i in prange(games.shape[0]):
        g = games[i]
        row = sheets[g, players[g]] if traced else no_sheet
        used[g] = play_turn(kinds[i], st[g, seat], keys[g], used[g], t, w, no_values, no_rows, row)


def play_block(  # noqa: PLR0917
    seed: int,
    start: int,
    kinds: npt.NDArray[np.int64],
    world: tuple[Any, ...],
    totals: npt.NDArray[np.int64],
    sheets: npt.NDArray[np.int64],
    progress: Callable[[float], None] | None = None,
) -> None:
    """Games ``start … start + len(totals) - 1`` of a tournament seeded ``seed``:
    ``totals[g, p]`` is player ``p``'s final total (and ``sheets[g, p, b]`` the points of
    each box, when ``sheets`` has rows). Game ``g`` seats player ``(g + s) % k`` at seat
    ``s``. ``world`` is (the rule set's tables as the solver's kernels read them, the
    levels' tables, the value table, the end of the game: the upper bonus by subtotal from
    the lowest subtotal on, that subtotal, the points of an unused throw, the number of
    boxes) — :func:`.simulation.native_world`.

    The games are played side by side, one turn of one seat at a time in the engine's
    order, so that the optimal players' games that reach the same sheet share its turn
    programme; each game's dice come from its own stream, whatever the order.
    ``progress`` hears the share of the block played after each round of turns.
    """
    t, w, values, finish = world
    games, k = totals.shape
    bonus_table, lowest, unused, n_boxes = finish
    numbers = start + np.arange(games, dtype=np.int64)
    keys = game_keys(seed, start, games)
    used = np.zeros(games, dtype=np.int64)
    st = np.zeros((games, k, 7), dtype=np.int64)
    trace = sheets if sheets.shape[0] > 0 else np.zeros((0, 1, 1), dtype=np.int64)
    seated = [(numbers + seat) % k for seat in range(k)]
    optimal = [np.flatnonzero(kinds[players] == OPTIMAL) for players in seated]
    levels = [np.flatnonzero(kinds[players] != OPTIMAL) for players in seated]
    for turn_number in range(int(n_boxes)):
        for seat, players in enumerate(seated):
            if optimal[seat].size:
                _optimal_turns(seat, optimal[seat], st, keys, used, t, w, values, trace, players)
            chosen = levels[seat]
            if chosen.size:
                _level_turns(
                    seat, chosen, kinds[players[chosen]], st, keys, used, t, w, trace, players
                )
        if progress is not None:
            progress((turn_number + 1) / int(n_boxes))
    for seat, players in enumerate(seated):
        sheet = st[:, seat]
        totals[np.arange(games), players] = (
            sheet[:, 5] + sheet[:, 6] + bonus_table[sheet[:, 4] - lowest] + unused * sheet[:, 3]
        )
