"""The acta built from the hall's database verifies, and a changed row in the database is named
(R-ACTA-6)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.cli import main


@pytest.fixture
def night(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'night.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "11", "--partidas", "3", "-q"]) == 0
    return url


def test_signed_acta_from_the_database_verifies_then_a_changed_row_is_named(
    night: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "acta.pdf"
    keys = tmp_path / "keys"
    assert (
        main(["acta", "build", "--db", night, "-o", str(pdf), "--sign", "--keys-dir", str(keys)])
        == 0
    )
    capsys.readouterr()
    assert main(["acta", "verify", str(pdf), "--db", night, "--keys-dir", str(keys)]) == 0
    assert "íntegros" in capsys.readouterr().out

    with sqlite3.connect(night.removeprefix("sqlite:///")) as db:
        for (name,) in db.execute("select name from sqlite_master where type='trigger'").fetchall():
            db.execute(f'drop trigger "{name}"')
        seq = db.execute("select min(seq) from events where kind = 'ball_drawn'").fetchone()[0]
        db.execute(
            "update events set payload = replace(payload, '\"index\":1', '\"index\":2') "
            "where seq = ?",
            (seq,),
        )
    code = main(["acta", "verify", str(pdf), "--db", night, "--keys-dir", str(keys)])
    out = capsys.readouterr()
    assert code == 3
    assert str(seq) in out.out + out.err


def test_acta_printed_while_a_sale_is_open_has_no_false_observations() -> None:
    """R-ACTA-1: the acta can be printed at any moment of the night."""
    from actas.builder import build_acta
    from bingo.export import build_export
    from tests.bingo.hallkit import make_hall

    kit = make_hall()
    kit.partida_ready([("A", 30)])
    kit.finish_with_bingo(1)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 12)
    acta = build_acta(build_export(kit.hall, kit.svc.card_sets.get, kit.svc.records()))
    assert acta.observations == ()
