"""The hall server's commands and stream, on real server processes on loopback (issue 8, §2).

R-ACTA-1/R-ACTA-2: what a screen shows is what was recorded; a command is applied once.
"""

from __future__ import annotations

import json
import ssl
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import jsonschema
from websockets.sync.client import connect

from app.server.wire import schema
from tests.server.kit import ROOT, Client, Server, draw, open_session, partida_ready

STREAM = schema("stream")
ANSWER = schema("answer")
COMMAND = schema("command")


def stream_url(server: Server) -> str:
    return server.url.replace("http", "ws", 1) + "/api/v1/stream"


def answer_of(response: httpx.Response) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    jsonschema.validate(body, ANSWER)
    return body


def test_a_late_client_gets_the_whole_state_then_every_change_in_the_documented_format(
    servers: Callable[..., Server],
) -> None:
    """A client joining mid-partida gets a snapshot first, then one message per commit."""
    server = servers()
    console = Client(server)
    open_session(console)
    partida_ready(console)
    draw(console, [5, 17, 33])
    with connect(stream_url(server), open_timeout=10) as ws:
        first = json.loads(ws.recv(timeout=10))
        jsonschema.validate(first, STREAM)
        assert first["type"] == "snapshot"
        assert first["state"]["balls"] == [5, 17, 33]
        assert first["state"]["announcement"] == "extraction"
        draw(console, [48])
        change = json.loads(ws.recv(timeout=10))
        while change["type"] == "ping":
            change = json.loads(ws.recv(timeout=10))
        jsonschema.validate(change, STREAM)
        assert change["type"] == "change"
        assert change["version"] > first["version"]
        assert change["state"]["balls"] == [5, 17, 33, 48]
        assert change["state"]["last_ball"] == 48
        assert [e["kind"] for e in change["events"]] == ["ball_drawn"]


