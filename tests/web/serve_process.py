"""``thousand serve`` as a real child process: started, killed, started again.

The port is chosen once, free, when the process is made, so a process started again
after a kill listens where its clients look for it.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

from tests.services import free_port

ADDRESS = re.compile(r"open http://([0-9.]+):([0-9]+)/")


class ServeProcess:
    """One server process of a deployment; its errors go to ``folder/NAME.log``."""

    def __init__(
        self,
        folder: Path,
        name: str,
        db_url: str,
        redis_url: str | None = None,
        *extra: str,
        port: int | None = None,
    ) -> None:
        self.folder = folder
        self.log = folder / f"{name}.log"
        self.port = free_port() if port is None else port
        self.command = [sys.executable, "-m", "thousand", "serve", "--port", str(self.port)]
        self.command += ["--db", db_url, "--bot-delay", "0", *extra]
        if redis_url is not None:
            self.command += ["--redis", redis_url]
        self.process: subprocess.Popen[str] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def returncode(self) -> int | None:
        return None if self.process is None else self.process.returncode

    def __enter__(self) -> ServeProcess:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def start(self, timeout: float = 60.0) -> None:
        """Start and wait until it listens (it prints its address then)."""
        env = {
            **os.environ,
            "THOUSAND_DATA_DIR": str(self.folder / "data"),
            "PYTHONUNBUFFERED": "1",
        }
        with self.log.open("a") as errors:
            self.process = subprocess.Popen(
                self.command, stdout=subprocess.PIPE, stderr=errors, text=True, env=env
            )
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        if ADDRESS.search(line) is None:
            self.stop()
            raise AssertionError(f"thousand serve did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no goodbye to anyone, nothing flushed; returns once it is gone."""
        self.kill_now()
        assert self.process is not None
        self.process.wait(timeout=30)
        self._close()

    def kill_now(self) -> None:
        """SIGKILL, without waiting (an event loop's caller must not block)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        self._close()

    def _close(self) -> None:
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()
