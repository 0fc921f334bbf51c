#!/usr/bin/env bash
# Runs every test: the Swift test suite, then end-to-end checks on the built sample shop.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
scripts/e2e-feeds.sh
scripts/e2e-html.sh
scripts/e2e-api.sh
scripts/e2e-search.sh
scripts/e2e-checkout.sh
scripts/e2e-preview.sh
