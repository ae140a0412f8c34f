"""The acta's sections of one partida: its heading, figures, sales, prizes, funds, balls,
claims, incidents and ball-set changes, in every language of the hall.

``PartidaSections`` also holds the helpers every section of the acta writes with; the
document around the partidas (opening, closing, page decor) is ``render._Writer``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from reportlab.platypus import Flowable

from actas import render_interconnected as interconnected
from actas import styles as st
from actas.builder import BallSetChange, Incident, PartidaBlock, parse_time
from actas.i18n import TEXTS, PerLang, Texts, clock, money, short_date
from actas.model import Acta, SaleRange
from bingo.regulation import reference


def text_in(key: str, lang: str) -> str:
    """The text of ``key`` in ``lang`` (Spanish where it has none)."""
    entry = TEXTS[key]
    return entry.get(lang, entry["es"])


KNOWN_KEYS = frozenset(TEXTS)  # a code with no text is printed as it is


class PartidaSections:
    """The acta of ``acta`` in acta format ``fmt``, its folios numbered from ``first_folio``."""

    def __init__(self, acta: Acta, first_folio: int, fmt: int) -> None:
        self.acta = acta
        self.first_folio = first_folio
        self.fmt = fmt
        self.t = Texts(acta.languages)
        self.width = st.content_width()
        self.day = date.fromisoformat(acta.date) if acta.date else None

    # helpers -----------------------------------------------------------------------------
    def lines(self, key: str, style: str = "body", **values: object) -> list[Flowable]:
        first, second = {"body": (st.BODY, st.BODY_SECOND), "small": (st.SMALL, st.SMALL_SECOND)}[
            style
        ]
        return st.bilingual(self.t.all(key, **values), first, second)

    def lab(self, key: str, **values: object) -> str:
        return st.label(self.t.all(key, **values))

    def word(self, key: str) -> PerLang:
        return self.t.per_lang(key)

    def day_text(self) -> PerLang | str:
        return self.t.date(self.day) if self.day else "—"

    # one partida -------------------------------------------------------------------------
    def partida(self, p: PartidaBlock) -> list[Flowable]:
        t = self.t
        w = self.width
        times: list[tuple[str, ...]] = []
        recorded = parse_time(p.recorded_at)
        transcribed = parse_time(p.transcribed_at)
        # A partida taken back from the manual book: only what was recorded live before the
        # failure keeps its time as play time; the rest is the time of the transcription.
        if recorded is not None and (transcribed is None or recorded < transcribed):
            times.append(t.all("p.recorded", time=clock(recorded, True)))
        if transcribed is not None:
            times.append(t.all("p.transcribed_at", time=clock(transcribed, True)))
        elif p.closed_at:
            times.append(t.all("p.closed", time=clock(parse_time(p.closed_at), True)))
        when = "\n".join(" · ".join(x[i] for x in times) for i in range(len(t.languages)))
        selling = self.selling(p)
        header = st.partida_header_table(
            [
                t.join("p.title", n=p.number),
                self.status_label(p),
                when if times else "",
            ],
            w,
            annulled=p.status == "annulled",
        )
        header.acta_block = p.number  # lets the document note the folios a partida opens
        out: list[Flowable] = [header]
        out.append(
            st.figures_table(
                [
                    self.lab("fig.price"),
                    self.lab("fig.sold"),
                    self.lab("fig.takings"),
                    self.lab("fig.line"),
                    self.lab("fig.bingo"),
                    self.lab("fig.card_set"),
                ],
                [
                    money(p.face_value_cents),
                    str(p.cards_sold),
                    money(p.takings_cents),
                    "—" if selling else money(p.line_prize_cents),  # not announced yet
                    "—" if selling else money(p.bingo_prize_cents),
                    p.card_set,
                ],
                w,
            )
        )
        out.append(self.sales(p.sales))
        if p.status == "closed":
            out.append(self.prizes(p))
        elif p.status == "annulled":
            out += self.lines("p.no_prizes", "small")
        out.append(self.funds(p))
        out += self.fund_results(p)
        if p.status == "open":
            out += self.lines("p.pending_sale" if selling else "p.pending", "small")
        if p.balls:
            out.append(self.balls(p))
        if p.claims:
            out += self.claims(p)
        for inc in p.incidents:
            out += self.incident(inc)
        if p.status == "annulled" and p.annul_reason:
            out += self.lines("p.annul_reason", "small", reason=p.annul_reason)
        if p.refund_cents:
            out += self.lines("refund", "small", amount=money(p.refund_cents), n=p.cards_sold)
        for c in p.ball_set_changes:
            out += self.ball_set_change("ballset.change", c, "small")
            counted = self.acta.change_check(c.ball_set_id) if self.fmt >= 4 else None
            if counted is not None:  # the new set's balls counted before the next partida
                out += self.lines(
                    "ballset.count",
                    "small",
                    count=counted.count,
                    numbering=self.word(
                        "check.complete" if counted.complete else "check.incomplete"
                    ),
                    state=self.word("check.ok" if counted.ok else "check.not_ok"),
                )
        for ch in p.prima_changes:
            out += self.lines("prima.change", "small", amount=money(ch.amount_cents))
        if p.transcribed_at:
            out += self.lines(
                "p.transcribed_times", "small", time=clock(parse_time(p.transcribed_at), True)
            )
        elif p.transcribed:
            out += self.lines("p.transcribed", "small")
        if p.last_announced:
            out += self.lines("p.last", "small")
        out.append(st.BlockEnd(p.number))
        out.append(st.gap(3.5))
        return out

    def sales(self, sales: Sequence[SaleRange]) -> Flowable:
        """The series sold, each range with its count and how it was sold (R-ACTA-3)."""
        t = self.t
        w = self.width
        return st.grid_table(
            [
                self.lab("sale.series"),
                self.lab("sale.first"),
                self.lab("sale.last"),
                self.lab("sale.count"),
                self.lab("sale.kind"),
            ],
            [
                [
                    s.series,
                    str(s.first),
                    str(s.last),
                    str(s.count),
                    t.join(f"sale.{s.kind}") if f"sale.{s.kind}" in KNOWN_KEYS else s.kind,
                ]
                for s in sales
            ],
            [w * 0.22, w * 0.12, w * 0.12, w * 0.12, w * 0.42],
            align_right=(1, 2, 3),
        )

    def selling(self, p: PartidaBlock) -> bool:
        """The partida's sale is still open (format 4 on: decision 648): nothing is consigned
        yet, and its line and bingo, not announced, are no 0,00 €.
        """
        return self.fmt >= 4 and p.status == "open" and p.recorded_at is None

    def status_label(self, p: PartidaBlock) -> str:
        return self.lab("p.status.selling" if self.selling(p) else f"p.status.{p.status}")

    def continued_header(self, number: int) -> Flowable:
        """The heading that opens a folio in the middle of a partida's lines."""
        p = next(x for x in self.acta.partidas if x.number == number)
        return st.partida_header_table(
            [self.lab("p.continued", n=number), self.status_label(p), ""],
            self.width,
            annulled=p.status == "annulled",
        )

    def prizes(self, p: PartidaBlock) -> Flowable:
        t = self.t
        rows: list[list[str]] = []
        for pr in p.prizes:
            for i, win in enumerate(pr.winners):
                first = i == 0
                ball = t.es(
                    "ball.at",
                    idx=win.ball_index,
                    n=win.ball_number if win.ball_number is not None else "?",
                )
                rows.append(
                    [
                        self.lab(f"prize.{pr.prize}")
                        if first and f"prize.{pr.prize}" in KNOWN_KEYS
                        else (pr.prize if first else ""),
                        money(pr.amount_cents) if first else "",
                        f"{win.series} / {win.number}",
                        ball,
                        money(win.share_cents),
                        money(pr.residue_cents) if first else "",
                        money(pr.paid_cents) if first else "",
                    ]
                )
        return self.prizes_grid(rows, p.net_to_pay_cents)

    def prizes_grid(self, rows: list[list[str]], total_cents: int) -> Flowable:
        """The prizes' table (prize, amount, winner, ball, share, residue, net) with its total
        row: the ordinary partida's and a game partida's alike.
        """
        w = self.width
        rows = [*rows, [self.t.join("prize.total"), "", "", "", "", "", money(total_cents)]]
        return st.grid_table(
            [
                self.lab("prize.col"),
                self.lab("prize.amount"),
                self.lab("prize.winner"),
                self.lab("prize.ball"),
                self.lab("prize.share"),
                self.lab("prize.residue"),
                self.lab("prize.net"),
            ],
            rows,
            [w * 0.19, w * 0.13, w * 0.15, w * 0.17, w * 0.11, w * 0.10, w * 0.15],
            align_right=(1, 4, 5, 6),
            total_row=True,
            bold_cols=(6,),
        )

    def funds(self, p: PartidaBlock) -> Flowable:
        t = self.t
        w = self.width
        open_ = p.status == "open"
        rows: list[list[str]] = []
        if p.prima is not None:
            pr = p.prima
            rows.append(
                [
                    self.lab("prima.title"),
                    money(pr.amount_cents),
                    str(pr.ball_limit),
                    t.join("yes" if pr.available else "no"),
                    money(pr.fund_before_cents),
                    money(pr.deduction_cents),
                    "—" if open_ else money(pr.fund_after_cents),
                    str(pr.partidas_accumulated),
                ]
            )
        if p.bola_loca is not None:
            bl = p.bola_loca
            # in every language of the hall, like every other printed text (decision 34)
            source = (
                self.t.join(f"bola.source.{bl.source}")
                if f"bola.source.{bl.source}" in KNOWN_KEYS
                else bl.source
            )
            numbers = ", ".join(str(n) for n in bl.numbers) or "—"
            rows.append(
                [
                    self.lab("bola.title"),
                    f"{numbers} ({source})" if source else numbers,
                    "—",
                    "—",
                    money(bl.fund_before_cents),
                    money(bl.deduction_cents),
                    "—" if open_ else money(bl.fund_after_cents),
                    "—",
                ]
            )
        if p.interconnected is not None:  # R-MULTI-1
            yes_no = lambda flag: t.join("yes" if flag else "no")  # noqa: E731
            rows.append(
                interconnected.fund_row(p.interconnected, self.lab("inter.title"), yes_no, open_)
            )
        return st.grid_table(
            [
                self.lab("fund.col"),
                st.label(
                    [
                        f"{amount} / {numbers}"
                        for amount, numbers in zip(
                            self.t.all("prima.amount"), self.t.all("bola.numbers"), strict=True
                        )
                    ]
                ),
                self.lab("prima.limit"),
                self.lab("prima.available"),
                self.lab("prima.before"),
                self.lab("prima.deduction"),
                self.lab("prima.after"),
                self.lab("prima.accumulated"),
            ],
            rows,
            [w * 0.17, w * 0.22, w * 0.08, w * 0.07, w * 0.12, w * 0.10, w * 0.12, w * 0.12],
            align_right=(4, 5, 6, 7),
            font_size=7.4,
        )

    def fund_results(self, p: PartidaBlock) -> list[Flowable]:
        if p.status != "closed":
            return []
        out: list[Flowable] = []
        pr = p.prima
        if pr is not None:
            if pr.awarded:
                out += self.lines(
                    "prima.awarded",
                    "small",
                    idx=pr.award_ball_index,
                    n=pr.award_ball_number if pr.award_ball_number else "?",
                    acc=pr.partidas_accumulated,
                    amount=money(pr.amount_cents),
                )
            elif pr.available:
                out += self.lines("prima.not_awarded", "small", n=len(p.balls), limit=pr.ball_limit)
        bl = p.bola_loca
        won = p.prize("bola_loca")
        if bl is not None and won is not None and won.winners:
            win = won.winners[0]
            out += self.lines(
                "bola.won",
                "small",
                idx=win.ball_index,
                n=win.ball_number if win.ball_number is not None else "?",
                amount=money(won.amount_cents),
            )
        inter = p.prize("interconnected")
        out += interconnected.results(
            p.interconnected, self.lines, inter.amount_cents if inter else 0
        )
        return out

    def balls(self, p: PartidaBlock) -> Flowable:
        return self.ball_run(p.balls, p.manual_from_ball)

    def ball_run(self, balls: Sequence[int], manual_from_ball: int | None = None) -> Flowable:
        """The balls in the order drawn, the index every ten; those drawn by hand marked."""
        tokens: list[tuple[str, bool]] = []
        for i, b in enumerate(balls, start=1):
            mark = "*" if manual_from_ball is not None and i >= manual_from_ball else ""
            if i % 10 == 1:
                tokens.append((f"[{i}]", True))
            tokens.append((f"{b}{mark}", False))
        title = " / ".join(self.t.all("balls.title", n=len(balls))) + ":"
        tail = ""
        if manual_from_ball is not None:
            tail = "— " + " / ".join(self.t.all("balls.manual", i=manual_from_ball))
        return st.NumberRun(title, tokens, tail)

    def claims(self, p: PartidaBlock) -> list[Flowable]:
        out: list[Flowable] = []
        for lang_i, title in enumerate(self.t.all("claims.title")):
            lang = self.t.languages[lang_i]
            items = []
            for c in p.claims:
                kind = (
                    text_in(f"prize.{c.kind}", lang).lower()
                    if f"prize.{c.kind}" in KNOWN_KEYS
                    else c.kind
                )
                verdict = text_in("claim.valid" if c.valid else "claim.invalid", lang)
                items.append(
                    text_in("claim.item", lang).format(
                        b=c.after_ball, series=c.series, number=c.number, kind=kind, verdict=verdict
                    )
                )
            style = st.SMALL if lang_i == 0 else st.SMALL_SECOND
            out.append(st.para(f"{title}: " + "; ".join(items) + ".", style))
        return out

    def incident(self, inc: Incident) -> list[Flowable]:
        """The incident: what, after which ball, at what time; the paragraph read; how it
        ended and when (R-INC-5).
        """
        out: list[Flowable] = []
        at = parse_time(inc.at)
        for lang_i, lang in enumerate(self.t.languages):
            name = text_in(f"inc.{inc.kind}", lang) if f"inc.{inc.kind}" in KNOWN_KEYS else inc.kind
            when = (
                text_in("inc.before_first", lang)
                if inc.after_ball == 0
                else text_in("inc.after", lang).format(b=inc.after_ball)
            )
            if at is not None:
                when += ", " + text_in("inc.at", lang).format(time=clock(at, seconds=True))
            head = f"{text_in('inc.title', lang)}: {name}, {when}"
            if lang_i == 0:
                marked = f"<b>{st.escape(head)}.</b> {st.escape(inc.note)}"
                out.append(st.para(marked, st.SMALL, markup=True))
            else:
                out.append(st.para(f"{head}.", st.SMALL_SECOND))
        ref = inc.paragraph_ref
        if ref:
            refs = PerLang({lang: reference(ref, lang) for lang in self.t.languages})
            out += self.lines("inc.paragraph", "small", ref=refs)
        if inc.authorised_by:
            out += self.lines(
                "inc.authorised", "small", asked=inc.asked_by or "—", authorised=inc.authorised_by
            )
        elif inc.asked_by:
            out += self.lines("inc.asked", "small", asked=inc.asked_by)
        if inc.outcome:
            ended = parse_time(inc.outcome_at)
            out += self.lines(
                f"inc.outcome.{inc.outcome}",
                "small",
                time=clock(ended, seconds=True),
                b=inc.outcome_ball if inc.outcome_ball is not None else "?",
            )
            if inc.outcome_note and inc.outcome in ("resumed", "annulled"):
                out.append(st.para(inc.outcome_note, st.SMALL))
        return out

    def ball_set_change(self, key: str, c: BallSetChange, style: str = "body") -> list[Flowable]:
        """A ball-set change with its date, time and reason, the set it replaced and the new
        one with its homologation (R-BALL-1).
        """
        moment = parse_time(c.at)
        old = (
            self.t.per_lang("ballset.old", id=c.previous_id, hom=c.previous_homologation or "—")
            if c.previous_id
            else self.word("ballset.none")
        )
        return self.lines(
            key,
            style,
            date=short_date(moment.date()) if moment else "—",
            time=clock(moment, seconds=True),
            old=old,
            id=c.ball_set_id,
            hom=c.homologation,
            n=c.partidas_before,
            reason=c.reason,
        )
