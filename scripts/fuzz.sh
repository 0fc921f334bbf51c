#!/usr/bin/env bash
# Fuzzes the content readers (front-matter splitter, YAML and JSON with positions and their bounds,
# Markdown renderer) with libFuzzer for a bounded time, starting from the seed corpus in
# Fuzz/Corpus/. New inputs go to a scratch folder, so the repository's corpus only grows by hand:
# a crash or hang found is fixed and its input (written as crash-*/timeout-* in the working
# directory) added to Fuzz/Corpus/content/ as a regression seed.
# usage: scripts/fuzz.sh [SECONDS]   (default 60; prints the total time at the end)
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
start=$(date +%s)
swift build --package-path "$root/Fuzz" -Xswiftc -sanitize=fuzzer >&2
binary="$(swift build --package-path "$root/Fuzz" -Xswiftc -sanitize=fuzzer --show-bin-path)/fuzz-content"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# -timeout: any single input taking over 2 s is a hang; -rss_limit_mb: runaway memory is a failure.
"$binary" "$scratch" "$root/Fuzz/Corpus/content" \
  -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 >&2
echo "fuzz: content readers ran ${seconds}s of fuzzing, $(( $(date +%s) - start ))s in all with the build"
