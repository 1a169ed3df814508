"""``thousand serve``: the online game — rooms in the browser, on phones and laptops.

Starts the server of PROTOCOL.md (:mod:`thousand.web`) with uvicorn and prints the
address to open. Rooms are kept in an SQLite file in the data folder
(``THOUSAND_DATA_DIR`` or the XDG data folder) unless ``--db`` (or ``THOUSAND_DB``) names
another database: PostgreSQL for several processes sharing the rooms, with Redis
(``--redis`` or ``THOUSAND_REDIS``) carrying the news between them. A server stopped at
any moment, even by ``kill -9``, brings every room back on its next start. The
database's schema is brought up to date on start; ``--migrate`` does only that.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from thousand.cli.commands.base import Env, ExitStatus, Subparsers
from thousand.cli.storage import data_dir
from thousand.core.errors import ThousandError
from thousand.web.logs import LOG_FORMATS, LOG_LEVELS, LogFormat, configure_logging

if TYPE_CHECKING:
    import asyncio
    from asyncio import AbstractEventLoop

DEFAULT_PORT = 8000
REDIS_SCHEMES = ("redis", "rediss", "unix")


def default_db_url() -> str:
    """The SQLite file of the server in the data folder (created on first start)."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


def _port(text: str) -> int:
    value = int(text) if text.isdigit() else -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0–65535)")
    return value


def _redis_url(text: str) -> str:
    """``text`` if it is a Redis URL; the error never repeats it (it may hold a password)."""
    try:
        parts = urlsplit(text)
        usable = parts.scheme in REDIS_SCHEMES and bool(
            parts.path if parts.scheme == "unix" else parts.hostname
        )
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        usable = False
    if not usable:
        raise ThousandError("--redis: not a Redis URL (redis://HOST:PORT/DB or unix:///PATH)")
    return text


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 60")
    return value


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="play online: start the server, then open the address it prints in a browser",
        description="Start the online game: rooms of people and computer players, in the "
        "browser, with the server throwing verifiable dice. It prints the address for you to "
        "open in a browser (it opens none itself) and runs until Ctrl+C.",
        epilog="example: thousand serve --port 8000",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1; 0.0.0.0 for other machines of the network)",
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port (default: {DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL: sqlite:///FILE or postgresql://USER:PASSWORD@HOST/DB (default: "
        "$THOUSAND_DB, or an SQLite file in the data folder)",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="Redis URL, for several server processes on one PostgreSQL database "
        "(default: $THOUSAND_REDIS; none: one process)",
    )
    parser.add_argument(
        "--migrate",
        action="store_true",
        help="bring the database's schema up to date, print its revision and exit",
    )
    parser.add_argument(
        "--bot-delay",
        type=_seconds,
        default=0.6,
        metavar="SECONDS",
        help="pause before each computer decision (default: 0.6)",
    )
    parser.add_argument(
        "--log-format",
        choices=LOG_FORMATS,
        help="log lines as text or as JSON objects, one a line (default: "
        "$THOUSAND_LOG_FORMAT, or text)",
    )
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        help="the least severe log lines written (default: $THOUSAND_LOG_LEVEL, or info)",
    )
    parser.add_argument(
        "--no-players",
        action="store_true",
        help="no player keys, player pages or leaderboards (default: on, unless "
        "$THOUSAND_PLAYERS is off)",
    )
    parser.add_argument(
        "--no-rate-limits",
        action="store_true",
        help="no limits on requests and actions (load tests only)",
    )
    parser.set_defaults(handler=run)


