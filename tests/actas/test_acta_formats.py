"""An acta sealed by an earlier version of the program still verifies: ``acta verify``
regenerates it in the acta format it was made in, never in today's wording (R-ACTA-4,
R-ACTA-6; docs/decisions.md 160).

``data/acta_formato_1.pdf`` was built and sealed by the version before the acta printed the
region file of its rules (format 1: bola loca hall, "bingo 50 %" without the decree's 51 %);
``data/acta_formato_2.pdf`` by the version after it, before the acta recorded its format.
Both come from a night the engine played (``engine_night``), with the key whose certificate is
``data/sala-motor-cert.pem``.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from actas.builder import build_acta
from actas.pdf import Attachment
from actas.pdf_inspect import attachment_bytes, original_revision
from actas.render import (
    ACTA_FORMAT,
    ATTACHMENT_NAME,
    attachment_for,
    parse_keywords,
    render_acta,
    render_acta_data,
)
from actas.verify import Finding, verify_acta
from app.bootstrap import project_records
from tests.actas.engine_night import close_session, engine_hall, export_of, play_partida
from tests.actas.fixtures import make_export

DATA = Path(__file__).parent / "data"
CERT = (DATA / "sala-motor-cert.pem").read_bytes()


def _sealed(name: str) -> bytes:
    return (DATA / name).read_bytes()


def _embedded(pdf: bytes) -> tuple[bytes, dict[str, Any]]:
    raw = attachment_bytes(original_revision(pdf))
    return raw, json.loads(raw)


def _attachment(raw: bytes) -> Attachment:
    return Attachment(
        ATTACHMENT_NAME,
        raw,
        "application/json",
        "Registro de la sesión (bingo-session/1) con su cadena de registros",
    )


def _folios(pdf: bytes) -> Finding:
    return next(f for f in verify_acta(pdf).findings if f.check == "Folios")


def test_acta_sealed_by_the_previous_version_still_verifies_intact() -> None:
    report = verify_acta(
        _sealed("acta_formato_1.pdf"), trusted_certs=[CERT], projector=project_records
    )
    assert report.intact, report.lines()
    assert report.exit_code == 0
    folios = next(f for f in report.findings if f.check == "Folios")
    assert "formato 1" in folios.detail


def test_acta_sealed_before_actas_recorded_their_format_still_verifies_intact() -> None:
    report = verify_acta(
        _sealed("acta_formato_2.pdf"), trusted_certs=[CERT], projector=project_records
    )
    assert report.intact, report.lines()


def test_acta_verify_command_declares_an_acta_of_the_previous_version_intact(
    tmp_path: Path,
) -> None:
    pdf = tmp_path / "acta.pdf"
    pdf.write_bytes(_sealed("acta_formato_1.pdf"))
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    cert = DATA / "sala-motor-cert.pem"
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "acta", "verify", str(pdf), "--cert", str(cert)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "íntegros y sellados por la sala" in done.stdout


def test_old_format_acta_whose_folios_do_not_say_what_its_record_says_fails() -> None:
    """The folios of a format-1 acta with a jefe de mesa its record does not name, the record
    itself untouched: regenerated in its own format, the difference is found and named.
    """
    raw, export = _embedded(_sealed("acta_formato_1.pdf"))
    export["sessions"][0]["jefe_de_mesa"] = "Otra Persona"
    forged = render_acta_data(build_acta(export), [_attachment(raw)], 1)
    report = verify_acta(forged)
    assert report.altered
    assert report.exit_code == 3
    assert report.first_difference is not None
    assert report.first_difference.startswith("Folios: folio 1")
    assert "Otra Persona" in report.first_difference


def test_acta_in_an_earlier_wording_but_not_the_one_it_declares_fails() -> None:
    """An acta may not pass for a format it was not made in: a format-1 acta declaring
    today's format is compared with today's rendering and fails.
    """
    svc = engine_hall()
    play_partida(svc)
    close_session(svc)
    export = export_of(svc)
    old = render_acta_data(build_acta(export), [attachment_for(export)], 1)
    assert _folios(old).ok  # as made in format 1 (no format recorded): fine
    assert old.count(b"cabeza=") == 1
    relabelled = old.replace(b"cabeza=", b"formato=3; cabeza=")
    assert not _folios(relabelled).ok


def test_a_new_acta_records_its_format_and_verifies() -> None:
    pdf = render_acta(make_export(2))
    meta = PdfReader(io.BytesIO(pdf)).metadata
    assert meta is not None
    assert parse_keywords(str(meta["/Keywords"]))["formato"] == str(ACTA_FORMAT)
    folios = _folios(pdf)
    assert folios.ok and "formato" not in folios.detail


def test_acta_of_a_later_format_is_not_declared_intact_nor_called_altered() -> None:
    export = make_export(2)
    pdf = render_acta_data(build_acta(export), [attachment_for(export)], ACTA_FORMAT + 1)
    report = verify_acta(pdf)
    folios = next(f for f in report.findings if f.check == "Folios")
    assert not folios.ok and folios.trust
    assert f"formato {ACTA_FORMAT + 1}" in folios.detail
    assert report.exit_code == 3


def test_verify_of_records_this_program_cannot_replay_is_a_finding_never_a_crash() -> None:
    """The records of an acta whose events this program does not know (another program's, or
    a later version's) cannot be replayed: said so, exit 3, no traceback.
    """
    pdf = render_acta(make_export(2))  # the fixture's records are not the engine's events
    report = verify_acta(pdf, projector=project_records)
    export = next(f for f in report.findings if f.check == "Exportación")
    assert not export.ok and export.trust
    assert "no se pueden reproducir" in export.detail
    assert report.exit_code == 3
