"""The acta PDF read back with pypdf: every compulsory field of every partida, right values."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pypdf import PdfReader

from actas.render import ATTACHMENT_NAME, render_acta
from bingo.chain import canonical_json
from bingo.money import euros
from tests.actas.conftest import assert_in_order, body_lines, partida_block, pdf_pages
from tests.actas.fixtures import Night, make_export

PRIZE_NAMES = {
    "line": "Línea",
    "bingo": "Bingo",
    "prima": "Prima de bingo",
    "bola_loca": "Bola loca",
    "interconnected": "Bingo interconectado",
}


def expected_partida_lines(p: dict[str, Any]) -> list[str]:
    """What the acta must show for a partida, computed straight from the export."""
    lines = [
        f"PARTIDA N.º {p['number']}",
        {"closed": "Cerrada", "annulled": "ANULADA"}.get(
            p["status"], "En juego: datos consignados antes de la primera bola"
        ),
        euros(p["face_value_cents"]),
        str(p["cards_sold"]),
        euros(p["takings_cents"]),
        euros(p["line_prize_cents"]),
        euros(p["bingo_prize_cents"]),
        p["card_set"],
    ]
    for s in p["sales"]:
        lines += [
            s["series"],
            str(s["first"]),
            str(s["last"]),
            str(s["last"] - s["first"] + 1),
            {"physical": "física", "electronic": "electrónica"}[s["kind"]],
        ]
    if p["status"] == "closed":
        for prize in ("line", "bingo", "bola_loca", "prima", "interconnected"):
            winners = [a for a in p["awards"] if a["prize"] == prize]
            if not winners:
                continue
            residue = p["residue_cents"].get(prize, 0)
            paid = sum(a["amount_cents"] for a in winners)
            for i, a in enumerate(winners):
                ball = p["balls"][a["completed_at_ball"] - 1]
                row = [
                    f"{a['series']} / {a['number']}",
                    f"{a['completed_at_ball']}.ª · n.º {ball}",
                    euros(a["amount_cents"]),
                ]
                if i == 0:
                    row = [
                        PRIZE_NAMES[prize],
                        euros(paid + residue),
                        *row,
                        euros(residue),
                        euros(paid),
                    ]
                lines += row
        total = sum(a["amount_cents"] for a in p["awards"])
        lines += ["Total líquido a pagar en la partida", euros(total)]
    pr = p["prima"]
    lines += [
        "Prima de bingo",
        euros(pr["amount_cents"]),
        str(pr["ball_limit"]),
        "sí" if pr["available"] else "no",
        euros(pr["fund_before_cents"]),
        euros(pr["deduction_cents"]),
        "—" if p["status"] == "open" else euros(pr["fund_after_cents"]),
        str(pr["partidas_accumulated"]),
    ]
    bl = p["bola_loca"]
    lines += [
        "Bola loca",
        ", ".join(map(str, bl["numbers"])) + " (generador criptográfico)",
        euros(bl["fund_before_cents"]),
        euros(bl["deduction_cents"]),
        "—" if p["status"] == "open" else euros(bl["fund_after_cents"]),
    ]
    ic = p["interconnected"]
    lines += [
        "Bingo interconectado",
        euros(ic["amount_cents"]),
        str(ic["ball_limit"]),
        str(ic["partidas_accumulated"]),
    ]
    return lines


def test_every_compulsory_field_of_every_partida(
    export12: dict[str, Any], acta12_pdf: bytes
) -> None:
    lines = body_lines(acta12_pdf)
    session = export12["sessions"][0]
    assert len(session["partidas"]) == 12
    for p in session["partidas"]:
        block = partida_block(lines, p["number"])
        assert_in_order(block, expected_partida_lines(p), f"partida {p['number']}")


def test_prima_award_balls_and_partidas_accumulated(
    export12: dict[str, Any], acta12_pdf: bytes
) -> None:
    text = "\n".join(body_lines(acta12_pdf))
    p8 = export12["sessions"][0]["partidas"][7]
    award = next(a for a in p8["awards"] if a["prize"] == "prima")
    ball = p8["balls"][award["completed_at_ball"] - 1]
    assert (
        f"CONCEDIDA con la {award['completed_at_ball']}.ª bola (n.º {ball}), tras "
        f"{p8['prima']['partidas_accumulated']} partidas acumuladas: 300,00 €."
    ) in text
    assert (
        "Cambio del importe de la prima anunciado en esta partida: 500,00 €, en vigor "
        "desde la partida siguiente."
    ) in text
    p10 = export12["sessions"][0]["partidas"][9]
    won = next(a for a in p10["awards"] if a["prize"] == "bola_loca")
    assert f"GANADA con la {won['completed_at_ball']}.ª bola" in text


def test_order_of_extraction_manual_balls_and_claims(
    export12: dict[str, Any], acta12_pdf: bytes
) -> None:
    lines = body_lines(acta12_pdf)
    for p in export12["sessions"][0]["partidas"]:
        block = " ".join(partida_block(lines, p["number"]))
        found = re.search(
            r"Orden de extracción \((\d+) bolas\): (.*?)(?: — |Cartones|Incid|$)", block
        )
        assert found, p["number"]
        assert int(found.group(1)) == len(p["balls"])
        numbers = [int(x.rstrip("*")) for x in found.group(2).split() if not x.startswith("[")]
        assert numbers == p["balls"]
        if p["manual_from_ball"]:
            starred = [
                i
                for i, x in enumerate(
                    (x for x in found.group(2).split() if not x.startswith("[")), 1
                )
                if x.endswith("*")
            ]
            assert starred[0] == p["manual_from_ball"] == 21
            assert "extracción manual desde la 21.ª bola" in block
        for c in p["claims"]:
            verdict = "válido" if c["valid"] else "no válido"
            kind = {"line": "línea", "bingo": "bingo"}[c["kind"]]
            assert (
                f"tras la bola {c['after_ball']}: {c['series']}/{c['number']} {kind}, {verdict}"
            ) in block


def test_incidents_refund_and_ball_set_change(acta12_pdf: bytes) -> None:
    lines = body_lines(acta12_pdf)
    p4 = " ".join(partida_block(lines, 4))
    assert "Incidencias: Suspensión, antes de la primera bola." in p4
    p5 = " ".join(partida_block(lines, 5))
    assert "ANULADA" in p5
    assert "Partida anulada: sin premios ni detracciones." in p5
    assert "Incidencias: Irregularidad de las bolas o del mecanismo, tras la bola 12." in p5
    assert "Devolución íntegra del importe de los cartones: 139,00 € (139 cartones)." in p5
    # R-BALL-1: the change with its date, time, the set replaced and the new one
    assert (
        "Cambio del juego de bolas tras esta partida, el 22/11/2026 a las 18:10:04: el juego "
        "BS-2024-031 (homologación H-CANT-0412) sustituido por BS-2025-118 (homologación "
        "H-CANT-0457, 0 partidas anteriores)." in p5
    )
    p9 = " ".join(partida_block(lines, 9))
    assert "Avería del extractor (extracción manual), tras la bola 20." in p9
    p12 = " ".join(partida_block(lines, 12))
    assert "Última partida de la sesión, anunciada como tal." in p12


def test_opening_and_closing_statements(export12: dict[str, Any], acta12_pdf: bytes) -> None:
    text = " ".join(body_lines(acta12_pdf))
    s = export12["sessions"][0]
    assert "DILIGENCIA DE COMIENZO" in text
    assert (
        "siendo las 17:00 horas del domingo 22 de noviembre de 2026, se abre la sesión 2026-11-22-T"
    ) in text
    assert f"jefe de mesa-cajero {s['jefe_de_mesa']}" in text
    assert "Juego de bolas en uso: BS-2024-031, homologación H-CANT-0412; 2841 partidas" in text
    assert (
        text.count("90 bolas, numeración completa (1 a 90, cada número una vez), estado conforme.")
        == 2
    )  # opening and closing checks
    assert "Firma del jefe de mesa-cajero" in text
    assert "DILIGENCIA DE CIERRE" in text
    assert "tras 12 partidas: 11 celebradas y 1 anuladas." in text
    assert "La última partida, la n.º 12, fue anunciada como tal." in text
    assert "Firma del jefe de sala" in text
    assert export12["chain"]["head"] in text
    assert "Parte de la sala" in text


def test_every_page_is_a_folio_with_seal_area_hall_and_session(acta12_pdf: bytes) -> None:
    pages = pdf_pages(acta12_pdf)
    assert len(pages) >= 4
    for n, text in enumerate(pages, start=1):
        assert re.search(rf"^Folio {n}$", text, re.M), n
        assert "Sello de la Consejería competente en" in text
        assert "Bingo Sardinero · cantabria-001" in text
        assert "Sesión 2026-11-22-T · 22/11/2026" in text
    assert not any("Copia de trabajo" in t for t in pages)


def test_same_record_same_bytes_and_dates_from_the_record(
    export12: dict[str, Any], acta12_pdf: bytes
) -> None:
    again = render_acta(make_export(12))
    assert again == acta12_pdf
    info = PdfReader(io.BytesIO(acta12_pdf)).metadata
    assert info is not None
    assert str(info["/CreationDate"]) == "D:20261122193017+01'00'"  # the session's closing
    assert f"cabeza={export12['chain']['head']}" in str(info["/Keywords"])


def test_the_record_travels_inside_the_pdf(export12: dict[str, Any], acta12_pdf: bytes) -> None:
    attached = PdfReader(io.BytesIO(acta12_pdf)).attachments[ATTACHMENT_NAME]
    assert attached == [canonical_json(export12)]


def test_acta_grows_while_play_goes_on(night12: Night) -> None:
    # data of partida 3 recorded, no ball drawn yet: it must already appear (R-ACTA-2)
    upto = night12.index_after(3, "data")
    pdf = render_acta(night12.export(upto))
    lines = body_lines(pdf)
    block = partida_block(lines, 3)
    p3 = night12.export(upto)["sessions"][0]["partidas"][2]
    assert p3["status"] == "open" and p3["balls"] == []
    assert_in_order(block, expected_partida_lines(p3), "open partida 3")
    assert "Resultados pendientes: la partida se está jugando." in block
    assert not any(ln.startswith("Orden de extracción") for ln in block)
    text = "\n".join(pdf_pages(pdf))
    assert "ACTA EN CURSO" in text and "DILIGENCIA DE CIERRE" not in text
    assert "Copia de trabajo: acta en curso" in text
    # partidas 1 and 2 closed, with results; the provisional head is printed
    assert "Total líquido a pagar en la partida" in " ".join(partida_block(lines, 2))
    assert night12.records[upto - 1].hash in text
    # halfway through the balls of partida 3: still no results shown for it
    mid = render_acta(night12.export(night12.index_after_ball(3, 20)))
    assert "Orden de extracción" not in " ".join(partida_block(body_lines(mid), 3))


def test_bilingual_acta_for_basque_halls() -> None:
    pdf = render_acta(make_export(6, languages=("es", "eu")))
    text = "\n".join(pdf_pages(pdf))
    for basque in (
        "BINGO-JOKOAREN SAIOAREN AKTA",
        "HASIERA-EGINBIDEA",
        "1. folioa",
        "Mahaiburu-kutxazainaren sinadura",
        "2026ko azaroaren 22a, igandea",
        "Saldutako txartelak",
        "Bingo-prima",
        "ITXIERA-EGINBIDEA",
        "Jokoaren arloko sail eskudunaren",
        "Zenbakiak",  # the funds table's header names the bola loca numbers in both languages
    ):
        assert basque in text, basque
    assert "ACTA DE LA SESIÓN DEL JUEGO DEL BINGO" in text  # Spanish stays first


def closing_text(pdf: bytes) -> str:
    lines = body_lines(pdf)
    return " ".join(" ".join(lines[lines.index("DILIGENCIA DE CIERRE") :]).split())


def test_cantabrian_closing_says_where_the_prima_fund_goes_if_the_hall_closes(
    acta12_pdf: bytes,
) -> None:
    closing = closing_text(acta12_pdf)
    assert "El fondo de la prima queda acumulado para las partidas siguientes." in closing
    assert (
        "En caso de cierre de la sala, las cantidades acumuladas para el pago de la prima se "
        "pondrán a disposición de la Consejería competente en materia de economía y hacienda "
        "para su ingreso en la cuenta general de ingresos del Gobierno de Cantabria"
    ) in closing


@pytest.mark.parametrize(
    ("region", "languages"), [("euskadi", ("es", "eu")), ("galicia", ("es",)), ("", ("es",))]
)
def test_a_region_without_that_rule_gets_no_sentence_about_the_hall_closing(
    region: str, languages: tuple[str, ...]
) -> None:
    """The rule is Cantabria's (V.2.a, last paragraph); the Basque decree has none."""
    closing = closing_text(render_acta(make_export(3, languages=languages, region=region)))
    assert "El fondo de la prima queda acumulado para las partidas siguientes." in closing
    for word in ("cierre de la sala", "acienda", "Cantabria", "gasun", "ixten bada"):
        assert word not in closing, word
    if "eu" in languages:
        assert "Primaren funtsa hurrengo partidetarako metatuta geratzen da." in closing


