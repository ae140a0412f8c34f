#!/usr/bin/env bash
# Installs bingo-hall on a hall's PC (Debian 12), or upgrades it, or goes back (docs/install.md).
#
#   scripts/install-hall.sh                 install this source's version, or upgrade to it
#   scripts/install-hall.sh --rollback      go back to the version that was current before
#   scripts/install-hall.sh --root DIR      the same into the directory tree DIR (tests, images)
#
# Each version lives in its own folder, /opt/bingo-hall/versions/X.Y.Z, a virtual environment
# made from requirements/hall.lock (pinned, with hashes) and this source's own package;
# /opt/bingo-hall/current points at the one in use and /opt/bingo-hall/previous at the one
# before. The hall's settings are in /etc/bingo-hall (written once, never overwritten), the
# record and the hall's key in /var/lib/bingo-hall. An upgrade installs the new version beside
# the old one, copies the record aside, migrates it and checks it with the new version's
# `status` before `current` is switched; a failure puts the copy back and leaves the old
# version current.
#
# With --root nothing outside DIR is touched: no apt-get, no users (systemd-sysusers creates
# them at the first boot), no systemctl (systemd need not run). The paths written inside
# (units, shebangs) are the final ones, as in an image.
set -euo pipefail

say() { printf 'install-hall: %s\n' "$*"; }
fail() { printf 'install-hall: %s\n' "$*" >&2; exit "${2:-1}"; }

usage() {
  cat <<'EOF'
uso: install-hall.sh [--root DIR] [--python PYTHON] [--no-system-deps] [--rollback]
  --root DIR         instala en el árbol de carpetas DIR en lugar de / (pruebas, imágenes)
  --python PYTHON    el Python 3.11 o posterior con el que crear el entorno (por omisión python3)
  --no-system-deps   no instala los paquetes de Debian (scripts/system-deps.sh hall)
  --rollback         vuelve a la versión anterior (/opt/bingo-hall/previous)
EOF
}

src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root=""
python="python3"
system_deps=1
mode="install"
while [ $# -gt 0 ]; do
  case "$1" in
    --root) [ $# -ge 2 ] || fail "--root necesita una carpeta" 2; root="$2"; shift 2 ;;
    --python) [ $# -ge 2 ] || fail "--python necesita un programa" 2; python="$2"; shift 2 ;;
    --no-system-deps) system_deps=0; shift ;;
    --rollback) mode="rollback"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; fail "opción desconocida: $1" 2 ;;
  esac
done

if [ -n "$root" ]; then
  mkdir -p "$root" || fail "no se puede crear la carpeta $root"
  root="$(cd "$root" && pwd)"
  [ "$root" = "/" ] && root=""
fi
live=1; [ -n "$root" ] && live=0  # installing into this very system
[ $live -eq 0 ] || [ "$(id -u)" -eq 0 ] || fail "hay que ser root (o usar --root DIR)"

OPT=/opt/bingo-hall
ETC=/etc/bingo-hall
VAR=/var/lib/bingo-hall
R="$root"

systemd_running() { [ $live -eq 1 ] && [ -d /run/systemd/system ]; }

