#!/usr/bin/env bash
# pipeline-ratios.sh: issue 8 section 4's ratio on every sample. For each sample crash, minimizes a
# scratch copy three ways (default; --algorithm ddmin --no-value-reduction; --no-value-reduction,
# i.e. entropy alone) and prints size, runs and wall time of the whole `java -jar` command, then
# default / min(ddmin, entropy) in runs and in wall time. BufferBoundaryFuzzer's crash (4,100
# bytes, no NUL or newline, fixed seed) is generated here. The source of section 15 of
# docs/benchmarks.md.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/pipeline-ratios.sh     # TARGETS="A B": other targets; WHITTLE_JAR=...: another build
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
jar=${WHITTLE_JAR:-$root/jazzer-integration/target/whittle.jar}
[[ -f $jar ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/BufferBoundaryFuzzer"
python3 -c '
import random, sys
r = random.Random(8)
sys.stdout.buffer.write(bytes(r.choice([b for b in range(1, 256) if b != 10]) for _ in range(4100)))
' >"$scratch/BufferBoundaryFuzzer/crash-boundary"

run() { # target label options... -> "size runs wall"
  local target=$1 label=$2
  shift 2
  local dir=$scratch/$target-$label
  mkdir -p "$dir"
  if [[ -d $root/samples/crashes/$target ]]; then
    cp "$root"/samples/crashes/$target/crash-* "$dir"/
  else
    cp "$scratch"/$target/crash-* "$dir"/
  fi
  local start end
  start=$(date +%s%N)
  java -XX:-OmitStackTraceInFastThrow -jar "$jar" minimize --json "$@" \
    --cp "$root/samples/target/classes" --target "dev.whittle.samples.$target" "$dir" \
    >"$dir.json" 2>/dev/null || true
  end=$(date +%s%N)
  python3 - "$dir.json" $(( (end - start) / 1000000 )) <<'PY'
import json, sys
crash = json.load(open(sys.argv[1]))["crashes"][0]
print(crash.get("minimizedSize"), crash.get("oracleCalls"), int(sys.argv[2]) / 1000)
PY
}

printf '%-24s %8s | %-20s | %-20s | %-20s | %s\n' target original default ddmin-no-values \
  entropy-no-values 'ratio runs, wall'
for target in ${TARGETS:-ChunkedImageFuzzer RingBufferFuzzer AttachmentViewerFuzzer ZipThemeFuzzer \
    TarArchiveFuzzer ResourcePackFuzzer BufferBoundaryFuzzer}; do
  read -r ds dr dw < <(run "$target" default)
  read -r ms mr mw < <(run "$target" ddmin --algorithm ddmin --no-value-reduction)
  read -r es er ew < <(run "$target" entropy --no-value-reduction)
  if [[ -d $root/samples/crashes/$target ]]; then
    original=$(stat -c %s "$root"/samples/crashes/$target/crash-*)
  else
    original=4100
  fi
  python3 - "$target" "$original" "$ds" "$dr" "$dw" "$ms" "$mr" "$mw" "$es" "$er" "$ew" <<'PY'
import sys
t, o, ds, dr, dw, ms, mr, mw, es, er, ew = sys.argv[1:]
cell = lambda s, r, w: f"{s} B, {r} runs, {float(w):.2f} s"
ratio_runs = int(dr) / min(int(mr), int(er))
ratio_wall = float(dw) / min(float(mw), float(ew))
print(f"{t:<24} {o:>8} | {cell(ds, dr, dw):<20} | {cell(ms, mr, mw):<20} | {cell(es, er, ew):<20} |"
      f" {ratio_runs:.2f}, {ratio_wall:.2f}")
PY
done
