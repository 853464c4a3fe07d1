#!/usr/bin/env bash
# A king-bucketed network in one call of a lent GPU machine (issue 32; tune/README.md, section 6):
# self-play on every core of that machine for a set time, the network trained on its GPU, then a
# short match of it against the shipped network at equal time, all on that machine.
#
# Here, with the engine built (npm run build:engine):
#   tune/device-train.sh pack
# writes .dev/node.xz (this machine's node: that machine has none) and .dev/build.tar.xz (the built
# engine and tools, without the debug files). Then there, in one call of the device tool's `run`
# (carry [".dev"], timeout_s 600):
#   tune/device-train.sh run [SELFPLAY_SECONDS] [NODES] [MATCH_SECONDS] [nnue_train.py options...]
# Self-play plays games at NODES a move (default 5000) with the shipped network for about
# SELFPLAY_SECONDS (default 330); the trainer trains on them (default H 256, 7 output buckets); the
# match plays the new network against the shipped one at 100 ms a move for about MATCH_SECONDS
# (default 150), one game a core. Everything lands in $OUT, in the 8 files the tool brings back at
# most: the network and its sidecar, the self-play progress file, the records compressed (when they
# fit), the match's PGN and summary, and one log of all three steps (log.txt). SELFPLAY_SEED (default 5) seeds the games: another seed, other games. PYTHON names the
# Python that has PyTorch (default python3, as on that machine; here /usr/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."

pack() {
  test -f build/tune-selfplay.js || { echo "build the engine first: npm run build:engine" >&2; exit 1; }
  mkdir -p .dev
  xz -T0 -6 -c "$(command -v node)" > .dev/node.xz
  tar -cJf .dev/build.tar.xz --exclude='*.wat' --exclude='engine.debug.wasm' --exclude='package-tsc' build
  du -h .dev/node.xz .dev/build.tar.xz
}

run() {
  local seconds=${1:-330} nodes=${2:-5000} match=${3:-150}
  shift $(($# < 3 ? $# : 3))
  local out=${OUT:-/tmp/device-train}
  mkdir -p "$out"
  local log=$out/log.txt
  if ! command -v node > /dev/null; then
    mkdir -p /tmp/node-bin
    xz -dc .dev/node.xz > /tmp/node-bin/node
    chmod +x /tmp/node-bin/node
    export PATH=/tmp/node-bin:$PATH
  fi
  test -f build/tune-selfplay.js || tar -xJf .dev/build.tar.xz
  local cores data=/tmp/device-selfplay.bin
  cores=$(nproc)
  echo "$(date -u +%T) self-play: $cores threads, $nodes nodes a move, about $seconds s"
  # SIGINT stops self-play after the games in play, so the file holds whole games only.
  timeout -s INT -k 120 "$seconds" node build/tune-selfplay.js --games 1000000 --nodes "$nodes" \
    --network nnue/xiangqi.nnue --threads "$cores" --seed "${SELFPLAY_SEED:-5}" --out "$data" \
    > /tmp/device-selfplay.log 2>&1 || true
  cat /tmp/device-selfplay.log >> "$log"
  tail -n 3 /tmp/device-selfplay.log
  cp "$data.json" "$out/selfplay.json"
  echo "$(date -u +%T) training on $(($(stat -c %s "$data") / 48)) positions"
  PYTHONUNBUFFERED=1 "${PYTHON:-python3}" tune/nnue_train.py --data "$data" --out "$out/kb.nnue" "$@" 2>&1 | tee -a "$log"
  echo "$(date -u +%T) match: the new network against the shipped one, 100 ms a move, about $match s"
  timeout -s INT -k 60 "$match" node build/bench-match.js --self --engine-option "EvalFile=$out/kb.nnue" \
    --movetime 100 --games 1000 --concurrency "$cores" --seed "${SELFPLAY_SEED:-5}" --records "$out" \
    > /tmp/device-match.log 2>&1 || true
  cat /tmp/device-match.log >> "$log"
  grep -A 3 "games finished\|^ours" /tmp/device-match.log || tail -n 5 /tmp/device-match.log
  # The records come back too when they fit (the tool brings back files of 16 MiB at most).
  xz -T0 -6 -c "$data" > "$out/selfplay.bin.xz"
  if [ "$(stat -c %s "$out/selfplay.bin.xz")" -gt $((16 * 1024 * 1024 - 4096)) ]; then rm "$out/selfplay.bin.xz"; fi
  ls -la "$out"
}

case "${1:-}" in
  pack) pack ;;
  run)
    shift
    run "$@"
    ;;
  *)
    echo "usage: tune/device-train.sh pack | run [SELFPLAY_SECONDS] [NODES] [MATCH_SECONDS] [nnue_train.py options...]" >&2
    exit 2
    ;;
esac
