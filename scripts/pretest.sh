#!/usr/bin/env bash
# `npm test`'s pretest: the lint, the build the tests run on, and the tools they drive (Chromium,
# Fairy-Stockfish), side by side: they share nothing, and one after another they kept a core idle.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run lint --silent &
lint=$!
bash scripts/ensure-tools.sh &
tools=$!
npm run build --silent
wait "$lint"
wait "$tools"
