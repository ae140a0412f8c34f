"""Options for the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("bingo-hall")
    group.addoption(
        "--device-port", default=None, help="serial port of a real device (opt-in tests)"
    )
    group.addoption("--device-baud", type=int, default=19200, help="baud rate of that device")


@pytest.fixture(autouse=True, scope="session")
def _private_user_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep the suite's databases, hall keys and the checkpoints signed with them out of the
    user's own data folder (one folder per test process; subprocesses inherit it).
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("datos-usuario")))
        yield


@pytest.fixture(autouse=True)
def _console_messages_follow_the_schemas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command a console's client (``ui.client.link.Link``) sends and every answer it
    gets, checked against the server's generated schemas as they cross the wire.
    """
    import json

    link_module = pytest.importorskip("ui.client.link")
    from tests.server.kit import validator

    made = link_module.Link.__init__

    def check(response: object) -> None:
        request = getattr(response, "request", None)
        if request is None or request.method != "POST" or request.url.path != "/api/v1/commands":
            return
        response.read()  # type: ignore[attr-defined]
        validator("answer").validate(response.json())  # type: ignore[attr-defined]
        if response.status_code == 200:  # type: ignore[attr-defined]
            validator("command").validate(json.loads(request.content))

    def observed(self: object, *args: object, **kwargs: object) -> None:
        made(self, *args, **kwargs)
        self.http.event_hooks["response"].append(check)  # type: ignore[attr-defined]

    monkeypatch.setattr(link_module.Link, "__init__", observed)
