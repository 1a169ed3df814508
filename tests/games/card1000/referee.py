"""An independent referee of card Thousand, written from CARD_THOUSAND.md alone.

It reads a card1000 record (§6: played deals, or scorekeeping deals with
``"meta": {"cards": "table"}``) and computes the replay JSON of §6, or raises
:class:`Illegal` for a record the rules refuse. It shares no code with
``thousand.games.card1000``: the point is a second reading of the rule book, so a
disagreement with ``thousand replay --json`` is a question for the rule book.
Plain and direct; no performance concern.
"""

from __future__ import annotations

import copy
import math
from typing import Any

RANKS = "9JQKTA"
SUITS = "SCDH"
POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
MARRIAGE = {"H": 100, "D": 80, "C": 60, "S": 40}
DECK = [r + s for s in SUITS for r in RANKS]

CLASSIC: dict[str, Any] = {
    "players": 3,
    "redeal_hand_points": 13,
    "redeal_nines": 3,
    "redeal_jacks": 4,
    "redeal_talon_points": 5,
    "redeal_talon_nines": 2,
    "redeal_talon_jacks": 3,
    "opening_bid": 100,
    "bid_step": 5,
    "bid_over_120_without_marriage": False,
    "max_raise": None,
    "hide_talon_at_100": False,
    "gives_open": False,
    "marriage_on_first_lead": False,
    "must_beat": False,
    "must_overtrump": False,
    "last_trick_bonus": 0,
    "round_declarer": False,
    "write_off_deducts": True,
    "write_off_award": "half",
    "write_off_on_barrel": False,
    "write_off_limit": None,
    "bolt": "zero",
    "penalty": 120,
    "bolts": "per_game",
    "dump_truck_negative": True,
    "barrel": 880,
    "win_needs_over": False,
    "barrel_attempts": 3,
    "third_fall_to_zero": False,
    "barrel_knock_off": True,
    "golden": False,
    "golden_raise": False,
    "golden_fail": "repeat",
    "dark": False,
    "dark_on_barrel": False,
    "ace_marriage": False,
    "four_nines_bonus": 0,
    "hide_talon": False,
}
PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "four_players": {"players": 4},
    "two_players": {"players": 2, "barrel": None},
    "golden_dark": {"golden": True, "golden_fail": "repeat", "dark": True, "ace_marriage": True},
}


class Illegal(Exception):  # noqa: N818 - the referee's verdict, named as §6 says
    """The record breaks a rule: ``thousand replay`` must refuse it (exit 2)."""


def rules_of(record: dict[str, Any]) -> dict[str, Any]:
    """The rules a record names: a preset, or ``{"preset": NAME, ...keys}``."""
    spec = record.get("rules", "classic")
    keys: dict[str, Any] = {}
    if isinstance(spec, dict):
        keys = dict(spec)
        spec = keys.pop("preset", "classic")
    if spec not in PRESETS:
        raise Illegal(f"unknown preset {spec}")
    rules = {**CLASSIC, **PRESETS[spec]}
    for key, value in keys.items():
        if key not in CLASSIC or key == "players":
            raise Illegal(f"unknown key {key}")
        rules[key] = None if value == "none" else value
    return rules


def points_of(cards: list[str]) -> int:
    return sum(POINTS[c[0]] for c in cards)


def marriages_in(cards: list[str]) -> list[str]:
    return [s for s in SUITS if "K" + s in cards and "Q" + s in cards]


def round5(p: int) -> int:
    r = p % 5
    return p - r if r <= 2 else p + 5 - r


def ceiling(rules: dict[str, Any], hand: list[str]) -> int:
    top = 120 + sum(MARRIAGE[s] for s in marriages_in(hand))
    if rules["ace_marriage"] and all("A" + s in hand for s in SUITS):
        top += 200
    if rules["bid_over_120_without_marriage"]:
        top = max(top, 400)
    return top


def hand_poor(rules: dict[str, Any], hand: list[str]) -> bool:
    nines = sum(c[0] == "9" for c in hand)
    jacks = sum(c[0] == "J" for c in hand)
    return bool(
        (rules["redeal_hand_points"] != 0 and points_of(hand) <= rules["redeal_hand_points"])
        or (rules["redeal_nines"] != 0 and nines >= rules["redeal_nines"])
        or (rules["redeal_jacks"] != 0 and jacks >= rules["redeal_jacks"])
    )


