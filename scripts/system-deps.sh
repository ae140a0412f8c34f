#!/usr/bin/env bash
# Debian packages the project needs beside PyPI, by what it is for:
#   run   (the default; `make run`): the shared libraries Qt loads, even offscreen, and fonts
#   test  (`make test`): run's, and the browser the web panels are tested in, the voice of the
#         ball calls and the tools that measure it, the PDF rasteriser the acta pages are looked
#         at with, and what checks the hall's installation (systemd-analyze, the desktop entry)
#   hall  (scripts/install-hall.sh): run's, and the Python, the screens' kiosk (cage and
#         chromium) and the voice of a hall's PC (docs/install.md)
# Installs only what is missing; needs root (or sudo) the first time on a fresh machine.
# Usage: system-deps.sh [run|test|hall] [--quiet]
set -euo pipefail
quiet=0
set_name=run
for arg in "$@"; do
  case "$arg" in
    --quiet) quiet=1 ;;
    run|test|hall) set_name="$arg" ;;
    *) echo "system-deps.sh: argumento desconocido: $arg (run, test o hall; --quiet)" >&2; exit 2 ;;
  esac
done
run=(libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 fonts-dejavu-core
     # the xcb platform plugin, for a real (or Xvfb) display
     libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
     libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1)
test=(chromium chromium-driver fonts-dejavu-extra  # web panels in a real browser
      espeak-ng sox                                # ball calls (R-DEV-3), measured by sox
      poppler-utils                                # pdftoppm: acta pages to PNG
      systemd desktop-file-utils)                  # systemd-analyze verify, desktop-file-validate
hall=(python3 python3-venv                         # the hall's environment (Python 3.11)
      cage chromium fonts-dejavu-extra             # the hall screens, in kiosk mode
      espeak-ng alsa-utils)                        # the ball calls, played by aplay
case "$set_name" in
  run) pkgs=("${run[@]}") ;;
  test) pkgs=("${run[@]}" "${test[@]}") ;;
  hall) pkgs=("${run[@]}" "${hall[@]}") ;;
esac
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && { [ $quiet -eq 1 ] || echo "system packages ($set_name): all present"; exit 0; }
if ! command -v apt-get >/dev/null; then
  echo "system packages missing (${missing[*]}) and no apt-get: install them with your package manager" >&2
  exit 0
fi
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "installing system packages ($set_name): ${missing[*]}" >&2
$sudo apt-get update -qq >/dev/null
log=$(mktemp)
if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$log" 2>&1; then
  tail -20 "$log" >&2; echo "system packages: apt-get install failed (${missing[*]})" >&2; rm -f "$log"; exit 1
fi
rm -f "$log"
