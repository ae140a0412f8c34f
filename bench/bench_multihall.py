"""Bingo simultáneo under load (R-MULTI-2): a real centre (``bingo-hall serve --centre``, its
record on a SQLite file) and up to 50 halls' links on TLS, up to 1,000,000 electronic cartones
sold from the halls' allotments in one partida.

For every ball: from the ball entered at the centre to its winners known (the completion
tracker over every cartón sold, in the ball's record) and that record received, chain-checked,
by EVERY linked hall: p50 and p99 over the balls of several partidas. Also the time to close
the sale (the serie built from its seed, the tracker's index) and the centre's memory.

The links run in this process, one event loop, without the halls' copies on disk (their
writes are the halls' own, not the centre's). The machine is shared: the wall clock also
counts the moments the processes were not running, so the figures are upper bounds.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import numpy as np

from app.centre.link import HallLink, client_context
from app.centre.tls import make_pki
from bingo.chain import Record
from store import open_store
from store.operators import OperatorBook

ROOT = Path(__file__).resolve().parents[1]
SIZES: tuple[tuple[int, int], ...] = (
    (5, 10_000),
    (50, 10_000),
    (5, 100_000),
    (50, 100_000),
    (5, 1_000_000),
    (50, 1_000_000),
)
PARTIDAS = 3
SALA = ("Centro", "574839")


def rss_mib(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak (MiB)."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


Started = tuple[subprocess.Popen[bytes], str, Path, dict[str, str]]


def start_centre(folder: Path, halls: int) -> Started:
    db = f"sqlite:///{folder / 'centro.sqlite'}"
    names = {f"sala{i:02d}": secrets.token_hex(12) for i in range(halls)}
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(SALA[0], "jefe_de_sala", SALA[1])
        for name, secret in names.items():
            book.add(name, "terminal", secret)
    pki = make_pki(folder / "pki")
    with __import__("socket").socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve", "--centre", "--db", db, "--port", str(port),
         "--cert", str(pki["cert"]), "--key", str(pki["key"])],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=(folder / "centre.log").open("w"),
    )  # fmt: skip
    return proc, f"127.0.0.1:{port}", pki["ca"], names


async def run_size(halls: int, cartones: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, where, ca, names = start_centre(Path(tmp), halls)
        try:
            await measure(proc, where, ca, names, cartones)
        finally:
            proc.terminate()
            proc.wait(15)


async def measure(
    proc: subprocess.Popen[bytes], where: str, ca: Path, names: dict[str, str], cartones: int
) -> None:
    context = client_context(str(ca))
    http = httpx.AsyncClient(verify=context, timeout=120)
    for _ in range(600):
        try:
            await http.get(f"https://{where}/centre/v1/state")
            break
        except httpx.HTTPError:
            await asyncio.sleep(0.1)
    token = (
        await http.post(
            f"https://{where}/api/v1/login", json={"v": 1, "name": SALA[0], "pin": SALA[1]}
        )
    ).json()["token"]
    http.headers["Authorization"] = f"Bearer {token}"
    arrivals: dict[int, list[float]] = {}

    def heard(records: list[Record]) -> None:
        now = time.perf_counter()
        arrivals.setdefault(records[-1].seq, []).append(now)

    links = [HallLink(f"wss://{where}", n, s, context) for n, s in names.items()]
    for link in links:
        link.listeners.append(heard)
    tasks = [asyncio.create_task(link.run()) for link in links]
    while not all(link.connected for link in links):
        await asyncio.sleep(0.05)
    idle = rss_mib(proc.pid)[0]
    each = cartones // len(links)
    latencies: list[float] = []
    build: list[float] = []
    rng = np.random.default_rng(2026)
    for partida in range(1, PARTIDAS + 1):
        lots = {n: each for n in names}
        answer = await http.post(
            f"https://{where}/centre/v1/commands",
            json={"name": "open", "args": {"partida": partida, "price_cents": 100,
                                           "allotments": lots, "seed": partida}},
        )  # fmt: skip
        assert answer.status_code == 200, answer.text
        await asyncio.gather(*(link.send("sell", count=each) for link in links))
        started = time.perf_counter()
        answer = await http.post(f"https://{where}/centre/v1/commands", json={"name": "start"})
        assert answer.status_code == 200, answer.text
        build.append(time.perf_counter() - started)
        for ball in rng.permutation(np.arange(1, 91)):
            t0 = time.perf_counter()
            answer = await http.post(
                f"https://{where}/centre/v1/commands",
                json={"name": "ball", "args": {"number": int(ball)}},
            )
            seq = answer.json()["version"]
            while len(arrivals.get(seq, ())) < len(links):
                await asyncio.sleep(0.0005)
            latencies.append((max(arrivals[seq]) - t0) * 1e3)
            if "bingo" in answer.json()["record"]["payload"]:
                break
    now, peak = rss_mib(proc.pid)
    for task in tasks:
        task.cancel()
    await http.aclose()
    p50, p99 = np.percentile(latencies, [50, 99])
    print(
        f"{len(links):3d} halls {cartones:>9,} cartones: ball → winners known → every hall "
        f"informed p50 {p50:6.1f} ms  p99 {p99:6.1f} ms  max {max(latencies):6.1f} ms "
        f"({len(latencies)} balls, {PARTIDAS} partidas)"
    )
    print(
        f"{'':30}sale closed (serie + tracker) {np.median(build):5.2f} s;  centre memory: "
        f"{idle:5.0f} MiB linked and idle, {now:5.0f} MiB after, peak {peak:5.0f} MiB"
    )


def main() -> None:
    print(f"(shared machine: {os.cpu_count()} cores; wall-clock figures are upper bounds)")
    wanted = os.environ.get("BENCH_MULTIHALL_SIZES")  # e.g. "50x1000000" to run one size
    sizes = SIZES
    if wanted:
        sizes = tuple((int(h), int(c)) for h, c in (part.split("x") for part in wanted.split(",")))
    for halls, cartones in sizes:
        asyncio.run(run_size(halls, cartones))


if __name__ == "__main__":
    main()
