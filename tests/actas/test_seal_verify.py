"""Sealing and verification: untouched passes; one byte or one record changed fails, named."""

from __future__ import annotations

import copy
import itertools
import os
import re
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from actas.pdf_inspect import object_roles, object_spans, original_revision
from actas.render import render_acta
from actas.seal import (
    SIGNING_KEY_USAGE,
    HallKeys,
    SealError,
    ensure_keys,
    kept_certificates,
    register_certificate,
    sign_pdf,
)
from actas.verify import VerifyReport, first_json_difference, verify_acta
from bingo.chain import Record, seal
from tests.actas.fixtures import Night, fold

_HALL_CERT: list[bytes] = []


@pytest.fixture(autouse=True)
def _hall_certificate(hall_keys: HallKeys) -> None:
    """The hall's certificate, as ``acta verify`` finds it in the hall's keys folder."""
    _HALL_CERT[:] = [hall_keys.cert_path.read_bytes()]


def check(data: bytes, **kwargs: Any) -> VerifyReport:
    """``verify_acta`` against the hall's own certificate (decision 73)."""
    return verify_acta(data, trusted_certs=kwargs.pop("trusted_certs", _HALL_CERT), **kwargs)


def update_folio(pdf: bytes, folio: int, old: bytes, new: bytes) -> bytes:
    """An incremental update that shows ``new`` where folio ``folio`` printed ``old``: the
    bytes before it are untouched, what a reader displays is not.
    """
    from io import BytesIO

    from pyhanko.pdf_utils.generic import NameObject, StreamObject
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    w = IncrementalPdfFileWriter(BytesIO(pdf), strict=False)
    page_ref = w.root["/Pages"]["/Kids"].raw_get(folio - 1)
    page = page_ref.get_object()
    shown = page["/Contents"].data
    assert old in shown
    replaced = StreamObject(stream_data=shown.replace(old, new, 1))
    page[NameObject("/Contents")] = w.add_object(replaced)
    w.mark_update(page_ref)
    out = BytesIO()
    w.write(out)  # type: ignore[no-untyped-call]
    return out.getvalue()


def flip(data: bytes, offset: int) -> bytes:
    b = bytearray(data)
    b[offset] ^= 0x01
    return bytes(b)


def offset_in(data: bytes, role_prefix: str) -> int:
    """A byte in the middle of the first object whose role starts with ``role_prefix``."""
    original = original_revision(data)
    roles = object_roles(original)
    spans = object_spans(original)
    for (start, num), (nxt, _) in itertools.pairwise(spans):
        if roles.get(num, "").startswith(role_prefix):
            return start + (nxt - start) // 2
    raise AssertionError(role_prefix)


# --- keys ---------------------------------------------------------------------------------


def test_keys_are_created_on_first_use_outside_the_repo(
    hall_keys: HallKeys, keys_dir: Path
) -> None:
    assert hall_keys.directory == keys_dir / "cantabria-001"
    assert stat.S_IMODE(os.stat(hall_keys.key_path).st_mode) == 0o600
    cert = hall_keys.certificate()
    assert cert.subject.get_attributes_for_oid(NameOID.SERIAL_NUMBER)[0].value == "cantabria-001"
    assert not hall_keys.registered
    again = ensure_keys("cantabria-001", directory=keys_dir)
    assert again.fingerprint() == hall_keys.fingerprint()  # not created twice


def test_default_key_folder_is_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from actas import seal as seal_mod

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: f"/nonexistent/{app}")
    assert seal_mod.keys_root() == Path("/nonexistent/bingo-hall/keys")


def test_passphrase_protected_key(tmp_path: Path, acta12_pdf: bytes) -> None:
    keys = ensure_keys("sala-2", directory=tmp_path, key_size=2048, passphrase=b"secreto")
    with pytest.raises(SealError, match="no se puede cargar"):
        sign_pdf(acta12_pdf, keys, reason="x")
    signed = sign_pdf(acta12_pdf, keys, reason="x", passphrase=b"secreto")
    assert check(signed, trusted_certs=[keys.cert_path.read_bytes()]).intact


# --- verification of an untouched acta ----------------------------------------------------


