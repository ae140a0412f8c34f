"""The voice in step with the balls (SPEC R-DEV-3, issue: the 25th ball was called 24 s after it
was drawn): the voice says which balls it is calling until each call has ended, every ball in
the record's order (decisions 720, 721); and a hall records its own caller once, ``bingo-hall
voice import DIR``, checked complete, brought to one loudness by sox and heard before
espeak-ng (decision 722). The real espeak-ng and sox; a player that takes a call's real length.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from app.config import VoiceConfig
from drivers.voice import BALLS, AudioOut, BallVoice, Voice

pytestmark = [
    pytest.mark.skipif(
        not (shutil.which("espeak-ng") and shutil.which("sox")),
        reason="espeak-ng and sox are Debian packages (scripts/system-deps.sh)",
    ),
    pytest.mark.timeout(300),
]

# the machine's loudspeaker as far as time goes: it takes each file's real length (soxi)
REAL_TIME_PLAYER = ("sh", "-c", 'sleep "$(soxi -D "$0")"')


def rms_db(wav: Path) -> float:
    stats = subprocess.run(["sox", str(wav), "-n", "stats"], capture_output=True, text=True).stderr
    return float(re.search(r"RMS lev dB\s+(-?[\d.]+)", stats).group(1))  # type: ignore[union-attr]


def soxi(option: str, wav: Path) -> str:
    return subprocess.run(["soxi", option, str(wav)], capture_output=True, text=True).stdout.strip()


def test_the_voice_tells_the_balls_it_is_calling_until_each_call_ends(tmp_path: Path) -> None:
    """R-DEV-3: what the automatic extraction and the console's queue look at."""
    settings = VoiceConfig(enabled=True, languages=("es", "eu"), cache_dir=str(tmp_path))
    voice = Voice(settings, audio=AudioOut(REAL_TIME_PLAYER))
    try:
        gate = threading.Event()
        assert voice.audio is not None
        voice.audio.submit(lambda: [] if gate.wait(30) else ())  # a call already playing
        voice.call(45)
        voice.call(12)
        assert voice.pending() == (45, 12)  # the first is next; the second waits its turn
        gate.set()
        seen: list[tuple[int, ...]] = []
        while voice.pending():
            if not seen or seen[-1] != voice.pending():
                seen.append(voice.pending())
        # each ball is said, in the record's order, and leaves when its call has ended
        assert seen[0] == (45, 12) and (12,) in seen
        assert voice.audio.wait_idle(30) and voice.audio.played == 4 and voice.audio.failed == 0
    finally:
        voice.close()


def test_a_voice_with_no_audio_device_never_holds_the_balls(tmp_path: Path) -> None:
    """A player that fails (no audio device) says so once and the calls are not pending."""
    settings = VoiceConfig(enabled=True, languages=("es",), cache_dir=str(tmp_path))
    voice = Voice(settings, audio=AudioOut(("false",)))
    try:
        voice.call(7)
        assert voice.audio is not None and voice.audio.wait_idle(30)
        assert voice.pending() == () and voice.audio.failed == 1
    finally:
        voice.close()


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A hall's recording: every ball in es and eu, some calls quiet, some loud, in the
    recorder's own format (44 100 Hz stereo), as a caller's takes come."""
    root = tmp_path_factory.mktemp("pack")
    for language in ("es", "eu"):
        (root / language).mkdir()
        for number in BALLS:
            gain = "-30" if number % 2 else "-6"
            name = f"{number:02d}.wav" if number < 10 and language == "eu" else f"{number}.wav"
            subprocess.run(
                ["sox", "-n", "-r", "44100", "-c", "2", str(root / language / name),
                 "synth", "0.4", "sine", str(200 + number * 5), "gain", gain],
                check=True,
            )  # fmt: skip
    return root


def copy_pack(pack: Path, where: Path) -> Path:
    shutil.copytree(pack, where)
    return where


def test_an_incomplete_pack_names_the_missing_calls_and_changes_nothing(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-DEV-3: a ball with no call would be a silent ball: the pack is refused whole."""
    from app.cli import main

    partial = copy_pack(pack, tmp_path / "partial")
    (partial / "es" / "45.wav").unlink()
    for n in (1, 2, 3, 90):
        for wav in (partial / "eu").glob(f"{n}.wav"):
            wav.unlink()
        for wav in (partial / "eu").glob(f"{n:02d}.wav"):
            wav.unlink()
    cache = tmp_path / "cache"
    code = main(["voice", "import", str(partial), "--languages", "es,eu", "--cache", str(cache)])
    err = capsys.readouterr().err
    assert code == 1
    assert "es: 45" in err and "eu: 1-3, 90" in err and "no se ha cambiado nada" in err
    assert "Traceback" not in err and not (cache / "recorded").exists()
    code = main(["voice", "import", str(pack), "--languages", "es,gl", "--cache", str(cache)])
    assert code == 1 and "gl: 1-90" in capsys.readouterr().err  # a language not recorded
    assert not (cache / "recorded").exists()


