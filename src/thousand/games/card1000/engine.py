"""The moves of a game of Thousand: one checked way in, one fast way in.

* :func:`apply` checks the action first (:func:`.legal.refusal`) and raises
  :class:`~thousand.core.errors.IllegalActionError` naming the rule it breaks — for
  people, networks and records;
* :func:`advance` trusts its caller (computer players and simulations that pick from
  :func:`.legal.legal_actions`) and skips the checks.

Both return a new :class:`~.state.State`; the state given never changes. A deal starts
with the chance node :class:`~.actions.Dealt` (:func:`.shuffle.seeded_deal` derives it
from the game's seed) and ends when its last trick is taken, when the declarer writes
off, or at a redeal; its score goes through :func:`.scoring.score_deal`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from thousand.games.card1000.actions import (
    Action,
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Dealt,
    Decision,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
    WriteOff,
)
from thousand.games.card1000.cards import ACE_MARRIAGE, MARRIAGE, Rank, Suit, card_points
from thousand.games.card1000.config import Rules
from thousand.games.card1000.legal import opponents, refusal
from thousand.games.card1000.play import trick_winner
from thousand.games.card1000.scoring import (
    DealResult,
    contract_made,
    score_deal,
    sitting_out,
    talon_score,
)
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.state import Announcement, Deal, DealSummary, State

GOLDEN_CONTRACT = 120
"""The contract of a golden or dark deal, without bidding (§2)."""


def apply(state: State, action: Action, seat: int | None = None) -> State:
    """The state after ``action`` by ``seat`` (checked against the seat to move when
    given); :class:`~thousand.core.errors.IllegalActionError` if it is not legal."""
    error = refusal(state, action, seat)
    if error is None:
        return advance(state, action)
    try:
        raise error
    finally:  # this frame must not keep the error its traceback keeps this frame by:
        del error  # that cycle would keep every caller's frame for the collector


def advance(state: State, action: Action) -> State:
    """The state after a legal ``action`` (unchecked: the caller picked it from
    :func:`.legal.legal_actions`, or a :class:`~.actions.Dealt` of the 24 cards)."""
    if isinstance(action, Dealt):
        return _start_deal(state, action)
    deal = state.deal
    assert deal is not None
    seat = deal.to_move
    deal = replace(deal, actions=(*deal.actions, (seat, action)))
    if isinstance(action, Redeal):
        return _end_with_redeal(state, deal)
    if isinstance(action, WriteOff):
        return _end_deal(state, deal, written_off=True)
    rules = state.rules
    if isinstance(action, Dark):
        deal = _after_dark(state, deal, action.dark)
    elif isinstance(action, Bid):
        deal = _next_bidder(rules, replace(deal, bid=action.amount, bidder=seat))
    elif isinstance(action, Pass):
        deal = _next_bidder(rules, replace(deal, passed=(*deal.passed, seat)))
    elif isinstance(action, ChooseTalon):
        deal = _take_talon(state, deal, action.index)
    elif isinstance(action, Give | Discard):
        deal = _give(state, deal, action)
    elif isinstance(action, Contract):
        deal = _start_play(rules, replace(deal, bid=action.amount, contract=action.amount))
    else:
        return _play(state, deal, action)
    return replace(state, deal=deal)


def _start_deal(state: State, dealt: Dealt) -> State:
    rules = state.rules
    count = rules.players
    deal = Deal(
        index=state.dealt_count,
        dealer=state.dealer,
        dealt=dealt,
        golden=state.golden_left > 0,
        phase="bid",
        to_move=(state.dealer + 1) % count,
        hands=dealt.hands,
        taken=tuple(() for _ in range(count)),
        tricks=(0,) * count,
        nines=(0,) * count,
    )
    state = replace(state, dealt_count=state.dealt_count + 1)
    first = deal.first_hand
    if deal.golden:
        deal = replace(deal, bid=GOLDEN_CONTRACT, bidder=first, declarer=first)
        return replace(state, deal=_after_bidding(state, deal))
    if rules.dark and (rules.dark_on_barrel or not state.any_on_barrel):
        return replace(state, deal=replace(deal, phase="dark", to_move=first))
    return replace(state, deal=_open_bidding(rules, deal))


def _open_bidding(rules: Rules, deal: Deal) -> Deal:
    """The first hand holds the forced bid; the seat after it speaks first (§1.3)."""
    deal = replace(deal, phase="bid", bid=rules.opening_bid, bidder=deal.first_hand)
    seats = playing_seats(rules, deal.dealer)
    return replace(deal, to_move=seats[1])


def _after_dark(state: State, deal: Deal, dark: bool) -> Deal:
    if not dark:
        return _open_bidding(state.rules, deal)
    first = deal.first_hand
    deal = replace(deal, dark=True, bid=GOLDEN_CONTRACT, bidder=first, declarer=first)
    return _after_bidding(state, deal)


def _next_bidder(rules: Rules, deal: Deal) -> Deal:
    """The next seat still bidding after the one that spoke, or the declarer."""
    seats = playing_seats(rules, deal.dealer)
    still = [seat for seat in seats if seat not in deal.passed]
    if len(still) == 1:
        # Everyone else passed: the holder of the bid standing declares.
        return _after_bidding_rules(rules, replace(deal, declarer=still[0]))
    at = seats.index(deal.to_move)
    for step in range(1, len(seats) + 1):
        seat = seats[(at + step) % len(seats)]
        if seat not in deal.passed:
            return replace(deal, to_move=seat)
    raise AssertionError("a seat is still bidding")  # pragma: no cover


def _after_bidding(state: State, deal: Deal) -> Deal:
    return _after_bidding_rules(state.rules, deal)


def _after_bidding_rules(rules: Rules, deal: Deal) -> Deal:
    """The declarer takes the talon (two players: chooses one first)."""
    declarer = deal.declarer
    assert declarer is not None
    if rules.players == 2:
        return replace(deal, phase="talon", to_move=declarer)
    return _with_talon(rules, replace(deal, talon_taken=0), declarer)


def _with_talon(rules: Rules, deal: Deal, declarer: int) -> Deal:
    talon = deal.talon
    hands = list(deal.hands)
    hands[declarer] = (*hands[declarer], *talon)
    uncontested = not any(isinstance(action, Bid) for _, action in deal.actions)
    hidden = (
        deal.golden
        or deal.dark
        or (rules.players == 2 and bool(rules.hide_talon))
        or (
            rules.players != 2
            and bool(rules.hide_talon_at_100)
            and uncontested
            and deal.bid == rules.opening_bid
        )
    )
    return replace(deal, hands=tuple(hands), phase="give", to_move=declarer, talon_shown=not hidden)


def _take_talon(state: State, deal: Deal, index: int) -> Deal:
    assert deal.declarer is not None
    return _with_talon(state.rules, replace(deal, talon_taken=index), deal.declarer)


def _give(state: State, deal: Deal, action: Give | Discard) -> Deal:
    rules = state.rules
    declarer = deal.to_move
    hands = list(deal.hands)
    hands[declarer] = tuple(card for card in hands[declarer] if card != action.card)
    if isinstance(action, Give):
        hands[action.to] = (*hands[action.to], action.card)
        deal = replace(deal, hands=tuple(hands), gives=(*deal.gives, (action.card, action.to)))
        done = len(deal.gives) == len(opponents(deal, rules))
    else:
        deal = replace(deal, hands=tuple(hands), discards=(*deal.discards, action.card))
        done = len(deal.discards) == 2
    if not done:
        return deal
    if deal.golden and not rules.golden_raise:
        return _start_play(rules, replace(deal, contract=deal.bid))
    return replace(deal, phase="contract")


def _start_play(rules: Rules, deal: Deal) -> Deal:
    """Play starts: the declarer leads; four nines held now score (§2)."""
    declarer = deal.declarer
    assert declarer is not None
    nines = tuple(
        rules.four_nines_bonus if sum(card.rank is Rank.NINE for card in hand) == 4 else 0
        for hand in deal.hands
    )
    return replace(deal, phase="play", to_move=declarer, leader=declarer, nines=nines)


def _play(state: State, deal: Deal, action: Play) -> State:
    rules = state.rules
    seat = deal.to_move
    hands = list(deal.hands)
    hands[seat] = tuple(card for card in hands[seat] if card != action.card)
    deal = replace(deal, hands=tuple(hands), trick=(*deal.trick, action.card))
    if action.marriage or action.ace_marriage:
        value = ACE_MARRIAGE if action.ace_marriage else MARRIAGE[action.card.suit]
        suit: Suit | Literal["aces"] = "aces" if action.ace_marriage else action.card.suit
        deal = replace(
            deal,
            trump=action.card.suit,
            announcements=(*deal.announcements, Announcement(seat, suit, value)),
        )
    seats = playing_seats(rules, deal.dealer)
    if len(deal.trick) < len(seats):
        following = seats[(seats.index(seat) + 1) % len(seats)]
        return replace(state, deal=replace(deal, to_move=following))
    winner = seats[(seats.index(deal.leader) + trick_winner(deal.trick, deal.trump)) % len(seats)]
    taken = list(deal.taken)
    taken[winner] = (*taken[winner], *deal.trick)
    tricks = list(deal.tricks)
    tricks[winner] += 1
    deal = replace(
        deal,
        trick=(),
        taken=tuple(taken),
        tricks=tuple(tricks),
        tricks_played=deal.tricks_played + 1,
        leader=winner,
        to_move=winner,
        last_winner=winner,
    )
    if any(deal.hands[each] for each in seats):
        return replace(state, deal=deal)
    return _end_deal(state, deal, written_off=False)


def deal_points(rules: Rules, deal: Deal) -> tuple[int | None, ...]:
    """Each seat's points for a played deal (§1.6's ``p``): card points of the tricks
    taken, marriages announced, the last-trick bonus, the second talon (two players);
    a sitting-out dealer's raw talon score."""
    points: list[int | None] = [card_points(taken) for taken in deal.taken]
    for announcement in deal.announcements:
        own = points[announcement.seat]
        assert own is not None
        points[announcement.seat] = own + announcement.value
    last = deal.last_winner
    assert last is not None
    bonus = rules.last_trick_bonus
    if rules.players == 2:
        assert deal.talon_taken is not None
        bonus += card_points(deal.dealt.talons[1 - deal.talon_taken])
    own = points[last]
    assert own is not None
    points[last] = own + bonus
    idle = sitting_out(rules, deal.dealer)
    if idle is not None:
        points[idle] = talon_score(deal.dealt.talons[0])
    return tuple(points)


