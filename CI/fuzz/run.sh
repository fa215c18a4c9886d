#!/usr/bin/env bash
# Fuzzes eval's JSON-lines session, the corpus parser and the regression-file parser with
# libFuzzer, seeded with the golden corpus and some protocol lines.
#
#   bash CI/fuzz/run.sh [SECONDS]     (default 60)
#
# Crash files (crash-*, timeout-*) land in CI/fuzz/artifacts/. Not part of the CI gate: it
# takes minutes and a sanitizer build; run it before a release or after changing a parser.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
swift build -c release --sanitize=fuzzer --product zoomcheck-fuzz --scratch-path .build-fuzz
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cp ../../Corpus/golden/*.zc "$seeds/"
printf '%s\n' '{"id":1,"op":"project","lat":33.777328,"lon":-84.397348}' > "$seeds/project.jsonl"
printf '%s\n' '{"op":"span","impl":"seed","lat":0,"lon":0,"zoom":1e30,"width":320,"height":460}' > "$seeds/span.jsonl"
printf '%s\n' '{"op":"fit","points":[[10,179],[12,-179]]}' > "$seeds/fit.jsonl"
printf 'zoomcheck-regressions 1\nproperty p\ncase 0x0000000000000001 5 6\n' > "$seeds/p.regressions"
mkdir -p artifacts
SWIFT_BACKTRACE=enable=no ./.build-fuzz/release/zoomcheck-fuzz -max_total_time="$seconds" -artifact_prefix=artifacts/ -print_final_stats=1 "$seeds"
