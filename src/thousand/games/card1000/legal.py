"""What the seat to move may do (CARD_THOUSAND.md §1–§3, §8), and why anything else is
refused.

:func:`legal_actions` lists the decisions of the seat to move; :func:`refusal` names the
rule an action breaks (an :class:`~thousand.core.errors.IllegalActionError` whose
``rule`` is stable and ``params`` carry its figures), or None when the action is legal.
The two agree: an action is refused exactly when it is not listed (a property test holds
them to it). At a chance node nothing is listed — the deal's outcomes are the 24! orders
of the deck, drawn from the seed (:mod:`.shuffle`) — and only :class:`~.actions.Dealt`
with 24 distinct cards in the right places is accepted.

Refusal rules: ``game_over``, ``chance_expected``, ``not_chance``, ``out_of_turn``,
``not_now`` (an action of another phase), ``dealt_count`` ("a wrong number of cards
dealt"), ``card_twice`` ("a card twice"), ``not_a_card``, ``bid_step``, ``bid_too_low``,
``bid_above_ceiling``, ``max_raise``, ``redeal`` (the hand or talon does not qualify,
or too late), ``write_off`` (golden, dark, a seat on the barrel, after a give),
``write_off_limit``, ``talon_index``, ``card_not_in_hand``, ``give_to_self``,
``give_to_seat`` (not an opponent, or one already given a card), ``contract_too_low``,
``contract_step``, ``contract_above_ceiling``, ``not_following_suit``, ``must_trump``,
``must_beat``, ``must_overtrump``, ``marriage_not_held``, ``marriage_first_lead``,
``marriage_not_on_lead``, ``ace_marriage_off``, ``unknown_action``.
"""

from __future__ import annotations

from collections.abc import Sequence

