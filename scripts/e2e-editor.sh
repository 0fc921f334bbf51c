#!/usr/bin/env bash
# The catalog editor (`vitrine serve --edit`) driven in headless Chromium: add a product with a
# photo, see it in the live preview, change its price, break it, delete it; create a product with
# shades (option columns and variant rows made by the page's script, a refused save keeping its
# photo); a product's Korean name changed in its translation form and seen on the ko-kr page;
# axe-core on every editor page. Prints "editor: N passed, M failed"; exits non-zero on
# any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver
python3 -c "import selenium" 2>/dev/null || pip install -q selenium
python3 -c "import axe_playwright_python" 2>/dev/null || pip install -q --no-deps axe-playwright-python
swift build --product vitrine >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R Content "$work/Content"
cp -R Templates "$work/Templates"
timeout 900 python3 scripts/e2e-editor.py "$PWD/.build/debug/vitrine" "$work"
