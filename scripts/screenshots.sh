#!/usr/bin/env bash
# Makes docs/screenshots/: every page kind of the sample shop at 390 px (phone) and 1280 px
# (desktop) wide, the first 1600 px of each page, as PNG (optimized with optipng when present).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f docs/screenshots/*.png
scripts/e2e-layout.sh --screenshots docs/screenshots
if command -v optipng >/dev/null; then optipng -quiet -o2 docs/screenshots/*.png; fi
du -sh docs/screenshots
