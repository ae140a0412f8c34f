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
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from actas.builder import ActaDataError, build_acta, select_session
from actas.pdf import Attachment
from actas.render import ATTACHMENT_NAME, parse_keywords, render_acta_data
from bingo.chain import GENESIS, Record, verify_chain

log = logging.getLogger(__name__)

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
    "Actualización posterior",
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
    # a failure of trust (unsigned, or not signed by the hall's registered certificate) rather
    # than a difference in the contents: the acta cannot be declared intact either way
    trust: bool = False


@dataclass
class VerifyReport:
    findings: list[Finding] = field(default_factory=list)
    signed: bool = False
    first_difference: str | None = None
    head: str | None = None
    session_id: str | None = None
    signer_fingerprint: str | None = None

    def add(self, check: str, ok: bool, detail: str, *, trust: bool = False) -> None:
        self.findings.append(Finding(check, ok, detail, trust))
        failing = {f.check: f.detail for f in self.findings if not f.ok}
        for name in _SPECIFICITY:
            if name in failing:
                self.first_difference = f"{name}: {failing[name]}"
                break

    @property
    def intact(self) -> bool:
        """Every check passed, the seal included: only then is the acta declared intact."""
        return bool(self.findings) and all(f.ok for f in self.findings)

    @property
    def altered(self) -> bool:
        """Something differs (as opposed to only the seal not being the hall's)."""
        return not self.findings or any(not f.ok and not f.trust for f in self.findings)

    @property
    def exit_code(self) -> int:
        """0 intact and sealed by the hall; 3 anything else (the integrity check failed)."""
        return 0 if self.intact else 3

    def lines(self) -> list[str]:
        out = [f"[{'OK' if f.ok else 'FALLO'}] {f.check}: {f.detail}" for f in self.findings]
        if self.intact:
            out.append(
                "Resultado: el acta y el registro del que procede están íntegros y sellados "
                "por la sala."
            )
        elif self.altered:
            out.append(
                f"Resultado: ALTERACIÓN DETECTADA. Primera diferencia: {self.first_difference}"
            )
        else:
            why = next(f.detail for f in self.findings if not f.ok)
            out.append(
                "Resultado: NO SE PUEDE DECLARAR ÍNTEGRA: "
                f"{why}. Su contenido coincide con el registro adjunto."
            )
        return out


# --- helpers ------------------------------------------------------------------------------


ACTA_AND_RECORD = ("en el acta", "en el registro")


def first_json_difference(
    a: Any, b: Any, path: str = "", names: tuple[str, str] = ACTA_AND_RECORD
) -> str | None:
    """The first place where two JSON values differ, as ``path: a ≠ b`` (None if equal);
    ``names`` says where each comes from.
    """
    x_in, y_in = names
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in sorted(set(a) | set(b), key=str):
            sub = f"{path}.{key}" if path else str(key)
            if key not in a:
                return f"{sub}: no está {x_in}, aparece {y_in}"
            if key not in b:
                return f"{sub}: está {x_in}, falta {y_in}"
            diff = first_json_difference(a[key], b[key], sub, names)
            if diff:
                return diff
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            diff = first_json_difference(x, y, f"{path}[{i}]", names)
            if diff:
                return diff
        if len(a) != len(b):
            return f"{path}: {len(a)} elementos {x_in}, {len(b)} {y_in}"
        return None
    if a != b or type(a) is not type(b):
        return f"{path}: {_short(a)} {x_in}, {_short(b)} {y_in}"
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


_FIRST_EOF = re.compile(rb"[\r\n]startxref[\r\n]+\d+[\r\n]+%%EOF")


def _original_revision(data: bytes) -> bytes:
    """The bytes as generated (before pyHanko's incremental update): up to the first file end
    (``startxref N %%EOF``; a "%%EOF" typed in a note on a folio is no end).
    """
    found = _FIRST_EOF.search(data)
    if found is None:
        return data
    end = found.end()
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
        log.debug("pypdf cannot read the acta: %s", exc)
        return "el texto del PDF no se puede leer"
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


