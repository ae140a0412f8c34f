"""A ball set changed while the session is open is counted before the next partida (R-BALL-2),
and that count is what the checker and the acta take as the record says it (decision 647).

The independent checker refused the export's ``when: "change"`` count; the acta printed a failed
count a good recount followed as an «incoherencia del registro», with the English word
``change``, and never printed the good count.
"""

from __future__ import annotations

from actas.builder import build_acta
from actas.pdf_inspect import page_texts
from actas.render import attachment_for, render_acta_data
from bingo.export import build_export
from tests.bingo.hallkit import BALLS, make_hall
from tests.independent import check_export


def _changed_and_recounted() -> dict[str, object]:
    kit = make_hall()
    kit.partida_ready()
    kit.finish_with_bingo(1)
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bola dañada")
    assert kit.svc.record_ball_check("S1", "change", BALLS[:-1]) is False  # one missing
    assert kit.svc.record_ball_check("S1", "change", BALLS) is True  # counted again: all 90
    kit.partida_ready()
    kit.finish_with_bingo(11)  # the second partida sells cartones 11 to 20
    return build_export(kit.hall, kit.svc.card_sets.get)


def test_the_checker_takes_a_count_of_a_set_changed_mid_session() -> None:
    problems = check_export.check(_changed_and_recounted())  # type: ignore[arg-type]
    assert not [p for p in problems if "ball check" in p], problems


def test_the_acta_prints_the_count_that_stands_and_no_incoherence() -> None:
    export = _changed_and_recounted()
    acta = build_acta(export)
    assert not [n for n in acta.observations if "bolas" in n], acta.observations
    text = "\n".join(page_texts(render_acta_data(acta, [attachment_for(export)])))
    assert "change" not in text
    assert "Recuento y comprobación de las bolas del juego nuevo" in text
    assert "90 bolas, numeración completa" in text.replace("\n", " ")


def test_a_count_that_fails_and_stands_is_an_observation_in_spanish() -> None:
    kit = make_hall()
    kit.partida_ready()
    kit.finish_with_bingo(1)
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bola dañada")
    kit.svc.record_ball_check("S1", "change", BALLS[:-1])
    acta = build_acta(build_export(kit.hall, kit.svc.card_sets.get))
    (note,) = [n for n in acta.observations if "bolas" in n]
    assert "juego nuevo (BS-2)" in note and "no conforme" in note and "change" not in note
