"""The statements a server runs for every action, compiled once for its database and run
on the driver's own cursor.

SQLAlchemy Core costs tens of microseconds a statement beyond the database's own work
(the compiled cache's lookup, the parameters' processing, the result's set-up). A server
pays that for every change of every room: measured on SQLite, about 70 µs a change of two
statements, a third of what storing the change costs in all. So the few statements of
:meth:`Store.append_rooms <thousand.web.store.Store.append_rooms>` are compiled once for
the database's dialect (:meth:`DriverStatement.of`) and run on the connection's DB-API
cursor, in the same transaction as the rest. A driver's error comes out as SQLAlchemy's
would (:class:`~sqlalchemy.exc.DBAPIError` and its kinds), so callers see no difference.

Only statements whose parameters SQLAlchemy's types pass on unchanged go this way: text,
integers and booleans (every driver takes Python's as they are).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler


@dataclass(frozen=True)
class DriverStatement:
    """A statement as its database's driver takes it: the SQL text and the names of its
    parameters (in their order, for a driver whose parameters are positional)."""

    sql: str
    names: tuple[str, ...]
    positional: bool

    @classmethod
    def of(cls, statement: ClauseElement, dialect: Dialect) -> DriverStatement:
        """``statement`` compiled for ``dialect``, once."""
        compiled = statement.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)  # a statement's (not DDL's)
        if compiled.positional:
            return cls(compiled.string, tuple(compiled.positiontup or ()), True)
        return cls(compiled.string, tuple(compiled.params), False)

    def rowcount(self, connection: Connection, params: Mapping[str, Any]) -> int:
        """Run it with ``params`` in ``connection``'s transaction: the rows it touched."""
        args: tuple[Any, ...] | dict[str, Any]
        if self.positional:
            args = tuple(params[name] for name in self.names)
        else:
            args = {name: params[name] for name in self.names}
        dbapi = connection.dialect.loaded_dbapi
        cursor = connection.connection.cursor()
        try:
            cursor.execute(self.sql, args)
            return int(cursor.rowcount)
        except dbapi.Error as exc:  # as SQLAlchemy's own execution would raise it
            raise DBAPIError.instance(
                self.sql, args, exc, dbapi.Error, hide_parameters=True, dialect=connection.dialect
            ) from exc
        finally:
            cursor.close()
