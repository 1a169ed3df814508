"""The page's words: every text ``static/*.js`` looks up is in :data:`PAGE_TEXTS` (so the
server sends its translation), every entry there is still used by the page, and each has
a Russian translation with the same placeholders."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.pofile import read_po

import thousand.web
from thousand.core.i18n import translator
from thousand.web.texts import PAGE_TEXTS

STATIC = Path(thousand.web.__file__).parent / "static"
LOCALE = Path(thousand.web.__file__).parents[1] / "core" / "locale"
RU_PO = LOCALE / "ru" / "LC_MESSAGES" / "thousand.po"

# A call of the page's translation function (i18n.js: `export function t(id, params)`),
# not `.t(` or `xt(`; its first argument a string literal in any of JavaScript's quotes.
CALL = re.compile(r"(?<![\w$.])t\(")
LITERAL_CALL = re.compile(
    r"""(?<![\w$.])t\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`$\\]*)`)"""
)
DEFINITION = re.compile(r"function\s+t\(")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _js_string(double: str | None, single: str | None, backtick: str | None) -> str:
    if double is not None:
        return str(json.loads(f'"{double}"'))
    if single is not None:
        # the escapes a single-quoted literal may hold are JSON's, plus \'
        return str(json.loads('"' + single.replace("\\'", "'").replace('"', '\\"') + '"'))
    assert backtick is not None
    return backtick


def _sources() -> dict[str, str]:
    files = sorted(STATIC.rglob("*.js"))  # views/ and lobby/ too: each game's own parts
    assert len(files) >= 5, files  # app, dice, dom, i18n, lobby, table
    return {path.relative_to(STATIC).as_posix(): path.read_text(encoding="utf-8") for path in files}


def _used_texts() -> dict[str, set[str]]:
    """Each text the page translates, with the files that use it."""
    used: dict[str, set[str]] = {}
    for name, source in _sources().items():
        for match in LITERAL_CALL.finditer(source):
            used.setdefault(_js_string(*match.groups()), set()).add(name)
    return used


def test_every_translation_call_has_a_literal_text() -> None:
    """A call with a computed text would escape the checks below (and the catalogs)."""
    for name, source in _sources().items():
        calls = len(CALL.findall(source)) - len(DEFINITION.findall(source))
        literal = len(LITERAL_CALL.findall(source))
        assert calls == literal, f"{name}: {calls - literal} t(…) calls without a literal text"
    # the function looked for is the one the page translates with
    assert "export function t(id, params)" in _sources()["i18n.js"]


def test_page_texts_are_exactly_what_the_page_uses() -> None:
    used = _used_texts()
    assert len(used) > 100  # the lobby and the table: the search found the page's words
    missing = sorted(set(used) - set(PAGE_TEXTS))
    assert not missing, f"used by the page, not in PAGE_TEXTS: {missing}"
    unused = sorted(set(PAGE_TEXTS) - set(used))
    assert not unused, f"in PAGE_TEXTS, used nowhere in static/*.js: {unused}"
    assert len(PAGE_TEXTS) == len(set(PAGE_TEXTS)), "PAGE_TEXTS repeats a text"
    # spot checks of the extraction (quotes, escapes, typographic characters)
    assert used["The rules file's contents"] == {"lobby.js"}
    assert "Keys at the table: T or Space — throw, S — stop, 1–9 — which dice to set aside." in used
    assert {"lobby.js", "table.js"} <= used["Your name"]


def test_every_page_text_is_translated_to_russian() -> None:
    tr = translator("ru")
    untranslated = [text for text in PAGE_TEXTS if tr.gettext(text) == text]
    assert not untranslated, f"no Russian for: {untranslated}"
    for text in PAGE_TEXTS:
        russian = tr.gettext(text)
        assert russian.strip(), text
        # the page fills the placeholders by name: the translation must keep them all
        assert set(PLACEHOLDER.findall(russian)) == set(PLACEHOLDER.findall(text)), (text, russian)
    assert tr.gettext("Create a room") == "Создать стол"
    assert tr.gettext("Open rooms") == "Открытые столы"


def test_the_russian_catalog_has_each_page_text() -> None:
    """The catalog itself (not only the compiled one the server reads; tests/core/test_i18n
    checks that the two agree): a non-empty, non-fuzzy msgstr for each text."""
    with RU_PO.open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    for text in PAGE_TEXTS:
        message = catalog.get(text)
        assert message is not None, f"not in {RU_PO.name}: {text!r}"
        assert isinstance(message.string, str), text  # none of the page's texts has plurals
        assert message.string.strip(), f"empty msgstr: {text!r}"
        assert not message.fuzzy, f"fuzzy: {text!r}"


# «сдача» as a noun for a deal, in any case and number, not «пересдача» (a redeal) nor
# «раздача» (the one word the page and the terminal use); the verb («сдать», «сдаёт») is
# not matched: its forms never begin «сдач».
DEAL_AS_SDACHA = re.compile(r"(?<![а-яё])сдач(?:а|и|е|у|ей|ам|ами|ах)?(?![а-яё])", re.IGNORECASE)


def test_one_russian_word_for_a_deal() -> None:
    """A deal is «раздача» everywhere («Раздача 3», «третья раздача»): the page's texts
    and every Russian message of the catalog (card Thousand's words are in it too), never
    «сдача» for the same thing — a player reading both would wonder if they differ."""
    tr = translator("ru")
    page = [tr.gettext(text) for text in PAGE_TEXTS]
    assert not [text for text in page if DEAL_AS_SDACHA.search(text)]
    assert tr.gettext("Deal {n}") == "Раздача {n}"
    with RU_PO.open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    found: list[tuple[object, str]] = []
    for message in catalog:
        value = message.string
        strings = [value] if isinstance(value, str) else list(value or ())
        found += [(message.id, text) for text in strings if text and DEAL_AS_SDACHA.search(text)]
    assert not found, found
    assert DEAL_AS_SDACHA.search("Пересдача") is None
    assert DEAL_AS_SDACHA.search("Анна сдаёт, Борис сдал") is None
    assert DEAL_AS_SDACHA.search("Сдачи на бочке") is not None
