"""Alembic's migrations of the server's database (see :mod:`thousand.web.schema`)."""
