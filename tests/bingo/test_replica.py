"""A replica of the hall (a console of the hall server) folds the records the one writer
committed with the domain's own code: it holds the same hall, never applies a record twice and
never skips one (R-ACTA-1: what is shown is what was recorded).
"""

from __future__ import annotations

import pytest

from bingo.readmodel import panel_state
from bingo.service import HallService, MemoryEventLog
from tests.bingo.hallkit import make_hall


def test_a_replica_follows_the_record_once_each_and_refuses_a_gap() -> None:
    kit = make_hall()
    kit.partida_ready()
    kit.draw([7, 21])
    records = kit.svc.records()
    seed = MemoryEventLog()
    seed.records[kit.svc.hall_id] = records[:5]
    replica = HallService(seed, kit.svc.hall_id, kit.svc.card_sets)
    heard: list[int] = []
    replica.subscribe(lambda record, _event: heard.append(record.seq))

    with pytest.raises(ValueError, match="falta el registro 6"):
        replica.follow(records[6:])
    assert replica.last_seq == 5 and heard == []

    assert [r.seq for r in replica.follow(records[3:])] == [r.seq for r in records[5:]]
    assert replica.follow(records) == []  # a replayed batch: nothing applied twice
    assert heard == [r.seq for r in records[5:]]
    assert panel_state(replica.hall) == panel_state(kit.hall)
