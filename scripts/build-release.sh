#!/usr/bin/env bash
# Builds the release `vitrine` as every script and benchmark runs it, and prints its path.
# The Swift runtime and Foundation are linked in (about 8 % less processor time in a build,
# BENCHMARKS.md, "seventh"); the C libraries stay shared. Build output goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product vitrine >&2
echo "$PWD/.build/release/vitrine"
