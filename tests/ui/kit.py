"""The UI tests' hall: the engine tests' kit (one kit for every suite)."""

from tests.bingo.hallkit import BALLS, CARD_SET, Clock, Kit, make_hall

__all__ = ["BALLS", "CARD_SET", "Clock", "Kit", "make_hall"]
