"""``thousand serve --log-format`` and ``--log-level``: refused in one line when wrong, and
a real server process whose standard error is JSON lines without the token it was given."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from thousand.cli.main import main


@pytest.mark.parametrize(
    ("argv", "variables", "named"),
    [
        (["--log-format", "bogus"], {}, "--log-format"),
        (["--log-level", "loud"], {}, "--log-level"),
        ([], {"THOUSAND_LOG_FORMAT": "bogus"}, "THOUSAND_LOG_FORMAT"),
        ([], {"THOUSAND_LOG_LEVEL": "loud"}, "THOUSAND_LOG_LEVEL"),
    ],
)
def test_a_bad_format_or_level_is_one_line_and_status_2(
    argv: list[str],
    variables: dict[str, str],
    named: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    stdout, stderr = io.StringIO(), io.StringIO()
    status = main(
        ["serve", "--db", f"sqlite:///{tmp_path / 'server.db'}", *argv],
        stdout=stdout,
        stderr=stderr,
    )
    assert status == 2
    assert stdout.getvalue() == ""
    assert len(stderr.getvalue().splitlines()) == 1
    assert named in stderr.getvalue()
    assert not (tmp_path / "server.db").exists()  # refused before anything started


def test_a_server_writes_json_lines_and_never_its_tokens(tmp_path: Path) -> None:
    errors = tmp_path / "stderr.log"
    command = [sys.executable, "-m", "thousand", "serve", "--port", "0", "--bot-delay", "0"]
    command += ["--db", f"sqlite:///{tmp_path / 'server.db'}", "--log-format", "json"]
    env = {**os.environ, "THOUSAND_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    with errors.open("w") as sink:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=sink, text=True, env=env)
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 60.0)
        line = process.stdout.readline() if ready else ""
        assert "open http://" in line, errors.read_text()[-2000:]
        base = line.split("open ", 1)[1].split()[0].rstrip("/")
        created = httpx.post(f"{base}/api/rooms", json={"name": "Ann", "seats": [{"open": True}]})
        assert created.status_code == 201, created.text
        token, room = created.json()["token"], created.json()["room"]
        address = base.replace("http://", "ws://") + f"/ws/rooms/{room}?token={token}"
        with connect(address, open_timeout=10) as socket:
            assert json.loads(socket.recv(timeout=10))["type"] == "state"
        assert httpx.get(f"{base}/api/health").status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=30)
        if process.stdout is not None:
            process.stdout.close()

    text = errors.read_text()
    entries = [json.loads(line) for line in text.splitlines()]  # every line is one object
    assert token not in text
    thousand = [entry for entry in entries if entry["logger"].startswith("thousand")]
    assert thousand, text
    for entry in entries:
        assert {"time", "level", "logger", "message", "process"} <= set(entry)
