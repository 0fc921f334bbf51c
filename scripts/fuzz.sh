#!/usr/bin/env bash
# Fuzzes every reader of untrusted input with libFuzzer for a bounded time, starting from the
# seed corpora in Fuzz/Corpus/<target>/: the content readers (front-matter splitter, YAML and JSON
# with positions and their bounds, Markdown renderer) and the checkout's (cart body, cart path,
# promotion code, signed token, token payload). New inputs go to scratch folders, so the
# repository's corpora only grow by hand: a crash or hang found is fixed, and its input (written
# as crash-*/timeout-* in the working directory) added to the target's corpus and to a test.
# usage: scripts/fuzz.sh [SECONDS]   (default 60, shared among the targets; prints the total time)
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
start=$(date +%s)
# SwiftPM also tries to build the root package's plugin tool (ThemeEmbedder) with the fuzzer's flag,
# where its main clashes with libFuzzer's and gold reports an internal error; no fuzz target needs
# it (they depend on VitrineContent and VitrineCheckout, not on the theme), so the build goes on.
swift build --package-path "$root/Fuzz" -Xswiftc -sanitize=fuzzer >&2
built=$(( $(date +%s) - start ))
bin="$(swift build --package-path "$root/Fuzz" -Xswiftc -sanitize=fuzzer --show-bin-path)"
targets=(content checkout)
share=$(( seconds / ${#targets[@]} ))
for target in "${targets[@]}"; do
  scratch="$(mktemp -d)"
  # -timeout: any single input taking over 2 s is a hang; -rss_limit_mb: runaway memory is a failure.
  "$bin/fuzz-$target" "$scratch" "$root/Fuzz/Corpus/$target" \
    -max_total_time="$share" -timeout=2 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 >&2
  rm -rf "$scratch"
done
echo "fuzz: ${targets[*]} fuzzed ${share}s each; ${built}s to build, $(( $(date +%s) - start ))s in all"
