"""Checking a sealed acta: the PDF, the record inside it, and whether they agree.

``verify_acta`` answers with a list of findings in Spanish, each naming what it checked and,
when something is wrong, where the first difference is:

1. the PAdES signature: the signed bytes are unchanged, the signature is sound, nothing was
   added after it, and (when the hall's registered certificate is known) who signed;
2. the record embedded in the PDF (``registro.json``): its hash chain is intact
   (``bingo.chain.verify_chain``) and its head is the one printed on the acta and kept in the
   document's keywords;
3. the pages: the acta is generated again from the embedded record and compared byte by byte
   with the signed revision — a difference is located (folio, line, PDF object);
4. optionally, the hall's current record (a list of ``Record`` from the store, or a later
   export): the acta's chain must be a prefix of it; the first differing record is named with
   the field that differs, and the sessions' data are compared too.
"""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from actas.builder import ActaDataError, build_acta, select_session
from actas.pdf import Attachment
from actas.render import ATTACHMENT_NAME, parse_keywords, render_acta_data
from bingo.chain import GENESIS, Record, verify_chain

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")

Projector = Callable[[Sequence[Record]], Mapping[str, Any]]

# Partida fields the export gained after actas were already being sealed (docs/decisions.md,
# 30). An acta written before carries none of them, and that lack is no alteration: such a
# field is compared only when the acta's own record has it. Any other missing field, and any
# differing value, is still a difference.
LATER_PARTIDA_FIELDS: frozenset[str] = frozenset({"data_recorded_at"})

# Session fields that grow after the acta is issued and are not part of it: a claim about the
# night is filed later (R-ACTA-5). Their records are still checked through the hash chain.
AFTER_ISSUE_SESSION_FIELDS: frozenset[str] = frozenset({"reclamaciones"})

# the most precise finding names the first difference: a folio and line beats "the signature
# is broken"
_SPECIFICITY = (
    "Folios",
    "Cadena de registros",
    "Registro de la base de datos",
    "Registro exportado",
    "Datos de la sesión",
    "Exportación",
    "Cabeza impresa",
    "Registro adjunto",
    "Firma",
    "PDF",
)


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


@dataclass(frozen=True, slots=True)
class Finding:
    check: str
    ok: bool
    detail: str


@dataclass
class VerifyReport:
    findings: list[Finding] = field(default_factory=list)
    signed: bool = False
    first_difference: str | None = None
    head: str | None = None
    session_id: str | None = None
    signer_fingerprint: str | None = None

    def add(self, check: str, ok: bool, detail: str) -> None:
        self.findings.append(Finding(check, ok, detail))
        failing = {f.check: f.detail for f in self.findings if not f.ok}
        for name in _SPECIFICITY:
            if name in failing:
                self.first_difference = f"{name}: {failing[name]}"
                break

    @property
    def intact(self) -> bool:
        return bool(self.findings) and all(f.ok for f in self.findings)

    @property
    def exit_code(self) -> int:
        """0 intact and sealed; 1 an alteration; 3 intact but not sealed."""
        if not self.intact:
            return 1
        return 0 if self.signed else 3

    def lines(self) -> list[str]:
        out = [f"[{'OK' if f.ok else 'FALLO'}] {f.check}: {f.detail}" for f in self.findings]
        if self.intact:
            out.append(
                "Resultado: el acta y el registro del que procede están íntegros"
                + ("." if self.signed else ", pero el acta no está firmada.")
            )
        else:
            out.append(
                f"Resultado: ALTERACIÓN DETECTADA. Primera diferencia: {self.first_difference}"
            )
        return out


# --- helpers ------------------------------------------------------------------------------


def first_json_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first place where two JSON values differ, as ``path: a ≠ b`` (None if equal)."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in sorted(set(a) | set(b), key=str):
            sub = f"{path}.{key}" if path else str(key)
            if key not in a:
                return f"{sub}: no está en el acta, aparece en el registro"
            if key not in b:
                return f"{sub}: está en el acta, falta en el registro"
            diff = first_json_difference(a[key], b[key], sub)
            if diff:
                return diff
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            diff = first_json_difference(x, y, f"{path}[{i}]")
            if diff:
                return diff
        if len(a) != len(b):
            return f"{path}: {len(a)} elementos en el acta, {len(b)} en el registro"
        return None
    if a != b or type(a) is not type(b):
        return f"{path}: {_short(a)} en el acta, {_short(b)} en el registro"
    return None


