"""An acta command that cannot be done says why in Spanish and exits 1, never a traceback —
also when the sealing fails, now that an unsealed build does not load the sealing code."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.actas.test_cli import run


def test_a_seal_that_cannot_be_made_is_refused_with_a_message(
    tmp_path: Path, export12: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    bad = copy.deepcopy(export12)
    bad["hall"]["id"] = "..."  # no usable name for the hall's key
    path = tmp_path / "export.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = tmp_path / "acta.pdf"
    keys = str(tmp_path / "keys")
    code = run(
        ["acta", "build", "--export", str(path), "-o", str(out), "--sign", "--keys-dir", keys]
    )
    err = capsys.readouterr().err
    assert code == 1  # refused: the project's exit codes (decision 70)
    assert "identificador de sala no válido" in err
    assert "Traceback" not in err
    assert not out.exists()  # nothing written
