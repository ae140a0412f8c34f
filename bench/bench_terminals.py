"""Player terminals under load: 40 headless terminals (``app.terminal_client``) on one hall
server on loopback, each buying its cartones at the same time, then a partida's balls reaching
every terminal (R-MULTI-3). The machine is shared: the figures are indicative.
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

TERMINALS = 40
CARTONES = 6
BALLS = 30


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _show(name: str, values: list[float]) -> None:
    print(
        f"  {name:34s} p50 {statistics.median(values):6.1f} ms  "
        f"p99 {_percentile(values, 0.99):6.1f} ms  max {max(values):6.1f} ms"
    )


if TYPE_CHECKING:
    from app.terminal_client import TerminalClient


def _reached(version: int, client: TerminalClient) -> bool:
    return client.version >= version


def main() -> None:
    from app.terminal_client import TerminalClient
    from store import open_store
    from store.operators import OperatorBook
    from tests.server.kit import Client, Server, add_operators, open_session

    pin = "739104"
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "hall.sqlite"
        add_operators(db)
        with open_store(f"sqlite:///{db}") as store:
            book = OperatorBook(store)
            for n in range(TERMINALS):
                book.add(f"Terminal {n + 1}", "terminal", pin)
        server = Server(db).start()
        clients: list[TerminalClient] = []
        try:
            table = Client(server)
            open_session(table)
            table.do("start_partida")
            for n in range(TERMINALS):
                client = TerminalClient(server.url, f"Terminal {n + 1}")
                client.connect(pin)
                clients.append(client)
            buys: list[float] = []

            def buy(client: TerminalClient) -> None:
                started = time.perf_counter()
                client.buy(CARTONES, "card")
                buys.append((time.perf_counter() - started) * 1000.0)

            threads = [threading.Thread(target=buy, args=(c,)) for c in clients]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            table.do("close_sale")
            table.do("confirm_data_shown")
            seen: list[float] = []
            answered: list[float] = []  # the draw's own command, answered to the table
            slowest: list[float] = []  # per ball: until the last terminal has it
            for number in range(1, BALLS + 1):
                started = time.perf_counter()
                version = table.do("draw_ball", number=number)["version"]
                answered.append((time.perf_counter() - started) * 1000.0)
                for client in clients:
                    client.wait_for(partial(_reached, version), 30)
                    seen.append((time.perf_counter() - started) * 1000.0)
                slowest.append(seen[-1] if seen else 0.0)
                time.sleep(0.05)
        finally:
            for client in clients:
                client.close()
            server.stop()
    print(f"{TERMINALS} terminals on loopback, shared machine:")
    _show(f"buy {CARTONES} cartones (all at once)", buys)
    _show(f"ball sent -> in all {TERMINALS} terminals", seen)
    _show("draw_ball answered to the table", answered)
    worst = max(range(len(slowest)), key=slowest.__getitem__)
    print(
        f"  first ball in all terminals {slowest[0]:6.1f} ms (draw answered {answered[0]:.1f} ms); "
        f"slowest: ball {worst + 1}, {slowest[worst]:.1f} ms"
    )
