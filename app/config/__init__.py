"""Region and hall settings: TOML data loaded into typed settings, with precise errors."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from app.config.decode import DecodeError, decode
from app.config.types import CATEGORIES, LANGUAGES, REGIONS, RegionFile
from bingo.interconnected import InterconnectedError, InterconnectedRules, parse_scale
from bingo.rules import RegionRules, RulesError
from bingo.terminals import TerminalLimits

__all__ = [
    "CATEGORIES",
    "LANGUAGES",
    "REGIONS",
    "BoardLine",
    "ConfigError",
    "HallSettings",
    "Region",
    "ServerConfig",
    "VoiceConfig",
    "default_hall_path",
    "load_hall",
    "load_region",
    "published_files",
    "region_from_bytes",
    "shipped_file",
    "terminal_limits",
]


#: The hall's files (the top-level ``config/`` of the tree), installed as this package's data.
FILES = "app.config.files"


def shipped_file(*parts: str) -> Path:
    """A file or folder of ``config/`` as the program has it, in a checkout or installed."""
    return Path(str(resources.files(FILES).joinpath(*parts)))


T = TypeVar("T")


class ConfigError(ValueError):
    """A settings file that cannot be used; the message names the file and the key."""


BOARD_ADDRESSES = range(0x10, 0x20)  # BHD/1 hall boards


@dataclass(frozen=True)
class BoardLine:
    """One serial line of hall boards (``[devices] boards``) and the board addresses on it."""

    port: str
    addresses: tuple[int, ...] = (0x10,)


@dataclass(frozen=True)
class VoiceConfig:
    """``[voice]``: the ball calls aloud (R-DEV-3). Off unless the hall turns it on."""

    enabled: bool = False
    caller: str = "voice"  # "human": a person calls the balls and the voice keeps quiet
    output: str = "server"  # or "panel"
    languages: tuple[str, ...] = ("es",)
    digits: bool = True  # "cuarenta y cinco, cuatro, cinco" (docs/decisions.md 95)
    cache_dir: str | None = None


@dataclass(frozen=True)
class ServerConfig:
    """``[server]``: where `bingo-hall serve` (and `run`) listens, its TLS certificate, and how
    long a draw waits for the table's reading of a ball (docs/api.md).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    cert: str | None = None  # PEM files; relative paths are read beside the settings file
    key: str | None = None
    question_seconds: int = 120


@dataclass(frozen=True)
class HallSettings:
    hall_id: str
    name: str
    region: str
    languages: tuple[str, ...]
    jefe_de_mesa: str
    jefe_de_sala: str
    rules: RegionRules
    prima_amounts_cents: tuple[int, ...]
    prima_initial_cents: int
    card_set_id: str
    card_set_seed: int
    card_set_strips: int
    series_prefix: str
    series_size: int
    face_value_cents: int
    ball_set_id: str
    homologation: str
    guaranteed_partidas: int
    partidas_before: int
    pneumatic: bool
    extractor_port: str | None = None
    reader_port: str | None = None
    baud: int = 19200
    board_lines: tuple[BoardLine, ...] = ()
    voice: VoiceConfig = VoiceConfig()
    console_language: str = "es"
    server: ServerConfig = ServerConfig()
    # The interconnected prize the hall joined (its network's name and the region's figures),
    # None when it did not join (R-MULTI-1).
    interconnected_network: str | None = None
    interconnected: InterconnectedRules | None = None
    category: str | None = None  # [hall] category: the hall's category in its authorisation
    terminal_limits: TerminalLimits = field(default_factory=TerminalLimits)  # for the category


def terminal_limits(region: Region, category: str | None, where: str) -> TerminalLimits:
    """The region's limits on auxiliary machines (``[hall] auxiliary_machines_max`` by category
    and ``series_per_machine_player_max``) for a hall of ``category``, each with its paragraph;
    no limits when the region's file sets none (Cantabria: decision 281).
    """
    machines = region.hall.get("auxiliary_machines_max")
    cartones = region.hall.get("series_per_machine_player_max")
    if machines is None and cartones is None:
        return TerminalLimits()
    ok_machines = isinstance(machines, dict) and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in machines.values()
    )
    ok_cartones = isinstance(cartones, int) and not isinstance(cartones, bool) and cartones > 0
    if not ok_machines or not ok_cartones:
        raise ConfigError(
            f"{region.where}: [hall] auxiliary_machines_max (máquinas por categoría) y "
            "series_per_machine_player_max (un entero) van juntos"
        )
    assert isinstance(machines, dict) and isinstance(cartones, int)
    machines_rule = region.rule("auxiliary_machines_max")
    no_category = ""
    if category is None:
        no_category = (
            f"{where}: [hall] category no dice la categoría de la sala, y la región limita las "
            f"máquinas auxiliares por categoría ({', '.join(sorted(machines))}): ninguna "
            f"máquina puede jugar hasta que lo diga; {machines_rule}"
        )
    elif category not in machines:
        raise ConfigError(
            f"{where}: [hall] category = {category!r}: la región no fija máquinas para esa "
            f"categoría ({', '.join(sorted(machines))}; {machines_rule})"
        )
    return TerminalLimits(
        machines_max=machines.get(category, 0) if category else 0,
        cartones_max=cartones,
        machines_rule=machines_rule,
        cartones_rule=region.rule("series_per_machine_player_max"),
        no_category=no_category,
        category=category or "",
    )


