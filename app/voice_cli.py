"""``bingo-hall voice prepare``, ``voice say N`` and ``voice import DIR``: the ball calls of
``drivers.voice`` from the command line (the composition root's side of the voice).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from drivers.voice import (
    BALLS,
    LANGUAGE_NAMES,
    AudioOut,
    BallVoice,
    PackError,
    VoiceError,
    default_cache_dir,
    import_pack,
)


def add_parsers(subparsers: Any) -> None:
    """Add ``voice prepare`` and ``voice say N`` to the main CLI's subparsers."""
    parser = subparsers.add_parser("voice", help="la voz que canta las bolas (espeak-ng)")
    actions = parser.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    for name, help_text in (
        ("prepare", "prepara las 90 llamadas de cada lengua (una vez; quedan guardadas)"),
        ("say", "canta una bola por la salida de audio de esta máquina"),
        ("import", "toma las llamadas grabadas por el locutor de la sala (DIR/es/45.wav…)"),
    ):
        p = actions.add_parser(name, help=help_text)
        if name == "say":
            p.add_argument("number", type=_ball, help="la bola, de 1 a 90")
        if name == "import":
            p.add_argument(
                "directory", metavar="DIR", help="carpeta con una subcarpeta por lengua: es/1.wav…"
            )
        p.add_argument("--config", help="fichero de la sala (la de demostración por defecto)")
        p.add_argument(
            "--languages", help="lenguas separadas por comas, p. ej. es,eu ([voice] languages)"
        )
        p.add_argument("--cache", help="carpeta de las llamadas ([voice] cache_dir)")
        p.set_defaults(func=_cmd_voice)


def _ball(text: str) -> int:
    if not text.isdigit() or int(text) not in BALLS:
        raise argparse.ArgumentTypeError(f"bola fuera de 1..90: {text!r}")
    return int(text)


def _cmd_voice(args: argparse.Namespace) -> int:
    from app.config import LANGUAGES, load_hall

    settings = load_hall(Path(args.config) if args.config else None).voice
    languages = settings.languages
    if args.languages:
        languages = tuple(lang.strip() for lang in args.languages.split(",") if lang.strip())
        unknown = [lang for lang in languages if lang not in LANGUAGES]
        if unknown or not languages:
            print(
                f"bingo-hall: voice: lengua desconocida {unknown[0] if unknown else ''!r} "
                f"(conocidas: {', '.join(LANGUAGES)})",
                file=sys.stderr,
            )
            return 2
    cache = args.cache or settings.cache_dir or default_cache_dir()
    if args.action == "import":
        return _import(args.directory, languages, cache)
    voice = BallVoice(languages, cache, digits=settings.digits)
    try:
        if args.action == "prepare":
            report = voice.prepare()
            for language, why in report.missing.items():
                print(f"voz: sin llamadas en {LANGUAGE_NAMES[language]}: {why}", file=sys.stderr)
            spoken = ", ".join(LANGUAGE_NAMES[lang] for lang in report.languages)
            print(
                f"voz: {len(BALLS)} llamadas en {spoken}: {report.rendered} nuevas, "
                f"{report.cached} ya hechas, {report.seconds:.1f} s; en {voice.cache_dir}"
            )
            return 0
        wavs = [voice.wav_for(args.number, language) for language in languages]
    except VoiceError as exc:
        print(f"bingo-hall: voice: {exc}", file=sys.stderr)
        return 1
    for wav in wavs:
        print(wav)
    audio = AudioOut()
    audio.play(*wavs)
    audio.wait_idle(30.0)
    audio.close()
    if audio.failed:
        print(
            "bingo-hall: voice: esta máquina no tiene salida de audio (o no hay reproductor); "
            "las llamadas quedan en los ficheros de arriba",
            file=sys.stderr,
        )
        return 1
    return 0


def _import(directory: str, languages: tuple[str, ...], cache: str | Path) -> int:
    """``voice import DIR``: the whole pack or nothing (decision 722)."""
    try:
        report = import_pack(directory, languages, cache)
    except PackError as exc:
        print(f"bingo-hall: voice import: {exc}; no se ha cambiado nada", file=sys.stderr)
        return 1
    spoken = ", ".join(f"{n} en {LANGUAGE_NAMES[lang]}" for lang, n in report.imported.items())
    print(
        f"voz: llamadas grabadas: {spoken}, igualadas de volumen en {report.seconds:.1f} s; "
        f"en {report.where} (se oyen en lugar de espeak-ng)"
    )
    return 0
