"""Game definition files are read only as the region authorised them (Cantabria B.3.a: "las
diversas versiones … serán autorizadas por la Consejería"; docs/decisions.md 180), with a clear
message for every fault (SPEC R-MULTI-4)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from app.config import ConfigError, shipped_file
from app.config.game_files import game_from_bytes, load_game, published_games, shipped_game


def shipped_bytes(name: str) -> bytes:
    return shipped_file("games", f"{name}.toml").read_bytes()


def test_every_published_game_file_ships_with_its_published_bytes() -> None:
    for game, version, _resolution, sha256 in published_games():
        definition = shipped_game(game)
        assert definition.version == version
        assert definition.sha256 == sha256 == hashlib.sha256(shipped_bytes(game)).hexdigest()


def test_a_game_file_with_a_figure_changed_in_the_hall_is_refused(tmp_path: Path) -> None:
    raw = shipped_bytes("derivado-instantaneo-3x3").replace(
        b"price_multiple_bp = 30000 ", b"price_multiple_bp = 40000 "
    )
    path = tmp_path / "derivado.toml"
    path.write_bytes(raw)
    with pytest.raises(ConfigError, match="no es el fichero publicado de esa versión"):
        load_game(path)


def test_an_unpublished_version_is_refused() -> None:
    raw = shipped_bytes("plus-4x5").replace(b'version = "2026.1"', b'version = "2027.1"')
    with pytest.raises(
        ConfigError, match=r"versión 2027.1 no está publicado \(publicadas: 2026.1\)"
    ):
        game_from_bytes(raw, "plus.toml")


def test_a_missing_or_unreadable_game_file_gets_a_message(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no se puede leer el fichero del juego"):
        load_game(tmp_path / "no-such.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"[game\n")
    with pytest.raises(ConfigError, match="TOML mal formado"):
        load_game(bad)
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(ConfigError, match="no es texto UTF-8"):
        load_game(bad)


def test_a_shipped_game_is_named_by_its_file() -> None:
    assert shipped_game("plus-4x5").modality == "plus"
    with pytest.raises(ConfigError, match="juego desconocido: 'tómbola'"):
        shipped_game("tómbola")


def test_a_misspelt_key_is_refused_not_ignored() -> None:
    raw = shipped_bytes("derivado-instantaneo-3x3").replace(b"balls = 18", b"ball = 18")
    with pytest.raises(ConfigError) as refused:
        game_from_bytes(raw, "g.toml")
    assert str(refused.value).startswith(
        "g.toml, línea 42: [plan] ball: clave desconocida; ¿quería decir `balls`?"
    )
