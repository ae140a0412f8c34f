"""A partida's start and its sale: the checks before it starts (the last partida announced, the
ball set counted and within its limit, the bola loca numbers), the series sold in order and a
second serie only on its three conditions, cartones returned before the close, the close of the
sale with its amounts and the data shown on the panels (R-SALE-1 to R-SALE-3, R-ACTA-2).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from bingo import events as ev
from bingo.errors import DomainError
from bingo.hall.fold import HallState
from bingo.hall.states import BALLS, PARTIDA_ACTIONS, PartidaState, SaleRange
from bingo.money import percent_of
from bingo.terminals import CASH, check_payment, check_terminal_name

MAX_SELLER = 40  # characters of a seller's name (issue 9)


def check_seller(seller: str) -> None:
    """A seller's name: empty (not said) or 1 to 40 printable characters, no edge spaces."""
    if not seller:
        return
    if len(seller) > MAX_SELLER or not seller.isprintable() or seller != seller.strip():
        raise DomainError(
            f"nombre de vendedor no válido: {seller[:MAX_SELLER]!r} (de 1 a {MAX_SELLER} "
            "caracteres imprimibles, sin espacios al principio ni al final)",
            "R-SALE-1",
        )


class SerieStock(Protocol):
    """What the rule of a second serie reads of a serie: its code, size and last cartón sold
    (an ordinary serie, ``bingo.hall.states.SerieState``, or a game's, ``GameSerie``).
    """

    @property
    def code(self) -> str: ...
    @property
    def size(self) -> int: ...
    @property
    def last_sold(self) -> int: ...


def check_second_serie(
    sales: Sequence[SaleRange], lead: SerieStock, series: str, first: int, last: int
) -> None:
    """The conditions of a serie other than the partida's first, ``lead``, selling cartones
    ``first..last`` of ``series`` (R-SALE-2; Cantabria II.1.a, 1º–3º): only once ``lead`` is
    exhausted, at most one, from its cartón 1, and only below the cartón ``lead`` started at in
    the partida, so no combination is sold twice. The same face value (1º) is the caller's: an
    ordinary serie has its own, a game partida has one price for all its series (decision 392).
    The one place of this rule: the ordinary sale and the game sale (``bingo.hall.games``).
    """
    if not any(r.series == series for r in sales):
        if len({r.series for r in sales}) > 1:
            raise DomainError("ya hay una segunda serie en esta partida", "R-SALE-2")
        if lead.last_sold < lead.size:
            raise DomainError(
                f"la serie {lead.code} no se ha agotado: no cabe una segunda serie", "R-SALE-2"
            )
        if first != 1:
            raise DomainError(
                f"la segunda serie debe empezar por el cartón 1 (la {series} va por el {first})",
                "R-SALE-2",
            )
    lead_start = next(r.first for r in sales if r.series == lead.code)
    if last >= lead_start:
        raise DomainError(
            f"la serie {lead.code} empezó en el cartón {lead_start}: la segunda serie solo "
            f"puede venderse hasta el {lead_start - 1}, para no repetir combinaciones",
            "R-SALE-2",
        )


