"""The README stays true: its sessions are rerun, its Python is doctested.

Every ``console`` block is a shell session of ``$ .venv/bin/thousand …`` lines (or
``$ echo '…' | .venv/bin/thousand …``) each followed by its output; the output must be
what :func:`thousand.cli.main` prints now, standard output and error together.
"""

from __future__ import annotations

import doctest
import io
import re
import shlex

import pytest

from tests import ROOT
from thousand.cli.main import main

README = ROOT / "README.md"
PROGRAM = ".venv/bin/thousand"

_BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def sessions() -> list[tuple[str, str]]:
    """(command line, expected output) for every ``$`` line of the console blocks."""
    found: list[tuple[str, str]] = []
    for block in _BLOCK.findall(README.read_text(encoding="utf-8")):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


def run_line(command: str) -> str:
    """Run one README command line in-process; what a terminal would show."""
    stdin = ""
    words = shlex.split(command)
    if "|" in words:
        bar = words.index("|")
        assert words[0] == "echo", command
        stdin = " ".join(words[1:bar]) + "\n"
        words = words[bar + 1 :]
    assert words[0] == PROGRAM, command
    out, err = io.StringIO(), io.StringIO()
    main(words[1:], stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def test_the_readme_has_sessions() -> None:
    assert len(sessions()) >= 6


@pytest.mark.parametrize(("command", "expected"), sessions(), ids=lambda value: value[:40])
def test_readme_session(command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    shown = [line.rstrip() for line in run_line(command).splitlines()]
    assert shown == expected.splitlines()


def test_readme_python_examples() -> None:
    """The ``python`` blocks are doctests (the fence would end the last output)."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert blocks
    runner = doctest.DocTestRunner()
    for number, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, f"README {number}", str(README), 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


TEST_COMMAND = (
    "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest"
)


def test_ci_runs_the_readme_test_command() -> None:
    readme = README.read_text(encoding="utf-8")
    command = TEST_COMMAND
    assert command in readme
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_protocol_copy_is_the_contract() -> None:
    """docs/protocol.md is the project's contract as users get it; it must not drift."""
    contract = ROOT.parent / "shared" / "PROTOCOL.md"
    if not contract.exists():
        pytest.skip("the project's contracts are not beside this checkout")
    copy = ROOT / "docs" / "protocol.md"
    assert copy.read_text(encoding="utf-8") == contract.read_text(encoding="utf-8")
