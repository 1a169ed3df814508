"""Poker dice (Покер на костях): the second game of the seeds (POKER_DICE.md)."""
