"""Real hall servers on loopback and real headless chromium panels, for the server's tests, the
panels' benchmark and `make screenshots`.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
START_TIMEOUT = 60.0

# The operators every test hall has (R-ROLE-1): name and PIN.
SALA = ("Sala", "482913")  # jefe de sala
MESA = ("Mesa", "735190")  # jefe de mesa-cajero
INSPECTOR = ("Inspección", "915372")


def add_operators(db: Path | str) -> None:
    """The test hall's people, written straight into its database (a SQLite file, or a URL)
    before its server starts."""
    from store import open_store
    from store.operators import OperatorBook

    with open_store(db if isinstance(db, str) else f"sqlite:///{db}") as store:
        book = OperatorBook(store)
        for (name, pin), role in ((SALA, "jefe_de_sala"), (MESA, "jefe_de_mesa"),
                                  (INSPECTOR, "inspector")):  # fmt: skip
            if book.get(name) is None:
                book.add(name, role, pin)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_taken(told: str) -> bool:
    """Whether a server's output says its port was another program's (``serve`` says so and
    exits 1 before it opens anything).
    """
    return "no se puede abrir el puerto" in told and "otro programa lo está usando" in told


def listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` itself holds the listening socket of ``port`` (Linux's /proc).
    A port is chosen before its server binds it: another xdist worker may be handed the same
    one meanwhile, and then what answers there is the other worker's server.
    """
    try:
        held = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
    except OSError:  # it is gone, or a file of it closed while read: not yet
        return False
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as rows:
            for row in itertools.islice(rows, 1, None):
                fields = row.split()  # local address, state (0A: listening), inode
                ours = f"socket:[{fields[9]}]" in held and fields[3] == "0A"
                if ours and int(fields[1].rsplit(":", 1)[1], 16) == port:
                    return True
    return False


class Server:
    """``bingo-hall serve`` as a child process on a loopback port, on a SQLite file (or on the
    database of ``db_url``, ``db`` then naming only its log); ``program``: how Python runs it.
    """

    def __init__(
        self,
        db: Path,
        devices: str = "none",
        port: int | None = None,
        extra: Sequence[str] = (),
        scheme: str = "http",
        db_url: str | None = None,
        program: Sequence[str] = ("-m", "app.cli"),
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.db = db
        self.env = dict(env or {})  # over the suite's environment (e.g. the hall's data folder)
        self.db_url = db_url or f"sqlite:///{db}"
        self.program = list(program)
        self.devices = devices
        self.chosen_port = port is None  # chosen here: another one if it is taken meanwhile
        self.port = port or free_port()
        self.extra = list(extra)
        self.scheme = scheme
        self.proc: subprocess.Popen[str] | None = None
        self.log = db.with_suffix(".server.log")

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def panel(self, layout: str = "board", lang: str = "es") -> str:
        return f"{self.url}/panel?layout={layout}&lang={lang}"

    def start(self) -> Server:
        for _ in range(5):
            if self._started():
                return self
            self.port = free_port()  # its port was taken before it bound it: another one
        raise RuntimeError(f"el servidor no encuentra un puerto libre: {self.log.read_text()}")

    def _started(self) -> bool:
        """Started and answering on its own socket; False if its port was taken meanwhile."""
        add_operators(self.db_url)
        env = {**os.environ, **self.env, "PYTHONUNBUFFERED": "1"}
        command = [
            sys.executable, *self.program, "serve", "--db", self.db_url,
            "--port", str(self.port), "--devices", self.devices, *self.extra,
        ]  # fmt: skip
        out = self.log.open("a")
        written = self.log.stat().st_size  # the log of earlier runs before this one's
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, text=True
        )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                told = self.log.read_bytes()[written:].decode(errors="replace")
                if self.chosen_port and port_taken(told):
                    return False
                raise RuntimeError(f"el servidor terminó: {self.log.read_text()}")
            if listens(self.proc.pid, self.port):  # never another worker's server on its port
                try:
                    httpx.get(f"{self.url}/api/v1/state", timeout=1.0, verify=False)
                    return True
                except httpx.HTTPError:
                    pass
            time.sleep(0.1)
        raise RuntimeError(f"el servidor no responde: {self.log.read_text()}")

    def kill(self) -> None:
        """Kill it hard, as a power cut would (no clean shutdown)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


@contextmanager
def running(db: Path, **kwargs: Any) -> Iterator[Server]:
    server = Server(db, **kwargs).start()
    try:
        yield server
    finally:
        server.stop()


class Client:
    """A console's side of the API: commands with its client id, one command id each."""

    def __init__(
        self,
        server: Server,
        client_id: str | None = None,
        operator: tuple[str, str] | None = MESA,
    ) -> None:
        self.server = server
        self.client_id = client_id or f"console-{uuid.uuid4().hex[:8]}"
        self._ids = itertools.count(1)
        self.http = httpx.Client(timeout=30.0, verify=False)
        self.operator = operator
        self.token: str | None = None

    def login(self, name: str, pin: str) -> httpx.Response:
        response = self.http.post(
            f"{self.server.url}/api/v1/login", json={"v": 1, "name": name, "pin": pin}
        )
        if response.status_code == 200:
            self.token = str(response.json()["token"])
        return response

    def send(
        self,
        name: str,
        args: dict[str, Any] | None = None,
        command_id: str | None = None,
        expected_version: int | None = None,
        authorisation: tuple[str, str] | None = None,
    ) -> httpx.Response:
        if self.token is None and self.operator is not None:
            answer = self.login(*self.operator)
            assert answer.status_code == 200, answer.text
        body: dict[str, Any] = {
            "v": 1,
            "client_id": self.client_id,
            "command_id": command_id or f"c{next(self._ids)}",
            "name": name,
            "args": args or {},
        }
        if expected_version is not None:
            body["expected_version"] = expected_version
        if authorisation is not None:
            body["authorisation"] = {"name": authorisation[0], "pin": authorisation[1]}
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        response = self.http.post(f"{self.server.url}/api/v1/commands", json=body, headers=headers)
        checked(body, response)
        return response

    def do(
        self, name: str, authorisation: tuple[str, str] | None = None, **args: Any
    ) -> dict[str, Any]:
        response = self.send(name, args, authorisation=authorisation)
        if response.status_code != 200:
            raise AssertionError(f"{name}: {response.status_code} {response.text}")
        answer: dict[str, Any] = response.json()
        return answer

    def state(self) -> dict[str, Any]:
        message: dict[str, Any] = self.http.get(f"{self.server.url}/api/v1/state").json()
        return message


