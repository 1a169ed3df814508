"""``thousand play`` of dice 1000: a game in the terminal, saved after every turn.

The generic command (:mod:`thousand.cli.commands.play`) parses and checks the options
every game shares and hands over here. With a terminal, the game opens full screen (the
terminal's adapter of the game, loaded only then); after a game, N plays again at the
same table (:class:`Sitting`). Without one, a game of computer players only is played
through unattended: the score sheet is printed as plain text and the record written,
exit status 0. ``--table`` keeps the score of real dice at a real table.

A ``perfect`` computer player plays the solved strategy of the rules. It is prepared
before the game starts — loaded from the cache, or solved once with a message on
standard error — so rules the solver cannot do (falling scores, choosing dice) are one
more such error, not a failure in the middle of a game. The solution is of the
two-player game; with three or more players ``perfect`` plays it against the leading
opponent (the highest score; on a tie, whoever moves sooner) — an approximation.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.cli.commands.sitting import Sitting as BaseSitting
from thousand.cli.commands.sitting import resume_game, start_game
from thousand.cli.commands.unattended import play_unattended as play_through
from thousand.cli.games.dice1000 import BOTS_ONLY, DEFAULT_OPPONENTS
from thousand.cli.players import PlayersError, default_seats, parse_players
from thousand.cli.storage import Saved, saved_to
from thousand.core.errors import ThousandError
from thousand.core.i18n import Translator, default_language, translator
from thousand.core.players import Seat
from thousand.games.dice1000 import INFO, NAME
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.playsheet import plain_sheet
from thousand.games.dice1000.presets import DEFAULT_PRESET, load_rules
from thousand.games.dice1000.solver.door import StrategyError
from thousand.games.dice1000.table import Session
from thousand.games.dice1000.words import bot_level, rules_title, solving

MAX_TURNS = 100_000
"""An unattended game stops after this many turns (rules whose penalties outrun progress),
or after :data:`~thousand.cli.commands.unattended.MAX_SECONDS`."""


def run(args: argparse.Namespace, env: Env, saved: Saved[Any] | None) -> ExitStatus:
    """Play (or continue, ``saved``) a game of dice 1000; see the module docstring."""
    session, tr, path = prepare(args, saved)
    sitting = Sitting(session, path, tr, created=saved is None, seed=args.seed)
    return sitting.play(env, fast=args.fast)


class Sitting(BaseSitting[Session]):
    """The games of one ``thousand play`` of dice 1000 (:class:`thousand.cli.sitting.Sitting`)."""

    game = NAME
    bots_only = BOTS_ONLY

    def __init__(
        self, session: Session, path: Path, tr: Translator, *, created: bool, seed: int | None
    ) -> None:
        super().__init__(tr, seed=seed)
        self.games.append((session, path, created))

    def start_next(
        self, finished: Session, seats: list[Seat], path: Path, seed: int | None
    ) -> Session:
        session = Session.new(
            finished.game,
            seats,
            seed=seed,
            table_dice=finished.table_dice,
            **saved_to(path, language=self.tr.language),
        )
        session.strategy = finished.strategy  # loaded once a sitting
        return session

    def thrown(self, session: Session) -> bool:
        return bool(session.turns or session.throws)

    def refuse_unattended(self, session: Session) -> None:
        if session.table_dice:
            raise PlayersError(
                self.tr.gettext("a game with real dice needs a terminal: the faces are typed in")
            )
        super().refuse_unattended(session)

    def prepare_bots(self, session: Session, env: Env) -> None:
        prepare_perfect(session, self.tr, env)

    def unattended(self, session: Session, env: Env, path: Path) -> ExitStatus:
        return play_unattended(session, self.tr, env, path)


def prepare(
    args: argparse.Namespace, saved: Saved[Any] | None = None
) -> tuple[Session, Translator, Path]:
    """Check every option and build the session; raise a one-line :class:`ThousandError`.

    Returns the session, the language and the file the game is saved in.
    """
    tr = translator(args.lang or default_language())
    if saved is not None:
        return resume_game(args, saved)
    seats = (
        parse_players(args.players, tr, INFO, bot_level)
        if args.players is not None
        else default_seats(tr, INFO, DEFAULT_OPPONENTS, bot_level)
    )
    game = Game(load_rules(args.rules or DEFAULT_PRESET))
    return start_game(
        args,
        tr,
        lambda table: Session.new(game, seats, seed=args.seed, table_dice=args.table, **table),
    )


def prepare_perfect(session: Session, tr: Translator, env: Env) -> None:
    """Have the solved strategy ready if a ``perfect`` player is seated (before any file).

    A solve (the first game under a rule set) says so on standard error first, since it
    takes a while; a rule set the solver refuses becomes a one-line error naming why.
    """
    if not session.has_perfect:
        return

    def tell() -> None:
        env.stderr.write(solving(tr, session.game.rules, len(session.seats)) + "\n")
        env.stderr.flush()

    try:
        session.prepare_strategy(tell)
    except StrategyError as exc:
        raise StrategyError(
            tr.gettext("the computer player 'perfect' is not available: {reason}").format(
                reason=exc
            )
        ) from None
    except ThousandError as exc:
        raise StrategyError(
            tr.gettext("the computer player 'perfect' cannot play these rules: {reason}").format(
                reason=exc
            )
        ) from None


def play_unattended(session: Session, tr: Translator, env: Env, path: Path) -> ExitStatus:
    """Play a computer-only game through, saving as it goes; print the sheet as text
    (:func:`thousand.cli.commands.unattended.play_unattended`)."""

    def print_sheet() -> None:
        levels = [seat.bot for seat in session.seats]
        title = rules_title(tr, session.game.rules)
        env.stdout.write(plain_sheet(tr, session.state, session.turns, levels, title))

    return play_through(session, tr, env, path, max_turns=MAX_TURNS, print_sheet=print_sheet)
