"""Wrong secrets lock where they were typed (decision 133, R-ROLE-3): a station that keeps
guessing is locked, and so is the name at that station; the jefe de sala at his own table is not
locked out by someone else's wrong PINs elsewhere on the hall's network (an inspection's
finding: anyone could have kept every authorisation of the night from being given).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from store import open_store
from store.operators import OperatorBook, OperatorError

PIN = "482913"


def test_someone_else_s_wrong_pins_elsewhere_do_not_lock_the_jefe_de_sala_at_his_table(
    tmp_path: Path,
) -> None:
    with open_store(f"sqlite:///{tmp_path / 'hall.sqlite'}") as store:
        book = OperatorBook(store)
        book.add("Sala", "jefe_de_sala", PIN)
        for _ in range(3):
            with pytest.raises(OperatorError):
                book.verify("Sala", "111111", "192.168.1.50")
        with pytest.raises(OperatorError) as locked:  # the guessing station is locked
            book.verify("Sala", PIN, "192.168.1.50")
        assert locked.value.outcome == "locked"
        assert book.verify("Sala", PIN, "192.168.1.20").name == "Sala"  # his own table
        with pytest.raises(OperatorError) as still:  # and the guesser stays locked
            book.verify("Sala", PIN, "192.168.1.50")
        assert still.value.outcome == "locked"