class SaleCommands(HallState):
    """The commands that start a partida and sell its cartones."""

    def start_partida(
        self, bola_loca_numbers: Sequence[int], bola_loca_source: str
    ) -> list[ev.Event]:
        rules = self._need_rules()
        session = self._need_session()
        if session.current is not None:
            raise DomainError(
                f"la partida {session.current.number} no ha terminado "
                "(premios sin pagar o sin cerrar)",
                "R-PRIZE-4",
            )
        self.games.refuse_open(session.id)
        if session.last_partida is not None and len(session.partidas) >= session.last_partida:
            raise DomainError(
                f"la partida {session.last_partida} fue anunciada como la última de la sesión",
                "R-GAME-6",
            )
        if session.ball_checks and session.ball_checks[-1].when == "close":
            raise DomainError("las bolas ya se contaron para el cierre de la sesión", "R-BALL-2")
        self._need_counted_ball_set()
        ball_set = self.ball_set
        assert ball_set is not None  # a session opens only with a ball set
        if ball_set.partidas_played >= ball_set.limit(rules):
            raise DomainError(
                f"el juego de bolas {ball_set.id} ha llegado a {ball_set.partidas_played} partidas "
                f"(límite {ball_set.limit(rules)}): hay que cambiarlo",
                "R-BALL-1",
            )
        numbers = tuple(bola_loca_numbers)
        expected = rules.bola_loca_count if rules.bola_loca_bp else 0
        if len(numbers) != expected or len(set(numbers)) != len(numbers):
            raise DomainError(f"se esperaban {expected} números de bola loca distintos", "R-BOLA-2")
        if any(n not in BALLS for n in numbers):
            raise DomainError("los números de bola loca van del 1 al 90", "R-BOLA-2")
        prima = self.prima
        available = prima.amount_cents > 0 and prima.fund_cents >= prima.amount_cents
        return [
            ev.PartidaStarted(
                session_id=session.id,
                partida=len(session.partidas) + 1,
                prima_amount_cents=prima.amount_cents,
                prima_available=available,
                prima_ball_limit=prima.ball_limit,
                bola_loca_numbers=numbers,
                bola_loca_source=bola_loca_source if numbers else "",
            )
        ]

    def next_sale_number(self, series: str) -> int:
        """Where the sale of a serie must go on now (R-SALE-1); raises when it cannot."""
        partida = self._need_partida(*PARTIDA_ACTIONS["sell"])
        serie = self.series.get(series)
        if serie is None:
            raise DomainError(f"la serie {series!r} no existe en esta sala", "R-CARD-3")
        mine = partida.ranges_of(series)
        if mine:
            return mine[-1].last + 1
        if serie.last_sold >= serie.size:
            raise DomainError(f"la serie {series} está agotada", "R-SALE-1")
        if serie.last_sold and serie.last_sold_date:
            session = self._need_session()
            gap = dt.date.fromisoformat(session.date) - dt.date.fromisoformat(serie.last_sold_date)
            if gap.days > 1:
                raise DomainError(
                    f"la serie {series} se vendió por última vez el {serie.last_sold_date}: solo "
                    "puede continuarse el mismo día o el siguiente",
                    "R-SALE-1",
                )
        return serie.last_sold + 1

    def sell(
        self,
        series: str,
        first: int,
        last: int,
        electronic: bool = False,
        *,
        seller: str = "",
        payment: str = CASH,
        terminal: str = "",
    ) -> list[ev.Event]:
        """Record cartones first..last of a serie as sold, on paper or on a terminal, by
        ``seller`` ("" when the hall does not say who; issue 9), paid by ``payment`` (R-SALE-4),
        on the auxiliary machine ``terminal`` ("" for none; R-MULTI-3).
        """
        check_seller(seller)
        check_terminal_name(terminal)
        check_payment(payment, self.region)
        partida = self._need_partida(*PARTIDA_ACTIONS["sell"])
        expected = self.next_sale_number(series)
        serie = self.series[series]
        electronic = electronic or serie.electronic or bool(terminal)
        if last < first:
            raise DomainError(f"rango de venta vacío: {first}–{last}", "R-SALE-1")
        if electronic:
            self._check_terminal_sale(partida, terminal, last - first + 1)
        if first != expected:
            raise DomainError(
                f"la venta de la serie {series} es correlativa: debe seguir por el cartón "
                f"{expected}, no por el {first}",
                "R-SALE-1",
            )
        if last > serie.size:
            raise DomainError(
                f"la serie {series} solo tiene {serie.size} cartones (pedido hasta el {last})",
                "R-SALE-1",
            )
        if partida.sales:
            lead_code = partida.sales[0].series
            lead = self.series[lead_code]
            if serie.face_value_cents != lead.face_value_cents:
                raise DomainError(
                    f"la serie {series} vale {serie.face_value_cents} céntimos y en esta partida "
                    f"se juega a {lead.face_value_cents}: la segunda serie debe tener el mismo "
                    "valor facial",
                    "R-SALE-2",
                )
            if serie.card_set_id != lead.card_set_id:
                raise DomainError(
                    f"la serie {series} es del juego de cartones {serie.card_set_id} y la partida "
                    f"se juega con el {lead.card_set_id}",
                    "R-CARD-2",
                )
            if series != lead_code:
                check_second_serie(partida.sales, lead, series, first, last)
        return [
            ev.SaleRecorded(
                partida=partida.number,
                series=series,
                first=first,
                last=last,
                electronic=electronic,
                seller=seller,
                payment=payment,
                terminal=terminal,
            )
        ]

    def _check_terminal_sale(self, partida: PartidaState, terminal: str, count: int) -> None:
        """The region's limits on electronic cartones: a region that bounds its auxiliary
        machines sells electronic cartones only on a named machine, within the machines of the
        hall's category and the cartones a partida per machine and player (Euskadi art. 3.6;
        decisions 281, 282). Paid at once: the means was checked (R-SALE-4).
        """
        limits = self.terminal_limits
        if not limits.bounded:
            return
        if not terminal:
            raise DomainError(
                "en esta región los cartones electrónicos se juegan en máquinas auxiliares "
                "conectadas a la mesa: la venta debe nombrar su máquina; "
                f"{limits.machines_rule or limits.cartones_rule}",
                "R-MULTI-3",
            )
        limits.check_machine(self.session_machines(), terminal)
        already = sum(s.count for s in partida.sales if s.terminal == terminal)
        limits.check_cartones(terminal, already, count)

    def session_machines(self) -> set[str]:
        """The auxiliary machines that sold in the open session: each was installed in it, so
        they count against the hall's machines for the whole session (decision 319).
        """
        session = self.session
        if session is None:
            return set()
        return {s.terminal for p in session.partidas for s in p.sales if s.terminal}

    def serie_in_play(self) -> str:
        """The serie a terminal's sale takes its next cartones from: the one the partida's last
        sale took, while it has cartones; else the first serie with cartones left (decision 5:
        paper and terminals share one numbering).
        """
        partida = self._need_partida(*PARTIDA_ACTIONS["sell"])
        if partida.sales:
            last = partida.sales[-1]
            if last.last < self.series[last.series].size:
                return last.series
        for code, serie in self.series.items():
            if serie.last_sold < serie.size and not partida.ranges_of(code):
                return code
        raise DomainError("no quedan cartones a la venta en ninguna serie", "R-SALE-1")

    def terminal_cartones(self, terminal: str) -> list[tuple[str, int]]:
        """The cartones (serie, number) the player of ``terminal`` plays in the partida in
        course, in the order bought: always on show on the machine (Euskadi art. 3.6, last
        paragraph).
        """
        partida = self.partida
        if partida is None or not terminal:
            return []
        return [
            (sale.series, number)
            for sale in partida.sales
            if sale.terminal == terminal
            for number in range(sale.first, sale.last + 1)
        ]

    def return_cartones(self, count: int) -> list[ev.Event]:
        """The last ``count`` cartones of the partida's last sale go back to the table unsold,
        before the sale closes: the sale goes on from the first of them (decision 171).
        """
        partida = self._need_partida(*PARTIDA_ACTIONS["return_cartones"])
        if not partida.sales:
            raise DomainError("no se ha vendido ningún cartón en esta partida", "R-SALE-1")
        last_sale = partida.sales[-1]
        if last_sale.terminal:
            # bought and paid at once by the machine's player: not the table's to take back,
            # and no refund for a player who leaves (R-SALE-4; decision 380)
            raise DomainError(
                f"la última venta ({last_sale.series} {last_sale.first}–{last_sale.last}) es la "
                f"compra de la máquina {last_sale.terminal}, pagada en el acto por su jugador: "
                "sus cartones no vuelven a la mesa",
                "R-SALE-4",
            )
        if not 1 <= count <= last_sale.count:
            raise DomainError(
                f"la última venta es de {last_sale.count} cartones ({last_sale.series} "
                f"{last_sale.first}–{last_sale.last}): pueden devolverse de 1 a {last_sale.count}",
                "R-SALE-1",
            )
        return [
            ev.CartonesReturned(
                partida=partida.number,
                series=last_sale.series,
                first=last_sale.last - count + 1,
                last=last_sale.last,
            )
        ]

    def close_sale(self) -> list[ev.Event]:
        rules = self._need_rules()
        partida = self._need_partida(*PARTIDA_ACTIONS["close_sale"])
        if not partida.sales:
            raise DomainError("no se ha vendido ningún cartón", "R-SALE-3")
        takings = partida.takings_cents
        return [
            ev.SaleClosed(
                partida=partida.number,
                cards_sold=partida.cards_sold,
                takings_cents=takings,
                line_prize_cents=percent_of(takings, rules.line_bp),
                bingo_prize_cents=percent_of(takings, rules.bingo_bp),
                prima_deduction_cents=percent_of(takings, rules.prima_bp),
                bola_loca_deduction_cents=percent_of(takings, rules.bola_loca_bp),
            )
        ]

    def confirm_data_shown(self) -> list[ev.Event]:
        partida = self._need_partida(*PARTIDA_ACTIONS["confirm_data_shown"])
        return [ev.PartidaDataShown(partida=partida.number)]
