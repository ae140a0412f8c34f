"""Timings of the voice: rendering every call of the hall's languages with espeak-ng, a cached
call, and the calls measured with sox (the shortest and longest per language).

``main()`` prints one figure per line (seconds). Needs the Debian packages espeak-ng and sox.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from drivers.voice import BallVoice

LANGUAGES = ("es", "eu", "ca", "en")


def _seconds(wav: Path) -> float:
    out = subprocess.run(["soxi", "-D", str(wav)], capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    if not (shutil.which("espeak-ng") and shutil.which("soxi")):
        print("espeak-ng or sox missing (scripts/system-deps.sh): nothing measured")
        return
    with tempfile.TemporaryDirectory() as cache:
        voice = BallVoice(LANGUAGES, cache)
        report = voice.prepare()
        print(
            f"prepare {len(LANGUAGES)} languages: {report.rendered} calls rendered in "
            f"{report.seconds:.2f} s ({report.seconds / max(report.rendered, 1) * 1000:.0f} ms "
            "per call)"
        )
        again = voice.prepare()
        print(
            f"prepare again: {again.rendered} rendered, {again.cached} cached, "
            f"{again.seconds:.3f} s"
        )
        started = time.perf_counter()
        for number in range(1, 91):
            voice.wav_for(number, "es")
        per_call = (time.perf_counter() - started) / 90
        print(f"a cached call: {per_call * 1e6:.0f} µs")
        for language in LANGUAGES:
            lengths = {n: _seconds(voice.wav_for(n, language)) for n in range(1, 91)}
            shortest = min(lengths, key=lengths.__getitem__)
            longest = max(lengths, key=lengths.__getitem__)
            print(
                f"{language}: calls last {lengths[shortest]:.2f} s ({shortest}) to "
                f"{lengths[longest]:.2f} s ({longest}), mean {sum(lengths.values()) / 90:.2f} s"
            )


if __name__ == "__main__":
    main()
