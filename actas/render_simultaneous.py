"""The acta's simultaneous partidas (R-MULTI-2, R-ACTA-1; Cantabria VI.1, IV; decisions
306-309): after the ordinary partidas and those of other modalities, one block for each
partida of the central site the session sold in, with the central record's position and hash
its figures rest on, this hall's sales and takings, every hall's cartones in play and the prizes
from all their takings, the balls, the winners of every hall with their shares and residues, and
the payments made at this hall. A session that sold in none prints none of this: its acta is
byte for byte what it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.platypus import Flowable

from actas import styles as st
from actas.i18n import Texts, money, percent


def _winners(rows: Sequence[Sequence[Any]], hall: str) -> str:
    return ", ".join(f"{n} ({h}{' · esta sala' if h == hall else ''})" for n, h in rows)


def _block(p: Mapping[str, Any], t: Texts, width: float) -> list[Flowable]:
    out: list[Flowable] = st.bilingual(
        t.all("sim.title", n=p["partida"], serie=p["serie_id"]), st.SECTION, st.SECTION
    )
    sales = ", ".join(
        f"{s['first']}-{s['last']} ({'tarjeta' if s['payment'] == 'card' else 'efectivo'})"
        for s in p["sales"]
    )
    rows = [
        (t.join("sim.sold"), str(p["cards_sold"])),
        (t.join("sim.price"), money(p["price_cents"])),
        (t.join("sim.takings"), money(p["takings_cents"])),
        (t.join("sim.sales"), sales or "—"),
    ]
    if p["status"] == "open":
        out.append(st.key_value_table(rows, width))
        return [*out, *st.bilingual(t.all("sim.open"), st.BODY, st.BODY_SECOND)]
    mine = next(h for h in p["halls"] if h["hall"] == p["hall"])
    rows = [
        (t.join("sim.hall"), p["hall"]),
        (t.join("sim.allotment"), f"{mine['first']}-{mine['last']}"),
        *rows,
        (t.join("sim.in_play"), str(p["cards_in_play"])),
        (t.join("sim.takings_all"), money(p["takings_all_cents"])),
        (t.join("sim.line", pct=percent(p["line_bp"])), money(p["line_cents"])),
        (t.join("sim.bingo", pct=percent(p["bingo_bp"])), money(p["bingo_cents"])),
    ]
    out.append(st.key_value_table(rows, width))
    out.append(st.gap(1))
    out += st.bilingual(t.all("sim.centre", seq=p["centre"]["seq"]), st.SMALL, st.SMALL_SECOND)
    out.append(st.para(p["centre"]["hash"], st.MONO))
    out += st.bilingual(t.all("sim.balls", n=len(p["balls"])), st.BODY, st.BODY_SECOND)
    out.append(st.para(" ".join(str(b) for b in p["balls"]), st.BODY))
    for prize in ("line", "bingo") if p["status"] != "annulled" else ():
        block = p[prize]
        out += st.bilingual(
            t.all(
                "sim.winners",
                prize=t.es(f"sim.prize.{prize}"),
                i=block["extraction"],
                winners=_winners(block["winners"], p["hall"]),
                share=money(block["share_cents"]),
                residue=money(block["residue_cents"]),
            ),
            st.BODY,
            st.BODY_SECOND,
        )
    if p["status"] in ("refunded", "annulled"):
        key = "sim.refunded" if p["status"] == "refunded" else f"sim.annulled.{p['annulled']}"
        out += st.bilingual(t.all(key, amount=money(p["refund_cents"])), st.BODY, st.BODY_SECOND)
    for paid in p["payments"]:
        out += st.bilingual(
            t.all(
                "sim.paid",
                prize=t.es(f"sim.prize.{paid['prize']}"),
                number=paid["number"],
                amount=money(paid["amount_cents"]),
            ),
            st.BODY,
            st.BODY_SECOND,
        )
    if not p["payments"] and p["status"] == "closed":
        out += st.bilingual(t.all("sim.none_paid"), st.BODY, st.BODY_SECOND)
    return out


def simultaneous_blocks(
    partidas: Sequence[Mapping[str, Any]], t: Texts, width: float
) -> list[list[Flowable]]:
    """One list of lines per simultaneous partida, the first headed by the section's title;
    none for a session that sold in none.
    """
    if not partidas:
        return []
    blocks = [_block(p, t, width) for p in partidas]
    head: list[Flowable] = st.bilingual(t.all("sim.section"), st.SECTION, st.SECTION)
    head += st.bilingual(t.all("sim.section_note"), st.SMALL, st.SMALL_SECOND)
    head.append(st.gap(1.5))
    blocks[0] = [*head, *blocks[0]]
    return blocks


@dataclass(frozen=True, slots=True)
class SimultaneousTotals:
    """This hall's part of the session's simultaneous partidas: what it sold, refunded and paid
    at its table (the prizes come from every hall's takings; what the halls owe each other is
    settled outside the program).
    """

    partidas_closed: int
    partidas_annulled: int  # annulled at the centre, or this hall withdrawn: refunded whole
    cards_sold: int
    takings_cents: int
    refunds_cents: int
    prizes_paid_cents: int


def simultaneous_totals(partidas: Sequence[Mapping[str, Any]]) -> SimultaneousTotals | None:
    if not partidas:
        return None
    return SimultaneousTotals(
        partidas_closed=sum(p["status"] == "closed" for p in partidas),
        partidas_annulled=sum(p["status"] in ("refunded", "annulled") for p in partidas),
        cards_sold=sum(int(p["cards_sold"]) for p in partidas),
        takings_cents=sum(int(p["takings_cents"]) for p in partidas),
        refunds_cents=sum(int(p.get("refund_cents", 0)) for p in partidas),
        prizes_paid_cents=sum(
            int(paid["amount_cents"]) for p in partidas for paid in p.get("payments", ())
        ),
    )


def simultaneous_summary(
    partidas: Sequence[Mapping[str, Any]], t: Texts, width: float
) -> list[Flowable]:
    """The closing statement's table of the simultaneous partidas (none without them)."""
    totals = simultaneous_totals(partidas)
    if totals is None:
        return []
    rows = [
        (t.join("sum.partidas"), f"{totals.partidas_closed} / {totals.partidas_annulled}"),
        (t.join("sim.sold"), str(totals.cards_sold)),
        (t.join("sim.takings"), money(totals.takings_cents)),
        (t.join("sum.refunds"), money(totals.refunds_cents)),
        (t.join("sim.sum.paid"), money(totals.prizes_paid_cents)),
    ]
    out: list[Flowable] = st.bilingual(t.all("sim.sum.title"), st.SECTION, st.SECTION)
    out.append(st.key_value_table(rows, width))
    return out