def test_an_imported_pack_is_even_in_loudness_and_heard_before_espeak_ng(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-DEV-3: the hall's own caller, at one loudness, in espeak-ng's format, with no
    espeak-ng at all."""
    from app.cli import main

    cache = tmp_path / "cache"
    assert rms_db(pack / "es" / "1.wav") < -30 < -10 < rms_db(pack / "es" / "2.wav")
    code = main(["voice", "import", str(pack), "--languages", "es,eu", "--cache", str(cache)])
    assert code == 0, capsys.readouterr().err
    assert "90 en castellano, 90 en euskera" in capsys.readouterr().out
    voice = BallVoice(("es", "eu"), cache, espeak="no-such-espeak-ng")
    levels = []
    for language in ("es", "eu"):
        for number in (1, 2, 45, 90):
            wav = voice.wav_for(number, language)
            assert soxi("-r", wav) == "22050" and soxi("-c", wav) == "1"
            levels.append(rms_db(wav))
    assert max(levels) - min(levels) < 1.0 and all(abs(level + 23) < 1.0 for level in levels)
    assert voice.renders == 0  # espeak-ng was never needed
    assert voice.prepare().rendered == 0
    # a pack imported again replaces the one before, whole
    assert main(["voice", "import", str(pack), "--languages", "es", "--cache", str(cache)]) == 0
    assert len(list((cache / "recorded" / "es").glob("*.wav"))) == 90


def test_the_local_console_calls_the_balls_too(tmp_path: Path) -> None:
    """``run --local`` had no voice: ``start_voice`` calls each committed ball (R-DEV-3)."""
    from app.devices import start_voice
    from tests.bingo.hallkit import make_hall

    kit = make_hall()
    off, stop_off = start_voice(kit.svc, VoiceConfig())  # the hall's default: no voice
    assert off is None
    stop_off()
    settings = VoiceConfig(enabled=True, output="panel", languages=("es",), cache_dir=str(tmp_path))
    voice, stop = start_voice(kit.svc, settings)
    assert voice is not None and voice.audio is not None
    try:
        kit.partida_ready([("A", 10)])
        kit.svc.draw_ball(48, "simulated")
        assert 48 in voice.pending() or list((tmp_path / "es").glob("48-*.wav"))
        assert voice.audio.wait_idle(120) and voice.pending() == ()
        assert list((tmp_path / "es").glob("48-*.wav"))  # its call, ready for the panel
    finally:
        stop()


def test_a_pack_with_a_broken_or_silent_call_or_no_folder_changes_nothing(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad input: a clear message, exit 1, nothing imported (decision 722)."""
    from app.cli import main

    cache = tmp_path / "cache"
    args = ["--languages", "es", "--cache", str(cache)]
    assert main(["voice", "import", str(tmp_path / "nowhere"), *args]) == 1
    assert "no existe la carpeta" in capsys.readouterr().err
    broken = copy_pack(pack, tmp_path / "broken")
    (broken / "es" / "30.wav").write_text("no es sonido", "utf-8")
    assert main(["voice", "import", str(broken), *args]) == 1
    assert "es/30.wav no es un WAV legible" in capsys.readouterr().err
    silent = copy_pack(pack, tmp_path / "silent")
    subprocess.run(
        ["sox", "-n", "-r", "44100", "-c", "1", str(silent / "es" / "31.wav"), "trim", "0", "0.5"],
        check=True,
    )
    assert main(["voice", "import", str(silent), *args]) == 1
    err = capsys.readouterr().err
    assert "es/31.wav no tiene sonido" in err and "Traceback" not in err
    assert not (cache / "recorded").exists() and not list(cache.glob(".recorded-*"))
