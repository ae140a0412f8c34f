"""The acta of a session that played bingo plus and bingo derivado (Cantabria B.3, B.4; SPEC
R-MULTI-4, R-ACTA-3): each game partida with its game, card set, sales, takings, balls, prizes
at stake and winners, residues, payout, refunds and incidents, apart from the ordinary
partidas; the session's totals with the other modalities in rows of their own; in Spanish and
Basque for a Basque hall; sealed and verified like any acta. A session that played only the
ordinary bingo prints none of it.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from actas.builder import ActaDataError, build_acta
from actas.render import continue_acta, print_acta, render_acta
from actas.seal import HallKeys, sign_pdf
from actas.verify import verify_acta
from tests.actas.conftest import assert_in_order, body_lines
from tests.actas.fixtures import night
from tests.actas.game_fixtures import games_export
from tests.actas.test_cli import run

Export = dict[str, Any]


@pytest.fixture(scope="module")
def export() -> Export:
    return games_export()


@pytest.fixture(scope="module")
def pdf(export: Export) -> bytes:
    return render_acta(export)


@pytest.fixture(scope="module")
def lines(pdf: bytes) -> list[str]:
    return body_lines(pdf)


def _text(lines: list[str]) -> str:
    return "\n".join(lines)


def test_game_partidas_follow_the_ordinary_ones_under_their_own_heading(lines: list[str]) -> None:
    assert_in_order(
        lines,
        [
            "PARTIDA N.º 3",
            "PARTIDAS DE OTRAS MODALIDADES DE BINGO",
            "PARTIDA N.º 1 · BINGO PLUS",
            "Cerrada",
            "PARTIDA N.º 2 · BINGO DERIVADO",
            "Cerrada",
            "PARTIDA N.º 3 · BINGO DERIVADO",
            "ANULADA",
            "DILIGENCIA DE CIERRE",
        ],
    )


def test_plus_partida_shows_game_sales_stakes_winners_and_residue(
    lines: list[str], export: Export
) -> None:
    text = _text(lines)
    partida = export["sessions"][0]["game_partidas"][0]
    assert "Juego: Bingo plus 4 × 5, versión 2026.1; cartones de 4 × 5, bolas del 1 al 75;" in text
    assert "modelo de cartones plus-4x5-40" in text
    assert export["games"][0]["sha256"] in text
    marco = [a for a in partida["awards"] if a["combination"] == "marco"]
    ball = partida["balls"][marco[0]["completed_at_ball"] - 1]
    start = lines.index("PARTIDA N.º 1 · BINGO PLUS")
    # price, sold, takings, paid, residue; the sale; each prize's pool at stake, each winner
    # with the ball that completed it, the share, the residue and what is paid
    assert_in_order(
        lines[start:],
        [
            *("1,50 €", "30", "45,00 €", "31,49 €", "0,01 €"),
            *("P-0001", "1", "30", "30", "física"),
            *("Marco", "6,75 €", "P-0001 / 5", f"63.ª · n.º {ball}", "3,37 €", "0,01 €", "6,74 €"),
            *("P-0001 / 13", f"63.ª · n.º {ball}", "3,37 €"),
            *("Cartón completo", "18,00 €", "P-0001 / 13"),
            *("Total líquido a pagar en la partida", "31,49 €"),
        ],
    )
    assert any(
        ln.startswith(f"Orden de extracción ({len(partida['balls'])} bolas):") for ln in lines
    )


def test_derivado_partida_shows_its_plan_the_best_prizes_and_the_prize_nobody_won(
    lines: list[str],
) -> None:
    start = lines.index("PARTIDA N.º 2 · BINGO DERIVADO")
    assert lines[start + 5].startswith("Plan de premios instantáneo: 18 bolas por partida;")
    assert_in_order(
        lines[start:],
        [
            *("Cuatro esquinas", "6,00 €", "D-0001 / 11"),
            *("Cartón completo", "250,00 €", "sin ganador", "0,00 €"),
            *("Total líquido a pagar en la partida", "16,50 €"),
        ],
    )
    assert any(ln.startswith("Orden de extracción (18 bolas):") for ln in lines[start:])


def test_annulled_game_partida_shows_its_incident_and_refund(lines: list[str]) -> None:
    text = _text(lines)
    assert "Partida anulada: sin premios ni detracciones." in text
    assert "Incidencias: Suspensión, antes de la primera bola. Fallo del terminal de venta." in text
    assert "Devolución íntegra del importe de los cartones: 5,00 € (10 cartones)." in text


def test_session_totals_keep_the_other_modalities_apart_and_add_them_up(
    export: Export, lines: list[str]
) -> None:
    acta = build_acta(export)
    g = acta.game_totals
    assert g is not None
    assert (g.partidas_closed, g.partidas_annulled, g.cards_sold) == (2, 1, 80)
    assert (g.takings_cents, g.refunds_cents, g.prizes_paid_cents, g.residues_cents) == (
        7000,
        500,
        3149 + 1650,
        1,
    )
    ordinary = build_acta(night(3).export()).totals
    assert acta.totals == ordinary  # the ordinary figures do not change
    total = ordinary.takings_cents + g.takings_cents
    assert_in_order(
        lines,
        [
            "Resumen de la sesión",
            "Bingo ordinario",
            *("Recaudación total", f"{ordinary.takings_cents // 100},00 €"),
            "Otras modalidades (bingo derivado, bingo plus)",
            *("Partidas celebradas / anuladas", "2 / 1"),
            *("Recaudación total", "70,00 €"),
            *("Devoluciones", "5,00 €"),
            *("Premios pagados (total)", "47,99 €"),
            *("Resultado para la sala", "17,00 €"),
            "Toda la sesión (bingo ordinario y otras modalidades)",
            *("Recaudación total", f"{total // 100},{total % 100:02d} €"),
        ],
    )


def test_basque_hall_prints_the_game_partidas_in_both_languages() -> None:
    text = _text(body_lines(render_acta(games_export(("es", "eu")))))
    for expected in (
        "BINGOAREN BESTE MODALITATEETAKO PARTIDAK",
        "2. PARTIDA · BINGO ERATORRIA",
        "Jokoa: Bingo eratorri berehalakoa 3 × 3, 2026.1 bertsioa",
        "Lau izkinak",
        "Kartoi osoa",
        "irabazlerik gabe",
        "Beste modalitateak (bingo eratorria, bingo plus)",
        "Saio osoa (bingo arrunta eta beste modalitateak)",
    ):
        assert expected in text, expected


def test_a_session_without_game_partidas_prints_nothing_of_them() -> None:
    ordinary = night(3).export()
    acta = build_acta(ordinary)
    assert acta.game_partidas == () and acta.game_totals is None
    text = _text(body_lines(render_acta(ordinary)))
    assert "OTRAS MODALIDADES" not in text and "Bingo ordinario" not in text


def test_sealed_acta_with_game_partidas_verifies(pdf: bytes, hall_keys: HallKeys) -> None:
    signed = sign_pdf(pdf, hall_keys, reason="Acta de la sesión", location="Santander")
    report = verify_acta(signed, trusted_certs=[hall_keys.cert_path.read_bytes()])
    assert report.intact and report.exit_code == 0, report.lines()


def test_acta_continued_after_a_game_partida_equals_the_whole_one(export: Export) -> None:
    """Printing the acta as it grows: adding a game partida reprints from an ordinary
    partida's folio on, and the folios are those of the whole acta (render.continue_acta).
    """
    earlier = copy.deepcopy(export)
    earlier["sessions"][0]["game_partidas"] = export["sessions"][0]["game_partidas"][:2]
    previous = print_acta(build_acta(earlier))
    whole = print_acta(build_acta(export))
    assert all(n >= 0 for n in whole.block_starts)  # game blocks never start a continuation
    tail = continue_acta(previous, build_acta(export))
    assert tail.folios == whole.folios
    assert body_lines(tail.pdf) == body_lines(whole.pdf)[-len(body_lines(tail.pdf)) :]


def test_record_that_disagrees_with_itself_is_observed_in_the_acta(export: Export) -> None:
    bad = copy.deepcopy(export)
    plus = bad["sessions"][0]["game_partidas"][0]
    plus["payout_cents"] += 100
    plus["prizes"][0]["amount_cents"] = 300
    notes = build_acta(bad).observations
    assert (
        "Partida 1 de Bingo plus 4 × 5: lo pagado consta como 3249 céntimos y los premios "
        "suman 3149." in notes
    )
    assert (
        "Partida 1 de Bingo plus 4 × 5: el premio «Cuatro esquinas» no es el 5 % de la "
        "recaudación." in notes
    )


# ---- the export's shape (actas.export_shape) ----------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e["sessions"][0]["game_partidas"][0].update(game="plus-9x9"),
         "game_partidas[0].game: el juego «plus-9x9» no está en games"),
        (lambda e: e["sessions"][0]["game_partidas"][0].update(status="jugada"),
         "game_partidas[0].status no puede ser 'jugada'"),
        (lambda e: e["sessions"][0]["game_partidas"][0].update(balls=[1, 2, 101]),
         "game_partidas[0].balls[2] no puede ser 101"),
        (lambda e: e["sessions"][0]["game_partidas"][0]["awards"][0].update(amount_cents="5"),
         "game_partidas[0].awards[0].amount_cents no puede ser '5'"),
        (lambda e: e["sessions"][0]["game_partidas"][0]["awards"][0].update(combination="bingo"),
         "game_partidas[0].awards[0].combination: «bingo» no es una combinación de «plus-4x5»"),
        (lambda e: e["sessions"][0]["game_partidas"][1].update(number=1),
         "sessions[0].game_partidas: números repetidos"),
        (lambda e: e["games"][0].update(modality="loteria"),
         "games[0].modality no puede ser 'loteria'"),
        (lambda e: e["games"][0]["plan"]["prizes"][0].update(combination="diagonal"),
         "games[0].plan.prizes[0]: la combinación «diagonal» no es del juego"),
        (lambda e: e["games"][0].pop("plan"), "falta games[0].plan"),
        (lambda e: e["sessions"][0]["game_partidas"][0].update(residue_cents={"marco": -1}),
         "game_partidas[0].residue_cents no puede ser"),
        (lambda e: e["sessions"][0]["game_partidas"][0].update(last_announced="sí"),
         "game_partidas[0].last_announced no puede ser"),
    ],
)  # fmt: skip
def test_malformed_game_data_is_refused_with_the_field_named(
    export: Export, change: Any, message: str
) -> None:
    bad = copy.deepcopy(export)
    change(bad)
    with pytest.raises(ActaDataError) as refused:
        build_acta(bad)
    assert message in str(refused.value)


def test_acta_build_refuses_a_malformed_game_partida_with_exit_1(
    tmp_path: Path, export: Export, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = copy.deepcopy(export)
    bad["sessions"][0]["game_partidas"][0]["awards"] = "ninguno"
    path = tmp_path / "export.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = tmp_path / "acta.pdf"
    code = run(["acta", "build", "--export", str(path), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 1
    assert "game_partidas[0].awards no es una lista" in err
    assert "Traceback" not in err
    assert not out.exists()


def test_nights_summary_adds_the_other_modalities_apart(export: Export) -> None:
    from actas.summary import render_summary

    summary = body_lines(render_summary(export))
    assert_in_order(
        summary,
        [
            "Otras modalidades (bingo derivado, bingo plus)",
            *("Recaudación total", "70,00 €"),
            "Toda la sesión (bingo ordinario y otras modalidades)",
        ],
    )


# ---- the sale checked against the cartones sold (decision 266, R-SALE-2) -----------------------


def _sold_twice(export: Export) -> Export:
    """Partida 1 with cartones 5 and 6 of its card set sold again under another serie, its
    figures made to agree with the sales: only the repeated cartones are wrong.
    """
    bad = copy.deepcopy(export)
    plus = bad["sessions"][0]["game_partidas"][0]
    plus["sales"].append({"series": "P-0002", "first": 5, "last": 6, "kind": "physical"})
    plus["cards_sold"] += 2
    plus["takings_cents"] += 2 * plus["face_value_cents"]
    return bad


def test_a_cartón_sold_twice_in_a_game_partida_is_said_by_the_acta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`acta build --export` of a tampered export printed a clean acta: cartón n of every serie
    is combination n of the card set, so P-0001/5 and P-0002/5 are one cartón sold twice.
    """
    bad = _sold_twice(games_export(("es", "eu")))
    path = tmp_path / "export.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = tmp_path / "acta.pdf"
    assert run(["acta", "build", "--export", str(path), "-o", str(out)]) == 0
    assert "Traceback" not in capsys.readouterr().err
    text = _text(body_lines(out.read_bytes()))
    flat = " ".join(text.split())
    for expected in (
        "Partida 1 de Bingo plus 4 × 5: cartón vendido dos veces (P-0001/5–6, P-0002/5–6): la "
        "misma combinación del modelo plus-4x5-40 (R-SALE-2).",
        "Cartón vendido dos veces en esta partida: P-0001/5–6, P-0002/5–6 son la misma "
        "combinación del modelo plus-4x5-40",
        "Txartel bera bi aldiz saldu da partida honetan: P-0001/5–6, P-0002/5–6 plus-4x5-40 "
        "ereduko konbinazio bera dira",
    ):
        assert expected in flat, expected


