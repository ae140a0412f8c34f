"""Sealing actas: the hall's key, its certificate, and a PAdES signature with pyHanko.

Keys live outside the repository, in ``platformdirs.user_data_dir("bingo-hall")/keys/<hall>/``
(or a directory given by the caller): created on first use, the private key readable only by
its owner. Until the hall registers a certificate issued for it (by the regulator or a
qualified provider), a self-signed certificate naming the hall id is used; ``register`` swaps it
for the registered one (same key, or a new key and certificate pair). With a timestamp
authority URL, the signature also carries an RFC 3161 timestamp.
"""

from __future__ import annotations

import io
import logging
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import platformdirs
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.asymmetric.types import PrivateKeyTypes
from cryptography.x509.oid import NameOID

log = logging.getLogger(__name__)

KEY_FILE = "hall-key.pem"
SELF_SIGNED_FILE = "hall-cert-self-signed.pem"
REGISTERED_FILE = "hall-cert-registered.pem"
CHAIN_FILE = "hall-cert-chain.pem"
SIGNATURE_FIELD = "SelloSala"
PASSPHRASE_ENV = "BINGO_HALL_KEY_PASSPHRASE"
TSA_ENV = "BINGO_HALL_TSA_URL"


class SealError(RuntimeError):
    """Sealing is impossible (key unreadable, certificate not matching...); Spanish message."""


@dataclass(frozen=True, slots=True)
class HallKeys:
    hall_id: str
    directory: Path
    key_path: Path
    cert_path: Path
    chain_paths: tuple[Path, ...]
    registered: bool

    def certificate(self) -> x509.Certificate:
        return x509.load_pem_x509_certificate(self.cert_path.read_bytes())

    def fingerprint(self) -> str:
        return self.certificate().fingerprint(hashes.SHA256()).hex()


# What a sealing certificate may do: sign, with non-repudiation (the hall's own or a CA-issued one).
SIGNING_KEY_USAGE = x509.KeyUsage(
    digital_signature=True,
    content_commitment=True,
    key_encipherment=False,
    data_encipherment=False,
    key_agreement=False,
    key_cert_sign=False,
    crl_sign=False,
    encipher_only=False,
    decipher_only=False,
)


def keys_root(directory: Path | None = None) -> Path:
    """Where hall keys are kept (outside the repository)."""
    if directory is not None:
        return directory
    return Path(platformdirs.user_data_dir("bingo-hall")) / "keys"


def _safe(hall_id: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_." else "_" for c in hall_id)
    if not cleaned.strip("._"):
        raise SealError(f"identificador de sala no válido: «{hall_id}»")
    return cleaned


def _passphrase(passphrase: bytes | None) -> bytes | None:
    if passphrase is not None:
        return passphrase
    env = os.environ.get(PASSPHRASE_ENV)
    return env.encode("utf-8") if env else None


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def _self_signed(key: rsa.RSAPrivateKey, hall_id: str, hall_name: str) -> x509.Certificate:
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "ES"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, hall_name or hall_id),
            x509.NameAttribute(NameOID.SERIAL_NUMBER, hall_id),
            x509.NameAttribute(NameOID.COMMON_NAME, f"Sello de actas de la sala {hall_id}"),
        ]
    )
    now = datetime.now(UTC).replace(microsecond=0)
    return (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=365 * 10))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            SIGNING_KEY_USAGE,
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )


def load_key(keys: HallKeys, passphrase: bytes | None = None) -> PrivateKeyTypes:
    try:
        return serialization.load_pem_private_key(
            keys.key_path.read_bytes(), password=_passphrase(passphrase)
        )
    except (ValueError, TypeError) as exc:
        raise SealError(
            f"no se puede leer la clave de la sala ({keys.key_path.name}): ¿falta la frase de paso?"
        ) from exc


def ensure_keys(
    hall_id: str,
    hall_name: str = "",
    *,
    directory: Path | None = None,
    passphrase: bytes | None = None,
    key_size: int = 3072,
) -> HallKeys:
    """The hall's key and certificate, created on first use."""
    folder = keys_root(directory) / _safe(hall_id)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key_path = folder / KEY_FILE
    self_signed = folder / SELF_SIGNED_FILE
    if not key_path.exists():
        log.info("creating the seal key of hall %s in %s", hall_id, folder)
        key = rsa.generate_private_key(public_exponent=65537, key_size=key_size)
        secret = _passphrase(passphrase)
        enc: serialization.KeySerializationEncryption = (
            serialization.BestAvailableEncryption(secret)
            if secret
            else serialization.NoEncryption()
        )
        _write_private(
            key_path,
            key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, enc),
        )
        self_signed.write_bytes(
            _self_signed(key, hall_id, hall_name).public_bytes(serialization.Encoding.PEM)
        )
    elif not self_signed.exists():
        key_any = serialization.load_pem_private_key(
            key_path.read_bytes(), password=_passphrase(passphrase)
        )
        if not isinstance(key_any, rsa.RSAPrivateKey):
            raise SealError("la clave de la sala no es RSA")
        self_signed.write_bytes(
            _self_signed(key_any, hall_id, hall_name).public_bytes(serialization.Encoding.PEM)
        )
    return _describe(hall_id, folder)


def _describe(hall_id: str, folder: Path) -> HallKeys:
    registered = folder / REGISTERED_FILE
    chain = folder / CHAIN_FILE
    if registered.exists():
        return HallKeys(
            hall_id, folder, folder / KEY_FILE, registered, (chain,) if chain.exists() else (), True
        )
    return HallKeys(hall_id, folder, folder / KEY_FILE, folder / SELF_SIGNED_FILE, (), False)


