"""The papers the console prints at the table: the session's acta and the prize receipts.

The work is split in two. On the GUI thread, ``export_for_session`` reads the record and
turns it into the export (a plain dict that shares nothing with the live hall): the engine is
only ever touched from that thread. The PDF is then laid out, sealed and written by the job
functions (``acta_job``, ``receipt_job``), which the console runs on the bridge's worker thread.
Everything here raises ``ActaDataError``, ``SealError`` or ``OSError`` with a message in Spanish;
the console shows it in its banner.

While a partida is still selling, its data is not recorded yet (R-ACTA-2): the acta then stops
at the last partida closed, exactly as the record stood when that partida began its sale. As
soon as the sale is closed the partida in play appears, with its data and "resultados
pendientes" (R-ACTA-1).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from actas.builder import ActaDataError
from actas.receipts import (
    DETAILED_PRIZES,
    Layout,
    find_receipt,
    render_prize_receipt,
    render_winner_proof,
)
from actas.render import render_acta
from actas.seal import SealError, ensure_keys, sign_pdf, timestamper_for
from bingo import events as ev
from bingo.chain import Record
from bingo.export import build_export
from bingo.hall import Hall, SessionState
from bingo.handlers import Bus
from bingo.service import HallService, MemoryEventLog

__all__ = [
    "DETAILED_PRIZES",
    "ActaDataError",
    "Layout",
    "Saved",
    "SealError",
    "acta_job",
    "acta_session",
    "export_for_session",
    "file_name",
    "receipt_job",
    "receipt_pdf",
    "session_partidas",
]


@dataclass(frozen=True)
class Saved:
    """A document written to disk."""

    path: Path
    sealed: bool = False


def acta_session(hall: Hall) -> SessionState | None:
    """The session whose acta the console prints: the open one, else the last one."""
    if hall.session is not None:
        return hall.session
    return hall.sessions[-1] if hall.sessions else None


def _unrecorded_start(session: SessionState, records: Sequence[Record]) -> int | None:
    """Where the record stood before the partida still selling began (None: nothing to cut)."""
    if session.closed_at is not None or not session.partidas:
        return None
    partida = session.partidas[-1]
    if partida.amounts is not None:  # the sale is closed: its data is in the record
        return None
    for index in range(len(records) - 1, -1, -1):
        record = records[index]
        if (
            record.kind == ev.PartidaStarted.kind
            and record.payload.get("session_id") == session.id
            and record.payload.get("partida") == partida.number
        ):
            return index
    return None


def export_for_session(service: Bus, session: SessionState) -> dict[str, Any]:
    """The hall's export (every session, with the chain of records) for the acta of
    ``session``; GUI thread only.

    When the session's last partida is still selling, the export is the one the record gave
    just before that partida started: the records that follow are left for the next printing.
    """
    # the records the state on show was folded from: another station may have written more
    records = service.records()[: service.last_seq]
    cut = _unrecorded_start(session, records)
    if cut is None:
        return build_export(service.hall, service.card_sets.get, records)
    earlier = records[:cut]
    memory = MemoryEventLog()
    memory.records[service.hall_id] = list(earlier)
    replayed = HallService(memory, service.hall_id, service.card_sets)
    return build_export(replayed.hall, replayed.card_sets.get, earlier)


def session_partidas(export: Mapping[str, Any], session_id: str) -> list[int]:
    """The numbers of the partidas the export holds for a session."""
    for session in export.get("sessions") or []:
        if session.get("id") == session_id:
            return [int(p["number"]) for p in session.get("partidas") or []]
    return []


def file_name(*parts: object) -> str:
    """A file name from words and numbers: ``acta-S-2026-11-22.pdf``."""
    text = "-".join(str(p) for p in parts if str(p))
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in text)
    return f"{safe or 'documento'}.pdf"


def write_pdf(path: Path, data: bytes) -> None:
    """Write the whole file or nothing: a half-written acta never takes the name."""
    partial = path.with_name(path.name + ".part")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        reason = exc.strerror or str(exc)
        raise OSError(f"no se puede escribir «{path}»: {reason}") from exc


def seal(pdf: bytes, export: Mapping[str, Any], reason: str, keys_dir: Path | None) -> bytes:
    """Sign with the hall's key (created on first use), as ``bingo-hall acta build --sign``."""
    hall: Mapping[str, Any] = export.get("hall") or {}
    name = str(hall.get("name", ""))
    try:
        keys = ensure_keys(str(hall.get("id", "")), name, directory=keys_dir)
        return sign_pdf(pdf, keys, reason=reason, location=name, timestamper=timestamper_for(None))
    except (SealError, OSError):
        raise
    except Exception as exc:  # an unreadable key, a timestamp authority that does not answer…
        raise SealError(f"no se puede sellar con la clave de la sala: {exc}") from exc


def acta_job(
    export: Mapping[str, Any],
    session_id: str,
    path: Path,
    *,
    sealed: bool = False,
    keys_dir: Path | None = None,
) -> Callable[[], Saved]:
    """The acta of ``session_id`` as PDF (sealed when asked), written to ``path``."""

    def run() -> Saved:
        pdf = render_acta(export, session_id)
        if sealed:
            pdf = seal(pdf, export, f"Acta de la sesión {session_id}", keys_dir)
        write_pdf(path, pdf)
        return Saved(path, sealed)

    return run


def receipt_pdf(
    export: Mapping[str, Any],
    session_id: str,
    partida: int,
    *,
    prize: str | None = None,
    series: str | None = None,
    number: int | None = None,
    proof: bool = False,
    layout: Layout = "a4",
) -> bytes:
    """The PDF of a prima (or interconnected) receipt and its duplicate, or a winner's proof:
    the one paper saved and printed alike.
    """
    receipt = find_receipt(
        export, partida, prize=prize, series=series, number=number, session_id=session_id
    )
    if proof:
        return render_winner_proof(receipt, layout)
    if receipt.prize in DETAILED_PRIZES:
        return render_prize_receipt(receipt, layout)
    raise ActaDataError(
        f"la partida {partida} no tiene prima ni premio interconectado: "
        "imprima el comprobante del ganador"
    )


def receipt_job(
    export: Mapping[str, Any],
    session_id: str,
    partida: int,
    path: Path,
    *,
    prize: str | None = None,
    series: str | None = None,
    number: int | None = None,
    proof: bool = False,
    layout: Layout = "a4",
) -> Callable[[], Saved]:
    """A prima (or interconnected) receipt and its duplicate (R-PRIMA-6), or a winner's proof."""

    def run() -> Saved:
        pdf = receipt_pdf(
            export,
            session_id,
            partida,
            prize=prize,
            series=series,
            number=number,
            proof=proof,
            layout=layout,
        )
        write_pdf(path, pdf)
        return Saved(path)

    return run