def _without_later_fields(
    acta_export: Mapping[str, Any], other: Mapping[str, Any]
) -> Mapping[str, Any]:
    """``other`` without the later partida fields (``LATER_PARTIDA_FIELDS``) that the acta's
    export lacks for the same partida, so an acta sealed by an earlier version still compares
    equal to the record it came from.
    """
    if "sessions" not in other:
        return other
    ours = {
        (str(s.get("id")), p.get("number")): p
        for s in acta_export.get("sessions") or []
        for p in s.get("partidas") or []
    }
    sessions: list[Any] = []
    for s in other["sessions"] or []:
        if not isinstance(s, Mapping) or "partidas" not in s:
            sessions.append(s)
            continue
        partidas: list[Any] = []
        for q in s["partidas"] or []:
            p = ours.get((str(s.get("id")), q.get("number")))
            absent = {k for k in LATER_PARTIDA_FIELDS if p is not None and k not in p}
            partidas.append({k: v for k, v in q.items() if k not in absent})
        sessions.append({**s, "partidas": partidas})
    return {**other, "sessions": sessions}


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "…"


def _records(export: Mapping[str, Any]) -> list[Record]:
    chain = export.get("chain") or {}
    return [Record.from_json(r) for r in chain.get("records") or []]


def _original_revision(data: bytes) -> bytes:
    """The bytes as generated (before pyHanko's incremental update): up to the first %%EOF."""
    end = data.find(b"%%EOF")
    if end < 0:
        return data
    end += len(b"%%EOF")
    while end < len(data) and data[end : end + 1] in (b"\r", b"\n"):
        end += 1
    return data[:end]


def _object_spans(pdf: bytes) -> list[tuple[int, int]]:
    """(offset, object number) of every ``N 0 obj`` in a file, by offset."""
    return [(m.start(1), int(m.group(1))) for m in re.finditer(rb"(?:^|[\r\n])(\d+) 0 obj", pdf)]


_TYPES = {
    "/Catalog": "el catálogo del documento",
    "/Pages": "el árbol de páginas",
    "/Font": "una fuente",
    "/Filespec": "la ficha del registro adjunto",
    "/EmbeddedFile": "el registro adjunto (registro.json)",
    "/Outlines": "el índice del documento",
}


def _object_roles(pdf: bytes) -> dict[int, str]:
    """What each object of a generated acta is, in words (pages, record, metadata)."""
    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject, StreamObject

    roles: dict[int, str] = {}
    reader = PdfReader(io.BytesIO(pdf))
    for num in range(1, len(reader.xref.get(0, {})) + 2):
        try:
            obj = reader.get_object(num)
        except Exception:  # a free or unreadable slot
            continue
        if isinstance(obj, (DictionaryObject, StreamObject)):
            kind = obj.get("/Type")
            if kind in _TYPES:
                roles[num] = _TYPES[str(kind)]
    for i, page in enumerate(reader.pages, start=1):
        ref = page.indirect_reference
        if ref is not None:
            roles[ref.idnum] = f"la página del folio {i}"
        contents = page.raw_get("/Contents")
        refs = contents if isinstance(contents, list) else [contents]
        for c in refs:
            idnum = getattr(c, "idnum", None)
            if idnum is not None:
                roles[idnum] = f"el contenido del folio {i}"
    info = reader.trailer.raw_get("/Info")
    if info is not None and hasattr(info, "idnum"):
        roles[info.idnum] = "los metadatos del documento (título, palabras clave, fecha)"
    return roles


def locate_difference(original: bytes, regenerated: bytes) -> str:
    """Where two generations of an acta first differ, in words."""
    limit = min(len(original), len(regenerated))
    offset = next((i for i in range(limit) if original[i] != regenerated[i]), limit)
    spans = _object_spans(regenerated)
    number = None
    for start, num in spans:
        if start <= offset:
            number = num
        else:
            break
    where = f"byte {offset}"
    xref = regenerated.rfind(b"\nxref")
    if 0 <= xref < offset:
        return where + ", en la tabla de referencias cruzadas o el trailer del PDF"
    if number is not None:
        role = _object_roles(regenerated).get(number)
        where += f", objeto {number} del PDF" + (f" ({role})" if role else "")
    return where


def _page_texts(pdf: bytes) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf), strict=False)
    out: list[str] = []
    for page in reader.pages:
        try:
            out.append(page.extract_text() or "")
        except Exception:  # a damaged content stream cannot be read at all
            out.append("\x00ilegible")
    return out


