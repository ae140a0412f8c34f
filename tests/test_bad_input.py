"""Refused input changes nothing and never ends in a traceback.

Every command that reads a file, a date, a number, an id or a database URL answers bad input
with a clear Spanish message and exit 1 (refused) or 2 (wrong usage), and leaves the database
byte for byte as it was. 3 means only "an integrity check failed".
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from app.cli import main


def call(argv: list[str]) -> int:
    """``main`` as the shell sees it: argparse's usage errors are exit 2 too."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def fingerprint(db: Path) -> dict[str, str]:
    """The database and every file SQLite keeps beside it, hashed."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(db.parent.glob(db.name + "*"))
    }


@pytest.fixture(scope="module")
def hall_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-partida night (session N1 of 2026-11-22) and a valid file of every kind read."""
    folder = tmp_path_factory.mktemp("hall")
    url = f"sqlite:///{folder / 'hall.sqlite'}"
    night = ["--session", "N1", "--date", "2026-11-22", "--partidas", "1", "-q"]
    assert main(["simulate", "--db", url, *night]) == 0
    assert main(["export", "--db", url, "-o", str(folder / "export.json")]) == 0
    out = folder / "cardset.json"
    assert (
        main(["cardset", "generate", "--id", "X1", "--seed", "1", "--strips", "2", "-o", str(out)])
        == 0
    )
    assert (
        main(
            [
                "acta",
                "build",
                "--export",
                str(folder / "export.json"),
                "-o",
                str(folder / "acta.pdf"),
            ]
        )
        == 0
    )
    (folder / "book.json").write_text(
        json.dumps({"format": "bingo-manual-book/1", "partidas": [{"number": 2, "balls": [1]}]})
    )
    (folder / "scenario.json").write_text('[{"at_draw": 3, "fault": "jam"}]')
    (folder / "claims.json").write_text(
        '[{"hall_id": "cantabria-001", "session_id": "N1", "filed": "2026-11-23", "settled": null}]'
    )
    shutil.copy(Path(__file__).parents[1] / "config" / "hall.toml", folder / "hall.toml")
    return folder


