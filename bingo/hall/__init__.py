"""The hall aggregate: its whole state is a fold over the recorded events.

Every command method checks the current state against the regulation and returns the events it
would record, without changing anything; ``apply`` is the only way state changes. The service
layer commits the events first and applies them after, so what the hall shows is always what
the record holds.

The package, one part of the hall a module: ``states`` (the statuses of a partida, the table of
the commands each allows, the records the fold keeps), ``fold`` (``HallState``: the hall's state,
its views and checks, and ``apply``), and the commands, each over that state: ``sessions`` (the
hall's set-up, its sessions and reclamaciones), ``sale`` (a partida's start and its sale),
``extraction`` (the balls and the claims on them), ``prizes`` (the close and the prizes) and
``incidents``; the partidas of other modalities are ``game_fold`` and ``games``. ``Hall`` is
all of them together.
"""

from __future__ import annotations

from bingo.errors import DomainError, DuplicateBall
from bingo.hall.extraction import UNCLAIMED, ExtractionCommands
from bingo.hall.games import GameCommands
from bingo.hall.incidents import IncidentCommands
from bingo.hall.interconnected import InterconnectedCommands
from bingo.hall.prizes import PrizeCommands
from bingo.hall.sale import SaleCommands
from bingo.hall.sessions import SessionCommands
from bingo.hall.simultaneous import SimultaneousCommands
from bingo.hall.states import (
    BALLS,
    FINISHED,
    PARTIDA_ACTIONS,
    PLAYING,
    PRIZE_TEXT,
    STATUS_TEXT,
    Award,
    BallSetState,
    CardSetLookup,
    Claim,
    ElectronicCompletions,
    PartidaState,
    Pending,
    PrimaState,
    Reclamacion,
    SaleRange,
    SerieState,
    SessionState,
    Status,
)

# The names the rest of the hall imports from ``bingo.hall``; the refusals (``DomainError``,
# ``DuplicateBall``) are re-exported from ``bingo.errors``.
__all__ = [
    "BALLS",
    "FINISHED",
    "PARTIDA_ACTIONS",
    "PLAYING",
    "PRIZE_TEXT",
    "STATUS_TEXT",
    "UNCLAIMED",
    "Award",
    "BallSetState",
    "CardSetLookup",
    "Claim",
    "DomainError",
    "DuplicateBall",
    "ElectronicCompletions",
    "Hall",
    "PartidaState",
    "Pending",
    "PrimaState",
    "Reclamacion",
    "SaleRange",
    "SerieState",
    "SessionState",
    "Status",
]


class Hall(
    SessionCommands,
    SaleCommands,
    ExtractionCommands,
    PrizeCommands,
    IncidentCommands,
    GameCommands,
    InterconnectedCommands,
    SimultaneousCommands,
):
    """The state of one hall, rebuilt from its events."""
