"""Where the cards a seat cannot see may be: the worlds consistent with its view.

A computer player that searches (issue 27's ``expert``) or an advisor does not know the
other hands. It reasons over *worlds* — every unseen card placed in a hand or out of
play — that agree with all the seat has seen: its :class:`~.views.SeatView`, never the
referee's state. :func:`knowledge` reads the view once into what is certain and what
is only allowed; :func:`sample_world` draws one world from it.

What the view settles (each a consequence of the rule book that the tests hold the
engine to, world by world):

* the seat's own hand, the cards played, its own discards (declarer), the cards it gave
  or saw given (the receiver holds them until played), the partner of a marriage
  announced (its announcer holds it until played; the four aces likewise);
* a talon it was shown is in the declarer's hand, unless given on where it did not see;
* how many cards each seat holds now; the rest (talons not taken, discards it did not
  see) are *out*: out of play, but part of a world (the talon before it is taken);
* from each card played to a trick (:func:`.play.follow_requirement`, read backwards):
  a seat that did not follow the suit led holds none of it; one that neither followed
  nor trumped holds no trump; under ``must_beat`` a follower who did not beat the best
  card of the suit led holds none that beats it, and under ``must_overtrump`` one who
  trumped low holds no higher trump.

Not read (yet): what the bidding says about hands — a world is drawn as if every bid
were silent.

Drawing: cards are placed one at a time in a random order, each to a place chosen with
weight its free room among the places it may go, and only where the cards left can still
all be placed (Hall's condition over the at most five places, checked in bits). Every
consistent world can be drawn; the draw is close to, not exactly, uniform.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from thousand.core.errors import ThousandError
from thousand.games.card1000.cards import DECK, Card, Rank, Suit, card
from thousand.games.card1000.config import Rules
from thousand.games.card1000.seen import plays_seen
from thousand.games.card1000.views import SeatView

OUT = -1
"""The place of the cards out of play: talons not taken, discards not seen."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows of where the cards are, read off its view."""

    seat: int
    places: tuple[int, ...]
    """Where unseen cards may go: seats (each holding some now) and :data:`OUT`."""
    room: tuple[int, ...]
    """How many unseen cards each of :attr:`places` takes."""
    fixed: tuple[tuple[Card, ...], ...]
    """Each seat's cards the seat knows it holds now (its own hand included)."""
    out: tuple[Card, ...]
    """Cards the seat knows are out of play (its own discards)."""
    allowed: tuple[tuple[Card, int], ...]
    """Each unseen card with the bits of :attr:`places` it may go to."""


@dataclass(frozen=True, slots=True)
class World:
    """One placing of every card not yet played: each seat's hand now and the out pile."""

    hands: tuple[tuple[Card, ...], ...]
    out: tuple[Card, ...]


class NoWorldError(ThousandError):
    """A view no world fits: a view this seat could not have been shown."""


def _card(name: object) -> Card:
    return card(name)


def _partners(lead: Card, ace_marriage: bool) -> list[Card]:
    if ace_marriage:
        return [Card(Rank.ACE, suit) for suit in Suit if suit is not lead.suit]
    other = Rank.QUEEN if lead.rank is Rank.KING else Rank.KING
    return [Card(other, lead.suit)]


def _trick_exclusions(view: SeatView, rules: Rules) -> dict[int, set[Card]]:
    """The cards each seat cannot hold, from how it followed (module docstring)."""
    excluded: dict[int, set[Card]] = {}
    for play in plays_seen(view, rules):
        if play.before:
            gone = _not_held(play.card, play.before, play.trump, rules)
            excluded.setdefault(play.seat, set()).update(gone)
    return excluded


def _not_held(played: Card, trick: Sequence[Card], trump: Suit | None, rules: Rules) -> set[Card]:
    led = trick[0].suit

    def best(suit: Suit) -> Card | None:
        of_suit = [each for each in trick if each.suit is suit]
        return max(of_suit, key=lambda each: each.strength) if of_suit else None

    def above(suit: Suit, floor: Card | None) -> set[Card]:
        return {
            each
            for each in DECK
            if each.suit is suit and (floor is None or each.strength > floor.strength)
        }

    if played.suit is led:
        trumped = trump is not None and trump is not led and best(trump) is not None
        top = best(led)
        if rules.must_beat and not trumped and top is not None and played.strength < top.strength:
            return above(led, top)
        return set()
    gone = above(led, None)
    if trump is not None and trump is not led:
        if played.suit is not trump:
            gone |= above(trump, None)
        elif rules.must_overtrump:
            top = best(trump)
            if top is not None and played.strength < top.strength:
                gone |= above(trump, top)
    return gone


