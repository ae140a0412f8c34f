"""The interconnected prize's one ledger, shared in PostgreSQL by the halls that joined it
(SPEC R-MULTI-1; Cantabria V.2.b).

Every settlement runs in one transaction that first locks the network's fund row
(``SELECT … FOR UPDATE``): halls settling at the same instant are served one after the other,
each on the figures the one before left, so two halls can never both win the same fund nor both
spend it. A settlement is keyed by (network, hall, session, partida): a hall that settles the
same partida again (it was cut after the ledger committed and before its own record did) gets
the first answer back, with the first transaction's id, and contributes once.

The ledger is kept only in PostgreSQL: halls in different places share it, and a SQLite file
cannot be shared by them (a hall whose record is a SQLite file cannot join).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Engine, Table, func, insert, select, text, update
from sqlalchemy.engine import Connection

from bingo.interconnected import (
    Announcement,
    Contribution,
    FundState,
    InterconnectedRules,
    PartidaKey,
    ScaleStep,
    Settled,
    Settlement,
    settle,
)
from store.errors import StoreError
from store.models import InterconnectedFundRow, InterconnectedSettlementRow

FUNDS = cast(Table, InterconnectedFundRow.__table__)
SETTLEMENTS = cast(Table, InterconnectedSettlementRow.__table__)


class InterconnectedError(StoreError):
    """The shared ledger refused a settlement, or cannot be used from here."""


def scale_text(scale: tuple[ScaleStep, ...]) -> str:
    return " ".join(f"{s.from_cents}:{s.balls}" for s in scale)


@dataclass(frozen=True, slots=True)
class Balance:
    """The whole ledger of a network, to check it balances to the cent."""

    contributed_cents: int
    awarded_cents: int
    fund_cents: int
    reserve_cents: int

    @property
    def balances(self) -> bool:
        return self.contributed_cents == self.awarded_cents + self.fund_cents + self.reserve_cents


class PgLedger:
    """``bingo.interconnected.Ledger`` on the PostgreSQL database the halls share."""

    def __init__(self, engine: Engine, network: str, rules: InterconnectedRules) -> None:
        if engine.dialect.name != "postgresql":
            raise InterconnectedError(
                "el bingo interconectado necesita la base de datos PostgreSQL común a las salas "
                "que se acogen (--db postgresql+psycopg://…): el fondo es uno para todas y una "
                f"base de datos {engine.dialect.name} no se comparte; no se ha escrito nada"
            )
        if not network or len(network) > 64:
            raise InterconnectedError(
                f"nombre de red de bingo interconectado no válido: {network!r}"
            )
        self._engine = engine
        self._network = network
        self._rules = rules

    @property
    def network(self) -> str:
        return self._network

    @property
    def rules(self) -> InterconnectedRules:
        return self._rules

    def _fund(self, conn: Connection, *, lock: bool) -> FundState:
        """The network's fund, opened empty with this hall's figures the first time; a hall
        whose region figures differ from the fund's is refused (one fund, one set of figures).
        """
        conn.execute(
            text(
                "INSERT INTO interconnected_funds (network, generation, fund_cents, "
                "reserve_cents, contribution_bp, fund_max_cents, reserve_max_cents, scale) "
                "VALUES (:network, 1, 0, 0, :bp, :fund_max, :reserve_max, :scale) "
                "ON CONFLICT (network) DO NOTHING"
            ),
            {
                "network": self._network,
                "bp": self._rules.contribution_bp,
                "fund_max": self._rules.fund_max_cents,
                "reserve_max": self._rules.reserve_max_cents,
                "scale": scale_text(self._rules.scale),
            },
        )
        query = select(FUNDS).where(FUNDS.c.network == self._network)
        row = conn.execute(query.with_for_update() if lock else query).one()
        figures = (row.contribution_bp, row.fund_max_cents, row.reserve_max_cents, row.scale)
        mine = (
            self._rules.contribution_bp,
            self._rules.fund_max_cents,
            self._rules.reserve_max_cents,
            scale_text(self._rules.scale),
        )
        if figures != mine:
            raise InterconnectedError(
                f"la red de bingo interconectado {self._network} se abrió con otras cifras "
                f"({row.contribution_bp} pb, máximo {row.fund_max_cents}, reserva "
                f"{row.reserve_max_cents}, escala {row.scale}) que las de la región de esta sala; "
                "un fondo tiene unas solas cifras: no se ha escrito nada"
            )
        return FundState(int(row.generation), int(row.fund_cents), int(row.reserve_cents))

    def state(self) -> FundState:
        with self._engine.begin() as conn:
            return self._fund(conn, lock=False)

    def settle(
        self,
        key: PartidaKey,
        announced: Announcement,
        takings_cents: int,
        bingo_after_ball: int | None,
        winners: int,
    ) -> Settled:
        with self._engine.begin() as conn:
            state = self._fund(conn, lock=True)  # halls queue here, one settlement at a time
            done = conn.execute(
                select(SETTLEMENTS).where(
                    SETTLEMENTS.c.network == self._network,
                    SETTLEMENTS.c.hall_id == key.hall_id,
                    SETTLEMENTS.c.session_id == key.session_id,
                    SETTLEMENTS.c.partida == key.partida,
                )
            ).one_or_none()
            if done is not None:
                replayed = self._replayed(done, announced, takings_cents)
                return Settled(replayed, str(done.txid), int(done.partidas_accumulated))
            accumulated = 1 + int(
                conn.execute(
                    select(func.count())
                    .select_from(SETTLEMENTS)
                    .where(
                        SETTLEMENTS.c.network == self._network,
                        SETTLEMENTS.c.generation == state.generation,
                    )
                ).scalar_one()
            )
            result = settle(self._rules, state, announced, takings_cents, bingo_after_ball, winners)
            txid = str(conn.execute(text("SELECT pg_current_xact_id()::text")).scalar_one())
            conn.execute(
                insert(SETTLEMENTS).values(
                    network=self._network,
                    hall_id=key.hall_id,
                    session_id=key.session_id,
                    partida=key.partida,
                    announced_generation=announced.generation,
                    announced_fund_cents=announced.fund_cents,
                    ball_limit=announced.ball_limit or 0,
                    takings_cents=takings_cents,
                    bingo_after_ball=bingo_after_ball or 0,
                    winners=winners,
                    generation=state.generation,
                    to_fund_cents=result.contribution.to_fund_cents,
                    to_reserve_cents=result.contribution.to_reserve_cents,
                    fund_before_cents=state.fund_cents,
                    reserve_before_cents=state.reserve_cents,
                    fund_after_cents=result.after.fund_cents,
                    reserve_after_cents=result.after.reserve_cents,
                    awarded_cents=result.awarded_cents,
                    share_cents=result.share_cents,
                    residue_cents=result.residue_cents,
                    partidas_accumulated=accumulated,
                    txid=txid,
                    at=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                )
            )
            conn.execute(
                update(FUNDS)
                .where(FUNDS.c.network == self._network)
                .values(
                    generation=result.after.generation,
                    fund_cents=result.after.fund_cents,
                    reserve_cents=result.after.reserve_cents,
                )
            )
            return Settled(result, txid, accumulated)

    def _replayed(self, row: object, announced: Announcement, takings_cents: int) -> Settlement:
        """The settlement recorded before for this partida; refused if the hall now describes
        another partida under the same key (its record and the ledger disagree).
        """
        r: InterconnectedSettlementRow = row  # type: ignore[assignment]
        if (r.announced_generation, r.takings_cents) != (announced.generation, takings_cents):
            raise InterconnectedError(
                f"la partida {r.partida} de la sesión {r.session_id} de la sala {r.hall_id} ya "
                f"está liquidada en la red {r.network} con otros datos (fondo "
                f"{r.announced_generation}, recaudación {r.takings_cents}); no se ha escrito nada"
            )
        return Settlement(
            before=FundState(
                int(r.generation), int(r.fund_before_cents), int(r.reserve_before_cents)
            ),
            after=FundState(
                int(r.generation) + (1 if r.awarded_cents else 0),
                int(r.fund_after_cents),
                int(r.reserve_after_cents),
            ),
            contribution=Contribution(int(r.to_fund_cents), int(r.to_reserve_cents)),
            awarded_cents=int(r.awarded_cents),
            share_cents=int(r.share_cents),
            residue_cents=int(r.residue_cents),
        )

    def balance(self) -> Balance:
        """Contributions ever made, awards paid, and the fund and reserve now."""
        with self._engine.begin() as conn:
            fund = self._fund(conn, lock=False)
            totals = conn.execute(
                select(
                    text("coalesce(sum(to_fund_cents + to_reserve_cents), 0)"),
                    text("coalesce(sum(awarded_cents), 0)"),
                )
                .select_from(SETTLEMENTS)
                .where(SETTLEMENTS.c.network == self._network)
            ).one()
        return Balance(int(totals[0]), int(totals[1]), fund.fund_cents, fund.reserve_cents)
