"""A partida closes with its line awarded unless the region's rules say otherwise (Cantabria V.1.a
and V.3; R-PRIZE-1, R-GAME-4; session-export.md: "a line award or more unless the region's rules
say otherwise"; docs/decisions.md 9)."""

from __future__ import annotations

import pytest

from bingo.export import build_export
from bingo.hall import DomainError, Status
from bingo.rules import RegionRules
from bingo.transcribe import FORMAT, BookError, transcribe

from .hallkit import make_hall


def _bingo_called_without_line(rules: RegionRules | None = None):  # type: ignore[no-untyped-def]
    kit = make_hall(rules)
    kit.partida_ready([("A", 40)])
    kit.draw_rest_until(sorted(kit.carton(1).numbers))
    kit.svc.claim("A", 1, "bingo")
    assert kit.hall.partida is not None and kit.hall.partida.status == Status.BINGO_CALLED
    return kit


def test_partida_cannot_close_without_line_when_rules_require_it() -> None:
    kit = _bingo_called_without_line()
    seq = kit.svc.last_seq
    with pytest.raises(DomainError, match="sin el premio de línea"):
        kit.svc.close_partida()
    assert kit.svc.last_seq == seq  # nothing recorded
    assert kit.hall.partida is not None and kit.hall.partida.status == Status.BINGO_CALLED


def test_the_line_heard_after_the_bingo_lets_the_partida_close() -> None:
    """«¿Alguna línea más?»: the bingo cartón holds a complete row, so the line is there to be
    called at the bingo's ball (decision 6) and the partida then closes with both prizes."""
    kit = _bingo_called_without_line()
    kit.svc.claim("A", 1, "line")
    kit.svc.close_partida()
    partida = kit.hall.sessions[-1].partidas[0]
    assert partida.status == Status.CLOSED
    assert {a.prize for a in partida.awards} == {"line", "bingo"}


def test_a_region_without_the_line_requirement_closes_with_the_line_as_residue() -> None:
    kit = _bingo_called_without_line(RegionRules(region="cantabria", line_required=False))
    kit.svc.close_partida()
    export = build_export(kit.hall, kit.svc.card_sets.get)
    partida = export["sessions"][0]["partidas"][0]
    assert [a["prize"] for a in partida["awards"]] == ["bingo"]
    assert partida["residue_cents"]["line"] == partida["line_prize_cents"] == 400


def test_a_book_partida_without_its_line_is_refused_and_nothing_is_written() -> None:
    """The manual book's partidas go through the same rule (R-ACTA-4; Cantabria IV.2)."""
    kit = make_hall()
    carton = kit.carton(1)
    book = {
        "number": 1,
        "note": "sistema caído",
        "sales": [{"series": "A", "first": 1, "last": 40, "kind": "physical"}],
        "balls": sorted(carton.numbers),
        "claims": [{"after_ball": 15, "series": "A", "number": 1, "kind": "bingo"}],
        "annulled": None,
    }
    seq = kit.svc.last_seq
    with pytest.raises(BookError, match="sin el premio de línea"):
        transcribe(kit.svc, {"format": FORMAT, "partidas": [book]})
    assert kit.svc.last_seq == seq