def talon_poor(rules: dict[str, Any], talon: list[str]) -> bool:
    nines = sum(c[0] == "9" for c in talon)
    jacks = sum(c[0] == "J" for c in talon)
    return bool(
        (rules["redeal_talon_points"] != 0 and points_of(talon) < rules["redeal_talon_points"])
        or (rules["redeal_talon_nines"] != 0 and nines >= rules["redeal_talon_nines"])
        or (rules["redeal_talon_jacks"] != 0 and jacks >= rules["redeal_talon_jacks"])
    )


class Game:
    """The game's counters between deals (§1.6–§1.7) and the deal-level scoring."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.rules = rules_of(record)
        self.names = list(record.get("players", []))
        self.n = self.rules["players"]
        if len(self.names) != self.n:
            raise Illegal("wrong number of players")
        self.score = [0] * self.n
        self.on = [False] * self.n
        self.attempts = [0] * self.n
        self.falls = [0] * self.n
        self.bolts = [0] * self.n
        self.write_offs = [0] * self.n
        self.dealer = 0
        self.winner: int | None = None
        self.golden_left = self.n if self.rules["golden"] else 0
        self.golden_made = False
        self.deals: list[dict[str, Any]] = []

    # -- who plays -------------------------------------------------------------
    def active(self, dealer: int) -> list[int]:
        """Seats in the deal, from the first hand clockwise."""
        seats = [(dealer + 1 + i) % self.n for i in range(self.n)]
        return [s for s in seats if not (self.n == 4 and s == dealer)]

    def any_on_barrel(self) -> bool:
        return any(self.on)

    def golden_deal(self) -> bool:
        return self.golden_left > 0

    def dark_asked(self) -> bool:
        return (
            self.n != 2
            and self.rules["dark"]
            and not self.golden_deal()
            and (self.rules["dark_on_barrel"] or not self.any_on_barrel())
        )

    def first_decision(self) -> dict[str, Any]:
        """``to_move`` before a deal's first action."""
        fh = self.active(self.dealer)[0]
        if self.golden_deal():
            return {"seat": fh, "phase": "give"}
        if self.dark_asked():
            return {"seat": fh, "phase": "dark"}
        return {"seat": self.active(self.dealer)[1], "phase": "bid"}

    # -- scoring ---------------------------------------------------------------
    def redeal(self) -> None:
        self.deals.append(
            {
                "dealer": self.dealer,
                "declarer": None,
                "contract": None,
                "outcome": "redeal",
                "points": None,
                "changes": [0] * self.n,
                "totals": list(self.score),
            }
        )

    def settle(
        self,
        declarer: int,
        contract: int,
        points: list[int | None] | None,
        *,
        write_off: bool = False,
        dark: bool = False,
        no_trick: list[bool] | None = None,
        nines: list[bool] | None = None,
        talon_score: int | None = None,
    ) -> None:
        """Score a played or kept deal: §1.6, then §1.7's order for every seat."""
        r = self.rules
        golden = self.golden_deal()
        active = self.active(self.dealer)
        sitting = self.dealer if self.n == 4 else None
        raw = [0] * self.n
        made = False
        bolt_now = [False] * self.n
        if write_off:
            if r["write_off_deducts"]:
                raw[declarer] = -contract
            award = (
                60
                if (self.n == 2 or r["write_off_award"] == "sixty")
                else 5 * math.ceil(contract / 10)
            )
            for s in active:
                if s != declarer and not self.on[s]:
                    raw[s] = award
                if s != declarer and r["bolts"] == "in_a_row":
                    self.bolts[s] = 0  # a deal as defender without a bolt (§8 "Bolts")
            self.write_offs[declarer] += 1
        else:
            assert points is not None
            p = points[declarer]
            assert p is not None
            made = (round5(p) if r["round_declarer"] else p) >= contract
            raw[declarer] = contract if made else -contract
            for s in active:
                if s == declarer:
                    continue
                pts = points[s]
                assert pts is not None
                raw[s] = 0 if self.on[s] else round5(pts)
                if nines and nines[s] and not self.on[s]:
                    raw[s] += r["four_nines_bonus"]
            if nines and nines[declarer] and not self.on[declarer]:
                raw[declarer] += r["four_nines_bonus"]
            if sitting is not None and talon_score is not None and not self.on[sitting]:
                raw[sitting] = round5(talon_score)
            # bolts: defenders only, never on the barrel, never on a write-off deal
            for s in active:
                if s == declarer:
                    continue
                if self.on[s]:
                    got = False
                elif r["bolt"] == "zero":
                    got = raw[s] == 0
                else:
                    got = bool(no_trick and no_trick[s])
                if got:
                    bolt_now[s] = True
                elif r["bolts"] == "in_a_row":
                    self.bolts[s] = 0
        double = 2 if (golden or dark) else 1
        changes = [raw[s] * double for s in range(self.n)]
        for s in range(self.n):
            if bolt_now[s]:
                self.bolts[s] += 1
                if self.bolts[s] >= 3:
                    self.bolts[s] = 0
                    changes[s] -= r["penalty"] * (2 if golden else 1)
        was_on = list(self.on)
        totals = [self.score[s] + changes[s] for s in range(self.n)]
        for s in range(self.n):
            if totals[s] == 555 or (r["dump_truck_negative"] and totals[s] == -555):
                totals[s] = 0
        barrel = r["barrel"]
        if barrel is not None:
            need = 1005 if r["win_needs_over"] else 1000
            if not write_off and made and was_on[declarer] and totals[declarer] >= need:
                self.winner = declarer
            for s in range(self.n):
                if s == self.winner:
                    self.on[s] = False
                    continue
                if totals[s] >= barrel:
                    totals[s] = barrel
                    self.on[s] = True
                else:
                    self.on[s] = False
            if self.winner is None:
                getting_on = [s for s in range(self.n) if self.on[s] and not was_on[s]]
                stayed = [s for s in range(self.n) if self.on[s] and was_on[s]]
                fallen: list[int] = []
                if getting_on and r["barrel_knock_off"]:
                    fallen = list(stayed)
                for s in stayed:
                    if s in fallen or s == sitting:
                        continue
                    self.attempts[s] += 1
                    if self.attempts[s] >= r["barrel_attempts"]:
                        fallen.append(s)
                for s in fallen:
                    totals[s] -= r["penalty"]
                    self.falls[s] += 1
                    if r["third_fall_to_zero"] and self.falls[s] == 3:
                        totals[s] = 0
                    self.on[s] = False
            for s in range(self.n):
                if not self.on[s]:
                    self.attempts[s] = 0
        else:
            reached = [s for s in range(self.n) if totals[s] >= 1000]
            if reached:
                if declarer in reached:
                    self.winner = declarer
                else:
                    order = self.active(self.dealer) + ([self.dealer] if self.n == 4 else [])
                    best = max(totals[s] for s in reached)
                    self.winner = next(s for s in order if s in reached and totals[s] == best)
        if golden:
            self.golden_left -= 1
            self.golden_made = self.golden_made or made
            if self.golden_left == 0 and not self.golden_made and self.winner is None:
                if r["golden_fail"] == "repeat":
                    self.golden_left = self.n
                else:
                    totals = [0] * self.n
                    self.on = [False] * self.n
                    self.attempts = [0] * self.n
        self.score = totals
        self.deals.append(
            {
                "dealer": self.dealer,
                "declarer": declarer,
                "contract": contract,
                "outcome": "written_off" if write_off else ("made" if made else "failed"),
                "points": None if write_off else points,
                "changes": changes,
                "totals": list(totals),
            }
        )
        self.dealer = (self.dealer + 1) % self.n

    def players(self) -> list[dict[str, Any]]:
        return [
            {
                "name": self.names[s],
                "score": self.score[s],
                "barrel": self.on[s],
                "attempts": self.attempts[s],
                "falls": self.falls[s],
                "bolts": self.bolts[s],
                "write_offs": self.write_offs[s],
            }
            for s in range(self.n)
        ]


