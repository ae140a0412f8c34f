"""Game definition files (``config/games/*.toml``): read into ``bingo.game`` definitions.

A modality is played only as the region authorised it (Cantabria B.3.a: "las diversas versiones
… serán autorizadas por la Consejería"): like the region files, a game file names its version
and the resolution that authorised it, and its bytes must be the published ones of that version
(``config/games/published.toml``, SHA-256 per version; docs/decisions.md 180). The digest goes
with the definition into the record.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from app.config import (
    REGIONS,
    ConfigError,
    _read_toml,
    _Table,
    decoded,
    published_entries,
    shipped_file,
)
from app.config.types import GameFile
from bingo.game.definition import (
    CardShape,
    Combination,
    GameDefinition,
    GameDefinitionError,
    Prize,
    combination_masks,
)

__all__ = ["game_from_bytes", "load_game", "published_games", "shipped_game", "shipped_games"]

_GAMES = "games"


def published_games() -> tuple[tuple[str, str, str, str], ...]:
    """(game id, version, resolution, SHA-256) of every published game file version."""
    keys = ("game", "version", "resolution", "sha256")
    return tuple((g, v, r, h) for g, v, r, h in published_entries(_GAMES, keys))


def shipped_games() -> tuple[str, ...]:
    """The names of the game files that ship with the program (without ``.toml``)."""
    folder = shipped_file(_GAMES)
    return tuple(
        sorted(
            p.name[: -len(".toml")]
            for p in folder.iterdir()
            if p.name.endswith(".toml") and p.name != "published.toml"
        )
    )


def shipped_game(name: str) -> GameDefinition:
    """A game file shipped with the program, by name (``ordinario-90``)."""
    if name not in shipped_games():
        raise ConfigError(f"juego desconocido: {name!r} (conocidos: {', '.join(shipped_games())})")
    raw = shipped_file(_GAMES, f"{name}.toml").read_bytes()
    return game_from_bytes(raw, f"config/games/{name}.toml")


def load_game(path: Path) -> GameDefinition:
    """A game file given by its path; refused unless it is a published version's bytes."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"no se puede leer el fichero del juego {path}: {exc.strerror}") from None
    return game_from_bytes(raw, str(path))


def game_from_bytes(raw: bytes, where: str) -> GameDefinition:
    """The definition in a game file's bytes, with every problem named by file and key."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{where}: no es texto UTF-8 (byte {exc.start})") from None
    data = _read_toml(text, where)
    decoded(data, GameFile, where, text)  # every key known, typed and within its bounds
    head = _Table(data, where, "game")
    game_id, version = head.get_str("id"), head.get_str("version")
    resolution = head.get_str("resolution")
    digest = _check_published(game_id, version, resolution, raw, where)
    regions = head.data.get("regions")
    if not isinstance(regions, list) or not regions or any(r not in REGIONS for r in regions):
        raise ConfigError(
            f"{where}: [game] regions debe listar las regiones que lo autorizan "
            f"({', '.join(REGIONS)})"
        )
    shape_table = _Table(data, where, "carton")
    shape = CardShape(
        rows=shape_table.get_int("rows", minimum=1),
        columns=shape_table.get_int("columns", minimum=1),
        numbers=shape_table.get_int("numbers", minimum=1),
        placement=shape_table.get_str("placement"),
    )
    plan = _Table(data, where, "plan")
    try:
        definition = GameDefinition(
            id=game_id,
            modality=head.get_str("modality"),
            version=version,
            resolution=resolution,
            regions=tuple(regions),
            names=_names(head.data.get("names"), f"{where}: [game] names"),
            count=_Table(data, where, "numbers").get_int("count", minimum=1),
            shape=shape,
            combinations=_combinations(data.get("combination"), shape, where),
            plan=plan.get_str("kind"),
            prizes=_prizes(plan.data.get("prize", []), where),
            min_payout_bp=plan.get_int("min_payout_bp", 0),
            balls=plan.get_int("balls", 0),
            sha256=digest,
        )
        return definition.checked()
    except GameDefinitionError as exc:
        raise ConfigError(f"{where}: " + "; ".join(exc.problems)) from None


def _check_published(game: str, version: str, resolution: str, raw: bytes, where: str) -> str:
    """The file's SHA-256, once it is the published file of the version it claims: a hall does
    not change what the Consejería authorised (Cantabria B.3.a; docs/decisions.md 180).
    """
    digest = hashlib.sha256(raw).hexdigest()
    known = [p for p in published_games() if p[0] == game and p[1] == version]
    if not known:
        versions = [p[1] for p in published_games() if p[0] == game]
        raise ConfigError(
            f"{where}: el juego {game} versión {version} no está publicado (publicadas: "
            f"{', '.join(versions) or 'ninguna'}): solo se juegan las versiones autorizadas"
        )
    if all(p[3] != digest for p in known):
        raise ConfigError(
            f"{where} dice ser el juego {game} versión {version}, pero no es el fichero "
            f"publicado de esa versión (huella {digest[:16]}…, publicada {known[0][3][:16]}…): "
            "lo autorizado no se cambia en la sala"
        )
    if all(p[2] != resolution for p in known):
        raise ConfigError(f"{where}: la resolución no es la publicada de la versión {version}")
    return digest


def _names(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not isinstance(value.get("es"), str):
        raise ConfigError(f"{where} debe dar al menos el nombre en castellano (es)")
    if not all(isinstance(k, str) and isinstance(v, str) and v for k, v in value.items()):
        raise ConfigError(f"{where}: un texto por idioma")
    return dict(value)


def _combinations(value: Any, shape: CardShape, where: str) -> tuple[Combination, ...]:
    if not isinstance(value, list) or not value:
        raise ConfigError(f"{where}: faltan las combinaciones ganadoras ([[combination]])")
    out = []
    for n, entry in enumerate(value, start=1):
        table = _Table({"combination": entry}, f"{where}: combinación {n}", "combination")
        kind = table.get_str("kind")
        drawings = table.data.get("drawings", [])
        if not isinstance(drawings, list) or not all(isinstance(d, list) for d in drawings):
            raise ConfigError(f"{where}: combinación {n}: drawings debe ser una lista de dibujos")
        try:
            masks = combination_masks(kind, shape, drawings)
        except GameDefinitionError as exc:
            raise ConfigError(f"{where}: combinación {n}: " + "; ".join(exc.problems)) from None
        names = _names(table.data.get("names"), f"{where}: combinación {n}: names")
        out.append(Combination(table.get_str("code"), kind, masks, names))
    return tuple(out)


def _prizes(value: Any, where: str) -> tuple[Prize, ...]:
    if not isinstance(value, list):
        raise ConfigError(f"{where}: [[plan.prize]] debe ser una lista de tablas")
    out = []
    for n, entry in enumerate(value, start=1):
        table = _Table({"prize": entry}, f"{where}: premio {n}", "prize")
        out.append(
            Prize(
                combination=table.get_str("combination"),
                basis_points=table.get_int("basis_points", 0),
                price_multiple_bp=table.get_int("price_multiple_bp", 0),
                amount_cents=table.get_int("amount_cents", 0),
            )
        )
    return tuple(out)
