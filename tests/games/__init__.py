"""Tests of thousand.games."""
