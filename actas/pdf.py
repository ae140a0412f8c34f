"""Deterministic PDF output: fixed dates from the record, no random ids, embedded files.

ReportLab's ``invariant`` mode removes the random document id and the clock; the creation date
is then set to a moment taken from the record (the session's closing, or the last record of an
open session), so the same record always gives the same bytes. The record itself travels inside
the PDF as an embedded file (PDF "EmbeddedFiles" name tree), so an inspector has everything in
one file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import zlib
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFBase85Encode,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFString,
)
from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True, slots=True)
class Attachment:
    name: str
    data: bytes
    mime: str = "application/json"
    description: str = ""


@dataclass(frozen=True, slots=True)
class DocInfo:
    title: str
    author: str
    subject: str
    keywords: str
    created: datetime
    creator: str = "bingo-hall"
    lang: str = "es-ES"


class _FixedStamp:
    """What ReportLab's document asks of its time stamp, fixed to one moment."""

    def __init__(self, moment: datetime) -> None:
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        offset = moment.utcoffset()
        minutes = int(offset.total_seconds() // 60) if offset is not None else 0
        self.t = moment.timestamp()
        self.YMDhms = (
            moment.year,
            moment.month,
            moment.day,
            moment.hour,
            moment.minute,
            moment.second,
        )
        self.dhh, self.dmm = (
            divmod(minutes, 60) if minutes >= 0 else (-(-minutes // 60), -minutes % 60)
        )
        self.tzname = moment.tzname() or "UTC"
        self.lt = moment.timetuple()


class Deflating:
    """An attachment's bytes Flate-compressed on another thread while the pages are laid out:
    zlib lets go of the interpreter while it compresses, so a second core does it (the record
    of a long night is megabytes). The same bytes as compressing in line.

    One worker thread takes every compression in turn (the attachment, then each folio as it
    is finished): starting a thread per folio made the layout wait for each new thread to be
    scheduled, which on a busy machine cost more than the compression saved.
    """

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._future: Future[bytes] | None = None
        with contextlib.suppress(RuntimeError):  # shutting down: ``result`` compresses in line
            self._future = _deflater().submit(zlib.compress, data, 6)

    def result(self) -> bytes:
        try:
            if self._future is not None:
                return self._future.result()
        except Exception:  # a worker that failed (no memory…) leaves nothing: compress here
            pass
        return zlib.compress(self.data, 6)


#: (process id, executor): a process forked from this one starts its own thread
_DEFLATER: list[tuple[int, ThreadPoolExecutor]] = []


def _deflater() -> ThreadPoolExecutor:
    """The process's one compressing thread, started with the first compression."""
    if not _DEFLATER or _DEFLATER[0][0] != os.getpid():
        _DEFLATER[:] = [(os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="deflate"))]
    return _DEFLATER[0][1]


class _PageDeflate:
    """ReportLab's Flate filter of a page's content, compressed on another thread from the
    moment the page is finished while the next ones are laid out. zlib's default level is 6,
    the one ``Deflating`` uses: the same bytes as ReportLab compressing it at the end.
    """

    pdfname = "FlateDecode"

    def __init__(self, text: str) -> None:
        self._text = text
        self._deflating = Deflating(text.encode("utf-8"))

    def encode(self, text: str | bytes) -> bytes:
        if text is self._text:
            return self._deflating.result()
        return zlib.compress(text.encode("utf-8") if isinstance(text, str) else text)


def _deflate_page(page: Any) -> None:
    """Give a finished page the content stream ReportLab would make for it at the end, its
    compression already begun (``_PageDeflate``).
    """
    if not page.compression or page.Contents or not page.stream:
        return  # as ReportLab does it, at the end
    stream = PDFStream()
    deflate = _PageDeflate(page.stream)  # ReportLab's filters, its Flate step begun now
    stream.filters = [PDFBase85Encode, deflate] if rl_config.useA85 else [deflate]
    stream.content = page.stream
    stream.__Comment__ = "page stream"
    page.Contents = stream


def start_deflating(attachments: Sequence[Attachment]) -> dict[str, Deflating]:
    """Begin compressing the attachments now (``build`` takes the result)."""
    return {att.name: Deflating(att.data) for att in attachments}


class _Stream(PDFStream):  # type: ignore[misc]
    """A stream whose content is Flate-compressed bytes, taken when the file is written."""

    def __init__(self, dictionary: PDFDictionary, deflating: Deflating) -> None:
        super().__init__(dictionary, b"", filters=[])
        self._deflating: Deflating | None = deflating

    def format(self, document: Any) -> Any:
        if self._deflating is not None:
            self.content, self._deflating = self._deflating.result(), None
        return super().format(document)


def _embed(
    canvas: Canvas, attachments: Sequence[Attachment], deflating: Mapping[str, Deflating]
) -> None:
    doc = canvas._doc
    names: list[Any] = []
    for att in sorted(attachments, key=lambda a: a.name):
        params = PDFDictionary(
            {
                "Size": len(att.data),
                "CheckSum": PDFString(hashlib.md5(att.data).digest(), enc="raw"),
            }
        )
        stream = _Stream(
            PDFDictionary(
                {
                    "Type": PDFName("EmbeddedFile"),
                    "Subtype": PDFName(att.mime.replace("/", "#2F")),
                    "Params": params,
                    "Filter": PDFName("FlateDecode"),
                }
            ),
            deflating.get(att.name) or Deflating(att.data),
        )
        spec = PDFDictionary(
            {
                "Type": PDFName("Filespec"),
                "F": PDFString(att.name),
                "UF": PDFString(att.name),
                "Desc": PDFString(att.description or att.name),
                "AFRelationship": PDFName("Source"),
                "EF": PDFDictionary({"F": doc.Reference(stream), "UF": doc.Reference(stream)}),
            }
        )
        ref = doc.Reference(spec)
        names.extend([PDFString(att.name), ref])
    tree = PDFDictionary({"Names": PDFArray(names)})
    doc.Catalog.Names = PDFDictionary({"EmbeddedFiles": tree})
    doc.Catalog.AF = PDFArray([names[i] for i in range(1, len(names), 2)])
    doc.Catalog.PageMode = PDFName("UseAttachments")


def canvas_maker(
    info: DocInfo,
    attachments: Sequence[Attachment] = (),
    deflating: Mapping[str, Deflating] | None = None,
) -> type[Canvas]:
    """A ReportLab canvas class giving byte-identical output for the same content."""

    class _DeterministicCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["invariant"] = 1
            kwargs.setdefault("pageCompression", 1)
            super().__init__(*args, **kwargs)
            self._doc._timeStamp = _FixedStamp(info.created)
            if attachments:
                _embed(self, attachments, deflating or {})

        def showPage(self) -> None:
            super().showPage()
            _deflate_page(self._doc.Pages.pages[-1])

    return _DeterministicCanvas


def build(
    doc: Any,
    story: list[Any],
    info: DocInfo,
    attachments: Sequence[Attachment] = (),
    deflating: Mapping[str, Deflating] | None = None,
) -> None:
    """Build a Platypus document deterministically with its metadata and attachments
    (``deflating``: their compression begun earlier by ``start_deflating``).
    """
    doc.title = info.title
    doc.author = info.author
    doc.subject = info.subject
    doc.keywords = info.keywords
    doc.creator = info.creator
    doc.producer = f"{info.creator} (ReportLab)"
    doc.lang = info.lang
    doc.build(story, canvasmaker=canvas_maker(info, attachments, deflating))