# Runs a command of an installed version as the server's user, with the hall's environment
# (its record and key). In a tree the final paths are read inside it.
as_hall() {
  local version_dir="$1"; shift
  local env_file="$R$ETC/environment"
  local -a env_vars=()
  if [ -f "$env_file" ]; then
    while IFS= read -r line; do
      case "$line" in ''|'#'*) continue ;; esac
      local name="${line%%=*}" value="${line#*=}"
      if [ $live -eq 0 ]; then
        case "$value" in
          sqlite:////*) value="sqlite:///$R/${value#sqlite:////}" ;;
          /*) value="$R$value" ;;
        esac
      fi
      env_vars+=("$name=$value")
    done <"$env_file"
  fi
  local -a run=(env "${env_vars[@]}" "$version_dir/bin/python" "$version_dir/bin/bingo-hall")
  if [ $live -eq 1 ] && id -u bingo-hall >/dev/null 2>&1; then
    (cd / && runuser -u bingo-hall -- "${run[@]}" "$@")
  else
    (cd / && "${run[@]}" "$@")
  fi
}

# The record's SQLite file named by BINGO_HALL_DB in the hall's environment (in the tree), or
# nothing for PostgreSQL.
record_file() {
  local url
  url="$(sed -n 's/^BINGO_HALL_DB=//p' "$R$ETC/environment" 2>/dev/null | tail -1)"
  case "$url" in
    sqlite:////*) printf '%s/%s\n' "$R" "${url#sqlite:////}" ;;
    "") printf '%s%s/hall.sqlite\n' "$R" "$VAR" ;;
    *) ;;
  esac
}

record_copy() {  # $1: folder; the record's file and its -wal and -shm (the server is stopped)
  local db; db="$(record_file)"
  [ -n "$db" ] && [ -f "$db" ] || return 0
  mkdir -p "$1"
  for f in "$db" "$db-wal" "$db-shm"; do
    [ -f "$f" ] && cp -p "$f" "$1/"
  done
  return 0
}

record_restore() {  # $1: a folder record_copy filled
  local db; db="$(record_file)"
  [ -n "$db" ] && [ -f "$1/$(basename "$db")" ] || return 0
  rm -f "$db" "$db-wal" "$db-shm"
  for f in "$1/$(basename "$db")" "$1/$(basename "$db")-wal" "$1/$(basename "$db")-shm"; do
    [ -f "$f" ] && cp -p "$f" "$(dirname "$db")/"
  done
  return 0
}

record_events() {  # the number of records in the SQLite record (0 when there is none)
  local db; db="$(record_file)"
  [ -n "$db" ] && [ -f "$db" ] || { echo 0; return; }
  "$python" - "$db" <<'EOF'
import sqlite3, sys
with sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True) as db:
    print(db.execute("select count(*) from events").fetchone()[0])
EOF
}

stop_server() {
  if systemd_running; then systemctl stop bingo-hall.service bingo-hall-backup.service || true; fi
}

start_server() {
  if systemd_running; then
    systemctl daemon-reload
    systemctl start bingo-hall.service || say "el servidor no arranca: journalctl -u bingo-hall"
  fi
}

switch_to() {  # $1: the version to make current; the one current now becomes previous
  local now
  now="$(readlink "$R$OPT/current" 2>/dev/null || true)"
  ln -sfn "versions/$1" "$R$OPT/.current.new"
  mv -T "$R$OPT/.current.new" "$R$OPT/current"  # one rename: never a moment without current
  if [ -n "$now" ] && [ "$now" != "versions/$1" ]; then
    ln -sfn "$now" "$R$OPT/.previous.new"
    mv -T "$R$OPT/.previous.new" "$R$OPT/previous"
  fi
}

check_record() {  # $1: a version folder: its `status` migrates the record and checks its chain
  local db; db="$(record_file)"
  if [ -n "$db" ] && [ ! -f "$db" ]; then
    say "todavía no hay registro ($db): nada que migrar"
    return 0
  fi
  say "migración y comprobación del registro con la versión $(basename "$1"):"
  as_hall "$1" status
}

# The system's files of the version in use (units, users, the screens' session, the console's
# entry, the admin's command) from $1, a folder with packaging/: rewritten when a version
# becomes current, never before its check (they belong to the program, not to the hall).
system_files() {
  install -d "$R/etc/systemd/system" "$R/etc/sysusers.d" "$R/etc/pam.d" \
    "$R/usr/local/share/applications" "$R/usr/local/bin"
  install -m 0644 "$1"/packaging/systemd/* "$R/etc/systemd/system/"
  install -m 0644 "$1/packaging/sysusers.d/bingo-hall.conf" "$R/etc/sysusers.d/"
  install -m 0644 "$1/packaging/pam.d/bingo-hall-kiosk" "$R/etc/pam.d/"
  install -m 0644 "$1/packaging/applications/bingo-hall-console.desktop" \
    "$R/usr/local/share/applications/"
  install -m 0755 "$1/packaging/bin/bingo-hall" "$R/usr/local/bin/bingo-hall"
  if systemd_running; then systemctl daemon-reload; fi
}

# --- rollback ---------------------------------------------------------------------------------

if [ "$mode" = "rollback" ]; then
  previous="$(readlink "$R$OPT/previous" 2>/dev/null || true)"
  current="$(readlink "$R$OPT/current" 2>/dev/null || true)"
  [ -n "$previous" ] && [ -f "$R$OPT/$previous/.installed" ] \
    || fail "no hay versión anterior a la que volver ($OPT/previous)"
  from="$(basename "$current")" to="$(basename "$previous")"
  copy="$R$VAR/upgrades/$to-a-$from"
  stop_server
  # the record as the upgrade left it may have a schema the older version does not know: then
  # it gets back the copy made before the upgrade, unless records were written since (those
  # are never thrown away: the rollback is refused)
  if ! as_hall "$R$OPT/$previous" status >/dev/null 2>&1; then
    [ -f "$copy/events" ] || fail "la versión $to no abre el registro y no hay copia de antes de la actualización ($copy)"
    if [ "$(record_events)" != "$(cat "$copy/events")" ]; then
      start_server
      fail "desde la actualización a $from se han escrito registros que la versión $to no sabe leer: no se vuelve atrás (se perderían)"
    fi
    mkdir -p "$copy/despues"
    record_copy "$copy/despues"
    record_restore "$copy"
    say "registro de antes de la actualización repuesto; el de después queda en $copy/despues"
  fi
  switch_to "$to"
  system_files "$R$OPT/current/share/bingo-hall"
  check_record "$R$OPT/current" || fail "la versión $to no da por bueno el registro"
  start_server
  say "versión $to en uso (antes $from); para volver a $from: install-hall.sh otra vez desde su fuente"
  exit 0
fi

# --- install or upgrade -----------------------------------------------------------------------

"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
  || fail "hace falta Python 3.11 o posterior ($python): apt-get install python3"
"$python" -c 'import venv, ensurepip' 2>/dev/null \
  || fail "a $python le falta venv: apt-get install python3-venv"
[ -f "$src/requirements/installer.lock" ] || fail "falta requirements/installer.lock en $src"
[ -f "$src/requirements/hall.lock" ] || fail "falta requirements/hall.lock en $src"
version="$("$python" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$src/pyproject.toml")"
case "$version" in ''|*/*|.*) fail "versión no válida en pyproject.toml: «$version»" ;; esac

