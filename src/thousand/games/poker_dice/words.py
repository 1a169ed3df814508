"""Everything poker dice says to a player, in the player's language: its one vocabulary.

The engine speaks in identifiers — a box (``full_house``), a hand's kind (``two_pairs``),
a preset (``russian_banked``), a refusal's ``rule`` and ``params`` — and this module
turns them into words through a :class:`~thousand.core.i18n.Translator`: the paper sheet
(:mod:`.sheet`), and every front-end that seats players at poker dice, draw their words
from here, so each sentence exists once, in the catalogs.

The boxes are named as on the paper: the Russian sheet as S6 prints it (Единицы …
Шестёрки, Промежуточный итог, Одна пара … Шанс, Итог), the yahtzee sheet in English as
the published score card (Ones … Three of a kind, Large straight, Yahtzee, Chance) and
in the Russian the Yahtzee-like texts use (S3, S4: Тройка, Каре, Покер).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from thousand.core import words as core_words
from thousand.core.errors import IllegalActionError
from thousand.core.i18n import N_, Translator
from thousand.core.words import common_refusal, spec_key
from thousand.core.words import faces as faces  # noqa: PLC0414 - re-exported
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.presets import rules_to_spec

MINUS = "−"
"""The minus sign a score sheet writes (not a hyphen)."""

UPPER_NAMES: Mapping[str, str] = {
    "ones": N_("Ones"),
    "twos": N_("Twos"),
    "threes": N_("Threes"),
    "fours": N_("Fours"),
    "fives": N_("Fives"),
    "sixes": N_("Sixes"),
}
"""Series 1, the upper section: the same six rows on both sheets."""

RUSSIAN_BOX_NAMES: Mapping[str, str] = {
    **UPPER_NAMES,
    "pair": N_("One pair"),
    "two_pairs": N_("Two pairs"),
    "three": N_("Three of a kind"),
    "small_straight": N_("Small straight"),
    "big_straight": N_("Big straight"),
    "full_house": N_("Full house"),
    "four": N_("Four of a kind"),
    "poker": N_("Poker"),
    "chance": N_("Chance"),
}
"""The boxes of the Russian sheet (S6), in its order."""

YAHTZEE_BOX_NAMES: Mapping[str, str] = {
    **UPPER_NAMES,
    "three": N_("Three of a kind"),
    "four": N_("Four of a kind"),
    "full_house": N_("Full house"),
    "small_straight": N_("Small straight"),
    "big_straight": N_("Large straight"),
    "poker": N_("Yahtzee"),
    "chance": N_("Chance"),
}
"""The boxes of the yahtzee sheet, named as on the published score card."""

BOX_NAMES: Mapping[str, Mapping[str, str]] = {
    "russian": RUSSIAN_BOX_NAMES,
    "yahtzee": YAHTZEE_BOX_NAMES,
}
"""A sheet (:attr:`Rules.sheet`) → its boxes' names."""

HAND_NAMES: Mapping[str, str] = {
    "poker": N_("Poker"),
    "four": N_("Four of a kind"),
    "full_house": N_("Full house"),
    "three": N_("Three of a kind"),
    "two_pairs": N_("Two pairs"),
    "pair": N_("Pair"),
    "high_card": N_("High card"),
}
"""The ranking game's hands (S5), strongest first."""

ROW_NAMES: Mapping[str, str] = {
    "subtotal": N_("Subtotal"),
    "bonus": N_("Bonus"),
    "extra": N_("Extra"),
    "yahtzee_bonus": N_("Yahtzee bonus"),
    "unused_throws": N_("For unused throws"),
    "bank": N_("Throws in reserve"),
    "total": N_("Total"),
    "against_average": N_("Against the average"),
}
"""The sheet's rows that are not boxes: sums, bonuses and the settlement (S1)."""

PRESET_TITLES: Mapping[str, str] = {
    "russian": N_("Russian sheet"),
    "russian_banked": N_("Russian sheet, second variant"),
    "yahtzee": N_("Yahtzee rules"),
    "ranking": N_("Best hand"),
}
"""The presets' names as players call them."""

