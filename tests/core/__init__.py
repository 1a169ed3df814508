"""Tests of thousand.core."""
