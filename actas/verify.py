"""Checking a sealed acta: the PDF, the record inside it, and whether they agree.

``verify_acta`` answers with a list of findings in Spanish, each naming what it checked and,
when something is wrong, where the first difference is:

1. the PAdES signature: the signed bytes are unchanged, the signature is sound, nothing was
   added after it (nor, unsigned, after the acta as generated), and the signer is the hall (one
   of ``trusted_certs``): without that the acta is not declared intact, whatever it says;
2. the record embedded in the PDF (``registro.json``): its hash chain is intact
   (``bingo.chain.verify_chain``) and its head is the one printed on the acta and kept in the
   document's keywords;
3. the pages: the acta is generated again from the embedded record and compared byte by byte
   with the signed revision — a difference is located (folio, line, PDF object);
4. optionally, the hall's current record (a list of ``Record`` from the store, or a later
   export): the acta's chain must be a prefix of it; the first differing record is named with
   the field that differs, and the sessions' data are compared with what the current records
   gave at the acta's chain head.
"""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from actas.builder import ActaDataError, build_acta
from actas.pdf import Attachment
from actas.pdf_inspect import (
    appended_difference,
    attachment_bytes,
    last_pages_text,
    locate_difference,
    original_revision,
    text_difference,
)
from actas.record_check import (
    Projector,
    check_against,
    check_current_export,
    first_json_difference,
    project,
    records_of,
    without_later_fields,
)
from actas.render import (
    ACTA_FORMAT,
    ATTACHMENT_NAME,
    KEYWORDS_PREFIX,
    UNRECORDED_FORMATS,
    parse_keywords,
    render_acta_data,
)
from actas.verify_report import Finding, VerifyReport
from bingo.chain import GENESIS, Record, verify_chain

__all__ = ["Finding", "VerifyReport", "acta_hall_id", "first_json_difference", "verify_acta"]

log = logging.getLogger(__name__)

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")


@contextmanager
def _quiet_libraries() -> Iterator[None]:
    """PyHanko and pypdf log tracebacks for what verify reports itself: hush them."""
    loggers = [logging.getLogger(n) for n in ("pyhanko", "pyhanko_certvalidator", "pypdf")]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)


def _check_appended(data: bytes, end: int, report: VerifyReport, what: str) -> bool:
    """Nothing may follow the signed revision (or, unsigned, the acta as generated): an
    incremental update can change what a reader shows without touching those bytes.
    """
    if end >= len(data):
        return True
    report.add(
        "Actualización posterior",
        False,
        f"tras {what} se añadieron {len(data) - end} bytes (desde el byte {end}): "
        f"{appended_difference(data, data[:end])}; lo anterior está intacto, el archivo no",
    )
    return False


