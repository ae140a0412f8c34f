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
        self._broadcast_due = False
        self._shown: dict[int, int] = {}  # the hash each board last reported
        # What each board shows as far as the host knows (it ACKed a SHOW of it, or reported
        # BHD/1's hash of it), and the hash its STATUS gives for it (None: not seen yet).
        self._views: dict[int, tuple[ShowState, int | None]] = {}
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
        """Show the hall's state on every board (one broadcast; stragglers get a push).

        Called from the record's commit: it only hands the state to the line's supervisor and
        returns. Nothing here waits for the line, which may be busy for a whole reconnection
        attempt (a pulled cable) or stuck.
        """
        state = ShowState(partida, extractions, last_ball or 0, frozenset(drawn))
        state.to_payload()  # a state that does not fit the frame is refused here, to the caller
        with self._synced:
            self._desired = state
            self._broadcast_due = True
        if not self._supervise:
            self._line_work()  # no supervisor to hand it to: the caller owns the line
        self.wake()

    def _line_work(self) -> None:
        with self._synced:
            due, self._broadcast_due = self._broadcast_due, False
            state = self._desired
        if not due or state is None:
            return
        with contextlib.suppress(LinkDown):  # if down, the state is pushed on reconnection
            self.link.broadcast(MsgType.SHOW, state.to_payload())
        for unit in self.units.values():
            unit.next_poll = 0.0  # verify every board at once

    def synced(self, address: int | None = None) -> bool:
        """Whether the board(s) show the desired state, as far as the host knows."""
        with self._synced:
            return self._is_synced(address)

    def _is_synced(self, address: int | None) -> bool:
        desired = self._desired
        if desired is None:
            return True
        addresses = [address] if address is not None else list(self.units)
        return all(
            (view := self._views.get(a)) is not None and view[0] == desired for a in addresses
        )

    def wait_synced(self, timeout: float, address: int | None = None) -> bool:
        with self._synced:
            return self._synced.wait_for(lambda: self._is_synced(address), timeout)

    def shown_hash(self, address: int | None = None) -> int | None:
        return self._shown.get(address if address is not None else self.address)

    def _on_offline(self, unit: Unit) -> None:
        with self._synced:
            self._shown.pop(unit.address, None)  # unknown until it answers again
            self._views.pop(unit.address, None)

    def _after_status(self, unit: Unit, status: Status) -> None:
        """Compare what the board shows with the desired state; push it if they differ.

        BHD/1 says a board answers "a 2-byte hash of what it shows" without fixing the hash:
        this project's boards use the CRC of the SHOW payload, a maker's may not. The hash is
        only a sign that the board changed: a board is in sync when it reports the hash it gave
        for the desired state after that state was pushed to it (learnt per board), or BHD/1's
        hash of it as this project computes it. Any other hash gets one push of the state.
        """
        shown = BoardFields.from_bytes(status.fields).shown_hash
        address = unit.address
        with self._synced:
            self._shown[address] = shown
            desired = self._desired
            view = self._views.get(address)
            if desired is None or self._broadcast_due:
                self._synced.notify_all()
                return  # a broadcast is on its way: that board is checked after it
            known = view is not None and view[0] == desired and view[1] in (None, shown)
            if known or shown == desired.hash:
                self._views[address] = (desired, shown)
            else:
                self._views.pop(address, None)
            in_sync = address in self._views
            self._synced.notify_all()
        if not in_sync:
            self._push(unit, desired)

    def _after_resync(self, unit: Unit) -> None:
        with self._synced:
            self._shown.pop(unit.address, None)  # came back or rebooted: unknown until pushed
            self._views.pop(unit.address, None)
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
        with self._synced:
            self._shown[unit.address] = int.from_bytes(reply.payload[:2], "big")
            # It ACKed the whole state: it shows it. Its STATUS hash for it is learnt next.
            self._views[unit.address] = (state, None)
            self._synced.notify_all()


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