ALLOWED = {
    "bid": {"seat", "bid"},
    "pass": {"seat", "pass"},
    "redeal": {"seat", "redeal"},
    "dark": {"seat", "dark"},
    "talon": {"seat", "talon"},
    "write_off": {"seat", "write_off"},
    "give": {"seat", "give", "to"},
    "discard": {"seat", "discard"},
    "contract": {"seat", "contract"},
    "play": {"seat", "play", "marriage", "ace_marriage"},
}


class Deal:
    """One played deal, action by action (§1.2–§1.5, §2, §3)."""

    def __init__(self, game: Game, data: dict[str, Any]) -> None:
        self.g = game
        r = game.rules
        n = game.n
        allowed = {"dealer", "hands", "talon", "actions"} | ({"talons"} if n == 2 else set())
        if set(data) - allowed:
            raise Illegal("unknown field in a deal")
        if data.get("dealer") != game.dealer:
            raise Illegal("wrong dealer")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise Illegal("a wrong number of cards dealt")
        size = 10 if n == 2 else 7
        for s in range(n):
            want = 0 if (n == 4 and s == game.dealer) else size
            if not isinstance(hands[s], list) or len(hands[s]) != want:
                raise Illegal("a wrong number of cards dealt")
        if n == 2:
            if "talon" in data:
                raise Illegal("unknown field")
            talons = data.get("talons")
            if not isinstance(talons, list) or len(talons) != 2 or any(len(t) != 2 for t in talons):
                raise Illegal("a wrong number of cards dealt")
            self.talons = [list(t) for t in talons]
            all_cards = [c for h in hands for c in h] + [c for t in talons for c in t]
        else:
            talon = data.get("talon")
            if not isinstance(talon, list) or len(talon) != 3:
                raise Illegal("a wrong number of cards dealt")
            self.talon = list(talon)
            all_cards = [c for h in hands for c in h] + list(talon)
        for c in all_cards:
            if c not in DECK:
                raise Illegal(f"not a card {c}")
        if len(set(all_cards)) != len(all_cards):
            raise Illegal("a card twice")
        if len(all_cards) != 24:
            raise Illegal("a wrong number of cards dealt")
        self.dealt = [list(h) for h in hands]
        self.hands = [list(h) for h in hands]
        self.active = game.active(game.dealer)
        self.fh = self.active[0]
        self.declarer: int | None = None
        self.bid = r["opening_bid"]
        self.contract: int | None = None
        self.in_bid = list(self.active)
        self.dark = False
        self.golden = game.golden_deal()
        self.gives: dict[int, str] = {}
        self.discards: list[str] = []
        self.chosen: int | None = None
        self.trump: str | None = None
        self.trick: list[tuple[int, str]] = []
        self.tricks_done = 0
        self.first_lead = True
        self.taken: list[list[str]] = [[] for _ in range(n)]
        self.tricks_won = [0] * n
        self.announced = [0] * n
        self.last_winner: int | None = None
        self.leader: int | None = None
        self.done = False
        self.result: str | None = None
        self.start = game.first_decision()
        self.to_move: dict[str, Any] | None = dict(self.start)
        if self.golden:
            self.declare(self.fh, 120)

    def next_in(self, seat: int, pool: list[int]) -> int:
        i = self.active.index(seat)
        for k in range(1, len(self.active) + 1):
            s = self.active[(i + k) % len(self.active)]
            if s in pool:
                return s
        raise AssertionError

    def declare(self, seat: int, contract: int) -> None:
        """The declarer is known: take the talon (two players: choose one first)."""
        self.declarer = seat
        self.contract = contract
        if self.g.n == 2:
            self.to_move = {"seat": seat, "phase": "talon"}
        else:
            self.hands[seat] += self.talon
            self.to_move = {"seat": seat, "phase": "give"}

    def act(self, a: dict[str, Any]) -> None:
        g, r = self.g, self.g.rules
        if self.done or self.to_move is None:
            raise Illegal("an action after the deal ended")
        if not isinstance(a, dict):
            raise Illegal("not an action")
        verbs = [k for k in ALLOWED if k in a]
        if len(verbs) != 1 or set(a) - ALLOWED[verbs[0]]:
            raise Illegal("unknown field in an action")
        verb = verbs[0]
        seat = a.get("seat")
        if seat != self.to_move["seat"]:
            raise Illegal("out of turn")
        phase = self.to_move["phase"]
        if verb == "redeal":
            if a["redeal"] is not True:
                raise Illegal("bad redeal")
            if phase == "bid":
                ok = hand_poor(r, self.dealt[seat])
            elif phase == "give" and seat == self.declarer and not self.gives and not self.discards:
                tal = self.talon if g.n != 2 else self.talons[self.chosen or 0]
                ok = hand_poor(r, self.dealt[seat]) or talon_poor(r, tal)
            else:
                ok = False
            if not ok:
                raise Illegal("redeal not allowed")
            self.done = True
            self.result = "redeal"
            self.to_move = None
            return
        if phase == "dark":
            if verb != "dark" or not isinstance(a["dark"], bool):
                raise Illegal("out of turn: the dark choice")
            if a["dark"]:
                self.dark = True
                self.declare(self.fh, 120)
            else:
                self.to_move = {"seat": self.active[1], "phase": "bid"}
            return
        if phase == "bid":
            if verb == "pass":
                if a["pass"] is not True:
                    raise Illegal("bad pass")
                self.in_bid.remove(seat)
            elif verb == "bid":
                b = a["bid"]
                if not isinstance(b, int) or isinstance(b, bool):
                    raise Illegal("bad bid")
                step = r["bid_step"]
                if b <= self.bid or (b - self.bid) % step:
                    raise Illegal("bid too low")
                if r["max_raise"] is not None and b - self.bid > r["max_raise"]:
                    raise Illegal("bid above the ceiling (max raise)")
                if b > ceiling(r, self.dealt[seat]):
                    raise Illegal("bid above the ceiling")
                self.bid = b
                self.holder = seat
            else:
                raise Illegal("out of turn: bidding")
            if len(self.in_bid) == 1:
                self.declare(self.in_bid[0], self.bid)
            else:
                self.to_move = {"seat": self.next_in(seat, self.in_bid), "phase": "bid"}
            return
        if phase == "talon":
            t = a.get("talon")
            if verb != "talon" or t not in (0, 1) or isinstance(t, bool):
                raise Illegal("out of turn: the talon")
            self.chosen = t
            self.hands[seat] += self.talons[t]
            self.to_move = {"seat": seat, "phase": "give"}
            return
        if phase == "give":
            if verb == "write_off":
                if a["write_off"] is not True:
                    raise Illegal("bad write-off")
                if self.gives or self.discards or self.golden or self.dark:
                    raise Illegal("write-off not allowed")
                if g.any_on_barrel() and not r["write_off_on_barrel"]:
                    raise Illegal("write-off not allowed on the barrel")
                if r["write_off_limit"] is not None and g.write_offs[seat] >= r["write_off_limit"]:
                    raise Illegal("write-off limit")
                self.done = True
                self.result = "written_off"
                self.to_move = None
                return
            if g.n == 2:
                if verb != "discard":
                    raise Illegal("out of turn: discard")
                card = a["discard"]
                if card not in self.hands[seat]:
                    raise Illegal("a card not in the hand")
                self.hands[seat].remove(card)
                self.discards.append(card)
                if len(self.discards) == 2:
                    self.to_move = {"seat": seat, "phase": "contract"}
                return
            if verb != "give":
                raise Illegal("out of turn: give")
            card, to = a["give"], a.get("to")
            if card not in self.hands[seat]:
                raise Illegal("a card not in the hand")
            if to == seat:
                raise Illegal("a give to oneself")
            if to not in self.active or to in self.gives:
                raise Illegal("a give to a wrong seat")
            self.hands[seat].remove(card)
            self.hands[to].append(card)
            self.gives[to] = card
            if len(self.gives) == len(self.active) - 1:
                if self.golden and not r["golden_raise"]:
                    self.start_play()
                else:
                    self.to_move = {"seat": seat, "phase": "contract"}
            return
        if phase == "contract":
            c = a.get("contract")
            if verb != "contract" or not isinstance(c, int) or isinstance(c, bool):
                raise Illegal("out of turn: contract")
            assert self.contract is not None
            if c < self.contract or c % r["bid_step"]:
                raise Illegal("contract below the bid")
            if c > self.contract and c > ceiling(r, self.hands[seat]):
                raise Illegal("contract above the ceiling")
            self.contract = c
            self.start_play()
            return
        if phase == "play":
            if verb != "play":
                raise Illegal("out of turn: play")
            self.play(seat, a)
            return
        raise AssertionError(phase)

    def start_play(self) -> None:
        assert self.declarer is not None
        self.leader = self.declarer
        self.to_move = {"seat": self.declarer, "phase": "play"}

    def beats(self, card: str, best: str, led: str) -> bool:
        def key(c: str) -> tuple[int, int]:
            trump = 2 if c[1] == self.trump else (1 if c[1] == led else 0)
            return (trump, RANKS.index(c[0]))

        return key(card) > key(best)

    def play(self, seat: int, a: dict[str, Any]) -> None:
        r = self.g.rules
        card = a["play"]
        hand = self.hands[seat]
        if card not in hand:
            raise Illegal("a card not in the hand")
        marriage = a.get("marriage", False)
        ace = a.get("ace_marriage", False)
        if marriage not in (True, False) or ace not in (True, False):
            raise Illegal("bad flag")
        if marriage and ace:
            raise Illegal("two announcements")
        if self.trick:
            if marriage or ace:
                raise Illegal("a marriage not held (not on lead)")
            led = self.trick[0][1][1]
            best = self.trick[0][1]
            for _, c in self.trick[1:]:
                if self.beats(c, best, led):
                    best = c
            follow = [c for c in hand if c[1] == led]
            if follow:
                if card[1] != led:
                    raise Illegal("not following suit")
            elif self.trump and card[1] != self.trump and any(c[1] == self.trump for c in hand):
                raise Illegal("not following suit (trump)")
            self.check_beat(card, hand, best, led)
        else:
            if marriage:
                if card[0] not in "KQ":
                    raise Illegal("a marriage not held")
                other = ("Q" if card[0] == "K" else "K") + card[1]
                if other not in hand:
                    raise Illegal("a marriage not held")
                if self.first_lead and not r["marriage_on_first_lead"]:
                    raise Illegal("a marriage not held: not on the first lead")
            if ace:
                if not r["ace_marriage"] or card[0] != "A":
                    raise Illegal("a marriage not held")
                if not all("A" + s in hand for s in SUITS):
                    raise Illegal("a marriage not held")
                if self.first_lead and not r["marriage_on_first_lead"]:
                    raise Illegal("a marriage not held: not on the first lead")
            if marriage:
                self.announced[seat] += MARRIAGE[card[1]]
                self.trump = card[1]
            if ace:
                self.announced[seat] += 200
                self.trump = card[1]
            self.first_lead = False
        hand.remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.active):
            self.to_move = {"seat": self.next_in(seat, self.active), "phase": "play"}
            return
        led = self.trick[0][1][1]
        win_seat, best = self.trick[0]
        for s, c in self.trick[1:]:
            if self.beats(c, best, led):
                win_seat, best = s, c
        self.taken[win_seat] += [c for _, c in self.trick]
        self.tricks_won[win_seat] += 1
        self.trick = []
        self.tricks_done += 1
        self.last_winner = win_seat
        if self.tricks_done == (10 if self.g.n == 2 else 8):
            self.done = True
            self.result = "played"
            self.to_move = None
        else:
            self.to_move = {"seat": win_seat, "phase": "play"}

    def check_beat(self, card: str, hand: list[str], best: str, led: str) -> None:
        """``must_beat`` and ``must_overtrump`` (§1.5, §8 "Following")."""
        r = self.g.rules
        if r.get("must_beat") and card[1] == led and best[1] == led:
            higher = [c for c in hand if c[1] == led and self.beats(c, best, led)]
            if higher and card not in higher:
                raise Illegal("not following suit: must beat")
        trumping = card[1] == self.trump and led != self.trump
        if r.get("must_overtrump") and trumping and best[1] == self.trump:
            higher = [c for c in hand if c[1] == self.trump and self.beats(c, best, led)]
            if higher and card not in higher:
                raise Illegal("not following suit: must overtrump")

    def finish(self) -> None:
        """Score the finished deal into the game."""
        g, r = self.g, self.g.rules
        if self.result == "redeal":
            g.redeal()
            return
        assert self.declarer is not None and self.contract is not None
        if self.result == "written_off":
            g.settle(self.declarer, self.bid if not self.golden else 120, None, write_off=True)
            return
        pts: list[int | None] = [None] * g.n
        for s in self.active:
            pts[s] = points_of(self.taken[s]) + self.announced[s]
        if r["last_trick_bonus"] and self.last_winner is not None:
            pts[self.last_winner] = (pts[self.last_winner] or 0) + r["last_trick_bonus"]
        if g.n == 2:
            assert self.chosen is not None and self.last_winner is not None
            pts[self.last_winner] = (pts[self.last_winner] or 0) + points_of(
                self.talons[1 - self.chosen]
            )
        talon_score = None
        if g.n == 4:
            talon_score = points_of(self.talon) + sum(MARRIAGE[s] for s in marriages_in(self.talon))
            pts[g.dealer] = talon_score
        nines = [sum(c[0] == "9" for c in self.hands_after_gives(s)) == 4 for s in range(g.n)]
        g.settle(
            self.declarer,
            self.contract,
            pts,
            dark=self.dark,
            no_trick=[self.tricks_won[s] == 0 for s in range(g.n)],
            nines=nines if r["four_nines_bonus"] else None,
            talon_score=talon_score,
        )

    def hands_after_gives(self, seat: int) -> list[str]:
        """The seat's 8 cards after the gives (dealt, talon, gives in and out)."""
        cards = list(self.dealt[seat])
        if seat == self.declarer:
            cards += self.talon if self.g.n != 2 else self.talons[self.chosen or 0]
            cards = [c for c in cards if c not in self.gives.values() and c not in self.discards]
        elif seat in self.gives:
            cards.append(self.gives[seat])
        return cards

    def standing(self) -> dict[str, Any]:
        return {
            "dealer": self.g.dealer,
            "declarer": self.declarer,
            "contract": self.contract if self.declarer is not None else None,
            "outcome": None,
            "points": None,
            "changes": None,
            "totals": None,
        }


