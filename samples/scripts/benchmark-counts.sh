#!/usr/bin/env bash
# The counted figures (runs or target runs, and result sizes; never times) of
# docs/dev/benchmarks.md sections 2, 7, 13, 15, 20 and 22, one TSV line each, so that two builds can be
# compared line by line: a redesign that keeps behaviour keeps every line. Sections 7, 13 and 15
# come from pipeline-ratios.sh (one repeat), 2 and 22 from the core benchmarks ZellerBenchmark and
# TreeZellerBenchmark, 20 from `whittle corpus` on the corpora of samples/corpora/targets.tsv with one
# job and no time limit per file (section 20's one second per file makes its figures depend on the
# machine's load; without it they depend on the code alone).
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/benchmark-counts.sh > after.tsv          # WHITTLE_JAR=... another build
#   diff before.tsv after.tsv                                 # no output: the same counts
#
# Takes about half an hour (ImageMetadataFuzzer's corpus without a time limit is most of it). Logs of the runs stay in target/benchmark-counts/.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
jar=${WHITTLE_JAR:-$root/jazzer-integration/target/whittle.jar}
zeller=${ZELLER_DATA:-$(cd "$root/.." && pwd)/shared/bench-data/zeller}
[[ -f $jar ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
[[ -d $zeller ]] || { echo "no Zeller data at $zeller (set ZELLER_DATA)" >&2; exit 2; }
logs=$root/target/benchmark-counts
mkdir -p "$logs"

core_benchmark() {
  (cd "$root" && mvn -B -q -ntp -pl core test-compile exec:java -Dexec.classpathScope=test \
    -Dexec.mainClass="dev.whittle.benchmarks.$1" -Dexec.args="--data $zeller") >"$logs/$1.txt" 2>&1
}

core_benchmark ZellerBenchmark
core_benchmark TreeZellerBenchmark
REPEAT=1 WHITTLE_JAR=$jar "$root/samples/scripts/pipeline-ratios.sh" >"$logs/pipeline.txt" 2>&1
source "$root/samples/scripts/corpus-classpath.sh"
cp=$(corpus_classpath "$root" 2>"$logs/classpath.txt")
: >"$logs/corpus.tsv"
grep -v '^#' "$root/samples/corpora/targets.tsv" | while IFS=$'\t' read -r name class _; do
  out=$logs/corpus-$name
  rm -rf "$out"
  java -jar "$jar" corpus --cp "$cp" --target "$class" --jobs 1 --max-time-per-file 1h \
    --output "$out" --json "$root/samples/corpora/$name" >"$out.json" 2>"$out.log" || true
  printf '%s\t%s\t%s\t%s\n' "$name" "$(ls "$out" | wc -l)" "$(cat "$out"/* | wc -c)" \
    "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["runs"])' "$out.json")" \
    >>"$logs/corpus.tsv"
done

python3 - "$logs" <<'PY'
import re, sys
logs = sys.argv[1]
def lines(name):
    return open(f"{logs}/{name}", encoding="utf-8", errors="replace").read().splitlines()
# Section 2: case, algorithm, calls, |result|
for l in lines("ZellerBenchmark.txt"):
    m = re.match(r"(\S+)\s+\d+ (?:chars|items)\s+(\S+)\s+(\d+)\s+(\d+)\s", l)
    if m:
        print(f"2\t{m[1]} {m[2]}\tcalls {m[3]}\tsize {m[4]}")
# Section 22: case, pipeline, calls, result
for l in lines("TreeZellerBenchmark.txt"):
    m = re.match(r"(\S+)\s+\d+\s+\S+\s+(.+?)\s{2,}(\d+)\s+(\d+)\s", l)
    if m:
        print(f"22\t{m[1]} {m[2]}\tcalls {m[3]}\tsize {m[4]}")
# Sections 7, 13, 15: target, way, size, runs
for l in lines("pipeline.txt"):
    parts = [p.strip() for p in l.split("|")]
    if len(parts) >= 4 and re.match(r"\S+\s+\d+$", parts[0]):
        target = parts[0].split()[0]
        for way, cell in zip(["default", "ddmin", "entropy"], parts[1:4]):
            m = re.match(r"(\d+) B, (\d+) runs", cell)
            if m:
                print(f"7/13/15\t{target} {way}\truns {m[2]}\tsize {m[1]}")
# Section 20: corpus, files, bytes and runs of whittle corpus
for l in lines("corpus.tsv"):
    name, files, size, runs = l.split("\t")
    print(f"20\t{name}\tfiles {files}\tbytes {size}\truns {runs}")
PY
