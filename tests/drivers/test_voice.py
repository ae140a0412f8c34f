"""The ball calls aloud (SPEC R-DEV-3), heard by measuring them: every call is rendered by the
real espeak-ng and measured with sox (duration, loudness, sample rate), as a person listening to
the hall's loudspeaker would judge them; a missing or broken espeak-ng, or no audio device, never
stops the game (Cantabria III: "La locución de las bolas puede realizarse por procedimientos
electrónicos o informáticos"; decisions 95–97).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.config import ConfigError, VoiceConfig, default_hall_path, load_hall
from app.devices import feed_voice
from drivers.voice import AudioOut, BallVoice, Voice, VoiceError, call_text
from tests.bingo.hallkit import make_hall

pytestmark = [
    pytest.mark.skipif(
        not (shutil.which("espeak-ng") and shutil.which("sox")),
        reason="espeak-ng and sox are Debian packages (scripts/system-deps.sh)",
    ),
    pytest.mark.timeout(120),
]

SPOKEN = ("es", "eu", "ca", "en")  # the hall's languages Debian's espeak-ng has a voice for


@dataclass(frozen=True)
class Heard:
    seconds: float
    rms: float
    rate: int
    channels: int


def hear(wav: Path) -> Heard:
    """What sox measures of a call: its length, its RMS amplitude, rate and channels."""
    stats = subprocess.run(
        ["sox", str(wav), "-n", "stat"], capture_output=True, text=True, check=True
    ).stderr
    length = float(re.search(r"Length \(seconds\):\s+([\d.]+)", stats).group(1))  # type: ignore[union-attr]
    rms = float(re.search(r"RMS\s+amplitude:\s+([\d.]+)", stats).group(1))  # type: ignore[union-attr]
    rate = subprocess.run(["soxi", "-r", str(wav)], capture_output=True, text=True, check=True)
    channels = subprocess.run(["soxi", "-c", str(wav)], capture_output=True, text=True, check=True)
    return Heard(length, rms, int(rate.stdout), int(channels.stdout))


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> BallVoice:
    voice = BallVoice(SPOKEN, tmp_path_factory.mktemp("voice"))
    report = voice.prepare()
    assert report.rendered == 90 * len(SPOKEN) and not report.missing
    return voice


@pytest.mark.parametrize("language", SPOKEN)
def test_every_ball_is_called_audibly_in_each_language(prepared: BallVoice, language: str) -> None:
    """R-DEV-3: each of the 90 calls lasts a plausible time and is not silent."""
    for number in range(1, 91):
        heard = hear(prepared.wav_for(number, language))
        assert 0.3 <= heard.seconds <= 3.5, (language, number, heard)
        assert heard.rms > 0.02, (language, number, heard)  # silence measures ~0.0
        assert (heard.rate, heard.channels) == (22050, 1)


def test_a_two_digit_ball_lasts_longer_than_a_one_digit_ball(prepared: BallVoice) -> None:
    """The digits follow the number from 10 on ("cuarenta y cinco, cuatro, cinco": decision 95)."""
    for language in SPOKEN:
        one = hear(prepared.wav_for(5, language)).seconds
        two = hear(prepared.wav_for(45, language)).seconds
        assert two > one + 0.5, (language, one, two)


def test_spanish_and_basque_calls_of_the_same_ball_differ(prepared: BallVoice) -> None:
    spanish = prepared.wav_for(45, "es").read_bytes()
    basque = prepared.wav_for(45, "eu").read_bytes()
    assert spanish[44:] != basque[44:]
    assert hear(prepared.wav_for(45, "es")).seconds != hear(prepared.wav_for(45, "eu")).seconds


def _phonemes(voice: str, text: str) -> str:
    out = subprocess.run(
        ["espeak-ng", "-q", "-x", "-v", voice, text], capture_output=True, text=True, check=True
    ).stdout
    return re.sub(r"[\s,'_:-]", "", out)  # stress and pauses apart


# An independent table of the words, to check espeak-ng's own number reading (the only source
# of the words the voice says) reads each number as the hall would say it.
WORDS = {
    "es": {1: "uno", 7: "siete", 45: "cuarenta y cinco", 88: "ochenta y ocho", 90: "noventa"},
    "eu": {1: "bat", 7: "zazpi", 16: "hamasei", 21: "hogeita bat", 45: "berrogeita bost"},
    "ca": {7: "set", 45: "quaranta-cinc"},
    "en": {7: "seven", 88: "eighty eight"},
}


@pytest.mark.parametrize("language", SPOKEN)
def test_espeak_reads_the_number_as_its_words(language: str) -> None:
    for number, words in WORDS[language].items():
        assert _phonemes(language, str(number)) == _phonemes(language, words), (number, words)


def test_the_call_text_is_the_number_then_its_digits() -> None:
    assert call_text(45) == "45, 4, 5"
    assert call_text(7) == "7"
    assert call_text(90) == "90, 9, 0"
    assert call_text(45, digits=False) == "45"
    with pytest.raises(ValueError):
        call_text(91)


def counting_espeak(tmp_path: Path, body: str = 'exec espeak-ng "$@"') -> tuple[Path, Path]:
    """A program in front of the real espeak-ng that writes down each time it runs."""
    runs = tmp_path / "runs.log"
    script = tmp_path / "espeak-counted"
    script.write_text(f'#!/bin/sh\necho "$@" >> {runs}\n{body}\n', "utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script, runs


def renders(runs: Path) -> list[str]:
    return [line for line in runs.read_text().splitlines() if " -w " in f" {line} "]


def test_a_call_is_rendered_once_then_comes_from_the_cache(tmp_path: Path) -> None:
    espeak, runs = counting_espeak(tmp_path)
    cache = tmp_path / "cache"
    first = BallVoice(("es", "eu"), cache, espeak=str(espeak)).wav_for(45, "eu")
    assert len(renders(runs)) == 1
    made = first.stat().st_mtime_ns
    again = BallVoice(("es", "eu"), cache, espeak=str(espeak))  # a new process of the server
    assert again.wav_for(45, "eu") == first
    assert again.prepare(["eu"]).cached == 1  # only the other 89 are rendered
    assert len(renders(runs)) == 90
    assert first.stat().st_mtime_ns == made
    assert again.prepare(["eu"]).rendered == 0
    assert len(renders(runs)) == 90


def test_another_wording_or_espeak_version_renders_again(tmp_path: Path) -> None:
    """The cache key is the text, the voice and espeak-ng's version: no stale call plays."""
    with_digits = BallVoice(("es",), tmp_path).path_for(45, "es")
    without = BallVoice(("es",), tmp_path, digits=False).path_for(45, "es")
    assert with_digits != without
    espeak, _ = counting_espeak(
        tmp_path,
        'if [ "$1" = --version ]; then echo "eSpeak NG 9.99"; exit 0; fi\nexec espeak-ng "$@"',
    )
    assert BallVoice(("es",), tmp_path, espeak=str(espeak)).path_for(45, "es") != with_digits