def keep_deal(game: Game, d: dict[str, Any]) -> None:
    """A scorekeeping deal (§6): declared points, applied by §1.6–§3."""
    r = game.rules
    n = game.n
    if not isinstance(d, dict) or d.get("dealer") != game.dealer:
        raise Illegal("wrong dealer")
    if d.get("redeal") is True:
        if set(d) - {"dealer", "redeal"}:
            raise Illegal("unknown field")
        game.redeal()
        return
    if set(d) - {"dealer", "declarer", "contract", "points", "write_off", "dark"}:
        raise Illegal("unknown field")
    decl, contract = d.get("declarer"), d.get("contract")
    active = game.active(game.dealer)
    if decl not in active:
        raise Illegal("bad declarer")
    if not isinstance(contract, int) or isinstance(contract, bool):
        raise Illegal("bad contract")
    if contract > 400 or contract < r["opening_bid"] or contract % r["bid_step"]:
        raise Illegal("contract above the ceiling")
    dark = d.get("dark", False) is True
    if "dark" in d and (d["dark"] is not True or not game.dark_asked()):
        raise Illegal("no dark deal here")
    if game.golden_deal() or dark:
        if decl != active[0]:
            raise Illegal("the golden or dark declarer is the first hand")
        if contract < 120 or (game.golden_deal() and contract != 120 and not r["golden_raise"]):
            raise Illegal("the golden or dark contract")
        if "write_off" in d:
            raise Illegal("no write-off on a golden or dark deal")
    if d.get("write_off") is True:
        if "points" in d:
            raise Illegal("points with a write-off")
        if game.any_on_barrel() and not r["write_off_on_barrel"]:
            raise Illegal("write-off on the barrel")
        if r["write_off_limit"] is not None and game.write_offs[decl] >= r["write_off_limit"]:
            raise Illegal("write-off limit")
        game.settle(decl, contract, None, write_off=True)
        return
    pts = d.get("points")
    if not isinstance(pts, list) or len(pts) != n:
        raise Illegal("bad points")
    if any(not isinstance(p, int) or isinstance(p, bool) or p < 0 for p in pts):
        raise Illegal("a negative entry")
    total = sum(pts[s] for s in active)
    values = list(MARRIAGE.values()) + ([200] if r["ace_marriage"] else [])
    sums = {0}
    for v in values:
        sums |= {x + v for x in sums}
    extras = {x + r["last_trick_bonus"] for x in sums}  # the last trick is always taken
    # two players: the two discarded cards (at most 22 points) count for nobody
    two = n == 2
    ok = any(0 <= 120 + x - total <= 22 for x in extras) if two else total - 120 in extras
    if not ok:
        raise Illegal("points that cannot happen")
    if n == 4:
        talons = {
            points_of([a, b, c]) + sum(MARRIAGE[x] for x in marriages_in([a, b, c]))
            for i, a in enumerate(DECK)
            for j, b in enumerate(DECK[i + 1 :], i + 1)
            for c in DECK[j + 1 :]
        }
        if pts[game.dealer] not in talons:
            raise Illegal("no talon score")
    points: list[int | None] = list(pts)
    talon_score = pts[game.dealer] if n == 4 else None
    game.settle(decl, contract, points, dark=dark, talon_score=talon_score)


