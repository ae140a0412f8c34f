"""Hall display board driver (BHD/1 addresses 0x10..0x1F, broadcast 0xFF).

``show`` sends the hall's whole state at once to every board with one broadcast SHOW. Boards
answer STATUS polls with the hash of what they show; the supervisor pushes SHOW again, addressed,
to any board whose hash differs: a board that missed the broadcast, rebooted or came back after
a disconnection catches up at once.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from drivers.device import DeviceDriver, DeviceOffline, DeviceOnline, Notice, Unit
from drivers.link import LinkDown, LinkTiming, NoReply
from drivers.protocol import (
    ADDR_BOARD_FIRST,
    ADDR_BOARD_LAST,
    BoardFields,
    DeviceKind,
    MsgType,
    ProtocolError,
    ShowState,
    Status,
)

log = logging.getLogger(__name__)


def open_emulated_boards(
    boards: int = 1, *, seed: int = 0, timing: LinkTiming | None = None
) -> tuple[HallBoardDriver, Callable[[], None]]:
    """Emulated boards on a pty (in-process) and their driver, opened; plus a stopper."""
    import serial

    from drivers.emulators import start_emulators

    hall = start_emulators(("board",), boards=boards, seed=seed)

    def open_port() -> Any:
        url = hall.board.url
        if url is None:
            raise OSError("emulated boards unplugged")
        return serial.serial_for_url(url, baudrate=19200)

    addresses = tuple(range(ADDR_BOARD_FIRST, ADDR_BOARD_FIRST + boards))
    try:
        driver = HallBoardDriver(open_port, addresses=addresses, timing=timing).open()
    except BaseException:
        hall.stop()
        raise

    def stop() -> None:
        driver.close()
        hall.stop()

    return driver, stop


class HallBoardDriver(DeviceDriver):
    KIND: ClassVar[DeviceKind] = DeviceKind.BOARD
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]] = (ADDR_BOARD_FIRST,)
    DEFAULT_NAME: ClassVar[str] = "boards"

    def __init__(self, port: Any, **kwargs: Any) -> None:
        super().__init__(port, **kwargs)
        for address in self.units:
            if not ADDR_BOARD_FIRST <= address <= ADDR_BOARD_LAST:
                raise ValueError(f"board address 0x{address:02X} outside 0x10..0x1F")
        self._desired: ShowState | None = None
        self._shown: dict[int, int] = {}
        self._synced = threading.Condition()
        self.pushes = 0

    @property
    def desired(self) -> ShowState | None:
        return self._desired

    def _check_fields(self, status: Status) -> None:
        BoardFields.from_bytes(status.fields)

    def show(
        self, partida: int, extractions: int, last_ball: int | None, drawn: frozenset[int]
    ) -> None:
        """Show the hall's state on every board (one broadcast; stragglers get a push)."""
        state = ShowState(partida, extractions, last_ball or 0, frozenset(drawn))
        payload = state.to_payload()
        self._desired = state
        with contextlib.suppress(LinkDown):  # if down, the state is pushed on reconnection
            self.link.broadcast(MsgType.SHOW, payload)
        for unit in self.units.values():
            unit.next_poll = 0.0  # verify every board's hash at once
        self.wake()

    def synced(self, address: int | None = None) -> bool:
        """Whether the board(s) last reported showing the desired state."""
        desired = self._desired
        if desired is None:
            return True
        wanted = desired.hash
        addresses = [address] if address is not None else list(self.units)
        return all(self._shown.get(a) == wanted for a in addresses)

    def wait_synced(self, timeout: float, address: int | None = None) -> bool:
        with self._synced:
            return self._synced.wait_for(lambda: self.synced(address), timeout)

    def shown_hash(self, address: int | None = None) -> int | None:
        return self._shown.get(address if address is not None else self.address)

    def _record(self, address: int, shown: int) -> None:
        with self._synced:
            self._shown[address] = shown
            self._synced.notify_all()

    def _on_offline(self, unit: Unit) -> None:
        with self._synced:
            self._shown.pop(unit.address, None)  # unknown until it answers again

    def _after_status(self, unit: Unit, status: Status) -> None:
        self._record(unit.address, BoardFields.from_bytes(status.fields).shown_hash)
        desired = self._desired
        if desired is not None and self._shown[unit.address] != desired.hash:
            self._push(unit, desired)

    def _after_resync(self, unit: Unit) -> None:
        with self._synced:
            self._shown.pop(unit.address, None)  # came back or rebooted: unknown until pushed
        desired = self._desired
        if desired is not None:
            self._push(unit, desired)

    def _push(self, unit: Unit, state: ShowState) -> None:
        try:
            reply = self.link.request(unit.address, MsgType.SHOW, state.to_payload())
        except (NoReply, LinkDown):
            raise
        except ProtocolError:
            return
        self.pushes += 1
        self._record(unit.address, int.from_bytes(reply.payload, "big"))


class BoardLines:
    """Every hall board line of the hall, shown as one: ``show`` goes to each line.

    A line that is unplugged, or a board that stops answering, is reported (once per outage, in
    the log and in ``offline()``) and never stops the game: its driver keeps trying and pushes
    the last state the moment the board answers again.
    """

    def __init__(self, drivers: Sequence[HallBoardDriver]) -> None:
        self.drivers = tuple(drivers)
        for driver in self.drivers:
            driver.add_listener(self._report)

    def show(
        self, partida: int, extractions: int, last_ball: int | None, drawn: frozenset[int]
    ) -> None:
        for driver in self.drivers:
            try:
                driver.show(partida, extractions, last_ball, drawn)
            except Exception:  # one line's trouble never stops the others, nor the game
                log.exception("paneles %s: no se pudo enviar el estado", driver.name)

    def offline(self) -> list[str]:
        """The boards not answering now, as "<line> 0x10"."""
        return [
            f"{driver.name} 0x{unit.address:02X}"
            for driver in self.drivers
            for unit in driver.units.values()
            if not unit.online
        ]

    def wait_synced(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        return all(d.wait_synced(max(0.0, deadline - time.monotonic())) for d in self.drivers)

    def close(self) -> None:
        for driver in self.drivers:
            driver.close()

    @staticmethod
    def _report(notice: Notice) -> None:
        if isinstance(notice.event, DeviceOffline):
            log.warning(
                "panel %s 0x%02X sin respuesta (%s): el juego sigue; se le enviará el estado "
                "cuando vuelva",
                notice.device,
                notice.address,
                notice.event.reason,
            )
        elif isinstance(notice.event, DeviceOnline) and notice.event.reconnected:
            log.warning("panel %s 0x%02X vuelve a responder", notice.device, notice.address)


def open_serial_boards(
    lines: Sequence[tuple[str, Sequence[int]]],
    *,
    baud: int = 19200,
    timing: LinkTiming | None = None,
) -> BoardLines:
    """Drivers for the hall boards on their serial lines (``[devices] boards``), opened.

    A line is a device path or pyserial URL and the board addresses on it. A port that does not
    exist yet, or goes away, is retried by its driver: boards may be plugged in at any time.
    """
    import serial

    def opener(port: str) -> Callable[[], Any]:
        def open_port() -> Any:
            return serial.serial_for_url(port, baudrate=baud, timeout=0.03)

        return open_port

    drivers: list[HallBoardDriver] = []
    try:
        for port, addresses in lines:
            driver = HallBoardDriver(
                opener(port), addresses=tuple(addresses), name=f"paneles {port}", timing=timing
            )
            drivers.append(driver.open())
    except BaseException:
        for driver in drivers:
            driver.close()
        raise
    return BoardLines(drivers)
