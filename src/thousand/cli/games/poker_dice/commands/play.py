"""``thousand play --game poker_dice``: a game of poker dice in the terminal, saved after
every turn.

The generic command (:mod:`thousand.cli.commands.play`) parses and checks the options
every game shares and hands over here when the game is poker dice (``--game
poker_dice``, or ``--resume`` of a saved game of poker dice). Everything works as for
every game: the options are checked before anything is written (one line, exit status
2); the game is saved after every turn to a new file in the games folder or to
``--save``; ``--resume`` continues it; with a terminal the game opens full screen (the
terminal's adapter of the game), N playing again at the same table; without one, a game
of computer players only is played through, its score sheet printed and its record
written.

An ``optimal`` computer player of a sheet game plays the solved strategy of the rules:
it is found (or solved, with a message on standard error) before the game starts, so a
rule set the solver cannot do is an error at the start, not in the middle of a game.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus
from thousand.cli.commands.sitting import Sitting, resume_game, start_game
from thousand.cli.commands.unattended import play_unattended as play_through
from thousand.cli.games.poker_dice import BOTS_ONLY, DEFAULT_OPPONENTS
from thousand.cli.players import default_seats, parse_players
from thousand.cli.storage import Saved, saved_to
from thousand.core.errors import ThousandError
from thousand.core.i18n import Translator, default_language, translator
from thousand.core.players import Seat
from thousand.games.poker_dice import INFO, NAME
from thousand.games.poker_dice.bots import OptimalBot
from thousand.games.poker_dice.presets import DEFAULT_PRESET, load_rules
from thousand.games.poker_dice.record import replay
from thousand.games.poker_dice.sheet import render
from thousand.games.poker_dice.table import Session
from thousand.games.poker_dice.words import level_name

MAX_TURNS = 10_000
"""An unattended game stops after this many turns (a ranking game's play-offs are
the only way a game can go on; a sheet game has 15 turns a player), or after
:data:`~thousand.cli.commands.unattended.MAX_SECONDS`."""


def poker_seats(text: str, tr: Translator) -> list[Seat]:
    """``--players`` with poker dice's computer levels."""
    return parse_players(text, tr, INFO, level_name)


def run(args: argparse.Namespace, env: Env, saved: Saved[Any] | None) -> ExitStatus:
    """Play (or continue, ``saved``) a game of poker dice; see the module docstring."""
    session, tr, path = prepare(args, saved)
    sitting = PokerSitting(tr, seed=args.seed)
    sitting.games.append((session, path, saved is None))
    return sitting.play(env, fast=args.fast)


def prepare(args: argparse.Namespace, saved: Saved[Any] | None) -> tuple[Session, Translator, Path]:
    """Check every option and build the session; raise a one-line :class:`ThousandError`."""
    tr = translator(args.lang or default_language())
    if saved is not None:
        return resume_game(args, saved)
    seats = (
        poker_seats(args.players, tr)
        if args.players is not None
        else default_seats(tr, INFO, DEFAULT_OPPONENTS, level_name)
    )
    rules = load_rules(args.rules or DEFAULT_PRESET)
    return start_game(args, tr, lambda table: Session.new(rules, seats, seed=args.seed, **table))


def prepare_optimal(session: Session, tr: Translator, env: Env) -> None:
    """Have the solved strategy of an ``optimal`` player of a sheet game ready (a solve,
    the first time a rule set is played, says so on standard error first)."""
    if session.position.is_ranking:
        return
    for policy in session.policies.values():
        if isinstance(policy, OptimalBot):
            env.stderr.write(
                tr.gettext(
                    "The computer player 'optimal' looks up the solved strategy of these "
                    "rules (solved once, then kept)…"
                )
                + "\n"
            )
            env.stderr.flush()
            try:
                policy.strategy  # noqa: B018 - loads (or solves) it now
            except ThousandError as exc:
                raise ThousandError(
                    tr.gettext(
                        "the computer player 'optimal' cannot play these rules: {reason}"
                    ).format(reason=exc)
                ) from None
            return


class PokerSitting(Sitting[Session]):
    """The games of one ``thousand play --game poker_dice``
    (:class:`thousand.cli.sitting.Sitting`)."""

    game = NAME
    bots_only = BOTS_ONLY

    def start_next(
        self, finished: Session, seats: list[Seat], path: Path, seed: int | None
    ) -> Session:
        session = Session.new(
            finished.rules, seats, seed=seed, **saved_to(path, language=self.tr.language)
        )
        for index, policy in session.policies.items():
            old = finished.policies.get((index + 1) % len(seats))
            if isinstance(policy, OptimalBot) and isinstance(old, OptimalBot):
                session.policies[index] = old  # its strategy is loaded once a sitting
        return session

    def thrown(self, session: Session) -> bool:
        return bool(session.turns or session.position.throws)

    def prepare_bots(self, session: Session, env: Env) -> None:
        prepare_optimal(session, self.tr, env)

    def unattended(self, session: Session, env: Env, path: Path) -> ExitStatus:
        return play_unattended(session, self.tr, env, path)


def play_unattended(session: Session, tr: Translator, env: Env, path: Path) -> ExitStatus:
    """Play a computer-only game through, saving as it goes; print the sheet
    (:func:`thousand.cli.commands.unattended.play_unattended`)."""

    def print_sheet() -> None:
        env.console().print(render(replay(session.record.to_data()), tr))

    return play_through(session, tr, env, path, max_turns=MAX_TURNS, print_sheet=print_sheet)
