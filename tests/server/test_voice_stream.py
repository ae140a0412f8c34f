"""The server tells its consoles the calls its voice has still to say (SPEC R-DEV-3; decision
720), so a station's automatic extraction waits for the last call as the local console's does:
a real server process on loopback, the real espeak-ng, the stream in its documented format.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from websockets.sync.client import connect

from app.server.wire import schema
from tests.server.kit import ROOT, Client, Server, draw, open_session, partida_ready

pytestmark = pytest.mark.skipif(
    not shutil.which("espeak-ng"), reason="espeak-ng is a Debian package (scripts/system-deps.sh)"
)
STREAM = schema("stream")


def voice_hall(tmp_path: Path) -> Path:
    hall = (ROOT / "config" / "hall.toml").read_text("utf-8")
    before, _voice, after = hall.partition("[voice]")
    after = after.partition("\n[")[2]  # the demo hall's [voice] table, replaced by this one
    voice = '[voice]\nenabled = true\noutput = "panel"\nlanguages = ["es", "eu"]\n'
    voice += f'cache_dir = "{tmp_path / "voz"}"\n'
    config = tmp_path / "hall.toml"
    config.write_text(before + voice + ("\n[" + after if after else ""), "utf-8")
    return config


def test_the_stream_tells_the_calls_still_to_say_until_the_voice_is_quiet(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    server = servers(extra=["--config", str(voice_hall(tmp_path))])
    console = Client(server)
    open_session(console)
    partida_ready(console)
    url = server.url.replace("http", "ws", 1) + "/api/v1/stream"
    with connect(url, open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
        draw(console, [48])
        calls: list[list[int]] = []
        deadline = time.monotonic() + 60  # the stream pings meanwhile: no recv times out
        while not calls or calls[-1]:
            assert time.monotonic() < deadline, f"no voice message said the call ended: {calls}"
            message: dict[str, Any] = json.loads(ws.recv(timeout=60))
            if message["type"] == "voice":
                jsonschema.validate(message, STREAM)
                calls.append(message["calls"])
    assert calls[0] == [48] and calls[-1] == []  # being said, then said


def test_a_station_knows_the_calls_its_server_is_saying(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """What a station's automatic extraction waits for (``RemoteService.voice_calls``): the
    server's loudspeaker takes each call's real length (an ``aplay`` that waits soxi's
    duration, first in the server's PATH)."""
    from tests.server.kit import MESA
    from ui.client.link import Link
    from ui.client.remote import RemoteService

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    aplay = bin_dir / "aplay"
    aplay.write_text('#!/bin/sh\nfor f; do :; done\nsleep "$(soxi -D "$f")"\n', "utf-8")
    aplay.chmod(0o755)
    config = voice_hall(tmp_path)
    config.write_text(config.read_text("utf-8").replace('output = "panel"', 'output = "server"'))
    server = servers(
        extra=["--config", str(config)], env={"PATH": f"{bin_dir}:{os.environ['PATH']}"}
    )
    console = Client(server)
    open_session(console)
    partida_ready(console)
    link = Link(server.url, "mesa")
    link.login(*MESA)
    service = RemoteService(link)
    service.start()
    try:
        draw(console, [45])  # "cuarenta y cinco, cuatro, cinco" twice: some 4 s
        deadline = time.monotonic() + 60
        while service.voice_calls != (45,):
            assert time.monotonic() < deadline, "the station never heard of the call"
            time.sleep(0.01)
        while service.voice_calls:
            assert time.monotonic() < deadline, "the station never heard the call end"
            time.sleep(0.01)
    finally:
        service.close()
