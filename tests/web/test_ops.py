"""``GET /metrics`` and ``GET /api/ready`` (:mod:`thousand.web.ops`) on an application of
their own: the numbers a scrape shows after the calls that move them, and a readiness
check that answers 503, in bounded time, when a part fails or hangs; then on the server
itself, where a room, a socket and its actions move them."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from thousand.web import ops
from thousand.web.metrics import Metrics
from thousand.web.ops import add_ops_routes, gather_checks
from thousand.web.server import Settings, create_app


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape by name and sorted labels (the text format parsed)."""
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def app_with(
    metrics: Metrics, checks: Callable[[], Awaitable[dict[str, str]]] | None = None
) -> TestClient:
    async def all_ok() -> dict[str, str]:
        return {"database": "ok"}

    app = FastAPI()
    add_ops_routes(app, metrics, all_ok if checks is None else checks)
    return TestClient(app)


def test_a_scrape_shows_what_the_calls_counted() -> None:
    rooms = ["a", "b", "c"]
    metrics = Metrics(rooms=lambda: len(rooms))
    client = app_with(metrics)
    for result in ("accepted", "accepted", "refused", "conflict"):
        metrics.action(result, time.perf_counter())
    metrics.action("accepted", time.perf_counter() - 0.3)  # one slow action
    metrics.store_error()
    metrics.connection_opened()
    metrics.connection_opened()
    metrics.connection_closed()
    rooms.append("d")

    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    found = samples(answer.text)
    assert found[("thousand_rooms", ())] == 4  # read at the scrape, not at construction
    assert found[("thousand_connections", ())] == 1
    assert found[("thousand_actions_total", (("result", "accepted"),))] == 3
    assert found[("thousand_actions_total", (("result", "refused"),))] == 1
    assert found[("thousand_actions_total", (("result", "conflict"),))] == 1
    assert found[("thousand_store_errors_total", ())] == 1
    assert found[("thousand_action_seconds_count", ())] == 5
    assert found[("thousand_action_seconds_bucket", (("le", "0.001"),))] >= 3
    assert found[("thousand_action_seconds_bucket", (("le", "0.25"),))] == 4
    assert found[("thousand_action_seconds_bucket", (("le", "0.5"),))] == 5
    assert found[("thousand_action_seconds_bucket", (("le", "2.0"),))] == 5
    assert 0.3 <= found[("thousand_action_seconds_sum", ())] < 0.5
    assert found[("process_cpu_seconds_total", ())] > 0


def test_every_result_is_shown_from_the_start_and_apps_do_not_share_numbers() -> None:
    first, second = Metrics(), Metrics(process=False)  # two registries in one process
    first.action("refused", time.perf_counter())
    found = samples(app_with(second).get("/metrics").text)
    for result in ("accepted", "refused", "conflict"):
        assert found[("thousand_actions_total", (("result", result),))] == 0
    assert found[("thousand_rooms", ())] == 0
    assert not any(name.startswith("process_") for name, _labels in found)
    assert first.value("thousand_actions_total", {"result": "refused"}) == 1


def test_openmetrics_when_the_scraper_asks_for_it() -> None:
    answer = app_with(Metrics(process=False)).get(
        "/metrics", headers={"Accept": "application/openmetrics-text; version=1.0.0"}
    )
    assert answer.headers["content-type"].startswith("application/openmetrics-text")
    assert answer.text.rstrip().endswith("# EOF")


async def ok() -> str:
    return "ok"


async def nothing() -> None:
    return None


async def refused() -> str:
    raise ConnectionRefusedError("postgresql://thousand:secret@db/thousand")


async def reconnecting() -> str:
    return "reconnecting"


async def hangs() -> str:
    await asyncio.Event().wait()
    return "ok"


def test_ready_when_every_part_is_ok() -> None:
    client = app_with(
        Metrics(process=False), lambda: gather_checks({"database": ok, "redis": nothing})
    )
    answer = client.get("/api/ready")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ready", "checks": {"database": "ok", "redis": "ok"}}


