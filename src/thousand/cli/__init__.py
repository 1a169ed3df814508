"""The command line: ``thousand COMMAND`` (:mod:`thousand.cli.main`), one module a command.

The command line is where the program starts: it parses what a person typed (seats,
rules, files), looks the game up in the registry (:mod:`thousand.games`) and hands over
to a front-end — the terminal game for ``thousand play``.
"""
