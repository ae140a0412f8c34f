"""What an inspector reads in the acta of nights the engine played: incidents with their times
and outcome, transcribed partidas apart from live ones, the region's own paragraphs, every
ball-set change, and folios that always say which partida they continue.
"""

from __future__ import annotations

import io
import re
from datetime import datetime
from typing import Any

import pytest
from pypdf import PdfReader

from actas.builder import build_acta
from actas.render import render_acta
from bingo.service import HallService
from tests.actas.conftest import BAND, body_lines, partida_block
from tests.actas.engine_night import (
    BALLS,
    SERIE,
    close_session,
    engine_hall,
    export_of,
    play_partida,
    transcribe_partida,
)
from tests.actas.fixtures import night


def hms(at: str) -> str:
    return datetime.fromisoformat(at).strftime("%H:%M:%S")


def dmy(at: str) -> str:
    return datetime.fromisoformat(at).strftime("%d/%m/%Y")


def times_of(svc: HallService, kind: str) -> list[str]:
    return [r.at for r in svc.records() if r.kind == kind]


def text_of(export: dict[str, Any]) -> str:
    """The acta's body as one line (lines unwrapped)."""
    return " ".join(" ".join(body_lines(render_acta(export))).split())


def block_text(export: dict[str, Any], number: int) -> str:
    return " ".join(" ".join(partida_block(body_lines(render_acta(export)), number)).split())


def suspended_partida(svc: HallService, resolve: str) -> None:
    """A partida suspended before its first ball (R-INC-1), then resumed and played, or
    refunded."""
    svc.start_partida()
    first, _ = svc.sell_count(SERIE, 20)
    svc.suspend("avería del compresor antes de la primera bola")
    if resolve == "refund":
        svc.refund_suspended("avería sin resolver: se devuelven los cartones")
        return
    svc.resume("avería resuelta")
    svc.close_sale()
    svc.confirm_data_shown()
    for n in sorted(svc.hall.carton(SERIE, first).numbers):
        svc.draw_ball(n, "extractor")
    svc.claim(SERIE, first, "line")
    svc.claim(SERIE, first, "bingo")
    svc.close_partida()
    svc.pay_prizes()


# --- incidents: when, and how they ended (R-INC-1, R-INC-5) ------------------------------------


def test_a_suspension_prints_when_it_happened_and_when_the_partida_resumed() -> None:
    svc = engine_hall()
    suspended_partida(svc, "resume")
    close_session(svc)
    (suspended,) = times_of(svc, "partida_suspended")
    (resumed,) = times_of(svc, "partida_resumed")
    text = block_text(export_of(svc), 1)
    assert (
        "Incidencias: Avería o accidente, antes de la primera bola, a las "
        f"{hms(suspended)}. avería del compresor" in text
    )
    assert f"Resultado: partida reanudada a las {hms(resumed)}. avería resuelta" in text
    acta = build_acta(export_of(svc))
    (incident,) = acta.partidas[0].incidents
    assert (incident.at, incident.outcome, incident.outcome_at) == (suspended, "resumed", resumed)


def test_a_suspension_that_could_not_be_resolved_prints_the_annulment_time() -> None:
    svc = engine_hall()
    suspended_partida(svc, "refund")
    close_session(svc)
    (annulled,) = times_of(svc, "partida_annulled")
    text = block_text(export_of(svc), 1)
    assert f"Resultado: partida anulada a las {hms(annulled)}." in text


def test_an_extractor_failure_prints_the_ball_the_manual_extraction_starts_from() -> None:
    svc = engine_hall()
    svc.start_partida()
    first, _ = svc.sell_count(SERIE, 20)
    svc.close_sale()
    svc.confirm_data_shown()
    numbers = sorted(svc.hall.carton(SERIE, first).numbers)
    for n in numbers[:3]:
        svc.draw_ball(n, "extractor")
    svc.start_manual_extraction("extractor averiado")
    for n in numbers[3:]:
        svc.draw_ball(n, "manual")
    svc.claim(SERIE, first, "line")
    svc.claim(SERIE, first, "bingo")
    svc.close_partida()
    svc.pay_prizes()
    close_session(svc)
    (started,) = times_of(svc, "manual_extraction_started")
    text = block_text(export_of(svc), 1)
    assert f"tras la bola 3, a las {hms(started)}" in text
    assert (
        f"Resultado: la partida continúa por extracción manual desde la bola 4 ({hms(started)})."
        in text
    )


