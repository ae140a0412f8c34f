"""Bounds for every text and number the settings take (issue 19 item 8; docs/decisions.md 503):
each value below was played, echoed or kept; each is now refused where it enters, with the key
and the allowed range, and nothing is written.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app.cli import main
from app.config import ConfigError, default_hall_path, load_hall

DEMO = default_hall_path().read_text("utf-8")


def hall_file(tmp_path: Path, old: str, new: str) -> Path:
    assert old in DEMO, old
    path = tmp_path / "sala.toml"
    path.write_text(DEMO.replace(old, new), "utf-8")
    return path


def refused(path: Path) -> str:
    with pytest.raises(ConfigError) as caught:
        load_hall(path)
    return str(caught.value)


def simulate_writes_nothing(
    tmp_path: Path, config: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> str:
    db = tmp_path / "noche.sqlite"
    code = main(["simulate", "--db", f"sqlite:///{db}", "--config", str(config), "-q", *extra])
    err = capsys.readouterr().err
    assert code in (1, 2), err
    assert "Traceback" not in err and not db.exists()
    return err


def test_a_face_value_of_10_to_the_23_cents_is_refused_with_its_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Played until now, the acta's amounts unreadable (R-ACTA-1)."""
    path = hall_file(
        tmp_path, "face_value_cents = 100", "face_value_cents = 100000000000000000000000"
    )
    assert "[series] face_value_cents debe ser un entero entre 1 y 10000" in refused(path)
    assert "face_value_cents" in simulate_writes_nothing(tmp_path, path, capsys)


@pytest.mark.parametrize("name", ["Sala\x1b[2J\x1b[31mROJA", "Sala\nSegunda línea", "Sala\x07"])
def test_control_characters_and_terminal_escapes_in_the_hall_name_are_refused(
    tmp_path: Path, name: str
) -> None:
    """`status` echoed the name raw: an ANSI escape cleared the operator's terminal."""
    escaped = "".join(f"\\u{ord(c):04x}" if ord(c) < 32 else c for c in name)  # TOML's escapes
    path = hall_file(tmp_path, 'name = "Sala de Bingo Demostración"', f'name = "{escaped}"')
    message = refused(path)
    assert "[hall] name debe ser un texto de una línea" in message
    assert "sin caracteres de control" in message
    assert "\x1b" not in message and "\x07" not in message  # the refusal shows it escaped


def test_a_20000_character_hall_name_is_refused_with_its_length(tmp_path: Path) -> None:
    """It covered folio 1 of the acta."""
    path = hall_file(tmp_path, 'name = "Sala de Bingo Demostración"', f'name = "{"S" * 20_000}"')
    message = refused(path)
    assert "[hall] name debe ser un texto de una línea de 1 a 120 caracteres" in message
    assert len(message) < 400  # the refusal does not echo it whole


def test_fifty_million_strips_are_refused_at_once_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It ran for minutes and left an empty database."""
    path = hall_file(tmp_path, "strips = 1000 ", "strips = 50000000 ")
    assert "[card_set] strips debe ser un entero entre 1 y 10000" in refused(path)
    started = time.monotonic()
    assert "[card_set] strips" in simulate_writes_nothing(tmp_path, path, capsys)
    assert time.monotonic() - started < 60  # refused before any cartón is built


def test_a_session_dated_year_1_is_refused_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "noche.sqlite"
    with pytest.raises(SystemExit) as usage:
        main(["simulate", "--db", f"sqlite:///{db}", "-q", "--date", "0001-01-01"])
    err = capsys.readouterr().err
    assert usage.value.code == 2 and not db.exists()
    assert "0001-01-01" in err and "entre 2000-01-01 y 2099-12-31" in err


def test_the_session_date_bound_is_the_one_the_server_can_use() -> None:
    from app.bounds import SessionDate, check

    assert check("2026-11-22", SessionDate) == "2026-11-22"
    for wrong in ("0001-01-01", "2026-02-30", "22/11/2026", 20261122):
        with pytest.raises(ValueError, match="fecha"):
            check(wrong, SessionDate)


@pytest.mark.parametrize("card_set", ["../../../etc/passwd", "/etc/passwd", "a/b", ".."])
def test_a_card_set_id_that_is_a_path_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], card_set: str
) -> None:
    path = hall_file(tmp_path, 'id = "std-6000"', f'id = "{card_set}"')
    assert "[card_set] id debe ser un identificador" in refused(path)
    assert "no una ruta" in simulate_writes_nothing(tmp_path, path, capsys)
    out = tmp_path / "cartones.json"
    generate = ["cardset", "generate", "--id", card_set, "--seed", "1", "--strips", "1"]
    with pytest.raises(SystemExit) as usage:  # the same bound on the command line
        main([*generate, "-o", str(out)])
    assert usage.value.code == 2 and not out.exists()
    assert "no una ruta" in capsys.readouterr().err


def test_a_serie_prefix_in_cyrillic_is_refused_naming_the_letter(tmp_path: Path) -> None:
    """«А» (U+0410) looks like «A»: the serie codes on the cartones would not be the hall's."""
    path = hall_file(tmp_path, 'prefix = "A"', 'prefix = "А"')
    message = refused(path)
    assert "[series] prefix debe ser de 1 a 3 letras mayúsculas latinas (A-Z)" in message
    assert "U+0410 CYRILLIC CAPITAL LETTER A" in message


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("size = 1500", "size = 0", "[series] size debe ser un entero entre 1 y 60000"),
        ("guaranteed_partidas = 3000", "guaranteed_partidas = 99999999999", "[ball_set] guaranteed_partidas debe ser un entero entre 1 y 1000000"),  # noqa: E501
        ('jefe_de_mesa = "Jefe de mesa de turno"', 'jefe_de_mesa = "J\\u001b]0;x\\u0007"', "[hall] jefe_de_mesa debe ser un texto de una línea"),  # noqa: E501
        ('homologation = "HOM-CANT-B-0042"', f'homologation = "{"H" * 65}"', "[ball_set] homologation debe ser un texto de una línea de 1 a 64"),  # noqa: E501
        ('id = "BS-0001"', 'id = "BS 0001"', "[ball_set] id debe ser un identificador"),
        ("amounts_cents = [20000, 30000, 50000]", "amounts_cents = [20000, 100000000000000000000000]", "[prima] amounts_cents[2] debe ser un entero entre 0 y 100000000"),  # noqa: E501
    ],
)  # fmt: skip
def test_the_other_texts_and_numbers_have_their_bounds_too(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    assert words in refused(hall_file(tmp_path, old, new))
