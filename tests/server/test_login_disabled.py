"""A disabled operator's right PIN is told what a wrong PIN is told (R-ROLE-3; decision 427).
The server answered it "Mesa está dado de baja desde …", the same status but other words: whoever
typed it learnt that the PIN was right, a PIN he could try elsewhere (the same person's PIN at
another hall's database, a jefe de sala's authorisation once he is given back his post). The
words and the count are a wrong PIN's; the attempts book keeps the reason for the staff.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import httpx

from tests.server.kit import INSPECTOR, MESA, ROOT, SALA, Server
from tests.server.test_rights import attempts


def login(server: Server, name: str, pin: str) -> httpx.Response:
    return httpx.post(f"{server.url}/api/v1/login", json={"v": 1, "name": name, "pin": pin})


def test_a_disabled_operator_s_right_pin_is_answered_as_a_wrong_one(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    disabled = subprocess.run(
        [sys.executable, "-m", "app.cli", "operator", "disable", MESA[0], "--by", SALA[0],
         "--pin-stdin", "--db", f"sqlite:///{server.db}"],
        cwd=ROOT, input=SALA[1] + "\n", capture_output=True, text=True,
    )  # fmt: skip
    assert disabled.returncode == 0, disabled.stderr
    right = login(server, *MESA)
    wrong = login(server, MESA[0], "918273")
    assert (right.status_code, right.json()) == (wrong.status_code, wrong.json())
    assert right.json()["error"] == {"code": "login_failed", "message": "nombre o PIN incorrectos"}
    # the staff still see why: the attempts book says it
    assert attempts(server.db, MESA[0]) == [("login", "disabled"), ("login", "wrong_secret")]
    # and it counts as a wrong PIN does: three failures in a row, and the station is locked
    assert login(server, *MESA).status_code == 401
    locked = login(server, *INSPECTOR)  # the station is locked now, even for a right PIN
    assert locked.status_code == 429, locked.text
