"""``thousand rules [NAME|FILE]``: list the presets, or show one rule set in full.

The human output of a single rule set is itself a valid rules file (TOML with
comment lines on top), so ``thousand rules ussr > mine.toml`` gives a file to edit
and pass back with ``--rules mine.toml``. ``--json`` is exactly ``Rules.to_data()``,
which is also a valid rules file.
"""

from __future__ import annotations

import argparse
import re
import textwrap

import tomli_w

from thousand.cli.commands.base import Env, ExitStatus
from thousand.core.i18n import translator
from thousand.games.dice1000.config import Rules
from thousand.games.dice1000.presets import PRESET_NAMES, load_rules
from thousand.games.dice1000.words import preset_description, rules_key


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    english = translator("en")
    if args.name is None:
        if args.json:
            env.print_json(
                [
                    {"name": name, "description": preset_description(english, name)}
                    for name in PRESET_NAMES
                ]
            )
        else:
            env.print(preset_list())
        return ExitStatus.OK
    rules = load_rules(args.name)
    if args.json:
        env.print_json(rules.to_data())
    else:
        env.stdout.write(rules_file(args.name, rules))
    return ExitStatus.OK


def preset_list() -> str:
    """One line per preset: its name and what its rules are (the words players see)."""
    english = translator("en")
    width = max(map(len, PRESET_NAMES))
    return "\n".join(
        f"{name:<{width}}  {preset_description(english, name)}" for name in PRESET_NAMES
    )


def rules_file(name: str, rules: Rules) -> str:
    """A TOML rules file for ``rules`` with a comment saying where it comes from."""
    if name in PRESET_NAMES:
        about = f"{name} — {preset_description(translator('en'), name)}"
    else:
        about = f"{name} — rules {rules_key(translator('en'), rules)}"
    comments = textwrap.wrap(about, width=86, break_on_hyphens=False)
    comments.append("A complete rules file: edit it and pass it with --rules FILE.")
    header = "".join(f"# {line}\n" for line in comments)
    return header + "\n" + compact_toml(tomli_w.dumps(rules.to_data()))


_NUMBER_ARRAY = re.compile(r"\[\n((?: +-?\d+,\n)+) *\]")


def compact_toml(text: str) -> str:
    """Put arrays of numbers on one line: ``singles = [10, 0, 0, 0, 5, 0]``.

    tomli_w writes one item per line, which makes a points table six lines long.
    """

    def join(match: re.Match[str]) -> str:
        items = match.group(1).split(",\n")
        return "[" + ", ".join(item.strip() for item in items if item.strip()) + "]"

    return _NUMBER_ARRAY.sub(join, text)
