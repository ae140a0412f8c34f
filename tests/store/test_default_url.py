from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from store import default_database_url, open_store


def test_default_database_is_a_sqlite_file_in_a_created_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BINGO_HALL_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    url = make_url(default_database_url())
    assert url.get_backend_name() == "sqlite"
    assert url.database is not None
    path = Path(url.database)
    assert path.parent == tmp_path / "datos" / "bingo-hall"
    assert path.parent.is_dir()

    store = open_store()
    try:
        store.append("sala-1", 0, [("t", "apertura", {})])
    finally:
        store.close()
    assert path.is_file()


def test_environment_variable_overrides_the_default_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'otra.sqlite'}"
    monkeypatch.setenv("BINGO_HALL_DB", url)
    assert default_database_url() == url
    store = open_store()
    try:
        assert store.halls() == []
    finally:
        store.close()
    assert (tmp_path / "otra.sqlite").is_file()
