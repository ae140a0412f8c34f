"""The acta as a PDF: ReportLab Platypus, continuous folios, seal area, deterministic bytes.

``render_acta(export)`` gives the acta of the session as it stands in the export: while the
session is open it is a working copy that ends with the partida being played (its data, before
the first ball); once closed it carries the closing statement. The export travels inside the PDF
(embedded file ``registro.json``) and the head of the hash chain is printed at the end and kept
in the document's keywords, so ``actas.verify`` can tie the pages to the record.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from actas import styles as st
from actas.builder import (
    Acta,
    BallCheck,
    PartidaBlock,
    Totals,
    build_acta,
    parse_time,
)
from actas.i18n import Texts, clock, money, percent, short_date
from actas.pdf import Attachment, DocInfo, build, start_deflating
from actas.render_games import GameSections, game_summary
from actas.render_partida import KNOWN_KEYS, text_in
from actas.render_simultaneous import simultaneous_blocks
from bingo.chain import canonical_json

ATTACHMENT_NAME = "registro.json"
# Where the prima fund goes if the hall closes down, by the hall's region: only a region whose
# regulation says so gets a sentence (Cantabria V.2.a, last paragraph). The Basque decree has no
# such provision, so a Basque acta says nothing it does not (decision 40).
PRIMA_ON_HALL_CLOSURE: Mapping[str, str] = {"cantabria": "close.prima_closure.cantabria"}
_SECOND_LANGUAGE = (st.BODY_SECOND, st.SMALL_SECOND)  # the styles of the lines after Spanish
_MIN_ROOM = 95 * mm  # a partida that does not fit starts on the folio if this much is left
KEYWORDS_PREFIX = "bingo-hall acta"
#: Regions whose decree fixes no percentage: the figures are the hall's authorisation's.
AUTHORISED_FIGURES = frozenset({"euskadi"})

# The acta's format: what the same record gives on the folios. A change to the acta's wording
# or layout is a new format, and the renderer keeps every earlier one (``_Writer.fmt``), so
# ``acta verify`` regenerates an acta in the format it was made in (docs/decisions.md 160):
#   1  the first kept: the rules' percentages only;
#   2  the region file of the rules (version, resolution, SHA-256) and, with a hall's bola
#      loca, the decree's bingo it is taken from (decisions 116, 117);
#   3  the acta records its format in the document's keywords ("formato=3");
#   4  a ball set changed while the session was open has the count of its balls printed under
#      the change, and a failed count a good recount followed is no observation (decision 647);
#      a partida whose sale is open says so (648); a Basque hall's bingo percentage is its
#      authorisation's, not a decree's (650).
ACTA_FORMAT = 4
# Formats made before the acta recorded its own: an acta without "formato" is one of these.
UNRECORDED_FORMATS: tuple[int, ...] = (2, 1)


def attachment_for(export: Mapping[str, Any]) -> Attachment:
    """The export (with its chain of records) as the file embedded in every acta."""
    return Attachment(
        ATTACHMENT_NAME,
        canonical_json(export),
        "application/json",
        "Registro de la sesión (bingo-session/1) con su cadena de registros",
    )


def keywords_for(acta: Acta, fmt: int = ACTA_FORMAT) -> str:
    c = acta.chain
    recorded = f"; formato={fmt}" if fmt >= 3 else ""
    if fmt >= 4 and acta.hall_certificate:
        recorded += f"; certificado={acta.hall_certificate}"
    return (
        f"{KEYWORDS_PREFIX}; sala={acta.hall_id}; sesion={acta.session_id}; "
        f"seq={c.seq}; cabeza={c.head}{recorded}"
    )


def parse_keywords(keywords: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in keywords.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
    return out


class _Writer(GameSections):
    def __init__(self, acta: Acta, first_folio: int = 1, fmt: int = ACTA_FORMAT) -> None:
        super().__init__(acta, first_folio, fmt)

    # document ----------------------------------------------------------------------------
    def story(self, from_partida: int | None = None) -> list[Flowable]:
        a = self.acta
        out: list[Flowable] = []
        if from_partida is not None:  # the continuation of an acta from a folio's top
            return self.blocks([p for p in a.partidas if p.number >= from_partida])
        out += st.bilingual(self.t.all("acta.title"), st.TITLE, st.TITLE_SECOND)
        out.append(st.gap(2))
        if not a.complete:
            opened = parse_time(a.issued_at)
            out += st.banners(
                self.t.all("acta.working_banner", seq=a.chain.seq, time=clock(opened, seconds=True))
            )
        out += self.opening()
        if self.notes():
            out += self.observations()
        return out + self.blocks(a.partidas)

    def opening(self) -> list[Flowable]:
        a = self.acta
        t = self.t
        opened = parse_time(a.opened_at)
        out: list[Flowable] = st.bilingual(t.all("open.title"), st.SECTION, st.SECTION)
        out += self.lines(
            "open.text",
            hall=a.hall_name,
            hall_id=a.hall_id,
            region=a.region.capitalize(),
            time=clock(opened),
            date=self.day_text(),
            session=a.session_id,
            jm=a.jefe_de_mesa,
            js=a.jefe_de_sala,
        )
        if a.simulation_seed is not None:
            out += self.lines("open.simulation", seed=a.simulation_seed)
        if a.emulated_seeds:
            seeds = ", ".join(str(seed) for seed in a.emulated_seeds)
            out += self.lines("open.emulated", seeds=seeds)
        out += self.lines(
            "open.ball_set",
            id=a.ball_set_id,
            hom=a.ball_set_homologation,
            n=a.ball_set_partidas_before,
        )
        out += self.check_lines("open", "open.check")
        r = a.rules
        bola, bingo = r.get("bola_loca_bp"), r.get("bingo_bp")
        # A hall's bola loca is taken from the decree's bingo percentage (decisions 11, 50,
        # 117): the acta says so, or "bingo 50 %" would read against V.1.b's 51 %.
        taken = bool(bola) and bingo is not None and self.fmt >= 2
        # Decreto 277/1996 fixes no percentage: a Basque hall's come from its authorisation
        # (format 4 on: decision 650)
        key = "open.rules_bola"
        if a.region in AUTHORISED_FIGURES and self.fmt >= 4:
            key = "open.rules_bola_authorised"
        out += self.lines(
            key if taken else "open.rules",
            payout=percent(r.get("payout_bp")),
            line=percent(r.get("line_bp")),
            bingo=percent(bingo),
            decree=percent((bingo or 0) + (bola or 0)),
            prima=percent(r.get("prima_bp")),
            bola=percent(bola),
            limit=r.get("prima_ball_limit", "—"),
        )
        source = a.rules_source
        if source.get("sha256") and self.fmt >= 2:
            out += self.lines(
                "open.source",
                "small",
                file=source.get("file", "—"),
                version=source.get("version", "—"),
                resolution=source.get("resolution", "—"),
                sha256=source["sha256"],
            )
        if a.hall_certificate and self.fmt >= 4:
            fp = a.hall_certificate
            out += self.lines("open.certificate", "small", fingerprint=f"{fp[:32]} {fp[32:]}")
        first = next((p for p in a.partidas if p.prima is not None), None)
        amount = (
            a.opening_prima_changes[-1].amount_cents
            if a.opening_prima_changes
            else first.prima.amount_cents
            if first and first.prima
            else None
        )
        if amount is not None or a.totals.prima_fund_open_cents is not None:
            out += self.lines(
                "open.prima", amount=money(amount), fund=money(a.totals.prima_fund_open_cents)
            )
        if a.totals.bola_loca_fund_open_cents is not None:
            out += self.lines("open.bola", fund=money(a.totals.bola_loca_fund_open_cents))
        for c in a.opening_ball_set_changes:
            key = "open.ball_set_between" if c.between_sessions else "open.ball_set_change"
            out += self.ball_set_change(key, c)
        out.append(st.gap(2))
        out.append(st.signature_block([t.all("sign.jm")], [a.jefe_de_mesa], self.width * 0.5))
        out.append(st.gap(4))
        return out

    def check_lines(self, when: str, key: str) -> list[Flowable]:
        check: BallCheck | None = self.acta.check(when)
        if check is None:
            return [st.para(x, st.NOTE) for x in self.t.all("check.missing")]
        return self.lines(
            key,
            count=check.count,
            numbering=self.word("check.complete" if check.complete else "check.incomplete"),
            state=self.word("check.ok" if check.ok else "check.not_ok"),
        )

    def notes(self) -> tuple[str, ...]:
        """The observations this format prints (decision 647: format 4 on, a failed count a
        good recount followed is none).
        """
        before = self.acta.observations_before_4
        return before if before is not None and self.fmt < 4 else self.acta.observations

    def observations(self) -> list[Flowable]:
        out: list[Flowable] = st.bilingual(self.t.all("obs.title"), st.SECTION, st.SECTION)
        out += [st.para(f"• {note}", st.NOTE) for note in self.notes()]
        return out

    def blocks(self, partidas: Sequence[PartidaBlock]) -> list[Flowable]:
        """The partida blocks and what ends the acta.

        The closing statement and its signatures are kept on one folio with at least the last
        lines of the last partida (from its balls on), never alone on the last folio.
        """
        out: list[Flowable] = []
        end = self.closing() if self.acta.complete else self.working_end()
        # the partidas of the other modalities follow the ordinary ones (none: the same acta)
        items = [self.partida(p) for p in partidas] + self.game_blocks()
        items += simultaneous_blocks(self.acta.simultaneous, self.t, self.width)
        for i, lines in enumerate(items):
            if i < len(items) - 1 or not self.acta.complete:
                out.append(st.keep(lines, min_room=_MIN_ROOM))
                continue
            # its last lines (two, and whole statements: never a translation without the
            # Spanish line it follows)
            cut = max(len(lines) - 4, 1)
            while cut > 1 and getattr(lines[cut], "style", None) in _SECOND_LANGUAGE:
                cut -= 1
            out.append(st.keep(lines[:cut], min_room=_MIN_ROOM))
            out.append(st.keep([*lines[cut:], *end]))
            return out
        return out + end

    # end of the acta ---------------------------------------------------------------------
    def chain_lines(self, key: str) -> list[Flowable]:
        c = self.acta.chain
        out = self.lines(key, "small", hall_id=c.hall_id, first=c.first_seq, seq=c.seq)
        out.append(st.para(c.head, st.MONO))
        out += self.lines("close.attached", "small", name=ATTACHMENT_NAME)
        return out

    def closing(self) -> list[Flowable]:
        a = self.acta
        t = self.t
        tot = a.totals
        closed = parse_time(a.closed_at)
        out: list[Flowable] = st.bilingual(t.all("close.title"), st.SECTION, st.SECTION)
        out += self.lines(
            "close.text",
            time=clock(closed),
            date=self.day_text(),
            session=a.session_id,
            n=len(a.partidas),
            c=tot.partidas_closed,
            a=tot.partidas_annulled,
        )
        if a.last_partida_announced is not None:
            out += self.lines("close.last", n=a.last_partida_announced)
        out += self.check_lines("close", "close.check")
        rows = totals_rows(tot, t)
        summary: list[Flowable] = st.bilingual(t.all("close.summary"), st.SECTION, st.SECTION)
        if a.game_totals is not None or a.simultaneous:  # the ordinary bingo's figures first
            summary += st.bilingual(t.all("g.sum.ordinary"), st.SECTION, st.SECTION)
        # a bilingual hall's labels fit one line at the full width: the statement stays short
        # enough to share its folio with the end of the last partida
        summary.append(st.key_value_table(rows, self.width * (1 if t.bilingual else 0.75)))
        summary += game_summary(a, t, self.width * (1 if t.bilingual else 0.75))
        out.append(st.keep(summary))
        # the signatures never stand alone: at least the last statements go with them
        end: list[Flowable] = self.lines("close.prima_carry", "small")
        closure = PRIMA_ON_HALL_CLOSURE.get(a.region.strip().lower())
        if closure is not None:
            end += self.lines(closure, "small")
        end.append(st.gap(2))
        end += self.chain_lines("close.chain")
        end.append(st.gap(3))
        end.append(
            st.signature_block(
                [t.all("sign.jm"), t.all("sign.js")],
                [a.jefe_de_mesa, a.jefe_de_sala],
                self.width,
            )
        )
        out.append(st.keep(end))
        return out

    def working_end(self) -> list[Flowable]:
        return [st.gap(2), *self.chain_lines("working.chain")]

    def not_real_mark(self) -> tuple[str, ...]:
        """What is printed across every folio of a session that was no real night: simulated
        (decision 24), or on emulated devices (decision 520); nothing for a real one.
        """
        a, t = self.acta, self.t
        if a.simulation_seed is not None:
            texts = t.all("page.simulation", seed=a.simulation_seed)
            return ("SIMULACIÓN", *dict.fromkeys(texts))
        if a.emulated_seeds:
            seeds = ", ".join(str(seed) for seed in a.emulated_seeds)
            return ("EMULADO", *dict.fromkeys(t.all("page.emulated", seeds=seeds)))
        return ()

    def decor(self) -> st.PageDecor:
        a = self.acta
        t = self.t
        when = short_date(self.day) if self.day else a.date
        chain = "\n".join(
            dict.fromkeys(t.all("page.chain", seq=a.chain.seq, head=a.chain.head[:16]))
        )
        return st.PageDecor(
            hall_line=f"{a.hall_name} · {a.hall_id}",
            session_line=f"{t.join('rc.session')} {a.session_id} · {when}",
            folio=lambda n: "\n".join(t.all("page.folio", n=n + self.first_folio - 1)),
            seal_label=t.all("page.seal"),
            chain_line=chain,
            working_line=None if a.complete else "\n".join(t.all("page.working")),
            simulation_mark=self.not_real_mark(),
        )


def totals_rows(tot: Totals, t: Texts) -> list[tuple[str, str]]:
    """The night's figures as label/amount rows, for the acta's close and the summary."""
    rows: list[tuple[str, str]] = [
        (t.join("sum.partidas"), f"{tot.partidas_closed} / {tot.partidas_annulled}"),
        (t.join("sum.cards"), str(tot.cards_sold)),
        (t.join("sum.takings"), money(tot.takings_cents)),
        (t.join("sum.refunds"), money(tot.refunds_cents)),
    ]
    for prize, cents in tot.prizes_paid_cents.items():
        name = (
            " / ".join(text_in(f"prize.{prize}", lang) for lang in t.languages)
            if f"prize.{prize}" in KNOWN_KEYS
            else prize
        )
        rows.append((t.join("sum.paid", prize=name), money(cents)))
    rows += [
        (t.join("sum.paid_total"), money(tot.prizes_paid_total_cents)),
        (t.join("sum.residues"), money(tot.residues_cents)),
        (t.join("sum.prima_deductions"), money(tot.prima_deductions_cents)),
        (t.join("sum.bola_deductions"), money(tot.bola_loca_deductions_cents)),
        (
            t.join("sum.prima_fund"),
            f"{money(tot.prima_fund_open_cents)} → {money(tot.prima_fund_close_cents)}",
        ),
        (
            t.join("sum.bola_fund"),
            f"{money(tot.bola_loca_fund_open_cents)} → {money(tot.bola_loca_fund_close_cents)}",
        ),
        (t.join("sum.hall_share"), money(tot.hall_share_cents)),
    ]
    return rows


@dataclass(frozen=True, slots=True)
class ActaPrint:
    """One printing of an acta: its PDF and what is needed to continue it later.

    ``pdf`` holds folios ``first_folio`` to ``folios`` (from 1 for a whole acta).
    ``block_starts`` maps the partidas whose block opens a folio to that folio.
    """

    acta: Acta
    pdf: bytes
    first_folio: int
    block_starts: Mapping[int, int]
    folios: int


def _print(
    acta: Acta,
    attachments: Sequence[Attachment],
    from_partida: int | None,
    first_folio: int,
    fmt: int = ACTA_FORMAT,
) -> ActaPrint:
    deflating = start_deflating(attachments)  # on another core while the folios are laid out
    writer = _Writer(acta, first_folio, fmt)
    buf = io.BytesIO()
    title = Texts(acta.languages).es("acta.doc_title", session=acta.session_id)
    doc = st.acta_doc(buf, writer.decor(), title, acta.hall_name)
    doc.continued = writer.continued_header
    created = parse_time(acta.issued_at)
    assert created is not None
    info = DocInfo(
        title=title,
        author=f"{acta.hall_name} ({acta.hall_id})",
        subject=f"Acta de la sesión {acta.session_id} de {acta.hall_name}",
        keywords=keywords_for(acta, fmt),
        created=created,
        creator=acta.generator or "bingo-hall",
    )
    build(doc, writer.story(from_partida), info, attachments, deflating)
    # a game partida's block (negative number) is never where a continuation starts
    starts = {n: page + first_folio - 1 for n, page in doc.block_starts.items() if n >= 0}
    return ActaPrint(acta, buf.getvalue(), first_folio, starts, int(doc.page) + first_folio - 1)


def print_acta(
    acta: Acta, attachments: Sequence[Attachment] = (), fmt: int = ACTA_FORMAT
) -> ActaPrint:
    """The whole acta (in format ``fmt``), remembering where its partidas open folios."""
    return _print(acta, attachments, None, 1, fmt)


def _front(acta: Acta) -> tuple[Any, ...]:
    """Everything before the first partida block (a change there reflows every folio)."""
    return (
        acta.hall_id,
        acta.hall_name,
        acta.region,
        acta.languages,
        acta.session_id,
        acta.date,
        acta.opened_at,
        acta.jefe_de_mesa,
        acta.jefe_de_sala,
        tuple(sorted(acta.rules.items())),
        acta.ball_set_id,
        acta.ball_set_homologation,
        acta.ball_set_partidas_before,
        acta.check("open"),
        acta.opening_prima_changes,
        acta.opening_ball_set_changes,
        acta.totals.prima_fund_open_cents,
        acta.totals.bola_loca_fund_open_cents,
        acta.observations,
        acta.observations_before_4,
        acta.hall_certificate,
        acta.complete,
    )


def continue_acta(previous: ActaPrint, acta: Acta) -> ActaPrint:
    """The folios to add to an acta printed before: from the last folio that opens with a
    partida unchanged since then, to the end. Appending a partida costs a folio or two of
    layout, whatever the length of the session.

    The folios returned are those the whole acta would have from that folio on (same
    content and numbering); with nothing to continue from, the whole acta is returned.
    """
    before = previous.acta
    if _front(before) != _front(acta) or before.session_id != acta.session_id:
        return print_acta(acta)
    changed = next(
        (i for i, (x, y) in enumerate(zip(before.partidas, acta.partidas, strict=False)) if x != y),
        min(len(before.partidas), len(acta.partidas)),
    )
    if changed >= len(acta.partidas):
        limit = acta.partidas[-1].number if acta.partidas else 0
    else:
        limit = acta.partidas[changed].number
    candidates = [
        (n, folio)
        for n, folio in previous.block_starts.items()
        if n <= limit and any(p.number == n for p in acta.partidas)
    ]
    if not candidates:
        return print_acta(acta)
    number, folio = max(candidates)
    tail = _print(acta, (), number, folio)
    starts = {n: f for n, f in previous.block_starts.items() if n < number}
    starts.update(tail.block_starts)
    return ActaPrint(acta, tail.pdf, folio, starts, tail.folios)


def render_acta_data(
    acta: Acta, attachments: Sequence[Attachment] = (), fmt: int = ACTA_FORMAT
) -> bytes:
    """The PDF of an already built acta (the same acta always gives the same bytes), in the
    acta format ``fmt`` (an earlier one only to check an acta made in it).
    """
    return print_acta(acta, attachments, fmt).pdf


def render_acta(export: Mapping[str, Any], session_id: str | None = None) -> bytes:
    """The acta of one session of ``export`` as PDF bytes, with the export embedded."""
    acta = build_acta(export, session_id)
    return render_acta_data(acta, [attachment_for(export)])
