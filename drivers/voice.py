"""The ball calls aloud (SPEC R-DEV-3): espeak-ng renders each call once, offline, into a cache of
WAV files; a player thread sends them to the machine's audio output, or a panel fetches them.

The voice is a device like the boards: it only ever says what the record holds (a committed ball
or a correction), never a reading, and nothing it does can stop the game. A missing or failing
espeak-ng, or a machine with no audio device, is said once in the log and the game goes on.

The words come from espeak-ng's own number reading in each language's voice ("45" is read
"cuarenta y cinco" by the ``es`` voice, "berrogeita bost" by ``eu``): one source of words, the
same one the voice speaks with. A call is the number, then its digits one by one from 10 on
("45, 4, 5"), as halls call (docs/decisions.md 95). A hall that recorded its own caller
(``import_pack``) is heard in that recording instead, for the languages it recorded.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

log = logging.getLogger(__name__)

# The espeak-ng voice that speaks each language the hall knows. Debian's espeak-ng 1.51 has no
# Galician voice: a hall that asks for it gets the others and a message (decision 96).
ESPEAK_VOICES = {"es": "es", "eu": "eu", "gl": "gl", "ca": "ca", "en": "en"}
LANGUAGE_NAMES = {
    "es": "castellano",
    "eu": "euskera",
    "gl": "gallego",
    "ca": "catalán",
    "en": "inglés",
}
BALLS = range(1, 91)
RENDER_TIMEOUT = 30.0  # seconds for one call; espeak-ng takes a few hundredths
RECORDED = "recorded"  # <cache>/recorded/<lang>/<nn>.wav: the hall's own caller (decision 722)
# the imported calls are made alike: espeak-ng's format, and one loudness for every call
RECORDED_RATE = 22050
TARGET_RMS_DB = -23.0  # dBFS; espeak-ng's calls measure about -20 to -24
PEAK_CEILING_DB = -1.0  # a loud call is brought no higher than this peak: it never clips
PLAYERS = (("aplay", "-q"), ("paplay",), ("play", "-q"))  # the first one found plays


class VoiceError(RuntimeError):
    """espeak-ng cannot render a call; the message is for the hall's staff (Spanish)."""


def call_text(number: int, *, digits: bool = True) -> str:
    """What espeak-ng reads for a ball: the number, then its digits from 10 on ("45, 4, 5")."""
    if number not in BALLS:
        raise ValueError(f"bola fuera de 1..90: {number}")
    if digits and number >= 10:
        return f"{number}, {number // 10}, {number % 10}"
    return str(number)


@dataclass(frozen=True)
class PrepareReport:
    """What ``BallVoice.prepare`` did: files rendered or already cached, and how long it took."""

    rendered: int
    cached: int
    seconds: float
    languages: tuple[str, ...]
    missing: dict[str, str] = field(default_factory=dict)  # language -> why it has no calls


