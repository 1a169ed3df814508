"""Card Thousand in the player's language: cards, suits, decisions and the engine's
refusals, as players of the game say them.

Russian players write the ranks with their own letters — Т (туз), 10, К (король), Д
(дама), В (валет), 9 — and name the suits черви ♥, бубны ♦, трефы ♣, пики ♠; English
ones A, 10, K, Q, J, 9. A card on the screen is its rank and its suit's symbol
(``К♥``, ``K♥``), so it reads in a monochrome terminal too. Every sentence goes through
the translator; every figure is the engine's (a refusal's ``rule`` and ``params``,
never its English message). The terminal, the browser rooms and the score sheet all
speak through this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import N_, Translator
from thousand.core.words import common_refusal
from thousand.core.words import player_label as core_player_label
from thousand.games.card1000.actions import (
    Bid,
    ChooseTalon,
    Contract,
    Dark,
    Decision,
    Discard,
    Give,
    Pass,
    Play,
    Redeal,
    WriteOff,
)
from thousand.games.card1000.cards import MARRIAGE, Card, Rank, Suit, card

SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
"""Each suit's symbol."""

RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
"""The suits drawn in red (♥ ♦)."""

RANK_LETTERS = {
    Rank.NINE: N_("9"),
    Rank.JACK: N_("J"),
    Rank.QUEEN: N_("Q"),
    Rank.KING: N_("K"),
    Rank.TEN: N_("10"),
    Rank.ACE: N_("A"),
}
"""A rank as it is written on a card (Russian: 9 В Д К 10 Т)."""