def test_two_consoles_racing_the_same_ball_apply_it_exactly_once(
    servers: Callable[..., Server],
) -> None:
    """Both saw the same state and press "draw" at once: one ball is recorded, the other
    console is told, in Spanish, that the state changed (409) and nothing else happens.
    """
    server = servers(devices="emulated")
    one, two = Client(server, "mesa-1"), Client(server, "mesa-2")
    open_session(one)
    partida_ready(one)
    seen = one.state()["version"]
    answers: dict[str, httpx.Response] = {}

    def press(client: Client) -> None:
        answers[client.client_id] = client.send("draw_ball", expected_version=seen)

    threads = [threading.Thread(target=press, args=(c,)) for c in (one, two)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    statuses = sorted(r.status_code for r in answers.values())
    assert statuses == [200, 409]
    refused = next(answer_of(r) for r in answers.values() if r.status_code == 409)
    assert refused["error"]["code"] == "stale_version"
    assert "otro puesto cambió el estado" in refused["error"]["message"]
    assert one.state()["state"]["extractions"] == 1


def test_a_retried_command_is_applied_once_even_after_the_server_restarts(
    servers: Callable[..., Server],
) -> None:
    """The same client and command ids: the first answer again, never a second sale."""
    server = servers()
    console = Client(server, "mesa-1")
    open_session(console)
    console.do("start_partida")
    first = answer_of(console.send("sell_count", {"series": "A-0001", "count": 40}, "venta-1"))
    again = answer_of(console.send("sell_count", {"series": "A-0001", "count": 40}, "venta-1"))
    assert again["repeated"] and again["result"] == first["result"]
    assert console.state()["state"]["cards_sold"] == 40
    server.kill()  # a power cut: the answers kept in memory are gone
    server = servers()
    console = Client(server, "mesa-1")
    after = answer_of(console.send("sell_count", {"series": "A-0001", "count": 40}, "venta-1"))
    assert after["repeated"] and after["first_seq"] == first["first_seq"]
    assert console.state()["state"]["cards_sold"] == 40
    # Another console's command with the same command id is its own command.
    other = Client(server, "mesa-2")
    answer_of(other.send("sell_count", {"series": "A-0001", "count": 10}, "venta-1"))
    assert console.state()["state"]["cards_sold"] == 50


def test_a_command_on_a_state_the_console_did_not_see_is_refused(
    servers: Callable[..., Server],
) -> None:
    """expected_version older than the hall's: 409 with a Spanish message, nothing applied."""
    server = servers()
    console = Client(server)
    open_session(console)
    seen = console.state()["version"]
    console.do("start_partida")
    refused = console.send("close_session", expected_version=seen)
    assert refused.status_code == 409
    body = answer_of(refused)
    assert body["error"]["code"] == "stale_version"
    assert console.state()["state"]["session_id"] == "S1"


def test_bad_commands_are_refused_with_a_clear_message_and_change_nothing(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    console = Client(server)
    before = console.state()["version"]
    cases = [
        (console.send("no_such_thing"), 404, "unknown_command"),
        (
            console.send("sell", {"series": "A-0001", "first": "uno", "last": 3}),
            400,
            "bad_arguments",
        ),
        (console.send("sell", {"series": "A-0001"}), 400, "bad_arguments"),
        (console.send("draw_ball", {"number": 7}), 422, "refused"),
        (console.send("draw_ball"), 400, "bad_arguments"),  # no devices: the jefe types it
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        body = answer_of(response)
        assert body["error"]["code"] == code
        assert body["error"]["message"]
    raw = httpx.post(
        f"{server.url}/api/v1/commands",
        content=b"{no json",
        headers={"Content-Type": "application/json"},
    )
    assert raw.status_code == 400 and answer_of(raw)["error"]["code"] == "bad_request"
    old = httpx.post(
        f"{server.url}/api/v1/commands",
        json={"v": 0, "name": "close_sale"},
        headers={"Authorization": f"Bearer {console.token}"},
    )
    assert old.status_code == 400 and answer_of(old)["error"]["code"] == "bad_version"
    assert console.state()["version"] == before


def test_the_commands_the_tests_send_follow_the_documented_schema() -> None:
    body = {"v": 1, "client_id": "mesa-1", "command_id": "c1", "name": "draw_ball", "args": {}}
    jsonschema.validate(body, COMMAND)


def _self_signed(folder: Path) -> tuple[Path, Path]:
    import datetime as dt
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def test_the_server_speaks_tls_when_a_certificate_is_configured(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    cert, key = _self_signed(tmp_path)
    server = servers(extra=["--cert", str(cert), "--key", str(key)], scheme="https")
    context = ssl.create_default_context(cafile=str(cert))
    state = httpx.get(f"{server.url}/api/v1/state", verify=context).json()
    jsonschema.validate(state, STREAM)
    with connect(stream_url(server), ssl=context, open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
    try:
        httpx.get(f"http://127.0.0.1:{server.port}/api/v1/state", timeout=3)
        plain = True
    except httpx.HTTPError:
        plain = False
    assert not plain, "with a certificate the server must not answer plain HTTP"


def test_serve_refuses_a_certificate_without_its_key(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "serve", "--db", f"sqlite:///{tmp_path / 'h.db'}",
         "--cert", str(tmp_path / "cert.pem")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    assert "TLS necesita --cert y --key" in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_prints_the_panels_addresses(servers: Callable[..., Server]) -> None:
    server = servers()
    printed = server.log.read_text()
    for layout in ("board", "last", "prizes"):
        assert f"{server.url}/panel?layout={layout}" in printed


def test_the_same_command_sent_twice_at_once_is_applied_once(
    servers: Callable[..., Server],
) -> None:
    """A console that times out and resends while the first is still in flight."""
    server = servers(devices="emulated")
    console = Client(server, "mesa-1")
    open_session(console)
    partida_ready(console)
    answers: list[dict[str, Any]] = []

    def send() -> None:
        answers.append(answer_of(console.send("draw_ball", command_id="bola-1")))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(a["repeated"] for a in answers) == [False, True]
    assert answers[0]["result"] == answers[1]["result"]
    assert console.state()["state"]["extractions"] == 1


def test_a_panel_fetches_each_balls_call_from_the_server(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """R-DEV-3: with ``[voice] output = "panel"`` the server hands a panel each ball's call,
    rendered once by espeak-ng; a hall without a voice says so (404), and so does a ball or a
    language it does not call."""
    import shutil

    if not shutil.which("espeak-ng") or not shutil.which("soxi"):
        raise AssertionError("espeak-ng y sox hacen falta: bash scripts/system-deps.sh")
    hall = (ROOT / "config" / "hall.toml").read_text("utf-8")
    config = tmp_path / "hall.toml"
    before, _voice, after = hall.partition("[voice]")
    after = after.partition("\n[")[2]  # the demo hall's [voice] table, replaced by this one
    voice = '[voice]\nenabled = true\noutput = "panel"\nlanguages = ["es", "eu"]\n'
    voice += f'cache_dir = "{tmp_path / "voz"}"\n'
    config.write_text(before + voice + ("\n[" + after if after else ""), "utf-8")
    server = servers(extra=["--config", str(config)])
    wav = tmp_path / "45.wav"
    for lang in ("es", "eu"):
        got = httpx.get(f"{server.url}/voice/{lang}/45.wav", timeout=30)
        assert got.status_code == 200 and got.headers["content-type"] == "audio/wav"
        wav.write_bytes(got.content)
        seconds = float(subprocess.check_output(["soxi", "-D", str(wav)], text=True))
        assert 0.5 < seconds < 4.0, (lang, seconds)  # "cuarenta y cinco, cuatro, cinco"
    assert httpx.get(f"{server.url}/voice/es/91.wav", timeout=10).status_code == 404
    assert httpx.get(f"{server.url}/voice/fr/45.wav", timeout=10).status_code == 404
    server.stop()  # one server a record (decision 540): the hall without a voice, after it
    quiet = servers()
    assert httpx.get(f"{quiet.url}/voice/es/45.wav", timeout=10).status_code == 404
