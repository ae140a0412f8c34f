"""``bingo-hall acta …``: build, seal, verify, receipts, summaries, keys and keeping.

The main command line calls ``add_engine_parsers(subparsers)`` (``add_parsers`` with the
engine's database reader); every subcommand sets ``func``, which takes the parsed arguments and
returns the exit code, meaning what it means everywhere else in ``bingo-hall``:

* 0 — done (for ``verify``: the acta and its record are intact and sealed by the hall);
* 1 — refused: the command could not be done (file missing, bad export, key problem…), message
  in Spanish on stderr;
* 2 — wrong usage (an option missing or wrong);
* 3 — the integrity check failed: an altered acta or record (with ``--db``, as ``status`` audits
  it: decision 410), or an acta not signed, or not by the hall's registered certificate.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date
from functools import partial, wraps
from pathlib import Path
from typing import Any, TextIO

from actas.builder import ActaDataError, build_acta, check_export, parse_time
from app.cli_input import CliError as BaseCliError

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_INTEGRITY = 3  # the integrity check failed: the one meaning of 3 in the whole command line

EXPORT_FORMAT = "bingo-session/1"

EXIT_CODES_TEXT = (
    "códigos de salida: 0 hecho (verify: íntegra y sellada por la sala); 1 rechazado (fichero o "
    "registro inutilizable); 2 orden mal escrita; 3 la comprobación de integridad falló (acta o "
    "registro alterados —con --db, como en «status»—, o acta sin firmar o no firmada por la sala)"
)


class CliError(BaseCliError):
    """The command line's own (so ``instructions``, which writes through ``_write``, reports it
    without a traceback): a message in Spanish and its exit code.
    """


def _read_export(path: Path) -> dict[str, Any]:
    data = _read_json(path, "una exportación")
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise CliError(f"«{path}» no es una exportación «bingo-session/1»")
    return data


def _read_json(path: Path, what: str) -> Any:
    """The JSON in ``path``, or a ``CliError`` saying plainly why it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise CliError(f"no existe el archivo «{path}»") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"«{path}» no es texto UTF-8 (byte {exc.start})") from None
    except RecursionError:
        raise CliError(f"«{path}»: JSON anidado a demasiada profundidad") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise CliError(f"«{path}» no es {what} JSON legible: {exc}") from exc


def _source(args: argparse.Namespace) -> dict[str, Any]:
    """The record to work from: an export file, or the hall's database through the engine."""
    if args.export is not None:
        return _read_export(args.export)
    loader = getattr(args, "db_export", None)
    if loader is not None and (args.db is not None or args.from_db):
        data: dict[str, Any] = loader(args.db, args.hall)
        return data
    raise CliError(
        "indique --export FICHERO o --db URL (o --from-db para la base de datos local)", EXIT_USAGE
    )


def _read_bytes(path: Path, what: str) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise CliError(f"no existe {what} «{path}»") from None
    except OSError as exc:
        raise CliError(f"no se puede leer {what} «{path}»: {exc.strerror or exc}") from None


def _read_certificate(path: Path) -> None:
    """Refuse a certificate file that is not PEM X.509 (one or more certificates)."""
    from cryptography import x509

    data = _read_bytes(path, "el certificado")
    try:
        if not x509.load_pem_x509_certificates(data):
            raise ValueError("vacío")
    except ValueError:
        raise CliError(f"«{path}» no es un certificado X.509 en PEM") from None


def _check_output(path: Path) -> None:
    """Refuse, before any work is done, an output whose folder is missing or that is a folder."""
    if not path.parent.is_dir():
        raise CliError(f"no existe la carpeta «{path.parent}» donde escribir «{path.name}»")
    if path.is_dir():
        raise CliError(f"«{path}» es una carpeta, no un fichero")


def _notes(path: Path | None) -> TextIO:
    """Where a command's own lines go: stderr when its output goes to a device or a pipe
    (``-o /dev/stdout``), so they never end up inside the PDF or certificate.
    """
    if path is not None and path.exists() and not path.is_file():
        return sys.stderr
    return sys.stdout