def kept_certificates(hall_id: str, directory: Path | None = None) -> list[bytes]:
    """The hall's own certificates in its keys folder (the registered one, and the one the
    hall made itself, which it hands to the regulator until one is issued), PEM; creating
    nothing. ``acta verify`` accepts only a signer that is exactly one of these.
    """
    try:
        folder = keys_root(directory) / _safe(hall_id)
    except SealError:
        return []
    out: list[bytes] = []
    for name in (REGISTERED_FILE, SELF_SIGNED_FILE):
        try:
            out.append((folder / name).read_bytes())
        except OSError:
            continue
    return out


def register_certificate(
    hall_id: str,
    certificate: Path,
    *,
    chain: Sequence[Path] = (),
    key: Path | None = None,
    directory: Path | None = None,
    passphrase: bytes | None = None,
) -> HallKeys:
    """Adopt the certificate issued for the hall (PEM).

    With its chain and, when the certificate was issued for another key, that key (PEM,
    PKCS#8).
    """
    folder = keys_root(directory) / _safe(hall_id)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    cert = x509.load_pem_x509_certificate(certificate.read_bytes())
    if key is not None:
        new_key = serialization.load_pem_private_key(
            key.read_bytes(), password=_passphrase(passphrase)
        )
        if new_key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        ) != cert.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        ):
            raise SealError("el certificado no corresponde a la clave indicada")
        old = folder / KEY_FILE
        if old.exists():
            old.rename(folder / f"{KEY_FILE}.{datetime.now(UTC):%Y%m%d%H%M%S}.old")
        _write_private(folder / KEY_FILE, key.read_bytes())
    else:
        current = ensure_keys(hall_id, directory=directory, passphrase=passphrase)
        own = (
            load_key(current, passphrase)
            .public_key()
            .public_bytes(
                serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
            )
        )
        if own != cert.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        ):
            raise SealError("el certificado registrado no corresponde a la clave de la sala")
    (folder / REGISTERED_FILE).write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    if chain:
        with (folder / CHAIN_FILE).open("wb") as fh:
            for path in chain:
                fh.write(path.read_bytes())
    return _describe(hall_id, folder)


def certified(acta: Any, directory: Path | None = None, *, sealing: bool = False) -> Any:
    """``acta`` (an ``actas.model.Acta``) with the SHA-256 fingerprint of the certificate that
    seals the hall's actas, which format 4 prints for the inspection to hold against the one the
    hall gave it (decision 642): the certificate the seal will use when ``sealing`` (made on
    first use, as the seal makes it), else the one in the key folder, if any.
    """
    from dataclasses import replace

    if sealing:
        keys = ensure_keys(acta.hall_id, acta.hall_name, directory=directory)
        return replace(acta, hall_certificate=keys.fingerprint())
    try:
        folder = keys_root(directory) / _safe(acta.hall_id)
    except SealError:
        return acta
    for name in (REGISTERED_FILE, SELF_SIGNED_FILE):
        try:
            cert = x509.load_pem_x509_certificate((folder / name).read_bytes())
        except (OSError, ValueError):
            continue
        return replace(acta, hall_certificate=cert.fingerprint(hashes.SHA256()).hex())
    return acta


def load_pyhanko() -> None:
    """Import pyHanko with its DSA deprecation warning silenced: it imports DSA when loaded,
    the hall's key is RSA, and the operator's terminal is no place for a library's notice.
    """
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="DSA is deprecated", category=Warning)
        import pyhanko.sign
        import pyhanko.sign.validation  # noqa: F401


def timestamper_for(url: str | None) -> Any:
    """An RFC 3161 client for the configured timestamp authority (None: no timestamp)."""
    url = url or os.environ.get(TSA_ENV) or None
    if not url:
        return None
    load_pyhanko()
    from pyhanko.sign.timestamps import HTTPTimeStamper

    return HTTPTimeStamper(url, timeout=10)


def sign_pdf(
    pdf: bytes,
    keys: HallKeys,
    *,
    reason: str,
    location: str = "",
    timestamper: Any = None,
    passphrase: bytes | None = None,
) -> bytes:
    """Append a PAdES signature by the hall's key (and a timestamp when one is given)."""
    load_pyhanko()
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    secret = _passphrase(passphrase)
    try:
        signer = signers.SimpleSigner.load(  # type: ignore[no-untyped-call]
            str(keys.key_path),
            str(keys.cert_path),
            ca_chain_files=[str(p) for p in keys.chain_paths] or None,
            key_passphrase=secret,
        )
    except Exception as exc:  # pyHanko reports key problems with several exception types
        raise SealError(f"no se puede cargar la clave o el certificado de la sala: {exc}") from exc
    if signer is None:
        raise SealError("no se puede cargar la clave o el certificado de la sala")
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    meta = signers.PdfSignatureMetadata(
        field_name=SIGNATURE_FIELD,
        md_algorithm="sha256",
        reason=reason,
        location=location,
        subfilter=fields.SigSeedSubFilter.PADES,
        certify=True,
        docmdp_permissions=fields.MDPPerm.NO_CHANGES,
    )
    out = signers.sign_pdf(writer, meta, signer=signer, timestamper=timestamper)
    data: bytes = out.getvalue()
    return data


def copy_public_certificate(keys: HallKeys, target: Path) -> Path:
    """Copy the hall's certificate (public) for the regulator or an inspector."""
    shutil.copyfile(keys.cert_path, target)
    return target