def test_datos_time_is_the_data_recorded_time_else_the_opening(night12: Night) -> None:
    export = night12.export()
    p1 = export["sessions"][0]["partidas"][0]
    assert p1["started_at"] < p1["data_recorded_at"]
    header = partida_block(body_lines(render_acta(export)), 1)[2]
    assert header.startswith(f"datos {p1['data_recorded_at'][11:19]} · cierre ")
    for p in export["sessions"][0]["partidas"]:
        del p["data_recorded_at"]  # an export of an earlier version
    header = partida_block(body_lines(render_acta(export)), 1)[2]
    assert header.startswith(f"datos {p1['started_at'][11:19]} · cierre ")


@pytest.mark.parametrize("partidas", [1, 3])
def test_short_sessions_render(partidas: int) -> None:
    pdf = render_acta(make_export(partidas))
    assert "DILIGENCIA DE CIERRE" in "\n".join(pdf_pages(pdf))


def _pages(pdf: bytes, first: int = 1) -> list[tuple[str, bytes]]:
    """Text and drawing operations of each page (font resources named by their font)."""
    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages[first - 1 :]:
        ops = page.get_contents().get_data()  # type: ignore[union-attr]
        fonts = page["/Resources"]["/Font"]
        for name in sorted(fonts, key=len, reverse=True):
            base = str(fonts[name].get_object()["/BaseFont"])
            ops = ops.replace(f"{name} ".encode(), f"{base} ".encode())
        out.append((page.extract_text(), ops))
    return out


@pytest.mark.parametrize("languages", [("es",), ("es", "eu")])
def test_continuing_an_open_acta_gives_the_folios_of_the_whole_acta(
    languages: tuple[str, ...],
) -> None:
    from actas.builder import build_acta
    from actas.render import continue_acta, print_acta
    from tests.actas.fixtures import night

    n = night(12, languages=languages)
    partidas = (4, 5, 8, 11, 12) if languages == ("es",) else (5, 11)
    stops = [n.index_after(k, phase) for k in partidas for phase in ("data", "close")]
    stops.append(len(n.records))  # the session closed
    current = print_acta(build_acta(n.export(stops[0])))
    continued_from_the_middle = 0
    for upto in stops[1:]:
        acta = build_acta(n.export(upto))
        nxt = continue_acta(current, acta)
        whole = print_acta(acta)
        assert nxt.folios == whole.folios
        assert _pages(nxt.pdf) == _pages(whole.pdf, nxt.first_folio), upto
        assert nxt.block_starts == whole.block_starts
        continued_from_the_middle += nxt.first_folio > 1
        current = nxt
    assert continued_from_the_middle >= len(stops) // 2
