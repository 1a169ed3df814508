"""``thousand play``: a game of dice 1000 in the terminal, saved after every turn.

With a terminal, the game opens full screen (:mod:`thousand.tui.app`, loaded only
then); after a game, N plays again at the same table (:class:`Sitting`), and a new game
left before its first throw leaves no file behind. Without one — standard input or
output is not a TTY — a game of computer players only is played through unattended:
the score sheet is printed as plain text and the record written, exit status 0. A game
with a person in it needs a terminal.

Everything the player can get wrong — an unknown computer level, an empty or repeated
name, more than eight players, a rules file with errors, a file given to ``--resume``
that is not a saved game — is checked before anything is written: one line, exit
status 2, and the saved game untouched.

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

from thousand.cli.commands import poker_play
from thousand.cli.commands.base import Env, ExitStatus, Subparsers, seed_value
from thousand.cli.commands.sitting import Sitting as BaseSitting
from thousand.cli.commands.sitting import resume_game, start_game
from thousand.cli.commands.unattended import play_unattended as play_through
from thousand.cli.players import PlayersError, default_seats, parse_players
from thousand.cli.storage import (
    SUFFIX,
    SavedPokerGame,
    games_dir,
    load_any_game,
    load_game,
    saved_to,
)
from thousand.core.errors import ThousandError
from thousand.core.i18n import LANGUAGES, Translator, default_language, translator
from thousand.core.players import Seat
from thousand.games import DEFAULT_GAME, game_names
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.playsheet import plain_sheet
from thousand.games.dice1000.presets import DEFAULT_PRESET, load_rules
from thousand.games.dice1000.solver.door import StrategyError
from thousand.games.dice1000.table import Session
from thousand.games.dice1000.words import rules_title, solving

POKER_DICE = "poker_dice"

MAX_TURNS = 100_000
"""An unattended game stops after this many turns (rules whose penalties outrun progress),
or after :data:`~thousand.cli.commands.unattended.MAX_SECONDS`."""


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play dice 1000 (or poker dice) in the terminal: against the computer or hot-seat",
        description="Play a game of dice 1000 full screen: you against two computer players "
        "by default, or any mix of people (hot-seat) and computer players. The game is saved "
        "after every turn; --resume continues a saved game. Without a terminal, a game of "
        "computer players only is played through and its score sheet printed. "
        "--game poker_dice plays poker dice instead (presets russian, russian_banked, "
        "yahtzee, ranking; computer players bot:greedy, bot:chaser, bot:optimal; you "
        "against bot:chaser by default).",
        epilog='examples: thousand play · thousand play --players "Анна,Борис,bot:bold" '
        "--rules ussr --lang ru · thousand play --players You,bot:perfect · thousand play "
        "--players bot:bold,bot:cautious --fast --save game.json. bot:perfect plays the "
        "solved strategy (solved once — about 10 s for classic, 10–30 minutes for rules "
        "where scores fall — then cached); it is exact for two "
        "players, and with three or more it plays against the leading opponent (an "
        "approximation); rules the solver cannot do are refused before the game starts. "
        "In the game, C shows the winning chance of each action (the same strategy).",
    )
    parser.add_argument(
        "--game",
        choices=game_names(),
        help="the game: dice1000 (the default) or poker_dice; a resumed game is the "
        "game of its file",
    )
    parser.add_argument(
        "--players",
        metavar="NAMES",
        help="players in turn order, comma-separated; bot:LEVEL (cautious, balanced, bold, "
        "perfect; in poker dice greedy, chaser, optimal) is a computer player, "
        "bot:LEVEL:NAME names it (default: you, bot:balanced, bot:bold)",
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        help=f"a preset name or a TOML/JSON rules file (default: {DEFAULT_PRESET})",
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="language of the game (default: from the locale)"
    )
    parser.add_argument(
        "--seed", type=seed_value, metavar="N", help="seed of the dice and the bots"
    )
    parser.add_argument(
        "--save", metavar="PATH", help="save the game here (default: a new file in the data folder)"
    )
    parser.add_argument(
        "--resume",
        metavar="PATH",
        help="continue a saved game: its file, or its name as 'thousand games' lists it",
    )
    parser.add_argument("--fast", action="store_true", help="computer players move without pauses")
    parser.add_argument(
        "--table",
        action="store_true",
        help="real dice at a real table: the program keeps the score, the players throw "
        "their own dice and type the faces that fell (25441)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    saved = load_any_game(resume_path(args.resume)) if args.resume else None
    if isinstance(saved, SavedPokerGame) or (saved is None and args.game == POKER_DICE):
        if args.resume and (args.players or args.rules):
            tr = translator(args.lang or default_language())
            raise PlayersError(_resume_alone(tr))
        _check_game(args, POKER_DICE)
        return poker_play.run(args, env, saved if isinstance(saved, SavedPokerGame) else None)
    _check_game(args, DEFAULT_GAME)
    session, tr, path = prepare(args)
    sitting = Sitting(session, path, tr, created=not args.resume, seed=args.seed)
    return sitting.play(env, fast=args.fast)


class Sitting(BaseSitting[Session]):
    """The games of one ``thousand play`` of dice 1000 (:class:`thousand.cli.sitting.Sitting`)."""

    bots_only = "bot:bold,bot:cautious"

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

    def on_screen(self, session: Session, *, fast: bool) -> int | None:
        from thousand.tui.app import ThousandApp  # noqa: PLC0415 - Textual only when drawn

        return ThousandApp(session, self.tr, fast=fast, again=self.again).run()

    def unattended(self, session: Session, env: Env, path: Path) -> ExitStatus:
        return play_unattended(session, self.tr, env, path)


def prepare(args: argparse.Namespace) -> tuple[Session, Translator, Path]:
    """Check every option and build the session; raise a one-line :class:`ThousandError`.

    Returns the session, the language and the file the game is saved in.
    """
    tr = translator(args.lang or default_language())
    if args.resume:
        if args.players or args.rules or args.table:
            raise PlayersError(_resume_alone(tr))
        return resume_game(args, load_game(resume_path(args.resume)))
    seats = parse_players(args.players, tr) if args.players is not None else default_seats(tr)
    game = Game(load_rules(args.rules or DEFAULT_PRESET))
    return start_game(
        args,
        tr,
        lambda table: Session.new(game, seats, seed=args.seed, table_dice=args.table, **table),
    )


def _resume_alone(tr: Translator) -> str:
    return tr.gettext(
        "--resume continues a saved game with its own players, rules and dice: "
        "leave out --players, --rules and --table"
    )


def _check_game(args: argparse.Namespace, game: str) -> None:
    """``--game`` with ``--resume`` must be the saved game's (the file decides)."""
    given = getattr(args, "game", None)
    if given is not None and given != game:
        tr = translator(args.lang or default_language())
        raise PlayersError(
            tr.gettext("--game {given}: the saved game is a game of {game}").format(
                given=given, game=game
            )
        )