def test_an_incident_of_a_partida_still_suspended_says_it_is_pending() -> None:
    svc = engine_hall()
    svc.start_partida()
    svc.sell_count(SERIE, 20)
    svc.suspend("corte de corriente")
    text = text_of(export_of(svc))
    assert "Resultado: partida suspendida, pendiente de reanudación o devolución." in text


def test_an_export_without_its_records_prints_incidents_without_inventing_times() -> None:
    svc = engine_hall()
    suspended_partida(svc, "resume")
    close_session(svc)
    text = block_text(export_of(svc, with_records=False), 1)
    assert "Incidencias: Avería o accidente, antes de la primera bola. avería" in text
    assert "Resultado:" not in text


# --- partidas taken back from the manual book (R-ACTA-4) ---------------------------------------


def test_a_transcribed_partida_shows_its_transcription_time_not_as_play_time() -> None:
    svc = engine_hall()
    play_partida(svc)
    transcribe_partida(svc, 31, 60)
    close_session(svc)
    export = export_of(svc)
    transcribed = next(
        r.at
        for r in svc.records()
        if r.kind == "incident_recorded" and r.payload["incident"] == "manual_book"
    )
    lines = partida_block(body_lines(render_acta(export)), 2)
    heading = " ".join(lines[:4])
    assert f"transcrita {hms(transcribed)}" in heading
    assert "cierre " not in heading and "datos " not in heading  # no play time is claimed
    text = " ".join(" ".join(lines).split())
    assert (
        f"Partida llevada en el libro manual y transcrita a las {hms(transcribed)}: la hora de "
        "transcripción no es la hora de juego" in text
    )


# --- the region's own regulation (R-INC-5) ----------------------------------------------------


def test_a_basque_hall_cites_its_own_decree_in_spanish_and_basque() -> None:
    svc = engine_hall(region="euskadi", languages=("es", "eu"))
    suspended_partida(svc, "resume")
    close_session(svc)
    export = export_of(svc)
    (incident,) = export["sessions"][0]["partidas"][0]["incidents"]
    assert incident["paragraph"].startswith("Decreto 277/1996")
    text = text_of(export)
    assert (
        "Leído en voz alta por el jefe de sala: Decreto 277/1996, disposición adicional "
        "novena, apartado 1." in text
    )
    assert (
        "Aretoburuak ozen irakurria: 277/1996 Dekretua, bederatzigarren xedapen gehigarria, "
        "1. atala." in text
    )
    assert "II.1.b" not in text  # never Cantabria's paragraphs


def test_a_cantabrian_hall_keeps_citing_its_catalogue() -> None:
    svc = engine_hall()
    suspended_partida(svc, "resume")
    close_session(svc)
    text = text_of(export_of(svc))
    assert "Leído en voz alta por el jefe de sala: II.1.b, párrafo 1." in text


# --- ball-set changes (R-BALL-1; Cantabria II.2) ----------------------------------------------


def test_a_ball_set_change_between_sessions_reaches_the_next_sessions_acta() -> None:
    svc = engine_hall()
    play_partida(svc)
    close_session(svc)
    svc.install_ball_set("BS-2", "HOM-2", 3000, 12, True, "bola 17 rajada")
    assert svc.record_ball_check("S2", "open", BALLS)
    svc.open_session("S2", "2026-11-23", "María Mesa", "Íñigo Sala")
    play_partida(svc)
    close_session_s2(svc)
    installed = times_of(svc, "ball_set_installed")[-1]
    export = export_of(svc)
    acta_s2 = text_of({**export, "sessions": [export["sessions"][1]]})
    assert (
        f"Cambio del juego de bolas entre sesiones, el {dmy(installed)} a las "
        f"{hms(installed)}: el juego BS-1 (homologación HOM-1) sustituido por BS-2 "
        "(homologación HOM-2, 12 partidas anteriores). Motivo: bola 17 rajada" in acta_s2
    )
    # it belongs to the session it was made for, not to the one before
    acta_s1 = text_of({**export, "sessions": [export["sessions"][0]]})
    assert "bola 17 rajada" not in acta_s1


def close_session_s2(svc: HallService) -> None:
    assert svc.record_ball_check("S2", "close", BALLS)
    svc.close_session()