def _check_signature(data: bytes, report: VerifyReport, trusted: Sequence[bytes]) -> None:
    from actas.seal import load_pyhanko

    load_pyhanko()
    from pyhanko.keys import load_certs_from_pemder_data
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    try:
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        signatures = reader.embedded_signatures
    except Exception as exc:  # pyHanko's own words are English: logged, not shown
        log.debug("pyHanko cannot read the PDF: %s", exc)
        report.add(
            "Firma",
            False,
            "no se puede leer la estructura del PDF firmado; el archivo fue alterado o está dañado",
        )
        return
    if not signatures:
        report.add(
            "Firma",
            False,
            "el acta no está firmada: no se puede atribuir a la sala (se comprueba solo su "
            "coherencia con el registro adjunto)",
            trust=True,
        )
        _check_appended(data, len(original_revision(data)), report, "el acta tal como se generó")
        return
    report.signed = True
    roots = []
    try:
        for blob in trusted:
            roots.extend(load_certs_from_pemder_data(blob))
    except Exception as exc:
        log.debug("unreadable certificate: %s", exc)
        report.add("Firma", False, "el certificado indicado no se puede leer (¿es PEM?)")
        return
    for sig in signatures:
        try:
            vc = ValidationContext(trust_roots=roots, allow_fetching=False)
            status = validate_pdf_signature(sig, vc)
            end = int(sig.byte_range[2]) + int(sig.byte_range[3])
        except Exception as exc:  # many kinds, all with English words: logged, not shown
            log.debug("signature %s cannot be validated: %s", sig.field_name, exc)
            report.add(
                "Firma",
                False,
                f"la firma «{sig.field_name}» no se puede validar: sus datos están dañados",
            )
            continue
        cert = status.signing_cert
        fingerprint = cert.sha256.hex() if cert is not None else "?"
        report.signer_fingerprint = fingerprint
        subject = cert.subject.human_friendly if cert is not None else "?"
        if not status.intact:
            report.add(
                "Firma",
                False,
                "los bytes firmados fueron modificados después de "
                "firmar: el documento no es el que se selló",
            )
            continue
        if not status.valid:
            report.add("Firma", False, "la firma criptográfica no es válida para este certificado")
            continue
        if not _check_appended(data, end, report, "lo firmado"):
            continue
        when = status.signer_reported_dt.isoformat() if status.signer_reported_dt else "?"
        detail = f"firma PAdES íntegra y válida de «{subject}» ({when})"
        ts = status.timestamp_validity
        if ts is not None:
            detail += (
                f"; sello de tiempo RFC 3161 de {ts.timestamp.isoformat()}"
                f"{' válido' if ts.intact and ts.valid else ' NO VÁLIDO'}"
            )
            if not (ts.intact and ts.valid):
                report.add("Firma", False, detail)
                continue
        if not roots:
            report.add(
                "Firma",
                False,
                detail + "; sin el certificado registrado de la sala no se puede atribuir a "
                f"la sala (huella SHA-256 del firmante: {fingerprint})",
                trust=True,
            )
        elif status.trusted:
            report.add("Firma", True, detail + "; certificado reconocido como el de la sala")
        else:
            report.add(
                "Firma",
                False,
                detail + "; pero firmado con un certificado que no es el registrado de la sala "
                f"(huella SHA-256 {fingerprint})",
                trust=True,
            )


def _check_record(
    raw: bytes, report: VerifyReport, keywords: Mapping[str, str]
) -> Mapping[str, Any] | None:
    try:
        export: dict[str, Any] = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        where = (
            f" (byte {exc.start})"
            if isinstance(exc, UnicodeDecodeError)
            else (f" (línea {exc.lineno}, columna {exc.colno})")
        )
        report.add("Registro adjunto", False, f"el registro adjunto no es JSON legible{where}")
        return None
    records = records_of(export)
    if not records:
        report.add(
            "Registro adjunto", False, "el registro adjunto no contiene la cadena de registros"
        )
        return export
    start = GENESIS if records[0].seq == 1 else records[0].prev_hash
    broken = verify_chain(records, start)
    if broken is not None:
        report.add("Cadena de registros", False, f"registro {broken.seq}: {broken.reason}")
        return export
    chain = export.get("chain") or {}
    head = records[-1].hash
    report.head = head
    if chain.get("head") != head or int(chain.get("seq", -1)) != records[-1].seq:
        report.add(
            "Cadena de registros",
            False,
            "la cabeza declarada en el registro no es la del último registro",
        )
        return export
    report.add(
        "Cadena de registros",
        True,
        f"registros {records[0].seq} a {records[-1].seq} encadenados sin rotura; cabeza {head}",
    )
    printed = keywords.get("cabeza")
    if printed is not None and printed != head:
        report.add(
            "Cabeza impresa",
            False,
            f"los metadatos del acta dan la cabeza {printed} y el registro adjunto {head}",
        )
    return export


