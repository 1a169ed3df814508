"""``thousand play --game card1000``: a game of card Thousand in the terminal, saved
after every action.

The generic command (:mod:`thousand.cli.commands.play`) checks the options every game
shares and hands over here. As for every game: a new game is saved to ``--save`` or a
new file in the games folder, ``--resume`` continues one; with a terminal the game
opens full screen (:mod:`thousand.tui.card1000`); without one, a game of computer
players only is played through and its sheet printed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.cli.commands.sitting import Sitting, resume_game, start_game
from thousand.cli.commands.unattended import play_unattended as play_through
from thousand.cli.games.card1000 import BOTS_ONLY, DEFAULT_OPPONENTS
from thousand.cli.games.card1000.commands.keep import KeepSitting, prepare_table
from thousand.cli.players import default_seats, parse_players
from thousand.cli.storage import Saved, saved_to
from thousand.core.i18n import Translator, default_language, translator
from thousand.core.players import Seat
from thousand.games.card1000 import INFO, NAME
from thousand.games.card1000.keep_session import KeepSession
from thousand.games.card1000.presets import DEFAULT_PRESET, load_rules
from thousand.games.card1000.record import replay
from thousand.games.card1000.session import Session
from thousand.games.card1000.sheet import render
from thousand.games.card1000.words import level_name

MAX_TURNS = 20_000
"""An unattended game stops after this many decisions."""


def run(args: argparse.Namespace, env: Env, saved: Saved[Any] | None) -> ExitStatus:
    """Play (or continue, ``saved``) a game of card Thousand."""
    tr = translator(args.lang or default_language())
    if saved is not None:
        session, tr, path = resume_game(args, saved)
    elif args.table:
        session, tr, path = prepare_table(args, tr)
    else:
        session, tr, path = prepare(args, tr)
    if isinstance(session, KeepSession):  # a scorekeeping record (--table, or resumed)
        keeping = KeepSitting(tr, seed=args.seed)
        keeping.games.append((session, path, saved is None))
        return keeping.play(env, fast=args.fast)
    sitting = CardSitting(tr, seed=args.seed)
    sitting.games.append((session, path, saved is None))
    return sitting.play(env, fast=args.fast)


def prepare(args: argparse.Namespace, tr: Translator) -> tuple[Session, Translator, Path]:
    """A new game at the computer's cards."""
    rules = load_rules(args.rules or DEFAULT_PRESET)
    seats = (
        parse_players(args.players, tr, INFO, level_name)
        if args.players is not None
        else default_seats(tr, INFO, DEFAULT_OPPONENTS[: rules.players - 1], level_name)
    )
    return start_game(args, tr, lambda table: Session.new(rules, seats, seed=args.seed, **table))


class CardSitting(Sitting[Session]):
    """The games of one ``thousand play --game card1000``."""

    game = NAME
    bots_only = BOTS_ONLY

    def start_next(
        self, finished: Session, seats: list[Seat], path: Path, seed: int | None
    ) -> Session:
        return Session.new(
            finished.rules, seats, seed=seed, **saved_to(path, language=self.tr.language)
        )

    def thrown(self, session: Session) -> bool:
        return session.actions_made > 0

    def prepare_bots(self, session: Session, env: Env) -> None:
        del session, env

    def unattended(self, session: Session, env: Env, path: Path) -> ExitStatus:
        tr = self.tr

        def print_sheet() -> None:
            env.console().print(render(replay(session.record.to_data()), tr))

        return play_through(session, tr, env, path, max_turns=MAX_TURNS, print_sheet=print_sheet)
