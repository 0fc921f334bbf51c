#!/usr/bin/env bash
# Builds the sample shop in Content/ into Output/ on a fresh Debian machine.
# Extra arguments go to `vitrine build`, e.g. scripts/build-sample.sh --clock 2026-12-01
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
"$(scripts/build-release.sh)" build --content Content --templates Templates --output Output "$@"
