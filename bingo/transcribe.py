"""Taking back the partidas kept in the manual book while the system was down (R-ACTA-4).

The manual book is transcribed into a file (``bingo-manual-book/1``, JSON) and replayed through
the very same rules as live play: sales, balls in their order, claims at the ball they were
called, closing and payment, or annulment. Every prize and fund is therefore recomputed by the
engine, and each transcribed partida is marked as such in the record and the acta. A partida that
was already open when the system failed is completed: what the record holds must match the book.

The whole book is first played on a copy of the record; only if every partida passes is it
written, so a faulty transcription changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bingo.hall import DomainError, Status
from bingo.hall.states import FINISHED
from bingo.interconnected import Ledger, MemoryLedger
from bingo.service import HallService, MemoryEventLog

FORMAT = "bingo-manual-book/1"


class BookError(ValueError):
    """A transcription that cannot be taken in; the message names the partida and the entry.

    ``partida`` is the book's partida it is about (None: the book as a whole), so that the
    console shows that partida without reading the message.
    """

    def __init__(self, message: str, partida: int | None = None) -> None:
        super().__init__(message)
        self.partida = partida


@dataclass(frozen=True)
class BookSale:
    series: str
    first: int
    last: int
    electronic: bool


@dataclass(frozen=True)
class BookClaim:
    after_ball: int
    series: str
    number: int
    prize: str


@dataclass(frozen=True)
class BookPartida:
    number: int
    note: str
    bola_loca: tuple[int, ...]
    sales: tuple[BookSale, ...]
    balls: tuple[int, ...]
    claims: tuple[BookClaim, ...]
    annulled_incident: str | None
    annulled_note: str


def _int(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BookError(f"{where}: se esperaba un número entero, no {value!r}")
    return value


#: A sale's ``kind`` in the book: True for the electronic one.
SALE_KINDS = {"physical": False, "electronic": True}


def _sale_kind(where: str, value: Any) -> bool:
    """Whether the book's sale is electronic; an unknown kind is refused, never taken as a
    physical sale (decision 646).
    """
    if not isinstance(value, str) or value not in SALE_KINDS:
        raise BookError(
            f"{where}: {value!r} no es un tipo de venta; se esperaba «physical» (cartones de "
            "papel) o «electronic»"
        )
    return SALE_KINDS[value]


def parse_book(data: Any) -> list[BookPartida]:
    """Check the shape of a manual-book file; every error names its place."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise BookError(f"no es un libro manual transcrito (se esperaba format = {FORMAT!r})")
    entries = data.get("partidas")
    if not isinstance(entries, list) or not entries:
        raise BookError("el libro no trae ninguna partida")
    out: list[BookPartida] = []
    for i, raw in enumerate(entries, 1):
        where, at = f"partida {i} del libro", i
        if not isinstance(raw, Mapping):
            raise BookError(f"{where}: debe ser un objeto", at)
        try:
            number = _int(f"{where}: number", raw["number"])
            where, at = f"partida {number} del libro", number
            sales = tuple(
                BookSale(
                    str(s["series"]),
                    _int(f"{where}: venta {j} first", s["first"]),
                    _int(f"{where}: venta {j} last", s["last"]),
                    _sale_kind(f"{where}: venta {j} kind", s.get("kind", "physical")),
                )
                for j, s in enumerate(raw.get("sales", []), 1)
            )
            balls = tuple(
                _int(f"{where}: bola {j}", b) for j, b in enumerate(raw.get("balls", []), 1)
            )
            claims = tuple(
                BookClaim(
                    _int(f"{where}: reclamación {j} after_ball", c["after_ball"]),
                    str(c["series"]),
                    _int(f"{where}: reclamación {j} number", c["number"]),
                    str(c["kind"]),
                )
                for j, c in enumerate(raw.get("claims", []), 1)
            )
            bola = tuple(_int(f"{where}: bola loca", b) for b in raw.get("bola_loca", []))
        except BookError as exc:
            raise BookError(str(exc), at) from None
        except (KeyError, TypeError) as exc:
            raise BookError(f"{where}: falta el campo {exc}", at) from None
        annulled = raw.get("annulled")
        if annulled is not None and not isinstance(annulled, Mapping):
            raise BookError(f"{where}: annulled debe ser un objeto o null", at)
        for c in claims:
            if not 0 <= c.after_ball <= len(balls):
                raise BookError(
                    f"{where}: una reclamación tras la bola {c.after_ball}, que no salió", at
                )
        out.append(
            BookPartida(
                number=number,
                note=str(raw.get("note", "")),
                bola_loca=bola,
                sales=sales,
                balls=balls,
                claims=tuple(sorted(claims, key=lambda c: c.after_ball)),
                annulled_incident=str(annulled.get("incident", "caller_error"))
                if annulled
                else None,
                annulled_note=str(annulled.get("note", "")) if annulled else "",
            )
        )
    return out


def _resume(svc: HallService, book: BookPartida, ledger: Ledger | None) -> bool | None:
    """A book partida the record already took in from this book: a rerun after the writing
    stopped part way (the shared fund out of reach between the close and the settlement).
    None: not taken in yet. False: taken in whole, nothing to do. True: it was closed and not
    yet paid, and is now settled and paid, as at the table (decision 288).
    """
    where = f"partida {book.number} del libro"
    session = svc.hall.session
    if session is None or not 0 < book.number <= len(session.partidas):
        return None
    partida = session.partidas[book.number - 1]
    if not partida.transcribed or partida.status not in (Status.CLOSED, *FINISHED):
        return None
    annulled = partida.status is Status.ANNULLED
    if partida.balls != list(book.balls) or annulled != (book.annulled_incident is not None):
        raise BookError(
            f"{where}: ya consta en el registro, y no como la trae el libro", book.number
        )
    if partida.finished:
        return False
    if ledger is not None:
        svc.play_interconnected(ledger)
    svc.pay_prizes()
    return True


