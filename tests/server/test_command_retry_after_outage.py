"""A command the hall's database could not take (503 ``store``) applied nothing, so the same
command ids sent again once the database answers are tried again, not told the old refusal
(docs/decisions.md 326, as a 403 is not kept, decision 136; SPEC R-NET-1). A real SQLite file,
locked by another connection, at a real host.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.server.host import HallHost
from tests.server.test_store_messages import command, hall

__all__ = ["hall"]


def test_a_command_the_database_refused_is_tried_again_with_the_same_ids(
    hall: tuple[HallHost, Path],
) -> None:
    host, path = hall  # its session open; a lock is given up on soon
    holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the database
    status, answer = command(host, "start_partida", "c2")
    assert status == 503 and answer["error"]["code"] == "store", answer
    holder.execute("ROLLBACK")
    holder.close()
    status, answer = command(host, "start_partida", "c2")  # the same ids, the database back
    assert status == 200, answer
    assert answer["result"] == {"partida": 1} and not answer["repeated"]
    status, again = command(host, "start_partida", "c2")  # now it is the command's answer
    assert status == 200 and again["repeated"] and host.service.hall.partida is not None
    assert host.service.hall.partida.number == 1  # applied once
