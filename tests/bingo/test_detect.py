"""Lines and bingos of electronic cartones, ball by ball (R-PRIZE-2, R-GAME-5)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bingo import detect
from bingo.detect import CompletionTracker, compiled_backend_available
from bingo.errors import DuplicateBall
from bingo.strips import generate_strips

BACKENDS = [
    "numpy",
    "python",
    pytest.param(
        "compiled",
        marks=pytest.mark.skipif(
            not compiled_backend_available(), reason="the optional numba is not installed"
        ),
    ),
]


@pytest.fixture(autouse=True)
def _wrapping_multiplication_is_intended() -> Iterator[None]:
    # the fused pass run as plain Python multiplies uint64 on purpose (modulo 2**64)
    with np.errstate(over="ignore"):
        yield


class Reference:
    """The rules read literally: a line is a row whose 5 numbers are drawn, a bingo all 15."""

    def __init__(self, cards: np.ndarray) -> None:
        self.cards = cards
        self.drawn = np.zeros(91, dtype=bool)
        self.line_at = np.zeros(len(cards), dtype=int)
        self.bingo_at = np.zeros(len(cards), dtype=int)
        self.balls = 0

    def add_ball(self, number: int) -> tuple[np.ndarray, np.ndarray]:
        self.drawn[number] = True
        self.balls += 1
        rows_full = self.drawn[self.cards].all(axis=2)
        lines = np.flatnonzero(rows_full.any(axis=1) & (self.line_at == 0))
        bingos = np.flatnonzero(rows_full.all(axis=1) & (self.bingo_at == 0))
        self.line_at[lines] = self.balls
        self.bingo_at[bingos] = self.balls
        return lines, bingos


def cartones(seed: int, count: int, shuffled: bool) -> np.ndarray:
    """``count`` cartones from generated strips; shuffled ones are any 15 different numbers."""
    combos = generate_strips(seed, -(-count // 6)).reshape(-1, 3, 5)[:count]
    if shuffled:
        rng = np.random.default_rng(seed)
        combos = np.stack([rng.permutation(c.reshape(-1)).reshape(3, 5) for c in combos])
    return combos


def check_against_reference(cards: np.ndarray, balls: list[int], backend: str) -> CompletionTracker:
    tracker = CompletionTracker(cards, backend=backend)  # type: ignore[arg-type]
    reference = Reference(cards)
    for k, ball in enumerate(balls, start=1):
        lines, bingos = tracker.add_ball(ball)
        want_lines, want_bingos = reference.add_ball(ball)
        assert lines.tolist() == want_lines.tolist(), (k, ball)
        assert bingos.tolist() == want_bingos.tolist(), (k, ball)
        assert not set(lines.tolist()) & set(bingos.tolist())  # never both on one ball
    everyone = np.arange(len(cards))
    assert tracker.line_completed_at(everyone).tolist() == reference.line_at.tolist()
    assert tracker.bingo_completed_at(everyone).tolist() == reference.bingo_at.tolist()
    return tracker


@pytest.mark.parametrize("backend", BACKENDS)
@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    count=st.integers(1, 150),
    shuffled=st.booleans(),
    drawn=st.integers(0, 90),
)
def test_lines_and_bingos_match_the_rules_read_literally(
    backend: str, seed: int, count: int, shuffled: bool, drawn: int
) -> None:
    """R-PRIZE-2: each ball reports the cartones it gives a first line and those it completes."""
    cards = cartones(seed, count, shuffled)
    balls = np.random.default_rng(seed + 1).permutation(np.arange(1, 91))[:drawn].tolist()
    check_against_reference(cards, balls, backend)


@pytest.mark.parametrize("backend", BACKENDS)
def test_one_ball_can_give_one_carton_its_line_and_another_its_bingo(backend: str) -> None:
    strips = generate_strips(21, 2)
    first = strips[0, 0]
    last = int(first[2, 4])
    # a cartón of the other strip with the same number, in one of its rows
    other = next(c for c in strips[1] if last in c)
    row = next(r for r in other if last in r)
    balls = [int(v) for v in first.reshape(-1) if v != last]
    balls += [int(v) for v in row if v != last and v not in balls] + [last]
    cards = np.stack([first, other])
    tracker = check_against_reference(cards, balls, backend)
    assert tracker.bingo_completed_at(0) == len(balls)
    assert tracker.line_completed_at(1) == len(balls)
    assert tracker.line_completed_at(0) < len(balls)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_partida_with_many_cartones_spans_many_words(backend: str) -> None:
    cards = cartones(5, 1000 if backend != "python" else 200, shuffled=False)
    balls = np.random.default_rng(5).permutation(np.arange(1, 91)).tolist()
    check_against_reference(cards, balls, backend)


def test_cartones_packed_in_several_passes_give_the_same_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(detect, "_BUILD_CHUNK", 64)
    cards = cartones(8, 300, shuffled=True)
    balls = np.random.default_rng(8).permutation(np.arange(1, 91)).tolist()
    check_against_reference(cards, balls, "numpy")


@pytest.mark.parametrize("backend", BACKENDS)
def test_after_a_restart_the_replayed_tracker_goes_on_as_before(backend: str) -> None:
    cards = cartones(3, 120, shuffled=False)
    balls = np.random.default_rng(3).permutation(np.arange(1, 91)).tolist()
    live = CompletionTracker(cards, backend=backend)  # type: ignore[arg-type]
    for ball in balls[:40]:
        live.add_ball(ball)
    restarted = CompletionTracker.replay(cards, balls[:40], backend=backend)  # type: ignore[arg-type]
    assert restarted.balls == live.balls == tuple(balls[:40])
    for ball in balls[40:]:
        got, want = restarted.add_ball(ball), live.add_ball(ball)
        assert got[0].tolist() == want[0].tolist()
        assert got[1].tolist() == want[1].tolist()
    everyone = np.arange(len(cards))
    assert (
        restarted.line_completed_at(everyone).tolist() == live.line_completed_at(everyone).tolist()
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_reset_tracker_starts_a_new_partida_and_old_answers_stay(backend: str) -> None:
    cards = cartones(4, 60, shuffled=False)
    order = np.random.default_rng(4).permutation(np.arange(1, 91)).tolist()
    tracker = CompletionTracker(cards, backend=backend)  # type: ignore[arg-type]
    answers = [tracker.add_ball(b) for b in order]
    kept = [(a.tolist(), b.tolist()) for a, b in answers]
    tracker.reset()
    assert tracker.balls == ()
    assert tracker.line_completed_at(0) == 0
    other = np.random.default_rng(40).permutation(np.arange(1, 91)).tolist()
    fresh = CompletionTracker(cards, backend=backend)  # type: ignore[arg-type]
    for ball in other:
        got, want = tracker.add_ball(ball), fresh.add_ball(ball)
        assert got[0].tolist() == want[0].tolist()
        assert got[1].tolist() == want[1].tolist()
    assert [(a.tolist(), b.tolist()) for a, b in answers] == kept


def test_answers_cannot_be_altered_by_the_caller() -> None:
    tracker = CompletionTracker(cartones(1, 30, shuffled=False))
    lines, bingos = tracker.add_ball(7)
    for answer in (lines, bingos):
        assert not answer.flags.writeable
    assert not tracker.cards.flags.writeable
    assert not tracker.card_numbers.flags.writeable


def test_positions_map_to_the_carton_numbers_in_play() -> None:
    cards = cartones(2, 4, shuffled=False)
    assert CompletionTracker(cards).card_numbers.tolist() == [1, 2, 3, 4]
    tracker = CompletionTracker(cards, card_numbers=[57, 58, 59, 120])
    assert tracker.card_numbers.tolist() == [57, 58, 59, 120]
    assert len(tracker) == 4
    with pytest.raises(ValueError, match="4 números de cartón"):
        CompletionTracker(cards, card_numbers=[1, 2, 3])


def test_no_cartones_in_play_means_nothing_to_report() -> None:
    tracker = CompletionTracker(np.zeros((0, 3, 5), dtype=np.uint8))
    for ball in range(1, 91):
        lines, bingos = tracker.add_ball(ball)
        assert lines.size == bingos.size == 0


@pytest.mark.parametrize(
    ("ball", "message"),
    [
        (0, "entre 1 y 90"),
        (91, "entre 1 y 90"),
        (True, "no es un número"),
        (7.0, "no es un número"),
    ],
)
def test_a_ball_outside_1_to_90_is_refused(ball: object, message: str) -> None:
    tracker = CompletionTracker(cartones(1, 6, shuffled=False))
    with pytest.raises(ValueError, match=message):
        tracker.add_ball(ball)  # type: ignore[arg-type]
    assert tracker.balls == ()


def test_a_ball_drawn_twice_is_refused_and_changes_nothing() -> None:
    tracker = CompletionTracker(cartones(1, 6, shuffled=False))
    tracker.add_ball(33)
    # the one "already drawn" error of the domain (R-INC-3)
    with pytest.raises(DuplicateBall, match=r"la bola 33 ya salió \(extracción 1\)"):
        tracker.add_ball(33)
    assert tracker.balls == (33,)


def test_cartones_that_cannot_be_played_are_refused() -> None:
    good = cartones(1, 12, shuffled=False)
    out_of_range = good.copy()
    out_of_range[3, 0, 0] = 0
    with pytest.raises(ValueError, match=r"fuera de 1\.\.90, en las posiciones 3"):
        CompletionTracker(out_of_range)
    repeated = good.copy()
    repeated[5, 2, 4] = repeated[5, 0, 0]
    with pytest.raises(ValueError, match="repetido, en las posiciones 5"):
        CompletionTracker(repeated)
    with pytest.raises(ValueError, match="forma"):
        CompletionTracker(good.reshape(-1, 5, 3))


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="desconocido"):
        CompletionTracker(cartones(1, 6, shuffled=False), backend="fast")  # type: ignore[arg-type]


@pytest.mark.skipif(compiled_backend_available(), reason="numba is installed here")
def test_the_compiled_backend_says_it_needs_numba() -> None:
    with pytest.raises(ValueError, match="numba"):
        CompletionTracker(cartones(1, 6, shuffled=False), backend="compiled")
    assert CompletionTracker(cartones(1, 6, shuffled=False)).backend == "numpy"