def _check_observations(notes: Sequence[str], report: VerifyReport) -> None:
    """An acta whose own «Observaciones del sistema» find its record incoherent (a share that
    is not its prize, takings that are not cartones × price) is not declared intact, however
    well sealed: a record forged and re-signed with a replaced key says so there (decision
    642).
    """
    if not notes:
        return
    more = f" (y {len(notes) - 1} más)" if len(notes) > 1 else ""
    report.add(
        "Observaciones del sistema",
        False,
        f"el acta misma dice que su registro es incoherente: {notes[0]}{more}",
    )


def _check_printed_head(texts: Sequence[str], head: str, report: VerifyReport) -> None:
    found = [h for t in texts for h in HEX64.findall(t)]
    if not found:
        report.add("Cabeza impresa", False, "el acta no muestra la cabeza de la cadena")
    elif found[-1] != head:
        report.add(
            "Cabeza impresa",
            False,
            f"el acta muestra la cabeza {found[-1]} y el registro adjunto termina en {head}",
        )
    else:
        report.add(
            "Cabeza impresa", True, "la cabeza impresa en el acta es la del registro adjunto"
        )


def _formats(declared: str | None, report: VerifyReport) -> tuple[int, ...]:
    """The acta formats to regenerate the acta in: the one it records, or, when it records
    none, each format made before actas recorded theirs (docs/decisions.md 160). Empty, with
    the finding, when the declared format is unreadable or later than this program's.
    """
    if declared is None:
        return UNRECORDED_FORMATS
    if not declared.isdigit() or not 1 <= int(declared) <= 10_000:
        report.add("Folios", False, f"el acta declara un formato ilegible («{declared:.20}»)")
        return ()
    fmt = int(declared)
    if fmt > ACTA_FORMAT:
        report.add(
            "Folios",
            False,
            f"el acta es del formato {fmt}, posterior a los que conoce este programa (hasta "
            f"el {ACTA_FORMAT}): sus folios solo se pueden comprobar con una versión que lo "
            "conozca",
            trust=True,
        )
        return ()
    return (fmt,)


def _check_pages(
    data: bytes,
    raw: bytes,
    export: Mapping[str, Any],
    keywords: Mapping[str, str],
    report: VerifyReport,
) -> None:
    formats = _formats(keywords.get("formato"), report)
    if not formats:
        return
    original = original_revision(data)
    try:
        acta = build_acta(export, keywords.get("sesion"))
    except ActaDataError as exc:
        report.add("Folios", False, f"el registro adjunto no da un acta: {exc}")
        return
    _check_observations(acta.observations, report)
    printed = keywords.get("certificado", "")
    if printed:  # the acta as it was made: with the fingerprint it printed
        from dataclasses import replace

        acta = replace(acta, hall_certificate=printed)
        signer = report.signer_fingerprint
        if signer is not None and signer != printed:
            report.add(
                "Firma",
                False,
                f"el acta dice que la sella el certificado de huella {printed} y la sella el de "
                f"huella {signer}",
            )
    attachment = Attachment(
        ATTACHMENT_NAME,
        raw,
        "application/json",
        "Registro de la sesión (bingo-session/1) con su cadena de registros",
    )
    # the acta as each candidate format gives it: it must be one of them, byte for byte
    regenerated = b""
    for fmt in formats:
        candidate = render_acta_data(acta, [attachment], fmt)
        if candidate == original:
            made_in = "" if fmt == ACTA_FORMAT else f", en el formato {fmt} con que se hizo"
            report.add(
                "Folios",
                True,
                "cada folio coincide byte a byte con el acta que genera el registro adjunto"
                + made_in,
            )
            return
        regenerated = regenerated or candidate
    textual = text_difference(original, regenerated)
    where = locate_difference(original, regenerated)
    if textual is None:
        # Same text, different bytes: another generator version, or a change outside the text.
        sealed_ok = report.signed and all(f.ok for f in report.findings if f.check == "Firma")
        if sealed_ok:
            # the seal holds: the difference comes from another version of the generator
            report.add(
                "Folios",
                True,
                "el texto de todos los folios coincide con el registro adjunto (los "
                f"bytes difieren desde el {where}: otra versión del generador)",
            )
        else:
            report.add(
                "Folios",
                False,
                f"el {where} no es el que genera el registro adjunto; el texto visible "
                "de los folios coincide",
            )
        return
    report.add("Folios", False, f"{textual} (primer byte distinto: el {where})")


