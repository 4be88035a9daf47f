#!/usr/bin/env bash
# minimize-samples.sh for the binary-format samples (ZIP, TAR-like, offset-indexed container):
# minimizes each committed crash with `whittle minimize`, REPEATS times (default 3), on a scratch
# copy, and prints target, options, original and minimized size, runs, wall time of the whole
# `java -jar` command and the dedup token. The source of the "Whittle" columns of the section
# "Binary formats" in docs/benchmarks.md; Jazzer's figures come from `jazzer.sh minimize`.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/minimize-binary-samples.sh [REPEATS] [EXTRA WHITTLE OPTIONS...]
#
# e.g. `... 1 --algorithm ddmin --no-value-reduction`; TARGETS="A B" picks other targets.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
jar=$root/jazzer-integration/target/whittle.jar
repeats=${1:-3}
shift || true
[[ -f $jar ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-24s %-22s %8s %8s %6s %9s  %s\n' target options original minimized runs wall token
for target in ${TARGETS:-ZipThemeFuzzer TarArchiveFuzzer ResourcePackFuzzer}; do
  for ((i = 1; i <= repeats; i++)); do
    dir=$scratch/$target-$i
    mkdir -p "$dir"
    cp "$root"/samples/crashes/$target/crash-* "$dir"/
    start=$(date +%s%N)
    java -XX:-OmitStackTraceInFastThrow -jar "$jar" minimize --json "$@" \
      --cp "$root/samples/target/classes" --target "dev.whittle.samples.$target" "$dir" \
      >"$dir.json" 2>/dev/null || true
    end=$(date +%s%N)
    python3 - "$dir.json" "$target" "${*:-default}" $(( (end - start) / 1000000 )) <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
crash = report["crashes"][0]
if "error" in crash:
    print(f'{sys.argv[2]:<24} {sys.argv[3]:<22} error: {crash["error"]["message"]}')
else:
    print(f'{sys.argv[2]:<24} {sys.argv[3]:<22} {crash["originalSize"]:>8} {crash["minimizedSize"]:>8} '
          f'{crash["oracleCalls"]:>6} {int(sys.argv[4]) / 1000:>8.2f}s  {crash["dedupToken"]}')
PY
  done
done
