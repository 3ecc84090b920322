"""Every game page in every language: no string of another language on it, and at phone size
(390x844) no horizontal scroll and no visible text under 10 px. Screenshots of each game at
1366x768 and 390x844 are kept in tests/browser/artifacts/ (not committed)."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import httpx
import pytest
from page_drawn import wait_drawn

import mezquita.games
from mezquita.engine import LANGS
from mezquita.server import housekeeping, hub, play, presence, seating, ws
from mezquita.web import catalogue as web_catalogue

STATIC = Path(mezquita.__file__).parent / "web" / "static"
GAMES_DIR = Path(mezquita.games.__file__).parent
ARTIFACTS = Path(__file__).parent / "artifacts"
GAMES = ["cordoba", "cordoba-wittig", "cortica", "europa", "citadels"]
SEATS = {"citadels": 4, "europa": 3}
#: words that are the same proper name or loan word in several languages, though some
#: catalogue spells them only in one (checked by hand)
SAME_EVERYWHERE = {"Mezquita", "Córdoba", "Cortiça", "Europa", "Citadels", "Cordoba", "Wittig", "Hospital",
                   "Museum", "Park", "Navigator", "Expert", "Sector"}


def _texts(node, out: dict[str, set[str]]) -> None:
    """Collect the strings of every {en, es, ca, de} dictionary in a JSON tree."""
    if isinstance(node, dict):
        if set(LANGS) <= set(node):  # {lang: text} or {lang: {key: text...}}
            for lang in LANGS:
                out[lang].update(_strings(node[lang]))
            return
        for value in node.values():
            _texts(value, out)
    elif isinstance(node, list):
        for value in node:
            _texts(value, out)


def _strings(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    values = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    return [text for value in values for text in _strings(value)]


def catalogues() -> dict[str, set[str]]:
    """Every user-facing string per language: the interface catalogues and the games' texts."""
    out: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for lang in LANGS:
        out[lang] |= set(web_catalogue(lang).values())
    for path in GAMES_DIR.glob("*/data/*.json"):
        _texts(json.loads(path.read_text()), out)
    return out


def fragments(text: str) -> list[str]:
    """The literal pieces of a template ("{n} cards left" -> ["cards left"]) long enough to
    tell a language by."""
    pieces = re.split(r"\{[^}]*\}|[()·:;,.!?¿¡\"«»\n]", text)
    return [p.strip() for p in pieces if len(p.strip()) >= 5 and re.search(r"[^\W\d_]{3}", p)]


@functools.cache
def foreign_pattern(lang: str) -> re.Pattern:
    """One expression matching any foreign fragment as whole words, longest first."""
    alternatives = "|".join(re.escape(piece) for piece in foreign_fragments(lang))
    return re.compile(r"(?<![^\W\d_])(" + alternatives + r")(?![^\W\d_])")


@functools.cache
def catalogues_cached() -> dict[str, set[str]]:
    return catalogues()


def foreign_fragments(lang: str) -> list[str]:
    """Fragments of the other languages that this language never uses."""
    texts = catalogues_cached()
    own = texts[lang]
    own_words = {w for t in own for w in re.findall(r"[^\W\d_]+", t)}
    out = set()
    for other in LANGS:
        if other == lang:
            continue
        for text in texts[other] - own:
            for piece in fragments(text):
                words = re.findall(r"[^\W\d_]+", piece)
                if any(piece in o for o in own) or not words:
                    continue
                if all(w in own_words or w in SAME_EVERYWHERE for w in words):
                    continue  # every word also belongs to this language (names, numbers)
                out.add(piece)
    return sorted(out, key=len, reverse=True)


def found_foreign(page_text: str, lang: str) -> list[str]:
    return sorted(set(foreign_pattern(lang).findall(page_text)), key=len, reverse=True)


#: identifiers shown as names, whatever the language: Cortiça's card-set ids
IDENTIFIERS = sorted((p.stem for p in (GAMES_DIR / "cortica" / "data").glob("reconstruction*.json")),
                     key=len, reverse=True)


def page_text(page) -> str:
    text = page.locator("body").inner_text()
    for name in IDENTIFIERS:
        text = text.replace(name, "")
    return text


def small_texts(page) -> list[str]:
    """Visible text drawn under 10 px: HTML by computed font size, SVG text scaled by its
    drawing's size on screen."""
    return page.evaluate("""() => {
      const out = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim()) continue;
        const el = node.parentElement;
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || el.closest("[hidden], .sr-only, title, dialog:not([open])")) {
          continue;
        }
        if (getComputedStyle(el).visibility === "hidden") continue;
        let size = parseFloat(getComputedStyle(el).fontSize);
        const svg = el.closest("svg");
        if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
          size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        }
        if (size < 9.95) out.push(`${node.textContent.trim().slice(0, 30)} (${size.toFixed(1)}px)`);
      }
      return out;
    }""")


#: key prefixes whose strings only the game renderers and the match page use
RENDERER_PREFIXES = ("cordoba.", "citadels.", "cortica.", "europa.")


