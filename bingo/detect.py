"""Which cartones complete a line or bingo with each ball (R-PRIZE-2, R-GAME-5).

Electronic cartones are claimed by the system for the player, so after every ball the hall needs
the cartones that have just completed their first row (line) or all 15 numbers (bingo), among
up to a million cartones in play, in well under a millisecond.

Representation: bit-sliced counters. Cartón ``i`` is bit ``i % 64`` of word ``i // 64``. For
every number and row there is a bitset of the cartones holding that number in that row (built
once), and each row of every cartón keeps a counter of its drawn numbers, stored as three
bitsets (the counter's bits 1, 2 and 4). A ball adds its bitsets to the counters with a few
AND/XOR/OR operations, 64 cartones per machine word, so the update costs the same whatever the
ball; a row is full when its counter reads 5 (binary 101).

Two backends do the same work. ``numpy`` runs a dozen whole-array operations per ball, then
lists the set bits with ``flatnonzero``, which has to look at every cartón's bit: late in a
90-ball run, when a ball completes 100 000 bingos at once, that listing is what costs most.
``compiled`` fuses the whole ball into one pass over the words and lists set bits directly; it
needs the optional ``numba`` package and is chosen by default when that is installed.

A cartón never completes a line and its bingo with the same ball: a ball completes at most one
row of a cartón, and bingo needs all three rows.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from bingo.errors import DuplicateBall
from bingo.i18n import _

__all__ = ["CompletionTracker", "compiled_backend_available"]

_I64 = npt.NDArray[np.int64]
_U64 = npt.NDArray[np.uint64]
_U8 = npt.NDArray[np.uint8]

Backend = Literal["auto", "numpy", "compiled"]

# Cartones packed into the bitsets per pass while building them: bounds the scratch memory.
_BUILD_CHUNK = 1 << 16

# Lowest set bit -> its position, by de Bruijn multiplication (no popcount instruction needed).
_ONE = np.uint64(1)
_SHIFT58 = np.uint64(58)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_BIT_OF = np.zeros(64, dtype=np.int64)
_BIT_OF[[((1 << b) * 0x03F79D71B4CB0A89) % (1 << 64) >> 58 for b in range(64)]] = np.arange(64)


def _fused_ball(
    hits: _U64,
    count: _U64,
    no_line: _U64,
    lines: _I64,
    n_lines: int,
    bingos: _I64,
    n_bingos: int,
    check_lines: bool,
    check_bingos: bool,
) -> tuple[int, int]:
    """One ball in one pass over the words: add it to the counters and list what it completes.

    Appends the cartones given a first line to ``lines[n_lines:]`` and those given bingo to
    ``bingos[n_bingos:]``; returns the new lengths. Written for numba (uint64 constants only,
    so nothing is promoted to float); it runs as plain Python too, slowly, which the tests use.
    """
    for w in range(hits.shape[1]):
        new = _ONE ^ _ONE  # cartones with a row made full by this ball (uint64 zero)
        every = ~new  # cartones with all three rows full
        for r in range(3):
            h = hits[r, w]
            ones, twos, fours = count[0, r, w], count[1, r, w], count[2, r, w]
            carry = ones & h
            ones ^= h
            fours |= twos & carry
            twos ^= carry
            count[0, r, w], count[1, r, w], count[2, r, w] = ones, twos, fours
            row_full = fours & ones  # counter at 5 (binary 101)
            new |= row_full & h
            every &= row_full
        if check_lines and new:
            base = w * 64
            first = new & no_line[w]
            no_line[w] ^= first
            while first:
                low = first & (~first + _ONE)
                lines[n_lines] = base + _BIT_OF[(low * _DEBRUIJN) >> _SHIFT58]
                n_lines += 1
                first ^= low
            done = every & new if check_bingos else new ^ new
            while done:
                low = done & (~done + _ONE)
                bingos[n_bingos] = base + _BIT_OF[(low * _DEBRUIJN) >> _SHIFT58]
                n_bingos += 1
                done ^= low
    return n_lines, n_bingos


@cache
def _compiled() -> Callable[..., tuple[int, int]] | None:
    """``_fused_ball`` compiled by numba, or None without numba. Compiles on first call."""
    try:
        numba: Any = importlib.import_module("numba")
    except ImportError:
        return None
    compiled: Callable[..., tuple[int, int]] = numba.njit(nogil=True, boundscheck=False)(
        _fused_ball
    )
    return compiled


def compiled_backend_available() -> bool:
    """Whether the ``compiled`` backend can run (the optional ``numba`` is installed)."""
    return _compiled() is not None


def _set_bits(words: _U64) -> _I64:
    """Positions of the set bits of a bitset, ascending."""
    nonzero = np.flatnonzero(words)
    if 4 * len(nonzero) > len(words):  # most words in use: unpack all, positions are the answer
        bits = np.unpackbits(words.view(np.uint8), bitorder="little")
        return np.flatnonzero(bits.view(bool))  # booleans scan several times faster than uint8
    bits = np.unpackbits(words[nonzero].view(np.uint8), bitorder="little")
    where = np.flatnonzero(bits.view(bool))
    found: _I64 = nonzero[where >> 6] * 64 + (where & 63)
    return found


def _frozen(array: _I64) -> _I64:
    array.setflags(write=False)
    return array


class CompletionTracker:
    """Lines and bingos of a fixed list of cartones, ball by ball, within one partida.

    ``cards`` is an ``(M, 3, 5)`` array of the combinations in play; ``card_numbers`` says which
    cartón each one is (default 1..M) — :meth:`add_ball` answers with positions in ``cards``.
    ``backend`` is ``"auto"`` (``compiled`` when numba is installed, else ``numpy``),
    ``"numpy"`` or ``"compiled"``; ``"python"`` runs the compiled backend's pass as plain
    Python, far too slow for a hall but it lets the tests check that code without numba.
    """

    def __init__(
        self,
        cards: npt.ArrayLike,
        card_numbers: npt.ArrayLike | None = None,
        *,
        backend: Backend | Literal["python"] = "auto",
    ) -> None:
        if backend == "numpy":
            self._kernel: Callable[..., tuple[int, int]] | None = None
        elif backend == "python":
            self._kernel = _fused_ball
        elif backend in ("auto", "compiled"):
            self._kernel = _compiled()
            if self._kernel is None and backend == "compiled":
                raise ValueError(_("el cálculo compilado necesita el paquete numba"))
        else:
            raise ValueError(_("cálculo desconocido: {b!r}").format(b=backend))
        self.backend: str = "numpy" if self._kernel is None else backend.replace("auto", "compiled")
        combos = _checked_cards(cards)
        m = len(combos)
        if card_numbers is None:
            numbers = np.arange(1, m + 1, dtype=np.int64)
        else:
            given = np.asarray(card_numbers)
            if given.shape != (m,) or (m and given.dtype.kind not in "iu"):
                raise ValueError(
                    _("hacen falta {m} números de cartón enteros, uno por cartón").format(m=m)
                )
            numbers = given.astype(np.int64)
        numbers.setflags(write=False)
        self._cards = combos
        self._numbers = numbers
        self._words = (m + 63) // 64
        self._masks = _row_bitsets(combos, self._words)  # (90, 3, words)
        # a counter per row of every cartón, one bitset per bit: 1, 2 and 4
        self._count = np.zeros((3, 3, self._words), dtype=np.uint64)
        self._carry = np.zeros((3, self._words), dtype=np.uint64)
        self._full = np.zeros((3, self._words), dtype=np.uint64)
        self._new_row = np.zeros(self._words, dtype=np.uint64)
        self._done = np.zeros(self._words, dtype=np.uint64)
        self._all_cards = np.zeros(self._words, dtype=np.uint64)
        self._all_cards.view(np.uint8)[:] = np.packbits(
            np.arange(self._words * 64) < m, bitorder="little"
        )
        self._no_line = self._all_cards.copy()
        self._new_buffers()
        self._balls: list[int] = []
        self._drawn = np.zeros(91, dtype=bool)
        self._lines: list[_I64] = []
        self._bingos: list[_I64] = []
        # ball of each cartón's first line and bingo, filled in from the lists when asked
        self._line_at = np.zeros(m, dtype=np.uint8)
        self._bingo_at = np.zeros(m, dtype=np.uint8)
        self._filled = 0

    @classmethod
    def replay(
        cls,
        cards: npt.ArrayLike,
        balls: Sequence[int],
        card_numbers: npt.ArrayLike | None = None,
        *,
        backend: Backend | Literal["python"] = "auto",
    ) -> CompletionTracker:
        """A tracker that has seen ``balls`` already, in order (after a restart)."""
        tracker = cls(cards, card_numbers, backend=backend)
        for ball in balls:
            tracker.add_ball(ball)
        return tracker

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def cards(self) -> _U8:
        """The combinations in play, read-only ``(M, 3, 5)``."""
        return self._cards

    @property
    def card_numbers(self) -> _I64:
        """The cartón number of each position, read-only."""
        return self._numbers

    @property
    def balls(self) -> tuple[int, ...]:
        """The balls added so far, in order."""
        return tuple(self._balls)

    def add_ball(self, number: int) -> tuple[_I64, _I64]:
        """Count a ball; the positions of the cartones it gives a first line and a bingo.

        Both arrays are ascending and read-only.
        """
        if isinstance(number, bool) or not isinstance(number, int | np.integer):
            raise ValueError(_("la bola {n!r} no es un número").format(n=number))
        if not 1 <= number <= 90:
            raise ValueError(_("la bola {n} no está entre 1 y 90").format(n=number))
        if self._drawn[number]:
            raise DuplicateBall(int(number), self._balls.index(int(number)) + 1)
        self._drawn[number] = True
        self._balls.append(int(number))
        if self._kernel is not None:
            lines, bingos = self._fused(number)
        else:
            lines, bingos = self._numpy(number)
        self._lines.append(_frozen(lines))
        self._bingos.append(_frozen(bingos))
        return self._lines[-1], self._bingos[-1]

    def _new_buffers(self) -> None:
        """Where the fused pass writes; a partida gives a cartón one first line and one bingo."""
        size = len(self._cards) if self._kernel is not None else 0
        self._line_buf = np.empty(size, dtype=np.int64)
        self._bingo_buf = np.empty(size, dtype=np.int64)
        self._n_lines = self._n_bingos = 0

    def _fused(self, number: int) -> tuple[_I64, _I64]:
        assert self._kernel is not None
        start_lines, start_bingos, drawn = self._n_lines, self._n_bingos, len(self._balls)
        self._n_lines, self._n_bingos = self._kernel(
            self._masks[number - 1],
            self._count,
            self._no_line,
            self._line_buf,
            start_lines,
            self._bingo_buf,
            start_bingos,
            drawn >= 5,  # no row is full before its 5th number
            drawn >= 15,  # nor is a cartón before its 15th
        )
        return (
            self._line_buf[start_lines : self._n_lines],
            self._bingo_buf[start_bingos : self._n_bingos],
        )

    def _numpy(self, number: int) -> tuple[_I64, _I64]:
        hits = self._masks[number - 1]  # (3, words): cartones with the number, by row
        ones, twos, fours = self._count
        carry, full = self._carry, self._full
        # add 1 where the row holds the number: ripple the carry through the three bits
        np.bitwise_and(ones, hits, out=carry)
        np.bitwise_xor(ones, hits, out=ones)
        np.bitwise_and(twos, carry, out=full)  # (borrowed as the second carry)
        np.bitwise_xor(twos, carry, out=twos)
        np.bitwise_or(fours, full, out=fours)
        lines = bingos = np.zeros(0, dtype=np.int64)
        if len(self._balls) >= 5:  # no row is full before its 5th number
            np.bitwise_and(fours, ones, out=full)  # counter at 5 (binary 101): row full
            np.bitwise_and(full, hits, out=carry)  # ...with this ball
            new_row = self._new_row  # a cartón holds the ball in one row at most
            np.bitwise_or(carry[0], carry[1], out=new_row)
            np.bitwise_or(new_row, carry[2], out=new_row)
            first = np.bitwise_and(new_row, self._no_line)
            np.bitwise_xor(self._no_line, first, out=self._no_line)
            lines = _set_bits(first)
            if len(self._balls) >= 15:  # nor is a cartón before its 15th
                done = self._done
                np.bitwise_and(full[0], full[1], out=done)
                np.bitwise_and(done, full[2], out=done)
                np.bitwise_and(done, new_row, out=done)
                bingos = _set_bits(done)
        return lines, bingos

    def reset(self) -> None:
        """Forget every ball: the state of a partida before its first ball."""
        self._count[:] = 0
        self._no_line[:] = self._all_cards
        self._new_buffers()  # fresh, so that arrays handed out before stay as they were
        self._balls.clear()
        self._drawn[:] = False
        self._lines.clear()
        self._bingos.clear()
        self._line_at[:] = 0
        self._bingo_at[:] = 0
        self._filled = 0

    def _fill(self) -> None:
        for k in range(self._filled, len(self._balls)):
            self._line_at[self._lines[k]] = k + 1
            self._bingo_at[self._bingos[k]] = k + 1
        self._filled = len(self._balls)

    @overload
    def line_completed_at(self, idx: int) -> int: ...
    @overload
    def line_completed_at(
        self, idx: Sequence[int] | npt.NDArray[np.integer[npt.NBitBase]]
    ) -> _U8: ...
    def line_completed_at(
        self, idx: int | Sequence[int] | npt.NDArray[np.integer[npt.NBitBase]]
    ) -> int | _U8:
        """Extraction index (1-based) of the ball that gave cartón ``idx`` its first line.

        0 while it has none; an array of them for an array of positions.
        """
        self._fill()
        return _lookup(self._line_at, idx)

    @overload
    def bingo_completed_at(self, idx: int) -> int: ...
    @overload
    def bingo_completed_at(
        self, idx: Sequence[int] | npt.NDArray[np.integer[npt.NBitBase]]
    ) -> _U8: ...
    def bingo_completed_at(
        self, idx: int | Sequence[int] | npt.NDArray[np.integer[npt.NBitBase]]
    ) -> int | _U8:
        """Extraction index (1-based) of the ball that completed all 15 numbers of ``idx``.

        0 while it is not complete; an array of them for an array of positions.
        """
        self._fill()
        return _lookup(self._bingo_at, idx)


def _lookup(at: _U8, idx: int | Sequence[int] | npt.NDArray[np.integer[npt.NBitBase]]) -> int | _U8:
    if isinstance(idx, int | np.integer):
        return int(at[int(idx)])
    picked: _U8 = at[np.asarray(idx, dtype=np.int64)]
    return picked


def _checked_cards(cards: npt.ArrayLike) -> _U8:
    """The cartones as a read-only (M, 3, 5) uint8 copy.

    ValueError unless every cartón has 15 different numbers in 1..90.
    """
    a = np.asarray(cards)
    if a.ndim != 3 or a.shape[1:] != (3, 5) or (a.size and a.dtype.kind not in "iu"):
        raise ValueError(
            _("los cartones deben ser enteros de forma (M, 3, 5), no {dtype} {shape}").format(
                dtype=a.dtype, shape=a.shape
            )
        )
    flat = a.reshape(len(a), 15)
    bad = np.flatnonzero(((flat < 1) | (flat > 90)).any(axis=1))
    if bad.size:
        raise ValueError(
            _("cartones con números fuera de 1..90, en las posiciones {where}").format(
                where=_some(bad)
            )
        )
    combos = np.array(a, dtype=np.uint8)
    ordered = np.sort(combos.reshape(len(a), 15), axis=1)
    bad = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    if bad.size:
        raise ValueError(
            _("cartones con un número repetido, en las posiciones {where}").format(where=_some(bad))
        )
    combos.setflags(write=False)
    return combos


def _some(positions: _I64) -> str:
    shown = ", ".join(str(int(p)) for p in positions[:10])
    return shown + (" …" if len(positions) > 10 else "")


def _row_bitsets(cards: _U8, words: int) -> _U64:
    """(90, 3, words): bit i of [n - 1, r] set when cartón i has number n in row r."""
    masks = np.zeros((90, 3, words), dtype=np.uint64)
    as_bytes = masks.view(np.uint8).reshape(90, 3, words * 8)
    for start in range(0, len(cards), _BUILD_CHUNK):
        chunk = cards[start : start + _BUILD_CHUNK]
        n = len(chunk)
        width = -(-n // 64) * 64  # whole words
        onehot = np.zeros((3, 90, width), dtype=bool)
        # onehot[r, number - 1, cartón] for every number of every row
        rows = np.repeat(np.arange(3), 5)
        flat = (rows * 90 + chunk.reshape(n, 15).astype(np.int64) - 1) * width + np.arange(n)[
            :, None
        ]
        onehot.reshape(-1)[flat.reshape(-1)] = True
        packed = np.packbits(onehot, axis=2, bitorder="little")  # (3, 90, width / 8)
        first = start // 8
        as_bytes[:, :, first : first + width // 8] = packed.transpose(1, 0, 2)
    return masks
