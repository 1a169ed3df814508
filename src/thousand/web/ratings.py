"""Ratings of players per game kind: openskill's Plackett–Luce model, by place.

Pure: a game's places in, the players' new ratings out (no database, no clock). The
server (:mod:`.history`) rates each finished game between people as it ends and
recomputes every rating from the stored games in order of finish (``thousand
ratings``): both go through :func:`rate`, so the two agree to the last bit.

Who is rated (docs/history.md says why): the seats taken with a player's key, when at
least two different players held such seats in the game. Computer players and people
without a key are left out of the ranking: a computer's strength is not a rating on
the same scale as the people's (its level plays the same whoever it meets, and a level
taking points from people would only measure how often the company plays it), and a
seat without a key is nobody the next game can be tied to. What is left of the places
keeps its order: ahead of the other rated players is ahead, a shared place is a tie.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""openskill's defaults: μ 25, σ 25/3 for a new player, β 25/6, τ 25/300."""

SHOWN_SIGMAS = 3.0
"""The rating shown is μ − 3σ: what the player is at least, with 99.7 % confidence — a
new player starts at 0 and climbs as the games make their strength sure."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's strength in one game kind: the mean ``mu`` and its uncertainty ``sigma``."""

    mu: float
    sigma: float
    games: int = 0
    """Rated games behind it."""

    @property
    def shown(self) -> float:
        """The conservative rating a leaderboard orders by (μ − 3σ)."""
        return self.mu - SHOWN_SIGMAS * self.sigma

    def to_data(self) -> dict[str, float | int]:
        return {
            "rating": round(self.shown, 2),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "rated_games": self.games,
        }


NEW = Rating(MODEL.mu, MODEL.sigma)
"""A player's rating before their first rated game."""


def rate(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The ratings of a game's rated players after it, from theirs before and their
    places (1 is first; equal places are a tie; gaps do not matter)."""
    if len(before) != len(places) or len(before) < 2:
        raise ValueError("a rated game has two players or more, each with a place")
    teams = [[MODEL.create_rating([rating.mu, rating.sigma])] for rating in before]
    after = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [
        Rating(team[0].mu, team[0].sigma, rating.games + 1)
        for team, rating in zip(after, before, strict=True)
    ]
