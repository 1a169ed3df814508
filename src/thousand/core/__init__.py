"""What every game and every front-end shares: the error family, reading files, languages.

Nothing here knows a rule of any game.
"""