def _write(path: Path, data: bytes) -> None:
    """Write an output file whole, or a ``CliError`` (missing folder, a folder, no permission).

    A regular file is written beside it first and then renamed over it, so a failure never
    leaves half a PDF. A path that exists and is not a regular file (``/dev/stdout``, a FIFO, a
    symbolic link) is written in place: a rename would replace it with a plain file.
    """
    _check_output(path)
    try:
        if path.is_symlink() or (path.exists() and not path.is_file()):
            with path.open("wb") as out:
                out.write(data)
            return
    except OSError as exc:
        raise CliError(f"no se puede escribir «{path}»: {exc.strerror or exc}") from None
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_bytes(data)
        partial.replace(path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise CliError(f"no se puede escribir «{path}»: {exc.strerror or exc}") from None


def _err(message: str) -> None:
    print(f"bingo-hall acta: error: {message}", file=sys.stderr)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while one acta command runs. A command reads a whole
    night (thousands of records, the export, the acta's flowables) and then ends: the
    collector found nothing to free in it (the same peak memory either way) but kept walking
    those objects, a fifth of ``acta build``'s time (Trust 21). Reference counting still
    frees everything else as usual.
    """
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _guard(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    @wraps(func)
    def run(args: argparse.Namespace) -> int:
        try:
            with _collector_paused():
                return func(args)
        except CliError as exc:
            _err(str(exc))
            return exc.code
        except Exception as exc:
            # only the errors of modules the command loaded: an acta from a file needs no crypto
            loaded = tuple(
                getattr(sys.modules[name], error)
                for name, error in (("actas.seal", "SealError"), ("actas.archive", "ArchiveError"))
                if name in sys.modules
            )
            if isinstance(exc, (ActaDataError, *loaded)):
                _err(str(exc))
                return EXIT_REFUSED
            if isinstance(exc, getattr(sys.modules.get("bingo.events"), "UnknownEvent", ())):
                _err(unknown_events_text(exc))  # a record read with --db/--from-db
                return EXIT_REFUSED
            if isinstance(exc, getattr(sys.modules.get("app.checkpoints"), "RecordAltered", ())):
                for line in (*getattr(exc, "problems", ()), str(exc)):  # `status`'s words
                    _err(line)
                return EXIT_INTEGRITY
            raise  # RecursionError too: main says the data is nested too deep (exit 1)

    return run


def unknown_events_text(exc: Exception) -> str:
    """What the staff read when the record holds an event this program cannot fold."""
    return (
        f"el registro tiene eventos que esta versión del programa no conoce ({exc}): "
        "no se puede reconstruir la sala; use la versión que los escribió"
    )


def _seal(pdf: bytes, export: Mapping[str, Any], args: argparse.Namespace, reason: str) -> bytes:
    from actas.seal import ensure_keys, sign_pdf, timestamper_for

    hall: Mapping[str, Any] = export.get("hall") or {}
    keys = ensure_keys(str(hall.get("id", "")), str(hall.get("name", "")), directory=args.keys_dir)
    return sign_pdf(
        pdf,
        keys,
        reason=reason,
        location=str(hall.get("name", "")),
        timestamper=timestamper_for(args.tsa),
    )


# --- commands ---------------------------------------------------------------------------------


@_guard
def cmd_build(args: argparse.Namespace) -> int:
    """Acta of a session from an export, optionally sealed and archived."""
    from actas.render import attachment_for, render_acta_data
    from actas.seal import certified  # the fingerprint it prints (decision 642)

    if args.archive is not None and args.archive.exists() and not args.archive.is_dir():
        raise CliError(f"--archive: «{args.archive}» no es una carpeta")  # before any PDF
    _check_output(args.output)
    export = _source(args)
    acta = certified(build_acta(export, args.session), args.keys_dir, sealing=args.sign)
    pdf = render_acta_data(acta, [attachment_for(export)])
    if args.sign:
        pdf = _seal(pdf, export, args, f"Acta de la sesión {acta.session_id}")
    say = partial(print, file=_notes(args.output))
    _write(args.output, pdf)
    state = "cerrada" if acta.complete else f"en curso (hasta la partida {len(acta.partidas)})"
    say(
        f"Acta de la sesión {acta.session_id} ({state}): {args.output}"
        f"{' — firmada' if args.sign else ''}"
    )
    for note in acta.observations:
        say(f"  observación: {note}")
    if args.archive is not None:
        from actas.archive import ActaArchive

        issued = parse_time(acta.issued_at)
        try:
            path = ActaArchive(args.archive).store(
                pdf,
                hall_id=acta.hall_id,
                session_id=acta.session_id,
                issued=issued.date() if issued else date.today(),
            )
        except OSError as exc:
            raise CliError(f"no se puede archivar en «{args.archive}»: {exc}") from None
        say(f"  archivada en {path}")
    return EXIT_OK


@_guard
def cmd_verify(args: argparse.Namespace) -> int:
    """Check the acta, its record, and the current record against it."""
    from actas.verify import acta_hall_id, verify_acta

    try:
        data = args.file.read_bytes()
    except OSError as exc:
        raise CliError(f"no se puede leer «{args.file}»: {exc.strerror or exc}") from exc
    if b"%PDF-" not in data[:1024]:  # not an acta at all: refused; an altered acta is 3
        raise CliError(f"«{args.file}» no es un PDF: no es un acta que se pueda comprobar")
    current = None
    records = None
    if args.export is not None or args.db is not None or args.from_db:
        current = _source(args)
        check_export(current)  # an unusable export is refused (1), not an altered acta (3)
        records = _chain_records(current)
    report = verify_acta(
        data,
        current_records=records,
        current_export=current,
        trusted_certs=_hall_certificates(args, acta_hall_id(data)),
        projector=getattr(args, "projector", None),
    )
    for line in report.lines():
        print(line)
    return report.exit_code  # 0 intact and sealed by the hall, else 3 (decisions 70, 73)


def _chain_records(export: Mapping[str, Any]) -> list[Any] | None:
    """The export's hash-chained records, or ``CliError`` if they cannot be read as records."""
    chain = export.get("chain") or {}
    if not isinstance(chain, Mapping) or not chain.get("records"):
        return None
    from bingo.chain import Record

    try:
        return [Record.from_json(r) for r in chain["records"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CliError(
            f"la cadena de registros de la exportación no se puede leer: {exc}"
        ) from None


def _hall_certificates(args: argparse.Namespace, hall_id: str | None) -> list[bytes]:
    """The certificates the signer must be: those given with --cert, else the hall's own
    kept in its keys folder on this machine (decision 73). None found: the acta cannot be
    attributed to the hall, and verify says so.
    """
    from cryptography import x509

    from actas.seal import kept_certificates, keys_root

    certs: list[bytes] = []
    for cert in args.cert or []:
        try:
            data = cert.read_bytes()
        except OSError as exc:
            raise CliError(
                f"no se puede leer el certificado «{cert}»: {exc.strerror or exc}"
            ) from exc
        try:
            if b"-----BEGIN" in data:
                x509.load_pem_x509_certificates(data)
            else:
                x509.load_der_x509_certificate(data)
        except ValueError as exc:
            raise CliError(f"«{cert}» no es un certificado (PEM o DER)") from exc
        certs.append(data)
    if certs or hall_id is None:
        return certs
    certs = kept_certificates(hall_id, args.keys_dir)
    if certs:
        print(f"Certificado de la sala {hall_id}: el guardado en {keys_root(args.keys_dir)}")
    else:
        print(
            f"No hay certificado de la sala {hall_id} en {keys_root(args.keys_dir)}: "
            "indique el registrado con --cert CERTIFICADO.pem"
        )
    return certs


@_guard
def cmd_receipt(args: argparse.Namespace) -> int:
    """Prize receipt + duplicate, or a winner's proof (A4 or 80 mm)."""
    from actas.receipts import find_receipt, render_prize_receipt, render_winner_proof

    _check_output(args.output)
    export = _source(args)
    series = number = None
    if args.simultanea:
        return _simultaneous_receipt(args, export)
    if args.carton:
        try:
            series, raw = args.carton.rsplit("/", 1)
            number = int(raw)
        except ValueError as exc:
            raise CliError(
                "el cartón se indica como SERIE/NÚMERO, p. ej. A-0002/1144", EXIT_USAGE
            ) from exc
    receipt = find_receipt(
        export,
        args.partida,
        prize=args.prize,
        series=series,
        number=number,
        session_id=args.session,
    )
    if args.proof or receipt.prize not in ("prima", "interconnected"):
        pdf = render_winner_proof(receipt, args.format)
        kind = "comprobante"
    else:
        pdf = render_prize_receipt(receipt, args.format)
        kind = "justificante y duplicado"
    if args.sign:
        pdf = _seal(pdf, export, args, f"Justificante de premio, partida {receipt.partida}")
    say = partial(print, file=_notes(args.output))
    _write(args.output, pdf)
    say(
        f"{kind.capitalize()} de {receipt.prize} de la partida {receipt.partida} "
        f"({receipt.series}/{receipt.number}): {args.output}"
    )
    return EXIT_OK


def _simultaneous_receipt(args: argparse.Namespace, export: dict[str, Any]) -> int:
    """The receipt and its duplicate of a prize of the centre's partida paid here (decision
    307); a winner's proof with --proof.
    """
    from actas.receipts import render_prize_receipt, render_winner_proof
    from actas.receipts_simultaneous import find_simultaneous_receipt

    raw = (args.carton or "").rsplit("/", 1)[-1]
    if args.prize not in ("line", "bingo") or not raw.isdigit():
        raise CliError(
            "--simultanea necesita --prize line|bingo y --carton con el número del cartón",
            EXIT_USAGE,
        )
    receipt = find_simultaneous_receipt(
        export, args.partida, args.prize, int(raw), session_id=args.session
    )
    render = render_winner_proof if args.proof else render_prize_receipt
    pdf = render(receipt, args.format)
    if args.sign:
        pdf = _seal(pdf, export, args, f"Justificante de premio, partida simultánea {args.partida}")
    _write(args.output, pdf)
    print(
        f"Justificante de {receipt.prize} de la partida simultánea {receipt.partida} "
        f"({receipt.series}/{receipt.number}): {args.output}",
        file=_notes(args.output),
    )
    return EXIT_OK


@_guard
def cmd_summary(args: argparse.Namespace) -> int:
    """The night's summary with charts."""
    from actas.summary import render_summary

    _check_output(args.output)
    export = _source(args)
    say = partial(print, file=_notes(args.output))
    _write(args.output, render_summary(export, args.session))
    say(f"Resumen de la sesión: {args.output}")
    return EXIT_OK


@_guard
def cmd_keys(args: argparse.Namespace) -> int:
    """Show (creating on first use) the hall's seal key and certificate."""
    from actas.seal import ensure_keys

    if args.export_cert is not None:
        _check_output(args.export_cert)  # before a key is made
    say = partial(print, file=_notes(args.export_cert))
    keys = ensure_keys(args.hall, args.name or "", directory=args.keys_dir)
    cert = keys.certificate()
    say(f"Sala: {keys.hall_id}")
    say(f"Carpeta de claves: {keys.directory}")
    say(f"Certificado: {'registrado' if keys.registered else 'autofirmado (sin registrar)'}")
    say(f"  sujeto: {cert.subject.rfc4514_string()}")
    say(f"  válido hasta: {cert.not_valid_after_utc.date().isoformat()}")
    say(f"  huella SHA-256: {keys.fingerprint()}")
    if args.export_cert:
        _write(args.export_cert, keys.cert_path.read_bytes())
        say(f"  copia del certificado: {args.export_cert}")
    return EXIT_OK


@_guard
def cmd_register(args: argparse.Namespace) -> int:
    """Adopt the certificate issued for the hall."""
    from actas.seal import register_certificate

    for cert in [args.cert, *(args.chain or [])]:  # checked before the keys folder is touched
        _read_certificate(cert)
    if args.key is not None:
        _read_bytes(args.key, "la clave")
    try:
        keys = register_certificate(
            args.hall, args.cert, chain=args.chain or [], key=args.key, directory=args.keys_dir
        )
    except ValueError as exc:  # cryptography: a key that is not PEM, or needs a passphrase
        raise CliError(f"«{args.key}» no es una clave privada PEM utilizable: {exc}") from None
    print(
        f"Certificado registrado para la sala {keys.hall_id}; huella SHA-256 {keys.fingerprint()}"
    )
    return EXIT_OK


def _default_database_exists() -> bool:
    """Whether this machine has the hall's default database (``$BINGO_HALL_DB`` or the file in
    the user's data folder): a database server named by URL counts as there.
    """
    from store.engine import default_database_url, parse_url, sqlite_file

    path = sqlite_file(parse_url(default_database_url()))
    return path is None or path.exists()


def _purge_claims(args: argparse.Namespace) -> tuple[str, list[Any], bool]:
    """The hall, the claims that hold its actas, and whether they are read from its live record.

    The live record (the database) is the authority: an export file is a copy made at some
    moment, and its claims only add to the record's (docs/decisions.md 74, 121).
    """
    from actas.archive import claims_from_export

    loader = getattr(args, "db_export", None)
    exported = _read_export(args.export) if args.export is not None else None
    wants_db = args.db is not None or args.from_db
    if not wants_db and exported is not None and loader is not None:
        wants_db = _default_database_exists()
    if not wants_db or loader is None:
        if exported is None:
            raise CliError("indique --db URL o --from-db (la base de datos de la sala)", EXIT_USAGE)
        hall_id = str((exported.get("hall") or {}).get("id", ""))
        print(
            f"AVISO: no hay base de datos de la sala; se leen las reclamaciones de «{args.export}»."
            " Las presentadas después de hacer esa exportación no se conocen."
        )
        return hall_id, claims_from_export(exported), False
    hall = args.hall
    if hall is None and exported is not None:
        hall = str((exported.get("hall") or {}).get("id", "")) or None
    live: dict[str, Any] = loader(args.db, hall)
    hall_id = str(live["hall"]["id"])
    claims = claims_from_export(live)
    print(f"Reclamaciones de la sala {hall_id} según su registro: {len(claims)}")
    if exported is not None:
        exported_hall = str((exported.get("hall") or {}).get("id", ""))
        if exported_hall != hall_id:
            raise CliError(
                f"«{args.export}» es de la sala {exported_hall}, "
                f"no de la sala {hall_id} del registro"
            )
        _compare_heads(args.export, live, exported)
        noted = claims_from_export(exported)
        print(f"Reclamaciones en «{args.export}»: {len(noted)} (se suman a las del registro)")
        claims += noted
    return hall_id, claims, True


def _compare_heads(path: Path, live: Mapping[str, Any], exported: Mapping[str, Any]) -> None:
    """Say how an export file stands against the live record (its chain head and length)."""
    chain = live.get("chain") or {}
    mine, theirs = chain.get("seq"), (exported.get("chain") or {}).get("seq")
    if not isinstance(mine, int) or not isinstance(theirs, int):
        return
    head = (exported.get("chain") or {}).get("head")
    same = [r for r in chain.get("records") or [] if r.get("seq") == theirs]
    if theirs > mine or (same and same[0].get("hash") != head):
        print(
            f"AVISO: «{path}» no es una copia de este registro (su cabeza no es la de la base de "
            "datos): valen las reclamaciones del registro; las de la exportación se suman"
        )
    elif theirs < mine:
        print(
            f"«{path}» es anterior al registro (registro {theirs} de {mine}): valen las "
            "reclamaciones del registro; las de la exportación se suman"
        )


@_guard
def cmd_purge(args: argparse.Namespace) -> int:
    """List what may be purged from the archive; with --si, purge exactly that."""
    from actas.archive import ActaArchive, load_claims

    if args.export is None and args.db is None and not args.from_db:
        raise CliError(
            "¿dónde constan las reclamaciones? Indique el registro de la sala (--from-db, "
            "--db URL o --export FICHERO); las anotadas fuera de él (--claims FICHERO) se "
            "suman a las del registro, nunca lo sustituyen",
            EXIT_USAGE,
        )
    # The keeping period runs to the real date: a later --today would destroy actas still in
    # their six months (IV.3); an earlier one is only a look "as of" that day (decision 122).
    real_today = date.today()
    today = args.today or real_today
    if today > real_today:
        raise CliError(
            f"--today {today.isoformat()} es posterior a hoy ({real_today.isoformat()}): "
            "el plazo de conservación se cuenta hasta la fecha real",
            EXIT_USAGE,
        )
    if args.yes and today != real_today:
        raise CliError(
            "--si destruye solo con la fecha real: --today sirve para consultar, sin --si, lo "
            "que se podría destruir en una fecha pasada",
            EXIT_USAGE,
        )
    hall_id, claims, live = _purge_claims(args)
    if args.yes and not live and not args.without_db:
        raise CliError(
            "sin la base de datos de la sala no se conocen las reclamaciones presentadas después "
            "de la exportación: para destruir igualmente, añada --sin-base-de-datos",
            EXIT_USAGE,
        )
    if args.claims is not None:
        _read_json(args.claims, "un fichero de reclamaciones")  # unreadable: say why, plainly
        noted = load_claims(args.claims)
        print(f"Reclamaciones anotadas en «{args.claims}»: {len(noted)}")
        claims += noted
    # only the hall whose record was read has had all its claims consulted (R-ACTA-5)
    consulted = {hall_id}
    archive = ActaArchive(args.archive)
    if today != real_today:
        print(f"Consulta a fecha {today.isoformat()} (nada se destruye con otra fecha que hoy).")
    plan = archive.plan(claims, today, consulted)
    if not plan:
        print("El archivo está vacío.")
        return EXIT_OK
    for d in plan:
        mark = "PUEDE DESTRUIRSE" if d.purge else "SE CONSERVA"
        print(f"{mark:16} {d.item.ref} — {d.reason}")
    if not args.yes:
        print("(Nada se ha borrado: repita con --si para destruir lo indicado.)")
        return EXIT_OK
    result = archive.purge(claims, today, consulted)
    for path in result.deleted:
        print(f"destruido: {path}")
    for why in result.refused:
        print(f"NO destruido: {why}")
    return EXIT_REFUSED if result.refused else EXIT_OK


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"fecha no válida «{value}» (AAAA-MM-DD)") from exc


def _hall_id(value: str) -> str:
    """A hall id the record can keep: 1 to 64 printable characters."""
    if not value.strip() or len(value) > 64 or not value.isprintable():
        raise argparse.ArgumentTypeError(
            f"identificador de sala no válido {value!r}: de 1 a 64 caracteres imprimibles"
        )
    return value


def _db_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, help="URL de la base de datos de la sala")
    p.add_argument("--from-db", action="store_true", help="la base de datos local por defecto")
    p.add_argument("--hall", type=_hall_id, default=None, help="sala (con --db)")


def add_engine_parsers(subparsers: Any) -> None:
    """Add ``acta`` to the main command line, reading the hall's database (``--db``,
    ``--from-db``) through the engine, which is imported only when a command reads it.
    """
    add_parsers(subparsers, export_from_db=_engine_export, projector=_engine_projector)


def _engine_export(db_url: str | None, hall_id: str | None) -> dict[str, Any]:
    from app.bootstrap import export_from_db

    return export_from_db(db_url, hall_id)


def _engine_projector(records: Any) -> dict[str, Any]:
    from app.bootstrap import project_records

    return project_records(records)


def add_parsers(
    subparsers: Any,
    export_from_db: Callable[[str | None, str | None], dict[str, Any]] | None = None,
    projector: Callable[..., Any] | None = None,
) -> None:
    """Add ``acta`` and its subcommands to the main command line."""
    acta = subparsers.add_parser(
        "acta",
        help="actas de sesión: generar, sellar, verificar",
        description="Actas de sesión, justificantes y resúmenes.",
        epilog=EXIT_CODES_TEXT,
    )
    acta.set_defaults(db_export=export_from_db, projector=projector)
    sub = acta.add_subparsers(dest="acta_command", metavar="ORDEN", required=True)

    def seal_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--sign", action="store_true", help="firmar (PAdES) con la clave de la sala")
        p.add_argument(
            "--keys-dir",
            type=Path,
            default=None,
            help="carpeta de claves (por defecto, la de datos del usuario)",
        )
        p.add_argument(
            "--tsa",
            default=None,
            metavar="URL",
            help="autoridad de sellado de tiempo RFC 3161 (o BINGO_HALL_TSA_URL)",
        )

    p = sub.add_parser("build", help="generar el acta de una sesión")
    p.add_argument("--export", type=Path, default=None, help="exportación bingo-session/1")
    _db_options(p)
    p.add_argument("-o", "--output", type=Path, required=True, help="PDF de salida")
    p.add_argument("--session", default=None, help="sesión (si la exportación tiene varias)")
    p.add_argument("--archive", type=Path, default=None, help="guardar también en el archivo")
    seal_options(p)
    p.set_defaults(func=cmd_build)

    p = sub.add_parser(
        "verify",
        help="comprobar que un acta y su registro están íntegros",
        epilog=EXIT_CODES_TEXT,
    )
    p.add_argument("file", type=Path, help="acta en PDF")
    p.add_argument(
        "--export",
        type=Path,
        default=None,
        help="exportación actual de la sala para comparar su registro",
    )
    _db_options(p)
    p.add_argument(
        "--cert",
        type=Path,
        action="append",
        help="certificado registrado de la sala (PEM); puede repetirse",
    )
    p.add_argument(
        "--keys-dir",
        type=Path,
        default=None,
        help="carpeta de claves de la sala, para contrastar sin --cert (por defecto, la de datos "
        "del usuario)",
    )
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("receipt", help="justificante de premio o comprobante de ganador")
    p.add_argument("--export", type=Path, default=None)
    _db_options(p)
    p.add_argument("--partida", type=int, required=True)
    p.add_argument("--session", default=None)
    p.add_argument(
        "--prize", default=None, choices=["prima", "interconnected", "bingo", "line", "bola_loca"]
    )
    p.add_argument("--carton", default=None, metavar="SERIE/NÚMERO")
    p.add_argument("--proof", action="store_true", help="comprobante con el cartón y las bolas")
    p.add_argument(
        "--simultanea",
        action="store_true",
        help="premio de la partida simultánea --partida del centro (--prize line|bingo, "
        "--carton NÚMERO), pagado en esta sala",
    )
    p.add_argument("--format", choices=["a4", "80mm"], default="a4")
    p.add_argument("-o", "--output", type=Path, required=True)
    seal_options(p)
    p.set_defaults(func=cmd_receipt)

    p = sub.add_parser("summary", help="resumen de la noche con gráficos")
    p.add_argument("--export", type=Path, default=None)
    _db_options(p)
    p.add_argument("--session", default=None)
    p.add_argument("-o", "--output", type=Path, required=True)
    p.set_defaults(func=cmd_summary)

    p = sub.add_parser("keys", help="clave y certificado de sello de la sala")
    p.add_argument("--hall", type=_hall_id, required=True, help="identificador de la sala")
    p.add_argument("--name", default=None, help="nombre de la sala (al crear la clave)")
    p.add_argument("--keys-dir", type=Path, default=None)
    p.add_argument(
        "--export-cert",
        type=Path,
        default=None,
        help="copiar el certificado (público) a este archivo",
    )
    p.set_defaults(func=cmd_keys)

    p = sub.add_parser("register-cert", help="registrar el certificado emitido para la sala")
    p.add_argument("--hall", type=_hall_id, required=True)
    p.add_argument("--cert", type=Path, required=True, help="certificado (PEM)")
    p.add_argument("--chain", type=Path, action="append", help="certificados de la cadena")
    p.add_argument(
        "--key",
        type=Path,
        default=None,
        help="clave privada (PEM) si el certificado se emitió para otra clave",
    )
    p.add_argument("--keys-dir", type=Path, default=None)
    p.set_defaults(func=cmd_register)

    p = sub.add_parser("purge", help="listar y destruir lo que ya no hay que conservar")
    p.add_argument("--archive", type=Path, required=True, help="carpeta del archivo de actas")
    _db_options(p)
    p.add_argument(
        "--export", type=Path, default=None, help="exportación bingo-session/1 de la sala"
    )
    p.add_argument(
        "--claims",
        type=Path,
        default=None,
        help="reclamaciones anotadas fuera del registro, que se suman a las suyas (JSON, como "
        "`reclamacion list --json`)",
    )
    p.add_argument(
        "--today",
        type=_date,
        default=None,
        help="consultar a una fecha pasada (AAAA-MM-DD); nunca posterior a hoy, y no con --si",
    )
    p.add_argument(
        "--si", dest="yes", action="store_true", help="destruir lo que la política permite"
    )
    p.add_argument(
        "--sin-base-de-datos",
        dest="without_db",
        action="store_true",
        help="con --si y solo --export: destruir sabiendo que no se conocen las reclamaciones "
        "presentadas después de la exportación",
    )
    p.set_defaults(func=cmd_purge)