def test_the_same_serie_sold_twice_over_is_said_too(export: Export) -> None:
    bad = copy.deepcopy(export)
    derivado = bad["sessions"][0]["game_partidas"][1]
    derivado["sales"].append({"series": "D-0001", "first": 40, "last": 40, "kind": "physical"})
    notes = build_acta(bad).observations
    assert any("cartón vendido dos veces (D-0001/40, D-0001/40)" in n for n in notes), notes


def test_the_game_block_observes_what_the_ordinary_partida_does(export: Export) -> None:
    """The ordinary acta's siblings: a residue as large as the winners (equal shares would
    have given it out) and a partida closed without its last prize (the bingo; for plus the
    cartón completo, decision 183).
    """
    bad = copy.deepcopy(export)
    plus = bad["sessions"][0]["game_partidas"][0]
    completo = [a for a in plus["awards"] if a["combination"] == "completo"]
    plus["awards"] = [a for a in plus["awards"] if a["combination"] != "completo"]
    plus["payout_cents"] -= sum(a["amount_cents"] for a in completo)
    marco = [a for a in plus["awards"] if a["combination"] == "marco"]
    cut = len(marco)
    for a in marco:
        a["amount_cents"] -= 1
    plus["residue_cents"]["marco"] = plus["residue_cents"].get("marco", 0) + cut
    plus["payout_cents"] -= cut
    notes = build_acta(bad).observations
    assert (
        "Partida 1 de Bingo plus 4 × 5: residuo del premio «Marco» mayor que el número de "
        "ganadores." in notes
    ), notes
    assert (
        "Partida 1 de Bingo plus 4 × 5: liquidada sin ganador del último premio del plan, "
        "«Cartón completo»." in notes
    ), notes


