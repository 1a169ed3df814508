"""Deals played through the checked engine, each rule of §1–§3 as an exact example."""

from __future__ import annotations

from dataclasses import replace

import pytest

from thousand.core.errors import IllegalActionError
from thousand.games.card1000.actions import (
    PASS,
    REDEAL,
    WRITE_OFF,
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Play,
)
from thousand.games.card1000.cards import DECK, card, card_points, cards
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.presets import load_preset, rules_from_spec
from thousand.games.card1000.scoring import SeatScore, ceiling
from thousand.games.card1000.state import State, new_game

from .support import act, dealt

CLASSIC = load_preset("classic")

# Dealer 0; first hand 1 (the forced 100); seat 2 speaks first (see test_a_whole_deal).
HANDS = [
    "AH TH KD QD AD TD 9H",  # seat 0: the diamond marriage
    "KH QH AS TS AC KC QC",  # seat 1: the heart and club marriages
    "9S JS QS KS 9C JC TC",  # seat 2
]
TALON = "9D JD JH"


def p(name: str, *, marriage: bool = False) -> Play:
    return Play(card(name), marriage=marriage)


def refused(state: State, action: object, seat: int | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as error:
        apply(state, action, seat)  # type: ignore[arg-type]
    assert "\n" not in str(error.value)
    return error.value


def started(rules: Rules = CLASSIC, hands: list[str] = HANDS, *talons: str) -> State:
    return apply(new_game(rules), dealt(hands, *(talons or (TALON,))))


def test_the_ceiling_with_and_without_marriages() -> None:
    assert ceiling(cards(["AS", "TS", "AC", "TC", "AD", "TD", "AH"]), CLASSIC) == 120
    assert ceiling(cards(["KH", "QH", "AS", "TS", "AC", "KC", "QC"]), CLASSIC) == 280
    assert ceiling(cards(["KS", "QS", "9H"]), CLASSIC) == 160
    over = rules_from_spec({"preset": "classic", "bid_over_120_without_marriage": True})
    assert ceiling(cards(["AS", "TS"]), over) == 400
    aces = load_preset("golden_dark")
    assert ceiling(cards(["AS", "AC", "AD", "AH", "KH", "QH"]), aces) == 420
    state = started()
    assert state.to_move == (2, "bid")
    bids = [a.amount for a in legal_actions(state) if isinstance(a, Bid)]
    assert bids == list(range(105, 165, 5))  # seat 2 holds the spade marriage: 160
    error = refused(state, Bid(165), 2)
    assert error.rule == "bid_above_ceiling" and error.params["ceiling"] == 160
    assert refused(state, Bid(100), 2).rule == "bid_too_low"
    assert refused(state, Bid(107), 2).rule == "bid_step"
    state = act(state, PASS)
    assert max(a.amount for a in legal_actions(state) if isinstance(a, Bid)) == 200


def test_max_raise_limits_bids() -> None:
    rules = rules_from_spec({"preset": "classic", "max_raise": 5})
    state = started(rules)
    assert [a for a in legal_actions(state) if isinstance(a, Bid)] == [Bid(105)]
    assert refused(state, Bid(110), 2).rule == "max_raise"


def test_a_whole_deal_following_trumping_and_a_marriage_changing_trump_twice() -> None:
    state = started()
    assert refused(state, PASS, 1).rule == "out_of_turn"
    state = act(state, PASS, Bid(110))
    assert state.to_move == (1, "bid")  # the first hand speaks once someone bid
    state = act(state, Bid(120), PASS)
    deal = state.deal
    assert deal is not None and deal.declarer == 1 and deal.bid == 120
    assert state.to_move == (1, "give") and deal.talon_shown
    assert REDEAL in legal_actions(state)  # the talon 9D JD JH is worth 4 < 5
    assert refused(state, Give(card("JH"), 1), 1).rule == "give_to_self"
    assert refused(state, Give(card("AH"), 0), 1).rule == "card_not_in_hand"
    state = act(state, Give(card("JH"), 2), Give(card("9D"), 0))
    assert state.to_move == (1, "contract")
    assert refused(state, Contract(115), 1).rule == "contract_too_low"
    assert refused(state, Contract(300), 1).rule == "contract_above_ceiling"
    state = act(state, Contract(120))
    # Trick 1: no marriage on the first lead; seat 2 must follow spades.
    assert refused(state, p("KH", marriage=True), 1).rule == "marriage_first_lead"
    state = act(state, p("AS"))
    assert refused(state, p("JH"), 2).rule == "not_following_suit"
    state = act(state, p("9S"), p("9D"))
    # Trick 2: hearts become trump.
    assert refused(state, p("AC", marriage=True), 1).rule == "marriage_not_held"
    state = act(state, p("KH", marriage=True))
    assert state.deal is not None and state.deal.trump is not None
    assert state.deal.trump.value == "H"
    assert refused(state, p("JH", marriage=True), 2).rule == "marriage_not_on_lead"
    state = act(state, p("JH"), p("AH"))
    # Trick 3: seat 0 took it and changes trump to diamonds.
    state = act(state, p("KD", marriage=True))
    assert state.deal is not None and state.deal.trump is not None
    assert state.deal.trump.value == "D"
    state = act(state, p("JD"), p("9C"))
    # Trick 4: hearts are no trump any more; the queen beats the nine led.
    state = act(state, p("9H"), p("QH"), p("JC"))
    assert state.deal is not None and state.deal.leader == 1
    # Trick 5: seat 0 has no club and must trump.
    state = act(state, p("AC"), p("TC"))
    error = refused(state, p("TH"), 0)
    assert error.rule == "must_trump" and set(error.params["allowed"]) == {"QD", "AD", "TD"}
    state = act(state, p("QD"))
    assert state.deal is not None and state.deal.leader == 0
    state = act(state, p("TH"), p("KC"), p("JS"))
    state = act(state, p("AD"), p("QC"), p("QS"))
    state = act(state, p("TD"), p("TS"), p("KS"))
    assert state.deal is None and state.chance
    summary = state.history[-1]
    assert summary.points == (184, 116, 0)  # 104 + 80, 16 + 100, no trick
    assert summary.outcome == "failed"  # 116 < 120: by four points
    assert summary.changes == (185, -120, 0)
    assert [seat.bolts for seat in state.board] == [0, 0, 1]
    assert state.dealer == 1
    assert refused(state, PASS).rule == "chance_expected"


def test_must_beat_and_must_overtrump() -> None:
    rules = rules_from_spec({"preset": "classic", "must_beat": True, "must_overtrump": True})
    state = act(started(rules), PASS, PASS)
    state = act(state, Give(card("JH"), 2), Give(card("9D"), 0), Contract(100))
    state = act(state, p("QC"))  # seat 2 holds 9C JC TC: must beat the queen
    error = refused(state, p("9C"), 2)
    assert error.rule == "must_beat" and error.params["allowed"] == ["TC"]
    state = act(state, p("TC"))
    assert len(legal_actions(state)) == 8  # seat 0: no club, no trump: any card


def test_the_overtrump_requirement() -> None:
    rules = rules_from_spec({"preset": "classic", "must_overtrump": True})
    hands = ["9H TH JD QD KD AD 9D", "KH QH AS TS AC KC QC", "AH JH 9S JS QS KS 9C"]
    state = act(apply(new_game(rules), dealt(hands, "JC TC TD")), PASS, PASS)
    state = act(state, Give(card("TD"), 2), Give(card("TC"), 0), Contract(100))
    state = act(state, p("AS"), p("9S"), p("9H"))
    state = act(state, p("KH", marriage=True), p("AH"), p("TH"))  # hearts trump; 2 takes
    state = act(state, p("TD"))  # seat 0 follows; seat 1 has no diamond: trump
    state = act(state, p("JD"))
    assert legal_actions(state) == (p("QH"),)


def test_write_off_awards_and_refusals() -> None:
    state = act(started(), PASS, Bid(115), PASS)
    assert state.to_move == (0, "give") and WRITE_OFF in legal_actions(state)
    state = act(state, WRITE_OFF)
    summary = state.history[-1]
    assert summary.outcome == "written_off" and summary.points is None
    assert summary.changes == (-115, 60, 60)
    assert state.board[0].write_offs == 1 and state.dealer == 1
    limited = rules_from_spec({"preset": "classic", "write_off_limit": 1})
    state = act(started(limited), PASS, PASS, WRITE_OFF)
    state = apply(state, dealt([HANDS[2], HANDS[0], HANDS[1]], TALON))  # dealer 1
    state = act(state, PASS, PASS)  # seat 2 holds 100 and declares
    assert state.to_move == (2, "give") and WRITE_OFF in legal_actions(state)


def test_no_write_off_while_a_seat_is_on_the_barrel() -> None:
    state = started()
    board = (*state.board[:2], SeatScore(total=880, barrel=True))
    state = act(replace(state, board=board), PASS, PASS)
    assert WRITE_OFF not in legal_actions(state)
    assert refused(state, WRITE_OFF, 1).params == {"barrel": True}


def test_the_talon_of_an_uncontested_100_is_hidden_with_hide_talon_at_100() -> None:
    rules = rules_from_spec({"preset": "classic", "hide_talon_at_100": True})
    quiet = act(started(rules), PASS, PASS)
    assert quiet.deal is not None and not quiet.deal.talon_shown
    contested = act(started(rules), Bid(105), PASS, PASS)
    assert contested.deal is not None and contested.deal.talon_shown
    assert act(started(), PASS, PASS).deal.talon_shown  # type: ignore[union-attr]


def test_the_declarer_may_redeal_on_a_poor_talon_before_giving_only() -> None:
    state = act(started(), PASS, PASS)
    assert REDEAL in legal_actions(state)  # 9D JD JH: 4 points
    given = act(state, Give(card("JH"), 2))
    assert REDEAL not in legal_actions(given)
    assert refused(given, REDEAL, 1).rule == "redeal"
    state = act(state, REDEAL)
    assert state.chance and state.history[-1].outcome == "redeal" and state.dealer == 0


def test_a_redeal_keeps_the_dealer_and_changes_no_counter() -> None:
    poor = ["AH TH KD QD AD TD AS", "9S JS 9C JC QC KC 9H", "KH QH TS QS KS AC TC"]
    state = started(CLASSIC, poor, "9D JD JH")
    assert card_points(cards(poor[1].split())) == 11
    assert REDEAL not in legal_actions(state)  # seat 2 to speak; the poor hand is seat 1's
    assert refused(state, REDEAL, 2).rule == "redeal"
    state = act(state, Bid(105), PASS)
    assert state.to_move == (1, "bid") and REDEAL in legal_actions(state)
    state = act(state, REDEAL)
    assert state.chance and state.dealer == 0 and state.dealt_count == 1
    assert state.history[-1].outcome == "redeal" and state.history[-1].changes == (0, 0, 0)


def test_a_card_twice_and_a_wrong_number_of_cards_dealt() -> None:
    game = new_game(CLASSIC)
    twice = dealt([HANDS[0], HANDS[1], "9S JS QS KS 9C JC AH"], TALON)
    assert refused(game, twice).rule == "card_twice"
    short = dealt([HANDS[0], HANDS[1], "9S JS QS KS 9C JC"], "TC 9D JD JH")
    assert refused(game, short).rule == "dealt_count"
    assert refused(started(), dealt(HANDS, TALON)).rule == "not_chance"


def test_the_four_player_dealer_scores_the_talon() -> None:
    rules = load_preset("four_players")
    rest = [c for c in DECK if str(c) not in {"KH", "QH", "9S"}]
    hands = ["", " ".join(map(str, rest[0:7])), " ".join(map(str, rest[7:14]))]
    hands.append(" ".join(map(str, rest[14:21])))
    state = apply(new_game(rules), dealt(hands, "KH QH 9S"))
    assert state.to_move == (2, "bid")  # seat 1 holds 100, the dealer sits out
    state = act(state, PASS, PASS)
    assert state.deal is not None and state.deal.declarer == 1
    assert {to for a in legal_actions(state) if isinstance(a, Give) for to in [a.to]} == {2, 3}
    state = _play_out(state)
    summary = state.history[-1]
    assert summary.points is not None and summary.points[0] == 107
    assert summary.changes[0] == 105
    assert sum(x for x in summary.points[1:] if x is not None) == 120  # no marriage played


def _play_out(state: State) -> State:
    """Finish the deal with the first legal decision each time (no marriages)."""
    while state.deal is not None:
        actions = [a for a in legal_actions(state) if not getattr(a, "marriage", False)]
        state = act(state, actions[0])
    return state


def test_the_two_player_second_talon_goes_to_the_last_trick() -> None:
    rules = load_preset("two_players")
    order = [str(c) for c in DECK]
    hands = [" ".join(order[10:20]), " ".join(order[0:10])]
    state = apply(new_game(rules), dealt(hands, "KH TH", "AH QH"))
    assert state.to_move == (0, "bid")  # the dealer speaks; seat 1 holds 100
    state = act(state, PASS)
    assert state.to_move == (1, "talon")
    assert refused(state, ChooseTalon(2), 1).rule == "talon_index"
    state = act(state, ChooseTalon(0))
    assert state.to_move == (1, "give")
    state = act(state, Discard(card("9S")), Discard(card("JS")))
    assert state.to_move == (1, "contract")
    state = act(state, Contract(100))
    while state.deal is not None and state.deal.tricks_played < 9:
        state = act(state, next(a for a in legal_actions(state) if not getattr(a, "marriage", 0)))
    deal = state.deal
    assert deal is not None and not deal.trick
    before = [card_points(taken) for taken in deal.taken]
    marriages = {a.seat: a.value for a in deal.announcements}
    leader = deal.leader
    lead = legal_actions(state)[0]
    assert isinstance(lead, Play)
    state = act(state, lead)
    follow = legal_actions(state)[0]
    assert isinstance(follow, Play)
    state = act(state, follow)
    last = (
        leader
        if not (follow.card.suit is lead.card.suit and follow.card.strength > lead.card.strength)
        else 1 - leader
    )
    summary = state.history[-1]
    assert len([a for _, a in summary.actions if isinstance(a, Play)]) == 20  # ten tricks
    expected = [before[seat] + marriages.get(seat, 0) for seat in (0, 1)]
    expected[last] += card_points([lead.card, follow.card]) + 14  # AH QH: the second talon
    assert summary.points == tuple(expected)
    assert sum(expected) == 120 - card_points(cards(["9S", "JS"]))


def test_the_two_player_write_off_gives_sixty() -> None:
    rules = load_preset("two_players")
    order = [str(c) for c in DECK]
    hands = [" ".join(order[10:20]), " ".join(order[0:10])]
    state = apply(new_game(rules), dealt(hands, "KH TH", "AH QH"))
    state = act(state, PASS, ChooseTalon(1), WRITE_OFF)
    assert state.history[-1].changes == (60, -100)


def test_a_golden_deal_is_doubled_and_has_no_bidding_nor_write_off() -> None:
    rules = load_preset("golden_dark")
    state = started(rules)
    deal = state.deal
    assert deal is not None and deal.golden and deal.declarer == 1 and deal.bid == 120
    assert state.to_move == (1, "give") and not deal.talon_shown
    assert WRITE_OFF not in legal_actions(state)
    assert refused(state, WRITE_OFF, 1).rule == "write_off"
    state = act(state, Give(card("JH"), 2), Give(card("9D"), 0))
    assert state.to_move == (1, "play")  # golden_raise is off: no contract
    state = _play_out(state)
    summary = state.history[-1]
    assert summary.golden and abs(summary.changes[1]) == 240
    assert state.golden_left == 2 and state.dealer == 1


def test_the_golden_round_repeats_or_resets_when_nobody_made_it() -> None:
    for fail, left in (("repeat", 3), ("reset", 0)):
        rules = rules_from_spec({"preset": "golden_dark", "golden_fail": fail})
        state = new_game(rules)
        for _ in range(3):
            state = _golden_failure(state)
        assert state.golden_left == left
        if fail == "reset":
            assert all(seat.total == 0 for seat in state.board)
            assert state.history[-1].totals == (0, 0, 0)


def _golden_failure(state: State) -> State:
    """A golden deal the declarer fails: it holds only low cards."""
    first = (state.dealer + 1) % 3
    low = "9S JS QS 9C JC QC 9D"
    others = ["AH TH KH QH AD TD KD", "AS TS KS AC TC KC QD"]
    hands = ["", "", ""]
    hands[first] = low
    hands[(first + 1) % 3], hands[(first + 2) % 3] = others
    state = apply(state, dealt(hands, "JD 9H JH"))
    state = act(state, *[a for a in legal_actions(state) if isinstance(a, Give)][:1])
    state = act(state, next(a for a in legal_actions(state) if isinstance(a, Give)))
    state = _play_out(state)
    assert state.history[-1].outcome == "failed" and state.history[-1].changes[first] == -240
    return state


def test_a_dark_deal_contract_after_the_talon_and_doubled() -> None:
    rules = rules_from_spec({"preset": "golden_dark", "golden": False})
    state = started(rules)
    assert state.to_move == (1, "dark")
    assert set(legal_actions(state)) == {Dark(True), Dark(False)}
    light = act(state, Dark(False))
    assert light.to_move == (2, "bid")
    state = act(state, Dark(True))
    assert state.to_move == (1, "give") and WRITE_OFF not in legal_actions(state)
    state = act(state, Give(card("JH"), 2), Give(card("9D"), 0))
    assert state.to_move == (1, "contract")
    assert [a.amount for a in legal_actions(state) if isinstance(a, Contract)][:2] == [120, 125]
    state = _play_out(act(state, Contract(120)))
    summary = state.history[-1]
    assert summary.dark and abs(summary.changes[1]) == 240


def test_the_ace_marriage() -> None:
    rules = load_preset("golden_dark")
    hands = ["KD QD 9D TD JD 9H JH", "AS AC AD AH KH QH TS", "9S JS QS KS 9C JC TC"]
    state = apply(new_game(rules), dealt(hands, "QC KC TH"))
    state = act(state, Give(card("TS"), 2), Give(card("TH"), 0))
    ace = Play(card("AS"), ace_marriage=True)
    assert refused(state, ace, 1).rule == "marriage_first_lead"
    state = act(state, p("KC"), p("9C"), p("9D"))
    assert ace in legal_actions(state)
    state = act(state, ace)
    assert state.deal is not None and state.deal.trump is not None
    assert state.deal.announcements[-1].value == 200 and state.deal.trump.value == "S"


def test_the_game_is_over_after_a_win() -> None:
    state = started()
    over = replace(state, winner=0)
    assert refused(over, PASS, 2).rule == "game_over"
    assert legal_actions(over) == ()


@pytest.mark.parametrize("decision", [Bid(105), PASS])
def test_out_of_turn_names_the_seat_to_move(decision: Decision) -> None:
    error = refused(started(), decision, 0)
    assert error.rule == "out_of_turn"
    assert str(error) == "out of turn: seat 0 acted, seat 2 is to bid"
