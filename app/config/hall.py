"""A hall's settings file (``--config``) read through its type, ``app.config.types.HallFile``:
an unknown key, a wrong type or a value out of its bounds is refused with the file, the line
and the key; what depends on the region (its figures, its languages, its categories) is checked
against the region's file after.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

from app.config import (
    LANGUAGES,
    BoardLine,
    ConfigError,
    HallSettings,
    Region,
    ServerConfig,
    VoiceConfig,
    _read_toml,
    decoded,
    default_hall_path,
    load_region,
    terminal_limits,
)
from app.config.decode import line_suffix
from app.config.types import (
    REGIONS,
    DevicesTable,
    HallFile,
    HallInterconnectedTable,
    ServerTable,
    VoiceTable,
)
from bingo.interconnected import InterconnectedRules
from bingo.rules import PROVENANCE, RegionRules, RulesError

__all__ = ["load_hall", "read_hall_file"]

BOARD_ADDRESSES = range(0x10, 0x20)  # BHD/1 hall boards


def read_hall_file(path: Path) -> tuple[str, str, dict[str, Any]]:
    """The file's name for messages, its text and its TOML, or a ``ConfigError``."""
    where = str(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where}: no es texto UTF-8 (byte {exc.start})") from None
    except OSError as exc:
        raise ConfigError(f"no se puede leer {where}: {exc.strerror or exc}") from None
    return where, text, _read_toml(text, where)


def _named_region(data: dict[str, Any]) -> Region | None:
    """The region the file names, if it names a known one (else the type says what is wrong)."""
    hall = data.get("hall")
    region = hall.get("region") if isinstance(hall, dict) else None
    return load_region(region) if isinstance(region, str) and region in REGIONS else None


def load_hall(path: Path | None = None) -> HallSettings:
    """Read a hall's settings file (the packaged demo hall by default)."""
    path = path or default_hall_path()
    where, text, data = read_hall_file(path)
    region_file = _named_region(data)
    if region_file is not None:  # said in the region's words: which paragraph fixes it
        _refuse_region_figures(data, where, text, region_file)
    file = decoded(data, HallFile, where, text)
    region_file = region_file or load_region(file.hall.region)
    rules = _hall_rules(file, where, text, region_file)
    amounts = tuple(file.prima.amounts_cents)
    initial = file.prima.initial_cents
    if initial is None:
        initial = amounts[0] if amounts else 0
    for amount in (*amounts, *([initial] if initial else [])):  # no [prima]: none offered
        problem = rules.prima_amount_problem(amount)
        if problem:
            raise ConfigError(
                f"{where}{line_suffix(text, ('prima', 'amounts_cents'))}: [prima] {amount} "
                f"céntimos: {problem} ({region_file.rule('prima_min_cents')})"
            )
    if amounts and initial not in amounts:
        raise ConfigError(f"{where}: [prima] initial_cents no está entre amounts_cents")
    hall = file.hall
    languages = _languages(region_file.hall.get("languages", ["es"]), region_file.where)
    if hall.languages is not None:  # the hall's own choice, else its region's
        languages = _languages(hall.languages, f"{where}{line_suffix(text, ('hall', 'languages'))}")
    network, interconnected = _hall_interconnected(file.interconnected, where, region_file)
    settings = HallSettings(
        hall_id=hall.id,
        name=_not_blank(hall.name, where, "[hall] name"),
        region=hall.region,
        languages=languages,
        jefe_de_mesa=_not_blank(hall.jefe_de_mesa, where, "[hall] jefe_de_mesa"),
        jefe_de_sala=_not_blank(hall.jefe_de_sala, where, "[hall] jefe_de_sala"),
        rules=rules,
        prima_amounts_cents=amounts,
        prima_initial_cents=initial,
        card_set_id=file.card_set.id,
        card_set_seed=file.card_set.seed,
        card_set_strips=file.card_set.strips,
        series_prefix=file.series.prefix,
        series_size=file.series.size,
        face_value_cents=file.series.face_value_cents,
        ball_set_id=file.ball_set.id,
        homologation=_not_blank(file.ball_set.homologation, where, "[ball_set] homologation"),
        guaranteed_partidas=file.ball_set.guaranteed_partidas,
        partidas_before=file.ball_set.partidas_before,
        pneumatic=file.ball_set.pneumatic,
        extractor_port=file.devices.extractor,
        reader_port=file.devices.reader,
        baud=file.devices.baud,
        console_language=hall.console_language,
        board_lines=_board_lines(file.devices, f"{where}: [devices] boards"),
        voice=_voice(file.voice, where, languages),
        server=_server(file.server, where, path.parent),
        interconnected_network=network,
        interconnected=interconnected,
        category=hall.category,
        terminal_limits=terminal_limits(region_file, hall.category, where),
    )
    if settings.series_size > settings.card_set_strips * 6:
        raise ConfigError(
            f"{where}{line_suffix(text, ('series', 'size'))}: [series] size = "
            f"{settings.series_size} supera los {settings.card_set_strips * 6} cartones del juego "
            "de cartones ([card_set] strips × 6)"
        )
    return settings


