"""Certificates for the hall links' TLS: a private authority of the centre and the centre's
certificate signed by it (``python -m app.centre.tls CARPETA [NOMBRE…]``; docs/centre.md).

Each hall trusts the authority's certificate (``--join-ca``), so a link reaches only the centre
that holds the key; the tests make theirs with it too.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import sys
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

YEARS = 5


def _name(text: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def _pem(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def make_pki(folder: Path, names: tuple[str, ...] = ("127.0.0.1", "localhost")) -> dict[str, Path]:
    """Write ``ca.pem`` (the authority), ``centre.pem`` and ``centre.key`` (the centre's
    certificate for ``names`` and its key, readable by the owner only) into ``folder``.
    """
    folder.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.UTC)
    until = now + dt.timedelta(days=365 * YEARS)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("bingo-hall centro: autoridad"))
        .issuer_name(_name("bingo-hall centro: autoridad"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(until)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
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
        .subject_name(_name(names[0]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(until)
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    paths = {"ca": folder / "ca.pem", "cert": folder / "centre.pem", "key": folder / "centre.key"}
    paths["ca"].write_bytes(_pem(ca))
    paths["cert"].write_bytes(_pem(cert))
    paths["key"].touch(mode=0o600)
    paths["key"].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return paths


def main(argv: list[str]) -> int:
    if not argv:
        print("uso: python -m app.centre.tls CARPETA [NOMBRE…]  (nombres o IP del centro)")
        return 2
    try:
        paths = make_pki(Path(argv[0]), tuple(argv[1:]) or ("127.0.0.1", "localhost"))
    except OSError as exc:
        print(f"no se pueden escribir los certificados: {exc}")
        return 1
    for what, path in paths.items():
        print(f"{what}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
