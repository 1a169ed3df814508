"""Tests of thousand.cli."""