def test_a_failed_render_leaves_no_half_call(tmp_path: Path) -> None:
    """A crash mid-render never leaves a file under the call's name (atomic write)."""
    espeak, _ = counting_espeak(
        tmp_path,
        'if [ "$1" = --version ]; then exec espeak-ng --version; fi\n'
        'printf RIFF > "$4"; echo "espeak-ng: fallo de prueba" >&2; exit 1',
    )
    voice = BallVoice(("es",), tmp_path / "cache", espeak=str(espeak))
    with pytest.raises(VoiceError, match="fallo de prueba"):
        voice.wav_for(45, "es")
    assert not voice.path_for(45, "es").exists()
    assert os.listdir(tmp_path / "cache" / "es") == []


def test_a_missing_espeak_is_a_clear_message(tmp_path: Path) -> None:
    voice = BallVoice(("es",), tmp_path, espeak=str(tmp_path / "no-such-espeak"))
    with pytest.raises(VoiceError, match="instale el paquete espeak-ng"):
        voice.wav_for(45, "es")


def settings(**kwargs: object) -> VoiceConfig:
    base: dict[str, object] = {"enabled": True, "languages": ("es", "eu")}
    base.update(kwargs)
    return VoiceConfig(**base)  # type: ignore[arg-type]


def recording_player(tmp_path: Path) -> tuple[AudioOut, Path]:
    """A real player stand-in that writes down, in order, what it was given and its length."""
    played = tmp_path / "played.log"
    command = ("sh", "-c", f'echo "$1 $(soxi -D "$1")" >> {played}', "sh")
    return AudioOut(command), played