def test_every_renderer_key_of_the_catalogue_is_used():
    """No dead strings: each game key is named in a script, literally or as a plural
    (``key.one``/``key.other``) or under a prefix the script completes (``cortica.card.${key}``)."""
    scripts = "".join(p.read_text() for p in (STATIC / "js").rglob("*.js"))
    catalogue = web_catalogue("en")
    # the fixed starts of template keys such as `cortica.card.${key}` or `citadels.draft_${kind}`
    dynamic = [p for p in re.findall(r"`([a-z_.]+)\$\{", scripts) if p.count(".") >= 2 or not p.endswith(".")]
    unused = []
    for key in catalogue:
        base = re.sub(r"\.(one|other)$", "", key)
        if not key.startswith(RENDERER_PREFIXES) or f'"{base}"' in scripts or f"`{base}`" in scripts:
            continue
        if not any(base.startswith(p) for p in dynamic):
            unused.append(key)
    assert not unused


def test_every_error_the_server_sends_is_worded_in_every_language():
    """The match page words an error by its code (``error.<code>``); each code the WebSocket
    handler can send has a sentence in all four catalogues."""
    source = "".join(Path(module.__file__).read_text()
                     for module in (ws, hub, seating, play, presence, housekeeping))
    codes = set(re.findall(r'(?:BadMessage|error)\("([a-z_]+)"', source))
    codes |= set(re.findall(r'"code": "([a-z_]+)"', source))
    assert {"refused", "busy", "spectator", "malformed"} <= codes
    for lang in LANGS:
        catalogue = web_catalogue(lang)
        assert {f"error.{code}" for code in codes} <= set(catalogue), lang


def test_plural_keys_come_in_pairs_and_count_in_every_language():
    """``key.one`` / ``key.other`` (picked with Intl.PluralRules by the renderers): both
    forms exist and show the number; English singular and plural differ where nouns do."""
    for lang in LANGS:
        catalogue = web_catalogue(lang)
        for key in (k for k in catalogue if k.endswith(".one")):
            other = key.removesuffix(".one") + ".other"
            assert other in catalogue, (lang, key)
            assert "{n}" in catalogue[key] and "{n}" in catalogue[other], (lang, key)
    english = web_catalogue("en")
    assert english["citadels.cards.one"] == "{n} card" and english["citadels.cards.other"] == "{n} cards"


def _new_match(server, game: str, seats: list[str]) -> dict:
    players = SEATS.get(game, 2)
    options = {"players": players} if game in ("citadels", "europa") else {}
    return httpx.post(f"{server.url}/api/matches", json={
        "game": game, "options": options, "seats": seats[:players] + ["random"] * (players - len(seats)),
        "seed": 5, "practice": True}).json()


def _open(browser, url: str, lang: str, size: tuple[int, int]):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(f"localStorage.setItem('mezquita.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15_000)
    page.goto(url)
    wait_drawn(page)
    page.wait_for_timeout(300)
    return context, page, errors


CONTROLS = "#board .legal, #board .actions button, #board button[data-action]"
CONFIRM = "#board .wittig-confirm, #board .eu-confirm"


def _play_a_little(page, moves: int) -> None:
    for _ in range(moves):
        page.wait_for_selector(f"#summary:not([hidden]), {CONTROLS}")
        if page.locator("#summary").is_visible():
            return
        before = page.get_attribute("body", "data-turn")
        page.locator(CONTROLS).first.click()
        page.wait_for_timeout(100)
        if page.locator(CONFIRM).count():  # Wittig's stone and Europa's tips wait for Confirm
            page.locator(CONFIRM).first.click()
        page.wait_for_selector(f"body[data-turn]:not([data-turn='{before}'])", state="attached")
    page.wait_for_timeout(300)


def _finished(server, game: str) -> str:
    made = _new_match(server, game, ["random"] * SEATS.get(game, 2))
    server.wait_finished(made["id"])
    return server.url + made["spectate"]


@pytest.mark.parametrize("game", GAMES)
def test_every_language_shows_only_its_own_words_and_fits_a_phone(browser, server, game):
    """Open a running match and a finished one (its replay at the big size) at both sizes,
    switch through the four languages with the page's own picker, and check each."""
    ARTIFACTS.mkdir(exist_ok=True)
    running = server.url + _new_match(server, game, ["human"])["seats"][0]["url"]
    finished = _finished(server, game)
    problems = []
    for kind, url in (("running", running), ("finished", finished)):
        for size in ((1366, 768), (390, 844)):
            context, page, errors = _open(browser, url, "en", size)
            if kind == "running" and size[0] == 1366:
                _play_a_little(page, 3)
            if kind == "finished" and size[0] == 1366:
                page.click("#replay-btn")
                page.wait_for_selector("#replay-bar:not([hidden])")
                page.click("#r-next")
            for lang in LANGS:
                page.select_option("#lang", lang)
                page.wait_for_selector(f"html[lang='{lang}']", state="attached")
                for _ in range(20):  # the server's update (or the replay) in the new language
                    page.wait_for_timeout(250)
                    hits = found_foreign(page_text(page), lang)
                    if not hits:
                        break
                if hits:
                    problems.append(f"{kind} {lang} {size[0]}: foreign {hits[:6]}")
                if size[0] == 390:
                    width = page.evaluate("document.documentElement.scrollWidth")
                    if width > 390:
                        problems.append(f"{kind} {lang}: page is {width} px wide at 390")
                    small = small_texts(page)
                    if small:
                        problems.append(f"{kind} {lang}: text under 10 px {small[:5]}")
                if lang in ("en", "de"):
                    name = game if kind == "running" else f"{game}-replay"
                    shot = ARTIFACTS / f"{name}-{lang}-{size[0]}x{size[1]}.png"
                    page.screenshot(path=str(shot), full_page=True)
            problems += [f"{kind}: script error {e}" for e in errors]
            context.close()
    assert not problems, "\n".join(problems)
