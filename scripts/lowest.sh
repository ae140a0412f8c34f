#!/usr/bin/env bash
# The lowest versions pyproject.toml allows (`make lowest`, and CI after `make test`): a venv of
# its own with every direct dependency at its floor (uv's --resolution lowest-direct, uv from
# requirements/installer.lock), every module of the project imported, then a few tests that use
# each dependency for real: the server (uvicorn, starlette, httpx), the centre's link
# (websockets.asyncio, cryptography), the record (SQLAlchemy, alembic; psycopg with
# BINGO_HALL_TEST_PG_URL), the cartón loop (numba, numpy), the sealed acta (reportlab, pypdf,
# pyHanko) and the console's panel (PySide6). A floor that is too low fails here, not at a hall.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${BINGO_HALL_LOWEST_VENV:-${TMPDIR:-/tmp}/bingo-hall-lowest}"
python="${PY:-python3}"
bash scripts/system-deps.sh run --quiet  # the libraries Qt loads
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes \
  --no-deps -r requirements/installer.lock
uv="$venv/bin/uv"
"$uv" pip install --quiet --python "$venv/bin/python" --resolution lowest-direct -e '.[ui,postgres]'
# the test tools at their usual versions: they are not the hall's dependencies
"$uv" pip install --quiet --python "$venv/bin/python" pytest pytest-timeout pytest-qt \
  hypothesis jsonschema
echo "lowest versions:"
"$uv" pip freeze --quiet --python "$venv/bin/python" | grep -iE '^(numpy|numba|sqlalchemy|alembic|platformdirs|pyserial|reportlab|pypdf|pyhanko|starlette|uvicorn|websockets|httpx|cryptography|pyside6-essentials|pypdfium2|psycopg)==' | sed 's/^/  /'
export QT_QPA_PLATFORM=offscreen
"$venv/bin/python" - <<'EOF'
import importlib
import pkgutil
import sys

failed, count = [], 0
for top in ("bingo", "drivers", "store", "actas", "ui", "app"):
    package = importlib.import_module(top)
    for info in pkgutil.walk_packages(package.__path__, f"{top}."):
        if ".migrations" in info.name or info.name.endswith("__main__"):
            continue  # alembic's scripts are loaded by alembic; __main__ runs a program
        count += 1
        try:
            importlib.import_module(info.name)
        except Exception as exc:
            failed.append(f"  {info.name}: {type(exc).__name__}: {exc}")
print(f"imports: {count} modules, {len(failed)} failed")
print("\n".join(failed))
sys.exit(1 if failed else 0)
EOF
"$venv/bin/python" -m pytest -q -p no:cacheprovider \
  tests/install/test_sdnotify.py::test_the_server_says_ready_only_once_it_serves_then_pings_the_watchdog \
  tests/server/test_api.py::test_a_late_client_gets_the_whole_state_then_every_change_in_the_documented_format \
  tests/centre/test_link.py \
  tests/store/test_migrations.py \
  tests/store/test_event_store.py::test_postgresql_commits_synchronously \
  tests/bingo/test_detect.py \
  tests/actas/test_seal_verify.py::test_rfc3161_timestamp_is_embedded_and_checked \
  tests/actas/test_seal_verify.py::test_a_later_export_extends_the_open_acta \
  tests/ui/test_hall_panel.py::test_panel_follows_each_ball_as_it_is_drawn