def test_untouched_signed_acta_passes(
    signed12: bytes, hall_keys: HallKeys, acta12_pdf: bytes
) -> None:
    assert signed12.startswith(acta12_pdf)  # the signature is an incremental update
    report = check(signed12, trusted_certs=[hall_keys.cert_path.read_bytes()])
    assert report.intact and report.signed and report.exit_code == 0, report.lines()
    checks = {f.check for f in report.findings}
    assert checks == {"Firma", "Cadena de registros", "Cabeza impresa", "Folios"}
    assert report.signer_fingerprint == hall_keys.fingerprint()
    assert "certificado reconocido como el de la sala" in report.lines()[0]


def test_without_the_registered_certificate_an_acta_is_not_declared_intact(
    signed12: bytes, hall_keys: HallKeys
) -> None:
    """R-ACTA-6: nobody can tell whose seal it is; the signer's fingerprint is shown."""
    report = verify_acta(signed12)
    assert report.exit_code == 3 and not report.intact and not report.altered
    assert hall_keys.fingerprint() in report.lines()[0]
    assert "no se puede atribuir a la sala" in report.lines()[-1]


def test_a_strangers_key_with_the_halls_id_is_not_the_hall(
    acta12_pdf: bytes, tmp_path: Path
) -> None:
    """R-ACTA-6: a certificate naming the hall, made by anybody, does not seal its acta."""
    stranger = ensure_keys("cantabria-001", "Bingo Sardinero", directory=tmp_path, key_size=2048)
    forged = sign_pdf(acta12_pdf, stranger, reason="Acta de la sesión")
    report = check(forged)
    assert report.exit_code == 3 and not report.altered
    assert "firmado con un certificado que no es el registrado de la sala" in report.lines()[0]
    assert stranger.fingerprint() in report.lines()[0]
    assert "NO SE PUEDE DECLARAR ÍNTEGRA" in report.lines()[-1]


def test_another_halls_certificate_is_not_trusted(signed12: bytes, tmp_path: Path) -> None:
    other = ensure_keys("otra-sala", directory=tmp_path, key_size=2048)
    report = check(signed12, trusted_certs=[other.cert_path.read_bytes()])
    assert report.exit_code == 3
    assert "no es el registrado de la sala" in (report.first_difference or "")


def test_an_unsigned_acta_agrees_with_its_record_but_is_not_declared_intact(
    acta12_pdf: bytes,
) -> None:
    report = check(acta12_pdf)
    assert not report.intact and not report.altered and not report.signed
    assert report.exit_code == 3
    assert "no está firmada" in report.lines()[-1]


# --- one byte changed -------------------------------------------------------------------


def test_a_byte_changed_in_a_folio_is_named_with_its_line(signed12: bytes) -> None:
    report = check(flip(signed12, offset_in(signed12, "el contenido del folio 3")))
    assert report.exit_code == 3
    assert not next(f for f in report.findings if f.check == "Firma").ok
    diff = report.first_difference or ""
    assert diff.startswith("Folios: folio 3"), diff
    assert "el contenido del folio 3" in diff


@pytest.mark.parametrize(
    "role", ["la página del folio 2", "los metadatos", "una fuente", "el catálogo"]
)
def test_a_byte_changed_outside_the_text_is_located(signed12: bytes, role: str) -> None:
    report = check(flip(signed12, offset_in(signed12, role)))
    assert report.exit_code == 3
    assert role in (report.first_difference or ""), report.lines()


def test_a_byte_changed_in_the_attached_record_is_detected(signed12: bytes) -> None:
    report = check(flip(signed12, offset_in(signed12, "el registro adjunto")))
    assert report.exit_code == 3
    assert re.match(
        r"(Registro adjunto|Cadena de registros|Folios): ", report.first_difference or ""
    ), report.lines()


@pytest.mark.parametrize("where", ["start", "signature", "end"])
def test_any_byte_changed_fails(signed12: bytes, where: str) -> None:
    original_end = len(original_revision(signed12))
    offset = {
        "start": 9,
        "signature": signed12.index(b"/Contents <") + 200,
        "end": len(signed12) - 40,
    }[where]
    assert where != "start" or offset < original_end
    report = check(flip(signed12, offset))
    assert report.exit_code == 3, report.lines()
    assert report.first_difference


