#!/usr/bin/env bash
# The counted figures (oracle calls or target runs, and result sizes; never times) of
# docs/benchmarks.md sections 2, 7, 13, 15, 20 and 22, one TSV line each, so that two builds can be
# compared line by line: a redesign that keeps behaviour keeps every line. Sections 7, 13 and 15
# come from pipeline-ratios.sh (one repeat), 20 from corpus-bench.sh (Jazzer's figures reused, no
# JaCoCo), 2 and 22 from the core benchmarks ZellerBenchmark and TreeZellerBenchmark.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/benchmark-counts.sh > after.tsv          # WHITTLE_JAR=... another build
#   diff before.tsv after.tsv                                 # no output: the same counts
#
# Takes about ten minutes. Logs of the runs stay in target/benchmark-counts/.
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
"$root/samples/scripts/corpus-bench.sh" --whittle "$jar" --reuse-jazzer --shrink-only --no-jacoco \
  >"$logs/corpus.txt" 2>&1

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
# Section 20: corpus, files, bytes of whittle corpus
for l in lines("corpus.txt"):
    cells = [c.strip() for c in l.strip().strip("|").split("|")]
    if len(cells) >= 4 and cells[1] == "whittle corpus":
        print(f"20\t{cells[0]}\tfiles {cells[2]}\tbytes {cells[3]}")
PY