def _appended_difference(full: bytes, base: bytes) -> str:
    """What bytes added after ``base`` change, in words: the first folio and line that reads
    differently, else the PDF objects they replace.
    """
    try:
        before, after = _page_texts(base), _page_texts(full)
    except Exception:  # pypdf cannot read the updated file: say so without its words
        return "el archivo con lo añadido no se puede leer"
    for i, (a, b) in enumerate(zip(before, after, strict=False), start=1):
        if a == b:
            continue
        for x, y in zip(a.splitlines(), b.splitlines(), strict=False):
            if x != y:
                return f"el folio {i} muestra «{y.strip()}» donde el acta dice «{x.strip()}»"
        return f"el folio {i} tiene {len(b.splitlines())} líneas y el acta {len(a.splitlines())}"
    if len(before) != len(after):
        return f"el archivo muestra {len(after)} folios y el acta tiene {len(before)}"
    numbers = sorted({num for _, num in _object_spans(full[len(base) :])})
    try:
        roles = _object_roles(base)
    except Exception:
        roles = {}
    named = [f"{n}" + (f" ({roles[n]})" if n in roles else "") for n in numbers]
    if not named:
        return "el texto de los folios no cambia"
    return "el texto de los folios no cambia; sustituye los objetos " + ", ".join(named)


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
        f"{_appended_difference(data, data[:end])}; lo anterior está intacto, el archivo no",
    )
    return False


def _check_signature(data: bytes, report: VerifyReport, trusted: Sequence[bytes]) -> None:
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
        _check_appended(data, len(_original_revision(data)), report, "el acta tal como se generó")
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


# A partida in one of these states changes no more: without the records to rebuild the data as
# of the acta's head, only these are compared with a later export.
FINISHED_STATES: frozenset[str] = frozenset({"paid", "annulled"})


def _check_sessions(
    export: Mapping[str, Any],
    other: Mapping[str, Any],
    session_id: str | None,
    report: VerifyReport,
    *,
    as_of_head: bool,
) -> None:
    """The acta's session data against ``other``: the hall's data as its records give it at the
    acta's chain head (``as_of_head``: every field must match), or else a later export, where
    only partidas that change no more (and a closed session) can be compared.
    """
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
        # an export without "state" says only "closed" for a partida paid or not yet
        settled = p.get("state") in FINISHED_STATES if "state" in p else p.get("status") != "open"
        if not as_of_head and not settled:
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
    if as_of_head or ours.get("closed_at"):
        skip = {*AFTER_ISSUE_SESSION_FIELDS, "rules"}  # the rules were compared above
        diff = first_json_difference(
            {k: v for k, v in ours.items() if k not in skip},
            {k: v for k, v in theirs.items() if k not in skip},
            "sesión",
        )
        if diff:
            report.add("Datos de la sesión", False, diff)
            return
    report.add(
        "Datos de la sesión",
        True,
        "las partidas del acta coinciden con el registro actual"
        + (" tal como estaba en la cabeza del acta" if as_of_head else ""),
    )


def _check_current_export(
    export: Mapping[str, Any],
    current: Mapping[str, Any],
    session_id: str | None,
    projector: Projector | None,
    report: VerifyReport,
) -> None:
    """A later export of the hall: its chain must extend the acta's, its data must be what its
    own records give, and the acta's data what those records gave at the acta's head (a
    partida printed "cerrada", paid since, is no difference).
    """
    records = _records(current)
    _check_against(export, records, report, "Registro exportado")
    if projector is None or not records:
        _check_sessions(export, current, session_id, report, as_of_head=False)
        return
    whole = _without_later_fields(current, projector(records))
    diff = first_json_difference(
        {k: v for k, v in current.items() if k not in ("chain", "generator")},
        {k: v for k, v in whole.items() if k not in ("chain", "generator")},
        names=("en la exportación", "según sus registros"),
    )
    if diff:
        report.add(
            "Registro exportado", False, f"la exportación no es la que dan sus registros: {diff}"
        )
        return
    ours = _records(export)
    head = ours[-1].seq if ours else 0
    as_of = projector([r for r in records if r.seq <= head])
    _check_sessions(export, as_of, session_id, report, as_of_head=True)


def acta_hall_id(data: bytes) -> str | None:
    """The hall the acta says it is of (from its embedded record), or None if unreadable."""
    try:
        with _quiet_libraries():
            export = json.loads(_attachment(_original_revision(data)).decode("utf-8"))
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
        reader = PdfReader(io.BytesIO(_original_revision(data)), strict=False)
        meta = reader.metadata
        keywords = parse_keywords(str(meta.get("/Keywords", "")) if meta else "")
    except Exception as exc:  # pypdf's words are English: logged, not shown
        log.debug("pypdf cannot read the PDF: %s", exc)
        report.add("PDF", False, "el PDF no se puede leer: el archivo está dañado")
        return report
    report.session_id = keywords.get("sesion")
    try:
        raw = _attachment(_original_revision(data))
    except ValueError as exc:  # our own message: the PDF carries no record
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
            texts = _last_pages_text(_original_revision(data))
        except Exception as exc:
            log.debug("pypdf cannot read the last folios: %s", exc)
            report.add("Cabeza impresa", False, "no se puede leer el texto de los últimos folios")
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
        _check_current_export(export, current_export, report.session_id, projector, report)
    return report
