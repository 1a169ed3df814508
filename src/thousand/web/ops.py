"""The routes of the people who run the server: ``GET /metrics`` and ``GET /api/ready``.

``/api/health`` (in :mod:`thousand.web.routes`) is liveness: the process answers, so a
supervisor has no reason to restart it. ``/api/ready`` is readiness: what this process
needs to serve a room (the database, Redis) answers now, so a proxy or an orchestrator
may send it clients. A process that is alive but not ready is left running and sent no
clients until it is ready again: restarting it would not bring the database back.

A readiness check must never hang: a probe that waits longer than its own timeout counts
as a failure anyway, and a pile of waiting probes is load on a server already in trouble.
So every part is bounded by :data:`CHECK_SECONDS` (:func:`gather_checks`), and the whole
answer by a little more.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from thousand.web.metrics import Metrics

log = logging.getLogger("thousand.web.ops")

CHECK_SECONDS = 2.0
"""How long one part of the readiness check may take before it counts as ``timeout``."""
ANSWER_SECONDS = CHECK_SECONDS + 0.5
"""How long ``/api/ready`` waits for the checks as a whole (they run side by side)."""
OK = "ok"

Checks = Callable[[], Awaitable[dict[str, str]]]
"""The readiness check: each part's word, ``"ok"`` or why not (``"timeout"``, ...)."""
Check = Callable[[], Awaitable[str | None]]
"""One part: returns ``"ok"`` (or None, taken as ``"ok"``), another word, or raises."""


async def _bounded(name: str, check: Check, seconds: float) -> str:
    try:
        word = await asyncio.wait_for(check(), seconds)
    except TimeoutError:
        log.warning("ready: %s did not answer in %.1f s", name, seconds)
        return "timeout"
    except Exception as exc:  # the part is down: its word, never its message (URLs)
        log.warning("ready: %s failed (%s)", name, exc.__class__.__name__)
        return "error"
    return OK if word is None else word


async def gather_checks(parts: Mapping[str, Check], seconds: float | None = None) -> dict[str, str]:
    """Run every part at once, each bounded by ``seconds`` (:data:`CHECK_SECONDS`):
    ``{name: word}``.

    For the ``checks`` of :func:`add_ops_routes`, e.g.
    ``lambda: gather_checks({"database": ping, "redis": cluster.check})``.
    """
    bound = CHECK_SECONDS if seconds is None else seconds
    names = list(parts)
    words = await asyncio.gather(*(_bounded(name, parts[name], bound) for name in names))
    return dict(zip(names, words, strict=True))


async def readiness(checks: Checks, seconds: float | None = None) -> tuple[int, dict[str, object]]:
    """The status code and body of ``/api/ready``: 200 when every part is ``"ok"``, else
    503; checks that fail or hang as a whole are the part ``"all"``. ``seconds``:
    :data:`ANSWER_SECONDS`."""
    bound = ANSWER_SECONDS if seconds is None else seconds
    try:
        words = dict(await asyncio.wait_for(checks(), bound))
    except TimeoutError:
        log.warning("ready: the checks did not answer in %.1f s", bound)
        words = {"all": "timeout"}
    except Exception as exc:
        log.warning("ready: the checks failed (%s)", exc.__class__.__name__)
        words = {"all": "error"}
    ready = all(word == OK for word in words.values())  # nothing to check: ready
    body: dict[str, object] = {"status": "ready" if ready else "not_ready", "checks": words}
    return (200 if ready else 503), body


def add_ops_routes(app: FastAPI, metrics: Metrics, checks: Checks) -> None:
    """Add ``GET /metrics`` (Prometheus) and ``GET /api/ready`` (readiness) to ``app``."""

    @app.get("/metrics", include_in_schema=False)
    async def metrics_text(request: Request) -> Response:
        body, content_type = metrics.render(request.headers.get("accept"))
        return Response(body, headers={"Content-Type": content_type})

    @app.get("/api/ready")
    async def ready() -> JSONResponse:
        status, body = await readiness(checks)
        return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
