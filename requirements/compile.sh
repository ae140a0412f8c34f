#!/usr/bin/env bash
# `make lock`: regenerates the hall's pinned and hashed environment that scripts/install-hall.sh
# installs, requirements/hall.lock (the package with the console, `ui`, and PostgreSQL, and what
# builds the package), for Debian 12 (Python 3.11, glibc 2.36) on x86_64; and
# requirements/installer.lock (uv, which installs it). Run it after a change of pyproject.toml's
# dependencies, or to take newer releases; commit both files.
set -euo pipefail
cd "$(dirname "$0")/.."
uv="${UV:-}"
if [ -z "$uv" ]; then  # the installer's own uv, installed from its lock into a folder of ours
  tools="${TMPDIR:-/tmp}/bingo-hall-lock-tools"
  [ -x "$tools/bin/uv" ] || {
    python3 -m venv "$tools"
    "$tools/bin/python" -m pip install --quiet --require-hashes --no-deps -r requirements/installer.lock
  }
  uv="$tools/bin/uv"
fi
target=(--python-version 3.11 --python-platform x86_64-manylinux_2_36)
"$uv" pip compile pyproject.toml requirements/build.in --extra ui --extra postgres \
  --generate-hashes "${target[@]}" --custom-compile-command "make lock" \
  --quiet --output-file requirements/hall.lock
"$uv" pip compile requirements/installer.in --generate-hashes "${target[@]}" \
  --custom-compile-command "make lock" --quiet --output-file requirements/installer.lock