def acta_hall_id(data: bytes) -> str | None:
    """The hall the acta says it is of (from its embedded record), or None if unreadable."""
    try:
        with _quiet_libraries():
            export = json.loads(attachment_bytes(original_revision(data)).decode("utf-8"))
        hall_id = export["hall"]["id"]
    except Exception:  # a damaged acta: verify_acta names the damage
        return None
    return str(hall_id) if hall_id else None


def verify_acta(
    data: bytes,
    *,
    current_records: Sequence[Record] | None = None,
    current_export: Mapping[str, Any] | None = None,
    trusted_certs: Sequence[bytes] = (),
    projector: Projector | None = None,
) -> VerifyReport:
    """Check a (signed) acta PDF, and optionally the hall's current record against it."""
    with _quiet_libraries():
        return _verify(data, current_records, current_export, trusted_certs, projector)


def _verify(
    data: bytes,
    current_records: Sequence[Record] | None,
    current_export: Mapping[str, Any] | None,
    trusted_certs: Sequence[bytes],
    projector: Projector | None,
) -> VerifyReport:
    report = VerifyReport()
    if not data.startswith(b"%PDF-"):
        report.add("PDF", False, "el archivo no es un PDF")
        return report
    _check_signature(data, report, trusted_certs)
    try:
        from pypdf import PdfReader

        # what was generated, not what a later update may say over it
        reader = PdfReader(io.BytesIO(original_revision(data)), strict=False)
        meta = reader.metadata
        said = str(meta.get("/Keywords", "")) if meta else ""
        keywords = parse_keywords(said)
    except Exception as exc:  # pypdf's words are English: logged, not shown
        log.debug("pypdf cannot read the PDF: %s", exc)
        report.add("PDF", False, "el PDF no se puede leer: el archivo está dañado")
        return report
    report.session_id = keywords.get("sesion")
    try:
        raw = attachment_bytes(original_revision(data))
    except ValueError as exc:  # our own message: the PDF carries no record
        if not said.startswith(KEYWORDS_PREFIX):  # nor an acta's keywords: another document
            report.not_acta = True
            report.add(
                "PDF",
                False,
                "el PDF no lleva los datos de un acta de bingo-hall ni el registro de la "
                "sesión adjunto",
            )
            return report
        report.add("Registro adjunto", False, str(exc))
        return report
    except Exception as exc:  # pypdf raises many kinds on a damaged file
        log.debug("pypdf cannot extract the record: %s", exc)
        report.add(
            "Registro adjunto", False, "no se puede extraer el registro adjunto: está dañado"
        )
        return report
    export = _check_record(raw, report, keywords)
    if export is None:
        return report
    if report.head is not None:
        try:
            texts = last_pages_text(original_revision(data))
        except Exception as exc:
            log.debug("pypdf cannot read the last folios: %s", exc)
            report.add("Cabeza impresa", False, "no se puede leer el texto de los últimos folios")
        else:
            _check_printed_head(texts, report.head, report)
    _check_pages(data, raw, export, keywords, report)
    if projector is not None:
        projected = project(projector, records_of(export), report, "Exportación")
        if projected is not None:
            diff = first_json_difference(
                {k: v for k, v in export.items() if k != "chain"},
                {k: v for k, v in without_later_fields(export, projected).items() if k != "chain"},
            )
            report.add(
                "Exportación",
                diff is None,
                diff or "la exportación adjunta es la que dan sus registros",
            )
    if current_records is not None:
        check_against(export, current_records, report, "Registro de la base de datos")
    if current_export is not None:
        check_current_export(export, current_export, report.session_id, projector, report)
    return report
