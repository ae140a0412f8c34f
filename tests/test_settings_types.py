"""The hall's files read through their types (issue 18 §2; docs/decisions.md 501-502): a key
that is not the type's is refused with the nearest known one, a wrong type or a value out of
range with the file, the line, the key and what it must be; every command that takes
``--config`` refuses such a file with exit 1 and writes nothing; ``bingo-hall config check``
says the same; the reference ``docs/settings.md`` is the types' own (SPEC R-NET-3).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from app.cli import build_parser, main
from app.config import ConfigError, default_hall_path, load_hall
from app.config.game_files import game_from_bytes

DEMO = default_hall_path().read_text("utf-8")


def hall_file(tmp_path: Path, old: str, new: str) -> Path:
    assert old in DEMO, old
    path = tmp_path / "sala.toml"
    path.write_text(DEMO.replace(old, new), "utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("old", "new", "key", "nearest"),
    [
        ("face_value_cents = 100", "face_value_cent = 200", "[series] face_value_cent", "face_value_cents"),  # noqa: E501
        ('# category = "primera"', 'categroy = "primera"', "[hall] categroy", "category"),
        ("guaranteed_partidas = 3000", "guaranted_partidas = 3000", "[ball_set] guaranted_partidas", "guaranteed_partidas"),  # noqa: E501
        ("initial_cents = 20000", "inital_cents = 20000", "[prima] inital_cents", "initial_cents"),
        ("seed = 20261122", "seeds = 20261122", "[card_set] seeds", "seed"),
    ],
)  # fmt: skip
def test_an_unknown_key_is_refused_with_the_nearest_known_one_and_its_line(
    tmp_path: Path, old: str, new: str, key: str, nearest: str
) -> None:
    """Today's five lenient tables ([hall], [prima], [card_set], [series], [ball_set]) played a
    session with the default instead: `face_value_cent = 200` at 1 €."""
    path = hall_file(tmp_path, old, new)
    with pytest.raises(ConfigError) as refused:
        load_hall(path)
    message = str(refused.value)
    assert message.startswith(f"{path}, línea {line_of(path, new)}: {key}: clave desconocida")
    assert f"¿quería decir `{nearest}`?" in message


def test_an_unknown_table_is_refused_with_the_nearest_known_one(tmp_path: Path) -> None:
    path = hall_file(tmp_path, "[series]", "[serie]")
    with pytest.raises(
        ConfigError, match=r"línea \d+: tablas desconocidas: serie; ¿quería decir \[series\]\?"
    ):
        load_hall(path)  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("size = 1500", 'size = "1500"', "[series] size debe ser un entero entre 1 y 60000 (cartones), no '1500'"),  # noqa: E501
        ("pneumatic = true", "pneumatic = 1", "[ball_set] pneumatic debe ser true o false, no 1"),
        ("baud = 19200", "baud = 115200", "[devices] baud debe ser uno de 9600, 19200, no 115200"),
        ("amounts_cents = [20000, 30000, 50000]", "amounts_cents = [20000, -5]", "[prima] amounts_cents[2] debe ser un entero entre 0 y 100000000"),  # noqa: E501
        ('output = "server"', 'output = "altavoz"', "[voice] output debe ser uno de panel, server, no 'altavoz'"),  # noqa: E501
        ('homologation = "HOM-CANT-B-0042"', "", "falta [ball_set] homologation"),
    ],
)  # fmt: skip
def test_a_wrong_type_or_value_names_the_file_the_line_the_key_and_what_it_must_be(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    path = hall_file(tmp_path, old, new)
    with pytest.raises(ConfigError) as refused:
        load_hall(path)
    line = line_of(path, new) if new else line_of(path, "[ball_set]")
    assert str(refused.value) == f"{path}, línea {line}: {words}" or (
        str(refused.value).startswith(f"{path}, línea {line}: {words}")
    )


def test_a_game_files_key_in_its_second_prize_is_found_on_its_line() -> None:
    raw = (Path(__file__).parents[1] / "config" / "games" / "plus-4x5.toml").read_bytes()
    spoilt = raw.replace(b"basis_points = 1000 ", b"basis_point = 1000  ")
    with pytest.raises(ConfigError) as refused:
        game_from_bytes(spoilt, "plus.toml")
    line = 1 + spoilt[: spoilt.index(b"basis_point = 1000")].count(b"\n")
    assert str(refused.value).startswith(
        f"plus.toml, línea {line}: [plan] prize[2] basis_point: clave desconocida; ¿quería "
        "decir `basis_points`?"
    )


def test_the_shipped_files_are_their_types() -> None:
    import tomllib

    import msgspec

    from app.config.types import GameFile, HallFile, RegionFile

    root = Path(__file__).parents[1] / "config"
    msgspec.convert(tomllib.loads((root / "hall.toml").read_text("utf-8")), HallFile)
    for region in (root / "regions").glob("[!p]*.toml"):
        msgspec.convert(tomllib.loads(region.read_text("utf-8")), RegionFile)
    for game in (root / "games").glob("[!p]*.toml"):
        msgspec.convert(tomllib.loads(game.read_text("utf-8")), GameFile)


# --- every --config -----------------------------------------------------------------------------


def _commands_with_config() -> set[str]:
    found: set[str] = set()

    def walk(parser: argparse.ArgumentParser, words: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*words, name])
        if any("--config" in a.option_strings for a in parser._actions):
            found.add(" ".join(words))

    walk(build_parser(), [])
    return found


# Each command with what it needs besides --config; {db} a database that must not appear.
CONFIG_COMMANDS = {
    "simulate": "simulate --db {db} --config {f} -q",
    "export": "export --db {db} --config {f} -o {out}",
    "status": "status --db {db} --config {f}",
    "cardset": "cardset --db {db} --config {f} import {cards}",
    "transcribe": "transcribe --db {db} --config {f} --template 1",
    "ballset show": "ballset show --db {db} --config {f}",
    "ballset install": "ballset install --db {db} --config {f} --id B2 --homologation H "
    "--guaranteed 3000 --reason r",
    "rules show": "rules show --db {db} --config {f}",
    "rules adopt": "rules adopt --db {db} --config {f}",
    "reclamacion file": "reclamacion file --db {db} --config {f} --session S1 --subject x",
    "reclamacion settle": "reclamacion settle --db {db} --config {f} 2026-11-22/R1",
    "reclamacion list": "reclamacion list --db {db} --config {f}",
    "run": "run --db {db} --config {f}",
    "serve": "serve --db {db} --config {f}",
    "voice prepare": "voice prepare --config {f} --cache {out}",
    "voice say": "voice say 45 --config {f} --cache {out}",
    "voice import": "voice import {cards} --config {f} --cache {out}",
    "instructions": "instructions --config {f} -o {out}",
}


def test_the_list_below_names_every_command_that_takes_config() -> None:
    assert _commands_with_config() == set(CONFIG_COMMANDS)


@pytest.mark.parametrize("command", sorted(CONFIG_COMMANDS))
def test_every_command_with_config_refuses_a_misspelt_key_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    bad = hall_file(tmp_path, "face_value_cents = 100", "face_value_cent = 200")
    db, out, cards = tmp_path / "sala.sqlite", tmp_path / "salida", tmp_path / "cartones.json"
    if command == "cardset":  # a good card set: the settings are what is refused
        generate = "cardset generate --id std-6000 --seed 20261122 --strips 1000 -o"
        assert main([*generate.split(), str(cards)]) == 0
    argv = CONFIG_COMMANDS[command].format(db=f"sqlite:///{db}", f=bad, out=out, cards=cards)
    assert main(argv.split()) == 1
    err = capsys.readouterr().err
    assert "[series] face_value_cent: clave desconocida; ¿quería decir `face_value_cents`?" in err
    assert "Traceback" not in err
    assert not db.exists() and not out.exists()


# --- config check -------------------------------------------------------------------------------


def test_config_check_says_a_good_file_is_good(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "check", str(default_hall_path())]) == 0
    out = capsys.readouterr().out
    assert "correcto" in out and "cantabria-001" in out and "1,00 € el cartón" in out


def test_config_check_refuses_a_bad_file_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = hall_file(tmp_path, "strips = 1000", "strips = 50000000")
    assert main(["config", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    line = line_of(bad, "strips = 50000000")
    assert f"{bad}, línea {line}: [card_set] strips debe ser un entero entre 1 y 10000" in err


# --- the reference ------------------------------------------------------------------------------


def test_the_committed_reference_is_the_types_own() -> None:
    """docs/settings.md is generated (`python -m app.config.reference`), never written twice."""
    from app.config.reference import main as reference_main
    from app.config.reference import render

    assert reference_main(["--check"]) == 0
    text = render()
    for key in (
        "face_value_cents",
        "guaranteed_partidas",
        "[[plan.prize]]",
        "auxiliary_machines_max",
    ):
        assert key in text  # fmt: skip