def test_bytes_changed_all_along_the_file_fail(signed12: bytes) -> None:
    for offset in range(100, len(signed12), len(signed12) // 3):
        assert check(flip(signed12, offset)).exit_code == 3, offset


def test_an_update_appended_after_signing_fails(signed12: bytes) -> None:
    from io import BytesIO

    from pyhanko.pdf_utils.generic import NameObject, TextStringObject
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

    w = IncrementalPdfFileWriter(BytesIO(signed12))
    w.root[NameObject("/Lang")] = TextStringObject("en")
    w.update_root()  # type: ignore[no-untyped-call]
    out = BytesIO()
    w.write(out)  # type: ignore[no-untyped-call]
    report = check(out.getvalue())
    assert report.exit_code == 3 and report.altered
    diff = report.first_difference or ""
    assert diff.startswith("Actualización posterior: tras lo firmado se añadieron"), diff
    assert "el catálogo del documento" in diff, diff


def test_an_unsigned_acta_changed_by_an_incremental_update_fails_naming_folio_and_value(
    acta12_pdf: bytes,
) -> None:
    """The bytes before the first %%EOF are the acta as generated; an update after them
    changes what is shown (R-ACTA-4, R-ACTA-6)."""
    changed = update_folio(acta12_pdf, 2, b"(82,11 \\200)", b"(92,11 \\200)")
    report = check(changed)
    assert report.exit_code == 3 and report.altered
    diff = report.first_difference or ""
    assert diff.startswith("Actualización posterior: tras el acta tal como se generó"), diff
    assert "el folio 2 muestra «" in diff and "92,11 €" in diff and "82,11 €" in diff, diff


def test_a_signed_acta_changed_by_an_update_after_signing_names_folio_and_value(
    signed12: bytes,
) -> None:
    changed = update_folio(signed12, 2, b"(82,11 \\200)", b"(92,11 \\200)")
    report = check(changed)
    assert report.exit_code == 3 and report.altered
    diff = report.first_difference or ""
    assert "tras lo firmado se añadieron" in diff, diff
    assert "el folio 2 muestra «" in diff and "92,11 €" in diff, diff
    assert all(word not in line for line in report.lines() for word in ("OTHER", "FORM_"))


# --- the record ---------------------------------------------------------------------------


def test_one_row_of_the_database_record_changed_is_named(night12: Night, signed12: bytes) -> None:
    current = list(night12.records)
    assert check(signed12, current_records=current).exit_code == 0
    # someone rewrites the prize of a claim and re-hashes the rest of the chain
    idx = next(
        i for i, r in enumerate(current) if r.kind == "partida.closed" and r.payload["partida"] == 2
    )
    payload = copy.deepcopy(dict(current[idx].payload))
    payload["awards"][0]["amount_cents"] += 100
    tampered = current[:idx] + seal(
        current[idx - 1],
        [
            (current[idx].at, current[idx].kind, payload),
            *[(r.at, r.kind, r.payload) for r in current[idx + 1 :]],
        ],
    )
    report = check(signed12, current_records=tampered)
    assert report.exit_code == 3
    seq = current[idx].seq
    assert (
        f"el registro {seq} (partida.closed) difiere: payload.awards[0].amount_cents: 536 "
        "en el acta, 636 en el registro" in (report.first_difference or "")
    ), report.lines()


def test_a_database_row_changed_without_rehash_breaks_the_chain(
    night12: Night, signed12: bytes
) -> None:
    current = list(night12.records)
    r = current[100]
    current[100] = Record(r.seq, r.at, r.kind, {**r.payload, "number": 0}, r.prev_hash, r.hash)
    report = check(signed12, current_records=current)
    assert report.exit_code == 3
    assert f"registro {r.seq}" in (report.first_difference or "")


def test_a_later_export_extends_the_open_acta(night12: Night, hall_keys: HallKeys) -> None:
    upto = night12.index_after(5, "data")
    signed = sign_pdf(render_acta(night12.export(upto)), hall_keys, reason="en curso")
    later = night12.export()
    report = check(signed, current_export=later)
    assert report.exit_code == 0, report.lines()
    assert any("posteriores" in f.detail for f in report.findings)
    # a changed row of the later export (its data, not its chain) is named too
    edited = copy.deepcopy(later)
    edited["sessions"][0]["partidas"][1]["takings_cents"] += 100
    report = check(signed, current_export=edited)
    assert report.exit_code == 3
    assert "partida 2.takings_cents: 16100 en el acta, 16200 en el registro" in (
        report.first_difference or ""
    ), report.lines()
    # a record missing from the current chain
    short = night12.export(upto - 3)
    report = check(signed, current_export=short)
    assert "no está en el registro actual" in (report.first_difference or "")


def test_a_pdf_made_from_a_forged_record_is_caught_by_its_chain(night12: Night) -> None:
    export = night12.export()
    forged = copy.deepcopy(export)
    rec = forged["chain"]["records"][200]
    rec["payload"]["number"] = 91 if rec["payload"].get("number") != 91 else 1
    report = check(render_acta(forged))
    assert report.exit_code == 3
    assert report.first_difference == (
        f"Cadena de registros: registro {rec['seq']}: el "
        f"contenido del registro {rec['seq']} ({rec['kind']}) "
        "fue alterado"
    )


def test_pages_that_disagree_with_their_record_are_named(export12: dict[str, Any]) -> None:
    from actas.builder import build_acta
    from actas.render import attachment_for, render_acta_data

    doctored = copy.deepcopy(export12)
    award = doctored["sessions"][0]["partidas"][6]["awards"][0]
    true_number = award["number"]
    award["number"] += 1  # the line paid to another cartón
    acta = build_acta(doctored)
    assert acta.observations == ()  # consistent in itself: only the record can tell
    # the printed pages come from the doctored data, the attached record is the true one
    pdf = render_acta_data(acta, [attachment_for(export12)])
    report = check(pdf)
    assert report.exit_code == 3
    diff = report.first_difference or ""
    assert re.search(
        rf"Folios: folio \d+: el acta dice «A-0002 / {true_number + 1}» y el "
        rf"registro da «A-0002 / {true_number}»",
        diff,
    ), diff


def test_the_projector_hook_checks_the_export_against_its_records(signed12: bytes) -> None:
    report = check(signed12, projector=fold)
    assert report.exit_code == 0
    assert any(f.check == "Exportación" and f.ok for f in report.findings)


def test_json_difference_names_the_path() -> None:
    assert (
        first_json_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]})
        == "a[1].b: 2 en el acta, 3 en el registro"
    )
    assert first_json_difference({"a": 1}, {"a": 1}) is None
    assert "falta en el registro" in (first_json_difference({"a": 1, "z": 2}, {"a": 1}) or "")


