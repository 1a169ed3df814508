"""The numeric heart of the solitaire solver, compiled with numba.

``values[state, bank]`` is the expected sum of everything a sheet will still score — the
boxes not yet written, further-poker bonuses, the upper bonus and the unused throws'
points — at the start of a turn, playing optimally (:mod:`.tables` numbers the states).

One turn is a small dynamic programme over the throws left. With ``r`` throws left
after the dice now showing (own throws and the bank together), writing box ``b`` is
worth its points plus ``values`` of the sheet after it with bank ``r`` (a turn's unused
throws go to the bank; without banking the bank is always 0), and keeping a multiset
``k`` of the dice is worth ``KV[r - 1, k]``: the average, over the dice thrown, of the
best action then. ``KV`` over all 462 multisets takes six additions each (keep one more
die, averaged over its face), and the best keep of every throw a maximum over its
multisets with one die fewer, in the same way. A turn's programme over ``r`` serves
every bank at once: a turn that starts with bank ``B`` has ``throws + B - 1`` throws left
after its first.

Keeping all five dice and throwing none is not a throw (the engine refuses it as
``keep_all``): it could only score as writing those dice now, without a first throw's
doubling, and waste a throw of the bank.

The states of one layer (boxes filled) depend only on later layers: :func:`solve_band`
solves a band of them in parallel (``numba.prange`` over chunks of states).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from thousand.games.poker_dice.odds import FIRST_ROLL, MULTISETS, ROLLS

FACES = 6
N_KEEPS = len(MULTISETS)
N_ROLLS = len(ROLLS)
CHUNK = 16
"""States each parallel task of :func:`solve_band` takes."""


@njit(cache=True)
def keep_values(e: Any, kv: Any, add: Any) -> None:
    """``kv[k]``: the expected value of keeping multiset ``k`` and throwing the rest,
    when a throw of five ends worth ``e[roll]``."""
    for r in range(N_ROLLS):
        kv[FIRST_ROLL + r] = e[r]
    for k in range(FIRST_ROLL - 1, -1, -1):
        total = 0.0
        for f in range(FACES):
            total += kv[add[k, f]]
        kv[k] = total / FACES


@njit(cache=True)
def best_keeps(kv: Any, bk: Any, sub: Any, out: Any) -> None:
    """``out[roll]``: the best keep of each throw (some dice thrown again); ``bk`` scratch:
    ``bk[k]`` the best of keeping ``k`` or a multiset inside it. ``sub[k]`` lists the
    multisets with one die of ``k`` fewer (then -1); a throw of five keeps fewer."""
    for k in range(FIRST_ROLL + N_ROLLS):
        best = kv[k] if k < FIRST_ROLL else -np.inf
        for i in range(FACES):
            j = sub[k, i]
            if j < 0:
                break
            best = max(best, bk[j])
        if k < FIRST_ROLL:
            bk[k] = best
        else:
            out[k - FIRST_ROLL] = best


@njit(cache=True)
def continuations(  # noqa: PLR0917
    mask: int, cls: int, flag: int, bank: int, values: Any, free: int, nexts: Any, cont: Any
) -> None:
    """``cont[b, j]``: ``values`` after writing box ``b`` with continuation ``j`` (the
    upper value, or the poker flag class), for every open box ``free``; ``nexts`` is
    (``kind``, ``ncont``, ``sub_next``, ``base``, ``n_flags``, ``poker``) of the tables."""
    kind, ncont, sub_next, base, n_flags, poker = nexts
    upper = mask & 63
    for b in range(kind.shape[0]):
        if not (free >> b) & 1:
            continue
        m2 = mask | (1 << b)
        nf2 = n_flags if (m2 >> poker) & 1 else 1
        b2 = base[m2]
        if kind[b] == 0:
            for j in range(ncont[b]):
                cont[b, j] = values[b2 + sub_next[upper, cls, b, j] * nf2 + flag, bank]
        elif kind[b] == 1:
            for j in range(ncont[b]):
                cont[b, j] = values[b2 + cls * nf2 + j, bank]
        else:
            cont[b, 0] = values[b2 + cls * nf2 + flag, bank]


@njit(cache=True)
def write_values(  # noqa: PLR0917
    first: int, mask: int, flag: int, writes: Any, cont: Any, listed: Any, n_listed: int, out: Any
) -> None:
    """``out[roll]``: the best write of each throw (points, bonus and what follows);
    ``writes`` is (``pts``, ``cidx``, ``jpts``, ``jcidx``, ``poker_roll``, ``extra``,
    ``jallow``) of :class:`~.tables.Tables`."""
    pts, cidx, jpts, jcidx, poker_roll, extra, jallow = writes
    n = pts.shape[1]
    for r in range(N_ROLLS):
        out[r] = -np.inf
    for i in range(n_listed):
        b = listed[i]
        points = pts[first, b]
        to = cidx[first, b]
        later = cont[b]
        for r in range(N_ROLLS):
            v = points[r] + later[to[r]]
            out[r] = max(out[r], v)
    for f in range(FACES):  # five of a face under the joker rule
        allowed = jallow[mask, f]
        if allowed < 0:
            continue
        best = -np.inf
        for b in range(n):
            if (allowed >> b) & 1:
                v = jpts[first, b, f] + cont[b, jcidx[first, b, f]]
                best = max(best, v)
        out[poker_roll[f]] = best
    for r in range(N_ROLLS):
        out[r] += extra[flag, r]


@njit(cache=True)
def new_scratch(n_boxes: int, width: int) -> Any:
    """Work arrays of one turn's programme."""
    return (
        np.zeros((n_boxes, width)),  # cont
        np.zeros(n_boxes, dtype=np.int64),  # open boxes listed
        np.zeros(N_ROLLS),  # writes after a later throw
        np.zeros(N_ROLLS),  # writes after the first throw
        np.zeros(N_ROLLS),  # best keep
        np.zeros(N_ROLLS),  # value of each throw
        np.zeros(N_KEEPS),  # keep values
        np.zeros(N_KEEPS),  # best keeps over sub-multisets
    )


