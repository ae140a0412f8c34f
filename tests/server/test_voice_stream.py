"""The server tells its consoles the calls its voice has still to say (SPEC R-DEV-3; decision
720), so a station's automatic extraction waits for the last call as the local console's does:
a real server process on loopback, the real espeak-ng, the stream in its documented format.
"""

from __future__ import annotations

import json
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