BALLS = list(range(1, 91))


def checked(body: dict[str, Any], response: httpx.Response) -> None:
    """Every command the tests send and every answer they get against the generated schemas
    (app/server/schema): a body the server applied is one the schema takes.
    """
    validator("answer").validate(response.json())
    if response.status_code == 200:
        validator("command").validate(body)


_VALIDATORS: dict[str, Any] = {}


def validator(name: str) -> Any:
    """A checked schema's validator, made once (the command schema is large)."""
    import jsonschema

    from app.server.wire import schema

    if name not in _VALIDATORS:
        found = schema(name)
        jsonschema.Draft202012Validator.check_schema(found)
        _VALIDATORS[name] = jsonschema.Draft202012Validator(found)
    return _VALIDATORS[name]


def open_session(client: Client, session_id: str = "S1") -> None:
    client.do(
        "open_session",
        session_id=session_id,
        date="2026-11-24",
        jefe_de_mesa="Mesa",
        jefe_de_sala="Sala",
        ball_check=BALLS,
    )


def partida_ready(client: Client, count: int = 120) -> int:
    partida = int(client.do("start_partida")["result"]["partida"])
    client.do("sell_count", series="A-0001", count=count)
    client.do("close_sale")
    client.do("confirm_data_shown")
    return partida


def draw(client: Client, numbers: Sequence[int]) -> None:
    for n in numbers:
        client.do("draw_ball", number=n)


# --- headless chromium -----------------------------------------------------------------------


def browser(width: int = 1920, height: int = 1080) -> Any:
    """Debian's chromium through its chromedriver, headless, with a viewport of that size."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--ignore-certificate-errors",
        "--disable-background-timer-throttling",
        "--disable-renderer-backgrounding",
        f"--window-size={width},{height}",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    resize(driver, width, height)
    return driver


def resize(driver: Any, width: int, height: int) -> None:
    """Make the page's viewport (not the window) exactly width x height."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )


def wait_for(driver: Any, script: str, timeout: float = 15.0) -> Any:
    """Wait until the page's ``script`` (an expression) is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        value = driver.execute_script(f"return ({script});")
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"la página no llegó a: {script} (último valor {value!r})")


def shown(driver: Any) -> dict[str, Any]:
    """What the board page shows: the lit numbers, the last ball, the count, online or not."""
    result: dict[str, Any] = driver.execute_script(
        """
        const on = [...document.querySelectorAll('.cell.on')].map(c => Number(c.textContent));
        return {
          online: window.__panel.online,
          version: window.__panel.version,
          main_visible: getComputedStyle(document.getElementById('main')).visibility !== 'hidden',
          offline_text: document.getElementById('offline').innerText,
          lit: on,
          last: document.getElementById('b-last').textContent,
          count: document.getElementById('b-count').textContent,
        };
        """
    )
    return result


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1)


def carton_rows(number: int) -> list[list[int]]:
    """The rows of cartón ``number`` of the demo hall's first serie (its settings' card set)."""
    from app.config import load_hall
    from bingo.cards import generate_card_set

    settings = load_hall()
    card_set = generate_card_set(
        settings.card_set_id, settings.card_set_seed, settings.card_set_strips
    )
    return [list(row) for row in card_set.card(number).rows]