def _read_toml(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: TOML mal formado: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{where}: TOML anidado a demasiada profundidad") from None


@dataclass(frozen=True)
class Region:
    """A region file: what the regulation fixes (``rules``), where it comes from, and the bounds
    of what a hall may choose (SPEC R-NET-3).
    """

    id: str
    where: str
    rules: RegionRules  # bola loca at 0 bp: running it is the hall's choice
    paragraphs: dict[str, str]
    bola_loca_max_bp: int
    bola_loca_from: str
    hall: dict[str, Any]
    interconnected: InterconnectedRules | None = None  # None: the region does not regulate it

    def rule(self, key: str) -> str:
        """The paragraph and the file (with its version) a figure rests on, for messages."""
        paragraph = self.paragraphs.get(key, "")
        source = f"{self.where}, versión {self.rules.region_version}"
        return f"{paragraph}; {source}" if paragraph else source

    def with_bola_loca(self, basis_points: int) -> RegionRules:
        """The rules of a hall that runs bola loca at ``basis_points``, taken from the
        percentage the region names (docs/decisions.md 11 and 50).
        """
        taken = getattr(self.rules, self.bola_loca_from) - basis_points
        return replace(
            self.rules, bola_loca_bp=basis_points, **{self.bola_loca_from: taken}
        ).checked()


# The percentage bola loca may be taken from (the prize pool's own shares, V.1): bingo only, as
# the acta states it ("51 % del decreto, menos el 1 % de bola loca", docs/decisions.md 117).
BOLA_LOCA_FROM = ("bingo_bp",)


@dataclass(frozen=True)
class PublishedFile:
    """One published version of a region's file (``config/regions/published.toml``)."""

    region: str
    version: str
    resolution: str
    sha256: str


def published_entries(folder: str, keys: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The ``[[file]]`` entries of ``config/<folder>/published.toml``, each as its ``keys``'
    texts: the manifest of the files the authority published (region rules, game files).
    """
    where = f"config/{folder}/published.toml"
    raw = shipped_file(folder, "published.toml").read_bytes()
    entries = _read_toml(raw.decode("utf-8"), where).get("file", [])
    if not isinstance(entries, list):
        raise ConfigError(f"{where}: [[file]] debe ser una lista de tablas")
    out = []
    for entry in entries:
        table = _Table({"file": entry}, where, "file")
        out.append(tuple(table.get_str(k) for k in keys))
    return out


def published_files() -> tuple[PublishedFile, ...]:
    """The published region files, every version of each (docs/decisions.md 116)."""
    keys = ("region", "version", "resolution", "sha256")
    return tuple(PublishedFile(*entry) for entry in published_entries("regions", keys))


def _check_published(region: str, where: str, version: str, resolution: str, raw: bytes) -> str:
    """The file's SHA-256, once it is the published file of the version it claims: the
    decree's figures are not changed in the hall (SPEC R-NET-3, docs/decisions.md 116).
    """
    digest = hashlib.sha256(raw).hexdigest()
    known = [p for p in published_files() if p.region == region and p.version == version]
    if not known:
        versions = [p.version for p in published_files() if p.region == region]
        raise ConfigError(
            f"{where} dice ser la versión {version}, que no es una versión publicada del fichero "
            f"de la región (publicadas: {', '.join(versions) or 'ninguna'}): las cifras del "
            "decreto no se cambian en la sala; R-NET-3"
        )
    if all(p.sha256 != digest for p in known):
        raise ConfigError(
            f"{where} dice ser la versión {version}, pero no es el fichero publicado de esa "
            f"versión (huella {digest[:16]}…, publicada {known[0].sha256[:16]}…): las cifras del "
            "decreto no se cambian en la sala; R-NET-3"
        )
    if all(p.resolution != resolution for p in known):
        raise ConfigError(f"{where}: la resolución no es la publicada de la versión {version}")
    return digest


def load_region(region: str) -> Region:
    """A region's file: its rules, their provenance and the bounds of a hall's choices."""
    if region not in REGIONS:
        raise ConfigError(f"región desconocida: {region!r} (conocidas: {', '.join(REGIONS)})")
    raw = shipped_file("regions", f"{region}.toml").read_bytes()
    return region_from_bytes(region, raw)


def region_from_bytes(region: str, raw: bytes) -> Region:
    """A region's file from its bytes, refused unless they are a published version's."""
    where = f"config/regions/{region}.toml"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where}: no es texto UTF-8 (byte {exc.start})") from None
    data = _read_toml(text, where)
    decoded(data, RegionFile, where, text)  # every key known, typed and within its bounds
    head = _Table(data, where, "region")
    version, resolution = head.get_str("version"), head.get_str("resolution")
    digest = _check_published(region, where, version, resolution, raw)
    table = _Table(data, where, "rules")
    try:
        rules = RegionRules.from_mapping(region, dict(table.data))
    except RulesError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    rules = replace(
        rules,
        region_version=version,
        region_resolution=resolution,
        region_sha256=digest,
    )
    bola = _Table(data, where, "bola_loca")
    source = bola.get_str("from", "bingo_bp")
    if source not in BOLA_LOCA_FROM:
        raise ConfigError(
            f"{where}: [bola_loca] from debe ser uno de {', '.join(BOLA_LOCA_FROM)} ({source!r})"
        )
    max_bp = bola.get_int("max_bp", 0)
    if max_bp > getattr(rules, source):
        raise ConfigError(f"{where}: [bola_loca] max_bp supera {source} ({max_bp})")
    paragraphs = _Table(data, where, "paragraphs").data
    if not all(isinstance(v, str) for v in paragraphs.values()):
        raise ConfigError(f"{where}: [paragraphs] debe dar un texto por clave")
    return Region(
        id=region,
        where=where,
        rules=rules,
        paragraphs=dict(paragraphs),
        bola_loca_max_bp=max_bp,
        bola_loca_from=source,
        hall=dict(_Table(data, where, "hall").data),
        interconnected=_region_interconnected(data, where),
    )


def _region_interconnected(data: dict[str, Any], where: str) -> InterconnectedRules | None:
    """``[interconnected]`` of a region file: the figures the Consejería set (Cantabria V.2.b)."""
    if "interconnected" not in data:
        return None
    table = _Table(data, where, "interconnected")
    unknown = sorted(
        set(table.data) - {"contribution_bp", "fund_max_cents", "reserve_max_cents", "scale"}
    )
    if unknown:
        raise ConfigError(f"{where}: [interconnected] {unknown[0]}: clave desconocida")
    try:
        return InterconnectedRules(
            contribution_bp=table.get_int("contribution_bp"),
            fund_max_cents=table.get_int("fund_max_cents"),
            reserve_max_cents=table.get_int("reserve_max_cents"),
            scale=parse_scale(table.data.get("scale")),
        ).checked()
    except InterconnectedError as exc:
        raise ConfigError(f"{where}: [interconnected] {exc}") from None


class _Table:
    """Typed access to one TOML table that names the file and key in every error."""

    def __init__(self, data: dict[str, Any], where: str, table: str) -> None:
        value = data.get(table, {})
        if not isinstance(value, dict):
            raise ConfigError(f"{where}: [{table}] debe ser una tabla")
        self.data, self.where, self.table = value, where, table

    def _get(self, key: str, kind: type, default: Any) -> Any:
        value = self.data.get(key, default)
        if value is None:
            raise ConfigError(f"{self.where}: falta [{self.table}] {key}")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ConfigError(
                f"{self.where}: [{self.table}] {key} debe ser un entero, no {value!r}"
            )
        if not isinstance(value, kind):
            raise ConfigError(
                f"{self.where}: [{self.table}] {key} debe ser {kind.__name__}, no {value!r}"
            )
        return value

    def get_str(self, key: str, default: str | None = None) -> str:
        value: str = self._get(key, str, default)
        if not value.strip():
            raise ConfigError(f"{self.where}: [{self.table}] {key} está vacío")
        return value

    def get_int(self, key: str, default: int | None = None, minimum: int = 0) -> int:
        value: int = self._get(key, int, default)
        if value < minimum:
            raise ConfigError(f"{self.where}: [{self.table}] {key} debe ser ≥ {minimum} ({value})")
        return value

    def get_bool(self, key: str, default: bool | None = None) -> bool:
        value: bool = self._get(key, bool, default)
        return value

    def get_ints(self, key: str) -> tuple[int, ...]:
        value = self._get(key, list, [])
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise ConfigError(f"{self.where}: [{self.table}] {key} debe ser una lista de enteros")
        return tuple(value)


def decoded(data: dict[str, Any], kind: type[T], where: str, text: str) -> T:
    """``data`` as the file's type (``app.config.types``), or a ``ConfigError`` with the line."""
    try:
        return decode(data, kind, where, text)
    except DecodeError as exc:
        raise ConfigError(str(exc)) from None


def default_hall_path() -> Path:
    return shipped_file("hall.toml")


# The hall's settings, read through the same types (after the region, which they name).
from app.config.hall import load_hall  # noqa: E402
