"""Region and hall settings: TOML data loaded into typed settings, with precise errors."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field, fields, replace
from importlib import resources
from pathlib import Path
from typing import Any

from bingo.interconnected import InterconnectedError, InterconnectedRules, parse_scale
from bingo.rules import PROVENANCE, RegionRules, RulesError
from bingo.terminals import TerminalLimits

REGIONS = ("cantabria", "euskadi")
# The languages a hall may show (Spanish first; the panels add one more, R-PANEL-4) and the
# console may speak: castellano, euskera, gallego, catalán, inglés.
LANGUAGES = ("es", "eu", "gl", "ca", "en")


#: The hall's files (the top-level ``config/`` of the tree), installed as this package's data.
FILES = "app.config.files"


def shipped_file(*parts: str) -> Path:
    """A file or folder of ``config/`` as the program has it, in a checkout or installed."""
    return Path(str(resources.files(FILES).joinpath(*parts)))


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


#: A hall's categories (Euskadi art. 3.6.a names them; decision 281).
CATEGORIES = ("especial", "primera", "segunda", "tercera")


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


def _category(hall: _Table) -> str | None:
    if "category" not in hall.data:
        return None
    value = hall.get_str("category")
    if value not in CATEGORIES:
        raise ConfigError(
            f"{hall.where}: [hall] category debe ser uno de {', '.join(CATEGORIES)}, no {value!r}"
        )
    return value


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
    head = _Table(data, where, "region")
    version, resolution = head.get_str("version"), head.get_str("resolution")
    digest = _check_published(region, where, version, resolution, raw)
    table = _Table(data, where, "rules")
    fixed = [f.name for f in fields(RegionRules) if f.name not in (*PROVENANCE, "region")]
    missing = [k for k in fixed if k not in table.data and k != "bola_loca_bp"]
    if missing:
        raise ConfigError(f"{where}: faltan en [rules]: {', '.join(missing)}")
    if "bola_loca_bp" in table.data:
        raise ConfigError(f"{where}: [rules] bola_loca_bp no va aquí: [bola_loca] max_bp")
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


def _hall_interconnected(
    data: dict[str, Any], where: str, region: Region
) -> tuple[str | None, InterconnectedRules | None]:
    """``[interconnected]`` of a hall's file: whether it joins, and the network it joins. The
    figures are the region's: the hall cannot set any (R-MULTI-1, R-NET-3).
    """
    table = _Table(data, where, "interconnected")
    unknown = sorted(set(table.data) - {"enabled", "network"})
    if unknown:
        raise ConfigError(
            f"{where}: [interconnected] {unknown[0]}: la sala solo dice si se acoge (enabled) "
            "y a qué red (network); las cifras las fija la región "
            f"({region.rule('interconnected')})"
        )
    if not table.get_bool("enabled", False):
        return None, None
    if region.interconnected is None:
        raise ConfigError(
            f"{where}: [interconnected] enabled: la región {region.id} no regula el bingo "
            f"interconectado ({region.where}, versión {region.rules.region_version} no tiene "
            "[interconnected]); la sala no puede acogerse"
        )
    return table.get_str("network"), region.interconnected


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


def _languages(value: Any, where: str) -> tuple[str, ...]:
    """``[hall] languages``: known codes, Spanish first, at most one more (the panels show two)."""
    key = "[hall] languages"
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f'{where}: {key} debe ser una lista de códigos, p. ej. ["es", "gl"]')
    unknown = [v for v in value if v not in LANGUAGES]
    if unknown:
        raise ConfigError(
            f"{where}: {key}: código de lengua desconocido {unknown[0]!r} "
            f"(conocidos: {', '.join(LANGUAGES)})"
        )
    if not value or value[0] != "es":
        raise ConfigError(f'{where}: {key} debe empezar por "es" (el castellano va primero)')
    if len(set(value)) != len(value):
        raise ConfigError(f"{where}: {key} repite una lengua: {value!r}")
    if len(value) > 2:
        raise ConfigError(
            f"{where}: {key}: los paneles muestran el castellano y una lengua más, no {value!r}"
        )
    return tuple(value)


def _board_lines(devices: _Table) -> tuple[BoardLine, ...]:
    """``[devices] boards``: a port per line (one board at 0x10) or a table with its addresses,
    e.g. ``boards = ["/dev/ttyUSB2", { port = "/dev/ttyUSB3", addresses = [0x10, 0x11] }]``.
    """
    key = f"{devices.where}: [devices] boards"
    value = devices.data.get("boards", [])
    if not isinstance(value, list):
        raise ConfigError(f'{key} debe ser una lista de puertos, p. ej. ["/dev/ttyUSB2"]')
    lines: list[BoardLine] = []
    for item in value:
        port: Any
        addresses: Any
        if isinstance(item, str):
            port, addresses = item, [0x10]
        elif isinstance(item, dict) and set(item) <= {"port", "addresses"}:
            port, addresses = item.get("port"), item.get("addresses", [0x10])
        else:
            raise ConfigError(f"{key}: cada línea es un puerto o {{ port, addresses }}: {item!r}")
        if not isinstance(port, str) or not port.strip():
            raise ConfigError(f"{key}: falta el puerto de una línea de paneles ({item!r})")
        if (
            not isinstance(addresses, list)
            or not addresses
            or not all(isinstance(a, int) and not isinstance(a, bool) for a in addresses)
        ):
            raise ConfigError(f"{key}: addresses de {port} debe ser una lista de enteros")
        wrong = [a for a in addresses if a not in BOARD_ADDRESSES]
        if wrong:
            raise ConfigError(
                f"{key}: la dirección {wrong[0]:#04x} de {port} no es de panel (0x10 a 0x1f)"
            )
        if len(set(addresses)) != len(addresses):
            raise ConfigError(f"{key}: {port} repite una dirección: {addresses!r}")
        if any(line.port == port for line in lines):
            raise ConfigError(f"{key}: el puerto {port} aparece dos veces")
        lines.append(BoardLine(port, tuple(addresses)))
    return tuple(lines)


def _voice(data: dict[str, Any], where: str, languages: tuple[str, ...]) -> VoiceConfig:
    """``[voice]``: on or off, who calls, where it sounds and in which languages (R-DEV-3)."""
    table = _Table(data, where, "voice")
    known = {"enabled", "caller", "output", "languages", "digits", "cache_dir"}
    unknown = sorted(set(table.data) - known)
    if unknown:
        raise ConfigError(f"{where}: [voice] {unknown[0]}: clave desconocida")
    choices = {"caller": ("voice", "human"), "output": ("server", "panel")}
    chosen = {}
    for key, allowed in choices.items():
        chosen[key] = table.get_str(key, allowed[0])
        if chosen[key] not in allowed:
            raise ConfigError(
                f"{where}: [voice] {key} debe ser "
                + " o ".join(f'"{a}"' for a in allowed)
                + f", no {chosen[key]!r}"
            )
    spoken = languages
    if "languages" in table.data:
        value = table.data["languages"]
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise ConfigError(f'{where}: [voice] languages debe ser una lista, p. ej. ["es", "eu"]')
        unknown_languages = [v for v in value if v not in LANGUAGES]
        if unknown_languages:
            raise ConfigError(
                f"{where}: [voice] languages: código de lengua desconocido "
                f"{unknown_languages[0]!r} (conocidos: {', '.join(LANGUAGES)})"
            )
        if len(set(value)) != len(value):
            raise ConfigError(f"{where}: [voice] languages repite una lengua: {value!r}")
        spoken = tuple(value)
    cache_dir = table.get_str("cache_dir") if "cache_dir" in table.data else None
    return VoiceConfig(
        enabled=table.get_bool("enabled", False),
        caller=chosen["caller"],
        output=chosen["output"],
        languages=spoken,
        digits=table.get_bool("digits", True),
        cache_dir=cache_dir,
    )


def _console_language(table: _Table) -> str:
    key = "console_language"
    value = table.get_str(key, "es")
    if value not in LANGUAGES:
        raise ConfigError(
            f"{table.where}: [hall] {key} debe ser uno de {', '.join(LANGUAGES)}, no {value!r}"
        )
    return value


def _hall_rules(data: dict[str, Any], where: str, region: Region) -> RegionRules:
    """The region's rules with what the hall chooses within them: bola loca on or off and its
    authorised percentage (SPEC R-NET-3). A hall's file cannot move a figure of the region.
    """
    moved = data.get("rules", {})
    if not isinstance(moved, dict):
        raise ConfigError(f"{where}: [rules] debe ser una tabla")
    for key, value in moved.items():
        if key == "bola_loca_bp":
            raise ConfigError(
                f"{where}: [rules] bola_loca_bp: la sala lo dice en [bola_loca] "
                "enabled y basis_points"
            )
        if key not in {f.name for f in fields(RegionRules)} - {"region", *PROVENANCE}:
            raise ConfigError(f"{where}: [rules] {key}: clave desconocida")
        raise ConfigError(
            f"{where}: [rules] {key} = {value!r}: lo fija la región, no la sala "
            f"({region.rule(key)}; R-NET-3). Un cambio de la Consejería llega como una versión "
            "nueva del fichero de la región que cita su resolución"
        )
    bola = _Table(data, where, "bola_loca")
    if not bola.get_bool("enabled", False):
        return region.rules
    basis_points = bola.get_int("basis_points", minimum=1)
    if basis_points > region.bola_loca_max_bp:
        raise ConfigError(
            f"{where}: [bola_loca] basis_points = {basis_points}: supera el porcentaje que la "
            f"región autoriza para la bola loca ({region.bola_loca_max_bp} pb; "
            f"{region.rule('bola_loca')})"
        )
    try:
        return region.with_bola_loca(basis_points)
    except RulesError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def default_hall_path() -> Path:
    return shipped_file("hall.toml")


def _server(data: dict[str, Any], where: str, folder: Path) -> ServerConfig:
    """``[server]``: a misspelt key would silently leave the hall on plain HTTP or the wrong
    port, so every key must be known.
    """
    table = _Table(data, where, "server")
    known = ("host", "port", "cert", "key", "question_seconds")
    unknown = sorted(set(table.data) - set(known))
    if unknown:
        raise ConfigError(f"{where}: [server] {unknown[0]}: clave desconocida ({', '.join(known)})")
    port = table.get_int("port", 8000, minimum=1)
    if port > 65535:
        raise ConfigError(f"{where}: [server] port debe estar entre 1 y 65535 ({port})")
    files = {
        key: str(folder / table.get_str(key)) if key in table.data else None
        for key in ("cert", "key")
    }
    if bool(files["cert"]) != bool(files["key"]):
        raise ConfigError(f"{where}: [server] TLS necesita cert y key a la vez")
    return ServerConfig(
        host=table.get_str("host", "127.0.0.1"),
        port=port,
        cert=files["cert"],
        key=files["key"],
        question_seconds=table.get_int("question_seconds", 120, minimum=1),
    )


def load_hall(path: Path | None = None) -> HallSettings:
    """Read a hall's settings file (the packaged demo hall by default)."""
    path = path or default_hall_path()
    where = str(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where}: no es texto UTF-8 (byte {exc.start})") from None
    except OSError as exc:
        raise ConfigError(f"no se puede leer {where}: {exc.strerror or exc}") from None
    data = _read_toml(text, where)
    known = {
        "hall",
        "rules",
        "prima",
        "bola_loca",
        "card_set",
        "series",
        "ball_set",
        "devices",
        "voice",
        "server",
        "interconnected",
    }
    unknown = sorted(set(data) - known)
    if unknown:
        raise ConfigError(f"{where}: tablas desconocidas: {', '.join(unknown)}")
    hall = _Table(data, where, "hall")
    region = hall.get_str("region")
    region_file = load_region(region)
    rules = _hall_rules(data, where, region_file)
    prima = _Table(data, where, "prima")
    amounts = prima.get_ints("amounts_cents")
    initial = prima.get_int("initial_cents", amounts[0] if amounts else 0)
    for amount in (*amounts, *([initial] if initial else [])):  # no [prima]: none offered
        problem = rules.prima_amount_problem(amount)
        if problem:
            raise ConfigError(
                f"{where}: [prima] {amount} céntimos: {problem} "
                f"({region_file.rule('prima_min_cents')})"
            )
    if amounts and initial not in amounts:
        raise ConfigError(f"{where}: [prima] initial_cents no está entre amounts_cents")
    cards = _Table(data, where, "card_set")
    series = _Table(data, where, "series")
    balls = _Table(data, where, "ball_set")
    devices = _Table(data, where, "devices")
    unknown_devices = sorted(set(devices.data) - {"extractor", "reader", "boards", "baud"})
    if unknown_devices:  # a misspelt line would silently leave a device unused
        raise ConfigError(
            f"{where}: [devices] {unknown_devices[0]}: clave desconocida "
            "(extractor, reader, boards, baud)"
        )
    ports = {
        key: devices.get_str(key) if key in devices.data else None
        for key in ("extractor", "reader")
    }
    baud = devices.get_int("baud", 19200)
    if baud not in (9600, 19200):
        raise ConfigError(f"{where}: [devices] baud debe ser 19200 o 9600 ({baud})")
    category = _category(hall)
    languages = _languages(region_file.hall.get("languages", ["es"]), region_file.where)
    if "languages" in hall.data:  # the hall's own choice, else its region's
        languages = _languages(hall.data["languages"], where)
    network, interconnected = _hall_interconnected(data, where, region_file)
    settings = HallSettings(
        hall_id=hall.get_str("id"),
        name=hall.get_str("name"),
        region=region,
        languages=languages,
        jefe_de_mesa=hall.get_str("jefe_de_mesa", "Jefe de mesa"),
        jefe_de_sala=hall.get_str("jefe_de_sala", "Jefe de sala"),
        rules=rules,
        prima_amounts_cents=amounts,
        prima_initial_cents=initial,
        card_set_id=cards.get_str("id", "std-6000"),
        card_set_seed=cards.get_int("seed", 1),
        card_set_strips=cards.get_int("strips", 1000, minimum=1),
        series_prefix=series.get_str("prefix", "A"),
        series_size=series.get_int("size", 1500, minimum=1),
        face_value_cents=series.get_int("face_value_cents", 100, minimum=1),
        ball_set_id=balls.get_str("id", "BS-0001"),
        homologation=balls.get_str("homologation"),
        guaranteed_partidas=balls.get_int("guaranteed_partidas", 3000, minimum=1),
        partidas_before=balls.get_int("partidas_before", 0),
        pneumatic=balls.get_bool("pneumatic", True),
        extractor_port=ports["extractor"],
        reader_port=ports["reader"],
        baud=baud,
        console_language=_console_language(hall),
        board_lines=_board_lines(devices),
        voice=_voice(data, where, languages),
        server=_server(data, where, path.parent),
        interconnected_network=network,
        interconnected=interconnected,
        category=category,
        terminal_limits=terminal_limits(region_file, category, where),
    )
    if settings.series_size > settings.card_set_strips * 6:
        raise ConfigError(f"{where}: [series] size supera los cartones del juego de cartones")
    return settings