class BallVoice:
    """Renders the calls of the 90 balls in some languages, once, into ``cache_dir``.

    A file's name carries a key of the text, the espeak-ng voice and espeak-ng's version, so a
    new espeak-ng or another wording renders again and never plays a stale call.
    """

    def __init__(
        self,
        languages: Sequence[str],
        cache_dir: str | Path,
        *,
        espeak: str = "espeak-ng",
        digits: bool = True,
    ) -> None:
        unknown = [lang for lang in languages if lang not in ESPEAK_VOICES]
        if unknown:
            raise ValueError(f"lengua desconocida para la voz: {unknown[0]!r}")
        self.languages = tuple(languages)
        self.cache_dir = Path(cache_dir)
        self.espeak = espeak
        self.digits = digits
        self.renders = 0  # espeak-ng runs that wrote a call
        self._version: str | None = None
        self._lock = threading.Lock()

    def _run(self, args: Sequence[str]) -> subprocess.CompletedProcess[str]:
        try:
            return subprocess.run(
                [self.espeak, *args],
                capture_output=True,
                text=True,
                timeout=RENDER_TIMEOUT,
                check=False,
            )
        except FileNotFoundError:
            raise VoiceError(
                f"no se encuentra {self.espeak!r}: instale el paquete espeak-ng "
                "(scripts/system-deps.sh); las bolas no se cantan por voz"
            ) from None
        except (OSError, subprocess.SubprocessError) as exc:
            raise VoiceError(f"{self.espeak} no funciona: {exc}") from None

    @property
    def version(self) -> str:
        """espeak-ng's version line (part of every cache key)."""
        if self._version is None:
            done = self._run(["--version"])
            line = done.stdout.strip().splitlines()[0] if done.stdout.strip() else ""
            if done.returncode != 0 or not line:
                raise VoiceError(
                    f"{self.espeak} --version falla (código {done.returncode}): "
                    f"{_last_line(done.stderr)}"
                )
            self._version = line
        return self._version

    def text(self, number: int) -> str:
        return call_text(number, digits=self.digits)

    def path_for(self, number: int, language: str) -> Path:
        """Where the call is (or will be) cached: ``<cache>/<lang>/<nn>-<key>.wav``."""
        if language not in self.languages:
            raise ValueError(f"la voz no habla {language!r} (habla {', '.join(self.languages)})")
        voice = ESPEAK_VOICES[language]
        key = hashlib.sha256(f"{self.text(number)}\0{voice}\0{self.version}".encode()).hexdigest()[
            :16
        ]
        return self.cache_dir / language / f"{number:02d}-{key}.wav"

    def recorded_for(self, number: int, language: str) -> Path | None:
        """The hall's own recorded call of ``number`` in ``language``, if it imported one."""
        path = self.cache_dir / RECORDED / language / f"{number:02d}.wav"
        return path if path.exists() else None

    def wav_for(self, number: int, language: str) -> Path:
        """The call of ``number`` in ``language`` as a WAV file: the hall's recorded caller
        when it has one, else espeak-ng's, rendered on first use.
        """
        if language not in self.languages:
            raise ValueError(f"la voz no habla {language!r} (habla {', '.join(self.languages)})")
        recorded = self.recorded_for(call_number(number), language)
        if recorded is not None:
            return recorded
        path = self.path_for(number, language)
        if path.exists():
            return path
        with self._lock:
            if not path.exists():  # another thread may have rendered it meanwhile
                self._render(self.text(number), ESPEAK_VOICES[language], path)
        return path

    def _render(self, text: str, voice: str, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".wav", dir=path.parent)
        os.close(fd)
        try:
            done = self._run(["-v", voice, "-w", tmp, text])
            if done.returncode != 0:
                raise VoiceError(
                    f"{self.espeak} no dice {text!r} con la voz {voice!r} "
                    f"(código {done.returncode}): {_last_line(done.stderr)}"
                )
            if os.path.getsize(tmp) <= 44:  # a WAV header and no sound
                raise VoiceError(f"{self.espeak} no dio sonido para {text!r} ({voice})")
            os.replace(tmp, path)  # atomic: a crash never leaves half a call under its name
            self.renders += 1
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)

    def prepare(self, languages: Iterable[str] | None = None) -> PrepareReport:
        """Render every call (90 per language) not yet cached; a language espeak-ng cannot
        speak is reported in ``missing`` and the others are prepared.
        """
        started = time.perf_counter()
        before = self.renders
        wanted = tuple(languages) if languages is not None else self.languages
        cached = 0
        missing: dict[str, str] = {}
        for language in wanted:
            for number in BALLS:
                try:
                    if (
                        self.recorded_for(number, language)
                        or self.path_for(number, language).exists()
                    ):
                        cached += 1
                    else:
                        self.wav_for(number, language)
                except VoiceError as exc:
                    if number == BALLS[0] and language != wanted[0]:
                        missing[language] = str(exc)  # no voice for it: go on with the others
                        break
                    raise
        return PrepareReport(
            rendered=self.renders - before,
            cached=cached,
            seconds=time.perf_counter() - started,
            languages=tuple(lang for lang in wanted if lang not in missing),
            missing=missing,
        )


