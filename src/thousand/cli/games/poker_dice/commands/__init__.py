"""The commands of the game on the command line, one module per command, each with
``run``: what the generic command (:mod:`thousand.cli.commands`) hands over to once it
has parsed the options and checked that the game offers the command."""
