"""``thousand rules --game card1000 [PRESET|FILE]``: list card Thousand's presets, or
show one rule set as a complete rules file (CARD_THOUSAND.md §1–§4).

The human output of a rule set is itself a valid rules file (TOML with comment lines on
top, ``"none"`` where TOML has no null), so ``thousand rules --game card1000 classic >
mine.toml`` gives a file to edit; ``--json`` is the configuration as JSON data.
"""

from __future__ import annotations

import argparse

import tomli_w

from thousand.cli.commands.base import Env, ExitStatus
from thousand.games.card1000.presets import PRESET_NAMES, load_rules, rules_data, rules_to_spec

DESCRIPTIONS = {
    "classic": "three players, CARD_THOUSAND.md section 1 (the default)",
    "four_players": "four players, the dealer sits out and scores the talon (section 3)",
    "two_players": "two players, two talons of two cards (section 3)",
    "golden_dark": "classic with the golden round, dark and the ace marriage (section 2)",
}


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if args.name is None:
        if args.json:
            env.print_json(
                [{"name": name, "description": DESCRIPTIONS[name]} for name in PRESET_NAMES]
            )
        else:
            width = max(map(len, PRESET_NAMES))
            env.print("\n".join(f"{name:<{width}}  {DESCRIPTIONS[name]}" for name in PRESET_NAMES))
        return ExitStatus.OK
    rules = load_rules(args.name)
    spec = rules_to_spec(rules)
    # The preset first: it fixes the number of players (§8), which a file may not change.
    data = {"preset": spec if isinstance(spec, str) else spec["preset"], **rules_data(rules)}
    if args.json:
        env.print_json(data)
        return ExitStatus.OK
    about = DESCRIPTIONS.get(args.name, f"rules from {args.name}")
    header = (
        f"# card1000 {args.name} — {about}\n"
        "# A complete rules file: edit it and pass it as a record's rules.\n\n"
    )
    env.stdout.write(header + tomli_w.dumps(data))
    return ExitStatus.OK