def call_number(number: int) -> int:
    if number not in BALLS:
        raise ValueError(f"bola fuera de 1..90: {number}")
    return number


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "sin mensaje"


def find_player() -> tuple[str, ...] | None:
    """The command that plays a WAV on this machine's audio output, if any is installed."""
    for command in PLAYERS:
        if shutil.which(command[0]):
            return command
    return None


class AudioOut:
    """Plays WAV files in order on a thread through the machine's audio output.

    ``command`` is the player and its options (the file is appended), or found among aplay,
    paplay and sox's play. A machine with no player or no audio device is said once in the log;
    ``play`` never blocks and never raises.
    """

    def __init__(self, command: Sequence[str] | None = None, *, timeout: float = 15.0) -> None:
        # an empty command: nothing plays here (the calls are only prepared)
        self.command = (tuple(command) or None) if command is not None else find_player()
        self.timeout = timeout
        self.played = 0
        self.failed = 0
        self._warned = False
        self._queue: queue.Queue[Callable[[], Iterable[Path]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="voice-audio", daemon=True)
        self._thread.start()

    def play(self, *wavs: Path) -> None:
        """Queue files to play after those already queued."""
        self.submit(lambda: wavs)

    def submit(self, job: Callable[[], Iterable[Path]]) -> None:
        """Queue a job that gives the files to play (run on the player's thread, in order)."""
        self._queue.put(job)

    def wait_idle(self, timeout: float) -> bool:
        """Whether everything queued was played (or given up) within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            try:
                if job is None:
                    return
                for wav in job():
                    self._play(wav)
            except VoiceError as exc:
                self._warn(str(exc))
            except Exception:
                log.exception("voz: fallo al cantar una bola")
            finally:
                self._queue.task_done()

    def _play(self, wav: Path) -> None:
        if self.command is None:
            self.failed += 1
            self._warn("no hay reproductor de audio (aplay, paplay o play de sox)")
            return
        try:
            done = subprocess.run(
                [*self.command, str(wav)],
                capture_output=True,
                text=True,
                timeout=self.timeout,
                check=False,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            self.failed += 1
            self._warn(f"{self.command[0]} no funciona: {exc}")
            return
        if done.returncode != 0:
            self.failed += 1
            self._warn(f"{self.command[0]} no puede sonar: {_last_line(done.stderr)}")
            return
        if self._warned:
            log.info("voz: la salida de audio vuelve a sonar")
            self._warned = False
        self.played += 1

    def _warn(self, why: str) -> None:
        if not self._warned:  # once, not at every ball
            log.warning("voz: las bolas no se cantan: %s", why)
            self._warned = True


class VoiceOptions(Protocol):
    """What the voice needs of the hall's ``[voice]`` settings (``config.VoiceConfig``)."""

    @property
    def enabled(self) -> bool: ...
    @property
    def caller(self) -> str: ...  # "voice", or "human": a person calls, the voice keeps quiet
    @property
    def output(self) -> str: ...  # "server", or "panel": a chosen panel plays the files
    @property
    def languages(self) -> tuple[str, ...]: ...
    @property
    def digits(self) -> bool: ...
    @property
    def cache_dir(self) -> str | None: ...


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "bingo-hall" / "voice"


class Voice:
    """What the hall calls for each committed ball: ``call(number)``.

    With ``output = "server"`` the calls play on this machine's audio output; with ``"panel"``
    the files are only prepared, for the panel to fetch at ``/voice/<lang>/<n>.wav``
    (``wav_for``). Off when disabled or when a human caller calls. Never raises.
    """

    def __init__(
        self,
        settings: VoiceOptions,
        *,
        espeak: str = "espeak-ng",
        audio: AudioOut | None = None,
    ) -> None:
        self.settings = settings
        self.voice = BallVoice(
            settings.languages,
            settings.cache_dir or default_cache_dir(),
            espeak=espeak,
            digits=settings.digits,
        )
        self.active = settings.enabled and settings.caller == "voice"
        self.audio = audio
        if self.active and self.audio is None:
            # panel output still renders on this thread, so calls never wait on the game's
            self.audio = AudioOut(None if settings.output == "server" else ())
        self._unspeakable: set[str] = set()
        self._pending: list[int] = []  # the balls being called or waiting, oldest first
        self._pending_lock = threading.Lock()
        # told the pending calls at every change, from any thread (a server tells its consoles)
        self.on_change: Callable[[tuple[int, ...]], None] | None = None

    @property
    def languages(self) -> tuple[str, ...]:
        return self.voice.languages

    def pending(self) -> tuple[int, ...]:
        """The balls whose call is being said (the first) or waits its turn, in order; empty
        when the voice is quiet. The automatic extraction waits for it (decision 720).
        """
        with self._pending_lock:
            return tuple(self._pending)

    def wav_for(self, number: int, language: str) -> Path:
        """The call's file (rendered on first use); ValueError for a ball or language the voice
        does not call, VoiceError when espeak-ng fails.
        """
        return self.voice.wav_for(number, language)

    def paths(self, number: int) -> list[str]:
        """The addresses a panel fetches the call from, in the order they are said."""
        return [f"/voice/{lang}/{number}.wav" for lang in self.languages]

    def prepare(self) -> PrepareReport | None:
        """Render every call now (at start-up), or say why not; never raises."""
        if not self.active:
            return None
        try:
            report = self.voice.prepare()
        except VoiceError as exc:
            log.warning("voz: %s", exc)
            return None
        for language, why in report.missing.items():
            self._unspeakable.add(language)
            log.warning("voz: sin llamadas en %s: %s", LANGUAGE_NAMES[language], why)
        return report

    def prepare_later(self) -> None:
        """Render every call on the voice's thread (start-up without waiting); calls queued
        meanwhile are said after it, each rendered first if it is not ready.
        """

        def prepare() -> list[Path]:
            self.prepare()
            return []  # nothing to play

        if self.active and self.audio is not None:
            self.audio.submit(prepare)

    def call(self, number: int) -> None:
        """Call a committed ball in every language, after the calls already queued: every
        ball is said, in the order the record took them (decision 721).
        """
        if not self.active or self.audio is None:
            return
        with self._pending_lock:
            self._pending.append(number)
            pending = tuple(self._pending)
        self._changed(pending)
        self.audio.submit(lambda: self._said(number))

    def _changed(self, pending: tuple[int, ...]) -> None:
        listener = self.on_change
        if listener is not None:
            try:
                listener(pending)
            except Exception:  # the voice never stops the game
                log.exception("voz: fallo al avisar de las llamadas")

    def _said(self, number: int) -> Iterator[Path]:
        """The call's files, played on the voice's thread; the ball leaves ``pending`` when
        the last is played (or given up).
        """
        try:
            yield from self._wavs(number)
        finally:
            with self._pending_lock:
                if number in self._pending:
                    self._pending.remove(number)
                pending = tuple(self._pending)
            self._changed(pending)

    def _wavs(self, number: int) -> list[Path]:
        wavs = []
        for language in self.languages:
            if language in self._unspeakable:
                continue
            try:
                wavs.append(self.voice.wav_for(number, language))
            except VoiceError as exc:
                if language != self.languages[0]:
                    self._unspeakable.add(language)
                    log.warning("voz: sin llamadas en %s: %s", LANGUAGE_NAMES[language], exc)
                    continue
                raise
        if self.settings.output != "server":
            return []  # prepared for the panel; nothing plays here
        return wavs

    def close(self) -> None:
        if self.audio is not None:
            self.audio.close()


# ---------------------------------------------------------------------- the hall's own caller


class PackError(ValueError):
    """A pack of recorded calls that cannot be imported; the message is for the staff."""


@dataclass(frozen=True)
class ImportReport:
    """What ``import_pack`` did: the calls imported per language, where, how long it took."""

    imported: dict[str, int]
    where: Path
    seconds: float


def _ranges(numbers: Sequence[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``"1-3, 7"``: a missing language reads "1-90", not ninety numbers."""
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], -1]:
        if n != prev + 1:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
            start = n
        prev = n
    return ", ".join(parts)


def pack_files(directory: Path, languages: Sequence[str]) -> dict[str, dict[int, Path]]:
    """The pack's calls, ``<dir>/<lang>/<n>.wav`` (``5.wav`` or ``05.wav``), every ball of every
    language; PackError naming the missing ones (decision 722).
    """
    if not directory.is_dir():
        raise PackError(f"no existe la carpeta {str(directory)!r}")
    found: dict[str, dict[int, Path]] = {}
    missing: list[str] = []
    for language in languages:
        calls: dict[int, Path] = {}
        folder = directory / language
        for wav in sorted(folder.glob("*.wav")) if folder.is_dir() else ():
            if wav.stem.isdigit() and int(wav.stem) in BALLS:
                if int(wav.stem) in calls:
                    raise PackError(f"la bola {int(wav.stem)} está dos veces en {language}/")
                calls[int(wav.stem)] = wav
        absent = [n for n in BALLS if n not in calls]
        if absent:
            missing.append(f"{language}: {_ranges(absent)}")
        found[language] = calls
    if missing:
        raise PackError(
            "faltan llamadas (una por bola y lengua, p. ej. es/45.wav): " + "; ".join(missing)
        )
    return found


def _gain_db(sox: str, wav: Path) -> float:
    """The gain that brings ``wav`` to ``TARGET_RMS_DB``, no higher than the peak ceiling."""
    done = subprocess.run(
        [sox, str(wav), "-n", "stats"], capture_output=True, text=True, timeout=60, check=False
    )
    levels: dict[str, str] = {}
    for line in done.stderr.splitlines():
        for name in ("RMS lev dB", "Pk lev dB"):
            if line.startswith(name):
                levels[name] = line.split()[3]  # the overall column
    name = f"{wav.parent.name}/{wav.name}"
    if done.returncode != 0 or len(levels) < 2:
        raise PackError(f"{name} no es un WAV legible: {_last_line(done.stderr)}")
    if "inf" in levels["RMS lev dB"]:
        raise PackError(f"{name} no tiene sonido (silencio)")
    rms, peak = float(levels["RMS lev dB"]), float(levels["Pk lev dB"])
    return min(TARGET_RMS_DB - rms, PEAK_CEILING_DB - peak)


def import_pack(
    directory: str | Path, languages: Sequence[str], cache_dir: str | Path, *, sox: str = "sox"
) -> ImportReport:
    """Import a hall's recorded calls into ``<cache>/recorded``, each one brought to one
    loudness (``TARGET_RMS_DB``, never past the peak ceiling) and to espeak-ng's format (22 050
    Hz mono, 16 bits). All or nothing: an incomplete or unreadable pack changes nothing.
    """
    started = time.perf_counter()
    if shutil.which(sox) is None:
        raise PackError(f"no se encuentra {sox!r}: instale el paquete sox (scripts/system-deps.sh)")
    calls = pack_files(Path(directory), languages)
    cache = Path(cache_dir)
    cache.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".recorded-", dir=cache))
    try:
        for language, files in calls.items():
            (staging / language).mkdir()
            for number, wav in files.items():
                gain = _gain_db(sox, wav)
                out = staging / language / f"{number:02d}.wav"
                done = subprocess.run(
                    [sox, str(wav), "-c", "1", "-r", str(RECORDED_RATE), "-b", "16", str(out),
                     "gain", f"{gain:.2f}"],
                    capture_output=True, text=True, timeout=60, check=False,
                )  # fmt: skip
                if done.returncode != 0:
                    why = _last_line(done.stderr)
                    raise PackError(f"sox no puede leer {language}/{wav.name}: {why}")
        target = cache / RECORDED
        target.mkdir(exist_ok=True)
        for language in calls:  # a language recorded before and not in this pack is kept
            old = target / language
            if old.exists():
                shutil.rmtree(old)
            os.replace(staging / language, old)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return ImportReport(
        {lang: len(files) for lang, files in calls.items()},
        cache / RECORDED,
        time.perf_counter() - started,
    )