if [ $live -eq 1 ] && [ $system_deps -eq 1 ]; then
  bash "$src/scripts/system-deps.sh" hall
fi

dest="$R$OPT/versions/$version"
final="$OPT/versions/$version"  # where it runs from, tree or not
if [ -f "$dest/.installed" ]; then
  say "la versión $version ya está instalada en $final"
else
  rm -rf "$dest"
  mkdir -p "$R$OPT/versions"
  say "versión $version en $final"
  uv="${UV:-}"  # uv of the caller's own, or the installer's, installed by pip from its lock
  if [ -z "$uv" ]; then
    uv="$R$OPT/installer/bin/uv"
    pinned="$(sed -n 's/^uv==\([^ ]*\).*/\1/p' "$src/requirements/installer.lock")"
    if [ "$("$uv" --version 2>/dev/null | cut -d' ' -f2)" != "$pinned" ]; then
      rm -rf "$R$OPT/installer"
      "$python" -m venv "$R$OPT/installer"
      "$R$OPT/installer/bin/python" -m pip install --quiet --disable-pip-version-check \
        --require-hashes --no-deps -r "$src/requirements/installer.lock"
    fi
  fi
  # made where it will run when it is this system; in a tree, made inside it and its
  # scripts' first lines then pointed at the final path. Compiled: the server may not write
  # into /opt, and would compile every module again at each start.
  "$python" -m venv --without-pip "$dest"
  "$uv" pip install --quiet --python "$dest/bin/python" --compile-bytecode \
    --require-hashes --no-deps -r "$src/requirements/hall.lock"
  build="$(mktemp -d)"
  trap 'rm -rf "$build"' EXIT
  tar -C "$src" --exclude=./.venv --exclude=./.git --exclude=./tests --exclude=./bench \
    --exclude=./build --exclude=./dist --exclude='*.egg-info' --exclude=__pycache__ \
    --exclude='*.sqlite*' -cf - . | tar -C "$build" -xf -
  "$uv" pip install --quiet --python "$dest/bin/python" --compile-bytecode --no-index \
    --no-deps --no-build-isolation "$build"
  mkdir -p "$dest/libexec" "$dest/share/bingo-hall"
  install -m 0755 "$src"/packaging/libexec/* "$dest/libexec/"
  cp -r "$src/packaging" "$dest/share/bingo-hall/"
  install -m 0755 "$src/scripts/install-hall.sh" "$dest/share/bingo-hall/install-hall.sh"
  install -m 0644 "$src/requirements/hall.lock" "$src/docs/install.md" "$dest/share/bingo-hall/"
  if [ $live -eq 0 ]; then
    for f in "$dest"/bin/*; do
      if [ -f "$f" ] && [ ! -L "$f" ] && [ "$(head -c 2 "$f")" = '#!' ]; then
        sed -i "1s|^#!$dest/|#!$final/|" "$f"
      fi
    done
    sed -i "s|$dest|$final|g" "$dest"/bin/activate*
  fi
  printf 'version=%s\ninstalled=%s\n' "$version" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$dest/.installed"
fi

# the hall's settings: written the first time only, the hall's own from then on
install -d -m 0755 "$R$ETC"
if [ ! -f "$R$ETC/hall.toml" ]; then
  # -I: the installed package's template, never the checkout's beside the current folder
  "$dest/bin/python" -I -c 'from app.config import default_hall_path; print(default_hall_path().read_text("utf-8"), end="")' >"$R$ETC/hall.toml"
  say "ajustes de la sala en $ETC/hall.toml: póngale su sala y sus dispositivos ([hall], [devices])"
fi
for f in environment kiosk.env backup.env; do
  [ -f "$R$ETC/$f" ] || install -m 0644 "$src/packaging/etc/$f" "$R$ETC/$f"
done

if [ $live -eq 1 ]; then
  if command -v systemd-sysusers >/dev/null; then
    systemd-sysusers /etc/sysusers.d/bingo-hall.conf
  else
    id -u bingo-hall >/dev/null 2>&1 || useradd --system --home-dir "$VAR" --shell /usr/sbin/nologin --groups dialout,audio bingo-hall
    id -u bingo-kiosk >/dev/null 2>&1 || useradd --system --home-dir /var/lib/bingo-hall-kiosk --shell /usr/sbin/nologin bingo-kiosk
  fi
fi
install -d -m 0750 "$R$VAR" "$R$VAR/backups" "$R$VAR/upgrades"
if [ $live -eq 1 ]; then chown -R bingo-hall:bingo-hall "$R$VAR"; fi

now="$(readlink "$R$OPT/current" 2>/dev/null || true)"
if [ "$now" = "versions/$version" ]; then
  system_files "$src"
  say "la versión $version ya es la que está en uso"
elif [ -z "$now" ]; then
  check_record "$dest" || fail "la versión $version no da por bueno el registro que ya hay"
  switch_to "$version"
  system_files "$src"
  if systemd_running; then
    systemctl daemon-reload
    systemctl enable bingo-hall.service bingo-hall-backup.timer
    systemctl start bingo-hall-backup.timer
    say "active las pantallas en este PC con: systemctl enable --now bingo-hall-kiosk.service"
    say "arranque el servidor cuando hall.toml tenga sus dispositivos: systemctl start bingo-hall"
  fi
  say "instalada la versión $version"
else
  from="$(basename "$now")"
  copy="$R$VAR/upgrades/$from-a-$version"
  say "actualización de $from a $version"
  stop_server
  rm -rf "$copy"
  mkdir -p "$copy"
  record_copy "$copy"
  record_events >"$copy/events"
  if ! check_record "$dest"; then
    record_restore "$copy"
    start_server
    fail "la versión $version no da por bueno el registro: se repone la copia de antes ($copy) y sigue en uso la $from"
  fi
  switch_to "$version"
  system_files "$src"
  start_server
  say "versión $version en uso (antes $from); para volver: $OPT/current/share/bingo-hall/install-hall.sh --rollback"
fi
