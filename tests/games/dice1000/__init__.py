"""Tests of thousand.games.dice1000."""