def test_a_ball_set_change_during_the_session_prints_time_old_and_new_set() -> None:
    svc = engine_hall()
    play_partida(svc)
    svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bolas desgastadas")
    session = svc.hall.session
    assert session is not None
    assert svc.record_ball_check(session.id, "change", BALLS)  # R-BALL-2: counted first
    play_partida(svc)
    close_session(svc)
    installed = times_of(svc, "ball_set_installed")[-1]
    text = block_text(export_of(svc), 1)
    assert (
        f"Cambio del juego de bolas tras esta partida, el {dmy(installed)} a las "
        f"{hms(installed)}: el juego BS-1 (homologación HOM-1) sustituido por BS-2 "
        "(homologación HOM-2, 0 partidas anteriores). Motivo: bolas desgastadas" in text
    )


def test_the_first_sessions_acta_records_the_set_installed_before_it() -> None:
    svc = engine_hall()
    play_partida(svc)
    close_session(svc)
    installed = times_of(svc, "ball_set_installed")[0]
    text = text_of(export_of(svc))
    assert (
        f"Cambio del juego de bolas entre sesiones, el {dmy(installed)} a las {hms(installed)}: "
        "ningún juego anterior sustituido por BS-1 (homologación HOM-1, 0 partidas "
        "anteriores). Motivo: inicial" in text
    )


# --- the layout of the folios -----------------------------------------------------------------

HEADING = re.compile(
    r"^(PARTIDA N\.º \d+( \(continúa\))?( / \d+\. PARTIDA)?|DILIGENCIA DE CIERRE"
    r"|Resumen de la sesión|Observaciones del sistema.*|ACTA DE LA SESIÓN.*)$"
)


def folio_first_lines(pdf: bytes) -> list[str]:
    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        lines = [ln.strip() for ln in (page.extract_text() or "").splitlines() if ln.strip()]
        out.append(next(ln for ln in lines if not BAND.match(ln)))
    return out


@pytest.mark.parametrize("languages", [("es",), ("es", "eu")])
def test_no_folio_opens_in_the_middle_of_a_partida_without_its_heading(
    languages: tuple[str, ...],
) -> None:
    pdf = render_acta(night(30, languages=languages).export())
    firsts = folio_first_lines(pdf)
    assert len(firsts) > 5
    closing = False
    for folio, first in enumerate(firsts, start=1):
        # the closing statement may go on over a folio: it is no partida
        assert closing or HEADING.match(first), f"folio {folio} opens with «{first}»"
        closing = (
            closing
            or "DILIGENCIA DE CIERRE" in PdfReader(io.BytesIO(pdf)).pages[folio - 1].extract_text()
        )


@pytest.mark.parametrize("partidas", [12, 13, 30])
@pytest.mark.parametrize(
    ("languages", "region"), [(("es",), "cantabria"), (("es", "eu"), "euskadi")]
)
def test_the_closing_signatures_share_their_folio_with_the_last_partida(
    partidas: int, languages: tuple[str, ...], region: str
) -> None:
    pdf = render_acta(night(partidas, languages=languages, region=region).export())
    last = PdfReader(io.BytesIO(pdf)).pages[-1].extract_text() or ""
    assert "DILIGENCIA DE CIERRE" in last
    assert "Firma del jefe de sala" in last
    assert f"PARTIDA N.º {partidas}" in last  # repeated as continued, with its last lines
    assert "Última partida de la sesión, anunciada como tal." in last


@pytest.mark.parametrize("partidas", [12, 13, 30])
def test_the_signatures_never_stand_alone_on_a_folio(partidas: int) -> None:
    """Even a closing statement too long to share a folio with the last partida (two
    languages and the Cantabrian closure rule) takes its last statements to the signatures."""
    pdf = render_acta(night(partidas, languages=("es", "eu")).export())
    last = PdfReader(io.BytesIO(pdf)).pages[-1].extract_text() or ""
    assert "Firma del jefe de sala" in last
    assert "Registro encadenado de la sala" in last


def test_a_partida_refunded_during_its_sale_draws_no_observation_on_its_prizes() -> None:
    """A partida annulled before its sale closed never had its prizes announced (R-INC-1):
    0 € is what it records, and the acta must not observe that it is not 10 % / 50 % of the
    takings (the independent checker reads it so too)."""
    svc = engine_hall()
    suspended_partida(svc, "refund")
    play_partida(svc)
    close_session(svc)
    acta = build_acta(export_of(svc))
    assert not [n for n in acta.observations if "Partida 1:" in n], acta.observations
