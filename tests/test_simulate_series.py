"""A simulation goes on with a new serie when the one left partly sold cannot be continued
(R-SALE-1, R-SALE-2; decision 649). It stopped for good: a session dated more than a day after a
partly sold serie was refused at its first sale, every time it was resumed; after the series'
size went from 1500 to 400, a second serie was sold past its own size.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


def test_a_session_two_days_after_a_partly_sold_serie_opens_a_new_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    first = ["--session", "A1", "--date", "2026-11-20", "--partidas", "1", "-q"]
    assert run(capsys, "simulate", "--db", url, *first)[0] == 0
    code, err = run(capsys, "simulate", "--db", url, "--session", "A2", "--date", "2026-11-23",
                    "--partidas", "1", "-q")  # fmt: skip
    assert code == 0, err


def test_a_smaller_series_size_between_sessions_is_played_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    first = ["--session", "B1", "--date", "2026-11-20", "--partidas", "2", "-q"]
    assert run(capsys, "simulate", "--db", url, *first)[0] == 0
    hall = (ROOT / "config" / "hall.toml").read_text(encoding="utf-8")
    assert "\nsize = 1500\n" in hall
    smaller = tmp_path / "hall.toml"
    smaller.write_text(hall.replace("\nsize = 1500\n", "\nsize = 400\n"), encoding="utf-8")
    code, err = run(capsys, "simulate", "--db", url, "--config", str(smaller), "--session", "B2",
                    "--date", "2026-11-21", "--partidas", "6", "-q")  # fmt: skip
    assert code == 0, err