PRESET_DESCRIPTIONS: Mapping[str, str] = {
    "russian": N_(
        "Up to three throws a turn, then one box of your sheet is written. Series 1 "
        "(ones to sixes) scores the dice beyond or short of three, and a subtotal of 0 or "
        "more earns a bonus of 50; series 2 (one pair to poker, and chance) scores the "
        "combination's dice, doubled when made with the first throw; poker +50."
    ),
    "russian_banked": N_(
        "The second variant: series 1 is only crossed out; four of a kind +30, poker +50; "
        "a combination not made goes in the minus; throws a turn does not use are kept "
        "for later turns and are worth 3 points each at the end."
    ),
    "yahtzee": N_(
        "Yahtzee rules: 13 boxes; ones to sixes score their face, 35 bonus at 63; three "
        "and four of a kind score all the dice; full house 25, small straight 30, large "
        "straight 40, yahtzee 50; each further yahtzee +100, with the joker rule."
    ),
    "ranking": N_(
        "One turn of up to three throws each, and the best hand wins: poker, four of a "
        "kind, full house, three of a kind, two pairs, pair, high card (the highest sum). "
        "Tied players play off."
    ),
}
"""What each preset's rules are, in a few lines (``thousand rules`` and the rules help)."""

LEVEL_NAMES: Mapping[str, str] = {
    "greedy": N_("greedy"),
    "chaser": N_("chaser"),
    "optimal": N_("optimal"),
}
"""The computer players' levels (:data:`~.bots.BOT_LEVELS`), weakest first, as shown."""

LEVEL_DESCRIPTIONS: Mapping[str, str] = {
    "greedy": N_("keeps the most dice of one face and writes the box that scores the most now"),
    "chaser": N_(
        "chases the box the dice suit best: a straight from four in a row, the face of an "
        "open box of series 1, pairs for a full house; writes no minus while a throw is left"
    ),
    "optimal": N_(
        "plays the solved strategy: the best expected total; in the best-hand game, the best "
        "chance to beat the hands already shown"
    ),
}
"""How each level plays, in one line (help texts, ``thousand simulate``)."""


def box_name(tr: Translator, rules: Rules, box: str) -> str:
    """A box as the sheet of ``rules`` names it (``Full house`` / ``Фулл хаус``)."""
    names = BOX_NAMES.get(rules.sheet, RUSSIAN_BOX_NAMES)
    return tr.gettext(names[box]) if box in names else box


def hand_name(tr: Translator, kind: str) -> str:
    """A ranking hand's kind (``two_pairs``) as players say it."""
    return tr.gettext(HAND_NAMES[kind]) if kind in HAND_NAMES else kind


def row_name(tr: Translator, row: str) -> str:
    """A row of the sheet that is not a box (:data:`ROW_NAMES`)."""
    return tr.gettext(ROW_NAMES[row])


def preset_title(tr: Translator, name: str) -> str:
    return tr.gettext(PRESET_TITLES[name]) if name in PRESET_TITLES else name


def preset_description(tr: Translator, name: str) -> str:
    """A preset's description (:data:`PRESET_DESCRIPTIONS`) in ``tr``'s language."""
    return tr.gettext(PRESET_DESCRIPTIONS[name])


