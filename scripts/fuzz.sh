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
# The checkout's readers use the built-in theme's string tables, which the root package's build
# tool (ThemeEmbedder) embeds; a tool built with -sanitize=fuzzer has no main of its own (libFuzzer's
# replaces it). So every module, the tool included, is compiled with AddressSanitizer and the
# coverage libFuzzer reads (inline 8-bit counters, the PC table, comparisons), and only the
# harnesses link libFuzzer (Fuzz/Package.swift).
flags=(-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
swift build --package-path "$root/Fuzz" "${flags[@]}" >&2
built=$(( $(date +%s) - start ))
bin="$(swift build --package-path "$root/Fuzz" "${flags[@]}" --show-bin-path)"
targets=(content checkout)
share=$(( seconds / ${#targets[@]} ))
for target in "${targets[@]}"; do
  scratch="$(mktemp -d)"
  # -timeout: any single input taking over 2 s is a hang; -rss_limit_mb: runaway memory is a failure.
  # No leak check (-detect_leaks=0, and LeakSanitizer's own at exit): it counts what Swift allocates
  # once and keeps for the process (type metadata, a static's first value) as leaked.
  ASAN_OPTIONS=detect_leaks=0 "$bin/fuzz-$target" "$scratch" "$root/Fuzz/Corpus/$target" \
    -max_total_time="$share" -timeout=2 -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 -print_final_stats=1 >&2
  rm -rf "$scratch"
done
echo "fuzz: ${targets[*]} fuzzed ${share}s each; ${built}s to build, $(( $(date +%s) - start ))s in all"
