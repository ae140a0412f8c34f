"""The hall's archive of sealed actas (and other kept PDFs and records) on disk.

Layout: ``<root>/<hall>/<year>/<session>.<kind>.<ext>`` plus a ``.meta.json`` beside each
file with what the retention policy needs (hall, session, kind, issue date) and the file's
SHA-256. ``purge`` deletes only what ``actas.retention.decide`` allows, and only files whose
contents still match their metadata (anything else is reported, never deleted).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from actas.retention import Claim, Decision, Kept, decide

log = logging.getLogger(__name__)

META_SUFFIX = ".meta.json"


class ArchiveError(RuntimeError):
    """A problem with the archive itself (Spanish message)."""


@dataclass(frozen=True, slots=True)
class PurgeResult:
    deleted: tuple[Path, ...]
    kept: tuple[Decision, ...]
    refused: tuple[str, ...]


def _safe(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
    if not cleaned.strip("._"):
        raise ArchiveError(f"nombre no válido: «{name}»")
    return cleaned


class ActaArchive:
    def __init__(self, root: Path) -> None:
        self.root = root

    def store(
        self,
        data: bytes,
        *,
        hall_id: str,
        session_id: str,
        issued: date,
        kind: str = "acta",
        ext: str = "pdf",
    ) -> Path:
        """Keep ``data``; replacing an earlier copy of the same item (a re-sealed acta)."""
        folder = self.root / _safe(hall_id) / f"{issued.year:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{_safe(session_id)}.{_safe(kind)}.{_safe(ext)}"
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        meta = {
            "hall_id": hall_id,
            "session_id": session_id,
            "kind": kind,
            "issued": issued.isoformat(),
            "sha256": hashlib.sha256(data).hexdigest(),
            "file": path.name,
        }
        # whole or not at all: a half metadata file would hide the PDF from the keeping policy
        meta_path = path.with_name(path.name + META_SUFFIX)
        meta_tmp = meta_path.with_name(meta_path.name + ".tmp")
        meta_tmp.write_text(
            json.dumps(meta, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8"
        )
        meta_tmp.replace(meta_path)
        return path

    def items(self) -> list[Kept]:
        out: list[Kept] = []
        if not self.root.exists():
            return out
        for meta_path in sorted(self.root.rglob(f"*{META_SUFFIX}")):
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
                out.append(
                    Kept(
                        str(meta["kind"]),
                        str(meta["hall_id"]),
                        str(meta["session_id"]),
                        date.fromisoformat(meta["issued"]),
                        str(meta_path.with_name(meta["file"]).relative_to(self.root)),
                    )
                )
            except (OSError, ValueError, KeyError) as exc:
                log.warning("unreadable archive metadata %s: %s", meta_path, exc)
        return out

    def plan(
        self, claims: Sequence[Claim], today: date, consulted: Collection[str] | None = None
    ) -> list[Decision]:
        """What may be purged today and what must stay (and why)."""
        return decide(self.items(), claims, today, consulted=consulted)

    def purge(
        self, claims: Sequence[Claim], today: date, consulted: Collection[str] | None = None
    ) -> PurgeResult:
        """Delete exactly what the retention policy allows today."""
        deleted: list[Path] = []
        kept: list[Decision] = []
        refused: list[str] = []
        root = self.root.resolve()
        for decision in self.plan(claims, today, consulted):
            if not decision.purge:
                kept.append(decision)
                continue
            path = (self.root / decision.item.ref).resolve()
            meta_path = path.with_name(path.name + META_SUFFIX)
            if root not in path.parents:
                refused.append(f"{decision.item.ref}: fuera del archivo")
                continue
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
            except (OSError, ValueError) as exc:
                refused.append(f"{decision.item.ref}: no se puede comprobar ({exc})")
                continue
            if digest != meta.get("sha256"):
                refused.append(
                    f"{decision.item.ref}: su contenido no coincide con el archivado; no se borra"
                )
                continue
            path.unlink()
            meta_path.unlink()
            deleted.append(path)
            log.info("purged %s (%s)", path, decision.reason)
        return PurgeResult(tuple(deleted), tuple(kept), tuple(refused))


def _claim(hall_id: object, session_id: object, entry: Mapping[str, Any]) -> Claim:
    """One claim from its ``filed`` and ``settled`` (ISO date or null) entries."""
    settled = entry.get("settled")
    return Claim(
        str(hall_id),
        str(session_id),
        date.fromisoformat(entry["filed"]),
        date.fromisoformat(settled) if settled else None,
    )


def load_claims(path: Path) -> list[Claim]:
    """Claims from a JSON file: ``[{"hall_id", "session_id", "filed", "settled"|null}]``."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return [_claim(c["hall_id"], c["session_id"], c) for c in raw]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ArchiveError(f"no se puede leer el archivo de reclamaciones: {exc}") from exc


def claims_from_export(data: Mapping[str, Any]) -> list[Claim]:
    """The claims (reclamaciones) the hall's own record holds, from its ``bingo-session/1``
    export: each session's ``reclamaciones``.
    """
    try:
        hall_id = data["hall"]["id"]
        return [
            _claim(hall_id, session["id"], c)
            for session in data["sessions"]
            for c in session.get("reclamaciones", [])
        ]
    except (ValueError, KeyError, TypeError) as exc:
        raise ArchiveError(f"las reclamaciones del registro no se pueden leer: {exc}") from exc
