#!/usr/bin/env bash
# End-to-end check of the feeds with real clients: builds the sample shop with a fixed clock into
# a temporary folder, then has feedparser, jsonfeed-util and xmllint read every feed and sitemap
# (see scripts/e2e-feeds-check.py for what is expected). Ends with "feeds: N passed, M failed"
# and exits non-zero when anything failed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh libxml2-utils
if ! python3 -c "import feedparser, jsonfeed, yaml" 2>/dev/null; then
  python3 -m pip install -q --disable-pip-version-check feedparser jsonfeed-util PyYAML 2>&1 | grep -v "as the 'root' user" >&2 || true
fi
python3 -c "import feedparser, jsonfeed, yaml"
swift build --product vitrine >&2
site="$(mktemp -d)"
trap 'rm -rf "$site"' EXIT
clock=2026-12-01T12:00:00Z
.build/debug/vitrine build --content Content --templates Templates --output "$site/Output" --clock "$clock" --quiet
python3 scripts/e2e-feeds-check.py "$site/Output" Content "$clock"
