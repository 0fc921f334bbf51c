#!/usr/bin/env bash
# End-to-end check of `vitrine build --incremental` and `vitrine serve` with the real binary on a
# copy of the sample shop (see scripts/e2e-preview-check.py for what is checked). Ends with
# "preview: N passed, M failed" and exits non-zero when anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product vitrine >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R Content "$work/Content"
cp -R Templates "$work/Templates"
python3 scripts/e2e-preview-check.py "$PWD/.build/debug/vitrine" "$work"