def _not_blank(value: str, where: str, key: str) -> str:
    if not value.strip():
        raise ConfigError(f"{where}: {key} está vacío")
    return value


def _refuse_region_figures(data: dict[str, Any], where: str, text: str, region: Region) -> None:
    """A figure of the region set in the hall's file is refused with the paragraph that fixes
    it (R-NET-3, R-MULTI-1), before the types would only call it an unknown key.
    """
    moved = data.get("rules", {})
    if isinstance(moved, dict):
        for key, value in moved.items():
            at = f"{where}{line_suffix(text, ('rules', key))}"
            if key == "bola_loca_bp":
                raise ConfigError(
                    f"{at}: [rules] bola_loca_bp: la sala lo dice en [bola_loca] "
                    "enabled y basis_points"
                )
            if key not in {f.name for f in fields(RegionRules)} - {"region", *PROVENANCE}:
                raise ConfigError(f"{at}: [rules] {key}: clave desconocida")
            raise ConfigError(
                f"{at}: [rules] {key} = {value!r}: lo fija la región, no la sala "
                f"({region.rule(key)}; R-NET-3). Un cambio de la Consejería llega como una "
                "versión nueva del fichero de la región que cita su resolución"
            )
    joined = data.get("interconnected", {})
    if isinstance(joined, dict):
        unknown = sorted(set(joined) - set(HallInterconnectedTable.__struct_fields__))
        if unknown:
            at = f"{where}{line_suffix(text, ('interconnected', unknown[0]))}"
            raise ConfigError(
                f"{at}: [interconnected] {unknown[0]}: {HallInterconnectedTable.unknown_hint} "
                f"({region.rule('interconnected')})"
            )


def _hall_rules(file: HallFile, where: str, text: str, region: Region) -> RegionRules:
    """The region's rules with what the hall chooses within them: bola loca on or off and its
    authorised percentage (SPEC R-NET-3). A hall's file cannot move a figure of the region.
    """
    bola = file.bola_loca
    if not bola.enabled:
        return region.rules
    at = f"{where}{line_suffix(text, ('bola_loca', 'basis_points'))}"
    if bola.basis_points is None:
        raise ConfigError(f"{at}: falta [bola_loca] basis_points (la bola loca está enabled)")
    if bola.basis_points > region.bola_loca_max_bp:
        raise ConfigError(
            f"{at}: [bola_loca] basis_points = {bola.basis_points}: supera el porcentaje que la "
            f"región autoriza para la bola loca ({region.bola_loca_max_bp} pb; "
            f"{region.rule('bola_loca')})"
        )
    try:
        return region.with_bola_loca(bola.basis_points)
    except RulesError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def _hall_interconnected(
    table: HallInterconnectedTable, where: str, region: Region
) -> tuple[str | None, InterconnectedRules | None]:
    """Whether the hall joins, and the network it joins. The figures are the region's: the hall
    cannot set any (R-MULTI-1, R-NET-3).
    """
    if not table.enabled:
        return None, None
    if region.interconnected is None:
        raise ConfigError(
            f"{where}: [interconnected] enabled: la región {region.id} no regula el bingo "
            f"interconectado ({region.where}, versión {region.rules.region_version} no tiene "
            "[interconnected]); la sala no puede acogerse"
        )
    if table.network is None:
        raise ConfigError(f"{where}: falta [interconnected] network (la red a la que se acoge)")
    return table.network, region.interconnected


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


def _board_lines(devices: DevicesTable, key: str) -> tuple[BoardLine, ...]:
    """``[devices] boards``: a port per line (one board at 0x10) or a table with its addresses,
    e.g. ``boards = ["/dev/ttyUSB2", { port = "/dev/ttyUSB3", addresses = [0x10, 0x11] }]``.
    """
    lines: list[BoardLine] = []
    for item in devices.boards:
        port, addresses = (item, [0x10]) if isinstance(item, str) else (item.port, item.addresses)
        if not port.strip():
            raise ConfigError(f"{key}: falta el puerto de una línea de paneles ({item!r})")
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


def _voice(table: VoiceTable, where: str, languages: tuple[str, ...]) -> VoiceConfig:
    """``[voice]``: on or off, who calls, where it sounds and in which languages (R-DEV-3)."""
    spoken = languages
    if table.languages is not None:
        value = table.languages
        if not value:
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
    return VoiceConfig(
        enabled=table.enabled,
        caller=table.caller,
        output=table.output,
        languages=spoken,
        digits=table.digits,
        cache_dir=table.cache_dir,
    )


def _server(table: ServerTable, where: str, folder: Path) -> ServerConfig:
    """``[server]``: the certificate's files are read beside the settings file."""
    files = {
        key: str(folder / value) if value is not None else None
        for key, value in (("cert", table.cert), ("key", table.key))
    }
    if bool(files["cert"]) != bool(files["key"]):
        raise ConfigError(f"{where}: [server] TLS necesita cert y key a la vez")
    return ServerConfig(
        host=table.host,
        port=table.port,
        cert=files["cert"],
        key=files["key"],
        question_seconds=table.question_seconds,
    )
