"""The terminal game: ``thousand play`` on a full screen, built with Textual.

Importing this package imports nothing heavy; :mod:`thousand.tui.app` (Textual) is
loaded only when a game opens on a terminal.
"""
