"""The player terminal's price and receipt (the players' side of the hall, §4): the price of the
cartones chosen before buying, the amount charged after, a receipt of the purchase (its
sequential number in the hall's record, date and time, cartones, amount, means of payment)
printable on the hall's 80 mm printer; at the region's limit of cartones a partida the button is
off and the player is told in his own words; on a phone the page fits its width. Real
``bingo-hall serve``, the real page in headless chromium (R-SALE-4, R-MULTI-3; Euskadi art.
3.6.b).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.kit import Client, Server, open_session, resize, wait_for
from tests.server.test_terminals import PIN, add_terminals, basque_settings

pytestmark = pytest.mark.slow

TEXT = "return document.getElementById(arguments[0]).textContent;"


def page(chrome: Any, server: Server, lang: str = "") -> None:
    from selenium.webdriver.common.by import By

    chrome.get(f"{server.url}/terminal?name=Terminal%201" + (f"&lang={lang}" if lang else ""))
    chrome.find_element(By.ID, "login-pin").send_keys(PIN)
    chrome.find_element(By.ID, "login-go").click()
    wait_for(chrome, "window.__terminal.online && window.__terminal.view")


def choose(chrome: Any, count: int) -> None:
    from selenium.webdriver.common.by import By

    chrome.find_element(By.CSS_SELECTOR, f'#counts button[data-value="{count}"]').click()


def test_the_price_before_buying_the_amount_after_and_a_receipt(
    servers: Callable[..., Server], chrome: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers()
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    table.do("sell_count", series="A-0001", count=20)
    resize(chrome, 1280, 800)
    page(chrome, server)
    choose(chrome, 4)
    assert chrome.execute_script(TEXT, "buy-price") == "4 × 1,00 € = 4,00 €"
    chrome.find_element(By.CSS_SELECTOR, '#means button[data-value="card"]').click()
    chrome.find_element(By.ID, "buy-go").click()
    wait_for(chrome, "window.__terminal.cartones === 4 && !window.__terminal.buying")
    assert chrome.execute_script(TEXT, "message") == (
        "Comprados: serie A-0001, cartones 21 a 24: 4,00 € pagados (tarjeta)"
    )
    receipt = chrome.execute_script(
        "const r = document.getElementById('receipt');"
        "return {shown: !r.hidden, title: document.getElementById('receipt-title').textContent,"
        " lines: [...r.querySelectorAll('dt')].map(d => [d.textContent,"
        " d.nextElementSibling.textContent])};"
    )
    assert receipt["shown"]
    version = table.state()["version"]
    assert receipt["title"] == f"Recibo de compra nº {version}"  # the record's, sequential
    lines = dict(receipt["lines"])
    assert lines["Terminal"] == "Terminal 1"
    assert lines["Cartones"] == "serie A-0001, 21 a 24 (4)"
    assert lines["Importe"] == "4,00 €" and lines["Pago"] == "tarjeta"
    assert lines["Fecha y hora"]
    png = tmp_path / "terminal-receipt.png"
    chrome.save_screenshot(str(png))
    resize(chrome, 1920, 1080)


def test_at_the_limit_the_button_is_off_and_the_player_is_told_in_his_language(
    servers: Callable[..., Server], chrome: Any, tmp_path: Path
) -> None:
    """A Basque hall's machine, 6 cartones a partida (Euskadi art. 3.6.b): with 6 bought the
    button is off, and the player reads why in Basque, not the engine's staff sentence.
    """
    from selenium.webdriver.common.by import By

    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers(extra=["--config", str(basque_settings(tmp_path, "primera"))])
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    resize(chrome, 1280, 800)
    page(chrome, server, lang="eu")
    choose(chrome, 6)
    chrome.find_element(By.ID, "buy-go").click()
    wait_for(chrome, "window.__terminal.cartones === 6 && !window.__terminal.buying")
    assert chrome.execute_script("return document.getElementById('buy-go').disabled;") is True
    told = chrome.execute_script(TEXT, "buy-left")
    assert told.startswith("Makina honetan partida bakoitzeko jokatu daitezkeen 6 kartoiak"), told
    assert "Decreto" not in told and "art." not in told
    resize(chrome, 1920, 1080)


def test_on_a_phone_the_page_fits_its_width(
    servers: Callable[..., Server], chrome: Any, tmp_path: Path
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers()
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    resize(chrome, 390, 844)
    try:
        page(chrome, server)
        width = chrome.execute_script(
            "return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);"
        )
        inner = chrome.execute_script("return window.innerWidth;")
        assert width <= inner, (width, inner)
        # the price before buying, before any cartón of the partida was sold
        assert chrome.execute_script(TEXT, "buy-price") == "6 × 1,00 € = 6,00 €"
        chrome.save_screenshot(str(tmp_path / "terminal-phone.png"))
    finally:
        resize(chrome, 1920, 1080)