@pytest.fixture
def hall(hall_dir: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A private copy of the night's database: its URL and its file."""
    db = tmp_path / "hall.sqlite"
    shutil.copy(hall_dir / "hall.sqlite", db)
    yield f"sqlite:///{db}", db


def card_set_rows(db: Path) -> list[tuple[str, str, str]]:
    with contextlib.closing(sqlite3.connect(db)) as con:
        return con.execute("select card_set_id, digest, sha256 from card_sets").fetchall()


# --- each case the inspection saw -----------------------------------------------------------


def test_non_utf8_files_are_refused_by_every_reader(
    hall: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, db = hall
    bad = tmp_path / "latin1.txt"
    bad.write_bytes('{"id": "Cartón"}'.encode("latin-1"))
    before = fingerprint(db)
    for argv in (
        ["cardset", "validate", str(bad)],
        ["cardset", "--db", url, "import", str(bad)],
        ["transcribe", "--db", url, str(bad)],
        ["status", "--db", url, "--config", str(bad)],
        ["acta", "build", "--export", str(bad), "-o", str(tmp_path / "a.pdf")],
        ["acta", "purge", "--archive", str(tmp_path / "arch"), "--db", url, "--claims", str(bad)],
        ["emulate", "extractor", "--scenario", str(bad)],
    ):
        assert call(argv) == 1, argv
        err = capsys.readouterr().err
        assert "UTF-8" in err and "Traceback" not in err, argv
    assert fingerprint(db) == before


def test_json_nested_100000_deep_is_refused_not_a_traceback(
    hall: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, db = hall
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    before = fingerprint(db)
    for argv in (
        ["cardset", "validate", str(deep)],
        ["transcribe", "--db", url, str(deep)],
        ["acta", "summary", "--export", str(deep), "-o", str(tmp_path / "s.pdf")],
        ["acta", "purge", "--archive", str(tmp_path / "arch"), "--db", url, "--claims", str(deep)],
        ["emulate", "extractor", "--scenario", str(deep)],
    ):
        assert call(argv) == 1, argv
        assert "profundidad" in capsys.readouterr().err, argv
    assert fingerprint(db) == before


def test_card_set_id_over_64_characters_is_refused_on_import_writing_nothing(
    hall: tuple[str, Path], hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-CARD-2: the card set is refused whole, before the first write."""
    url, db = hall
    data = json.loads((hall_dir / "cardset.json").read_text())
    data["id"] = "L" * 65
    long_id = tmp_path / "long.json"
    long_id.write_text(json.dumps(data))
    before = fingerprint(db)
    assert call(["cardset", "--db", url, "import", str(long_id)]) == 1
    assert "de 1 a 64 caracteres" in capsys.readouterr().err
    assert fingerprint(db) == before


def test_card_set_import_whose_id_collides_leaves_no_row(
    hall: tuple[str, Path], hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-CARD-2: a card set never changes once registered; the refused one leaves no trace."""
    url, db = hall
    data = json.loads((hall_dir / "cardset.json").read_text())
    data["id"] = "std-6000"  # the id of the hall's registered card set, other cartones
    clash = tmp_path / "clash.json"
    clash.write_text(json.dumps(data))
    kept = card_set_rows(db)  # only the copy of the hall's generated set, kept at set-up
    assert [row[0] for row in kept] == ["std-6000"]
    before = fingerprint(db)
    assert call(["cardset", "--db", url, "import", str(clash)]) == 1
    assert "con otro contenido" in capsys.readouterr().err
    assert fingerprint(db) == before
    assert card_set_rows(db) == kept


def test_impossible_date_is_wrong_usage(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    url, db = hall
    before = fingerprint(db)
    for argv in (
        ["simulate", "--db", url, "--date", "2026-13-45", "-q"],
        ["simulate", "--db", url, "--date", "22/11/2026", "-q"],
        [
            "reclamacion",
            "file",
            "--db",
            url,
            "--session",
            "N1",
            "--subject",
            "x",
            "--date",
            "2026-02-30",
        ],
        ["reclamacion", "settle", "N1/R1", "--db", url, "--date", "mañana"],
        ["acta", "purge", "--archive", "arch", "--from-db", "--today", "2026-13-45"],
    ):
        assert call(argv) == 2, argv
        assert "fecha no válida" in capsys.readouterr().err, argv
    assert fingerprint(db) == before


def test_session_dated_before_the_last_one_writes_nothing(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Sessions follow the calendar: the refusal comes before the ball count or the plan."""
    url, db = hall
    before = fingerprint(db)
    assert call(["simulate", "--db", url, "--date", "2026-11-01", "-q"]) == 1
    assert "anterior a la de la última sesión" in capsys.readouterr().err
    assert call(["simulate", "--db", url, "--session", "N1", "--date", "2026-11-23", "-q"]) == 1
    assert "ya hubo una sesión N1, y está cerrada" in capsys.readouterr().err
    assert fingerprint(db) == before  # N1 was a finished simulation: refused, not "resumed"


def test_partidas_must_be_at_least_one(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    url, db = hall
    before = fingerprint(db)
    for n in ("0", "-5", "muchas"):
        assert call(["simulate", "--db", url, "--partidas", n, "--date", "2026-11-23"]) == 2
        assert "--partidas" in capsys.readouterr().err
    assert fingerprint(db) == before


def test_export_into_a_missing_folder_is_refused(
    hall: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, _db = hall
    target = tmp_path / "no-such-folder" / "night.json"
    assert call(["export", "--db", url, "-o", str(target)]) == 1
    assert "no existe la carpeta" in capsys.readouterr().err
    assert not target.parent.exists()
    out = tmp_path / "cards.json"
    assert (
        call(
            [
                "cardset",
                "generate",
                "--id",
                "Z",
                "--seed",
                "1",
                "--strips",
                "1",
                "-o",
                str(tmp_path / "x" / "c.json"),
            ]
        )
        == 1
    )
    assert "no existe la carpeta" in capsys.readouterr().err
    assert (
        call(
            [
                "cardset",
                "generate",
                "--id",
                "Z",
                "--seed",
                "1",
                "--strips",
                "1",
                "-o",
                str(tmp_path),
            ]
        )
        == 1
    )
    assert "es una carpeta" in capsys.readouterr().err
    assert not out.exists()


def test_export_of_an_unknown_session_is_refused_not_an_empty_file(
    hall: tuple[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, _db = hall
    target = tmp_path / "nope.json"
    assert call(["export", "--db", url, "--session", "NOPE", "-o", str(target)]) == 1
    assert "no tiene la sesión NOPE (tiene: N1)" in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["status"],
        ["export"],
        ["transcribe", "{book}"],
        ["ballset", "show"],
        ["reclamacion", "list"],
        ["acta", "summary", "-o", "{out}"],
    ],
)
def test_commands_on_a_mistyped_database_path_do_not_create_it(
    argv: list[str], hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "mistyped.sqlite"
    args = [a.format(book=hall_dir / "book.json", out=tmp_path / "s.pdf") for a in argv]
    assert call([*args, "--db", f"sqlite:///{missing}"]) == 1
    assert f"no existe la base de datos «{missing}»" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_truncated_or_foreign_database_file_is_refused_and_left_as_it_was(
    hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a broken chain (3): a file that cannot be opened as the hall's database (1)."""
    whole = (hall_dir / "hall.sqlite").read_bytes()
    for name, content in (
        ("truncated.sqlite", whole[:8192]),
        ("header-only.sqlite", whole[:100]),
        ("text.sqlite", b"hola, esto no es una base de datos\n" * 200),
    ):
        db = tmp_path / name
        db.write_bytes(content)
        for argv in (["status"], ["simulate", "-q", "--partidas", "1"], ["export"]):
            assert call([*argv, "--db", f"sqlite:///{db}"]) == 1, (name, argv)
            err = capsys.readouterr().err
            assert "base de datos" in err and "Traceback" not in err
            assert db.read_bytes() == content, (name, argv)


def test_an_empty_database_file_is_not_a_hall_for_commands_that_only_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "empty.sqlite"
    db.touch()
    assert call(["status", "--db", f"sqlite:///{db}"]) == 1
    assert "está vacía" in capsys.readouterr().err
    assert db.read_bytes() == b""


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("foo://bar", "tipo de base de datos desconocido"),
        ("not a url", "mal formada"),
        ("sqlite:///{tmp}/no/such/folder/h.sqlite", "no existe la carpeta"),
    ],
)
def test_an_unknown_or_malformed_database_url_is_a_clear_message(
    url: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = call(["simulate", "-q", "--partidas", "1", "--db", url.format(tmp=tmp_path)])
    err = capsys.readouterr().err
    assert code in (1, 2) and words in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_ids_longer_than_the_record_keeps_are_wrong_usage(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    url, db = hall
    before = fingerprint(db)
    for argv in (
        ["simulate", "--db", url, "--session", "S" * 65, "--date", "2026-11-23"],
        ["status", "--db", url, "--hall", "H" * 65],
        ["ballset", "install", "--db", url, "--id", "B" * 65, "--homologation", "H",
         "--guaranteed", "10", "--reason", "r"],
    ):  # fmt: skip
        assert call(argv) == 2, argv
        assert "identificador" in capsys.readouterr().err  # "no válido", or what an Id is
    assert fingerprint(db) == before


def test_emulate_refuses_a_port_out_of_range_as_wrong_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert call(["emulate", "extractor", "--tcp", "70000"]) == 2
    assert "--tcp" in capsys.readouterr().err
    assert call(["emulate", "board", "--boards", "40"]) == 2
    assert "--boards" in capsys.readouterr().err


# --- the property: malformed files, every reader ---------------------------------------------

#: Each command that reads a file: its arguments, {f} the file, {db} the database URL, {w} a
#: work folder holding a valid acta.
READERS: dict[str, str] = {
    "cardset validate": "cardset validate {f}",
    "cardset import": "cardset --db {db} import {f}",
    "transcribe": "transcribe --db {db} {f}",
    "--config (status)": "status --db {db} --config {f}",
    "--config (simulate)": "simulate --db {db} --config {f} -q",
    "acta build --export": "acta build --export {f} -o {w}/a.pdf",
    "acta summary --export": "acta summary --export {f} -o {w}/s.pdf",
    "acta receipt --export": "acta receipt --export {f} --partida 1 -o {w}/r.pdf",
    "acta verify --export": "acta verify {w}/acta.pdf --export {f}",
    "acta verify (the acta)": "acta verify {f}",
    "acta purge --claims": "acta purge --archive {w}/arch --db {db} --claims {f}",
    "emulate --scenario": "emulate extractor --scenario {f}",
}

#: The valid file each reader expects, to be cut short or spoiled.
VALID = {
    "cardset validate": "cardset.json",
    "cardset import": "cardset.json",
    "transcribe": "book.json",
    "--config (status)": "hall.toml",
    "--config (simulate)": "hall.toml",
    "acta build --export": "export.json",
    "acta summary --export": "export.json",
    "acta receipt --export": "export.json",
    "acta verify --export": "export.json",
    "acta verify (the acta)": "book.json",  # anything but a PDF: an altered PDF is exit 3
    "acta purge --claims": "claims.json",
    "emulate --scenario": "scenario.json",
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def accepted(reader: str, path: Path) -> bool:
    """Whether a drawn file happens to be one the reader may take (then it is not malformed)."""
    from actas.archive import ArchiveError, load_claims
    from app.config import ConfigError, load_hall
    from app.emulate_cli import scenario_problem

    if reader == "emulate --scenario":  # a usable one would also start the devices for good
        return scenario_problem(str(path)) is None
    try:
        if reader.startswith("--config"):
            load_hall(path)
        elif reader == "acta purge --claims":
            load_claims(path)
        elif reader == "acta verify --export":
            # well formed, whatever it says: verify compares it with its own records and the
            # acta, and a changed content is an integrity finding (exit 3), not bad input
            from actas.export_shape import check_export

            try:
                check_export(json.loads(path.read_bytes()))
            except Exception:
                return False
            return True
        elif reader.endswith("--export"):  # a spoiled field the acta does not rely on
            from actas.builder import build_acta

            try:
                build_acta(json.loads(path.read_bytes()))
            except Exception:
                return False
            return True  # usable (verify then answers 3 for a changed record)
        else:
            return False
    except (ConfigError, ArchiveError, RecursionError):
        return False
    return True


def spoil_one_field(draw: st.DrawFn, data: object) -> None:
    """Replace (or remove) one field, at any depth, with a value of the wrong type or range."""
    while True:
        if isinstance(data, dict) and data:
            key = draw(st.sampled_from(sorted(data)))
        elif isinstance(data, list) and data:
            key = draw(st.integers(0, len(data) - 1))
        else:
            return
        inner = data[key]  # type: ignore[index]
        if isinstance(inner, (dict, list)) and inner and draw(st.booleans()):
            data = inner
            continue
        bad = draw(st.sampled_from(["x", {}, [], -1, 1.5, None, True, "2026-13-45", "del"]))
        if bad == "del":
            del data[key]  # type: ignore[attr-defined]
        else:
            data[key] = bad  # type: ignore[index]
        return


@st.composite
def malformed(draw: st.DrawFn, valid: bytes) -> bytes:
    """Bytes a reader must refuse: noise, not UTF-8, cut short, nested too deep, wrong types."""
    kind = draw(
        st.sampled_from(["bytes", "latin1", "truncated", "deep", "types", "empty", "field"])
    )
    if kind == "field":  # one field of the valid file spoiled: past the format check
        try:
            data = json.loads(valid)
        except ValueError:
            return b""
        if not isinstance(data, dict) or data.get("format") != "bingo-session/1":
            return b""  # the other readers' own files: their fields are checked elsewhere
        spoil_one_field(draw, data)
        return json.dumps(data).encode()
    if kind == "bytes":
        return draw(st.binary(min_size=1, max_size=200))
    if kind == "latin1":
        at = draw(st.integers(0, len(valid)))
        return valid[:at] + b"\xe9\xff" + valid[at:]
    if kind == "truncated":  # cut inside the content, not just its last newline
        valid = valid.rstrip()
        return valid[: draw(st.integers(1, max(1, len(valid) - 1)))]
    if kind == "deep":
        n = draw(st.integers(1_000, 120_000))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
        tail = "1" if opener != "[" else ""
        return (opener * n + tail + closer * n).encode()
    if kind == "types":
        return json.dumps(draw(json_values)).encode()
    return b""


@pytest.mark.parametrize("reader", sorted(READERS))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_malformed_files_are_refused_with_a_message_and_change_nothing(
    reader: str,
    data: st.DataObject,
    hall_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db = hall_dir / "hall.sqlite"
    valid = (hall_dir / VALID[reader]).read_bytes()
    content = data.draw(malformed(valid), label="content")
    bad = tmp_path / ("bad" + Path(VALID[reader]).suffix)
    bad.write_bytes(content)
    assume(not accepted(reader, bad))
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    shutil.copy(hall_dir / "acta.pdf", work / "acta.pdf")
    before = fingerprint(db)
    argv = [a.format(f=bad, db=f"sqlite:///{db}", w=work) for a in READERS[reader].split()]
    code = call(argv)
    err = capsys.readouterr().err
    assert code in (1, 2), (code, err)
    assert err.strip() and "Traceback" not in err
    assert fingerprint(db) == before
    assert not any((work / name).exists() for name in ("a.pdf", "s.pdf", "r.pdf", "arch"))


def test_register_cert_refuses_a_file_that_is_not_a_certificate_touching_no_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hall's seal keys (Cantabria IV.2) are not touched by a refused registration."""
    not_pem = tmp_path / "sala.pem"
    not_pem.write_bytes(b"\x00\xffnot a certificate")
    keys = tmp_path / "keys"
    for cert in (not_pem, tmp_path / "missing.pem", tmp_path):
        argv = ["acta", "register-cert", "--hall", "h1", "--cert", str(cert)]
        assert call([*argv, "--keys-dir", str(keys)]) == 1
        err = capsys.readouterr().err
        assert "certificado" in err and "Traceback" not in err
    assert not keys.exists()


def test_acta_build_refuses_an_archive_that_is_a_file_before_writing_the_pdf(
    hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_folder = tmp_path / "archivo"
    not_a_folder.write_text("x")
    pdf = tmp_path / "acta.pdf"
    export = str(hall_dir / "export.json")
    argv = ["acta", "build", "--export", export, "-o", str(pdf), "--archive", str(not_a_folder)]
    assert call(argv) == 1
    assert "no es una carpeta" in capsys.readouterr().err
    assert not pdf.exists()


def test_simulate_with_a_fault_it_cannot_inject_is_wrong_usage_and_writes_nothing(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    url, db = hall
    before = fingerprint(db)
    night = ["simulate", "--db", url, "--date", "2026-11-23", "-q"]
    assert call([*night, "--fault", "jam"]) == 2
    assert "--fault necesita --devices emulated" in capsys.readouterr().err
    assert call([*night, "--devices", "emulated", "--fault", "terremoto"]) == 2
    assert "avería desconocida: 'terremoto'" in capsys.readouterr().err
    assert fingerprint(db) == before


def test_a_refused_simulate_on_a_new_path_leaves_no_empty_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "new.sqlite"
    assert call(["simulate", "--db", f"sqlite:///{db}", "--devices", "serial", "-q"]) == 1
    assert "faltan los puertos" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def _rules_not_a_table(text: str) -> str:
    return "rules = 5\n" + text.replace("[rules]", "").replace("bingo_bp = 5000", "")


@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        (
            lambda t: t.replace('id = "cantabria-001"', 'id = "' + "h" * 80 + '"'),
            "[hall] id debe ser un identificador de 1 a 64",
        ),
        (
            lambda t: t.replace('id = "std-6000"', 'id = "' + "c" * 80 + '"'),
            "[card_set] id debe ser un identificador de 1 a 64",
        ),
        (lambda t: t + "\n[prima_x]\nx = 1\n", "tablas desconocidas"),
        (_rules_not_a_table, "[rules] debe ser una tabla"),
    ],
)
def test_hall_settings_the_record_cannot_keep_are_refused_before_the_database_is_opened(
    spoil: Callable[[str], str],
    words: str,
    hall_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = (hall_dir / "hall.toml").read_text("utf-8")
    config = tmp_path / "hall.toml"
    config.write_text(spoil(text), "utf-8")
    assert config.read_text("utf-8") != text
    db = tmp_path / "new.sqlite"
    assert call(["simulate", "--db", f"sqlite:///{db}", "--config", str(config), "-q"]) == 1
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert not db.exists()


def test_every_command_help_states_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import build_parser

    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    assert commands is not None
    for name in commands:
        assert call([name, "--help"]) == 0
        assert "códigos de salida" in capsys.readouterr().out, name


def test_acta_commands_refuse_a_hall_id_the_record_cannot_keep_as_wrong_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = tmp_path / "keys"
    assert call(["acta", "keys", "--hall", "h" * 300, "--keys-dir", str(keys)]) == 2
    assert "identificador de sala no válido" in capsys.readouterr().err
    assert call(["acta", "summary", "--from-db", "--hall", "", "-o", "x.pdf"]) == 2
    assert not keys.exists()


# --- the review's findings after the first round ------------------------------------------


def test_export_onto_a_fifo_writes_into_it_and_leaves_it_a_fifo(
    hall: tuple[str, Path], tmp_path: Path
) -> None:
    """An output that is a FIFO (or a device, /dev/stdout) is written in place, never replaced."""
    import os
    import stat
    import threading

    url, _db = hall
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert call(["export", "--db", url, "-o", str(fifo)]) == 0
    reader.join(timeout=30)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert json.loads(got[0])["format"] == "bingo-session/1"


def test_export_onto_a_symlink_writes_its_target_and_keeps_the_link(
    hall: tuple[str, Path], tmp_path: Path
) -> None:
    """Decision 125: a link named as output is followed; the link itself stays a link."""
    url, _db = hall
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert call(["export", "--db", url, "-o", str(link)]) == 0
    assert link.is_symlink()
    assert json.loads(target.read_text())["format"] == "bingo-session/1"


@pytest.mark.parametrize(
    "field, value",
    [
        (("claims", 0, "after_ball"), "x"),
        (("sales", 0, "first"), None),
        (("awards", 0, "completed_at_ball"), {}),
        (("number",), {}),
        (("face_value_cents",), -1),
        (("residue_cents", "line"), {}),
    ],
)
@pytest.mark.parametrize("command", ["build", "summary"])
def test_acta_refuses_an_export_with_a_field_of_the_wrong_type_naming_it(
    hall_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    field: tuple[object, ...],
    value: object,
) -> None:
    """R-ACTA-1: the acta is built only from a well-formed record; a spoiled one is named."""
    data = json.loads((hall_dir / "export.json").read_text())
    partida = data["sessions"][0]["partidas"][0]
    spot = partida
    for key in field[:-1]:
        spot = spot[key]
    if not spot:
        pytest.skip("the night has no such entry")
    spot[field[-1]] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    out = tmp_path / "a.pdf"
    code = call(["acta", command, "--export", str(bad), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert str(field[-1]) in err and "Traceback" not in err
    assert not out.exists()


def test_acta_refuses_an_export_without_a_session_date(
    hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps({"format": "bingo-session/1", "hall": {"id": "x"}, "sessions": [{"id": "1"}]})
    )
    assert call(["acta", "build", "--export", str(bad), "-o", str(tmp_path / "a.pdf")]) == 1
    assert "sessions[0].date" in capsys.readouterr().err


def test_acta_verify_with_an_unusable_export_is_refused_not_an_integrity_failure(
    hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 3 means only that an integrity check failed (decision 88)."""
    data = json.loads((hall_dir / "export.json").read_text())
    data["sessions"][0]["partidas"][0]["number"] = "uno"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert call(["acta", "verify", str(hall_dir / "acta.pdf"), "--export", str(bad)]) == 1
    assert "number" in capsys.readouterr().err


def test_a_session_dated_after_tomorrow_is_refused_writing_nothing(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Decision 123: one mistyped year must not block the hall's real sessions until then."""
    url, db = hall
    before = fingerprint(db)
    assert call(["simulate", "--db", url, "--date", "2099-12-31", "--partidas", "1", "-q"]) == 1
    assert "posterior a hoy" in capsys.readouterr().err
    assert fingerprint(db) == before


@pytest.mark.parametrize(
    "argv",
    [
        ["status"],
        ["reclamacion", "list"],
        ["ballset", "show"],
    ],
)
def test_a_mistyped_hall_is_refused_not_shown_empty(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Decision 89: the inspection must never be shown an empty hall by a typo."""
    url, db = hall
    before = fingerprint(db)
    assert call([*argv, "--db", url, "--hall", "cantabria-01"]) == 1
    assert "no tiene la sala cantabria-01 (tiene: cantabria-001)" in capsys.readouterr().err
    assert fingerprint(db) == before


def test_partidas_above_the_ceiling_are_wrong_usage(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Decision 124: at most 200 partidas a session."""
    url, db = hall
    before = fingerprint(db)
    assert call(["simulate", "--db", url, "--partidas", "201", "--date", "2026-11-23"]) == 2
    assert "200 o menos" in capsys.readouterr().err
    assert fingerprint(db) == before


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_a_database_in_memory_is_wrong_usage_for_commands_that_read(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert call(["status", "--db", url]) == 2
    assert "en memoria" in capsys.readouterr().err


def test_a_run_the_ball_set_cannot_finish_is_refused_before_any_partida(
    hall: tuple[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """R-BALL-1, decision 124: refused up front, naming `ballset install`, nothing written."""
    url, db = hall
    install = ["ballset", "install", "--db", url, "--id", "BS-9", "--homologation", "H-9"]
    assert call([*install, "--guaranteed", "10", "--partidas-before", "9", "--reason", "x"]) == 0
    capsys.readouterr()
    before = fingerprint(db)
    assert call(["simulate", "--db", url, "--partidas", "2", "--date", "2026-11-23", "-q"]) == 1
    err = capsys.readouterr().err
    assert "lleva 9 partidas de 10" in err and "ballset install" in err
    assert fingerprint(db) == before