def _announced(languages: tuple[str, ...] = ("es",)) -> Export:
    """The export with the plus partida (1) and the last derivado one (3, annulled) announced
    as the last of their modalities (R-GAME-6, decision 393), as ``bingo export`` marks them.
    """
    marked = games_export(languages)
    for p in marked["sessions"][0]["game_partidas"]:
        if p["number"] in (1, 3):
            p["last_announced"] = True
    return marked


def test_the_last_partida_of_each_modality_is_said_in_its_block() -> None:
    """R-GAME-6 "de cada modalidad": in the block of the partida announced, not in another's."""
    lines = body_lines(render_acta(_announced()))
    plus = "Última partida de bingo plus de la sesión, anunciada como tal."
    derivado = "Última partida de bingo derivado de la sesión, anunciada como tal."
    assert_in_order(
        lines,
        ["PARTIDA N.º 1 · BINGO PLUS", plus, "PARTIDA N.º 2 · BINGO DERIVADO",
         "PARTIDA N.º 3 · BINGO DERIVADO", derivado],
    )  # fmt: skip
    text = _text(lines)
    assert text.count(plus) == 1 and text.count(derivado) == 1
    block2 = text[text.index("PARTIDA N.º 2 · BINGO DERIVADO") : text.index("PARTIDA N.º 3 ·")]
    assert "Última partida" not in block2


def test_a_basque_hall_says_the_last_partida_of_a_modality_in_both_languages() -> None:
    text = _text(body_lines(render_acta(_announced(("es", "eu")))))
    for expected in (
        "Última partida de bingo plus de la sesión, anunciada como tal.",
        "Saioko bingo plus-eko azken partida, halakotzat iragarria.",
        "Última partida de bingo derivado de la sesión, anunciada como tal.",
        "Saioko bingo eratorriko azken partida, halakotzat iragarria.",
    ):
        assert expected in text, expected


def test_a_game_acta_without_the_announcement_says_nothing_of_it(
    export: Export, lines: list[str]
) -> None:
    """The key is absent when nothing was announced (the export keeps its bytes, decision 393)
    and the block prints nothing then, nor for ``false``: such an acta keeps its bytes (the
    acta tests that compare bytes, tests/actas/test_acta_formats.py, pass unchanged).
    """
    assert not any("last_announced" in p for p in export["sessions"][0]["game_partidas"])
    assert not any(line.startswith("Última partida de bingo") for line in lines)
    unmarked = copy.deepcopy(export)
    for p in unmarked["sessions"][0]["game_partidas"]:
        p["last_announced"] = False
    assert body_lines(render_acta(unmarked)) == lines
