"""Tests of thousand.stats: a player's statistics from game records."""