def replay(record: dict[str, Any]) -> dict[str, Any]:
    """The replay JSON of §6 for ``record``, or :class:`Illegal`."""
    if record.get("game", "card1000") != "card1000":
        raise Illegal("not card1000")
    game = Game(record)
    deals = record.get("deals")
    if not isinstance(deals, list):
        raise Illegal("no deals")
    table = (record.get("meta") or {}).get("cards") == "table"
    current: Deal | None = None
    for d in deals:
        if game.winner is not None:
            raise Illegal("a deal after the game ended")
        if current is not None:
            raise Illegal("a deal after an unfinished one")
        if table:
            keep_deal(game, d)
            continue
        if not isinstance(d, dict):
            raise Illegal("not a deal")
        deal = Deal(game, d)
        actions = d.get("actions")
        if not isinstance(actions, list):
            raise Illegal("no actions")
        for a in actions:
            deal.act(a)
        if deal.done:
            deal.finish()
        else:
            current = deal
    out: dict[str, Any] = {"players": game.players(), "deals": list(game.deals)}
    out["winner"] = None if game.winner is None else game.names[game.winner]
    if current is not None:
        out["deals"].append(current.standing())
        out["to_move"] = current.to_move
        out["trump"] = current.trump
        out["trick"] = [c for _, c in current.trick]
        out["hands"] = [list(h) for h in current.hands]
    else:
        out["to_move"] = None if game.winner is not None else game.first_decision()
        out["trump"] = None
        out["trick"] = []
        out["hands"] = None
    return out


