"""Keeping actas six months, longer while a claim is open; purge only what may go."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from actas.archive import ActaArchive
from actas.retention import Claim, Kept, add_months, decide, purgeable


def acta(session: str, issued: date) -> Kept:
    return Kept("acta", "cantabria-001", session, issued, f"{session}.pdf")


def test_add_months_keeps_the_day_or_the_last_of_the_month() -> None:
    assert add_months(date(2026, 11, 22), 6) == date(2027, 5, 22)
    assert add_months(date(2026, 8, 31), 6) == date(2027, 2, 28)
    assert add_months(date(2027, 8, 31), 6) == date(2028, 2, 29)


def test_kept_six_months_from_issue() -> None:
    item = acta("s1", date(2026, 11, 22))
    (kept,) = decide([item], [], date(2027, 5, 22))
    assert not kept.purge and kept.keep_until == date(2027, 5, 22)
    (gone,) = decide([item], [], date(2027, 5, 23))
    assert gone.purge


def test_an_open_claim_holds_the_acta() -> None:
    item = acta("s1", date(2026, 1, 10))
    claims = [Claim("cantabria-001", "s1", date(2026, 2, 1))]
    (d,) = decide([item], claims, date(2030, 1, 1))
    assert not d.purge and d.keep_until is None and "reclamación pendiente" in d.reason
    # a claim about another hall's session of the same name does not hold it
    assert purgeable([item], [Claim("other", "s1", date(2026, 2, 1))], date(2030, 1, 1))


def test_a_claim_settled_late_extends_the_keeping() -> None:
    item = acta("s1", date(2026, 1, 10))
    claims = [Claim("cantabria-001", "s1", date(2026, 2, 1), settled=date(2026, 12, 1))]
    (d,) = decide([item], claims, date(2026, 11, 30))
    assert not d.purge and d.keep_until == date(2026, 12, 1)
    assert purgeable([item], claims, date(2026, 12, 2)) == [item]


def test_archive_purges_only_what_the_policy_allows(tmp_path: Path) -> None:
    archive = ActaArchive(tmp_path / "archivo")
    old = archive.store(
        b"%PDF old", hall_id="cantabria-001", session_id="s-old", issued=date(2026, 1, 5)
    )
    held = archive.store(
        b"%PDF held", hall_id="cantabria-001", session_id="s-held", issued=date(2026, 1, 6)
    )
    recent = archive.store(
        b"%PDF recent", hall_id="cantabria-001", session_id="s-new", issued=date(2026, 11, 1)
    )
    forged = archive.store(
        b"%PDF forged", hall_id="cantabria-001", session_id="s-forged", issued=date(2026, 1, 7)
    )
    forged.write_bytes(b"%PDF changed after archiving")
    claims = [Claim("cantabria-001", "s-held", date(2026, 3, 1))]
    today = date(2026, 12, 1)
    plan = {d.item.session_id: d.purge for d in archive.plan(claims, today)}
    assert plan == {"s-old": True, "s-held": False, "s-new": False, "s-forged": True}
    result = archive.purge(claims, today)
    assert result.deleted == (old.resolve(),)
    assert not old.exists() and held.exists() and recent.exists() and forged.exists()
    assert any("no coincide" in r for r in result.refused)


def test_an_item_of_a_hall_whose_claims_were_not_consulted_stays() -> None:
    mine = acta("s1", date(2026, 1, 10))
    theirs = Kept("acta", "euskadi-002", "s1", date(2026, 1, 10), "other.pdf")
    decisions = decide([mine, theirs], [], date(2030, 1, 1), consulted={"cantabria-001"})
    assert [d.purge for d in decisions] == [True, False]
    assert "no se han consultado las reclamaciones de la sala euskadi-002" in decisions[1].reason
    assert purgeable([mine, theirs], [], date(2030, 1, 1), consulted=()) == []