from thousand.core.errors import IllegalActionError
from thousand.games.card1000.actions import (
    PASS,
    REDEAL,
    WRITE_OFF,
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
from thousand.games.card1000.cards import DECK, Card, Rank, card_points, count_rank, has_four_aces
from thousand.games.card1000.config import Rules
from thousand.games.card1000.play import follow_requirement
from thousand.games.card1000.scoring import ceiling
from thousand.games.card1000.shuffle import playing_seats
from thousand.games.card1000.state import Deal, Phase, State

PHASE_OF: dict[type, tuple[Phase, ...]] = {
    Dark: ("dark",),
    Bid: ("bid",),
    Pass: ("bid",),
    Redeal: ("bid", "give"),
    ChooseTalon: ("talon",),
    WriteOff: ("give",),
    Give: ("give",),
    Discard: ("give",),
    Contract: ("contract",),
    Play: ("play",),
}
"""The phases in which each kind of decision can be made."""

FOLLOW_RULES = {
    "follow": ("not_following_suit", "not following suit: {card} while holding {allowed}"),
    "must_beat": ("must_beat", "must beat the trick with {allowed}, not {card}"),
    "trump": ("must_trump", "must trump with {allowed}, not {card}"),
    "must_overtrump": ("must_overtrump", "must overtrump with {allowed}, not {card}"),
}


def hand_qualifies(hand: Sequence[Card], rules: Rules) -> bool:
    """A dealt hand poor enough for a redeal (§1.2; a key of 0 is off)."""
    return (
        (rules.redeal_hand_points > 0 and card_points(hand) <= rules.redeal_hand_points)
        or (rules.redeal_nines > 0 and count_rank(hand, Rank.NINE) >= rules.redeal_nines)
        or (rules.redeal_jacks > 0 and count_rank(hand, Rank.JACK) >= rules.redeal_jacks)
    )


def talon_qualifies(talon: Sequence[Card], rules: Rules) -> bool:
    """A talon poor enough for the declarer's redeal (§1.2; a key of 0 is off)."""
    return (
        (rules.redeal_talon_points > 0 and card_points(talon) < rules.redeal_talon_points)
        or (
            rules.redeal_talon_nines > 0
            and count_rank(talon, Rank.NINE) >= rules.redeal_talon_nines
        )
        or (
            rules.redeal_talon_jacks > 0
            and count_rank(talon, Rank.JACK) >= rules.redeal_talon_jacks
        )
    )


def redeal_refusal(state: State, deal: Deal) -> IllegalActionError | None:
    """Why the seat to move may not ask for a redeal now, or None."""
    seat = deal.to_move
    hand = deal.dealt.hands[seat]
    if deal.phase == "bid":
        if hand_qualifies(hand, state.rules):
            return None
        return IllegalActionError(
            f"no redeal: seat {seat}'s dealt hand does not qualify (§1.2)", "redeal", seat=seat
        )
    if deal.gives or deal.discards:
        return IllegalActionError("no redeal after the first card is given", "redeal")
    if hand_qualifies(hand, state.rules) or talon_qualifies(deal.talon, state.rules):
        return None
    return IllegalActionError(
        f"no redeal: neither seat {seat}'s dealt hand nor the talon qualifies (§1.2)",
        "redeal",
        seat=seat,
    )


def write_off_refusal(state: State, deal: Deal) -> IllegalActionError | None:
    """Why the declarer may not write off now, or None (§1.6, §2)."""
    rules = state.rules
    if deal.golden or deal.dark:
        kind = "golden" if deal.golden else "dark"
        return IllegalActionError(f"no write-off on a {kind} deal", "write_off", deal=kind)
    if deal.gives or deal.discards:
        return IllegalActionError("no write-off after the first card is given", "write_off")
    if state.any_on_barrel and not rules.write_off_on_barrel:
        return IllegalActionError(
            "no write-off while a seat is on the barrel", "write_off", barrel=True
        )
    used = state.board[deal.to_move].write_offs
    if rules.write_off_limit is not None and used >= rules.write_off_limit:
        return IllegalActionError(
            f"no write-off: all {rules.write_off_limit} write-offs of the game are used",
            "write_off_limit",
            limit=rules.write_off_limit,
        )
    return None


def bid_ceiling(deal: Deal, rules: Rules) -> int:
    """The highest bid or contract the seat to move's hand allows now."""
    return ceiling(deal.hands[deal.to_move], rules)


def bid_amounts(deal: Deal, rules: Rules) -> range:
    """The bids the seat to move may make (§1.3, §8)."""
    top = bid_ceiling(deal, rules)
    if rules.max_raise is not None:
        top = min(top, deal.bid + rules.max_raise)
    return range(deal.bid + rules.bid_step, top + 1, rules.bid_step)


def contract_amounts(deal: Deal, rules: Rules) -> range:
    """The contracts the declarer may announce: the standing bid, or a raise within the
    ceiling of the hand it holds now (§1.4, §8)."""
    top = max(deal.bid, bid_ceiling(deal, rules))
    return range(deal.bid, top + 1, rules.bid_step)


def opponents(deal: Deal, rules: Rules) -> tuple[int, ...]:
    """The declarer's opponents in this deal (a sitting-out dealer is none)."""
    return tuple(seat for seat in playing_seats(rules, deal.dealer) if seat != deal.declarer)


def play_actions(deal: Deal, rules: Rules) -> list[Play]:
    """The cards the seat to move may play, each with the announcements it allows."""
    hand = deal.hands[deal.to_move]
    _, allowed = follow_requirement(hand, deal.trick, deal.trump, rules)
    plays = [Play(card) for card in allowed]
    if deal.trick or (deal.tricks_played == 0 and not rules.marriage_on_first_lead):
        return plays
    held = set(hand)
    for card in allowed:
        partner = {Rank.KING: Rank.QUEEN, Rank.QUEEN: Rank.KING}.get(card.rank)
        if partner is not None and Card(partner, card.suit) in held:
            plays.append(Play(card, marriage=True))
        if rules.ace_marriage and card.rank is Rank.ACE and has_four_aces(hand):
            plays.append(Play(card, ace_marriage=True))
    return plays


def legal_actions(state: State) -> tuple[Decision, ...]:
    """The decisions of the seat to move, in a stable order (none at a chance node or
    after the game)."""
    deal = state.deal
    if deal is None or state.over:
        return ()
    rules = state.rules
    actions: list[Decision] = []
    if deal.phase == "dark":
        actions = [Dark(True), Dark(False)]
    elif deal.phase == "bid":
        actions = [*(Bid(amount) for amount in bid_amounts(deal, rules)), PASS]
    elif deal.phase == "talon":
        actions = [ChooseTalon(0), ChooseTalon(1)]
    elif deal.phase == "give":
        actions = _give_actions(state, deal)
    elif deal.phase == "contract":
        actions = [Contract(amount) for amount in contract_amounts(deal, rules)]
    else:
        actions = list(play_actions(deal, rules))
    if deal.phase in ("bid", "give") and redeal_refusal(state, deal) is None:
        actions.append(REDEAL)
    return tuple(actions)


def _give_actions(state: State, deal: Deal) -> list[Decision]:
    rules = state.rules
    hand = deal.hands[deal.to_move]
    actions: list[Decision] = []
    if rules.players == 2:
        actions.extend(Discard(card) for card in hand)
    else:
        given = {to for _, to in deal.gives}
        for to in opponents(deal, rules):
            if to not in given:
                actions.extend(Give(card, to) for card in hand)
    if write_off_refusal(state, deal) is None:
        actions.append(WRITE_OFF)
    return actions


def refusal(state: State, action: object, seat: int | None = None) -> IllegalActionError | None:
    """Why ``action`` (by ``seat``, when given) is illegal now, or None if it is legal."""
    if state.over:
        return IllegalActionError(f"cannot {_name(action)}: the game is over", "game_over")
    deal = state.deal
    if deal is None:
        if isinstance(action, Dealt):
            return dealt_refusal(state, action)
        return IllegalActionError(
            f"cannot {_name(action)}: the cards are to be dealt first", "chance_expected"
        )
    if isinstance(action, Dealt):
        return IllegalActionError("the cards are dealt already", "not_chance")
    if type(action) not in PHASE_OF:
        return IllegalActionError(f"not an action: {action!r}", "unknown_action")
    if seat is not None and seat != deal.to_move:
        shown = seat if isinstance(seat, int) else repr(seat)
        return IllegalActionError(
            f"out of turn: seat {shown} acted, seat {deal.to_move} is to {deal.phase}",
            "out_of_turn",
            seat=seat,
            to_move=deal.to_move,
            phase=deal.phase,
        )
    if deal.phase not in PHASE_OF[type(action)]:
        return IllegalActionError(
            f"cannot {_name(action)} now: seat {deal.to_move} is to {deal.phase}",
            "not_now",
            phase=deal.phase,
        )
    return _decision_refusal(state, deal, action)  # type: ignore[arg-type]


def _decision_refusal(state: State, deal: Deal, action: Decision) -> IllegalActionError | None:
    rules = state.rules
    if isinstance(action, Redeal):
        return redeal_refusal(state, deal)
    if isinstance(action, WriteOff):
        return write_off_refusal(state, deal)
    if isinstance(action, (Pass, Dark)):
        if isinstance(action, Dark) and not isinstance(action.dark, bool):
            shown = repr(action.dark)
            return IllegalActionError(f"dark is true or false, not {shown}", "unknown_action")
        return None
    if isinstance(action, Bid):
        return _bid_refusal(deal, rules, action.amount)
    if isinstance(action, ChooseTalon):
        if action.index in (0, 1) and not isinstance(action.index, bool):
            return None
        return IllegalActionError(f"no talon {action.index!r}: talons are 0 and 1", "talon_index")
    if isinstance(action, Contract):
        return _contract_refusal(deal, rules, action.amount)
    card_error = _card_refusal(deal, action.card)
    if card_error is not None:
        return card_error
    if isinstance(action, Give | Discard) and isinstance(action, Discard) != (rules.players == 2):
        kind = "discard" if rules.players == 2 else "give"
        return IllegalActionError(
            f"with {rules.players} players the declarer must {kind}", "not_now", phase=deal.phase
        )
    if isinstance(action, Give):
        return _give_refusal(deal, rules, action)
    if isinstance(action, Discard):
        return None
    return _play_refusal(deal, rules, action)


def _amount(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _bid_refusal(deal: Deal, rules: Rules, amount: object) -> IllegalActionError | None:
    if not _amount(amount):
        return IllegalActionError(f"a bid is a number, not {amount!r}", "bid_step")
    assert isinstance(amount, int)
    step = rules.bid_step
    if amount <= deal.bid:
        return IllegalActionError(
            f"bid {amount} too low: the bid standing is {deal.bid}",
            "bid_too_low",
            bid=amount,
            standing=deal.bid,
        )
    if (amount - deal.bid) % step:
        return IllegalActionError(
            f"bid {amount}: bids go in steps of {step}", "bid_step", bid=amount, step=step
        )
    if rules.max_raise is not None and amount - deal.bid > rules.max_raise:
        return IllegalActionError(
            f"bid {amount}: raises of at most {rules.max_raise}",
            "max_raise",
            bid=amount,
            max_raise=rules.max_raise,
        )
    top = bid_ceiling(deal, rules)
    if amount > top:
        return IllegalActionError(
            f"bid above the ceiling: {amount} > {top}", "bid_above_ceiling", bid=amount, ceiling=top
        )
    return None


def _contract_refusal(deal: Deal, rules: Rules, amount: object) -> IllegalActionError | None:
    if not _amount(amount):
        return IllegalActionError(f"a contract is a number, not {amount!r}", "contract_step")
    assert isinstance(amount, int)
    if amount < deal.bid:
        return IllegalActionError(
            f"contract {amount} below the bid {deal.bid}",
            "contract_too_low",
            contract=amount,
            bid=deal.bid,
        )
    if (amount - deal.bid) % rules.bid_step:
        return IllegalActionError(
            f"contract {amount}: in steps of {rules.bid_step}",
            "contract_step",
            contract=amount,
            step=rules.bid_step,
        )
    top = bid_ceiling(deal, rules)
    if amount > deal.bid and amount > top:
        return IllegalActionError(
            f"contract above the ceiling: {amount} > {top}",
            "contract_above_ceiling",
            contract=amount,
            ceiling=top,
        )
    return None


def _card_refusal(deal: Deal, card: object) -> IllegalActionError | None:
    if not isinstance(card, Card):
        return IllegalActionError(f"not a card: {card!r}", "not_a_card")
    if card not in deal.hands[deal.to_move]:
        return IllegalActionError(
            f"a card not in the hand: {card} (seat {deal.to_move})",
            "card_not_in_hand",
            card=str(card),
        )
    return None


def _give_refusal(deal: Deal, rules: Rules, action: Give) -> IllegalActionError | None:
    if action.to == deal.to_move:
        return IllegalActionError(f"a give to oneself: {action.card}", "give_to_self")
    if action.to not in opponents(deal, rules) or not _amount(action.to):
        return IllegalActionError(
            f"cannot give to seat {action.to!r}: not an opponent in this deal",
            "give_to_seat",
            to=action.to,
        )
    if any(to == action.to for _, to in deal.gives):
        return IllegalActionError(
            f"seat {action.to} has its card already: one give to each opponent",
            "give_to_seat",
            to=action.to,
        )
    return None


def _play_refusal(deal: Deal, rules: Rules, action: Play) -> IllegalActionError | None:
    card = action.card
    hand = deal.hands[deal.to_move]
    if action.marriage or action.ace_marriage:
        if action.ace_marriage and not rules.ace_marriage:
            return IllegalActionError("no ace marriage in these rules", "ace_marriage_off")
        if deal.trick:
            return IllegalActionError(
                "a marriage is announced on lead only", "marriage_not_on_lead"
            )
        if deal.tricks_played == 0 and not rules.marriage_on_first_lead:
            return IllegalActionError("no marriage on the deal's first lead", "marriage_first_lead")
        if not _announcement_held(action, hand):
            return IllegalActionError(
                f"a marriage not held: {card}", "marriage_not_held", card=str(card)
            )
    requirement, allowed = follow_requirement(hand, deal.trick, deal.trump, rules)
    if card in allowed:
        return None
    rule, text = FOLLOW_RULES[requirement]
    shown = " ".join(str(each) for each in allowed)
    return IllegalActionError(
        text.format(card=card, allowed=shown), rule, card=str(card), allowed=shown.split()
    )


def _announcement_held(action: Play, hand: Sequence[Card]) -> bool:
    card = action.card
    if action.marriage and action.ace_marriage:
        return False
    if action.ace_marriage:
        return card.rank is Rank.ACE and has_four_aces(hand)
    partner = {Rank.KING: Rank.QUEEN, Rank.QUEEN: Rank.KING}.get(card.rank)
    return partner is not None and Card(partner, card.suit) in hand


def dealt_refusal(state: State, dealt: Dealt) -> IllegalActionError | None:
    """Why ``dealt`` is not a deal of 24 distinct cards in the right places, or None."""
    rules = state.rules
    playing = playing_seats(rules, state.dealer)
    sizes = [rules.hand_size if seat in playing else 0 for seat in rules.seats]
    talon_sizes = [2, 2] if rules.players == 2 else [3]
    hands, talons = dealt.hands, dealt.talons
    got_sizes = _sizes(hands)
    got_talons = _sizes(talons)
    if got_sizes != sizes or got_talons != talon_sizes:
        return IllegalActionError(
            f"a wrong number of cards dealt: hands {got_sizes} and talons {got_talons}, "
            f"expected {sizes} and {talon_sizes}",
            "dealt_count",
            hands=got_sizes,
            talons=got_talons,
        )
    every = [card for part in (*hands, *talons) for card in part]
    for card in every:
        if not isinstance(card, Card):
            return IllegalActionError(f"not a card: {card!r}", "not_a_card")
    seen: set[Card] = set()
    for card in every:
        if card in seen:
            return IllegalActionError(f"a card twice: {card}", "card_twice", card=str(card))
        seen.add(card)
    assert seen == set(DECK)
    return None


def _sizes(parts: object) -> list[int] | None:
    """The sizes of a tuple of tuples (hands, talons); None for any other shape."""
    if not isinstance(parts, tuple) or not all(isinstance(part, tuple) for part in parts):
        return None
    return [len(part) for part in parts]


def _name(action: object) -> str:
    kind = type(action).__name__
    return {"Dealt": "deal the cards", "ChooseTalon": "choose a talon"}.get(
        kind, kind.lower() if kind in {c.__name__ for c in PHASE_OF} else repr(action)
    )
