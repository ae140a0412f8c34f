"""The interconnected prize's shared ledger as a joined hall's commands use it (SPEC R-MULTI-1;
docs/decisions.md 301): the staff read a Spanish sentence when it fails, and the driver's text,
with its SQL, goes to the log only. Loaded only by commands that play the prize.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from bingo.errors import DomainError
from bingo.hall.interconnected import ANNOUNCE, SETTLE
from bingo.interconnected import InterconnectedRules
from store.errors import StoreError
from store.interconnected import InterconnectedError

T = TypeVar("T")

log = logging.getLogger(__name__)

OUT_OF_REACH = (
    "la base de datos del fondo común no responde o falla (el detalle técnico está en el registro)"
)

_WHAT = {
    ANNOUNCE: "no se ha podido anunciar el fondo común",
    SETTLE: "no se ha podido liquidar la partida contra el fondo común",
}


class LedgerOutOfReach(StoreError, SQLAlchemyError):
    """The shared ledger's database failed: a store error to the command line (exit 1, its
    Spanish message, no traceback), still a driver error to code that catches those.
    """


class GuardedLedger:
    """``bingo.interconnected.Ledger`` whose database failures are ``LedgerOutOfReach``; the
    ledger's own refusals (``InterconnectedError``) pass as they are.
    """

    def __init__(self, ledger: Any) -> None:
        self._ledger = ledger

    @property
    def network(self) -> str:
        return str(self._ledger.network)

    @property
    def rules(self) -> InterconnectedRules:
        rules: InterconnectedRules = self._ledger.rules
        return rules

    def state(self) -> Any:
        return self._guarded(self._ledger.state)

    def settle(self, *args: Any) -> Any:
        return self._guarded(lambda: self._ledger.settle(*args))

    def _guarded(self, call: Callable[[], T]) -> T:
        try:
            return call()
        except LedgerOutOfReach:
            raise
        except SQLAlchemyError as exc:
            log.warning("fondo común de la red %s: %r", self.network, exc)
            raise LedgerOutOfReach(
                f"bingo interconectado de la red {self.network}: {OUT_OF_REACH}"
            ) from exc


def ledger_problem(step: str | None, network: str, err: BaseException) -> str:
    """What the staff read when a step of the interconnected prize (``step``; None: reading the
    fund) could not be taken: a Spanish sentence, the technical detail in the log only.
    """
    what = _WHAT.get(step or "", "no se puede leer el fondo común")
    if isinstance(err, InterconnectedError | DomainError) and not isinstance(err, LedgerOutOfReach):
        why = str(err)  # the ledger's or the rules' own refusal, already in Spanish
    else:
        if not isinstance(err, LedgerOutOfReach):  # its detail is in the log already
            log.warning("bingo interconectado (%s), red %s: %r", step, network, err)
        why = OUT_OF_REACH
    return f"bingo interconectado de la red {network}: {what}: {why}"
