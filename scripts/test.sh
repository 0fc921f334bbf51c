#!/usr/bin/env bash
# Runs every test: the Swift test suite, then end-to-end checks on the built sample shop.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
# The end-to-end scripts build the sample shop many times: its photos are derived once for all.
export VITRINE_PICTURE_CACHE="$PWD/.build/picture-cache"
# libFuzzer over the content and checkout readers, a minute in all (prints its total time).
scripts/fuzz.sh 60
scripts/e2e-feeds.sh
scripts/e2e-html.sh
scripts/e2e-api.sh
scripts/e2e-search.sh
scripts/e2e-a11y.sh
scripts/e2e-layout.sh
scripts/e2e-checkout.sh
scripts/e2e-payment.sh
scripts/e2e-preview.sh
scripts/e2e-editor.sh
scripts/e2e-deploy.sh
scripts/e2e-s3.sh
