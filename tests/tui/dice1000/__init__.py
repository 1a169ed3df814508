"""Tests of dice 1000 in the terminal (thousand.tui.dice1000)."""
