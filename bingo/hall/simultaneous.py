"""The simultaneous partidas in the hall's own record (R-MULTI-2; Cantabria VI.1; decisions
306-309): what the hall records from its copy of the central record, and the payment of each of
its winners at its table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bingo import events as ev
from bingo import simultaneous as sim
from bingo.chain import Record
from bingo.errors import DomainError
from bingo.hall.fold import HallState
from bingo.i18n import _
from bingo.simultaneous_hall import HallSimultaneous, SentSale, SimultaneousPrizePaid


class SimultaneousCommands(HallState):
    """The commands of a hall joined to a centre of bingo simultáneo."""

    def record_simultaneous(
        self,
        records: Iterable[Record],
        hall: str,
        sent: Mapping[tuple[int, int], SentSale] | None = None,
    ) -> list[ev.Event]:
        """What the central record ``records`` (the hall's chain-checked copy) holds of this
        hall that its own record lacks: its sales, then each closed partida's result.
        ``sent``: the sales the hall kept before sending them (decision 365).
        """
        session = self.session
        last = self.sessions[-1].id if self.sessions else ""
        return self.simultaneous.to_record(records, hall, session.id if session else "", sent, last)

    def simultaneous_partida(self, centre_partida: int) -> HallSimultaneous:
        partida = self.simultaneous.partidas.get(centre_partida)
        if partida is None:
            raise DomainError(
                _("la sala no vendió cartones de la partida simultánea {n}").format(
                    n=centre_partida
                ),
                "R-MULTI-2",
            )
        return partida

    def pay_simultaneous(self, centre_partida: int, prize: str, number: int) -> list[ev.Event]:
        """Pay, at this hall's table, the cartón ``number`` that the central record shows as
        this hall's winner of ``prize``; once (R-PRIZE-3, R-PRIMA-6, Cantabria VI.1).
        """
        partida = self.simultaneous_partida(centre_partida)
        if prize not in sim.PRIZES:
            raise DomainError(
                _("premio desconocido {p!r}: line o bingo").format(p=prize), "R-MULTI-2"
            )
        result = partida.result
        if result is None:
            raise DomainError(
                _(
                    "la partida simultánea {n} aún no consta cerrada en el registro central: "
                    "sus premios se pagan cuando la sala tenga el cierre en su copia"
                ).format(n=centre_partida),
                "R-MULTI-2",
            )
        owners = dict(result.winners(prize))
        if owners.get(number) != result.hall:
            raise DomainError(
                _(
                    "el cartón {c} no es ganador de {p} de esta sala en la partida "
                    "simultánea {n} según el registro central"
                ).format(c=number, p=_prize_word(prize), n=centre_partida),
                "R-MULTI-2; Cantabria VI.1",
            )
        if (prize, number) in partida.paid:
            raise DomainError(
                _("el premio de {p} del cartón {c} ya se pagó").format(
                    p=_prize_word(prize), c=number
                ),
                "R-PRIZE-3",
            )
        return [
            SimultaneousPrizePaid(
                session_id=partida.session_id,
                centre_partida=centre_partida,
                prize=prize,
                number=number,
                amount_cents=result.share(prize),
            )
        ]


def _prize_word(prize: str) -> str:
    return _("línea") if prize == sim.LINE else _("bingo")
