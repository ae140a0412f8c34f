"""The domain's refusals: a rule or the state says no; the message is for the jefe de mesa.

Apart from ``bingo.hall`` so that every part of the domain (the completion tracker, the draw
policy) raises the same error for the same rule without importing the hall.
"""

from __future__ import annotations


class DomainError(Exception):
    """A command the regulation or the state refuses; the message is for the jefe de mesa."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.message = message  # the staff's sentence: the rule's code stays out of it
        self.rule = rule


class DuplicateBall(DomainError):
    """A ball whose number already came out in this partida: the one "already drawn" error.

    Raised wherever a ball is taken (``Hall.draw_ball``, the jefe de mesa's reading of a held
    ball or of the ball in the tube, the completion tracker); the draw policy
    (``bingo.drawing``) hands it to ``Hall.stop_for_ball_irregularity`` when the ball is really
    out (R-INC-3). ``first_index`` is the extraction it first came out at (0 when not known).
    """

    def __init__(self, number: int, first_index: int = 0, rule: str = "R-INC-3") -> None:
        where = f" (extracción {first_index})" if first_index else ""
        super().__init__(f"la bola {number} ya salió{where}", rule)
        self.number = number
        self.first_index = first_index
