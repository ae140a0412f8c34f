"""`bingo-hall operator add|list|disable` (R-ROLE-1, R-ROLE-3): the hall's people, never their
secrets in clear; bad input gets a Spanish message, exit 1 or 2, and changes nothing.
"""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from app.cli import main

SALA_PIN = "482913"


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "hall.sqlite"


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as con:
        return con.execute(sql).fetchall()


def operators(db: Path) -> list[tuple[object, ...]]:
    return rows(db, "select name, role, disabled_at is null from operators order by name")


@pytest.fixture
def hall(db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database whose first operator, the jefe de sala Sala, was just added."""
    url = f"sqlite:///{db}"
    code, out, err = run(
        capsys, monkeypatch, "operator", "add", "Sala", "--role", "jefe_de_sala",
        "--pin-stdin", "--db", url, stdin=SALA_PIN + "\n",
    )  # fmt: skip
    assert code == 0, err
    assert "Sala: dado de alta como jefe de sala" in out
    return db


def test_the_first_operator_of_a_new_hall_must_be_a_jefe_de_sala(
    db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(
        capsys, monkeypatch, "operator", "add", "Mesa", "--role", "jefe_de_mesa",
        "--pin-stdin", "--db", f"sqlite:///{db}", stdin="735190\n",
    )  # fmt: skip
    assert code == 1 and "el primer operador de la sala debe ser un jefe de sala" in err
    assert not db.exists()  # a refused add leaves no empty database behind (decision 644)


def test_adding_someone_needs_a_jefe_de_sala_pin_and_a_wrong_one_is_recorded(
    hall: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{hall}"
    add = ("operator", "add", "Mesa", "--role", "jefe_de_mesa", "--pin-stdin", "--db", url)
    code, _, err = run(capsys, monkeypatch, *add, stdin="735190\n")
    assert code == 2 and "--by" in err
    code, _, err = run(capsys, monkeypatch, *add, "--by", "Sala", stdin="735190\n000000\n")
    assert code == 1 and "nombre o PIN incorrectos" in err
    assert operators(hall) == [("Sala", "jefe_de_sala", 1)]
    assert rows(hall, "select name, purpose, outcome from operator_attempts") == [
        ("Sala", "authorise:operator_add", "wrong_secret")
    ]
    code, out, err = run(capsys, monkeypatch, *add, "--by", "Sala", stdin=f"735190\n{SALA_PIN}\n")
    assert code == 0, err
    assert operators(hall) == [("Mesa", "jefe_de_mesa", 1), ("Sala", "jefe_de_sala", 1)]
    code, out, _ = run(capsys, monkeypatch, "operator", "list", "--db", url)
    assert code == 0
    assert "Mesa\tjefe de mesa-cajero\tactivo\túltimo acceso: nunca" in out
    stored = str(rows(hall, "select secret_hash from operators where name = 'Mesa'")[0][0])
    assert stored.startswith("scrypt$32768$8$1$") and "735190" not in stored
    assert "scrypt" not in out and "735190" not in out


@pytest.mark.parametrize(
    ("argv", "stdin", "code", "words"),
    [
        (["Me", "--role", "jefe_de_mesa"], "1234\n", 1, "al menos 6 cifras"),
        (["Me", "--role", "jefe_de_mesa"], "111111\n", 1, "demasiado fácil"),
        (["Me", "--role", "jefe_de_mesa"], "corta\n", 1, "al menos 10 caracteres"),
        (["1abc", "--role", "jefe_de_mesa"], "735190\n", 2, "nombre de operador no válido"),
        (["Sala", "--role", "jefe_de_mesa"], "735190\n", 1, "ya existe"),
        (["Me", "--role", "jefe"], "735190\n", 2, "invalid choice"),
    ],
)
def test_bad_operators_are_refused_and_nothing_changes(
    hall: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str,
    code: int,
    words: str,
) -> None:
    got, _, err = run(
        capsys, monkeypatch, "operator", "add", *argv, "--by", "Sala", "--pin-stdin",
        "--db", f"sqlite:///{hall}", stdin=stdin + SALA_PIN + "\n",
    )  # fmt: skip
    assert got == code and words in err
    assert "Traceback" not in err
    assert operators(hall) == [("Sala", "jefe_de_sala", 1)]


def test_a_disabled_operator_stays_named_but_the_last_jefe_de_sala_cannot_go(
    hall: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{hall}"
    by = ("--by", "Sala", "--pin-stdin", "--db", url)
    code, _, err = run(
        capsys, monkeypatch, "operator", "add", "Mesa", "--role", "jefe_de_mesa", *by,
        stdin=f"735190\n{SALA_PIN}\n",
    )  # fmt: skip
    assert code == 0, err
    code, _, err = run(capsys, monkeypatch, "operator", "disable", "Nadie", *by, stdin=SALA_PIN)
    assert code == 1 and "no hay ningún operador llamado 'Nadie'" in err
    code, _, err = run(capsys, monkeypatch, "operator", "disable", "Sala", *by, stdin=SALA_PIN)
    assert code == 1 and "último jefe de sala activo" in err
    code, out, err = run(capsys, monkeypatch, "operator", "disable", "Mesa", *by, stdin=SALA_PIN)
    assert code == 0 and "Mesa: dado de baja" in out
    assert operators(hall) == [("Mesa", "jefe_de_mesa", 0), ("Sala", "jefe_de_sala", 1)]
    code, out, _ = run(capsys, monkeypatch, "operator", "list", "--db", url)
    assert "Mesa\tjefe de mesa-cajero\tde baja desde" in out
    code, _, err = run(capsys, monkeypatch, "operator", "disable", "Mesa", *by, stdin=SALA_PIN)
    assert code == 1 and "ya estaba dado de baja" in err


def test_a_pin_is_never_read_from_a_pipe_unless_asked_for(
    hall: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a terminal the PIN cannot be asked without echo: --pin-stdin says it is meant."""
    code, _, err = run(
        capsys, monkeypatch, "operator", "add", "Mesa", "--role", "jefe_de_mesa",
        "--by", "Sala", "--db", f"sqlite:///{hall}", stdin="735190\n",
    )  # fmt: skip
    assert code == 2 and "--pin-stdin" in err
    assert operators(hall) == [("Sala", "jefe_de_sala", 1)]


def test_listing_the_operators_of_a_database_that_does_not_exist_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "nada.sqlite"
    code, _, err = run(capsys, monkeypatch, "operator", "list", "--db", f"sqlite:///{missing}")
    assert code in (1, 2) and err.startswith("bingo-hall:") and "Traceback" not in err
    assert not missing.exists()


def test_a_ball_set_change_from_the_command_line_needs_the_jefe_de_sala_once_there_are_operators(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-ROLE-2 (sibling of the console and the server): the ball-set change is the jefe de
    sala's, wherever it is given; the record names him.
    """
    db = tmp_path / "night.sqlite"
    url = f"sqlite:///{db}"
    assert main(["simulate", "--db", url, "--seed", "3", "--partidas", "2", "-q"]) == 0
    code, _, err = run(
        capsys, monkeypatch, "operator", "add", "Sala", "--role", "jefe_de_sala",
        "--pin-stdin", "--db", url, stdin=SALA_PIN + "\n",
    )  # fmt: skip
    assert code == 0, err
    install = (
        "ballset", "install", "--db", url, "--id", "BS-2", "--homologation", "H-2",
        "--guaranteed", "3000", "--reason", "bola dañada",
    )  # fmt: skip
    count = "select count(*) from events"
    before = rows(db, count)
    code, _, err = run(capsys, monkeypatch, *install, stdin="")
    assert code == 2 and "--by" in err
    code, _, err = run(capsys, monkeypatch, *install, "--by", "Sala", "--pin-stdin", stdin="1\n")
    assert code == 1 and "nombre o PIN incorrectos" in err
    assert rows(db, count) == before
    code, _, err = run(
        capsys, monkeypatch, *install, "--by", "Sala", "--pin-stdin", stdin=SALA_PIN + "\n"
    )
    assert code == 0, err
    last = rows(db, "select kind, payload from events order by seq desc limit 2")
    assert [k for k, _ in last] == ["ball_set_installed", "command_by"]
    assert '"authorised_by":"Sala"' in str(last[1][1])


def test_every_command_that_writes_names_who_gave_it_once_there_are_operators(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-ROLE-1 (sibling): a claim filed from the command line is recorded under the operator of
    --by, checked with his PIN; reading needs nobody.
    """
    db = tmp_path / "night.sqlite"
    url = f"sqlite:///{db}"
    assert main(["simulate", "--db", url, "--seed", "3", "--partidas", "2", "-q"]) == 0
    session = str(rows(db, "select json_extract(payload, '$.session_id') from events "
                           "where kind = 'session_opened'")[0][0])  # fmt: skip
    for name, role, pin, by in (
        ("Sala", "jefe_de_sala", SALA_PIN, ()),
        ("Mesa", "jefe_de_mesa", "735190", ("--by", "Sala")),
    ):
        code, _, err = run(
            capsys, monkeypatch, "operator", "add", name, "--role", role, *by, "--pin-stdin",
            "--db", url, stdin=f"{pin}\n{SALA_PIN}\n",
        )  # fmt: skip
        assert code == 0, err
    filing = ("reclamacion", "file", "--db", url, "--session", session, "--subject", "premio")
    before = rows(db, "select count(*) from events")
    code, _, err = run(capsys, monkeypatch, *filing)
    assert code == 2 and "--by" in err
    assert rows(db, "select count(*) from events") == before
    code, _, err = run(
        capsys, monkeypatch, *filing, "--by", "Mesa", "--pin-stdin", stdin="735190\n"
    )
    assert code == 0, err
    last = rows(db, "select kind, payload from events order by seq desc limit 2")
    assert [k for k, _ in last] == ["reclamacion_filed", "command_by"]
    assert '"asked_by":"Mesa"' in str(last[1][1]) and '"client":"cli"' in str(last[1][1])
    code, out, err = run(capsys, monkeypatch, "reclamacion", "list", "--db", url)
    assert code == 0 and "premio" in out, err


def test_a_simulation_is_never_written_into_a_hall_that_has_operators(
    hall: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-ROLE-1 (an inspection's finding, decision 250): a hall with operators is a real hall;
    a simulated night written into its record would name nobody. Refused, nothing changes."""
    before = rows(hall, "select count(*) from events")
    code, _, err = run(
        capsys, monkeypatch, "simulate", "--db", f"sqlite:///{hall}", "--seed", "2", "-q"
    )
    assert code == 1 and "otra base de datos" in err, err
    assert rows(hall, "select count(*) from events") == before
