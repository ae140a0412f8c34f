"""The simultaneous partida on a joined hall's screens (docs/centre.md, "The hall's panels";
decisions 313-315): a ``simultanea`` message on the panels' stream, sent after the snapshot to
every screen that connects and pushed again as each central record reaches the hall's copy,
when the link is lost or back, and when the hall's own partida takes the screens or gives them
back.

Each message carries ``revision``, which only grows while the server runs, and ``seq``, the
last central record of the copy, which only grows at all: a screen ignores a message that does
not pass the ones it shows (a stale or replayed one).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from app.centre.link import HallLink
from app.server import wire
from app.server.host import HallHost
from bingo import simultaneous as sim
from bingo.chain import Record
from bingo.events import Event
from bingo.readmodel_simultaneous import SimulPanel, simultaneous_panel, takes_screens

#: How often the link's state is looked at: its loss is known after 8 s of silence
#: (``app.centre.link.SILENCE_SECONDS``), so this adds little to what the screens wait.
LOOK_SECONDS = 0.25


def simul_json(panel: SimulPanel | None) -> dict[str, Any] | None:
    """The partida as the screens read it: codes, numbers and cents (the schema's ``simul``)."""
    if panel is None:
        return None

    def winners(listed: Any) -> list[dict[str, Any]]:
        return [{"number": w.number, "hall": w.hall, "ours": w.ours} for w in listed]

    return {
        "partida": panel.partida,
        "serie_id": panel.serie_id,
        "status": panel.status,
        "price_cents": panel.price_cents,
        "cards_sold": panel.cards_sold,
        "halls": panel.halls,
        "sale_closed": panel.sale_closed,
        "line_cents": panel.line_cents,
        "bingo_cents": panel.bingo_cents,
        "balls": list(panel.balls),
        "last_ball": panel.last_ball,
        "extractions": len(panel.balls),
        "line": winners(panel.line),
        "line_count": panel.line_count,
        "line_extraction": panel.line_extraction,
        "bingo": winners(panel.bingo),
        "bingo_count": panel.bingo_count,
        "bingo_extraction": panel.bingo_extraction,
        "withdrawn": panel.withdrawn,
    }


class SimulFeed:
    """The ``simultanea`` messages of one hall server joined to a centre."""

    def __init__(self, host: HallHost, link: HallLink) -> None:
        self.host = host
        self.link = link
        self.revision = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        # the link (its count of welcomes) whose own "linked" record is in the copy: caught up
        # while that link lasts, never carried over to a link made again between two looks
        self._caught_up = -1
        self._pushed: tuple[Any, ...] | None = None  # what every screen was last told
        link.listeners.append(self._records)  # called on the loop, as each record is copied
        host.service.subscribe(self._committed)  # the hall's own partida may take the screens

    def message(self) -> dict[str, Any]:
        """The current message (a new revision); what a screen that connects gets first. It
        leaves alone what was last pushed to every screen: a screen connecting just as the link
        is lost must not keep that change from the screens already connected.
        """
        return self._message()[0]

    def _message(self) -> tuple[dict[str, Any], tuple[Any, ...]]:
        """The message and what it says (the copy's end, the link, shown), to compare."""
        self.revision += 1
        link = self.link
        panel = simultaneous_panel(link.state, link.hall)
        shown = self._shown(panel)
        linked = self.linked
        return {
            "v": wire.WIRE_VERSION,
            "type": "simultanea",
            "revision": self.revision,
            "seq": link.last_seq,
            "hall": link.hall,
            "connection": "linked" if linked else "lost",
            "shown": shown,
            "simul": simul_json(panel),
        }, (link.last_seq, linked, shown)

    @property
    def linked(self) -> bool:
        """Linked and caught up (decision 314): after each hello the centre sends every record
        the copy lacks, then records this hall linked; until that record is in the copy the
        screens still say "sin conexión con la central", never the copy's older state.
        """
        return self.link.connected and self._caught_up == self.link.welcomed

    def _shown(self, panel: SimulPanel | None) -> bool:
        """Decision 313, on what the screens show of the hall now (the host's last state,
        handed out on the loop, never the writer's state half applied).
        """
        own = self.host.state
        game = own.get("game")
        return takes_screens(
            panel,
            bool(own.get("door_closed")),
            str(own.get("announcement", "")),
            str(game["status"]) if isinstance(game, dict) else None,
        )

    def push(self) -> None:
        """On the loop: a message to every screen, in order with the hall's changes."""
        message, self._pushed = self._message()
        self.host.publish(message)

    def _changed(self) -> bool:
        link = self.link
        shown = self._shown(simultaneous_panel(link.state, link.hall))
        return self._pushed != (link.last_seq, self.linked, shown)

    def _records(self, records: list[Record]) -> None:
        """Caught up once the record of this link's "linked" is in the copy: one after the
        centre's last record of the welcome, never an older one of this hall in the backlog
        (a copy far behind gets its own old "linked" records in the backlog's first pages).
        """
        link = self.link
        if link.connected and any(
            r.kind == sim.LINK
            and r.seq > link.head
            and r.payload.get("hall") == link.hall
            and r.payload.get("outcome") == "linked"
            for r in records
        ):
            self._caught_up = link.welcomed
        self.push()

    def _committed(self, _record: Record, _event: Event) -> None:
        """On the hall's writer: look again on the loop, after the hall's own change."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._look)

    def _look(self) -> None:
        if self._changed():
            self.push()

    async def run(self) -> None:
        """Watch the link: its loss and its return go to the screens at once."""
        self._loop = asyncio.get_running_loop()
        with contextlib.suppress(asyncio.CancelledError):
            while True:
                await asyncio.sleep(LOOK_SECONDS)
                self._look()
