"""The acta's partidas of bingo derivado and bingo plus (Cantabria B.3, B.4; R-MULTI-4).

They follow the ordinary partidas under a heading of their own, numbered apart, each with its
game (name, version, file digest), plan, card set, sales, figures, prizes at stake per
combination with their winners, residues, balls, incidents and refunds; their figures are added
to the closing statement in rows of their own (``game_totals_rows``). A session that played
only the ordinary bingo prints none of this: its acta is byte for byte what it was.

A game partida's block is marked with a negative number (``acta_block = -n - 1``), so a folio
that opens in the middle of it repeats its heading, and the continuation of an acta
(``render.continue_acta``), which starts only at an ordinary partida, never starts inside them.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

from actas import styles as st
from actas.builder import parse_time
from actas.games import repeated_cartones
from actas.i18n import PerLang, Texts, clock, money
from actas.model import Acta, GamePartidaBlock, GamePrize
from actas.render_partida import KNOWN_KEYS, PartidaSections
from actas.render_simultaneous import simultaneous_summary, simultaneous_totals


def game_totals_rows(acta: Acta, t: Texts) -> list[tuple[str, str]]:
    """The other modalities' figures, then the whole session's takings, refunds and prizes
    (ordinary and other modalities together); no rows for a session without game partidas.
    """
    g = acta.game_totals
    if g is None:
        return []
    return [
        (t.join("sum.partidas"), f"{g.partidas_closed} / {g.partidas_annulled}"),
        (t.join("sum.cards"), str(g.cards_sold)),
        (t.join("sum.takings"), money(g.takings_cents)),
        (t.join("sum.refunds"), money(g.refunds_cents)),
        (t.join("sum.paid_total"), money(g.prizes_paid_cents)),
        (t.join("sum.residues"), money(g.residues_cents)),
        (t.join("g.sum.result"), money(g.hall_result_cents)),
    ]


def session_totals_rows(acta: Acta, t: Texts) -> list[tuple[str, str]]:
    """The whole session: the ordinary bingo's figures, the other modalities' and this hall's
    part of the simultaneous partidas together.
    """
    g = acta.game_totals
    sim = simultaneous_totals(acta.simultaneous)
    if g is None and sim is None:
        return []
    tot = acta.totals
    takings, refunds = tot.takings_cents, tot.refunds_cents
    paid = tot.prizes_paid_total_cents
    for part in (g, sim):
        if part is not None:
            takings += part.takings_cents
            refunds += part.refunds_cents
            paid += part.prizes_paid_cents
    return [
        (t.join("sum.takings"), money(takings)),
        (t.join("sum.refunds"), money(refunds)),
        (t.join("sum.paid_total"), money(paid)),
    ]


def game_summary(acta: Acta, t: Texts, width: float) -> list[Flowable]:
    """The headed tables of the other modalities, of the simultaneous partidas and of the
    whole session (none for a session of the ordinary bingo alone).
    """
    out: list[Flowable] = []
    if acta.game_totals is not None:
        out += st.bilingual(t.all("g.sum.title"), st.SECTION, st.SECTION)
        out.append(st.key_value_table(game_totals_rows(acta, t), width))
    out += simultaneous_summary(acta.simultaneous, t, width)
    if out:
        title = "sim.sum.all_title" if acta.simultaneous else "g.sum.all_title"
        out += st.bilingual(t.all(title), st.SECTION, st.SECTION)
        out.append(st.key_value_table(session_totals_rows(acta, t), width))
    return out


def _block(number: int) -> int:
    """The mark of game partida ``number``'s block: negative, never an ordinary partida's."""
    return -number - 1


class GameSections(PartidaSections):
    """The ordinary partida sections, and those of the partidas of the other modalities."""

    def game_blocks(self) -> list[list[Flowable]]:
        """One list of lines per game partida, the first headed by the section's title."""
        partidas = self.acta.game_partidas
        if not partidas:
            return []
        blocks = [self.game_partida(p) for p in partidas]
        head: list[Flowable] = st.bilingual(self.t.all("g.section"), st.SECTION, st.SECTION)
        head += self.lines("g.section_note", "small")
        head.append(st.gap(1.5))
        blocks[0] = [*head, *blocks[0]]
        return blocks

    def _modality(self, p: GamePartidaBlock) -> PerLang | str:
        key = f"g.modality.{p.game.modality}"
        return self.word(key) if key in KNOWN_KEYS else p.game.modality.upper()

    def game_partida(self, p: GamePartidaBlock) -> list[Flowable]:
        t = self.t
        w = self.width
        game = p.game
        times: list[tuple[str, ...]] = []
        opened, closed = parse_time(p.opened_at), parse_time(p.closed_at)
        if opened is not None:
            times.append(t.all("g.opened", time=clock(opened, True)))
        if closed is not None:
            times.append(t.all("p.closed", time=clock(closed, True)))
        when = "\n".join(" · ".join(x[i] for x in times) for i in range(len(t.languages)))
        header = st.partida_header_table(
            [
                self.lab("g.title", n=p.number, modality=self._modality(p)),
                self.lab(f"p.status.{p.status}"),
                when if times else "",
            ],
            w,
            annulled=p.status == "annulled",
        )
        header.acta_block = _block(p.number)  # a folio opening inside it repeats its heading
        out: list[Flowable] = [header]
        names = PerLang({lang: game.name(lang) for lang in t.languages})
        out += self.lines(
            "g.game",
            "small",
            name=names,
            version=game.version,
            rows=game.rows,
            columns=game.columns,
            numbers=game.numbers,
            card_set=p.card_set,
        )
        if game.sha256:
            out += self.lines("g.sha256", "small", sha256=game.sha256)
        if f"g.plan.{game.plan}" in KNOWN_KEYS:
            out += self.lines(f"g.plan.{game.plan}", "small", balls=game.plan_balls or "—")
        out.append(
            st.figures_table(
                [
                    self.lab("fig.price"),
                    self.lab("fig.sold"),
                    self.lab("fig.takings"),
                    self.lab("g.fig.paid"),
                    self.lab("g.fig.residue"),
                ],
                [
                    money(p.face_value_cents),
                    str(p.cards_sold),
                    money(p.takings_cents),
                    money(sum(pr.paid_cents for pr in p.prizes)),
                    money(p.residue_cents),
                ],
                w,
            )
        )
        out.append(self.sales(p.sales))
        for r in repeated_cartones(p.sales):
            out += self.lines("g.repeated", "small", cartones=r.text(), card_set=p.card_set)
        if p.status == "closed":
            out.append(self.game_prizes(p))
        elif p.status == "annulled":
            out += self.lines("p.no_prizes", "small")
        else:
            out += self.lines("p.pending", "small")
        if p.balls:
            out.append(self.ball_run(p.balls))
        for inc in p.incidents:
            out += self.incident(inc)
        if p.refund_cents:
            out += self.lines("refund", "small", amount=money(p.refund_cents), n=p.cards_sold)
        if p.last_announced and f"g.last.{game.modality}" in KNOWN_KEYS:
            # R-GAME-6 "de cada modalidad": said only when announced, so the others keep bytes
            out += self.lines(f"g.last.{game.modality}", "small")
        out.append(st.BlockEnd(_block(p.number)))
        out.append(st.gap(3.5))
        return out

    def game_prizes(self, p: GamePartidaBlock) -> Flowable:
        """Each combination of the plan: what was at stake, who won it, with which ball."""
        rows: list[list[str]] = []
        for pr in p.prizes:
            rows += self._prize_rows(p, pr)
        return self.prizes_grid(rows, sum(pr.paid_cents for pr in p.prizes))

    def _prize_rows(self, p: GamePartidaBlock, pr: GamePrize) -> list[list[str]]:
        t = self.t
        name = st.label([p.game.combination(pr.combination, lang) for lang in t.languages])
        if not pr.winners:
            return [
                [
                    name,
                    money(pr.amount_cents),
                    st.label(t.all("g.no_winner")),
                    "",
                    "",
                    money(pr.residue_cents) if pr.residue_cents else "",
                    money(0),
                ]
            ]
        rows: list[list[str]] = []
        for i, win in enumerate(pr.winners):
            first = i == 0
            ball = t.es(
                "ball.at",
                idx=win.ball_index,
                n=win.ball_number if win.ball_number is not None else "?",
            )
            rows.append(
                [
                    name if first else "",
                    money(pr.amount_cents) if first else "",
                    f"{win.series} / {win.number}",
                    ball,
                    money(win.share_cents),
                    money(pr.residue_cents) if first else "",
                    money(pr.paid_cents) if first else "",
                ]
            )
        return rows

    def continued_header(self, number: int) -> Flowable:
        """A game partida's heading, marked as continued (its block number is negative)."""
        if number >= 0:
            return super().continued_header(number)
        p = next(x for x in self.acta.game_partidas if _block(x.number) == number)
        return st.partida_header_table(
            [
                self.lab("p.continued", n=p.number),
                self.lab(
                    "g.status", modality=self._modality(p), status=self.word(f"p.status.{p.status}")
                ),
                "",
            ],
            self.width,
            annulled=p.status == "annulled",
        )
