#!/usr/bin/env bash
# End-to-end checks of the JSON API, the JSON Schemas and the deals page on the sample shop:
# every API file against its published schema, the content against the content schemas, broken
# content refused by schema and validator alike, and the deals page in headless Chromium.
# Prints `api: N passed, M failed` last; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium chromium-driver
python3 -m pip install -q --disable-pip-version-check jsonschema pyyaml selenium
swift build --product vitrine >&2
python3 scripts/e2e-api.py --vitrine .build/debug/vitrine "$@"
