"""The subcommands of ``thousand``: one module per command, each with ``register``.

A command module adds its parser with ``register(subparsers)`` and sets
``handler=`` on it; :mod:`thousand.cli.main` lists the registrars, parses, and maps
errors to exit statuses. Handlers only read and write through :class:`Env`, so
tests run them in-process with ``StringIO`` streams (as httpie does).
"""
