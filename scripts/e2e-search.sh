#!/usr/bin/env bash
# Browser test of search: builds the sample shop with a fixed clock into a temporary folder, serves
# it on 127.0.0.1 and drives the search page in headless Chromium (Debian chromium + chromium-driver,
# PyPI selenium). Prints "search-browser: N passed, M failed"; exits non-zero on any failure.
# The screenshot goes to .build/e2e-search/search.png (not committed).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver
python3 -c "import selenium" 2>/dev/null || pip install -q selenium
python3 -c "import yaml" 2>/dev/null || pip install -q pyyaml
swift build --product vitrine >&2
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
.build/debug/vitrine build --content Content --templates Templates --output "$site/Output" --clock 2026-12-01T12:00:00Z --quiet
timeout 240 python3 scripts/e2e-search.py --site "$site/Output" --content Content --screenshot .build/e2e-search/search.png
