"""The README and the docs stay true: their sessions are rerun, their Python is doctested,
their links lead somewhere in the repository, and nothing cites a file outside it.

Every ``console`` block, in README.md and in every page of docs/, is a shell session of
``$ .venv/bin/thousand …`` lines (or ``$ echo '…' | .venv/bin/thousand …``) each followed
by its output; the output must be what :func:`thousand.cli.main` prints now, standard
output and error together. The README is for players; the engineering detail lives in
docs/, and the sessions moved there are rerun the same way.
"""

from __future__ import annotations

import doctest
import io
import re
import shlex
from pathlib import Path

import pytest

from tests import ROOT
from thousand.cli.main import main

README = ROOT / "README.md"
DOCS = ROOT / "docs"
PROGRAM = ".venv/bin/thousand"

PAGES = (README, *sorted(DOCS.glob("*.md")))
"""Every page a reader of the repository meets: the README and docs/*.md."""

SCREENSHOT = "docs/screenshots/table-en-desktop.png"
"""The one picture of the README: the table as a player sees it (made with the browser
tests' screenshots, so it may arrive in the tree after the README that shows it)."""

ENGINEERING_PAGES = (
    "docs/records.md",
    "docs/rules-files.md",
    "docs/engine.md",
    "docs/development.md",
    "docs/perfect.md",
    "docs/dice.md",
    "docs/web.md",
    "docs/deploy.md",
)
"""Where the README sends whoever wants more than playing: each one linked from it."""

SESSION_PAGES = ("docs/records.md", "docs/rules-files.md", "docs/perfect.md")
"""The docs pages the README's former sessions moved to (records, rules, solver)."""

_BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def name(page: Path) -> str:
    """A page as the repository names it (``docs/records.md``)."""
    return page.relative_to(ROOT).as_posix()


def sessions_of(page: Path) -> list[tuple[str, str]]:
    """(command line, expected output) for every ``$`` line of a page's console blocks."""
    found: list[tuple[str, str]] = []
    for block in _BLOCK.findall(page.read_text(encoding="utf-8")):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


def sessions() -> list[tuple[str, str, str]]:
    """(page, command line, expected output) over every page."""
    return [(name(page), *session) for page in PAGES for session in sessions_of(page)]


def run_line(command: str) -> str:
    """Run one session's command line in-process; what a terminal would show."""
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


def test_the_readme_keeps_a_few_sessions() -> None:
    assert len(sessions_of(README)) >= 3


@pytest.mark.parametrize("page", SESSION_PAGES)
def test_the_moved_sessions_are_in_the_docs(page: str) -> None:
    assert sessions_of(ROOT / page), page


@pytest.mark.parametrize(
    ("page", "command", "expected"),
    sessions(),
    ids=lambda value: value.removeprefix("docs/")[:40],
)
def test_session(page: str, command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    shown = [line.rstrip() for line in run_line(command).splitlines()]
    assert shown == expected.splitlines(), page


def doctest_pages() -> list[Path]:
    """The pages whose ``python`` blocks are doctests (``>>>`` lines, not scripts)."""
    return [
        page
        for page in PAGES
        if any(">>>" in block for block in _python_blocks(page.read_text(encoding="utf-8")))
    ]


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.DOTALL)


def test_the_engine_page_is_doctested() -> None:
    assert DOCS / "engine.md" in doctest_pages()


@pytest.mark.parametrize("page", doctest_pages(), ids=name)
def test_python_examples(page: Path) -> None:
    """The doctest ``python`` blocks run (the fence would end the last output)."""
    runner = doctest.DocTestRunner()
    for number, block in enumerate(_python_blocks(page.read_text(encoding="utf-8"))):
        label = f"{name(page)} {number}"
        test = doctest.DocTestParser().get_doctest(block, {}, label, str(page), 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


TEST_COMMAND = (
    "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest"
)
PLAY_COMMAND = "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/thousand play"


def test_ci_runs_the_readme_test_command() -> None:
    readme = README.read_text(encoding="utf-8")
    assert TEST_COMMAND in readme
    assert TEST_COMMAND in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_starts_with_the_two_set_up_commands() -> None:
    """Set up and run comes before any other section: what a newcomer types first."""
    readme = README.read_text(encoding="utf-8")
    sections = re.findall(r"^## (.+)$", readme, flags=re.MULTILINE)
    assert sections[0] == "Set up and run"
    setup = readme.split("## Set up and run", 1)[1].split("\n## ", 1)[0]
    assert PLAY_COMMAND in setup
    assert TEST_COMMAND in setup


def test_the_readme_is_for_players() -> None:
    """How to play alone and with friends is in the README; engineering is linked."""
    readme = README.read_text(encoding="utf-8")
    sections = re.findall(r"^## (.+)$", readme, flags=re.MULTILINE)
    for section in ("Play in the terminal", "Play with friends", "Keep score of real dice"):
        assert section in sections
    friends = readme.split("## Play with friends", 1)[1].split("\n## ", 1)[0]
    for needed in ("thousand serve --host 0.0.0.0", "invite link", "phone", "Wi-Fi"):
        assert needed in friends, needed
    for engineering in ("## The engine", "## Development", "## Where things live", ">>> "):
        assert engineering not in readme, engineering
    for page in ENGINEERING_PAGES:
        assert f"]({page})" in readme, page
        assert (ROOT / page).is_file(), page


def test_the_readme_shows_the_table() -> None:
    """One picture, the table; once the file is in the tree it is a PNG."""
    readme = README.read_text(encoding="utf-8")
    assert re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme) == [SCREENSHOT]
    picture = ROOT / SCREENSHOT
    if picture.exists():
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


OUTSIDE = re.compile(
    r"\.\./shared|/work/|\b(?:RULES|POKER_DICE|PROTOCOL|RECORD|CARD_THOUSAND|STYLE)\.md\b|§"
    r"|\bseeds?/|\bseed 0\d\d\b|\bR[1-9]\b"
)
"""What cites the project's contracts and sources, which are not in the repository: a
reader of the repository cannot open them."""


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_nothing_names_a_file_outside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert OUTSIDE.findall(text) == [], name(page)


_LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_links_lead_to_files_of_the_repository(page: Path) -> None:
    missing = []
    for target in _LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#", 1)[0]).resolve()
        assert path.is_relative_to(ROOT), target
        if not path.exists() and path != ROOT / SCREENSHOT:
            missing.append(target)
    assert missing == [], name(page)


CONTRACT_LINKS = {
    "exactly RECORD.md": "exactly as [records.md](records.md) describes it",
    "(RECORD.md)": "([records.md](records.md))",
    "(POKER_DICE.md)": "([poker dice](rules-files.md#poker-dice))",
}
"""Where docs/protocol.md, the protocol contract as users get it, names the project's
other contracts (not in the repository), it links the docs page that says the same."""


def test_the_protocol_copy_is_the_contract() -> None:
    """docs/protocol.md is the project's contract as users get it; it must not drift."""
    contract = ROOT.parent / "shared" / "PROTOCOL.md"
    if not contract.exists():
        pytest.skip("the project's contracts are not beside this checkout")
    expected = contract.read_text(encoding="utf-8")
    for cited, linked in CONTRACT_LINKS.items():
        assert cited in expected, cited
        expected = expected.replace(cited, linked)
    copy = ROOT / "docs" / "protocol.md"
    assert copy.read_text(encoding="utf-8") == expected
