#!/usr/bin/env bash
# The tests drive Debian's Chromium and cross-check against native Fairy-Stockfish; install
# whichever is missing (we are root on CI), or say exactly what to run.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/games/fairy-stockfish ] || need+=(fairy-stockfish)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${need[*]} for the tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "The tests need ${need[*]}. Install with: sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