@njit(cache=True)
def turn(  # noqa: PLR0917
    mask: int,
    cls: int,
    flag: int,
    n_banks: int,
    values: Any,
    t: Any,
    scratch: Any,
    starts: Any,
    kv_rows: Any,
) -> None:
    """The turn's programme from sheet (``mask``, ``cls``, ``flag``).

    ``starts[bank]``: the value at the start of the turn for banks ``0 … n_banks - 1``.
    ``kv_rows[r]`` (as many rows as it has): the keep values with ``r`` throws left after
    the throw of the kept dice's companions — the advisor's values of each keep.
    """
    pts, cidx, jpts, jcidx, poker_roll, extra, open_boxes, jallow = t[:8]
    kind, ncont, sub_next, base, n_flags, poker = t[8:14]
    throws, banked, doubled, add, sub, prob = t[14:]
    writes = (pts, cidx, jpts, jcidx, poker_roll, extra, jallow)
    nexts = (kind, ncont, sub_next, base, n_flags, poker)
    cont, listed, wn, wf, tb, e, kv, bk = scratch
    n = cont.shape[0]
    free = open_boxes[mask]
    n_listed = 0
    for b in range(n):
        if (free >> b) & 1:
            listed[n_listed] = b
            n_listed += 1
    top = throws - 1 + n_banks - 1
    for r in range(top + 1):
        # Without a bank the writes lead to bank 0 whatever the throws left: once a turn.
        if r == 0 or banked:
            bank = r if banked else 0
            continuations(mask, cls, flag, bank, values, free, nexts, cont)
            write_values(0, mask, flag, writes, cont, listed, n_listed, wn)
        if doubled and (r == throws - 1 or (banked and r >= throws - 1)):
            write_values(1, mask, flag, writes, cont, listed, n_listed, wf)
        if r > 0:
            best_keeps(kv, bk, sub, tb)
            for i in range(N_ROLLS):
                e[i] = wn[i] if wn[i] >= tb[i] else tb[i]
        else:
            for i in range(N_ROLLS):
                e[i] = wn[i]
        if r >= throws - 1:
            total = 0.0
            w = wf if doubled else wn
            for i in range(N_ROLLS):
                v = w[i]
                if r > 0 and tb[i] > v:
                    v = tb[i]
                total += prob[i] * v
            starts[r - (throws - 1)] = total
        if r < top or r < kv_rows.shape[0]:
            keep_values(e, kv, add)
            if r < kv_rows.shape[0]:
                for k in range(N_KEEPS):
                    kv_rows[r, k] = kv[k]


@njit(cache=True)
def solve_chunk(  # noqa: PLR0917
    lo: int, hi: int, n_banks: int, width: int, values: Any, t: Any, states: Any
) -> None:
    """``values`` of the states ``lo … hi - 1``, one after the other."""
    st_mask, st_cls, st_flag = states
    scratch = new_scratch(t[0].shape[1], width)
    starts = np.zeros(n_banks)
    no_rows = np.zeros((0, N_KEEPS))
    for s in range(lo, hi):
        turn(st_mask[s], st_cls[s], st_flag[s], n_banks, values, t, scratch, starts, no_rows)
        for b in range(n_banks):
            values[s, b] = starts[b]


@njit(parallel=True, cache=True)
def solve_band(  # noqa: PLR0917
    lo: int, hi: int, n_banks: int, width: int, values: Any, t: Any, states: Any
) -> None:
    """``values`` of the states ``lo … hi - 1`` (one layer: every later layer is solved), in
    parallel chunks of :data:`CHUNK` states."""
    chunks = (hi - lo + CHUNK - 1) // CHUNK
    for c in prange(chunks):
        first = lo + c * CHUNK
        solve_chunk(first, min(hi, first + CHUNK), n_banks, width, values, t, states)
