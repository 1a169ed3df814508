"""The numeric heart of random card Thousand, compiled with numba: a deal dealt by the §5
shuffle and played out by uniformly random legal decisions.

Cards are numbered as :data:`~.cards.DECK` orders them (``suit * 6 + rank``: suits S C
D H, ranks 9 J Q K T A), and a set of cards — a hand, a talon — is a 24-bit mask. A
decision is an integer *code* ``kind * 1024 + payload`` (:data:`DARK` … :data:`PLAY`,
:mod:`.native` turns codes into the engine's actions and back): the legal decisions of
a seat are listed in increasing code order, and the one played is the ``k``-th with
``k = pick(word, n)``, ``word`` the deal's next word of its SplitMix64 stream.

**The shuffle** is :func:`thousand.core.chance.seeded_shuffle` exactly: HMAC-SHA256 of
the seed and ``"card1000:{index}:{counter}"`` (:func:`sha256_block`, with the key's
inner and outer pads compressed once per seed, :func:`hmac_pads`), the digest read as
eight big-endian 32-bit words, Fisher–Yates from the back with rejection sampling.

Integer arithmetic: SHA-256 runs on int64 values kept below 2**32 (numba would turn a
mix of uint64 and int64 into floats); SplitMix64 on uint64 only.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, prange

from thousand.games.card1000.card_rules_kernel import allowed, trick_winner

# Decision kinds, in the order codes sort.
DARK = 0
BID = 1
PASS = 2
REDEAL = 3
TALON = 4
WRITE_OFF = 5
GIVE = 6
DISCARD = 7
CONTRACT = 8
PLAY = 9
KIND = 1024
"""A code is ``kind * KIND + payload``."""

# Outcomes of a deal.
MADE = 0
FAILED = 1
WRITTEN_OFF = 2
REDEALT = 3

# The rules vector (:func:`.native.rules_vector`), by position.
R_PLAYERS = 0
R_HAND = 1
R_HAND_POINTS = 2
R_NINES = 3
R_JACKS = 4
R_TALON_POINTS = 5
R_TALON_NINES = 6
R_TALON_JACKS = 7
R_OPENING = 8
R_STEP = 9
R_OVER_120 = 10
R_MAX_RAISE = 11
R_MUST_BEAT = 12
R_MUST_OVERTRUMP = 13
R_FIRST_LEAD = 14
R_LAST_TRICK = 15
R_ROUND_DECLARER = 16
R_GOLDEN_RAISE = 17
R_ACE_MARRIAGE = 18
RULES_SIZE = 19

# A deal's context (:func:`.native.deal_context`), bits.
C_GOLDEN = 1
C_DARK = 2
C_WRITE_OFF = 4
"""Bit ``C_WRITE_OFF << seat``: that seat may write off (nobody on the barrel, or
``write_off_on_barrel``; its write-offs below ``write_off_limit``)."""

# The result row of a deal, by position.
O_OUTCOME = 0
O_DECLARER = 1
O_CONTRACT = 2
O_DARK = 3
O_DECISIONS = 4
O_POINTS = 5
"""Points of seats 0–3 from here (-1: not played, or no such seat)."""
O_TRICKS = 9
"""Tricks of seats 0–3 from here."""
O_MARRIAGES = 13
"""The marriages seats 0–3 announced (their values) from here."""
RESULT_SIZE = 17

MAX_DECISIONS = 160
"""More decisions than any deal has (bids climb by at least 5 up to 400)."""
MAX_LEGAL = 96
WORK_SIZE = 30
"""Scratch of a deal: seats, hands, talons, dealt hands, taken points, tricks, marriages,
the trick on the table."""

NINE, JACK, QUEEN, KING, TEN, ACE = 0, 1, 2, 3, 4, 5
CARD_POINTS = np.array([0, 2, 3, 4, 10, 11] * 4, dtype=np.int64)
MARRIAGE = np.array([40, 60, 80, 100], dtype=np.int64)
ACE_MARRIAGE = 200
RANK_MASK = np.array([sum(1 << (6 * s + r) for s in range(4)) for r in range(6)], dtype=np.int64)

GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB

M32 = 0xFFFFFFFF
SHA_K = np.array(
    [
        0x428A2F98,
        0x71374491,
        0xB5C0FBCF,
        0xE9B5DBA5,
        0x3956C25B,
        0x59F111F1,
        0x923F82A4,
        0xAB1C5ED5,
        0xD807AA98,
        0x12835B01,
        0x243185BE,
        0x550C7DC3,
        0x72BE5D74,
        0x80DEB1FE,
        0x9BDC06A7,
        0xC19BF174,
        0xE49B69C1,
        0xEFBE4786,
        0x0FC19DC6,
        0x240CA1CC,
        0x2DE92C6F,
        0x4A7484AA,
        0x5CB0A9DC,
        0x76F988DA,
        0x983E5152,
        0xA831C66D,
        0xB00327C8,
        0xBF597FC7,
        0xC6E00BF3,
        0xD5A79147,
        0x06CA6351,
        0x14292967,
        0x27B70A85,
        0x2E1B2138,
        0x4D2C6DFC,
        0x53380D13,
        0x650A7354,
        0x766A0ABB,
        0x81C2C92E,
        0x92722C85,
        0xA2BFE8A1,
        0xA81A664B,
        0xC24B8B70,
        0xC76C51A3,
        0xD192E819,
        0xD6990624,
        0xF40E3585,
        0x106AA070,
        0x19A4C116,
        0x1E376C08,
        0x2748774C,
        0x34B0BCB5,
        0x391C0CB3,
        0x4ED8AA4A,
        0x5B9CCA4F,
        0x682E6FF3,
        0x748F82EE,
        0x78A5636F,
        0x84C87814,
        0x8CC70208,
        0x90BEFFFA,
        0xA4506CEB,
        0xBEF9A3F7,
        0xC67178F2,
    ],
    dtype=np.int64,
)
SHA_H0 = np.array(
    [
        0x6A09E667,
        0xBB67AE85,
        0x3C6EF372,
        0xA54FF53A,
        0x510E527F,
        0x9B05688C,
        0x1F83D9AB,
        0x5BE0CD19,
    ],
    dtype=np.int64,
)
DOMAIN = np.frombuffer(b"card1000:", dtype=np.uint8).astype(np.int64)


# --- SHA-256 and HMAC -------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & M32


@njit(cache=True, nogil=True)
def sha256_block(state: Any, block: Any, w: Any, out: Any) -> None:
    """SHA-256's compression of the 64-byte ``block`` (16 big-endian words, int64) into
    the eight words ``state``; the result goes to ``out`` (``w``: 64 words of scratch)."""
    for t in range(16):
        w[t] = block[t]
    for t in range(16, 64):
        x, y = w[t - 15], w[t - 2]
        s0 = _rotr(x, 7) ^ _rotr(x, 18) ^ (x >> 3)
        s1 = _rotr(y, 17) ^ _rotr(y, 19) ^ (y >> 10)
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) & M32
    a, b, c, d = state[0], state[1], state[2], state[3]
    e, f, g, h = state[4], state[5], state[6], state[7]
    for t in range(64):
        s1 = _rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)
        ch = (e & f) ^ ((~e & M32) & g)
        t1 = (h + s1 + ch + SHA_K[t] + w[t]) & M32
        s0 = _rotr(a, 2) ^ _rotr(a, 13) ^ _rotr(a, 22)
        maj = (a & b) ^ (a & c) ^ (b & c)
        t2 = (s0 + maj) & M32
        h, g, f, e = g, f, e, (d + t1) & M32
        d, c, b, a = c, b, a, (t1 + t2) & M32
    out[0] = (state[0] + a) & M32
    out[1] = (state[1] + b) & M32
    out[2] = (state[2] + c) & M32
    out[3] = (state[3] + d) & M32
    out[4] = (state[4] + e) & M32
    out[5] = (state[5] + f) & M32
    out[6] = (state[6] + g) & M32
    out[7] = (state[7] + h) & M32


@njit(cache=True, nogil=True)
def hmac_pads(key: Any) -> Any:
    """The SHA-256 states after HMAC's inner and outer pad blocks of ``key`` (at most 64
    bytes, int64 values; a longer key is hashed first by the caller): a 2×8 array."""
    pads = np.zeros((2, 8), dtype=np.int64)
    block = np.zeros(16, dtype=np.int64)
    w = np.zeros(64, dtype=np.int64)
    padded = np.zeros(64, dtype=np.int64)
    padded[: key.shape[0]] = key
    for which in range(2):
        fill = 0x36 if which == 0 else 0x5C
        for t in range(16):
            word = 0
            for k in range(4):
                word = (word << 8) | (padded[4 * t + k] ^ fill)
            block[t] = word
        sha256_block(SHA_H0, block, w, pads[which])
    return pads


@njit(cache=True, nogil=True)
def _put_number(buf: Any, at: int, value: int) -> int:
    """The decimal digits of ``value`` written at ``at``; the position after them."""
    digits = 1
    rest = value // 10
    while rest:
        digits += 1
        rest //= 10
    for k in range(digits - 1, -1, -1):
        buf[at + k] = 48 + value % 10
        value //= 10
    return at + digits


@njit(cache=True, nogil=True)
def hmac_words(pads: Any, index: int, counter: int, scratch: Any, out: Any) -> None:
    """The eight 32-bit words of HMAC-SHA256(seed, ``"card1000:{index}:{counter}"``)."""
    buf, block, w, inner = scratch
    for k in range(64):
        buf[k] = 0
    for k in range(DOMAIN.shape[0]):
        buf[k] = DOMAIN[k]
    at = _put_number(buf, DOMAIN.shape[0], index)
    buf[at] = 58  # ":"
    at = _put_number(buf, at + 1, counter)
    buf[at] = 0x80
    bits = (64 + at) * 8
    buf[62] = bits >> 8
    buf[63] = bits & 0xFF
    for t in range(16):
        block[t] = (
            (buf[4 * t] << 24) | (buf[4 * t + 1] << 16) | (buf[4 * t + 2] << 8) | buf[4 * t + 3]
        )
    sha256_block(pads[0], block, w, inner)
    for t in range(8):
        block[t] = inner[t]
    block[8] = 0x80000000
    for t in range(9, 15):
        block[t] = 0
    block[15] = (64 + 32) * 8
    sha256_block(pads[1], block, w, out)


@njit(cache=True, nogil=True)
def shuffle_deck(pads: Any, index: int, scratch: Any, words: Any, order: Any) -> None:
    """Deal ``index``'s order of the 24 cards (§5): ``order[i]`` is a card number."""
    for i in range(24):
        order[i] = i
    counter = 0
    used = 8
    for i in range(23, 0, -1):
        n = i + 1
        limit = (4294967296 // n) * n
        while True:
            if used == 8:
                hmac_words(pads, index, counter, scratch, words)
                counter += 1
                used = 0
            word = words[used]
            used += 1
            if word < limit:
                break
        j = word % n
        order[i], order[j] = order[j], order[i]


def new_sha_scratch() -> tuple[Any, Any, Any, Any]:
    """Scratch arrays of :func:`hmac_words`."""
    return (
        np.zeros(64, dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros(64, dtype=np.int64),
        np.zeros(8, dtype=np.int64),
    )


# --- The choices' stream ----------------------------------------------------------------


@njit(cache=True, nogil=True)
def mix(z: Any) -> Any:
    """SplitMix64's finaliser of a 64-bit word."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX2)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True)
def deal_key(play_seed: Any, index: int) -> Any:
    """The key of deal ``index``'s stream of choice words under ``play_seed``."""
    return mix(mix(np.uint64(play_seed)) + np.uint64(index + 1) * np.uint64(GAMMA))


@njit(cache=True, nogil=True)
def pick(key: Any, j: int, n: int) -> int:
    """The ``j``-th decision's choice among ``n``: ``(word >> 32) * n >> 32``."""
    word = mix(key + np.uint64(j + 1) * np.uint64(GAMMA))
    return int(((word >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


# --- Cards ------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@njit(cache=True, nogil=True)
def points_of(mask: int) -> int:
    total = 0
    for c in range(24):
        if mask >> c & 1:
            total += CARD_POINTS[c]
    return total


@njit(cache=True, nogil=True)
def marriages_of(mask: int) -> int:
    """The value of the marriages (K and Q of a suit) in ``mask``."""
    total = 0
    for suit in range(4):
        both = (1 << (6 * suit + KING)) | (1 << (6 * suit + QUEEN))
        if mask & both == both:
            total += MARRIAGE[suit]
    return total


@njit(cache=True, nogil=True)
def ceiling(mask: int, rules: Any) -> int:
    """The highest bid or contract a hand allows (§1.3, §8)."""
    top = 120 + marriages_of(mask)
    if rules[R_ACE_MARRIAGE] and mask & RANK_MASK[ACE] == RANK_MASK[ACE]:
        top += ACE_MARRIAGE
    if rules[R_OVER_120] and top < 400:
        top = 400
    return top


@njit(cache=True, nogil=True)
def hand_qualifies(mask: int, rules: Any) -> bool:
    return bool(
        (rules[R_HAND_POINTS] > 0 and points_of(mask) <= rules[R_HAND_POINTS])
        or (rules[R_NINES] > 0 and popcount(mask & RANK_MASK[NINE]) >= rules[R_NINES])
        or (rules[R_JACKS] > 0 and popcount(mask & RANK_MASK[JACK]) >= rules[R_JACKS])
    )


@njit(cache=True, nogil=True)
def talon_qualifies(mask: int, rules: Any) -> bool:
    return bool(
        (rules[R_TALON_POINTS] > 0 and points_of(mask) < rules[R_TALON_POINTS])
        or (rules[R_TALON_NINES] > 0 and popcount(mask & RANK_MASK[NINE]) >= rules[R_TALON_NINES])
        or (rules[R_TALON_JACKS] > 0 and popcount(mask & RANK_MASK[JACK]) >= rules[R_TALON_JACKS])
    )


@njit(cache=True, nogil=True)
def allowed_cards(hand: int, trick: Any, count: int, trump: int, rules: Any) -> int:
    """The cards of ``hand`` that may be played to the trick (:func:`.play.legal_cards`,
    in :mod:`.card_rules_kernel`)."""
    return int(
        allowed(hand, trick[0], trick[1], count, trump, rules[R_MUST_BEAT], rules[R_MUST_OVERTRUMP])
    )


# --- A deal -----------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def play_deal(  # noqa: PLR0917 - one deal's state machine, kept whole for speed
    order: Any,
    dealer: int,
    context: int,
    rules: Any,
    key: Any,
    result: Any,
    trace: Any,
    legal: Any,
    work: Any,
) -> None:
    """Deal ``order`` from ``dealer`` and play it out with random legal decisions drawn
    from ``key``'s stream; the result row goes to ``result`` and the decisions' codes to
    ``trace`` (when it has room, ``2 * MAX_DECISIONS``: the codes, then how many legal
    decisions each was chosen from)."""
    players = rules[R_PLAYERS]
    size = rules[R_HAND]
    step = rules[R_STEP]
    playing = 3 if players == 4 else players
    for k in range(WORK_SIZE):
        work[k] = 0
    seats, hands, talons, dealt = work[0:4], work[4:8], work[8:10], work[10:14]
    taken, tricks, announced, trick = work[14:18], work[18:22], work[22:26], work[26:30]
    for k in range(playing):
        seats[k] = (dealer + 1 + k) % players
    at = 0
    for k in range(playing):
        for _ in range(size):
            hands[seats[k]] |= 1 << order[at]
            at += 1
    if players == 2:
        talons[0] = (1 << order[at]) | (1 << order[at + 1])
        talons[1] = (1 << order[at + 2]) | (1 << order[at + 3])
    else:
        talons[0] = (1 << order[at]) | (1 << order[at + 1]) | (1 << order[at + 2])
    for k in range(4):
        dealt[k] = hands[k]
    for k in range(RESULT_SIZE):
        result[k] = -1
    record = trace.shape[0] >= 2 * MAX_DECISIONS

    first = seats[0]
    golden = context & C_GOLDEN != 0
    dark = False
    declarer = -1
    bid = 0
    passed = 0
    talon_taken = 0
    given = 0
    gives = 0
    trump = -1
    leader = 0
    in_trick = 0
    tricks_played = 0
    last = -1
    phase = BID
    to_move = first
    outcome = -1
    if golden:
        bid, declarer = 120, first
        phase = TALON  # the talon is taken below
    elif context & C_DARK:
        phase = DARK
    else:
        bid = rules[R_OPENING]
        to_move = seats[1]
    decisions = 0
    while outcome < 0:
        if phase == TALON and players != 2:
            hands[declarer] |= talons[0]
            phase, to_move = GIVE, declarer
        # The legal decisions, in increasing code order.
        n = 0
        hand = hands[to_move]
        if phase == DARK:
            legal[0], legal[1] = DARK * KIND, DARK * KIND + 1
            n = 2
        elif phase == BID:
            top = ceiling(hand, rules)
            if rules[R_MAX_RAISE] and bid + rules[R_MAX_RAISE] < top:
                top = bid + rules[R_MAX_RAISE]
            amount = bid + step
            while amount <= top:
                legal[n] = BID * KIND + amount
                n += 1
                amount += step
            legal[n] = PASS * KIND
            n += 1
            if hand_qualifies(dealt[to_move], rules):
                legal[n] = REDEAL * KIND
                n += 1
        elif phase == TALON:
            legal[0], legal[1] = TALON * KIND, TALON * KIND + 1
            n = 2
        elif phase == GIVE:
            if gives == 0:
                if hand_qualifies(dealt[to_move], rules) or talon_qualifies(
                    talons[talon_taken], rules
                ):
                    legal[n] = REDEAL * KIND
                    n += 1
                if not golden and not dark and context & (C_WRITE_OFF << to_move):
                    legal[n] = WRITE_OFF * KIND
                    n += 1
            if players == 2:
                for c in range(24):
                    if hand >> c & 1:
                        legal[n] = DISCARD * KIND + c
                        n += 1
            else:
                for to in range(players):
                    if to == declarer or (given >> to) & 1 != 0 or (players == 4 and to == dealer):
                        continue
                    for c in range(24):
                        if hand >> c & 1:
                            legal[n] = GIVE * KIND + to * 24 + c
                            n += 1
        elif phase == CONTRACT:
            top = ceiling(hand, rules)
            amount = bid
            while amount <= top or amount == bid:
                legal[n] = CONTRACT * KIND + amount
                n += 1
                amount += step
        else:
            allowed = allowed_cards(hand, trick, in_trick, trump, rules)
            announce = in_trick == 0 and (tricks_played > 0 or rules[R_FIRST_LEAD] != 0)
            aces = rules[R_ACE_MARRIAGE] != 0 and hand & RANK_MASK[ACE] == RANK_MASK[ACE]
            for c in range(24):
                if allowed >> c & 1:
                    legal[n] = PLAY * KIND + 3 * c
                    n += 1
                    if announce:
                        rank = c % 6
                        if rank in (KING, QUEEN):
                            partner = c + 1 if rank == QUEEN else c - 1
                            if hand >> partner & 1:
                                legal[n] = PLAY * KIND + 3 * c + 1
                                n += 1
                        if aces and rank == ACE:
                            legal[n] = PLAY * KIND + 3 * c + 2
                            n += 1
        code = legal[pick(key, decisions, n)]
        if record:
            trace[decisions] = code
            trace[MAX_DECISIONS + decisions] = n
        decisions += 1
        kind, payload = code // KIND, code % KIND
        # Apply it.
        if kind == REDEAL:
            outcome = REDEALT
        elif kind == WRITE_OFF:
            outcome = WRITTEN_OFF
        elif kind == DARK:
            if payload:
                dark, bid, declarer = True, 120, first
                if players == 2:
                    phase, to_move = TALON, declarer
                else:
                    phase = TALON
            else:
                bid, phase, to_move = rules[R_OPENING], BID, seats[1]
        elif kind in (BID, PASS):
            if kind == BID:
                bid = payload
            else:
                passed |= 1 << to_move
            still, last_still = 0, -1
            for k in range(playing):
                if not passed >> seats[k] & 1:
                    still += 1
                    last_still = seats[k]
            if still == 1:
                declarer = last_still
                phase, to_move = TALON, declarer
            else:
                here = 0
                for k in range(playing):
                    if seats[k] == to_move:
                        here = k
                for s in range(1, playing + 1):
                    seat = seats[(here + s) % playing]
                    if not passed >> seat & 1:
                        to_move = seat
                        break
        elif kind == TALON:
            talon_taken = payload
            hands[declarer] |= talons[payload]
            phase = GIVE
        elif kind in (GIVE, DISCARD):
            c = payload % 24
            hands[declarer] &= ~(1 << c)
            if kind == GIVE:
                to = payload // 24
                hands[to] |= 1 << c
                given |= 1 << to
            gives += 1
            if gives == 2:
                if golden and not rules[R_GOLDEN_RAISE]:
                    phase, to_move, leader = PLAY, declarer, declarer
                else:
                    phase = CONTRACT
        elif kind == CONTRACT:
            bid = payload
            phase, to_move, leader = PLAY, declarer, declarer
        else:
            c = payload // 3
            flag = payload % 3
            hands[to_move] &= ~(1 << c)
            trick[in_trick] = c
            in_trick += 1
            if flag == 1:
                trump = c // 6
                announced[to_move] += MARRIAGE[c // 6]
            elif flag == 2:
                trump = c // 6
                announced[to_move] += ACE_MARRIAGE
            here = 0
            for k in range(playing):
                if seats[k] == to_move:
                    here = k
            if in_trick < playing:
                to_move = seats[(here + 1) % playing]
            else:
                place = trick_winner(trick[0], trick[1], trick[2], in_trick, trump)
                lead_at = 0
                for k in range(playing):
                    if seats[k] == leader:
                        lead_at = k
                winner = seats[(lead_at + place) % playing]
                for k in range(in_trick):
                    taken[winner] += CARD_POINTS[trick[k]]
                tricks[winner] += 1
                tricks_played += 1
                in_trick = 0
                leader = to_move = last = winner
                empty = True
                for k in range(playing):
                    if hands[seats[k]]:
                        empty = False
                if empty:
                    own = taken[declarer] + announced[declarer]
                    if last == declarer:
                        own += rules[R_LAST_TRICK]
                        if players == 2:
                            own += points_of(talons[1 - talon_taken])
                    judged = (own + 2) // 5 * 5 if rules[R_ROUND_DECLARER] else own
                    outcome = MADE if judged >= bid else FAILED
    result[O_OUTCOME] = outcome
    result[O_DECISIONS] = decisions
    result[O_DARK] = 1 if dark else 0
    if outcome == REDEALT:
        return
    result[O_DECLARER] = declarer
    result[O_CONTRACT] = bid
    if outcome == WRITTEN_OFF:
        return
    for seat in range(players):
        result[O_POINTS + seat] = taken[seat] + announced[seat]
        result[O_TRICKS + seat] = tricks[seat]
        result[O_MARRIAGES + seat] = announced[seat]
    result[O_POINTS + last] += rules[R_LAST_TRICK]
    if players == 2:
        result[O_POINTS + last] += points_of(talons[1 - talon_taken])
    if players == 4:
        result[O_POINTS + dealer] = points_of(talons[0]) + marriages_of(talons[0])


@njit(cache=True, nogil=True)
def _play_range(  # noqa: PLR0917
    pads: Any, play_seed: Any, indices: Any, dealers: Any, contexts: Any, rules: Any,
    results: Any, traces: Any, start: int, stop: int,
) -> None:  # fmt: skip
    scratch = (
        np.zeros(64, dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros(64, dtype=np.int64),
        np.zeros(8, dtype=np.int64),
    )
    words = np.zeros(8, dtype=np.int64)
    order = np.zeros(24, dtype=np.int64)
    legal = np.zeros(MAX_LEGAL, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    tracing = traces.shape[0] == results.shape[0]
    for i in range(start, stop):
        shuffle_deck(pads, indices[i], scratch, words, order)
        key = deal_key(play_seed, indices[i])
        trace = traces[i] if tracing else traces[0]
        play_deal(order, dealers[i], contexts[i], rules, key, results[i], trace, legal, work)


@njit(cache=True, nogil=True, parallel=True)
def play_deals(  # noqa: PLR0917
    pads: Any, play_seed: Any, indices: Any, dealers: Any, contexts: Any, rules: Any,
    results: Any, traces: Any, blocks: int,
) -> None:  # fmt: skip
    """Deals ``indices`` of the seed whose HMAC pads are ``pads``, dealt by ``dealers``
    in ``contexts``, played at random from ``play_seed``: a row of ``results`` each
    (and of ``traces``, when it has a row per deal), in ``blocks`` parallel pieces."""
    total = indices.shape[0]
    for b in prange(blocks):
        _play_range(
            pads, play_seed, indices, dealers, contexts, rules, results, traces,
            b * total // blocks, (b + 1) * total // blocks,
        )  # fmt: skip


@njit(cache=True, nogil=True)
def shuffle_orders(pads: Any, indices: Any) -> Any:
    """The §5 order of each deal of ``indices`` (a row of 24 card numbers each)."""
    scratch = (
        np.zeros(64, dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros(64, dtype=np.int64),
        np.zeros(8, dtype=np.int64),
    )
    words = np.zeros(8, dtype=np.int64)
    orders = np.zeros((indices.shape[0], 24), dtype=np.int64)
    for i in range(indices.shape[0]):
        shuffle_deck(pads, indices[i], scratch, words, orders[i])
    return orders


@njit(cache=True, nogil=True, parallel=True)
def play_orders(  # noqa: PLR0917
    orders: Any, play_seed: Any, indices: Any, dealers: Any, contexts: Any, rules: Any,
    results: Any, blocks: int,
) -> None:  # fmt: skip
    """As :func:`play_deals`, but each deal's order of the cards is given (a row of
    ``orders``): deals sampled by a player, not the game's; ``indices`` key the choices."""
    total = indices.shape[0]
    for b in prange(blocks):
        legal = np.zeros(MAX_LEGAL, dtype=np.int64)
        trace = np.zeros(1, dtype=np.int64)
        work = np.zeros(WORK_SIZE, dtype=np.int64)
        for i in range(b * total // blocks, (b + 1) * total // blocks):
            key = deal_key(play_seed, indices[i])
            play_deal(
                orders[i], dealers[i], contexts[i], rules, key, results[i], trace, legal, work
            )