def level_name(tr: Translator, level: str) -> str:
    """A computer level (``chaser``) in ``tr``'s language; an unknown one as it is."""
    return tr.gettext(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def player_label(tr: Translator, name: str, level: str | None) -> str:
    """A player's name, marked as a computer player with its level when it is one."""
    return core_words.player_label(tr, name, None if level is None else level_name(tr, level))


def level_description(tr: Translator, level: str) -> str:
    """How a computer level plays (:data:`LEVEL_DESCRIPTIONS`), in ``tr``'s language."""
    return tr.gettext(LEVEL_DESCRIPTIONS[level]) if level in LEVEL_DESCRIPTIONS else level


def rules_title(tr: Translator, rules: Rules) -> str:
    """The rules in a few words: the preset's name, noting house changes."""
    spec = rules_to_spec(rules)
    if isinstance(spec, str):
        return preset_title(tr, spec)
    return tr.gettext("{preset} with changes").format(preset=preset_title(tr, str(spec["preset"])))


def rules_key(tr: Translator, rules: Rules) -> str:
    """The rules as one types them: the preset, and the keys a house changed
    (``russian with changes to: throws``)."""
    return spec_key(tr, rules_to_spec(rules))


def number(value: int) -> str:
    """A score, negative ones with a real minus sign."""
    return str(value) if value >= 0 else f"{MINUS}{-value}"


def signed(value: int) -> str:
    """``+12`` / ``−7``."""
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def signed_decimal(tr: Translator, value: float) -> str:
    """``+12`` / ``−2.5`` (``−2,5`` in Russian): whole numbers without decimals."""
    if value == int(value):
        return signed(int(value))
    text = f"{abs(value):.1f}".replace(".", tr.pgettext("decimal mark in a number", "."))
    return f"+{text}" if value > 0 else f"{MINUS}{text}"


def points(tr: Translator, amount: int) -> str:
    """``15 points`` / ``15 очков``."""
    return tr.ngettext("{n} point", "{n} points", abs(amount)).format(n=number(amount))


def throws_left(tr: Translator, count: int) -> str:
    """``2 throws left`` / ``осталось 2 броска``."""
    return tr.ngettext("{n} throw left", "{n} throws left", count).format(n=count)


def names(items: Sequence[str]) -> str:
    """Names in a list: ``Anna, Boris``."""
    return ", ".join(items)


# -- the end of a turn -------------------------------------------------------------


def written(
    tr: Translator, rules: Rules, name: str, box: str, amount: int, *, doubled: bool
) -> str:
    """``Anna: Full house — 27.`` — what a turn wrote; the name is never the subject of
    a verb (the person at the keyboard may be called "You" / "Вы")."""
    box_text = box_name(tr, rules, box)
    if doubled:
        return tr.gettext("{name}: {box} — {points}, doubled (first throw).").format(
            name=name, box=box_text, points=number(amount)
        )
    return tr.gettext("{name}: {box} — {points}.").format(
        name=name, box=box_text, points=number(amount)
    )


def hand_line(tr: Translator, name: str, kind: str, dice: Sequence[int]) -> str:
    """``Anna: Full house, 6 6 6 2 2.`` — a ranking turn's hand."""
    return tr.gettext("{name}: {hand}, {dice}.").format(
        name=name, hand=hand_name(tr, kind), dice=faces(dice)
    )


def result(tr: Translator, winners: Sequence[str]) -> str:
    """``Winner: Anna.`` or ``Shared win: Anna, Boris.``"""
    if len(winners) == 1:
        return tr.gettext("Winner: {name}.").format(name=winners[0])
    return tr.gettext("Shared win: {names}.").format(names=names(winners))


# -- refusals ----------------------------------------------------------------------


REFUSALS: Mapping[str, str] = {
    "dice_expected": N_("the dice thrown have not landed yet"),
    "not_chance": N_("no dice are in the air"),
    "no_throws_left": N_("no throw is left this turn: write the dice into a box"),
    "keep_all": N_("keep fewer than five dice: a throw throws at least one"),
    "throw_first": N_("a turn starts with a throw of all five dice"),
    "must_write": N_("a turn ends by writing the dice into a box"),
    "no_sheet": N_("this game has no sheet: throw again or stand on your hand"),
    "series1_first": N_("series 2 opens once series 1 (ones to sixes) is full"),
    "unknown_action": N_("that is not a move of this game"),
}
"""The engine's refusals with no figures in them, by ``rule`` (besides every game's)."""


def refusal(tr: Translator, error: IllegalActionError, rules: Rules | None = None) -> str:
    """Why the engine refused an action, from its ``rule`` and ``params`` (the rule ids
    of :mod:`.state`); boxes are named as the sheet of ``rules`` names them. What every
    game words alike is :func:`~thousand.core.words.common_refusal`'s."""
    rule, params = error.rule, error.params

    def box(key: str = "box") -> str:
        value = params.get(key)
        if not isinstance(value, str):
            return str(value)
        return box_name(tr, rules, value) if rules is not None else value

    if rule == "keep_not_showing":
        return tr.gettext("you can keep only dice showing: {dice}").format(
            dice=faces(params.get("dice", ())) or "—"
        )
    if rule == "unknown_box":
        return tr.gettext("there is no box {box}").format(box=box())
    if rule == "filled_box":
        return tr.gettext("the box {box} is filled already").format(box=box())
    if rule == "joker":
        allowed = params.get("allowed", ())
        shown = ", ".join(
            box_name(tr, rules, item) if rules is not None else str(item) for item in allowed
        )
        return tr.gettext("a further yahtzee is a joker: it goes in {boxes}").format(boxes=shown)
    return common_refusal(tr, error, REFUSALS)