def test_each_committed_ball_is_called_in_every_language_in_order(tmp_path: Path) -> None:
    audio, played = recording_player(tmp_path)
    voice = Voice(settings(cache_dir=str(tmp_path / "cache")), audio=audio)
    kit = make_hall()
    unsubscribe = feed_voice(kit.svc, voice.call)
    kit.partida_ready([("A", 10)])
    for ball in (17, 4, 88):
        kit.svc.draw_ball(ball, "simulated")
    assert audio.wait_idle(60.0)
    unsubscribe()
    voice.close()
    lines = [line.split() for line in played.read_text().splitlines()]
    order = [(Path(path).parent.name, Path(path).name.split("-")[0]) for path, _ in lines]
    calls = [(lang, f"{ball:02d}") for ball in (17, 4, 88) for lang in ("es", "eu")]
    assert order == calls
    assert all(0.3 <= float(seconds) <= 3.5 for _, seconds in lines)


def test_a_broken_espeak_never_stops_the_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    espeak, _ = counting_espeak(tmp_path, "echo 'espeak-ng: roto' >&2; exit 1")
    audio, played = recording_player(tmp_path)
    voice = Voice(settings(cache_dir=str(tmp_path / "cache")), espeak=str(espeak), audio=audio)
    kit = make_hall()
    feed_voice(kit.svc, voice.call)
    kit.partida_ready([("A", 10)])
    with caplog.at_level(logging.WARNING, logger="drivers.voice"):
        for ball in (17, 4, 88):
            kit.svc.draw_ball(ball, "simulated")
        assert audio.wait_idle(30.0)
    partida = kit.hall.partida
    assert partida is not None and list(partida.balls) == [17, 4, 88]
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "roto" in warnings[0], warnings  # said once, not per ball
    assert not played.exists()
    voice.close()