def knowledge(view: SeatView, rules: Rules) -> Knowledge:
    """What ``view``'s seat knows of where the cards are (see the module docstring)."""
    deal = view.deal
    if deal is None or view.seat is None:
        raise ThousandError("worlds: only a seat's view of a deal in progress has them")
    me = view.seat
    count = rules.players
    played = {each for _, each in deal.played} | set(deal.trick)
    fixed: list[set[Card]] = [set() for _ in range(count)]
    if deal.hand is not None:
        fixed[me] = set(deal.hand)
    out: set[Card] = set()
    unseen_gives: set[int] = set()
    unseen_discards = False
    for action in deal.actions:
        if "give" in action:
            if action["give"] is None:
                unseen_gives.add(int(action["to"]))
            else:
                fixed[int(action["to"])].add(_card(action["give"]))
        elif "discard" in action:
            if action["discard"] is None:
                unseen_discards = True
            else:
                out.add(_card(action["discard"]))
        elif action.get("marriage") or action.get("ace_marriage"):
            lead = _card(action["play"])
            for partner in _partners(lead, bool(action.get("ace_marriage"))):
                fixed[int(action["seat"])].add(partner)
    for held in fixed:
        held.difference_update(played)
    if deal.talon is not None and deal.talon_taken is None:
        out |= set(deal.talon)  # a talon shown before it is taken lies on the table
    known = set().union(*fixed) | out | played
    talon_to: dict[Card, int] = {}
    if deal.talon is not None and deal.talon_taken is not None and deal.declarer is not None:
        # a talon shown went to the declarer, who may since have given or discarded it
        to = 1 << deal.declarer
        for seat in unseen_gives:
            to |= 1 << seat
        for each in deal.talon:
            if each not in known:
                talon_to[each] = to

    hands = deal.hand_sizes
    seats = [seat for seat in range(count) if hands[seat] > len(fixed[seat])]
    room = [hands[seat] - len(fixed[seat]) for seat in seats]
    if deal.hand is not None and me in seats:
        raise NoWorldError(f"worlds: seat {me} holds cards it does not see")
    unseen = [each for each in DECK if each not in known]
    out_room = len(unseen) - sum(room)
    places = [*seats, OUT] if out_room > 0 else seats
    if out_room > 0:
        room.append(out_room)
    excluded = _trick_exclusions(view, rules)
    bit_of = {place: 1 << index for index, place in enumerate(places)}
    allowed: list[tuple[Card, int]] = []
    for each in unseen:
        bits = 0
        for place in places:
            if place != OUT and each in excluded.get(place, ()):
                continue
            if each in talon_to and (
                not unseen_discards if place == OUT else not talon_to[each] >> place & 1
            ):
                continue
            bits |= bit_of[place]
        allowed.append((each, bits))
    return Knowledge(
        seat=me,
        places=tuple(places),
        room=tuple(room),
        fixed=tuple(tuple(sorted(held, key=DECK.index)) for held in fixed),
        out=tuple(sorted(out, key=DECK.index)),
        allowed=tuple(allowed),
    )


def _fits(cards: Sequence[int], room: Sequence[int]) -> bool:
    """Hall's condition: the cards (bits of the places each may go to) can all be placed
    in ``room`` (free room by place)."""
    if sum(room) < len(cards):
        return False
    places = len(room)
    for subset in range(1, 1 << places):
        within = sum(1 for bits in cards if bits & ~subset == 0)
        if within and within > sum(room[i] for i in range(places) if subset >> i & 1):
            return False
    return True


def sample_world(known: Knowledge, rng: Random) -> World:
    """One world consistent with ``known``, drawn with ``rng`` (see the module docstring)."""
    room = list(known.room)
    order = list(known.allowed)
    rng.shuffle(order)
    # the most bound cards first: fewer dead ends to step around
    order.sort(key=lambda item: item[1].bit_count())
    if not _fits([bits for _, bits in order], room):
        raise NoWorldError("worlds: no placing of the unseen cards fits this view")
    placed: list[list[Card]] = [[] for _ in known.places]
    for at, (each, bits) in enumerate(order):
        rest = [later for _, later in order[at + 1 :]]
        choices = [i for i in range(len(room)) if bits >> i & 1 and room[i] > 0]
        while True:
            weights = [room[i] for i in choices]
            pick = rng.choices(choices, weights)[0]
            room[pick] -= 1
            if _fits(rest, room):
                break
            room[pick] += 1
            choices.remove(pick)
        placed[pick].append(each)
    hands = [list(held) for held in known.fixed]
    out = list(known.out)
    for place, cards_here in zip(known.places, placed, strict=True):
        (out if place == OUT else hands[place]).extend(cards_here)
    return World(
        hands=tuple(tuple(sorted(held, key=DECK.index)) for held in hands),
        out=tuple(sorted(out, key=DECK.index)),
    )


__all__ = ["OUT", "Knowledge", "NoWorldError", "World", "knowledge", "sample_world"]
