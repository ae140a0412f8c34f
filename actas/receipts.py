"""Prize receipts (R-PRIMA-6, regulation V.3) and winners' printed proofs, A4 or 80 mm roll.

* The prima and interconnected prizes are paid in a separate tray with a detailed receipt
  (partidas accumulated, amount); its duplicate goes with the winning cartón together with the
  order of extraction and the cartón's serial number: ``render_prize_receipt`` prints both.
* Any winner may ask for a printed proof with the cartón and the balls: ``render_winner_proof``.

Both read the export through the acta builder and are deterministic (dates from the record).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from actas import styles as st
from actas.builder import ActaDataError, PartidaBlock, Winner, build_acta, parse_time
from actas.i18n import TEXTS, Texts, clock, money, short_date
from actas.pdf import DocInfo, build

Layout = Literal["a4", "80mm"]
DETAILED_PRIZES = ("prima", "interconnected")


@dataclass(frozen=True, slots=True)
class PrizeReceipt:
    """Everything a receipt or a proof shows about one winning cartón."""

    hall_id: str
    hall_name: str
    languages: tuple[str, ...]
    session_id: str
    date: str
    partida: int
    prize: str
    amount_cents: int
    winners: int
    share_cents: int
    residue_cents: int
    series: str
    number: int
    card_set: str
    carton: tuple[tuple[int, ...], ...] | None
    ball_index: int
    ball_number: int | None
    ball_limit: int | None
    partidas_accumulated: int | None
    balls: tuple[int, ...]
    manual_from_ball: int | None
    jefe_de_mesa: str
    chain_seq: int
    chain_head: str
    issued_at: str
    simulation_seed: int | None = None  # a simulated session: the paper says it is worthless
    emulated_seeds: tuple[int, ...] = ()  # its balls from emulated devices: worthless too


def _card(
    export: Mapping[str, Any], card_set: str, number: int
) -> tuple[tuple[int, ...], ...] | None:
    for cs in export.get("card_sets") or []:
        if cs.get("id") == card_set:
            cards = cs.get("cards") or []
            if 1 <= number <= len(cards):
                return tuple(tuple(int(n) for n in row) for row in cards[number - 1])
    return None


def find_receipt(
    export: Mapping[str, Any],
    partida: int,
    *,
    prize: str | None = None,
    series: str | None = None,
    number: int | None = None,
    session_id: str | None = None,
) -> PrizeReceipt:
    """The receipt of one award of a closed partida.

    By default the partida's prima (else interconnected, else bingo); ``series``/``number``
    choose among several winners.
    """
    acta = build_acta(export, session_id)
    block: PartidaBlock | None = next((p for p in acta.partidas if p.number == partida), None)
    if block is None:
        raise ActaDataError(f"la partida {partida} no está en la sesión {acta.session_id}")
    if block.status != "closed":
        raise ActaDataError(f"la partida {partida} no está cerrada: no tiene premios")
    names = [prize] if prize else [*DETAILED_PRIZES, "bingo", "line", "bola_loca"]
    chosen = None
    for name in names:
        chosen = block.prize(name)
        if chosen is not None:
            break
    if chosen is None:
        raise ActaDataError(f"la partida {partida} no tiene premio «{prize}»")
    win: Winner | None = None
    for w in chosen.winners:
        if (series is None or w.series == series) and (number is None or w.number == number):
            win = w
            break
    if win is None:
        raise ActaDataError(
            f"el cartón {series}/{number} no ganó «{chosen.prize}» en la partida {partida}"
        )
    limit = None
    accumulated = None
    if chosen.prize == "prima" and block.prima is not None:
        limit, accumulated = block.prima.ball_limit, block.prima.partidas_accumulated
    elif chosen.prize == "interconnected" and block.interconnected is not None:
        limit = block.interconnected.ball_limit
        accumulated = block.interconnected.partidas_accumulated
    return PrizeReceipt(
        hall_id=acta.hall_id,
        hall_name=acta.hall_name,
        languages=acta.languages,
        session_id=acta.session_id,
        date=acta.date,
        partida=partida,
        prize=chosen.prize,
        amount_cents=chosen.amount_cents,
        winners=len(chosen.winners),
        share_cents=win.share_cents,
        residue_cents=chosen.residue_cents,
        series=win.series,
        number=win.number,
        card_set=block.card_set,
        carton=_card(export, block.card_set, win.number),
        ball_index=win.ball_index,
        ball_number=win.ball_number,
        ball_limit=limit,
        partidas_accumulated=accumulated,
        balls=block.balls,
        manual_from_ball=block.manual_from_ball,
        jefe_de_mesa=acta.jefe_de_mesa,
        chain_seq=acta.chain.seq,
        chain_head=acta.chain.head,
        issued_at=block.closed_at or acta.issued_at,
        simulation_seed=acta.simulation_seed,
        emulated_seeds=acta.emulated_seeds,
    )


class _Receipt:
    def __init__(self, r: PrizeReceipt, layout: Layout) -> None:
        self.r = r
        self.t = Texts(r.languages)
        self.layout = layout
        self.thermal = layout == "80mm"
        self.width = st.RECEIPT_WIDTH - 2 * st.RECEIPT_MARGIN if self.thermal else A4[0] - 30 * mm

    def styles(self) -> tuple[Any, Any, Any, Any]:
        if self.thermal:
            return st.R_TITLE, st.R_SECOND, st.R_BODY, st.R_BODY_SECOND
        return st.TITLE, st.TITLE_SECOND, st.BODY, st.BODY_SECOND

    def prize_name(self) -> str:
        key = f"prize.{self.r.prize}"
        return self.t.join(key) if key in TEXTS else self.r.prize

    def ident_rows(self) -> list[tuple[str, str]]:
        r = self.r
        t = self.t
        day = date.fromisoformat(r.date) if r.date else None
        when = parse_time(r.issued_at)
        return [
            (t.join("rc.hall"), f"{r.hall_name} ({r.hall_id})"),
            (t.join("rc.session"), r.session_id),
            (t.join("rc.date"), f"{short_date(day) if day else r.date} {clock(when)}"),
            (t.join("rc.partida"), str(r.partida)),
            (t.join("rc.prize"), self.prize_name()),
        ]

    def prize_rows(self) -> list[tuple[str, str]]:
        r = self.r
        t = self.t
        rows = [(t.join("rc.amount"), money(r.amount_cents))]
        if r.partidas_accumulated is not None:
            rows.append((t.join("rc.accumulated"), str(r.partidas_accumulated)))
        rows += [
            (t.join("rc.winners"), str(r.winners)),
            (t.join("rc.share"), money(r.share_cents)),
            (t.join("rc.card"), f"{r.series} / {r.number}"),
            (
                t.join("rc.ball"),
                t.es(
                    "ball.at",
                    idx=r.ball_index,
                    n=r.ball_number if r.ball_number is not None else "?",
                ),
            ),
        ]
        if r.ball_limit is not None:
            rows.append((t.join("rc.limit"), str(r.ball_limit)))
        return rows

    def kv(self, rows: Sequence[tuple[str, str]]) -> Flowable:
        table = st.key_value_table(rows, self.width, font_size=7.6 if self.thermal else 8.2)
        table.hAlign = "LEFT"
        return table

    def heading(self, copy_key: str | None, title_key: str) -> list[Flowable]:
        title, second, _body, _body2 = self.styles()
        out: list[Flowable] = st.bilingual(self.t.all(title_key), title, second)
        if copy_key:
            out += st.bilingual(self.t.all(copy_key), second, second)
        out.append(st.gap(2))
        return out

    def balls_block(self, highlight: set[int], boxed: int | None) -> list[Flowable]:
        r = self.r
        _t, _s, body, body2 = self.styles()
        out: list[Flowable] = st.bilingual(self.t.all("rc.order"), body, body2)
        per_row = 10
        out.append(
            st.balls_table(
                r.balls,
                per_row,
                self.width,
                highlight=highlight,
                manual_from=r.manual_from_ball,
                boxed=boxed,
            )
        )
        if r.manual_from_ball is not None:
            out += st.bilingual(
                self.t.all("balls.manual", i=r.manual_from_ball), st.SMALL, st.SMALL_SECOND
            )
        return out

    def carton_block(self) -> list[Flowable]:
        r = self.r
        _t, _s, body, body2 = self.styles()
        out: list[Flowable] = st.bilingual(
            self.t.all("pf.card", series=r.series, number=r.number, card_set=r.card_set),
            body,
            body2,
        )
        if r.carton is not None:
            cell = min(self.width / 9, 13 * mm)
            grid = st.carton_grid(r.carton, set(r.balls[: r.ball_index]), r.ball_number, cell)
            grid.hAlign = "LEFT"
            out.append(grid)
            out += st.bilingual(self.t.all("pf.legend"), st.SMALL, st.SMALL_SECOND)
        return out

    def signatures(self, with_player: bool) -> list[Flowable]:
        labels = [self.t.all("rc.jm")]
        names = [self.r.jefe_de_mesa]
        if with_player:
            labels.append(self.t.all("rc.received"))
            names.append("")
        return [st.gap(2), st.signature_block(labels, names, self.width)]

    def footer(self) -> list[Flowable]:
        return [
            st.gap(1.5),
            st.para(
                self.t.es("rc.chain", seq=self.r.chain_seq, head=self.r.chain_head[:16]),
                st.SMALL_SECOND,
            ),
        ]

    # documents ---------------------------------------------------------------------------
    def receipt(self, copy_key: str, duplicate: bool) -> list[Flowable]:
        _t, _s, body, body2 = self.styles()
        out = self.heading(copy_key, "rc.title")
        out.append(self.kv(self.ident_rows() + self.prize_rows()))
        out.append(st.gap(1.5))
        out += st.bilingual(self.t.all("rc.tray"), body, body2)
        if duplicate:
            out.append(st.gap(1.5))
            out += st.bilingual(
                [
                    f"{x}: {self.r.series} / {self.r.number} ({self.r.card_set})"
                    for x in self.t.all("rc.serial")
                ],
                body,
                body2,
            )
            out += self.balls_block(_numbers(self.r.carton), self.r.ball_index)
        # Both copies are signed by the jefe de mesa and, on receiving the prize, by the player:
        # the duplicate stays with the winning cartón and the acta (V.3), so it is the hall's
        # proof that the prize was paid, and it must carry the player's signature too.
        out += self.signatures(with_player=True)
        out += self.footer()
        return out

    def proof(self) -> list[Flowable]:
        out = self.heading(None, "pf.title")
        out.append(self.kv(self.ident_rows() + self.prize_rows()))
        out.append(st.gap(2))
        out += self.carton_block()
        out.append(st.gap(2))
        out += self.balls_block(_numbers(self.r.carton), self.r.ball_index)
        out += self.signatures(with_player=False)
        out += self.footer()
        return out


def _numbers(carton: Sequence[Sequence[int]] | None) -> set[int]:
    return {n for row in carton or () for n in row}


def _cut_line() -> Flowable:
    return st.para("- - - - - - - - - - - - - - - - - - - - - - - - - - - - - -", st.SMALL)


def _pdf(parts: Sequence[list[Flowable]], r: PrizeReceipt, layout: Layout, title: str) -> bytes:
    buf = io.BytesIO()
    created = parse_time(r.issued_at)
    assert created is not None
    info = DocInfo(
        title=title,
        author=f"{r.hall_name} ({r.hall_id})",
        subject=f"{title}: partida {r.partida} de la sesión {r.session_id}",
        keywords=f"bingo-hall justificante; sala={r.hall_id}; sesion={r.session_id}; "
        f"partida={r.partida}; seq={r.chain_seq}; cabeza={r.chain_head}",
        created=created,
    )
    story: list[Flowable] = []
    texts = Texts(r.languages)
    for i, part in enumerate(parts):
        if i:
            story += [st.gap(3), _cut_line(), st.gap(3)] if layout == "80mm" else [PageBreak()]
        if r.simulation_seed is not None:
            # Each part may be torn off (80 mm) or handed over alone: each says it, at its top.
            story += st.banners(texts.all("doc.simulation", seed=r.simulation_seed))
        elif r.emulated_seeds:  # decision 520
            seeds = ", ".join(str(seed) for seed in r.emulated_seeds)
            story += st.banners(texts.all("doc.emulated", seeds=seeds))
        story += part
    if layout == "80mm":
        # a roll has no pages: one page as long as the content
        doc = st.plain_doc(
            buf,
            (st.RECEIPT_WIDTH, st.thermal_height(story)),
            title,
            r.hall_name,
            margin=st.RECEIPT_MARGIN,
        )
    else:
        doc = st.plain_doc(
            buf, A4, title, r.hall_name, on_page=st.footer_drawer(f"{r.hall_name} · {r.session_id}")
        )
    build(doc, story, info)
    return buf.getvalue()


def render_prize_receipt(receipt: PrizeReceipt, layout: Layout = "a4") -> bytes:
    """The detailed receipt for the player and its duplicate for the winning cartón."""
    w = _Receipt(receipt, layout)
    parts = [w.receipt("rc.original", duplicate=False), w.receipt("rc.duplicate", duplicate=True)]
    return _pdf(parts, receipt, layout, "Justificante de premio")


def render_winner_proof(receipt: PrizeReceipt, layout: Layout = "a4") -> bytes:
    """A printed proof of a win: the cartón with the drawn numbers and the balls in order."""
    w = _Receipt(receipt, layout)
    return _pdf([w.proof()], receipt, layout, "Comprobante de premio")
