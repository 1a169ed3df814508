"""Tests of thousand.tui."""
