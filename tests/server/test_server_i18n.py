"""The web catalogues: the same keys in all four languages, no empty texts, the same
placeholders; every key the pages use exists; every game's options and every bot level
are worded in every language."""

from __future__ import annotations

import re

import pytest

from mezquita.agents.levels import LEVELS
from mezquita.engine import LANGS, games
from mezquita.web import STATIC, catalogue

CATALOGUES = {lang: catalogue(lang)
              for lang in LANGS}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: t("key") / t('key') / t(`key`) with a literal key (keys built at run time are checked below)
T_CALL = re.compile(r"""\bt\(\s*(?:"([^"]+)"|'([^']+)'|`([^`$]+)`)""")
DATA_I18N = re.compile(r'data-i18n="([^"]+)"')
COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_catalogue_has_the_english_keys_and_no_others(lang):
    missing = sorted(set(CATALOGUES["en"]) - set(CATALOGUES[lang]))
    extra = sorted(set(CATALOGUES[lang]) - set(CATALOGUES["en"]))
    assert not missing and not extra, f"{lang}: missing {missing[:10]}, extra {extra[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_empty_and_placeholders_match_english(lang):
    for key, text in CATALOGUES[lang].items():
        assert isinstance(text, str) and text.strip(), f"{lang}: {key} is empty"
        english = CATALOGUES["en"].get(key, "")
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english)), (
            f"{lang}: {key} has placeholders {PLACEHOLDER.findall(text)}, "
            f"English {PLACEHOLDER.findall(english)}")


def used_keys() -> dict[str, str]:
    """Every literal key the scripts and pages use, with the file using it."""
    found = {}
    for path in [*STATIC.glob("js/**/*.js"), *STATIC.glob("*.html")]:
        source = COMMENT.sub("", path.read_text(encoding="utf-8"))
        for match in T_CALL.finditer(source):
            found[next(g for g in match.groups() if g)] = path.name
        for key in DATA_I18N.findall(source):
            found[key] = path.name
    return found


def test_every_key_the_pages_use_exists():
    keys = used_keys()
    assert len(keys) > 50  # the pattern finds the calls
    missing = {key: where for key, where in keys.items() if key not in CATALOGUES["en"]}
    assert not missing, f"keys used but not in the catalogues: {missing}"


def worded(key: str) -> bool:
    return all(CATALOGUES[lang].get(key, "").strip() for lang in LANGS)


@pytest.mark.parametrize("info", games(), ids=lambda info: info.id)
def test_every_option_of_every_game_is_worded_in_four_languages(info):
    assert worded(f"game.{info.id}.summary")
    if info.reconstruction:
        assert worded(f"game.{info.id}.reconstruction")
    for option in info.options:
        base = f"option.{info.id}.{option.name}"
        assert worded(base) and worded(f"{base}.help"), base
        labels = option.labels or {}
        values = [*(option.remote_choices or option.choices or ()), *(v for g in option.groups for v in g)]
        for value in values:
            if isinstance(value, bool | int | float):
                continue  # shown as a checkbox or a number
            own = labels.get(value, {})
            assert all(own.get(lang) for lang in LANGS) or worded(f"{base}.{value}"), (
                f"{base}: value {value!r} has no label in every language")
        if option.widget == "per_group":
            assert worded(f"{base}.group")


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_bot_level_is_named_and_described_in_four_languages(level):
    for key in (f"level.{level}", f"level.{level}.about", f"level.{level}.bot"):
        assert worded(key), key