RANK_NAMES = {
    Rank.NINE: N_("nine"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
    Rank.TEN: N_("ten"),
    Rank.ACE: N_("ace"),
}
"""A rank's name (Russian: девятка, валет, дама, король, десятка, туз)."""

SUIT_NAMES = {
    Suit.SPADES: N_("spades"),
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
}
"""A suit's name (Russian: пики, трефы, бубны, черви)."""

PRESET_TITLES: Mapping[str, str] = {
    "classic": N_("classic, three players"),
    "four_players": N_("four players"),
    "two_players": N_("two players"),
    "golden_dark": N_("golden round, dark and the ace marriage"),
}
"""The presets as players name them (lower case: they are read mid-line, after
"Card Thousand ·")."""

PRESET_DESCRIPTIONS: Mapping[str, str] = {
    "classic": N_(
        "Three players, a forced 100, the talon shown, marriages change trump, "
        "the barrel at 880, bolts and the 555 dump truck."
    ),
    "two_players": N_(
        "Ten cards each and two talons of two: the declarer takes one and puts two "
        "cards out of play; no barrel."
    ),
    "four_players": N_(
        "The dealer deals to the other three and sits out the deal, scoring the talon."
    ),
    "golden_dark": N_(
        "Classic with a golden round (120 without bidding, doubled), the first hand's "
        "dark choice and four aces as a marriage of 200."
    ),
}

PHASES = {
    "dark": N_("play dark or not"),
    "bid": N_("bidding"),
    "talon": N_("choosing a talon"),
    "give": N_("giving the cards"),
    "discard": N_("putting two cards aside"),
    "contract": N_("announcing the contract"),
    "play": N_("playing"),
}
"""What the seat to move is doing (Russian: торговля, прикуп, заказ…)."""

REFUSALS: Mapping[str, str] = {
    "chance_expected": N_("the cards are being dealt"),
    "not_chance": N_("the cards are dealt already"),
    "unknown_action": N_("that is not a move of this game"),
    "talon_index": N_("choose the first or the second talon"),
    "not_a_card": N_("that is not a card"),
    "give_to_self": N_("give your cards to the opponents, not to yourself"),
    "give_to_seat": N_("give one card to each opponent"),
    "ace_marriage_off": N_("these rules have no marriage of four aces"),
    "marriage_not_on_lead": N_("a marriage is announced only when you lead"),
    "marriage_first_lead": N_("no marriage on the first trick of a deal"),
    "write_off_limit": N_("you have used every write-off this game allows"),
    "redeal": N_("no redeal: neither the hand nor the talon is poor enough"),
}
"""The engine's refusals with no figures in them, by ``rule``."""


LEVELS = {
    "random": N_("random"),
    "novice": N_("novice"),
    "club": N_("club player"),
    "expert": N_("expert"),
}
"""The computer players' levels as a player names them."""


def level_name(tr: Translator, level: str) -> str:
    """A computer level's name in the player's language (an unknown one as it is)."""
    return tr.gettext(LEVELS[level]) if level in LEVELS else level


def player_label(tr: Translator, name: str, level: str | None) -> str:
    """``Boris (computer, novice)``; a person's name alone."""
    return core_player_label(tr, name, None if level is None else level_name(tr, level))


def seat_label(tr: Translator, name: str, level: str | None) -> str:
    """``Boris (bot, novice)``: a seat's name where the cells are few (a table's seat
    line at 80 columns); a person's name alone. A computer named after its level
    (``Novice 2``) is not told it twice: ``Novice 2 (computer)``."""
    if level is None:
        return name
    if name.lower().startswith(level_name(tr, level).lower()):
        return tr.gettext("{name} (computer)").format(name=name)
    return tr.gettext("{name} (bot, {level})").format(name=name, level=level_name(tr, level))


def rank_letter(tr: Translator, rank: Rank) -> str:
    return tr.gettext(RANK_LETTERS[rank])


def suit_symbol(suit: Suit) -> str:
    return SYMBOLS[suit]


def short(tr: Translator, each: Card) -> str:
    """A card as on the screen: ``K♥`` (Russian ``К♥``), ``10♠``."""
    return rank_letter(tr, each.rank) + SYMBOLS[each.suit]


def shorts(tr: Translator, cards: Sequence[Card]) -> str:
    return " ".join(short(tr, each) for each in cards)


def suit_name(tr: Translator, suit: Suit) -> str:
    """``hearts ♥`` / ``черви ♥``."""
    return f"{tr.gettext(SUIT_NAMES[suit])} {SYMBOLS[suit]}"


def card_name(tr: Translator, each: Card) -> str:
    """``the king of hearts`` — in Russian the rank and the symbol (``король ♥``)."""
    return tr.gettext("{rank} {suit}").format(
        rank=tr.gettext(RANK_NAMES[each.rank]), suit=SYMBOLS[each.suit]
    )


def phase_name(tr: Translator, phase: str) -> str:
    return tr.gettext(PHASES[phase]) if phase in PHASES else phase


def preset_title(tr: Translator, name: str) -> str:
    return tr.gettext(PRESET_TITLES[name]) if name in PRESET_TITLES else name


def preset_description(tr: Translator, name: str) -> str:
    return tr.gettext(PRESET_DESCRIPTIONS[name]) if name in PRESET_DESCRIPTIONS else ""


def rules_title(tr: Translator, spec: str | Mapping[str, Any]) -> str:
    """Rules as players name them (``spec`` as the record keeps it): the preset, or
    "classic, three players with changes"."""
    if isinstance(spec, str):
        return preset_title(tr, spec)
    title = preset_title(tr, str(spec.get("preset", "")))
    return tr.gettext("{preset} with changes").format(preset=title)


def marriage_words(tr: Translator, suit: str) -> str:
    """An announced marriage: ``hearts ♥ 100``, ``four aces 200``."""
    if suit in ("aces", "A"):
        return tr.gettext("four aces {points}").format(points=200)
    found = Suit(suit)
    return f"{suit_name(tr, found)} {MARRIAGE[found]}"


DECISIONS: Mapping[str, tuple[str, str]] = {
    "bid": (N_("{name} bids {amount}"), N_("You bid {amount}")),
    "pass": (N_("{name} passes"), N_("You pass")),
    "redeal": (N_("{name} asks for a redeal"), N_("You ask for a redeal")),
    "dark": (N_("{name} plays dark"), N_("You play dark")),
    "look": (N_("{name} looks at the cards"), N_("You look at the cards")),
    "talon": (N_("{name} takes talon {n}"), N_("You take talon {n}")),
    "write_off": (N_("{name} writes off the deal"), N_("You write off the deal")),
    "give": (N_("{name} gives a card to {to}"), N_("You give a card to {to}")),
    "give_you": (N_("{name} gives you a card"), N_("{name} gives you a card")),
    "discard": (N_("{name} puts a card aside"), N_("You put a card aside")),
    "contract": (N_("{name} declares {amount}"), N_("You declare {amount}")),
    "marriage": (
        N_("{name} plays {card} announcing the marriage: {marriage}"),
        N_("You play {card} announcing the marriage: {marriage}"),
    ),
    "aces": (
        N_("{name} plays {card} announcing the four aces"),
        N_("You play {card} announcing the four aces"),
    ),
    "play": (N_("{name} plays {card}"), N_("You play {card}")),
}
"""Each decision as the log tells it: of a seat by its name, and of the person at the
keyboard in the second person (a name "You" / «Вы» would not agree with the verb:
"You bids", «Вы взял»)."""


def decision_line(
    tr: Translator,
    name: str,
    action: Decision,
    to: str | None = None,
    *,
    you: bool = False,
    to_you: bool = False,
) -> str:
    """A decision as the log tells it: ``Boris: 110``, ``Vera passes``, ``Anna plays K♥
    announcing the marriage``; ``you``: the person at the keyboard took it (``You bid
    110``). ``to`` names the seat a card was given to; ``to_you``: it was given to the
    person at the keyboard (``Boris gives you a card``, not ``… to You``)."""
    figures: dict[str, object] = {"name": name}
    if isinstance(action, Bid):
        kind, figures["amount"] = "bid", action.amount
    elif isinstance(action, Pass):
        kind = "pass"
    elif isinstance(action, Redeal):
        kind = "redeal"
    elif isinstance(action, Dark):
        kind = "dark" if action.dark else "look"
    elif isinstance(action, ChooseTalon):
        kind, figures["n"] = "talon", action.index + 1
    elif isinstance(action, WriteOff):
        kind = "write_off"
    elif isinstance(action, Give):
        kind, figures["to"] = ("give_you" if to_you else "give"), to or "?"
    elif isinstance(action, Discard):
        kind = "discard"
    elif isinstance(action, Contract):
        kind, figures["amount"] = "contract", action.amount
    else:
        assert isinstance(action, Play)
        figures["card"] = short(tr, action.card)
        kind = "play"
        if action.marriage:
            kind = "marriage"
            figures["marriage"] = marriage_words(tr, action.card.suit.value)
        elif action.ace_marriage:
            kind = "aces"
    return tr.gettext(DECISIONS[kind][1 if you else 0]).format(**figures)


def of_seat(
    tr: Translator,
    seat: int,
    names: Sequence[str],
    forms: tuple[str, str],
    *,
    you: int | None,
    **figures: object,
) -> str:
    """A line about ``seat`` in ``tr``'s language, from ``forms`` — (of a seat told by
    its ``{name}``, of the person at the keyboard in the second person), both msgids
    marked with ``N_`` where written, as :data:`DECISIONS` pairs them. ``you``: that
    person's seat (None in hot-seat, where everyone is told by name): "You" as a name
    would not agree with the verb ("You takes", «Вы взял»). ``figures`` fill the rest."""
    named, yours = forms
    text = yours if you is not None and seat == you else named
    return tr.gettext(text).format(name=names[seat], **figures)


def outcome_words(tr: Translator, outcome: str, *, you: bool = False) -> str:
    """How a declarer's deal ended: ``made`` / ``went down`` / ``wrote off``; ``you``:
    said of the person at the keyboard (Russian «сыграли», not «сыграл»)."""
    if you:
        if outcome == "made":
            return tr.pgettext("the deal's end, said of you", "made")
        if outcome == "failed":
            return tr.pgettext("the deal's end, said of you", "went down")
        return tr.pgettext("the deal's end, said of you", "wrote off")
    if outcome == "made":
        return tr.gettext("made")
    if outcome == "failed":
        return tr.gettext("went down")
    return tr.gettext("wrote off")


def _cards_of(tr: Translator, names: object) -> str:
    if isinstance(names, str):
        names = names.split()
    if not isinstance(names, list | tuple):
        return str(names)
    shown = []
    for each in names:
        try:
            shown.append(short(tr, card(each)))
        except Exception:
            shown.append(str(each))
    return " ".join(shown)


FOLLOWING: Mapping[str, str] = {
    "not_following_suit": N_("follow the suit led: play {allowed}"),
    "must_beat": N_("you must beat the trick: play {allowed}"),
    "must_trump": N_("you have no card of the suit led: trump with {allowed}"),
    "must_overtrump": N_("you must overtrump: play {allowed}"),
}
"""The refusals that name the cards one may play, by ``rule``."""


def refusal(tr: Translator, error: IllegalActionError) -> str:
    """Why the engine refused a move, in ``tr``'s language (see the module docstring)."""
    rule, params = error.rule, error.params
    if rule in FOLLOWING:
        return tr.gettext(FOLLOWING[rule]).format(allowed=_cards_of(tr, params.get("allowed", ())))
    if rule in {"out_of_turn", "not_now"}:
        if params.get("phase") not in PHASES:
            return tr.gettext("not at this moment of the deal")
        return tr.gettext("not now: the deal is at {phase}").format(
            phase=phase_name(tr, str(params["phase"]))
        )
    if rule == "bid_too_low":
        return tr.gettext("bid more than {standing}").format(standing=params.get("standing"))
    if rule == "bid_step":
        return tr.gettext("bids go up in steps of {step}").format(step=params.get("step", "?"))
    if rule == "max_raise":
        return tr.gettext("raise the bid by at most {most}").format(most=params.get("max_raise"))
    if rule == "bid_above_ceiling":
        return tr.gettext("you may bid at most {ceiling}").format(ceiling=params.get("ceiling"))
    if rule == "contract_too_low":
        return tr.gettext("the contract cannot be below your bid of {bid}").format(
            bid=params.get("bid")
        )
    if rule == "contract_step":
        return tr.gettext("the contract goes up in steps of {step}").format(
            step=params.get("step", "?")
        )
    if rule == "contract_above_ceiling":
        return tr.gettext("the contract may be at most {ceiling}").format(
            ceiling=params.get("ceiling")
        )
    if rule == "card_not_in_hand":
        return tr.gettext("{card} is not in your hand").format(
            card=_cards_of(tr, [params.get("card")])
        )
    if rule == "marriage_not_held":
        return tr.gettext("you do not hold the marriage of {card}").format(
            card=_cards_of(tr, [params.get("card")])
        )
    if rule == "write_off":
        if params.get("barrel"):
            return tr.gettext("no write-off while someone is on the barrel")
        if params.get("deal") is not None:
            return tr.gettext("no write-off on a golden or dark deal")
        return tr.gettext("no write-off once you have given a card")
    return common_refusal(tr, error, REFUSALS)


def table_refusal(tr: Translator, error: IllegalActionError, names: Sequence[str]) -> str:
    """Why a deal entered at a real table (:mod:`.table`, :mod:`.keeping`) cannot have
    happened, in ``tr``'s language; ``names`` are the players in seat order."""
    rule, params = error.rule, error.params

    def name(seat: object) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    if rule == "game_over":
        return tr.gettext("the game is over")
    if rule == "declarer":
        if "first" in params:
            return tr.gettext("on this deal the declarer is the first hand, {name}").format(
                name=name(params["first"])
            )
        if params.get("seat") is None:
            return tr.gettext("choose the declarer")
        return tr.gettext("{name} does not play this deal").format(name=name(params["seat"]))
    if rule == "contract":
        return tr.gettext("enter the contract")
    if rule == "dark":
        return tr.gettext("no dark deal here")
    if rule == "points":
        problem = params.get("problem")
        if problem == "missing":
            return tr.gettext("enter every seat's points but one")
        if problem == "negative":
            return tr.gettext("{name}: points cannot be negative").format(
                name=name(params.get("seat"))
            )
        if problem == "talon":
            return tr.gettext("{name}: three talon cards cannot score {value}").format(
                name=name(params.get("seat")), value=params.get("value")
            )
        if problem == "sum":
            return tr.gettext(
                "the points add up to {sum}: that is not 120 plus the marriages announced"
            ).format(sum=params.get("sum"))
        return tr.gettext("enter each seat's points")
    if rule == "write_off_limit":
        return tr.gettext("{name} has used every write-off this game allows").format(
            name=name(params.get("seat"))
        )
    if rule == "contract_too_low":
        return tr.gettext("the contract is at least {bid}").format(bid=params.get("bid"))
    return refusal(tr, error)


__all__ = [
    "PRESET_TITLES",
    "RED",
    "card_name",
    "decision_line",
    "level_name",
    "marriage_words",
    "of_seat",
    "outcome_words",
    "phase_name",
    "player_label",
    "preset_description",
    "preset_title",
    "refusal",
    "rules_title",
    "short",
    "shorts",
    "suit_name",
    "table_refusal",
]
