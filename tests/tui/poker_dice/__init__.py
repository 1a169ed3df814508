"""Tests of poker dice in the terminal (thousand.tui.poker_dice)."""