def test_not_a_pdf() -> None:
    report = check(b"hello")
    assert report.exit_code == 3 and report.first_difference == "PDF: el archivo no es un PDF"


# --- registered certificate and timestamps ---------------------------------------------------


def _ca(tmp_path: Path) -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Consejería de pruebas CA")])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    (tmp_path / "ca.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return key, cert


def _issue(
    ca_key: rsa.RSAPrivateKey, ca: x509.Certificate, public: Any, cn: str, *, tsa: bool = False
) -> x509.Certificate:
    now = datetime.now(UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)]))
        .issuer_name(ca.subject)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(days=20))
        .add_extension(
            SIGNING_KEY_USAGE,
            critical=True,
        )
    )
    if tsa:
        builder = builder.add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True
        )
    return builder.sign(ca_key, hashes.SHA256())


def test_a_hall_registers_its_certificate(tmp_path: Path, acta12_pdf: bytes) -> None:
    keys = ensure_keys("cantabria-009", directory=tmp_path, key_size=2048)
    ca_key, ca = _ca(tmp_path)
    own = serialization.load_pem_private_key(keys.key_path.read_bytes(), None)
    issued = _issue(ca_key, ca, own.public_key(), "Sala cantabria-009")
    (tmp_path / "hall.pem").write_bytes(issued.public_bytes(serialization.Encoding.PEM))
    registered = register_certificate(
        "cantabria-009", tmp_path / "hall.pem", chain=[tmp_path / "ca.pem"], directory=tmp_path
    )
    assert registered.registered and registered.chain_paths
    signed = sign_pdf(acta12_pdf, registered, reason="Acta")
    ca_pem = (tmp_path / "ca.pem").read_bytes()
    report = check(signed, trusted_certs=[ca_pem])
    assert report.exit_code == 0, report.lines()
    assert "certificado reconocido" in report.lines()[0]
    # on the hall's machine, the registered certificate kept in its keys folder is enough
    report = check(signed, trusted_certs=kept_certificates("cantabria-009", tmp_path))
    assert report.exit_code == 0, report.lines()
    # a certificate for some other key is refused
    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    (tmp_path / "bad.pem").write_bytes(
        _issue(ca_key, ca, stranger.public_key(), "x").public_bytes(serialization.Encoding.PEM)
    )
    with pytest.raises(SealError, match="no corresponde"):
        register_certificate("cantabria-009", tmp_path / "bad.pem", directory=tmp_path)


