"""The hall's languages in its settings: ``[hall] languages`` (the panels; the region's by
default) and ``[hall] console_language``, validated with errors that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import ConfigError, HallSettings, load_hall


def hall_file(tmp_path: Path, hall: str, region: str = "cantabria") -> Path:
    path = tmp_path / "hall.toml"
    path.write_text(
        f'[hall]\nid = "x"\nname = "Sala"\nregion = "{region}"\n{hall}\n'
        '[ball_set]\nhomologation = "H-1"\n',
        encoding="utf-8",
    )
    return path


def test_the_region_gives_the_languages_by_default(tmp_path: Path) -> None:
    basque = load_hall(hall_file(tmp_path, "", region="euskadi"))
    assert basque.languages == ("es", "eu")
    assert basque.console_language == "es"
    assert load_hall(hall_file(tmp_path, "")).languages == ("es",)
    assert load_hall().console_language == "es"


def test_a_hall_chooses_its_languages_and_its_console_language(tmp_path: Path) -> None:
    settings = load_hall(
        hall_file(tmp_path, 'languages = ["es", "gl"]\nconsole_language = "en"', region="euskadi")
    )
    assert settings.languages == ("es", "gl")
    assert settings.console_language == "en"
    assert load_hall(hall_file(tmp_path, 'languages = ["es"]', region="euskadi")).languages == (
        "es",
    )


def test_the_new_setting_comes_last_with_a_default() -> None:
    names = list(HallSettings.__dataclass_fields__)
    assert names[-6:] == [  # each new one last, with a default
        "console_language",
        "server",
        "interconnected_network",
        "interconnected",
        "category",
        "terminal_limits",
    ]
    assert names[:4] == ["hall_id", "name", "region", "languages"]
    assert HallSettings.__dataclass_fields__["console_language"].default == "es"


@pytest.mark.parametrize(
    "line, words",
    [
        ('languages = ["es", "pt"]', "[hall] languages: código de lengua desconocido 'pt'"),
        ('languages = ["gl", "es"]', '[hall] languages debe empezar por "es"'),
        ("languages = []", '[hall] languages debe empezar por "es"'),
        ('languages = ["es", "eu", "eu"]', "[hall] languages repite una lengua"),
        ('languages = ["es", "eu", "gl"]', "[hall] languages: los paneles muestran"),
        ('languages = "es"', "[hall] languages debe ser una lista de códigos"),
        ("languages = [1, 2]", "[hall] languages debe ser una lista de códigos"),
        ('console_language = "fr"', "[hall] console_language debe ser uno de es, eu, gl, ca, en"),
        ('console_language = "EN"', "[hall] console_language debe ser uno de"),
        ("console_language = 1", "console_language debe ser uno de es, eu, gl, ca, en, no 1"),
        ('console_language = ""', "console_language debe ser uno de es, eu, gl, ca, en, no ''"),
    ],
)
def test_bad_language_settings_are_refused_naming_the_key(
    tmp_path: Path, line: str, words: str
) -> None:
    path = hall_file(tmp_path, line)
    with pytest.raises(ConfigError) as refused:
        load_hall(path)
    assert words in str(refused.value)
    assert str(path) in str(refused.value)


def test_bad_language_settings_stop_the_cli_with_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli import main

    path = hall_file(tmp_path, 'languages = ["es", "xx"]')
    code = main(["status", "--db", f"sqlite:///{tmp_path / 'x.sqlite'}", "--config", str(path)])
    assert code == 1
    assert "[hall] languages" in capsys.readouterr().err
