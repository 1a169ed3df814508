"""``thousand play --game card1000 --table``: keeping the score of card Thousand played
with a real deck (CARD_THOUSAND.md §6, the scorekeeping record).

The people at the table play with their own cards; after each deal they type its result
(the declarer, the contract, each seat's points, or a write-off, or a redeal) and the
program keeps the sheet with every rule of the chosen preset or rules file. The record
(``"meta": {"cards": "table"}``) is saved after every deal and continued with
``--resume``. Only people play (no computer holds real cards), and a terminal is needed:
the results are typed in.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from thousand.cli.commands.base import Env, ExitStatus
from thousand.cli.commands.sitting import Sitting, start_game
from thousand.cli.players import PlayersError, parse_players
from thousand.cli.storage import saved_to
from thousand.core.i18n import Translator
from thousand.core.players import Seat
from thousand.games.card1000 import INFO, NAME
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.presets import DEFAULT_PRESET, load_rules
from thousand.games.card1000.words import level_name


def prepare_table(args: argparse.Namespace, tr: Translator) -> tuple[KeepSession, Translator, Path]:
    """A new scorekeeping game: the rules, the people (``--players``, no computers)."""
    rules = load_rules(args.rules or DEFAULT_PRESET)
    if args.players is None:
        raise PlayersError(tr.gettext('name the people at the table: --players "Anna,Boris,Vera"'))
    seats = parse_players(args.players, tr, INFO, level_name)
    if any(seat.is_bot for seat in seats):
        raise PlayersError(
            tr.gettext("a game with real cards has people only: the computer holds no cards")
        )
    return start_game(args, tr, lambda table: KeepSession.new(rules, seats, **table))


class KeepSitting(Sitting[KeepSession]):
    """The scorekeeping games of one ``thousand play --game card1000 --table``."""

    game = NAME
    bots_only = ""

    def start_next(
        self, finished: KeepSession, seats: list[Seat], path: Path, seed: int | None
    ) -> KeepSession:
        del seed
        return KeepSession.new(finished.rules, seats, **saved_to(path, language=self.tr.language))

    def thrown(self, session: KeepSession) -> bool:
        return session.deals > 0

    def prepare_bots(self, session: KeepSession, env: Env) -> None:
        del session, env

    def refuse_unattended(self, session: KeepSession) -> None:
        del session
        raise PlayersError(
            self.tr.gettext("a game with real cards needs a terminal: the deals are typed in")
        )

    def unattended(self, session: KeepSession, env: Env, path: Path) -> ExitStatus:
        raise AssertionError("refused before")  # pragma: no cover