def test_rfc3161_timestamp_is_embedded_and_checked(
    tmp_path: Path, hall_keys: HallKeys, acta12_pdf: bytes
) -> None:
    from pyhanko.keys import load_private_key_from_pemder_data
    from pyhanko.keys.internal import translate_pyca_cryptography_cert_to_asn1
    from pyhanko.sign.timestamps import DummyTimeStamper

    ca_key, ca = _ca(tmp_path)
    tsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    tsa_cert = _issue(ca_key, ca, tsa_key.public_key(), "TSA de pruebas", tsa=True)
    stamper = DummyTimeStamper(
        tsa_cert=translate_pyca_cryptography_cert_to_asn1(tsa_cert),
        tsa_key=load_private_key_from_pemder_data(
            tsa_key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            ),
            None,
        ),
        certs_to_embed=[translate_pyca_cryptography_cert_to_asn1(ca)],  # type: ignore[arg-type]
    )
    signed = sign_pdf(acta12_pdf, hall_keys, reason="Acta", timestamper=stamper)
    report = check(
        signed, trusted_certs=[hall_keys.cert_path.read_bytes(), (tmp_path / "ca.pem").read_bytes()]
    )
    assert report.exit_code == 0, report.lines()
    assert "sello de tiempo RFC 3161" in report.lines()[0]


@pytest.mark.skipif(
    not os.environ.get("BINGO_HALL_TEST_TSA"),
    reason="set BINGO_HALL_TEST_TSA to a timestamp authority URL",
)
def test_real_timestamp_authority(hall_keys: HallKeys, acta12_pdf: bytes) -> None:
    from actas.seal import timestamper_for

    signed = sign_pdf(
        acta12_pdf,
        hall_keys,
        reason="Acta",
        timestamper=timestamper_for(os.environ["BINGO_HALL_TEST_TSA"]),
    )
    assert "sello de tiempo RFC 3161" in check(signed).lines()[0]


def test_no_tsa_configured_means_no_timestamper(monkeypatch: pytest.MonkeyPatch) -> None:
    from actas.seal import TSA_ENV, timestamper_for

    monkeypatch.delenv(TSA_ENV, raising=False)
    assert timestamper_for(None) is None
    stamper = timestamper_for("http://tsa.example/")
    assert stamper is not None and stamper.url == "http://tsa.example/"


# --- a copy printed while play goes on, checked against the grown record ----------------------


def test_a_copy_printed_before_the_prizes_were_paid_verifies_against_the_grown_record(
    hall_keys: HallKeys,
) -> None:
    """R-ACTA-1, R-ACTA-6: a copy printed between "partida cerrada" and "premios pagados" is
    compared with the record as it stood at the copy's chain head, not with what came later;
    a change to that part of the record is still found."""
    from app.bootstrap import project_records
    from bingo.export import build_export
    from tests.actas.engine_night import SERIE, engine_hall, play_partida

    svc = engine_hall()
    play_partida(svc)
    svc.start_partida()
    first, _ = svc.sell_count(SERIE, 30)
    svc.close_sale()
    svc.confirm_data_shown()
    for n in sorted(svc.hall.carton(SERIE, first).numbers):
        svc.draw_ball(n, "extractor")
    svc.claim(SERIE, first, "line")
    svc.claim(SERIE, first, "bingo")
    svc.close_partida()  # "cerrada, premios por pagar": the copy is printed now
    copy_pdf = sign_pdf(
        render_acta(build_export(svc.hall, svc.card_sets.get, svc.records())),
        hall_keys,
        reason="Copia de trabajo",
    )
    svc.pay_prizes()
    records = svc.records()
    grown = build_export(svc.hall, svc.card_sets.get, records)
    assert grown["sessions"][0]["partidas"][1]["state"] == "paid"

    report = check(
        copy_pdf, current_records=records, current_export=grown, projector=project_records
    )
    assert report.exit_code == 0, report.lines()

    edited = copy.deepcopy(grown)  # the export's data changed, its chain left as it was
    edited["sessions"][0]["partidas"][1]["takings_cents"] += 100
    report = check(copy_pdf, current_export=edited, projector=project_records)
    assert report.exit_code == 3 and report.altered
    assert "partidas[1].takings_cents: 3100 en la exportación, 3000 según sus registros" in (
        report.first_difference or ""
    ), report.lines()
