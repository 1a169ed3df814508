"""``thousand verify RECORD``: are a server game's dice the ones its published seed gives?

The server commits to a secret seed when a game starts and publishes it when the game is
over (PROTOCOL.md, "What the server promises"; the derivation is in docs/dice.md). This
command replays the record (an illegal one is refused exactly as ``thousand replay``
refuses it), checks the seed against the commitment and recomputes every throw.

Exit statuses follow ``cmp`` and ``sha256sum --check``: 0 when every throw is verified,
1 when the answer is no — a throw differs, the seed is not the one committed to — or
when there is nothing to verify yet (a game in progress has only the commitment, table
dice have no seed), and 2 for bad input as everywhere (a malformed record, a malformed
``meta.dice_seed``). A failed verification is not bad input: the record is well formed
and the command has answered, so a script can tell "not verified" (1) from "could not
read it" (2). The answer is one line on standard output (or ``--json``) in every case.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Mapping
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus, Subparsers, add_json_option
from thousand.cli.commands.replay import read_record
from thousand.core.dice import Dice
from thousand.core.errors import one_line
from thousand.core.fairdice import Mismatch, Verification
from thousand.games import GAMES, game_of_record, require

SHOWN_HEX = 16
"""How many hexadecimal digits of a seed or commitment a line shows (then ``…``)."""


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="check that a server game's dice (or cards) are the ones its published seed gives",
        description="Replay a game record played on a server and check its dice: the seed in "
        "meta.dice_seed must have the SHA-256 in meta.dice_commitment, and every throw must "
        "show the faces the seed gives, every deal the cards it gives (the derivations are in "
        "docs/dice.md and each game's docs). Exit status 0: "
        "verified; 1: not verified, or nothing to verify yet; 2: a malformed record.",
        epilog="example: thousand verify game.json",
    )
    parser.add_argument("record", metavar="RECORD", help="a record file, or - for standard input")
    add_json_option(parser, "the verdict: verified, throws, commitment_ok, mismatch and reason")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    data = read_record(args.record, env)
    game = game_of_record(data)  # a game the program does not know: the usual one line
    require(game, "verify", "thousand verify")
    result = verify_record(game, data)
    if args.json:
        env.print_json(result.to_json_data())
    else:
        env.print(one_line(verdict(result)))
    return ExitStatus.OK if result.ok else ExitStatus.ERROR


def verify_record(game: str, data: object) -> Verification:
    """The check of ``game``'s own ``verify`` module (each game reads its own records;
    the derivation of the dice is shared), imported only when asked for."""
    module = importlib.import_module(f"{GAMES[game]}.verify")
    result: Verification = module.verify_record(data)
    return result


def verdict(result: Verification) -> str:
    """The one line that answers: verified, not verified (where), or why not checkable."""
    if result.reason == "table_dice":
        return (
            'nothing to verify: the game was played with table dice (meta.dice is "table"), '
            "real dice thrown by the players"
        )
    if result.reason == "table_cards":
        return (
            'nothing to verify: the game was played with table cards (meta.cards is "table"), '
            "real cards dealt by the players"
        )
    if result.reason == "other_dice":
        return (
            f"cannot verify: the dice came from {result.dice!r} (meta.dice), "
            "not from a server's seed"
        )
    if result.reason == "no_commitment":
        return (
            "cannot verify: the record has no dice commitment (meta.dice_commitment); "
            "its dice were not drawn from a committed seed"
        )
    if result.reason == "no_seed":
        return (
            "cannot verify yet: the game is in progress, the record has only the commitment "
            f"{_short(result.commitment)}; the seed is published when the game is over"
        )
    seed = _short(result.seed)
    problems = []
    if not result.commitment_ok:
        problems.append(
            f"the SHA-256 of seed {seed} is not the commitment {_short(result.commitment)}"
        )
    if result.mismatch is not None:
        problems.append(_mismatch(result.mismatch, seed))
    if result.difference is not None:
        problems.append(_difference(result.difference, seed))
    if problems:
        return "not verified: " + "; ".join(problems)
    unit = result.unit
    if result.throws == 1:
        return f"verified: the only {unit} is the one seed {seed} gives (commitment ok)"
    return f"verified: all {result.throws} {unit}s are the ones seed {seed} gives (commitment ok)"


def _difference(difference: Mapping[str, Any], seed: str) -> str:
    """A card game's first deal that differs: the first hand or talon that does."""
    recorded, derived = difference["recorded"], difference["derived"]
    where = f"deal {difference['deal']}"
    for part, mine, theirs in _parts(recorded, derived):
        if mine != theirs:
            shown = " ".join(map(str, mine))
            return f"{where}: the record's {part} is {shown}, seed {seed} gives {' '.join(theirs)}"
    return f"{where}: the record's cards are not the ones seed {seed} gives"


def _parts(
    recorded: Mapping[str, Any], derived: Mapping[str, Any]
) -> list[tuple[str, list[str], list[str]]]:
    """Each hand and talon of a deal as the record and the seed have them."""
    parts = [
        (f"hand of seat {seat}", mine, theirs)
        for seat, (mine, theirs) in enumerate(zip(recorded["hands"], derived["hands"], strict=True))
    ]
    if "talon" in derived:
        parts.append(("talon", recorded["talon"], derived["talon"]))
    else:
        parts.extend(
            (f"talon {number}", mine, theirs)
            for number, (mine, theirs) in enumerate(
                zip(recorded["talons"], derived["talons"], strict=True)
            )
        )
    return parts


def _mismatch(mismatch: Mismatch, seed: str) -> str:
    return (
        f"turn {mismatch.turn} ({mismatch.player}), throw {mismatch.throw}: the record has "
        f"{_faces(mismatch.recorded)}, seed {seed} gives {_faces(mismatch.derived)}"
    )


def _faces(dice: Dice) -> str:
    return " ".join(map(str, dice))


def _short(digits: str | None) -> str:
    return f"{(digits or '')[:SHOWN_HEX]}…"
