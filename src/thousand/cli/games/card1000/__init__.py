"""Card Thousand on the command line: the game's adapter
(:class:`~thousand.cli.commands.adapter.CliGame`).

What card Thousand offers (its ``GameInfo.features``): ``thousand play --game card1000``
against computers or hot-seat, and ``--table`` to keep the score of a real deck;
``thousand replay`` of its records (played and scorekeeping deals; ``--json``, ``--seat
N``, the paper sheet), ``thousand verify`` of a dealt game's cards against its seed,
``thousand review``, ``advise``, ``simulate`` and ``rules --game card1000 [PRESET]``; its
online rooms are the server's (``thousand serve``). It has no exact solver, throw scoring
or odds; those commands refuse naming the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from thousand.cli.commands.adapter import on_demand

if TYPE_CHECKING:
    from thousand.core.i18n import Translator

DEFAULT_OPPONENTS = ("novice", "novice", "novice")
"""``thousand play --game card1000`` without ``--players``: you against novices (as
many as the rules' players need)."""

BOTS_ONLY = "bot:novice,bot:novice,bot:novice"
"""Computer players only."""

DICE = 0
"""Card Thousand throws no dice."""

HELP: Mapping[str, str] = {
    "play": "--game card1000 plays card Thousand (presets classic, four_players, "
    "two_players, golden_dark; computer players bot:random, bot:novice, bot:club, "
    "bot:expert; you against two novices by default).",
    "simulate.example": "thousand simulate --game card1000 --players expert,club,novice "
    "--deals 300",
    "simulate.game": "points per deal on duplicate deals (--deals) or whole games",
    "simulate.players": "expert, club, novice, random",
    "simulate.json": "points_per_deal, differences and win_rates",
}
"""Card Thousand's words in the commands' help texts."""


def level_name(tr: Translator, level: str) -> str:
    """A computer level's name in the player's language (an unknown one as it is)."""
    names = {
        "random": tr.gettext("random"),
        "novice": tr.gettext("novice"),
        # the level that plays like a regular of a card club
        "club": tr.gettext("club player"),
        # the level that searches the hidden cards with the open-card solver
        "expert": tr.gettext("expert"),
    }
    return names.get(level, level)


def player_label(tr: Translator, name: str, level: str | None) -> str:
    """A player as a list of games shows them."""
    if level is None:
        return name
    return tr.gettext("{name} (computer)").format(name=name)


def rules_title(tr: Translator, rules: Any) -> str:
    """The game and its rules, as ``thousand games`` names them: the preset's title, or
    "classic, three players with changes" for a preset with keys changed (never the rules
    object itself)."""
    spec = rules if isinstance(rules, str | Mapping) else _rules_to_spec(rules)
    return tr.gettext("Card Thousand") + f" · {_words_title(tr, spec)}"


_words_title = on_demand("thousand.games.card1000.words", "rules_title")
_rules_to_spec = on_demand("thousand.games.card1000.presets", "rules_to_spec")
rules = on_demand(f"{__name__}.commands.rules")
play = on_demand(f"{__name__}.commands.play")
load_saved = on_demand(f"{__name__}.saved", "load_saved")
advise = on_demand(f"{__name__}.commands.advise")
review = on_demand(f"{__name__}.commands.review")
simulate = on_demand(f"{__name__}.commands.simulate")


__all__ = [
    "BOTS_ONLY",
    "DEFAULT_OPPONENTS",
    "DICE",
    "HELP",
    "level_name",
    "load_saved",
    "play",
    "player_label",
    "rules",
    "rules_title",
]
