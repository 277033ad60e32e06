#!/usr/bin/env bash
# Fuzzes dex's parsers with libFuzzer and AddressSanitizer (the runtime ships with the Swift
# toolchain). Usage: Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]
# The build goes to .build-fuzz so the normal build stays untouched and warning-free; the seed
# corpus is every line of scripts/*.dex; findings land in Fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
# The sanitizer flags come from Package.swift under DEX_FUZZ (not -Xswiftc, which would reach the
# case-table generator the build runs).
DEX_FUZZ=1 swift build --scratch-path .build-fuzz --product dex-fuzz
corpus=.build-fuzz/corpus
mkdir -p "$corpus" Fuzz/findings
n=0
for script in scripts/*.dex; do
  while IFS= read -r line; do
    n=$((n + 1))
    printf '%s' "$line" > "$corpus/seed-$n"
  done < "$script"
done
# Leak checks off (libFuzzer's per input, ASAN_OPTIONS's at exit): LeakSanitizer cannot follow
# Swift's weak-reference side tables, so the store the harness keeps for the whole run shows up
# as a 32-byte "leak" on the first input. Memory errors are still caught.
ASAN_OPTIONS=detect_leaks=0 .build-fuzz/debug/dex-fuzz "$corpus" -max_total_time="$seconds" -max_len=4096 -detect_leaks=0 -dict=Fuzz/dex.dict \
  -artifact_prefix=Fuzz/findings/ -print_final_stats=1 "$@"