def _play(svc: HallService, book: BookPartida, ledger: Ledger | None) -> bool:
    """Take ``book`` into the record; False when the record already holds it whole."""
    resumed = _resume(svc, book, ledger)
    if resumed is not None:
        return resumed
    hall = svc.hall
    where = f"partida {book.number} del libro"
    partida = hall.partida
    if partida is None:
        session = hall.session
        expected = len(session.partidas) + 1 if session else 1
        if book.number != expected:
            raise BookError(
                f"{where}: la siguiente partida de la sesión es la {expected}", book.number
            )
        svc.start_partida(bola_loca=(list(book.bola_loca), "manual_book"))
        partida = hall.partida
        assert partida is not None
    elif partida.number != book.number:
        raise BookError(
            f"{where}: la partida abierta en el sistema es la {partida.number}", book.number
        )
    elif tuple(partida.bola_loca_numbers) != book.bola_loca and book.bola_loca:
        raise BookError(
            f"{where}: los números de bola loca no coinciden con el registro", book.number
        )
    recorded = [(r.series, r.first, r.last, r.electronic) for r in partida.sales]
    wanted = [(s.series, s.first, s.last, s.electronic) for s in book.sales]
    if wanted[: len(recorded)] != recorded:
        raise BookError(
            f"{where}: las ventas no coinciden con las que constan en el registro", book.number
        )
    svc.note_manual_book(len(partida.balls) + 1, book.note or "transcrita del libro manual")
    for series, first, last, electronic in wanted[len(recorded) :]:
        svc.sell(series, first, last, electronic)
    if partida.status == Status.SALE_OPEN:
        svc.close_sale()
    untold = partida.status == Status.SALE_CLOSED and partida.interconnected is None
    if untold and ledger is not None:
        # Its players were never told the fund: it is not in play, but the partida's sales
        # feed it as every sale of a joined hall does (Cantabria V.2.b; decision 302).
        svc.announce_interconnected(ledger, told=False)
    if partida.status == Status.SALE_CLOSED:
        svc.confirm_data_shown()
    if partida.balls != list(book.balls[: len(partida.balls)]):
        raise BookError(
            f"{where}: las bolas del registro no coinciden con las del libro", book.number
        )
    pending = [c for c in book.claims if c.after_ball >= len(partida.balls)]
    for index in range(len(partida.balls), len(book.balls) + 1):
        for claim in [c for c in pending if c.after_ball == index]:
            if (claim.series, claim.number, claim.prize) in {
                (c.series, c.number, c.prize) for c in partida.claims if c.after_ball == index
            }:
                continue  # already checked before the failure
            svc.claim(claim.series, claim.number, claim.prize)
        if index < len(book.balls):
            svc.draw_ball(book.balls[index], "manual_book")
    if book.annulled_incident:
        svc.annul(book.annulled_incident, book.annulled_note)
        return True
    if partida.status != Status.BINGO_CALLED:
        raise BookError(f"{where}: el libro no trae ningún bingo correcto", book.number)
    svc.close_partida()
    if ledger is not None:
        # Settled before it is paid, as at the table (decisions 288, 302): a partida that
        # announced the prize before the failure may win it; one never announced only feeds it.
        svc.play_interconnected(ledger)
    svc.pay_prizes()
    return True


def transcribe(svc: HallService, data: Any, ledger: Ledger | None = None) -> list[int]:
    """Take the book's partidas into the record; returns their numbers. All or nothing.

    ``ledger``: the interconnected prize's shared fund, for a hall that joined it. The
    rehearsal settles against a copy of its figures, so a refused book touches neither the
    record nor the fund. The writing is not one transaction with the ledger: when the ledger
    fails after the rehearsal, what was written stays (a closed partida waiting for its
    settlement, like one closed at the table), and the same book run again completes it.
    Returns the numbers of the partidas taken in or completed now.
    """
    book = parse_book(data)
    rehearsal_log = MemoryEventLog()
    rehearsal_log.records[svc.hall_id] = svc.records()
    rehearsal = HallService(rehearsal_log, svc.hall_id, svc.card_sets)
    copy = None if ledger is None else MemoryLedger(ledger.network, ledger.rules, ledger.state())
    for partida in book:
        try:
            _play(rehearsal, partida, copy)
        except DomainError as exc:
            raise BookError(
                f"partida {partida.number} del libro: {exc.message}", partida.number
            ) from None
    taken = [p.number for p in book if _play(svc, p, ledger)]
    if not taken:
        raise BookError("el libro ya consta entero en el registro: no hay nada que transcribir")
    return taken


def template(partidas: Sequence[int]) -> dict[str, Any]:
    """An empty book to fill in, for the given partida numbers."""
    return {
        "format": FORMAT,
        "partidas": [
            {
                "number": n,
                "note": "",
                "bola_loca": [],
                "sales": [],
                "balls": [],
                "claims": [],
                "annulled": None,
            }
            for n in partidas
        ],
    }