def text_difference(original: bytes, regenerated: bytes) -> str | None:
    """The first folio and line whose text differs (None when every folio reads the same)."""
    try:
        ours = _page_texts(original)
    except Exception as exc:
        return f"el PDF no se puede leer: {exc}"
    theirs = _page_texts(regenerated)
    for i, (a, b) in enumerate(zip(ours, theirs, strict=False), start=1):
        if a == b:
            continue
        if a == "\x00ilegible":
            return f"folio {i}: su contenido está dañado y no se puede leer"
        la, lb = a.splitlines(), b.splitlines()
        for x, y in zip(la, lb, strict=False):
            if x != y:
                return f"folio {i}: el acta dice «{x.strip()}» y el registro da «{y.strip()}»"
        return f"folio {i}: {len(la)} líneas en el acta, {len(lb)} según el registro"
    if len(ours) != len(theirs):
        return f"el acta tiene {len(ours)} folios y el registro da {len(theirs)}"
    return None


def _attachment(data: bytes) -> bytes:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data), strict=False)
    found = reader.attachments.get(ATTACHMENT_NAME)
    if not found:
        raise ValueError("el PDF no lleva adjunto el registro (registro.json)")
    return bytes(found[0])


# --- the checks ---------------------------------------------------------------------------


def _check_signature(data: bytes, report: VerifyReport, trusted: Sequence[bytes]) -> None:
    from pyhanko.keys import load_certs_from_pemder_data
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.diff_analysis import ModificationLevel
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko.sign.validation.errors import SignatureValidationError
    from pyhanko_certvalidator import ValidationContext

    try:
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        signatures = reader.embedded_signatures
    except Exception as exc:
        report.add(
            "Firma",
            False,
            f"no se puede leer la estructura del PDF firmado ({exc}); "
            "el archivo fue alterado o está dañado",
        )
        return
    if not signatures:
        report.add(
            "Firma",
            True,
            "el acta no está firmada: se comprueba solo su coherencia con el registro adjunto",
        )
        return
    report.signed = True
    roots = []
    for blob in trusted:
        roots.extend(load_certs_from_pemder_data(blob))
    for sig in signatures:
        try:
            vc = ValidationContext(trust_roots=roots, allow_fetching=False)
            status = validate_pdf_signature(sig, vc)
        except (SignatureValidationError, ValueError, KeyError) as exc:
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc)
            report.add(
                "Firma",
                False,
                f"la firma «{sig.field_name}» no se puede validar "
                f"(datos de firma dañados: {first_line})",
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
        level = status.modification_level
        if level is not None and level > ModificationLevel.LTA_UPDATES:
            report.add(
                "Firma",
                False,
                "después de la firma se añadieron cambios al documento "
                f"({level.name}); lo firmado está intacto pero el "
                "archivo no",
            )
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
        if roots:
            if status.trusted:
                report.add("Firma", True, detail + "; certificado reconocido como el de la sala")
            else:
                report.add(
                    "Firma",
                    False,
                    detail + "; pero el certificado NO es el registrado "
                    f"para la sala (huella {fingerprint})",
                )
        else:
            report.add(
                "Firma",
                True,
                detail + "; certificado no contrastado: compruebe que su "
                f"huella SHA-256 es la registrada: {fingerprint}",
            )


def _check_record(
    raw: bytes, report: VerifyReport, keywords: Mapping[str, str]
) -> Mapping[str, Any] | None:
    try:
        export: dict[str, Any] = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        report.add("Registro adjunto", False, f"el registro adjunto está dañado: {exc}")
        return None
    records = _records(export)
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


def _last_pages_text(pdf: bytes, pages: int = 2) -> list[str]:
    """The text of the last folios (where the acta prints its chain head)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf), strict=False)
    return [p.extract_text() or "" for p in reader.pages[-pages:]]


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


def _check_pages(
    data: bytes, raw: bytes, export: Mapping[str, Any], session_id: str | None, report: VerifyReport
) -> None:
    original = _original_revision(data)
    try:
        acta = build_acta(export, session_id)
    except ActaDataError as exc:
        report.add("Folios", False, f"el registro adjunto no da un acta: {exc}")
        return
    regenerated = render_acta_data(
        acta,
        [
            Attachment(
                ATTACHMENT_NAME,
                raw,
                "application/json",
                "Registro de la sesión (bingo-session/1) con su cadena de registros",
            )
        ],
    )
    if regenerated == original:
        report.add(
            "Folios",
            True,
            "cada folio coincide byte a byte con el acta que genera el registro adjunto",
        )
        return
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


def _check_against(
    export: Mapping[str, Any], current: Sequence[Record], report: VerifyReport, label: str
) -> None:
    ours = _records(export)
    if current:
        start = GENESIS if current[0].seq == 1 else current[0].prev_hash
        broken = verify_chain(current, start)
        if broken is not None:
            report.add(
                label,
                False,
                f"el registro actual está roto en el registro {broken.seq}: {broken.reason}",
            )
            return
    by_seq = {r.seq: r for r in current}
    for rec in ours:
        other = by_seq.get(rec.seq)
        if other is None:
            report.add(
                label,
                False,
                f"el registro {rec.seq} ({rec.kind}) del acta no está en el registro actual",
            )
            return
        if other.hash != rec.hash or other.to_json() != rec.to_json():
            a, b = rec.to_json(), other.to_json()
            # name the content that changed before the hashes that follow from it
            diff = first_json_difference(
                {k: a[k] for k in ("at", "kind", "payload")},
                {k: b[k] for k in ("at", "kind", "payload")},
            ) or first_json_difference(a, b)
            report.add(label, False, f"el registro {rec.seq} ({rec.kind}) difiere: {diff}")
            return
    extra = sum(1 for r in current if ours and r.seq > ours[-1].seq)
    report.add(
        label,
        True,
        f"los {len(ours)} registros del acta son el comienzo del registro "
        f"actual ({extra} posteriores)",
    )


def _check_sessions(
    export: Mapping[str, Any],
    other: Mapping[str, Any],
    session_id: str | None,
    report: VerifyReport,
) -> None:
    other = _without_later_fields(export, other)
    try:
        ours = select_session(export, session_id)
        theirs = select_session(other, str(ours.get("id")))
    except ActaDataError as exc:
        report.add("Datos de la sesión", False, str(exc))
        return
    # A session keeps the rules it was played under: its own `rules` once later ones differ.
    pairs = (
        ("hall", export.get("hall"), other.get("hall")),
        (
            "rules",
            ours.get("rules") or export.get("rules"),
            theirs.get("rules") or other.get("rules"),
        ),
    )
    for key, mine, recorded in pairs:
        diff = first_json_difference(mine, recorded, key)
        if diff:
            report.add("Datos de la sesión", False, diff)
            return
    their_partidas = {p["number"]: p for p in theirs.get("partidas") or []}
    for p in ours.get("partidas") or []:
        if p.get("status") == "open":
            continue
        q = their_partidas.get(p["number"])
        if q is None:
            report.add(
                "Datos de la sesión",
                False,
                f"la partida {p['number']} no está en el registro actual",
            )
            return
        diff = first_json_difference(p, q, f"partida {p['number']}")
        if diff:
            report.add("Datos de la sesión", False, diff)
            return
    if ours.get("closed_at"):
        skip = {*AFTER_ISSUE_SESSION_FIELDS, "rules"}  # the rules were compared above
        diff = first_json_difference(
            {k: v for k, v in ours.items() if k not in skip},
            {k: v for k, v in theirs.items() if k not in skip},
            "sesión",
        )
        if diff:
            report.add("Datos de la sesión", False, diff)
            return
    report.add("Datos de la sesión", True, "las partidas del acta coinciden con el registro actual")


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

        reader = PdfReader(io.BytesIO(data), strict=False)
        meta = reader.metadata
        keywords = parse_keywords(str(meta.get("/Keywords", "")) if meta else "")
    except Exception as exc:
        report.add("PDF", False, f"el PDF no se puede leer: {exc}")
        return report
    report.session_id = keywords.get("sesion")
    try:
        raw = _attachment(data)
    except Exception as exc:  # pypdf raises many kinds on a damaged file
        report.add("Registro adjunto", False, f"no se puede extraer el registro adjunto: {exc}")
        return report
    export = _check_record(raw, report, keywords)
    if export is None:
        return report
    if report.head is not None:
        try:
            texts = _last_pages_text(_original_revision(data))
        except Exception as exc:
            report.add("Cabeza impresa", False, f"no se puede leer el texto del acta: {exc}")
        else:
            _check_printed_head(texts, report.head, report)
    _check_pages(data, raw, export, report.session_id, report)
    if projector is not None:
        projected = _without_later_fields(export, projector(_records(export)))
        diff = first_json_difference(
            {k: v for k, v in export.items() if k != "chain"},
            {k: v for k, v in projected.items() if k != "chain"},
        )
        report.add(
            "Exportación",
            diff is None,
            diff or "la exportación adjunta es la que dan sus registros",
        )
    if current_records is not None:
        _check_against(export, current_records, report, "Registro de la base de datos")
    if current_export is not None:
        _check_against(export, _records(current_export), report, "Registro exportado")
        _check_sessions(export, current_export, report.session_id, report)
    return report