def candidates(deal: Deal) -> list[dict[str, Any]]:
    """Every action the referee allows now (tried on a copy): to play records the
    program never makes itself, so a rule it refuses wrongly shows up."""
    if deal.to_move is None:
        return []
    seat, phase = deal.to_move["seat"], deal.to_move["phase"]
    r = deal.g.rules
    tries: list[dict[str, Any]] = [{"seat": seat, "redeal": True}]
    if phase == "dark":
        tries += [{"seat": seat, "dark": True}, {"seat": seat, "dark": False}]
    elif phase == "bid":
        tries += [{"seat": seat, "pass": True}]
        tries += [
            {"seat": seat, "bid": b} for b in range(deal.bid + r["bid_step"], 405, r["bid_step"])
        ]
    elif phase == "talon":
        tries += [{"seat": seat, "talon": 0}, {"seat": seat, "talon": 1}]
    elif phase == "give":
        tries += [{"seat": seat, "write_off": True}]
        hand = deal.hands[seat]
        tries += [{"seat": seat, "discard": c} for c in hand]
        tries += [
            {"seat": seat, "give": c, "to": t} for c in hand for t in deal.active if t != seat
        ]
    elif phase == "contract":
        assert deal.contract is not None
        tries += [{"seat": seat, "contract": c} for c in range(deal.contract, 605, r["bid_step"])]
    else:
        for c in deal.hands[seat]:
            tries += [{"seat": seat, "play": c}, {"seat": seat, "play": c, "marriage": True}]
            tries += [{"seat": seat, "play": c, "ace_marriage": True}]
    legal = []
    for action in tries:
        trial = copy.deepcopy(deal)
        try:
            trial.act(action)
        except Illegal:
            continue
        legal.append(action)
    return legal
