"""The devices' own reaction to a failure asks nobody's authorisation; a person's choice does
(decision 131), over the real emulators on pseudo-terminals and a real SQLite operators' table.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app.devices import DeviceDraws, emulated_operator
from app.operators_cli import CliRights
from bingo.hall import Status
from bingo.service import NotAuthorised
from drivers.sessions import start_emulated_session
from store import open_store
from store.operators import OperatorBook
from tests.bingo.hallkit import make_hall
from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def test_an_extractor_lost_before_the_first_ball_suspends_the_partida_without_the_jefe_de_sala(
    tmp_path: Path,
) -> None:
    """R-INC-1: the failure suspends the partida by itself, recorded as the jefe de mesa's draw;
    ending the suspension is the jefe de sala's to judge (R-ROLE-2), so the jefe de mesa alone
    cannot resume it.
    """
    with open_store(f"sqlite:///{tmp_path / 'people.sqlite'}") as store:
        book = OperatorBook(store)
        book.add("Sala", "jefe_de_sala", "482913")
        book.add("Mesa", "jefe_de_mesa", "735190")
        kit = make_hall()
        kit.partida_ready()
        kit.svc.rights = CliRights(book, "Mesa", "735190")
        session = start_emulated_session(
            7, None, link_timing=LINK, draw_timing=SHORT_GRACE, extractor_model=EXTRACTOR,
            reader_model=READER,
        )  # fmt: skip
        try:
            draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
            session.hall.extractor.disconnect(2.5, mode="cable")
            deadline = time.monotonic() + 3
            while session.extractor.is_online() and time.monotonic() < deadline:
                time.sleep(0.02)
            assert draws.draw_next() == "suspendida"
            partida = kit.hall.partida
            assert partida is not None and partida.status == Status.SUSPENDED
            assert partida.incident_people == [("Mesa", "")]
            with pytest.raises(NotAuthorised, match="jefe de sala"):
                kit.svc.resume("extractor de nuevo en línea")
            assert partida.status == Status.SUSPENDED
        finally:
            session.stop()
