"""Extract the game's texts, update the Russian and English catalogs, compile them.

Run after changing any text a player sees::

    .venv/bin/python scripts/update_catalogs.py

1. Every ``gettext`` / ``ngettext`` / ``pgettext`` / ``N_`` string under
   ``src/thousand`` goes into ``src/thousand/core/locale/thousand.pot``.
2. ``{ru,en}/LC_MESSAGES/thousand.po`` are updated from it: new texts are added
   untranslated (translate them in the ``.po``), texts no longer used are dropped.
3. Each ``.po`` is compiled to the ``.mo`` the game reads (commit both).

``--check`` changes nothing and exits 1 if a catalog is out of date or a Russian text
is missing — what the test suite asserts.

The files name no Babel version (:class:`StableCatalog`): Babel writes ``Generated-By:
Babel VERSION`` into every header, so each Babel release made the committed catalogs
"out of date" on a fresh machine, which installs the newest Babel.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "thousand"
LOCALE = PACKAGE / "core" / "locale"
DOMAIN = "thousand"
LANGUAGES = ("ru", "en")
KEYWORDS = {
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
}


_EPOCH = datetime(2024, 1, 1, tzinfo=UTC)
"""The catalogs' creation and revision date, fixed so the files stay the same."""


class StableCatalog(Catalog):
    """A catalog whose header leaves out ``Generated-By`` (the Babel version that wrote
    it): what is written depends only on the texts and translations."""

    def _get_mime_headers(self) -> list[tuple[str, str]]:
        headers = [item for item in super()._get_mime_headers() if item[0] != "Generated-By"]
        name, value = headers[-1]
        headers[-1] = (name, value.rstrip("\n") + "\n")  # the header ends a line, as msgfmt wants
        return headers


def stable(catalog: Catalog) -> StableCatalog:
    """``catalog`` (as :func:`babel.messages.pofile.read_po` makes it) as a
    :class:`StableCatalog`: the same object, which only writes its header differently."""
    catalog.__class__ = StableCatalog
    assert isinstance(catalog, StableCatalog)
    return catalog


def extract() -> Catalog:
    """The template: every marked text of the package, with where it is used."""
    template = StableCatalog(project="thousand", domain=DOMAIN, charset="utf-8")
    template.creation_date = template.revision_date = _EPOCH
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        template.add(
            message,
            None,
            [(f"src/thousand/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def load_po(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        catalog = StableCatalog(
            locale=language, domain=DOMAIN, project="thousand", charset="utf-8", fuzzy=False
        )
        catalog.creation_date = catalog.revision_date = _EPOCH
        return catalog
    with path.open("rb") as file:
        catalog = stable(read_po(file, locale=language, domain=DOMAIN))
    catalog.fuzzy = False  # a fuzzy header would drop the plural forms from the .mo
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    # No line numbers: editing code must not make the catalogs stale, only its texts.
    write_po(
        buffer,
        catalog,
        width=88,
        omit_header=False,
        sort_output=False,
        ignore_obsolete=True,
        include_previous=False,
        include_lineno=False,
    )
    return buffer.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def missing_translations(catalog: Catalog) -> list[str]:
    """Texts without a translation (Russian must have every one)."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or message.fuzzy:
            missing.append(str(message.id))
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = parser.parse_args(argv)
    template = extract()
    stale: list[str] = []
    pot = LOCALE / f"{DOMAIN}.pot"
    pot_text = po_bytes(template)
    if not pot.exists() or pot.read_bytes() != pot_text:
        stale.append(str(pot))
        if not args.check:
            pot.parent.mkdir(parents=True, exist_ok=True)
            pot.write_bytes(pot_text)
    for language in LANGUAGES:
        catalog = load_po(language)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        po_text = po_bytes(catalog)
        mo_text = mo_bytes(catalog)
        for path, data in ((po_path(language), po_text), (mo_path(language), mo_text)):
            if not path.exists() or path.read_bytes() != data:
                stale.append(str(path))
                if not args.check:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
        if language == "ru":
            for text in missing_translations(catalog):
                print(f"ru: no translation for {text!r}", file=sys.stderr)
                stale.append(f"ru:{text}")
    if args.check and stale:
        for item in stale:
            print(f"out of date: {item}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
