#!/usr/bin/env bash
# Minimizes every committed sample crash with `whittle minimize`, REPEATS times each (default 3),
# on a scratch copy of its directory, and prints one line per run: target, mode, original and
# minimized size, runs of the target, wall time of the whole `java -jar` command (JVM start
# included), and the dedup token. The source of the "Whittle" columns in docs/dev/benchmarks.md,
# section 7; Jazzer's own -minimize_crash=1 figures come from `jazzer.sh minimize`.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/minimize-samples.sh [REPEATS] [EXTRA WHITTLE OPTIONS...]
#
# e.g. `samples/scripts/minimize-samples.sh 3 --no-value-reduction` or `... 3 --jobs 2`;
# TARGETS="A B" picks other targets.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
jar=$root/jazzer-integration/target/whittle.jar
repeats=${1:-3}
shift || true
[[ -f $jar ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-24s %-22s %8s %8s %6s %9s  %s\n' target options original minimized runs wall token
for target in ${TARGETS:-ChunkedImageFuzzer RingBufferFuzzer AttachmentViewerFuzzer}; do
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
          f'{crash["runs"]:>6} {int(sys.argv[4]) / 1000:>8.2f}s  {crash["dedupToken"]}')
PY
  done
done
