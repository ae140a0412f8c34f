"""``scripts/install-hall.sh`` into a fresh directory tree, and the hall it installs: its units
checked by ``systemd-analyze verify``, its own server started from the tree on emulated
devices named in its settings as real serial ports, a partida played through the HTTP API, the
nightly backup, and an upgrade of a record version 0.1.0 wrote, checked with ``status``, then a
rollback (docs/install.md).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.server.kit import BALLS, ROOT, SALA, Client, add_operators, free_port

FIXTURE = ROOT / "tests" / "fixtures" / "record-0.1.0"
SCRIPT = "scripts/install-hall.sh"
UNITS = (
    "bingo-hall.service", "bingo-hall-backup.service", "bingo-hall-backup.timer",
    "bingo-hall-kiosk.service",
)  # fmt: skip

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1500)]


def version_of(src: Path) -> str:
    found = re.search(r'^version = "([^"]+)"', (src / "pyproject.toml").read_text(), re.M)
    assert found is not None
    return found.group(1)


def install(src: Path, tree: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(src / SCRIPT), "--root", str(tree), *extra],
        capture_output=True, text=True, timeout=1200, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def installed(src: Path, tree: Path, *extra: str) -> str:
    done = install(src, tree, *extra)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    return done.stdout


class Tree:
    """The installed hall in ``root``: its programs run from there, with its environment file's
    paths taken inside the tree, never from this checkout.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.opt = root / "opt" / "bingo-hall"
        self.etc = root / "etc" / "bingo-hall"
        self.var = root / "var" / "lib" / "bingo-hall"
        self.record = self.var / "hall.sqlite"

    def current(self) -> str:
        return os.readlink(self.opt / "current")

    def program(self) -> list[str]:
        current = self.opt / "current"
        return [str(current / "bin" / "python"), str(current / "bin" / "bingo-hall")]

    def env(self, **more: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        for line in (self.etc / "environment").read_text().splitlines():
            if not line or line.startswith("#"):
                continue
            name, value = line.split("=", 1)
            if value.startswith("sqlite:////"):
                value = f"sqlite:///{self.root}/{value.removeprefix('sqlite:////')}"
            elif value.startswith("/"):
                value = f"{self.root}{value}"
            env[name] = value
        return {**env, "PYTHONUNBUFFERED": "1", **more}

    def run(self, *args: str, **more: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self.program(), *args], capture_output=True, text=True, timeout=600,
            env=self.env(**more), cwd=self.root, stdin=subprocess.DEVNULL,
        )  # fmt: skip

    def start(self, *args: str, **more: str) -> subprocess.Popen[str]:
        log = (self.root.parent / "server.log").open("a")
        return subprocess.Popen(
            [*self.program(), *args], env=self.env(**more), cwd=self.root, text=True,
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )  # fmt: skip


def new_version(tmp: Path) -> tuple[Path, str, str]:
    """This source as the next version: the same code with one more migration (a table of its
    own), another number, another folder; and that migration's revision.
    """
    src = tmp / "fuente-nueva"
    shutil.copytree(
        ROOT, src,
        ignore=shutil.ignore_patterns(".venv", ".git", "tests", "bench", "__pycache__",
                                      "*.egg-info", "build", "dist", "*.sqlite*"),
    )  # fmt: skip
    version = f"{version_of(ROOT)}.post1"
    pyproject = src / "pyproject.toml"
    pyproject.write_text(
        re.sub(r'^version = "[^"]+"', f'version = "{version}"', pyproject.read_text(), count=1,
               flags=re.M)
    )  # fmt: skip
    unit = src / "packaging" / "systemd" / "bingo-hall.service"
    unit.write_text(unit.read_text() + f"# {version}\n")  # whose units are installed
    migrate = src / "store" / "migrate.py"
    code = migrate.read_text()
    found = re.search(r'^HEAD_REVISION = "(\d+)"', code, re.M)
    assert found is not None
    head = found.group(1)
    revision = f"{int(head) + 1:04d}"
    code = code.replace(f'HEAD_REVISION = "{head}"', f'HEAD_REVISION = "{revision}"')
    code = code.replace(", HEAD_REVISION)", f', "{head}", HEAD_REVISION)', 1)
    migrate.write_text(code)
    (src / "store" / "migrations" / "versions" / f"{revision}_next_version.py").write_text(
        f'''"""The next version's table (the installation's test).

Revision ID: {revision}
Revises: {head}
"""

import sqlalchemy as sa
from alembic import op

revision = "{revision}"
down_revision = "{head}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("next_version", sa.Column("id", sa.Integer, primary_key=True))
'''
    )
    return src, version, revision


