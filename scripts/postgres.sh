#!/usr/bin/env bash
# A local PostgreSQL for the store's @pytest.mark.postgres tests, on loopback only.
#
#   export BINGO_HALL_TEST_PG_URL="$(bash scripts/postgres.sh)"
#
# Installs the server with apt-get when missing (as root, or through sudo), starts it if it is
# not running, creates the test role and database, and prints the SQLAlchemy URL on stdout
# (progress goes to stderr). Idempotent: when everything is already there it only checks.
# Settings: BINGO_PG_PORT (5432), BINGO_PG_USER (bingo), BINGO_PG_PASSWORD (bingo),
# BINGO_PG_DB (bingo_test), BINGO_PG_LIBDIR (/usr/lib/postgresql, where the server versions live).
set -euo pipefail

port="${BINGO_PG_PORT:-5432}"
user="${BINGO_PG_USER:-bingo}"
password="${BINGO_PG_PASSWORD:-bingo}"
db="${BINGO_PG_DB:-bingo_test}"
host=127.0.0.1
libdir="${BINGO_PG_LIBDIR:-/usr/lib/postgresql}"
url="postgresql+psycopg://${user}:${password}@${host}:${port}/${db}"

# Only the URL may reach stdout: the caller captures it. Everything else (pg_ctl's own
# "Removed stale pid file.", apt, psql) goes to stderr through fd 1, the URL through fd 3.
exec 3>&1 1>&2

say() { echo "postgres.sh: $*" >&2; }
ready() { command -v pg_isready >/dev/null && pg_isready -q -h "$host" -p "$port"; }
can_login() {
  command -v psql >/dev/null &&
    PGPASSWORD="$password" PGCONNECT_TIMEOUT=3 psql -w -h "$host" -p "$port" -U "$user" -d "$db" \
      -tAc 'select 1' >/dev/null 2>&1
}

# Quick path: already installed, running and set up.
if ready && can_login; then
  echo "$url" >&3
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { say "hace falta root o sudo para instalar/arrancar PostgreSQL"; exit 1; }
  sudo="sudo"
fi
as_postgres() {
  if [ -n "$sudo" ]; then sudo -u postgres "$@"; else runuser -u postgres -- "$@"; fi
}

# 1. Install the server (Debian/Ubuntu packages) if missing.
if ! command -v pg_ctlcluster >/dev/null || [ -z "$(ls "$libdir"/*/bin/postgres 2>/dev/null)" ]; then
  command -v apt-get >/dev/null || { say "no hay apt-get: instale PostgreSQL a mano y vuelva a lanzar"; exit 1; }
  say "instalando PostgreSQL (apt-get)"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    postgresql postgresql-client >/dev/null 3>&-
fi
version="$(ls "$libdir" | sort -V | tail -n 1)"

# 2. A cluster listening on loopback at $port, started.
cluster="$(pg_lsclusters -h 2>/dev/null | awk -v v="$version" -v p="$port" '$1 == v && $3 == p {print $2; exit}')"
if [ -z "$cluster" ]; then
  cluster=main
  if pg_lsclusters -h 2>/dev/null | awk -v v="$version" '$1 == v && $2 == "main" {f=1} END {exit !f}'; then
    cluster=bingo
  fi
  say "creando el clúster $version/$cluster en el puerto $port"
  $sudo pg_createcluster "$version" "$cluster" --port "$port" -- --auth-local=peer --auth-host=scram-sha-256 >/dev/null
fi
if ! ready; then
  say "arrancando PostgreSQL $version/$cluster"
  # A machine image saved with the server running keeps its socket lock; postgres refuses to
  # start over a lock whose process is gone (pg_ctl already clears a stale postmaster.pid).
  sockdir="$(pg_conftool -s "$version" "$cluster" show unix_socket_directories 2>/dev/null || echo /var/run/postgresql)"
  sockdir="${sockdir%%,*}"
  lock="$sockdir/.s.PGSQL.$port.lock"
  if [ -f "$lock" ]; then
    pid="$(head -n 1 "$lock" 2>/dev/null || true)"
    # Dead means no such process or a zombie not yet reaped (kill -0 succeeds on those).
    if [ -n "$pid" ] && { [ ! -r "/proc/$pid/stat" ] || [ "$(awk '{print $3}' "/proc/$pid/stat")" = Z ]; }; then
      say "quitando el bloqueo abandonado $lock (proceso $pid terminado)"
      $sudo rm -f "$lock" "$sockdir/.s.PGSQL.$port"
    fi
  fi
  # 3>&- : the server must not inherit the URL pipe, or the caller waits for it forever.
  $sudo pg_ctlcluster "$version" "$cluster" start 3>&-
  for _ in $(seq 1 60); do ready && break; sleep 0.5; done
  ready || { say "PostgreSQL no responde en $host:$port"; exit 1; }
fi

# 3. The test role and database (the role owns the database, so tests may create schemas).
as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 -v user="$user" -v password="$password" -v db="$db" <<'SQL' >/dev/null
SELECT format('CREATE ROLE %I LOGIN', :'user')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
ALTER ROLE :"user" WITH LOGIN PASSWORD :'password';
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL

can_login || { say "no se puede entrar como $user en $db"; exit 1; }
echo "$url" >&3
