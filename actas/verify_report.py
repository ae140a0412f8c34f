"""The answer of ``actas.verify``: each check's finding, and the first difference among them."""

from __future__ import annotations

from dataclasses import dataclass, field

# the most precise finding names the first difference: a folio and line beats "the signature
# is broken"
_SPECIFICITY = (
    "Folios",
    "Observaciones del sistema",
    "Actualización posterior",
    "Cadena de registros",
    "Registro de la base de datos",
    "Registro exportado",
    "Datos de la sesión",
    "Exportación",
    "Cabeza impresa",
    "Registro adjunto",
    "Firma",
    "PDF",
)


@dataclass(frozen=True, slots=True)
class Finding:
    check: str
    ok: bool
    detail: str
    # a failure of trust (unsigned, or not signed by the hall's registered certificate) rather
    # than a difference in the contents: the acta cannot be declared intact either way
    trust: bool = False


@dataclass
class VerifyReport:
    findings: list[Finding] = field(default_factory=list)
    signed: bool = False
    first_difference: str | None = None
    head: str | None = None
    session_id: str | None = None
    signer_fingerprint: str | None = None
    #: the PDF is not an acta at all (no acta's keywords, no record attached): bad input, 1
    not_acta: bool = False

    def add(self, check: str, ok: bool, detail: str, *, trust: bool = False) -> None:
        self.findings.append(Finding(check, ok, detail, trust))
        failing = {f.check: f.detail for f in self.findings if not f.ok}
        for name in _SPECIFICITY:
            if name in failing:
                self.first_difference = f"{name}: {failing[name]}"
                break

    @property
    def intact(self) -> bool:
        """Every check passed, the seal included: only then is the acta declared intact."""
        return bool(self.findings) and all(f.ok for f in self.findings)

    @property
    def altered(self) -> bool:
        """Something differs (as opposed to only the seal not being the hall's)."""
        return not self.findings or any(not f.ok and not f.trust for f in self.findings)

    @property
    def exit_code(self) -> int:
        """0 intact and sealed by the hall; 1 a PDF that is not an acta (nothing to check);
        3 anything else (the integrity check failed).
        """
        if self.not_acta:
            return 1
        return 0 if self.intact else 3

    def lines(self) -> list[str]:
        out = [f"[{'OK' if f.ok else 'FALLO'}] {f.check}: {f.detail}" for f in self.findings]
        if self.not_acta:
            out.append(f"Resultado: NO ES UN ACTA de bingo-hall: {self.findings[-1].detail}.")
        elif self.intact:
            out.append(
                "Resultado: el acta y el registro del que procede están íntegros y sellados "
                "por la sala."
            )
        elif self.altered:
            out.append(
                f"Resultado: ALTERACIÓN DETECTADA. Primera diferencia: {self.first_difference}"
            )
        else:
            why = next(f.detail for f in self.findings if not f.ok)
            out.append(
                "Resultado: NO SE PUEDE DECLARAR ÍNTEGRA: "
                f"{why}. Su contenido coincide con el registro adjunto."
            )
        return out