def test_no_audio_device_is_said_once_and_never_blocks(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    audio = AudioOut(("sh", "-c", "echo 'no hay tarjeta de sonido' >&2; exit 1", "sh"))
    voice = Voice(settings(cache_dir=str(tmp_path)), audio=audio)
    with caplog.at_level(logging.WARNING, logger="drivers.voice"):
        for ball in (1, 2, 3):
            voice.call(ball)
        assert audio.wait_idle(30.0)
    assert audio.failed == 6 and audio.played == 0
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "no hay tarjeta de sonido" in warnings[0]
    voice.close()


def test_this_machines_audio_output_plays_the_calls_or_says_once_why_not(
    prepared: BallVoice, caplog: pytest.LogCaptureFixture
) -> None:
    """The real player found here (aplay, paplay or sox's play) on the real audio output."""
    audio = AudioOut()
    with caplog.at_level(logging.WARNING, logger="drivers.voice"):
        audio.play(prepared.wav_for(45, "es"), prepared.wav_for(45, "eu"))
        assert audio.wait_idle(60.0)
    audio.close()
    warnings = [r.getMessage() for r in caplog.records]
    if audio.played:
        assert (audio.played, audio.failed, warnings) == (2, 0, [])
    else:  # a server with no sound card: one line in the log, the calls given up
        assert audio.failed == 2 and len(warnings) == 1, warnings


def test_the_voice_keeps_quiet_when_a_human_caller_calls(tmp_path: Path) -> None:
    espeak, runs = counting_espeak(tmp_path)
    for quiet in (settings(caller="human"), settings(enabled=False)):
        voice = Voice(quiet, espeak=str(espeak))
        voice.call(45)
        assert voice.audio is None and voice.prepare() is None
    assert not runs.exists()


def test_calls_are_prepared_at_start_up_without_holding_the_first_ball(tmp_path: Path) -> None:
    audio, played = recording_player(tmp_path)
    voice = Voice(settings(cache_dir=str(tmp_path / "c")), audio=audio)
    voice.prepare_later()  # returns at once; the first ball is said after the preparation
    voice.call(45)
    assert audio.wait_idle(120.0)
    assert all(
        voice.voice.path_for(n, lang).exists() for n in range(1, 91) for lang in ("es", "eu")
    )
    assert [Path(line.split()[0]).parent.name for line in played.read_text().splitlines()] == [
        "es",
        "eu",
    ]
    voice.close()


def test_panel_output_prepares_the_calls_and_plays_nothing_here(tmp_path: Path) -> None:
    audio, played = recording_player(tmp_path)
    voice = Voice(settings(output="panel", cache_dir=str(tmp_path / "c")), audio=audio)
    voice.call(45)
    assert audio.wait_idle(30.0)
    assert voice.paths(45) == ["/voice/es/45.wav", "/voice/eu/45.wav"]
    assert all(voice.voice.path_for(45, lang).exists() for lang in ("es", "eu"))
    assert not played.exists()
    voice.close()


def test_a_language_without_an_espeak_voice_is_reported_and_the_others_are_called(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    if (
        subprocess.run(["espeak-ng", "--voices=gl"], capture_output=True, text=True).stdout.count(
            "\n"
        )
        > 1
    ):
        pytest.skip("this espeak-ng has a Galician voice")
    audio, played = recording_player(tmp_path)
    voice = Voice(settings(languages=("es", "gl"), cache_dir=str(tmp_path / "c")), audio=audio)
    with caplog.at_level(logging.WARNING, logger="drivers.voice"):
        report = voice.prepare()
    assert report is not None and report.languages == ("es",) and "gl" in report.missing
    assert any("gallego" in r.getMessage() for r in caplog.records)
    voice.call(45)
    assert audio.wait_idle(30.0)
    assert [Path(line.split()[0]).parent.name for line in played.read_text().splitlines()] == ["es"]
    voice.close()


def test_voice_settings_come_from_the_hall_file(tmp_path: Path) -> None:
    assert load_hall().voice == VoiceConfig(languages=("es",))  # the demo hall: off
    hall = tmp_path / "hall.toml"
    demo = default_hall_path().read_text("utf-8").split("[voice]")[0]  # its last table
    hall.write_text(demo + '\n[voice]\nenabled = true\ncaller = "human"\noutput = "panel"\n')
    voice = load_hall(hall).voice
    assert (voice.enabled, voice.caller, voice.output) == (True, "human", "panel")
    assert voice.languages == load_hall(hall).languages  # the hall's languages by default
    for bad, words in (
        ('caller = "robot"', "caller"),
        ('output = "radio"', "output"),
        ('languages = ["xx"]', "xx"),
        ("volume = 3", "volume"),
    ):
        hall.write_text(demo + f"\n[voice]\n{bad}\n")
        with pytest.raises(ConfigError, match=words):
            load_hall(hall)


def test_the_voice_commands_prepare_once_and_refuse_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.cli import main

    cache = ["--cache", str(tmp_path / "c")]
    assert main(["voice", "prepare", "--languages", "es,eu", *cache]) == 0
    assert "180 nuevas, 0 ya hechas" in capsys.readouterr().out
    assert main(["voice", "prepare", "--languages", "es,eu", *cache]) == 0
    assert "0 nuevas, 180 ya hechas" in capsys.readouterr().out
    with pytest.raises(SystemExit) as wrong:
        main(["voice", "say", "91", *cache])
    assert wrong.value.code == 2 and "bola fuera de 1..90" in capsys.readouterr().err
    assert main(["voice", "say", "45", "--languages", "es,xx", *cache]) == 2
    assert "lengua desconocida 'xx'" in capsys.readouterr().err
    code = main(["voice", "say", "45", "--languages", "eu", *cache])
    out, err = capsys.readouterr()
    assert Path(out.split()[0]).parent.name == "eu"
    assert code == 0 or "no tiene salida de audio" in err  # a server with no sound card
    monkeypatch.setenv("PATH", str(tmp_path))  # a machine without espeak-ng
    assert main(["voice", "say", "45", "--cache", str(tmp_path / "other")]) == 1
    assert "instale el paquete espeak-ng" in capsys.readouterr().err
