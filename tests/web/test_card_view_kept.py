"""What a card Thousand room keeps between changes for its view, and that it is what
the view would be made afresh (issue 29: work per action that does not grow with the
game).

Who took a finished deal's last trick (``view.last_trick``) is kept by the room's session
from the position as the deal ended — and is always what the engine's reading of the
record says (:func:`~thousand.games.card1000.deal_over.deal_over`, the terminal's
deal-over panel), redeals and deals never played out included: replaying the record at
every deal's end cost a deal as much as the game so far. The paper sheet is made again
only when a deal ends or the bid moves, and the deal's log adds a line per decision."""

from __future__ import annotations

from random import Random
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from thousand.core.i18n import translator
from thousand.games.card1000.deal_over import deal_over
from thousand.games.card1000.legal import legal_actions
from thousand.web.protocol import CreateRoom
from thousand.web.rooms.card1000.session import CardSession
from thousand.web.rooms.card1000.view import deal_log, paper_sheet
from thousand.web.tables import game_view, room_type


def _card_session(seed: bytes) -> tuple[Any, CardSession]:
    room, _token = room_type("card1000").create(
        CreateRoom.model_validate(
            {"game": "card1000", "name": "Anna", "seats": [{"open": True}, {"open": True}]}
        )
    )
    room.seed = seed
    room.join("Boris")
    room.join("Vera")
    return room, cast("CardSession", room.session)


@settings(max_examples=12, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(0, 2**32 - 1))
def test_the_kept_last_trick_is_the_one_the_record_tells(seed: bytes, choices: int) -> None:
    _room, session = _card_session(seed)
    pick = Random(choices)
    ended = 0
    for _ in range(400):
        state = session.now.state
        if state.over or len(state.history) >= 5:
            break
        session.act(pick.choice(legal_actions(state)))
        if len(session.now.state.history) > ended:
            ended = len(session.now.state.history)
            assert session.last_trick is not None and session.last_trick[0] == ended
            told = deal_over(session.record.to_data(), ended).last_trick
            assert session.last_trick[1] == told
    assert ended >= 1


def test_the_view_names_the_taker_without_replaying_and_a_resumed_game_replays_once(
    monkeypatch: Any,
) -> None:
    room, session = _card_session(bytes([5]) * 32)
    pick = Random(5)
    while len(session.now.state.history) < 2:
        session.act(pick.choice(legal_actions(session.now.state)))
    number = len(session.now.state.history)
    expected = deal_over(session.record.to_data(), number).last_trick
    assert expected is not None  # a deal played out to its last card
    replays: list[int] = []

    def counted(data: Any, deal: int) -> Any:
        replays.append(deal)
        return deal_over(data, deal)

    monkeypatch.setattr("thousand.web.rooms.card1000.view.deal_over", counted)
    en = translator("en")
    view = game_view(room, None, en, [True, True, True])
    taker = expected.taker
    assert view["view"]["last_trick"] == {"deal": number, "seat": taker}
    assert replays == []
    session.last_trick = None  # as in a game resumed from its record
    room._memo.clear()
    room.view_cache.clear()
    view = game_view(room, None, en, [True, True, True])
    assert view["view"]["last_trick"] == {"deal": number, "seat": taker}
    assert replays == [number]


@settings(max_examples=6, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(0, 2**32 - 1))
def test_the_kept_sheet_and_log_are_the_ones_made_afresh(seed: bytes, choices: int) -> None:
    room, session = _card_session(seed)
    pick = Random(choices)
    languages = [translator("en"), translator("ru")]
    for step in range(300):
        state = session.now.state
        if state.over or len(state.history) >= 4:
            break
        tr = languages[step % 2]
        view = game_view(room, None, tr, [True, True, True])
        assert view["view"]["sheet"] == paper_sheet(session, tr)
        seen = room.observation(None).to_data()
        actions = seen["deal"]["actions"] if seen["deal"] is not None else []
        assert view["view"]["log"] == deal_log(actions, session.now.players, tr)
        session.act(pick.choice(legal_actions(state)))
        room.seq += 1  # a change: the shared view is made again
