"""Region rules: every percentage and limit the regulator may change (R-PRIZE-1)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from bingo.events import RulesAdopted
from bingo.money import BP_WHOLE


class RulesError(ValueError):
    pass


# The fields that say where the rules came from, not what they are.
PROVENANCE = ("region_version", "region_resolution", "region_sha256")


@dataclass(frozen=True, kw_only=True)
class RegionRules:
    region: str
    payout_bp: int = 6700  # share of face value that goes to prizes (67 %)
    line_bp: int = 1000
    bingo_bp: int = 5100
    prima_bp: int = 600
    bola_loca_bp: int = 0  # 0: the hall does not run bola loca
    bola_loca_count: int = 1
    prima_ball_limit: int = 50
    prima_min_cents: int = 5_000
    prima_max_cents: int = 100_000
    prima_step_cents: int = 5_000
    ball_set_max_partidas: int = 3000  # pneumatic machines (R-BALL-1)
    line_required: bool = True
    # Where the figures come from (R-NET-3): the region file's version, the resolution it cites
    # and the SHA-256 of its text, so an inspector can compare them with the published file.
    region_version: str = ""
    region_resolution: str = ""
    region_sha256: str = ""

    def problems(self) -> list[str]:
        out: list[str] = []
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, int) and not isinstance(value, bool) and value < 0:
                out.append(f"{f.name}: no puede ser negativo ({value})")
        prizes = self.line_bp + self.bingo_bp + self.prima_bp + self.bola_loca_bp
        if prizes > self.payout_bp:
            out.append(
                f"línea + bingo + prima + bola loca ({prizes} pb) superan el porcentaje de "
                f"premios ({self.payout_bp} pb)"
            )
        if self.payout_bp > BP_WHOLE:
            out.append("el porcentaje de premios supera el 100 % de la recaudación")
        if not 1 <= self.prima_ball_limit <= 90:
            out.append(f"prima_ball_limit debe estar entre 1 y 90 ({self.prima_ball_limit})")
        if self.prima_step_cents <= 0:
            out.append("prima_step_cents debe ser positivo")
        elif (
            self.prima_min_cents % self.prima_step_cents
            or self.prima_max_cents % self.prima_step_cents
        ):
            out.append("los importes mínimo y máximo de la prima deben ser múltiplos del paso")
        if self.prima_min_cents > self.prima_max_cents:
            out.append("el importe mínimo de la prima supera al máximo")
        if self.bola_loca_bp and not 1 <= self.bola_loca_count <= 10:
            out.append(f"bola_loca_count debe estar entre 1 y 10 ({self.bola_loca_count})")
        if self.ball_set_max_partidas <= 0:
            out.append("ball_set_max_partidas debe ser positivo")
        return out

    def checked(self) -> RegionRules:
        problems = self.problems()
        if problems:
            raise RulesError(
                f"reglas de la región {self.region} no válidas: " + "; ".join(problems)
            )
        return self

    def prima_amount_problem(self, amount_cents: int) -> str | None:
        """Why a prima amount is not allowed (R-PRIMA-2), or None."""
        if not self.prima_min_cents <= amount_cents <= self.prima_max_cents:
            return (
                f"la prima debe estar entre {self.prima_min_cents // 100} € y "
                f"{self.prima_max_cents // 100} €"
            )
        if amount_cents % self.prima_step_cents:
            return f"la prima debe ser múltiplo de {self.prima_step_cents // 100} €"
        return None

    def to_event(self) -> RulesAdopted:
        return RulesAdopted(**{f.name: getattr(self, f.name) for f in fields(self)})

    @classmethod
    def from_event(cls, event: RulesAdopted) -> RegionRules:
        return cls(**{f.name: getattr(event, f.name) for f in fields(cls)})

    @classmethod
    def from_mapping(cls, region: str, data: dict[str, Any]) -> RegionRules:
        """Build from a config table, naming every unknown or mistyped key."""
        known = {f.name: f for f in fields(cls) if f.name not in PROVENANCE}
        problems: list[str] = []
        kwargs: dict[str, Any] = {"region": region}
        for key, value in data.items():
            if key == "region":
                continue
            if key not in known:
                problems.append(f"clave desconocida: {key}")
                continue
            want_bool = known[key].type in ("bool", bool)
            if want_bool and not isinstance(value, bool):
                problems.append(f"{key}: se esperaba true o false, no {value!r}")
            elif not want_bool and (not isinstance(value, int) or isinstance(value, bool)):
                problems.append(f"{key}: se esperaba un número entero, no {value!r}")
            else:
                kwargs[key] = value
        if problems:
            raise RulesError(f"reglas de la región {region}: " + "; ".join(problems))
        return cls(**kwargs).checked()
