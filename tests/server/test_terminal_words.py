"""The player terminal's words (``app/web/terminal_i18n.js``): every language says every text
the page asks for, with the same placeholders, Spanish first (R-MULTI-3; Euskadi, disposición
adicional décima: the hall's official languages).
"""

from __future__ import annotations

import json
import re

from tests.server.kit import ROOT

WEB = ROOT / "app" / "web"


def catalogue() -> dict[str, dict[str, str]]:
    text = (WEB / "terminal_i18n.js").read_text("utf-8")
    body = text[text.index("{") : text.rindex("}") + 1]
    body = re.sub(r"^(\s*)([A-Za-z_]+):", r'\1"\2":', body, flags=re.M)
    return dict(json.loads(re.sub(r",(\s*[}\]])", r"\1", body)))


def test_every_language_says_every_text_with_its_placeholders() -> None:
    words = catalogue()
    assert list(words)[:2] == ["es", "eu"]
    assert set(words) == {"es", "eu", "gl", "ca", "en"}  # the languages a hall may have
    for language, table in words.items():
        assert table.keys() == words["es"].keys(), language
        for key, source in words["es"].items():
            holes = set(re.findall(r"\{(\w+)\}", source))
            assert set(re.findall(r"\{(\w+)\}", table[key])) == holes, (language, key)


def test_the_page_asks_only_for_texts_the_catalogue_has() -> None:
    """Every word of the page and its script is a key of the catalogue: no Spanish left in it."""
    script = (WEB / "terminal.js").read_text("utf-8")
    page = (WEB / "terminal.html").read_text("utf-8")
    asked = set(
        re.findall(r'\btr\((?:[\w.]+ (?:===? \d+ )?\? )?"(\w+)"(?: : "(\w+)")?[,)]', script)
    )
    keys = {key for pair in asked for key in pair if key}
    keys |= set(re.findall(r'data-t(?:-title)?="(\w+)"', page))
    keys |= {"cash", "card", "paid_cash", "paid_card", "line", "bingo", "prima", "bola_loca"}
    assert keys == set(catalogue()["es"]) - {"language"}
    for spanish in ("Comprados", "cartones en esta", "Premio pendiente", "Venta abierta"):
        assert spanish not in script, spanish
