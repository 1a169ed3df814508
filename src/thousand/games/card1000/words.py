"""What card Thousand says to people, in their language: presets, computer levels and the
engine's refusals (from an :class:`~thousand.core.errors.IllegalActionError`'s ``rule``
and ``params``, never from its English message).

Cards are named by their notation (``QH``, ``TS``), which every front-end draws.
"""

from __future__ import annotations

from collections.abc import Mapping

from thousand.core.errors import IllegalActionError
from thousand.core.i18n import N_, Translator
from thousand.core.words import common_refusal

PRESET_TITLES: Mapping[str, str] = {
    "classic": N_("Classic, three players"),
    "two_players": N_("Two players"),
    "four_players": N_("Four players, the dealer sits out"),
    "golden_dark": N_("Golden round and dark play"),
}

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

LEVEL_NAMES: Mapping[str, str] = {
    "random": N_("random"),
    "novice": N_("novice"),
    # the level that plays like a regular of a card club
    "club": N_("club player"),
    # the level that searches the hidden cards with the open-card solver
    "expert": N_("expert"),
}

PHASES: Mapping[str, str] = {
    "dark": N_("choose dark or not"),
    "bid": N_("bid"),
    "talon": N_("choose a talon"),
    "give": N_("give cards"),
    "contract": N_("announce the contract"),
    "play": N_("play a card"),
}
"""What the seat to move is to do, by the engine's phase."""

REFUSALS: Mapping[str, str] = {
    "chance_expected": N_("the cards are being dealt"),
    "not_chance": N_("the cards are dealt already"),
    "unknown_action": N_("that is not a move of this game"),
    "talon_index": N_("choose the first or the second talon"),
    "not_a_card": N_("that is not a card"),
    "give_to_self": N_("give your cards to the opponents, not to yourself"),
    "ace_marriage_off": N_("these rules have no ace marriage"),
    "marriage_not_on_lead": N_("a marriage is announced only when you lead"),
    "marriage_first_lead": N_("no marriage on the first trick of a deal"),
    "write_off_limit": N_("you have used every write-off this game allows"),
}
"""The engine's refusals with no figures in them, by ``rule``."""

FOLLOWING: Mapping[str, str] = {
    "not_following_suit": N_("follow suit: play {allowed}"),
    "must_beat": N_("you must beat the trick: play {allowed}"),
    "must_trump": N_("you have no card of the suit led: trump with {allowed}"),
    "must_overtrump": N_("you must overtrump: play {allowed}"),
}


def preset_title(tr: Translator, name: str) -> str:
    return tr.gettext(PRESET_TITLES[name]) if name in PRESET_TITLES else name


def preset_description(tr: Translator, name: str) -> str:
    return tr.gettext(PRESET_DESCRIPTIONS[name]) if name in PRESET_DESCRIPTIONS else ""


def level_name(tr: Translator, level: str) -> str:
    """A computer level in ``tr``'s language; an unknown one as it is."""
    return tr.gettext(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def phase_name(tr: Translator, phase: str) -> str:
    return tr.gettext(PHASES[phase]) if phase in PHASES else phase


def refusal(tr: Translator, error: IllegalActionError) -> str:
    """Why the engine refused a move, in ``tr``'s language (see the module docstring)."""
    rule, params = error.rule, error.params
    if rule in FOLLOWING:
        allowed = params.get("allowed") or ()
        shown = ", ".join(str(card) for card in allowed) if isinstance(allowed, list) else ""
        return tr.gettext(FOLLOWING[rule]).format(allowed=shown)
    if rule in {"out_of_turn", "not_now"}:
        return tr.gettext("not now: the move is to {phase}").format(
            phase=phase_name(tr, str(params.get("phase", "")))
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
        return tr.gettext("{card} is not in your hand").format(card=params.get("card"))
    if rule == "marriage_not_held":
        return tr.gettext("you do not hold the marriage of {card}").format(card=params.get("card"))
    if rule == "give_to_seat":
        return tr.gettext("give one card to each opponent")
    if rule == "redeal":
        return tr.gettext("no redeal: neither the hand nor the talon is poor enough")
    if rule == "write_off":
        if params.get("barrel"):
            return tr.gettext("no write-off while someone is on the barrel")
        if params.get("deal") is not None:
            return tr.gettext("no write-off on a golden or dark deal")
        return tr.gettext("no write-off once you have given a card")
    return common_refusal(tr, error, REFUSALS)
