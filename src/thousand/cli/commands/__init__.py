"""The subcommands of ``thousand``: one module per command, each with ``register``
(besides :mod:`.base` and :mod:`.sitting`, what the commands share).

A command module adds its parser with ``register(subparsers)`` and sets
``handler=`` on it; :mod:`thousand.cli.main` lists the registrars, parses, and maps
errors to exit statuses. Handlers only read and write through :class:`Env`, so
tests run them in-process with ``StringIO`` streams (as httpie does).
"""
