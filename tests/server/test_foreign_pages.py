"""A page of another site, open in a browser on the hall's network, can neither lock a station
out nor read the hall (issue 20, items 6 and 7; R-ROLE-3; docs/security.md "The web"). It sent
``text/plain`` logins with wrong PINs, which the server read as JSON: three locked the
browser's station, the jefe de sala's override included, renewable without end; and it read
the stream. Seen in real headless chromium, the foreign page served from another port of
loopback (another origin).

And every page and answer carries the security headers; a ``Host`` that is not the server's
(DNS rebinding) is refused.
"""

from __future__ import annotations

import http.server
import sqlite3
import threading
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.server.kit import SALA, Server, free_port, wait_for

FOREIGN = """<!doctype html><meta charset="utf-8"><title>ofertas</title><script>
window.__done = false; window.__heard = 0; window.__opened = false;
const hall = "%(hall)s";
(async () => {
  for (let i = 0; i < 5; i++) {
    try {
      await fetch(hall + "/api/v1/login", {method: "POST", mode: "no-cors",
        headers: {"Content-Type": "text/plain"},
        body: JSON.stringify({v: 1, name: "%(name)s", pin: "00000" + i})});
    } catch (e) {}
  }
  await new Promise((resolve) => {
    const ws = new WebSocket(hall.replace("http", "ws") + "/api/v1/stream");
    ws.onopen = () => { window.__opened = true; };
    ws.onmessage = () => { window.__heard += 1; };
    ws.onerror = ws.onclose = () => resolve();
    setTimeout(resolve, 6000);
  });
  window.__done = true;
})();
</script>"""


@pytest.fixture
def foreign_site(request: pytest.FixtureRequest) -> Iterator[Callable[[str], str]]:
    """A web site of its own on another port: its page aims at the hall at ``hall``."""
    pages: dict[str, bytes] = {}

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, b"")
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Page)
    threading.Thread(target=site.serve_forever, daemon=True).start()

    def page(hall: str) -> str:
        pages["/ofertas"] = (FOREIGN % {"hall": hall, "name": SALA[0]}).encode()
        return f"http://127.0.0.1:{site.server_address[1]}/ofertas"

    yield page
    site.shutdown()
    site.server_close()


def test_a_foreign_page_neither_locks_the_station_nor_reads_the_stream(
    servers: Callable[..., Server], chrome: Any, foreign_site: Callable[[str], str]
) -> None:
    server = servers()
    chrome.get(foreign_site(server.url))
    wait_for(chrome, "window.__done", timeout=60)
    assert chrome.execute_script("return window.__heard") == 0  # nothing of the hall read
    assert chrome.execute_script("return window.__opened") is False
    # the browser's station (this machine) is not locked: the jefe de sala logs in there
    right = httpx.post(f"{server.url}/api/v1/login", json={"v": 1, "name": SALA[0],
                                                           "pin": SALA[1]})  # fmt: skip
    assert right.status_code == 200, right.text
    with sqlite3.connect(server.db) as con:
        outcomes = [str(o) for (o,) in con.execute("select outcome from operator_attempts")]
    assert "wrong_secret" not in outcomes and "locked" not in outcomes, outcomes


def test_a_body_is_read_only_as_json_and_only_from_the_halls_own_pages(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    login = f"{server.url}/api/v1/login"
    body = '{"v": 1, "name": "Sala", "pin": "000000"}'
    plain = httpx.post(login, content=body, headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415 and plain.json()["error"]["code"] == "not_json"
    foreign = httpx.post(
        login,
        content=body,
        headers={"Content-Type": "application/json", "Origin": "http://ofertas.example"},
    )
    assert foreign.status_code == 403 and foreign.json()["error"]["code"] == "foreign_origin"
    own = httpx.post(login, content=body, headers={"Content-Type": "application/json",
                                                   "Origin": server.url})  # fmt: skip
    assert own.status_code == 401  # read, and the PIN is wrong


def test_a_name_that_is_not_the_servers_is_refused(servers: Callable[..., Server]) -> None:
    """DNS rebinding: a site's own name made to point at the hall's address."""
    server = servers()
    rebound = httpx.get(f"{server.url}/api/v1/state", headers={"Host": "ofertas.example"})
    assert rebound.status_code == 421, rebound.text
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}"):
        assert httpx.get(f"{server.url}/api/v1/state", headers={"Host": host}).status_code == 200


PAGES = ["/panel", "/terminal", "/static/panel.js", "/static/panel.css", "/api/v1/state",
         "/api/v1/commands", "/no-such-page"]  # fmt: skip


def test_every_page_carries_the_security_headers(servers: Callable[..., Server]) -> None:
    server = servers()
    for path in PAGES:
        answer = httpx.get(f"{server.url}{path}")
        headers = answer.headers
        csp = headers.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "'unsafe-inline'" not in csp, path
        assert headers.get("x-content-type-options") == "nosniff", path
        assert headers.get("referrer-policy") == "no-referrer", path
        assert headers.get("x-frame-options") == "DENY", path
        assert "strict-transport-security" not in headers, path  # plain HTTP: no HSTS


def test_the_panels_run_under_the_policy(servers: Callable[..., Server], chrome: Any) -> None:
    """The panel and the terminal page run with the policy on: nothing of theirs is inline."""
    server = servers()
    chrome.get(server.panel("board"))
    wait_for(chrome, "window.__panel && window.__panel.online", timeout=60)
    chrome.get(f"{server.url}/terminal")
    wait_for(chrome, "document.readyState === 'complete'", timeout=60)
    logs = [e for e in chrome.get_log("browser") if "Content Security Policy" in e["message"]]
    assert not logs, logs