def schema(db: Path) -> str:
    with contextlib.closing(sqlite3.connect(db)) as conn:
        (found,) = conn.execute("select version_num from alembic_version").fetchone()
        return str(found)


def place_record(tree: Tree) -> None:
    """The record and the hall's key of a hall that ran version 0.1.0, where the hall keeps
    them (its key under the data folder the environment names)."""
    tree.var.mkdir(parents=True)
    shutil.copy2(FIXTURE / "hall.sqlite", tree.record)
    shutil.copytree(FIXTURE / "keys", tree.var / "keys")


def verify_units(tree: Tree) -> None:
    """``systemd-analyze verify`` of every unit inside the tree (``--root``), as it would load
    them on the hall's PC: systemd's own units copied in (an installed Debian has them), and
    every program a unit starts found at its final path inside the tree. Its warnings (an
    unknown key, a bad value) do not change its exit code: none may be printed.
    """
    analyze = shutil.which("systemd-analyze")
    assert analyze, "falta systemd-analyze: bash scripts/system-deps.sh test"
    shutil.copytree("/usr/lib/systemd/system", tree.root / "usr/lib/systemd/system",
                    symlinks=True, dirs_exist_ok=True)  # fmt: skip
    for unit in UNITS:
        done = subprocess.run(
            [analyze, "verify", f"--root={tree.root}", f"/etc/systemd/system/{unit}"],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert (done.returncode, done.stdout + done.stderr) == (0, ""), unit


def alter_a_record(db: Path) -> None:
    """Change one record's payload behind the store's back (its append-only triggers lifted)."""
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        (trigger,) = conn.execute(
            "select sql from sqlite_master where name = 'events_no_update'"
        ).fetchone()
        conn.execute("drop trigger events_no_update")
        conn.execute("update events set payload = payload || ' ' where seq = 10")
        conn.execute(trigger)


@contextmanager
def emulated_devices(tree: Tree) -> Iterator[dict[str, str]]:
    """The installed tree's own emulators on pseudo-terminals; their ports by device."""
    proc = subprocess.Popen(
        [*tree.program(), "emulate", "extractor", "reader", "--pty", "--fast", "--seed", "4"],
        env=tree.env(), cwd=tree.root, stdout=subprocess.PIPE, text=True,
        stderr=(tree.root.parent / "emulador.log").open("a"),
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        ports: dict[str, str] = {}
        while len(ports) < 2:
            line = proc.stdout.readline()
            assert line, "el emulador terminó antes de dar sus puertos"
            name, path = line.split()
            ports[name] = path
        yield ports
    finally:
        proc.terminate()
        proc.wait(30)


@contextmanager
def notify_socket() -> Iterator[tuple[socket.socket, str]]:
    with tempfile.TemporaryDirectory(prefix="notify-", dir="/tmp") as folder:
        path = str(Path(folder) / "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(path)
            sock.settimeout(240)
            yield sock, path


class At:
    """What ``Client`` needs of a server: its address."""

    def __init__(self, url: str) -> None:
        self.url = url


def card_rows() -> Any:
    from app.config import load_hall
    from bingo.cards import generate_card_set

    settings = load_hall()
    return generate_card_set(settings.card_set_id, settings.card_set_seed, settings.card_set_strips)


def play_to_bingo(client: Client) -> int:
    """A partida whose balls the devices draw: the first line and the first bingo among the
    cartones sold are claimed on the ball that makes them; the balls drawn.
    """
    client.do("start_partida")
    sold = client.do("sell_count", series="A-0001", count=120)["result"]
    client.do("close_sale")
    client.do("confirm_data_shown")
    cards = card_rows()
    rows = {n: [set(r) for r in cards.card(n).rows] for n in range(sold["first"], sold["last"] + 1)}
    line = False
    for _ in BALLS:
        client.do("draw_from_devices")
        drawn = set(client.state()["state"]["balls"])
        if not line:
            lined = [n for n, card in rows.items() if any(r <= drawn for r in card)]
            if lined:
                claimed = client.do("claim", series="A-0001", number=lined[0], prize="line")
                assert claimed["result"]["valid"]
                line = True
        full = [n for n, card in rows.items() if all(r <= drawn for r in card)]
        if full:
            claimed = client.do("claim", series="A-0001", number=full[0], prize="bingo")
            assert claimed["result"]["valid"]
            client.do("close_partida")
            client.do("pay_prizes")
            return len(drawn)
    raise AssertionError("noventa bolas sin bingo")


def serve_a_partida(tree: Tree) -> int:
    """The installed server as its unit starts it (``serve --config /etc/bingo-hall/hall.toml
    --devices serial``, its environment file), its settings naming the emulated devices'
    pseudo-terminals as the hall names its real ports; a partida through its HTTP API.
    """
    with emulated_devices(tree) as ports:
        settings = tree.etc / "hall.toml"
        text = settings.read_text("utf-8")
        text = text.replace('# extractor = "/dev/ttyUSB0"', f'extractor = "{ports["extractor"]}"')
        text = text.replace('# reader = "/dev/ttyUSB1"', f'reader = "{ports["reader"]}"')
        assert ports["extractor"] in text and ports["reader"] in text
        settings.write_text(text, "utf-8")
        add_operators(f"sqlite:///{tree.record}")
        port = free_port()
        with notify_socket() as (sock, path):
            server = tree.start(
                "serve", "--config", str(settings), "--devices", "serial", "--port", str(port),
                NOTIFY_SOCKET=path,
            )  # fmt: skip
            try:
                try:
                    assert sock.recv(64) == b"READY=1"
                except TimeoutError:
                    pytest.fail((tree.root.parent / "server.log").read_text())
                client = Client(At(f"http://127.0.0.1:{port}"))  # type: ignore[arg-type]
                station = client.http.get(f"http://127.0.0.1:{port}/api/v1/station").json()
                assert station["devices"] is True  # the balls come from the serial lines
                # the day after the record's last session: its serie A-0001 goes on (R-SALE-1)
                client.do("open_session", session_id="S-INSTALADA", date="2026-11-23",
                          jefe_de_mesa="Mesa", jefe_de_sala="Sala", ball_check=BALLS)  # fmt: skip
                balls = play_to_bingo(client)
            finally:
                server.terminate()
                # uvicorn ends by its signal once it has stopped cleanly: systemd counts a
                # SIGTERM as a clean stop of a service
                assert server.wait(60) in (0, -signal.SIGTERM)
    return balls


def nightly_backups(tree: Tree, tmp: Path) -> None:
    """The backup unit's program three times, keeping two: each copy checked, the oldest gone;
    then with a kept copy altered: the unit fails naming it, and removes nothing.
    """
    wrapper = tmp / "bingo-hall"  # the installed program, by the python of its tree
    wrapper.write_text("#!/bin/sh\nexec " + " ".join(tree.program()) + ' "$@"\n')
    wrapper.chmod(0o755)
    backups = tree.var / "backups"

    def night() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(tree.opt / "current" / "libexec" / "bingo-hall-backup-nightly")],
            capture_output=True, text=True, timeout=600, cwd=tree.root,
            env=tree.env(BINGO_HALL_BIN=str(wrapper), BINGO_HALL_BACKUP_KEEP="2",
                         BINGO_HALL_BACKUP_DIR=str(backups)),
        )  # fmt: skip

    for _ in range(3):
        done = night()
        assert done.returncode == 0, done.stdout + done.stderr
        assert "cadena íntegra" in done.stdout
    kept = sorted(backups.glob("registro-*.sqlite"))
    assert len(kept) == 2
    alter_a_record(kept[0])
    done = night()
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"la copia {kept[0]} no pasa la comprobación" in done.stderr
    assert len(list(backups.glob("registro-*.sqlite"))) == 3  # nothing removed


def test_a_fresh_tree_gets_the_hall_which_serves_backs_up_upgrades_and_rolls_back(
    tmp_path: Path,
) -> None:
    tree = Tree(tmp_path / "raiz")
    version = version_of(ROOT)
    place_record(tree)  # a hall that already ran 0.1.0 (its record is checked by the install)

    said = installed(ROOT, tree.root)
    assert "instalada la versión" in said
    assert tree.current() == f"versions/{version}"
    current = tree.opt / "current"
    assert (
        (current / "bin" / "bingo-hall")
        .read_text()
        .startswith(f"#!/opt/bingo-hall/versions/{version}/bin/python")
    )  # the final path: the tree can be the image of a hall's disk
    assert "[devices]" in (tree.etc / "hall.toml").read_text()
    for unit in UNITS:
        assert (tree.root / "etc/systemd/system" / unit).is_file()
    from_where = subprocess.run(
        [str(current / "bin" / "python"), "-c", "import app; print(app.__file__)"],
        capture_output=True, text=True, cwd=tree.root, env=tree.env(), check=True,
    ).stdout  # fmt: skip
    assert Path(from_where.strip()).resolve().is_relative_to(tree.opt / "versions" / version)

    verify_units(tree)
    validate = shutil.which("desktop-file-validate")
    assert validate, "falta desktop-file-validate: bash scripts/system-deps.sh test"
    entry = tree.root / "usr/local/share/applications/bingo-hall-console.desktop"
    checked = subprocess.run([validate, str(entry)], capture_output=True, text=True)
    assert (checked.returncode, checked.stdout + checked.stderr) == (0, "")

    balls = serve_a_partida(tree)
    assert 15 <= balls <= 90
    status = tree.run("status")
    assert status.returncode == 0, status.stdout + status.stderr
    assert "registro íntegro" in status.stdout

    nightly_backups(tree, tmp_path)

    # an upgrade whose check fails leaves everything as it was: a record altered by hand, the
    # new version's `status` finds its chain broken
    src, new, revision = new_version(tmp_path)
    unit = tree.root / "etc/systemd/system/bingo-hall.service"
    before = schema(tree.record)
    assert not Path(f"{tree.record}-wal").exists()  # the server stopped: one file
    good = tree.record.read_bytes()
    alter_a_record(tree.record)
    altered = tree.record.read_bytes()
    refused = install(src, tree.root)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "no da por bueno el registro" in refused.stderr
    assert tree.current() == f"versions/{version}"
    assert tree.record.read_bytes() == altered  # the copy put back, as it was
    assert schema(tree.record) == before
    assert f"# {new}" not in unit.read_text()  # the units stay the version in use's
    tree.record.write_bytes(good)

    said = installed(src, tree.root)  # the new version's folder is already there: reused
    assert "ya está instalada" in said and "registro íntegro" in said
    assert tree.current() == f"versions/{new}"
    assert os.readlink(tree.opt / "previous") == f"versions/{version}"
    assert (tree.opt / "versions" / version / ".installed").is_file()  # kept beside
    assert schema(tree.record) == revision  # migrated by the new version
    assert f"# {new}" in unit.read_text()
    status = tree.run("status")
    assert status.returncode == 0 and "registro íntegro" in status.stdout, status.stderr

    # back: the old version cannot read the newer schema, and nothing was written since the
    # upgrade: the record as it was before it comes back, the migrated one kept beside it
    installed(src, tree.root, "--rollback")
    assert tree.current() == f"versions/{version}"
    assert schema(tree.record) == before
    assert tree.record.read_bytes() == good
    assert f"# {new}" not in unit.read_text()  # the old version's units again
    kept = tree.var / "upgrades" / f"{version}-a-{new}" / "despues" / tree.record.name
    assert schema(kept) == revision
    status = tree.run("status")
    assert status.returncode == 0 and "registro íntegro" in status.stdout, status.stderr

    # up again, and a record written by the new version: going back would lose it, refused
    installed(src, tree.root)
    assert tree.current() == f"versions/{new}"
    filed = subprocess.run(
        [*tree.program(), "reclamacion", "file", "--session", "SIM-7-001",
         "--subject", "Prueba de instalación", "--by", SALA[0], "--pin-stdin"],
        input=f"{SALA[1]}\n", capture_output=True, text=True, env=tree.env(), cwd=tree.root,
    )  # fmt: skip
    assert filed.returncode == 0, filed.stdout + filed.stderr
    written = tree.record.read_bytes()
    refused = install(src, tree.root, "--rollback")
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "se perderían" in refused.stderr
    assert tree.current() == f"versions/{new}"
    assert tree.record.read_bytes() == written


def test_bad_options_and_a_rollback_with_nothing_before_are_refused_and_change_nothing(
    tmp_path: Path,
) -> None:
    tree = tmp_path / "raiz"
    done = install(ROOT, tree, "--frobnicate")
    assert done.returncode == 2 and "opción desconocida: --frobnicate" in done.stderr
    assert "Traceback" not in done.stderr
    done = install(ROOT, tree, "--rollback")
    assert done.returncode == 1 and "no hay versión anterior" in done.stderr
    done = subprocess.run(["bash", str(ROOT / SCRIPT), "--root"], capture_output=True, text=True)
    assert done.returncode == 2 and "--root necesita una carpeta" in done.stderr
    assert list(tree.rglob("*")) == []