def _logging(args: argparse.Namespace) -> tuple[LogFormat, str]:
    """``--log-format`` and ``--log-level``, or their variables (checked here: argparse
    checks only what is on the command line)."""
    fmt = args.log_format or os.environ.get("THOUSAND_LOG_FORMAT") or "text"
    level = args.log_level or os.environ.get("THOUSAND_LOG_LEVEL") or "info"
    if fmt not in LOG_FORMATS:
        raise ThousandError(f"THOUSAND_LOG_FORMAT: {fmt!r} is not one of {', '.join(LOG_FORMATS)}")
    if level not in LOG_LEVELS:
        raise ThousandError(f"THOUSAND_LOG_LEVEL: {level!r} is not one of {', '.join(LOG_LEVELS)}")
    return fmt, level


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    import uvicorn  # noqa: PLC0415 - the server's libraries load only for this command

    from thousand.web import collector  # noqa: PLC0415
    from thousand.web.history import warm  # noqa: PLC0415
    from thousand.web.server import Settings, create_app  # noqa: PLC0415

    log_format, log_level = _logging(args)
    db_url = args.db or os.environ.get("THOUSAND_DB") or default_db_url()
    redis_url = args.redis or os.environ.get("THOUSAND_REDIS") or None
    if redis_url is not None:
        _redis_url(redis_url)
    if args.migrate:
        return migrate(db_url, env)
    configure_logging(log_format, log_level, env.stderr)
    settings = Settings(
        db_url=db_url,
        redis_url=redis_url,
        bot_delay=args.bot_delay,
        http_rate=0.0 if args.no_rate_limits else 20.0,
        action_rate=0.0 if args.no_rate_limits else 30.0,
        **({"players": False} if args.no_players else {}),
    )
    try:
        app = create_app(settings)
    except ThousandError as exc:
        raise ThousandError(f"--db: {exc}") from None
    warm()  # the finished games' history, loaded before the first one ends mid-play
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        access_log=False,  # it would log the WebSocket's ?token=…
        ws=ws_protocol(),
        ws_max_size=65536,
        # Compressing every state costs more CPU than the few kilobytes it saves on a
        # table's traffic; the server's one core is better spent on the games.
        ws_per_message_deflate=False,
        log_config=None,  # its loggers go through configure_logging's handler
        log_level=None,
        lifespan="on",
    )
    server = uvicorn.Server(config)

    async def announce() -> None:
        full = asyncio.create_task(collector.collect_now_and_then())
        try:
            await server.serve()
        finally:
            full.cancel()

    import asyncio  # noqa: PLC0415

    original_startup = server.startup

    async def startup(sockets: object = None) -> None:
        await original_startup(sockets=sockets)  # type: ignore[arg-type]
        for listener in server.servers:
            for sock in listener.sockets:
                host, port = sock.getsockname()[:2]
                shown = "127.0.0.1" if host in {"0.0.0.0", "::"} else host
                env.stdout.write(f"thousand serve: open http://{shown}:{port}/ (Ctrl+C stops)\n")
                env.stdout.flush()
                return

    server.startup = startup  # type: ignore[method-assign]
    collector.tune()  # see thousand.web.collector: no long pause of the loop
    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(announce())
    return ExitStatus.OK


def ws_protocol() -> type[asyncio.Protocol] | str:
    """The WebSocket protocol: uvicorn's websockets one that lets go of the handshake once
    answered (:mod:`thousand.web.wsprotocol`), where this uvicorn has it; else its own
    choice (``auto``)."""
    try:
        from thousand.web.wsprotocol import LeanWebSocketsProtocol  # noqa: PLC0415
    except ImportError:
        return "auto"
    return LeanWebSocketsProtocol


def event_loop_factory() -> Callable[[], AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (uvicorn's ``standard`` extra brings it on
    Linux and macOS), else asyncio's own (None). The server calls the loop for every
    message in and out of every WebSocket; uvloop's costs a tenth less processor time a
    game's action (``benchmarks/bench_web.py``, docs/deploy.md's Capacity)."""
    try:
        import uvloop  # noqa: PLC0415
    except ImportError:
        return None
    factory: Callable[[], AbstractEventLoop] = uvloop.new_event_loop
    return factory


def migrate(db_url: str, env: Env) -> ExitStatus:
    """``--migrate``: the schema brought to the newest revision (every store does it when
    it opens), and nothing else."""
    from thousand.web.store import Store  # noqa: PLC0415

    try:
        store = Store(db_url)
    except ThousandError as exc:
        raise ThousandError(f"--db: {exc}") from None
    store.close()
    env.print(f"thousand serve: database {store.where} at revision {store.revision}")
    return ExitStatus.OK
