"""Russian and English: the catalogs are complete and current, and every sentence the game
builds from the engine's identifiers comes out whole in both languages."""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import string
from types import ModuleType

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tests import ROOT
from tests.games.dice1000.support import game_of, play_turn, position, sheet, throw
from thousand.core.errors import IllegalActionError
from thousand.core.i18n import LANGUAGES, default_language, locale_dir, translator
from thousand.games.dice1000 import PRESET_NAMES, STOP, SetAside
from thousand.games.dice1000.state import TurnEnd
from thousand.games.dice1000.words import (
    COMBINATION_NAMES,
    PENALTY_REASONS,
    combination,
    preset_description,
    refusal,
    rules_help,
    standing,
    throw_summary,
    turn_end,
)


def catalogs_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "update_catalogs", ROOT / "scripts" / "update_catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LC_ALL": "ru_UA.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LC_MESSAGES": "ru_RU", "LANG": "C"}, "ru"),
        ({}, "en"),
        # LANGUAGE comes first, as in gettext, and may list several languages.
        ({"LANGUAGE": "ru", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "ru", "LC_ALL": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "en", "LC_ALL": "ru_RU.UTF-8"}, "en"),
        ({"LANGUAGE": "ru:en", "LANG": "C"}, "ru"),
        ({"LANGUAGE": "uk:ru:en", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANGUAGE": "de_DE:fr", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LC_ALL": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru_RU.KOI8-R@euro"}, "ru"),
        ({"LANG": "russian"}, "en"),
    ],
)
def test_the_default_language_follows_the_locale(environ: dict[str, str], language: str) -> None:
    assert default_language(environ) == language


def test_catalogs_are_current_and_russian_is_complete() -> None:
    """Every text in the code is in both catalogs, translated to Russian, and compiled."""
    assert catalogs_script().main(["--check"]) == 0


def header_free_of_babel(translations: gettext.GNUTranslations) -> dict[object, str]:
    """A compiled catalog's texts, its header without the ``Generated-By`` line (which
    names the installed Babel; the committed files name none)."""
    texts: dict[object, str] = dict(translations._catalog)  # type: ignore[attr-defined]
    header = texts[""].splitlines()
    texts[""] = "\n".join(line for line in header if not line.startswith("Generated-By:"))
    return texts


