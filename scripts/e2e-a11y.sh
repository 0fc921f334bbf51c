#!/usr/bin/env bash
# Accessibility (axe-core in Chromium at desktop and phone widths) and structured data (extruct)
# of every page kind of the sample shop. Prints "a11y: N passed, M failed"; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver
python3 -c "import selenium" 2>/dev/null || pip install -q selenium
python3 -c "import extruct" 2>/dev/null || pip install -q extruct
# axe-core 4.x as axe.min.js; the package's own Python side needs Playwright, which this does not use.
python3 -c "import axe_playwright_python" 2>/dev/null || pip install -q --no-deps axe-playwright-python
swift build --product vitrine >&2
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
.build/debug/vitrine build --content Content --templates Templates --output "$site/Output" --clock 2026-12-01T12:00:00Z --quiet
timeout 600 python3 scripts/e2e-a11y.py --site "$site/Output"