@pytest.mark.parametrize(("check", "word"), [(refused, "error"), (reconnecting, "reconnecting")])
def test_not_ready_when_a_part_fails(
    check: ops.Check, word: str, caplog: pytest.LogCaptureFixture
) -> None:
    client = app_with(
        Metrics(process=False), lambda: gather_checks({"database": ok, "redis": check})
    )
    answer = client.get("/api/ready")
    assert answer.status_code == 503
    assert answer.json() == {"status": "not_ready", "checks": {"database": "ok", "redis": word}}
    assert "secret" not in answer.text + caplog.text  # the word, never the error's text


def test_a_part_that_hangs_is_a_timeout_in_bounded_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ops, "CHECK_SECONDS", 0.2)
    client = app_with(
        Metrics(process=False), lambda: gather_checks({"database": hangs, "redis": ok})
    )
    started = time.monotonic()
    answer = client.get("/api/ready")
    assert time.monotonic() - started < 1.5
    assert answer.status_code == 503
    assert answer.json() == {
        "status": "not_ready",
        "checks": {"database": "timeout", "redis": "ok"},
    }


def test_checks_that_hang_or_fail_as_a_whole_are_not_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ops, "ANSWER_SECONDS", 0.2)

    async def hang_all() -> dict[str, str]:
        await asyncio.Event().wait()
        return {}

    async def fail_all() -> dict[str, str]:
        raise RuntimeError("boom")

    started = time.monotonic()
    answer = app_with(Metrics(process=False), hang_all).get("/api/ready")
    assert time.monotonic() - started < 1.5
    assert (answer.status_code, answer.json()["checks"]) == (503, {"all": "timeout"})
    answer = app_with(Metrics(process=False), fail_all).get("/api/ready")
    assert (answer.status_code, answer.json()["checks"]) == (503, {"all": "error"})


def test_the_default_bound_is_two_seconds() -> None:
    """The deployment's probes (compose.yaml) wait longer than an answer takes."""
    assert ops.CHECK_SECONDS == 2.0
    assert ops.CHECK_SECONDS < ops.ANSWER_SECONDS <= 3.0


def test_the_server_counts_its_rooms_connections_and_actions(tmp_path: Path) -> None:
    """The routes as ``create_app`` wires them: one solitaire room, one accepted throw
    and one stale one, counted while the socket is open and after it closed."""
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path}/s.db", bot_delay=0.0))
    with TestClient(app) as client:
        answer = client.get("/api/ready")
        assert (answer.status_code, answer.json()) == (
            200,
            {"status": "ready", "checks": {"database": "ok"}},
        )
        created = client.post("/api/rooms", json={"name": "Ann", "seats": []}).json()
        path = f"/ws/rooms/{created['room']}?token={created['token']}"
        with client.websocket_connect(path) as socket:
            seq = socket.receive_json()["seq"]
            socket.send_json({"type": "action", "action": "throw", "seq": seq})
            while (message := socket.receive_json())["type"] == "state":
                if message["seq"] == seq + 1:
                    break
            assert message == {**message, "type": "state", "seq": seq + 1}
            socket.send_json({"type": "action", "action": "throw", "seq": seq})  # stale
            while (message := socket.receive_json())["type"] == "state":
                pass
            assert message["code"] == "stale"
            found = samples(client.get("/metrics").text)
            assert found[("thousand_rooms", ())] == 1
            assert found[("thousand_connections", ())] == 1
            assert found[("thousand_actions_total", (("result", "accepted"),))] == 1
            assert found[("thousand_actions_total", (("result", "refused"),))] == 1
            assert found[("thousand_action_seconds_count", ())] == 2
        found = samples(client.get("/metrics").text)
        assert found[("thousand_connections", ())] == 0
        assert found[("thousand_store_errors_total", ())] == 0
