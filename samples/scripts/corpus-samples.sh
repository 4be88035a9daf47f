#!/usr/bin/env bash
# corpus-samples.sh: `whittle corpus` on a generated corpus of every sample (issue 11). Each corpus
# is the sample's seed, its crash files and 254 mutants of the seed (a prefix of random length with
# up to 3 random bytes changed, Python's random.Random(11)); each is minimized with --no-shrink and
# with shrinking, and the script prints files and bytes before and after, features, flaky features,
# crashers, runs and wall time from --json. The source of section 19 of docs/dev/benchmarks.md.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/corpus-samples.sh   # TARGETS="A B": other targets; OPTIONS="--jobs 2": more options
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
jar=${WHITTLE_JAR:-$root/jazzer-integration/target/whittle.jar}
[[ -f $jar ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
targets=${TARGETS:-"AttachmentViewerFuzzer ChunkedImageFuzzer NestedListFuzzer ResourcePackFuzzer RingBufferFuzzer TarArchiveFuzzer TileHeaderFuzzer ZipThemeFuzzer"}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-24s %-9s %6s %9s %6s %8s %8s %6s %5s %8s %7s\n' target mode files bytes files' ' bytes' ' features flaky crash runs seconds
for target in $targets; do
  corpus=$scratch/$target/corpus
  mkdir -p "$corpus"
  cp "$root/samples/seeds/$target/seed" "$corpus/seed"
  if [[ -d $root/samples/crashes/$target ]]; then
    cp "$root"/samples/crashes/$target/crash-* "$corpus"/
  fi
  python3 - "$corpus" <<'PY'
import random, sys, pathlib
corpus = pathlib.Path(sys.argv[1])
seed = (corpus / "seed").read_bytes()
r = random.Random(11)
for i in range(254):
    mutant = bytearray(seed[: 1 + r.randrange(len(seed))])
    for _ in range(r.randrange(4)):
        mutant[r.randrange(len(mutant))] = r.randrange(256)
    (corpus / f"mutant-{i:03}").write_bytes(bytes(mutant))
PY
  for mode in no-shrink shrink; do
    flags=()
    [[ $mode == no-shrink ]] && flags+=(--no-shrink)
    out=$scratch/$target/out-$mode
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    java -XX:-OmitStackTraceInFastThrow -jar "$jar" corpus --json "${flags[@]}" ${OPTIONS:-} \
      --cp "$root/samples/target/classes" --target "dev.whittle.samples.$target" \
      --output "$out" "$corpus" >"$out.json" 2>"$out.err" || true
    end=$(date +%s%N)
    python3 - "$out.json" "$target" "$mode" "$(( (end - start) / 1000000 ))" <<'PY'
import json, sys
try:
    j = json.load(open(sys.argv[1]))
except Exception:
    print(f"{sys.argv[2]:<24} {sys.argv[3]:<9} failed: see the .err file"); sys.exit()
ok = "" if j["coveragePreserved"] else " LOST"
print(f'{sys.argv[2]:<24} {sys.argv[3]:<9} {j["filesBefore"]:>6} {j["bytesBefore"]:>9,} {j["filesAfter"]:>6} {j["bytesAfter"]:>8,} {j["features"]:>8,}{ok} {j["flakyFeatures"]:>6} {len(j["crashers"]):>5} {j["runs"]:>8,} {int(sys.argv[4])/1000:>7.1f}')
PY
  done
done
