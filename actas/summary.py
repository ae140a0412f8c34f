"""The night's summary for the hall: takings, prizes, funds, hall share, refunds, with charts.

Not an official document (the acta is): a management report of one session, drawn with
ReportLab graphics — balls needed per partida (line and bingo), prizes per partida, and the prima
and bola loca funds after each partida — followed by a table of the partidas.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from actas import styles as st
from actas.builder import Acta, PartidaBlock, build_acta, parse_time
from actas.i18n import Texts, money, short_date
from actas.pdf import DocInfo, build
from actas.render import totals_rows
from actas.render_games import game_summary

LINE_COLOUR = colors.HexColor("#4f7cac")
BINGO_COLOUR = colors.HexColor("#1f3a5f")
OTHER_COLOUR = colors.HexColor("#c98b2b")
BOLA_COLOUR = colors.HexColor("#8c2f39")


def _line_at(p: PartidaBlock) -> int | None:
    line = p.prize("line")
    return line.winners[0].ball_index if line and line.winners else None


def _prizes(p: PartidaBlock, names: Sequence[str]) -> int:
    return sum(pr.paid_cents for pr in p.prizes if pr.prize in names)


def _axis_step(n: int) -> int:
    return 1 if n <= 20 else 5 if n <= 60 else 10


def _bar_chart(
    title: str,
    labels: Sequence[str],
    series: Sequence[Sequence[float]],
    names: Sequence[str],
    fills: Sequence[Any],
    width: float,
    height: float,
    *,
    stacked: bool = False,
    value_max: float | None = None,
    money_axis: bool = False,
) -> Drawing:
    d = Drawing(width, height)
    d.add(String(0, height - 10, title, fontName=st.FONT_B, fontSize=8.5, fillColor=st.ACCENT))
    chart = VerticalBarChart()
    chart.x, chart.y = 34, 26
    chart.width, chart.height = width - 44, height - 58
    chart.data = [list(s) for s in series]
    chart.categoryAxis.categoryNames = list(labels)
    step = _axis_step(len(labels))
    chart.categoryAxis.labels.fontName = st.FONT
    chart.categoryAxis.labels.fontSize = 6
    chart.categoryAxis.labelAxisMode = "low"
    chart.categoryAxis.categoryNames = [
        lab if (i == 0 or (lab.isdigit() and int(lab) % step == 0)) else ""
        for i, lab in enumerate(labels)
    ]
    chart.valueAxis.labels.fontName = st.FONT
    chart.valueAxis.labels.fontSize = 6
    chart.valueAxis.valueMin = 0
    if value_max is not None:
        chart.valueAxis.valueMax = value_max
    if money_axis:
        chart.valueAxis.labelTextFormat = lambda v: f"{v:,.0f} €".replace(",", ".")
    chart.valueAxis.gridStrokeColor = colors.HexColor("#dddddd")
    chart.valueAxis.visibleGrid = True
    chart.barSpacing = 0.5 if not stacked else 0
    chart.groupSpacing = 1.5 if len(labels) > 40 else 3
    chart.bars.strokeWidth = 0
    chart.bars.strokeColor = None
    if stacked:
        chart.categoryAxis.style = "stacked"
    for i, fill in enumerate(fills):
        chart.bars[i].fillColor = fill
    d.add(chart)
    legend = Legend()
    legend.x, legend.y = 40, 10
    legend.dx, legend.dy = 6, 6
    legend.fontName = st.FONT
    legend.fontSize = 6.5
    legend.columnMaximum = 1
    legend.alignment = "right"
    legend.deltax = 110
    legend.colorNamePairs = list(zip(fills, names, strict=True))
    d.add(legend)
    return d


def _funds_chart(
    title: str,
    xs: Sequence[int],
    prima: Sequence[float],
    bola: Sequence[float],
    names: Sequence[str],
    width: float,
    height: float,
) -> Drawing:
    d = Drawing(width, height)
    d.add(String(0, height - 10, title, fontName=st.FONT_B, fontSize=8.5, fillColor=st.ACCENT))
    plot = LinePlot()
    plot.x, plot.y = 44, 26
    plot.width, plot.height = width - 54, height - 58
    plot.data = [list(zip(xs, prima, strict=True)), list(zip(xs, bola, strict=True))]
    plot.lines[0].strokeColor = BINGO_COLOUR
    plot.lines[1].strokeColor = BOLA_COLOUR
    plot.lines[0].strokeWidth = 1.2
    plot.lines[1].strokeWidth = 1.2
    plot.xValueAxis.valueMin = min(xs) if xs else 0
    plot.xValueAxis.valueMax = max(xs) if xs else 1
    plot.xValueAxis.valueStep = _axis_step(len(xs))
    plot.xValueAxis.labels.fontName = st.FONT
    plot.xValueAxis.labels.fontSize = 6
    plot.yValueAxis.valueMin = 0
    plot.yValueAxis.labels.fontName = st.FONT
    plot.yValueAxis.labels.fontSize = 6
    plot.yValueAxis.labelTextFormat = lambda v: f"{v:,.0f} €".replace(",", ".")
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#dddddd")
    d.add(plot)
    legend = Legend()
    legend.x, legend.y = 50, 10
    legend.dx, legend.dy = 6, 6
    legend.fontName = st.FONT
    legend.fontSize = 6.5
    legend.columnMaximum = 1
    legend.alignment = "right"
    legend.deltax = 120
    legend.colorNamePairs = [(BINGO_COLOUR, names[0]), (BOLA_COLOUR, names[1])]
    d.add(legend)
    return d


def summary_story(acta: Acta) -> list[Flowable]:
    t = Texts(acta.languages)
    width = A4[0] - 30 * mm
    tot = acta.totals
    day = date.fromisoformat(acta.date) if acta.date else None
    out: list[Flowable] = st.bilingual(t.all("sm.title"), st.TITLE, st.TITLE_SECOND)
    out.append(
        st.para(
            f"{acta.hall_name} ({acta.hall_id}) · {t.join('rc.session')} "
            f"{acta.session_id} · {short_date(day) if day else acta.date}",
            st.BODY,
        )
    )
    if not acta.complete:
        out.append(st.para(" / ".join(t.all("page.working")), st.NOTE))
    rows = totals_rows(tot, t)
    table = st.key_value_table(rows, width * 0.7)
    table.hAlign = "LEFT"
    out += [st.gap(2), table, st.gap(4)]
    games = game_summary(acta, t, width * 0.7)  # bingo derivado and plus apart (none: as before)
    for flowable in games:
        flowable.hAlign = "LEFT"
    out += [*games, st.gap(4)] if games else []

    played = [p for p in acta.partidas if p.status == "closed"]
    labels = [str(p.number) for p in played]
    line_name, bingo_name = t.join("prize.line"), t.join("prize.bingo")
    if played:
        out.append(
            _bar_chart(
                " / ".join(t.all("sm.balls_chart")),
                labels,
                [[float(_line_at(p) or 0) for p in played], [float(len(p.balls)) for p in played]],
                [line_name, bingo_name],
                [LINE_COLOUR, BINGO_COLOUR],
                width,
                62 * mm,
                value_max=90,
            )
        )
        out.append(st.gap(3))
        other_name = t.join("sm.other")
        out.append(
            _bar_chart(
                " / ".join(t.all("sm.prizes_chart")),
                labels,
                [
                    [_prizes(p, ("line",)) / 100 for p in played],
                    [_prizes(p, ("bingo",)) / 100 for p in played],
                    [_prizes(p, ("prima", "bola_loca", "interconnected")) / 100 for p in played],
                ],
                [line_name, bingo_name, other_name],
                [LINE_COLOUR, BINGO_COLOUR, OTHER_COLOUR],
                width,
                62 * mm,
                stacked=True,
                money_axis=True,
            )
        )
        out.append(st.gap(3))
    done = [p for p in acta.partidas if p.status != "open" and p.prima and p.bola_loca]
    if done:
        out.append(
            _funds_chart(
                " / ".join(t.all("sm.funds_chart")),
                [p.number for p in done],
                [p.prima.fund_after_cents / 100 for p in done if p.prima],
                [p.bola_loca.fund_after_cents / 100 for p in done if p.bola_loca],
                [t.join("prize.prima"), t.join("prize.bola_loca")],
                width,
                55 * mm,
            )
        )
    out.append(st.gap(4))
    out += st.bilingual(t.all("sm.table"), st.SECTION, st.SECTION)
    body: list[list[str]] = []
    for p in acta.partidas:
        status = t.es(f"p.status.{p.status}") if p.status != "open" else t.es("sm.open_partida")
        body.append(
            [
                str(p.number),
                status.split(":")[0],
                str(p.cards_sold),
                money(p.takings_cents),
                str(len(p.balls)) if p.balls else "—",
                str(_line_at(p) or "—"),
                money(p.net_to_pay_cents),
                money(p.refund_cents) if p.refund_cents else "—",
            ]
        )
    out.append(
        st.grid_table(
            [
                t.join("sm.partida"),
                t.join("sm.status"),
                t.join("sum.cards"),
                t.join("sum.takings"),
                t.join("sm.balls"),
                t.join("sm.line_at"),
                t.join("sm.prizes"),
                t.join("sum.refunds"),
            ],
            body,
            [width * x for x in (0.08, 0.14, 0.12, 0.15, 0.09, 0.10, 0.16, 0.16)],
            align_right=(0, 2, 3, 4, 5, 6, 7),
        )
    )
    return out


def render_summary_data(acta: Acta) -> bytes:
    buf = io.BytesIO()
    title = f"Resumen de la sesión {acta.session_id}"
    created = parse_time(acta.issued_at)
    assert created is not None
    doc = st.plain_doc(
        buf,
        A4,
        title,
        acta.hall_name,
        on_page=st.footer_drawer(f"{acta.hall_name} · {acta.session_id}"),
    )
    info = DocInfo(
        title=title,
        author=f"{acta.hall_name} ({acta.hall_id})",
        subject=f"Resumen de la noche de {acta.hall_name}",
        keywords=f"bingo-hall resumen; sala={acta.hall_id}; sesion={acta.session_id}; "
        f"seq={acta.chain.seq}; cabeza={acta.chain.head}",
        created=created,
        creator=acta.generator or "bingo-hall",
    )
    story = summary_story(acta)
    if acta.simulation_seed is not None:
        mark = Texts(acta.languages).all("doc.simulation", seed=acta.simulation_seed)
        story = [*st.banners(mark), *story]
    elif acta.emulated_seeds:  # decision 520
        seeds = ", ".join(str(seed) for seed in acta.emulated_seeds)
        story = [*st.banners(Texts(acta.languages).all("doc.emulated", seeds=seeds)), *story]
    build(doc, story, info)
    return buf.getvalue()


def render_summary(export: Mapping[str, Any], session_id: str | None = None) -> bytes:
    """The night's summary of one session of ``export`` as PDF bytes."""
    return render_summary_data(build_acta(export, session_id))
