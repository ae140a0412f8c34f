"""`bingo-hall tls init`: the hall's own certificate authority and its server's certificate
(docs/security.md "TLS"; decision 584). The stations trust ``ca.pem`` (installed once on each);
the server serves ``sala.pem`` with ``sala.key`` (``[server] cert`` and ``key``). The
authority's private key is never written: a new certificate is a new ``tls init``, whose
authority the stations are given again.
"""

from __future__ import annotations

import argparse
import datetime as dt
import ipaddress
import socket
from pathlib import Path
from typing import Any

from app.cli_input import CliError

#: A hall's certificate lasts this long; the console says when it is near its end.
YEARS = 5
FILES = ("ca.pem", "sala.pem", "sala.key")


def add_parsers(subparsers: Any) -> None:
    parser = subparsers.add_parser("tls", help="el certificado TLS del servidor de la sala")
    actions = parser.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    init = actions.add_parser(
        "init",
        help="crea la autoridad de la sala (ca.pem) y el certificado de su servidor "
        "(sala.pem, sala.key)",
    )
    init.add_argument("folder", help="carpeta donde escribirlos (se crea si no existe)")
    init.add_argument(
        "--name",
        action="append",
        default=[],
        help="nombre o dirección IP por la que los puestos llegan al servidor (puede "
        "repetirse; por omisión los de esta máquina)",
    )
    init.set_defaults(func=_cmd_init)


def machine_names() -> list[str]:
    """This machine's names and addresses, loopback's first."""
    names = ["127.0.0.1", "::1", "localhost"]
    host = socket.gethostname()
    for name in (host, socket.getfqdn()):
        if name and name not in names:
            names.append(name)
    try:
        for *_, address in socket.getaddrinfo(host, None, type=socket.SOCK_STREAM):
            ip = str(address[0]).split("%")[0]
            if ip not in names:
                names.append(ip)
    except OSError:
        pass  # a machine whose name does not resolve: its names only
    return names


def _cmd_init(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    taken = [name for name in FILES if (folder / name).exists()]
    if taken:
        raise CliError(
            f"ya hay un certificado en {folder} ({', '.join(taken)}): no se sobrescribe; "
            "bórrelo antes si quiere otro (y dé a los puestos la nueva ca.pem)"
        )
    names = [n.strip() for n in args.name if n.strip()] or machine_names()
    try:
        paths = make_hall_pki(folder, names)
    except OSError as exc:
        raise CliError(f"no se pueden escribir los certificados en {folder}: {exc}") from None
    print(f"autoridad de la sala: {paths['ca']} (instálela en cada puesto)")
    print(f"certificado del servidor: {paths['cert']} (para: {', '.join(names)})")
    print(f"clave del servidor: {paths['key']} (solo la lee su dueño)")
    cert, key = paths["cert"], paths["key"]
    print(f'en el fichero de la sala: [server] cert = "{cert}", key = "{key}"')
    return 0


def make_hall_pki(folder: Path, names: list[str]) -> dict[str, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    def named(text: str) -> x509.Name:
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])

    folder.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.UTC)
    until = now + dt.timedelta(days=365 * YEARS)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    authority = named(f"bingo-hall sala {socket.gethostname()}: autoridad")
    ca = (
        x509.CertificateBuilder()
        .subject_name(authority)
        .issuer_name(authority)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(until)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    alt: list[x509.GeneralName] = []
    for name in names:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt.append(x509.DNSName(name))
    cert = (
        x509.CertificateBuilder()
        .subject_name(named(names[0]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(until)
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = {"ca": folder / FILES[0], "cert": folder / FILES[1], "key": folder / FILES[2]}
    pem = serialization.Encoding.PEM
    paths["ca"].write_bytes(ca.public_bytes(pem))
    paths["cert"].write_bytes(cert.public_bytes(pem))
    paths["key"].touch(mode=0o600)
    paths["key"].write_bytes(
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return paths
