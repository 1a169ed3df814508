"""``thousand play``: a game in the terminal, saved after every turn, of any game.

The game is ``--game`` (the default game without it) or, with ``--resume``, the game of
the saved file; its command-line adapter (:func:`~thousand.cli.commands.adapter.cli_game`) plays it
(``thousand.cli.games.NAME.commands.play``). With a terminal, the game opens
full screen; after a game, N plays again at the same table. Without one — standard
input or output is not a TTY — a game of computer players only is played through
unattended: the score sheet is printed as plain text and the record written, exit
status 0. A game with a person in it needs a terminal.

Everything the player can get wrong — an unknown computer level, an empty or repeated
name, too many players, a rules file with errors, a file given to ``--resume`` that is
not a saved game, an option the game does not offer (``--table``) — is checked before
anything is written: one line, exit status 2, and the saved game untouched.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from thousand.cli.commands.adapter import add_game_option, cli_game, help_of, other_games
from thousand.cli.commands.base import Env, ExitStatus, Subparsers, seed_value
from thousand.cli.players import BOT_PREFIX, PlayersError
from thousand.cli.storage import SUFFIX, games_dir, in_prose, load_any_game, prose
from thousand.core.i18n import LANGUAGES, Translator, default_language, translator
from thousand.games import DEFAULT_GAME, game_info, require


def register(subparsers: Subparsers) -> None:
    others = other_games("play")
    parser = subparsers.add_parser(
        "play",
        help=f"play {in_prose((DEFAULT_GAME, *others), 'or')} in "
        "the terminal: against the computer or hot-seat",
        description=" ".join(
            [
                help_of(DEFAULT_GAME, "play"),
                "The game is saved after every turn; --resume continues a saved game. "
                "Without a terminal, a game of computer players only is played through "
                "and its score sheet printed.",
                *(help_of(name, "play") for name in others),
            ]
        ),
        epilog=help_of(DEFAULT_GAME, "play.epilog"),
    )
    add_game_option(
        parser,
        f"the game: {DEFAULT_GAME} (the default)"
        + "".join(f" or {name}" for name in others)
        + "; a resumed game is the game of its file",
        default=None,
    )
    parser.add_argument(
        "--players",
        metavar="NAMES",
        help=f"players in turn order, comma-separated; {_levels_help(others)} is a computer "
        "player, bot:LEVEL:NAME names it (default: you, "
        + ", ".join(BOT_PREFIX + level for level in cli_game(DEFAULT_GAME).DEFAULT_OPPONENTS)
        + ")",
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        help="a preset name or a TOML/JSON rules file (default: "
        f"{game_info(DEFAULT_GAME).default_preset})",
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
        help="real dice or cards at a real table: the program keeps the score; the players "
        "throw their own dice and type the faces that fell (25441), or play their own deck "
        "and type each deal's result",
    )
    parser.set_defaults(handler=run)


def _levels_help(others: tuple[str, ...]) -> str:
    """``bot:LEVEL (…)``: every game's computer levels, the default game's first."""
    levels = [", ".join(game_info(DEFAULT_GAME).levels)]
    levels += [f"in {prose(name)} {', '.join(game_info(name).levels)}" for name in others]
    return f"{BOT_PREFIX}LEVEL ({'; '.join(levels)})"


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    saved = load_any_game(resume_path(args.resume)) if args.resume else None
    game = (args.game or DEFAULT_GAME) if saved is None else saved.game
    if saved is not None and args.game is not None and args.game != game:
        # --game with --resume must be the saved game's (the file decides).
        raise PlayersError(
            _tr(args)
            .gettext("--game {given}: the saved game is a game of {game}")
            .format(given=args.game, game=game)
        )
    if saved is not None and (args.players or args.rules or args.table):
        raise PlayersError(_resume_alone(_tr(args)))
    require(game, "play", "thousand play", _tr(args))
    if args.table:
        require(game, "table", "thousand play --table", _tr(args))
    return cli_game(game).play(args, env, saved)


def _tr(args: argparse.Namespace) -> Translator:
    return translator(args.lang or default_language())


def _resume_alone(tr: Translator) -> str:
    return tr.gettext(
        "--resume continues a saved game with its own players, rules and dice: "
        "leave out --players, --rules and --table"
    )


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
