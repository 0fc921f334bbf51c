#!/usr/bin/env bash
# Layout of every page kind of the sample shop in Chromium at 320, 390, 768, 1280 and 1440 px:
# nothing scrolls sideways, the phone header's Menu button opens the navigation, the bag's Remove
# stays on screen. Prints "layout: N passed, N failed"; exits non-zero on any failure.
# usage: scripts/e2e-layout.sh [--screenshots DIR]   (scripts/screenshots.sh makes docs/screenshots/)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver
python3 -c "import selenium" 2>/dev/null || pip install -q selenium
swift build --product vitrine >&2
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
.build/debug/vitrine build --content Content --templates Templates --output "$site/Output" --clock 2026-12-01T12:00:00Z --quiet
timeout 900 python3 scripts/e2e-layout.py --site "$site/Output" "$@"
