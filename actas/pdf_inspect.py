"""Reading an acta PDF for verification: the revision as generated, its objects, its text,
its embedded record, and where two PDFs first differ, in words (folio, line, PDF object).
"""

from __future__ import annotations

import io
import logging
import re

from actas.render import ATTACHMENT_NAME

log = logging.getLogger(__name__)

_FIRST_EOF = re.compile(rb"[\r\n]startxref[\r\n]+\d+[\r\n]+%%EOF")


def original_revision(data: bytes) -> bytes:
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


def object_spans(pdf: bytes) -> list[tuple[int, int]]:
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


def object_roles(pdf: bytes) -> dict[int, str]:
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
    spans = object_spans(regenerated)
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
        role = object_roles(regenerated).get(number)
        where += f", objeto {number} del PDF" + (f" ({role})" if role else "")
    return where


def page_texts(pdf: bytes) -> list[str]:
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
        ours = page_texts(original)
    except Exception as exc:
        log.debug("pypdf cannot read the acta: %s", exc)
        return "el texto del PDF no se puede leer"
    theirs = page_texts(regenerated)
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


def attachment_bytes(data: bytes) -> bytes:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data), strict=False)
    found = reader.attachments.get(ATTACHMENT_NAME)
    if not found:
        raise ValueError("el PDF no lleva adjunto el registro (registro.json)")
    return bytes(found[0])


def appended_difference(full: bytes, base: bytes) -> str:
    """What bytes added after ``base`` change, in words: the first folio and line that reads
    differently, else the PDF objects they replace.
    """
    try:
        before, after = page_texts(base), page_texts(full)
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
    numbers = sorted({num for _, num in object_spans(full[len(base) :])})
    try:
        roles = object_roles(base)
    except Exception:
        roles = {}
    named = [f"{n}" + (f" ({roles[n]})" if n in roles else "") for n in numbers]
    if not named:
        return "el texto de los folios no cambia"
    return "el texto de los folios no cambia; sustituye los objetos " + ", ".join(named)


def last_pages_text(pdf: bytes, pages: int = 2) -> list[str]:
    """The text of the last folios (where the acta prints its chain head)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf), strict=False)
    return [p.extract_text() or "" for p in reader.pages[-pages:]]