def prepare_perfect(session: Session, tr: Translator, env: Env) -> None:
    """Have the solved strategy ready if a ``perfect`` player is seated (before any file).

    A solve (the first game under a rule set) says so on standard error first, since it
    takes a while; a rule set the solver refuses becomes a one-line error naming why.
    """
    if not session.has_perfect:
        return

    def tell() -> None:
        env.stderr.write(solving(tr, session.game.rules) + "\n")
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


def resume_path(given: str) -> Path:
    """The file to resume: as given, or by its name in the games folder (``thousand games``
    lists names), with or without the ``.json`` the names end in."""
    names = [given] if given.endswith(SUFFIX) else [given, given + SUFFIX]
    for name in names:
        path = Path(name)
        if path.exists():
            return path
        if path.name == name and (games_dir() / name).exists():
            return games_dir() / name
    return Path(given)


def play_unattended(session: Session, tr: Translator, env: Env, path: Path) -> ExitStatus:
    """Play a computer-only game through, saving as it goes; print the sheet as text
    (:func:`thousand.cli.commands.unattended.play_unattended`)."""

    def print_sheet() -> None:
        levels = [seat.bot for seat in session.seats]
        title = rules_title(tr, session.game.rules)
        env.stdout.write(plain_sheet(tr, session.state, session.turns, levels, title))

    return play_through(session, tr, env, path, max_turns=MAX_TURNS, print_sheet=print_sheet)
