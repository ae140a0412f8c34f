"""The acta's record against the hall's current record: the chain must extend the acta's and
the sessions' data must be what the records gave at the acta's chain head (``actas.verify``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from actas.builder import ActaDataError, select_session
from actas.verify_report import VerifyReport
from bingo.chain import GENESIS, Record, verify_chain
from bingo.events import UnknownEvent
from bingo.hall import DomainError

log = logging.getLogger(__name__)

Projector = Callable[[Sequence[Record]], Mapping[str, Any]]

# Partida fields the export gained after actas were already being sealed (docs/decisions.md,
# 30). An acta written before carries none of them, and that lack is no alteration: such a
# field is compared only when the acta's own record has it. Any other missing field, and any
# differing value, is still a difference.
LATER_PARTIDA_FIELDS: frozenset[str] = frozenset({"data_recorded_at"})

# Session fields that grow after the acta is issued and are not part of it: a claim about the
# night is filed later (R-ACTA-5). Their records are still checked through the hash chain.
AFTER_ISSUE_SESSION_FIELDS: frozenset[str] = frozenset({"reclamaciones"})


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


def without_later_fields(
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


def records_of(export: Mapping[str, Any]) -> list[Record]:
    chain = export.get("chain") or {}
    return [Record.from_json(r) for r in chain.get("records") or []]


def project(
    projector: Projector, records: Sequence[Record], report: VerifyReport, check: str
) -> Mapping[str, Any] | None:
    """What the records give (``projector``), or None with the finding when they cannot be
    replayed: an event this program does not know (a later version's, or none of the
    engine's: not declared intact, but no alteration shown), or one whose data do not fold.
    """
    try:
        return projector(records)
    except UnknownEvent as exc:
        report.add(
            check,
            False,
            f"los registros no se pueden reproducir con este programa: {exc}; "
            "compruébelos con la versión que los escribió",
            trust=True,
        )
    except (DomainError, LookupError, TypeError, ValueError) as exc:
        log.debug("the records do not replay: %r", exc)
        detail = f": {exc}" if isinstance(exc, DomainError) else ""
        report.add(check, False, f"los registros no se pueden reproducir{detail}")
    return None


def check_against(
    export: Mapping[str, Any], current: Sequence[Record], report: VerifyReport, label: str
) -> None:
    ours = records_of(export)
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


def check_sessions(
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
    other = without_later_fields(export, other)
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


def check_current_export(
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
    records = records_of(current)
    check_against(export, records, report, "Registro exportado")
    if projector is None or not records:
        check_sessions(export, current, session_id, report, as_of_head=False)
        return
    replayed = project(projector, records, report, "Registro exportado")
    if replayed is None:
        return
    whole = without_later_fields(current, replayed)
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
    ours = records_of(export)
    head = ours[-1].seq if ours else 0
    as_of = project(projector, [r for r in records if r.seq <= head], report, "Datos de la sesión")
    if as_of is None:
        return
    check_sessions(export, as_of, session_id, report, as_of_head=True)