def test_the_catalogs_do_not_depend_on_the_babel_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new Babel release left the committed catalogs as they are (one made CI red)."""
    script = catalogs_script()
    monkeypatch.setattr("babel.messages.catalog.VERSION", "99.0.0")
    assert script.main(["--check"]) == 0
    assert b"99.0.0" not in script.po_bytes(script.load_po("ru"))
    assert b"99.0.0" not in script.mo_bytes(script.load_po("ru"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_is_the_po_compiled_by_babel(language: str) -> None:
    folder = locale_dir() / language / "LC_MESSAGES"
    with (folder / "thousand.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    fresh = gettext.GNUTranslations(compiled)
    with (folder / "thousand.mo").open("rb") as file:
        committed = gettext.GNUTranslations(file)
    assert header_free_of_babel(committed) == header_free_of_babel(fresh)
    assert "Plural-Forms" in header_free_of_babel(committed)[""]
    assert committed.ngettext("{n} die", "{n} dice", 5) == fresh.ngettext("{n} die", "{n} dice", 5)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_translations_keep_every_placeholder() -> None:
    with (locale_dir() / "ru" / "LC_MESSAGES" / "thousand.po").open("rb") as file:
        catalog = read_po(file, locale="ru")
    for message in catalog:
        if not message.id:
            continue
        ids = [
            str(text) for text in (message.id if isinstance(message.id, tuple) else [message.id])
        ]
        raw = message.string if isinstance(message.string, tuple) else [message.string]
        strings = [str(text) for text in raw]
        expected = set().union(*(fields(text) for text in ids))
        for translated in strings:
            assert fields(translated) <= expected, message.id
            assert fields(translated) >= expected - {"n"}, message.id


def test_russian_plurals() -> None:
    ru = translator("ru")
    forms = [ru.ngettext("{n} die", "{n} dice", n).format(n=n) for n in (1, 2, 5, 11, 21, 24)]
    assert forms == ["1 кость", "2 кости", "5 костей", "11 костей", "21 кость", "24 кости"]
    assert translator("en").ngettext("{n} point", "{n} points", 1).format(n=1) == "1 point"


def whole(text: str) -> bool:
    """Filled in: no placeholder left behind."""
    return "{" not in text and "}" not in text and text.strip() == text and bool(text)


def refusals() -> list[IllegalActionError]:
    """One refusal of each kind the engine gives a player, taken from real positions."""
    classic = game_of("classic")
    found: list[IllegalActionError | None] = []
    start = position(classic, sheet("A", 0, entered=False), sheet("B", 0))
    found.append(start.stop_refusal())  # first_throw
    found.append(throw(start, 5, 2, 3, 3, 6).stop_refusal())  # entry
    barrel = position(classic, sheet("A", 250), sheet("B", 0))
    found.append(throw(barrel, 5, 2, 3, 3, 6).stop_refusal())  # barrel
    found.append(throw(start, 1, 1, 5, 5, 5).stop_refusal())  # hot_dice
    retry = game_of({"preset": "classic", "first_throw_retry": True})
    found.append(
        throw(position(retry, sheet("A", 0), sheet("B", 0)), 2, 3, 4, 6, 6).stop_refusal()
    )  # first_throw_retry
    choose = game_of({"preset": "classic", "choose_dice": True})
    pending = throw(position(choose, sheet("A", 0), sheet("B", 0)), 1, 5, 2, 3, 3)
    found.append(pending.refusal(SetAside((2,))))  # set_aside
    over, _ = play_turn(
        position(classic, sheet("A", 950), sheet("B", 0)), [[1, 1, 1, 2, 3]], stop=True
    )
    found.append(over.refusal(STOP))  # game_over
    found.append(IllegalActionError("something new", "a_rule_added_later"))
    return [error for error in found if error is not None]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_is_explained(language: str) -> None:
    tr = translator(language)
    rules = [error.rule for error in refusals()]
    assert rules == [
        "first_throw",
        "entry",
        "barrel",
        "hot_dice",
        "first_throw_retry",
        "set_aside",
        "game_over",
        "a_rule_added_later",
    ]
    texts = [refusal(tr, error) for error in refusals()]
    assert all(whole(text) for text in texts)
    assert len(set(texts)) == len(texts)
    if language == "ru":
        assert texts[1] == "чтобы войти в игру, нужно набрать 100 за один ход (сейчас: 5)"
        assert "вы на бочке 200–300: чтобы слезть, нужно 50" in texts[2]
    else:
        assert texts[1] == "you need 100 in one turn to enter the game (this turn: 5)"


HOUSE = [
    *PRESET_NAMES,
    {
        "preset": "classic",
        "choose_dice": True,
        "hot_dice": "may_stop",
        "first_throw_retry": True,
        "ending": "exact",
        "two_dice_pair": True,
        "instant_win": "five_ones",
        "entry_threshold": 0,
        "barrels": [{"from": 300, "to": 400, "attempts": 2, "fall": {"to": 0}}],
    },
]


@pytest.mark.parametrize("rules", HOUSE, ids=str)
def test_the_rules_help_is_written_from_the_rules_in_both_languages(rules: object) -> None:
    game = game_of(rules)
    english = rules_help(translator("en"), game)
    russian = rules_help(translator("ru"), game)
    assert [len(paragraphs) for _, paragraphs in english] == [
        len(paragraphs) for _, paragraphs in russian
    ]
    for (heading, paragraphs), (heading_ru, paragraphs_ru) in zip(english, russian, strict=True):
        assert whole(heading) and whole(heading_ru) and heading != heading_ru
        for text, text_ru in zip(paragraphs, paragraphs_ru, strict=True):
            assert whole(text) and whole(text_ru)
            assert re.search("[а-яё]", text_ru, re.IGNORECASE), text_ru
    text = " ".join(p for _, paragraphs in english for p in paragraphs)
    for barrel in game.barrels:
        assert f"Barrel {barrel.low}–{barrel.high}" in text
    if game.dump_trucks:
        assert "Dump truck 555" in text
    assert ("Bolts:" in text) == bool(game.bolt_limit)
    assert ("Entry:" in text) == bool(game.entry_threshold)


def turn_ends() -> list[tuple[object, TurnEnd]]:
    """(rules, end) for each way a turn can end, played through the engine."""
    ends: list[tuple[object, TurnEnd | None]] = []
    courtyard = game_of("courtyard")
    start = position(courtyard, sheet("A", 530), sheet("B", 540, bolts=2))
    ends.append(("courtyard", play_turn(start, [[1, 1, 5, 2, 3]])[1]))  # 555: dump truck
    ends.append(("courtyard", play_turn(start._replace(current=1), [[2, 3, 4, 6, 6]])[1]))
    fresh = position(courtyard, sheet("A", 530), sheet("B", 540))
    ends.append(("courtyard", play_turn(fresh._replace(current=1), [[2, 3, 4, 6, 6]])[1]))
    ends.append(("courtyard", play_turn(start, [[1, 1, 1, 2, 3]], stop=True)[1]))  # overtakes
    classic = game_of("classic")
    outside = position(classic, sheet("A", 0, entered=False), sheet("B", 0))
    ends.append(("classic", play_turn(outside, [[1, 1, 1, 2, 3]], stop=True)[1]))
    ends.append(("classic", play_turn(outside, [[5, 2, 3, 3, 6], [2, 3, 4, 6]])[1]))
    near = position(classic, sheet("A", 950), sheet("B", 0))
    ends.append(("classic", play_turn(near, [[1, 1, 1, 2, 3]], stop=True)[1]))
    return [(rules, end) for rules, end in ends if end is not None]


def test_turn_ends_in_english() -> None:
    tr = translator("en")
    said = [turn_end(tr, game_of(rules), ["A", "B"], end) for rules, end in turn_ends()]
    assert said == [
        ["A: dump truck at 555! The score goes back to 0."],
        ["B: bust.", "B: −50 (bolts), score 490."],
        ["B: bust.", "B: a bolt (1 of 3)."],
        ["A: +100, score 630.", "B: −50 (overtaken), score 490."],
        ["A: +100 — entry into the game, score 100."],
        ["A: bust, 5 points lost."],
        ["A: 1050 — victory!"],
    ]


def test_turn_ends_in_russian() -> None:
    tr = translator("ru")
    said = [turn_end(tr, game_of(rules), ["A", "B"], end) for rules, end in turn_ends()]
    assert said == [
        ["A: самосвал на 555! Счёт обнуляется."],
        ["B: пусто.", "B: −50 (болты), счёт 490."],
        ["B: пусто.", "B: болт (1 из 3)."],
        ["A: +100, счёт 630.", "B: −50 (обгон), счёт 490."],
        ["A: +100 — вход в игру, счёт 100."],
        ["A: пусто, сгорело 5 очков."],
        ["A: 1050 — победа!"],
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_person_is_named_you_and_no_verb_takes_the_name(language: str) -> None:
    """The default name of the person is "You" / "Вы", which no third-person verb suits
    ("You wins", "Вы записывает"): every line about a player names them before a colon.
    """
    tr = translator(language)
    you = tr.gettext("You")
    assert you == {"en": "You", "ru": "Вы"}[language]
    for rules, end in turn_ends():
        for line in turn_end(tr, game_of(rules), [you, "B"], end):
            if line.startswith(you):
                assert line.startswith(f"{you}:"), line
    for template in ("Winner: {name}.", "To move: {name}.", "winner: {name}", "to move: {name}"):
        shown = tr.gettext(template).format(name=you)
        assert shown.rstrip(".").endswith(f": {you}"), shown


@pytest.mark.parametrize(
    ("reason", "english", "russian"),
    [
        ("bolts", "bolts", "болты"),
        ("barrel_attempts", "fell off the barrel", "падение с бочки"),
        ("overtaken", "overtaken", "обгон"),
        ("knocked_off", "knocked off the barrel", "сбили с бочки"),
    ],
)
def test_one_penalty_wording_in_both_languages(reason: str, english: str, russian: str) -> None:
    """One table, :data:`PENALTY_REASONS`, for the sheet and the game; the Russian words
    are not gendered ("слетел" would not fit "Вы" or "Anna")."""
    assert translator("en").gettext(PENALTY_REASONS[reason]) == english
    assert translator("ru").gettext(PENALTY_REASONS[reason]) == russian


def test_the_preset_descriptions_say_barrel_not_pit() -> None:
    for language, barrel, pit in (("en", "barrel", "pit"), ("ru", "бочк", "ям")):
        tr = translator(language)
        for name in PRESET_NAMES:
            text = preset_description(tr, name)
            assert barrel in text and pit not in text, text
            assert "seed" not in text.lower()


def test_the_russian_words_are_the_players_words() -> None:
    """The seeds' Russian: «любимое» as a nickname in quotes, a throw is confirmed
    (подтверждение), a strategy is computed (рассчитывается), not "solved"."""
    tr = translator("ru")
    assert tr.gettext(COMBINATION_NAMES["big_favorite"]) == "большое «любимое»"
    assert tr.gettext(COMBINATION_NAMES["small_favorite"]) == "малое «любимое»"
    assert (
        tr.gettext("hot dice! All five are thrown again")
        == "все пять сыграли — подтверждение: все пять бросаются снова"
    )
    solving = tr.gettext("Solving the {rules} rules once (about 10 s)…")
    assert solving == "Стратегия для правил «{rules}» рассчитывается один раз (около 10 с)…"


@pytest.mark.parametrize("language", LANGUAGES)
def test_combinations_and_standings_read_whole(language: str) -> None:
    tr = translator(language)
    courtyard = game_of("courtyard")
    for name in COMBINATION_NAMES:
        assert tr.gettext(COMBINATION_NAMES[name])
    score = courtyard.score([1, 1, 1, 5, 2])
    assert all(whole(combination(tr, combo)) for combo in score.combinations)
    assert whole(throw_summary(tr, score)) and whole(throw_summary(tr, courtyard.score([2, 3])))
    start = position(courtyard, sheet("A", 250), sheet("B", 0, entered=False, bolts=1))
    assert whole(standing(tr, start, 0)) and whole(standing(tr, start, 1))
    if language == "en":
        assert standing(tr, start, 0) == "on the barrel 200–300: needs 50; bolts: 0 of 3"
        assert standing(tr, start, 1) == "not in the game (needs 50); bolts: 1 of 3"


def test_without_an_entry_threshold_nobody_is_told_they_need_zero() -> None:
    """A house rule of no entry threshold: "needs 0" would read as a riddle."""
    from thousand.games.dice1000 import Game, rules_from_spec  # noqa: PLC0415

    free = Game(rules_from_spec({"preset": "classic", "entry_threshold": 0}))
    start = position(free, sheet("A", 0, entered=False), sheet("B", 0, entered=False))
    assert standing(translator("en"), start, 0) == "not in the game yet: any recorded turn enters"
    assert standing(translator("ru"), start, 0) == "ещё не в игре: войдёт с первой записью"
