"""Claims about a session (reclamaciones) live in the hall's record (R-ACTA-5).

They are what keeps an acta and its record past six months, so they are events like any
other: committed, replayed, exported, and refused with a reason when they make no sense.
"""

from __future__ import annotations

import pytest

from bingo.export import build_export
from bingo.hall import DomainError
from bingo.service import HallService
from tests.bingo.hallkit import Kit, make_hall


@pytest.fixture
def kit() -> Kit:
    # The kit's clock says 2026-11-22; session S1 is of that date.
    return make_hall()


def test_filed_and_settled_claims_are_in_the_hall_state(kit: Kit) -> None:
    rid = kit.svc.file_reclamacion("S1", "2026-11-22", " Bingo no pagado ", reference="HR-17")
    assert rid == "S1/R1"
    claim = kit.hall.reclamaciones[rid]
    assert (claim.session_id, claim.filed, claim.reference, claim.subject, claim.settled) == (
        "S1",
        "2026-11-22",
        "HR-17",
        "Bingo no pagado",
        None,
    )
    kit.svc.settle_reclamacion(rid, "2026-11-22", "estimada y pagada")
    assert (claim.settled, claim.note) == ("2026-11-22", "estimada y pagada")
    assert kit.svc.file_reclamacion("S1", "2026-11-22", "Otra") == "S1/R2"


def test_claims_are_rebuilt_from_the_record(kit: Kit) -> None:
    rid = kit.svc.file_reclamacion("S1", "2026-11-22", "Línea discutida")
    kit.svc.settle_reclamacion(rid, "2026-11-22", "desestimada")
    kit.svc.file_reclamacion("S1", "2026-11-22", "Pendiente")
    again = HallService(kit.log, "test-hall", card_sets=kit.svc.card_sets)
    assert again.hall.reclamaciones == kit.hall.reclamaciones


@pytest.mark.parametrize(
    ("session", "filed", "subject", "message"),
    [
        ("S9", "2026-11-22", "x", "no hay ninguna sesión 'S9'"),
        ("S1", "2026-11-21", "x", "no puede ser anterior a la sesión"),
        ("S1", "2026-11-23", "x", "posterior a hoy"),
        ("S1", "22/11/2026", "x", "fecha de presentación no válida"),
        ("S1", "2026-11-22", "  ", "falta el asunto"),
    ],
)
def test_a_claim_that_makes_no_sense_is_refused_and_nothing_is_recorded(
    kit: Kit, session: str, filed: str, subject: str, message: str
) -> None:
    before = kit.svc.last_seq
    with pytest.raises(DomainError, match=message):
        kit.svc.file_reclamacion(session, filed, subject)
    assert kit.svc.last_seq == before
    assert kit.hall.reclamaciones == {}


def test_the_same_reference_twice_for_a_session_is_refused(kit: Kit) -> None:
    kit.svc.file_reclamacion("S1", "2026-11-22", "x", reference="HR-17")
    with pytest.raises(DomainError, match="ya consta una reclamación con la referencia 'HR-17'"):
        kit.svc.file_reclamacion("S1", "2026-11-22", "y", reference="HR-17")


def test_settling_is_refused_when_unknown_twice_early_or_in_the_future(kit: Kit) -> None:
    with pytest.raises(DomainError, match="no consta la reclamación 'S1/R1'"):
        kit.svc.settle_reclamacion("S1/R1", "2026-11-22")
    rid = kit.svc.file_reclamacion("S1", "2026-11-22", "x")
    with pytest.raises(DomainError, match="antes de presentarse"):
        kit.svc.settle_reclamacion(rid, "2026-11-21")
    with pytest.raises(DomainError, match="posterior a hoy"):
        kit.svc.settle_reclamacion(rid, "2026-11-23")
    kit.svc.settle_reclamacion(rid, "2026-11-22")
    with pytest.raises(DomainError, match="ya consta cumplida el 2026-11-22"):
        kit.svc.settle_reclamacion(rid, "2026-11-22")


def test_the_export_lists_each_sessions_claims(kit: Kit) -> None:
    rid = kit.svc.file_reclamacion("S1", "2026-11-22", "Bola dudosa", reference="HR-1")
    kit.svc.settle_reclamacion(rid, "2026-11-22", "comprobada")
    kit.svc.file_reclamacion("S1", "2026-11-22", "Pendiente")
    (session,) = build_export(kit.hall, kit.svc.card_sets.get)["sessions"]
    assert session["reclamaciones"] == [
        {
            "id": "S1/R1",
            "filed": "2026-11-22",
            "reference": "HR-1",
            "subject": "Bola dudosa",
            "settled": "2026-11-22",
            "note": "comprobada",
        },
        {
            "id": "S1/R2",
            "filed": "2026-11-22",
            "reference": "",
            "subject": "Pendiente",
            "settled": None,
            "note": "",
        },
    ]