def _end_deal(state: State, deal: Deal, *, written_off: bool) -> State:
    rules = state.rules
    declarer = deal.declarer
    assert declarer is not None
    points: tuple[int | None, ...] = (
        (None,) * rules.players if written_off else deal_points(rules, deal)
    )
    result = DealResult(
        dealer=deal.dealer,
        declarer=declarer,
        contract=deal.bid,
        written_off=written_off,
        points=points,
        tricks=deal.tricks,
        golden=deal.golden,
        dark=deal.dark,
        bonuses=None if written_off else deal.nines,
    )
    return finish_deal(state, result, deal.dealt, deal.actions)


def finish_deal(
    state: State, result: DealResult, dealt: Dealt, actions: tuple[tuple[int, Decision], ...]
) -> State:
    """The state after a deal scored as ``result`` (§1.6–§3): the golden round's count,
    the board, the next dealer, the deal's summary. A played deal ends here, and so does
    a scorekeeping record's deal (:mod:`.table`), so the two cannot score apart."""
    rules = state.rules
    written_off = result.written_off
    golden_left, golden_made, reset = state.golden_left, state.golden_made, False
    if result.golden:
        golden_left -= 1
        golden_made = golden_made or (not written_off and contract_made(result, rules))
        if golden_left == 0 and not golden_made:
            if rules.golden_fail == "repeat":
                golden_left = rules.players
            else:
                reset = True
    score = score_deal(state.board, result, rules, reset=reset)
    summary = DealSummary(
        dealer=result.dealer,
        declarer=result.declarer,
        contract=result.contract,
        outcome=score.outcome,
        points=None if written_off else result.points,
        changes=score.changes,
        totals=score.totals,
        golden=result.golden,
        dark=result.dark,
        dealt=dealt,
        actions=actions,
        dumped=score.dumped,
        falls=score.falls,
    )
    return replace(
        state,
        board=score.board,
        dealer=(result.dealer + 1) % rules.players,
        golden_left=golden_left,
        golden_made=golden_made if golden_left else False,
        deal=None,
        history=(*state.history, summary),
        winner=score.winner,
    )


def _end_with_redeal(state: State, deal: Deal) -> State:
    return redealt(state, deal.dealt, deal.actions, golden=deal.golden, dark=deal.dark)


def redealt(
    state: State,
    dealt: Dealt,
    actions: tuple[tuple[int, Decision], ...],
    *,
    golden: bool,
    dark: bool,
) -> State:
    """A redeal scores nothing and changes no counter; the same dealer deals again."""
    summary = DealSummary(
        dealer=state.dealer,
        declarer=None,
        contract=None,
        outcome="redeal",
        points=None,
        changes=(0,) * state.rules.players,
        totals=tuple(seat.total for seat in state.board),
        golden=golden,
        dark=dark,
        dealt=dealt,
        actions=actions,
    )
    return replace(state, deal=None, history=(*state.history, summary))
