#!/usr/bin/env bash
# reduce-ratios.sh: issue 8 section 4's ratio for `whittle reduce` on Zeller's cases (the
# benchmarks of docs/dev/benchmarks.md section 2): the default (tree passes first on text, then
# entropy) against `--format bytes` (entropy alone, no passes) and `--format bytes --algorithm
# ddmin`, REPEAT times each (default 5, interleaved so that load hits them alike). Prints size,
# runs, and the medians of the wall and CPU time (user + system, children included: the
# test is a `grep` per call) of the whole `java -jar` command, then default / min(ddmin, entropy).
# The grep tests are section 2's. Granularity bytes, as the tree pipeline's final sweep.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/reduce-ratios.sh [ZELLER_DIR]     # default ../shared/bench-data/zeller
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
export ROOT=$root JAR=${WHITTLE_JAR:-$root/jazzer-integration/target/whittle.jar} REPEAT=${REPEAT:-5}
export ZELLER=${1:-$root/../shared/bench-data/zeller}
[[ -f $JAR ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
[[ -d $ZELLER ]] || { echo "no Zeller cases in $ZELLER" >&2; exit 2; }
python3 - <<'PY'
import json, os, resource, statistics, subprocess, tempfile, time

jar, zeller, repeat = os.environ["JAR"], os.environ["ZELLER"], int(os.environ["REPEAT"])
regex = open(os.path.join(zeller, "gcc-bug.regex")).read().strip()
cases = {
    "mozilla-select.html": ["grep", "-qz", "<SELECT[^>]*>"],
    "gcc-bug.c": ["grep", "-qzP", regex],
    "gcc-options.txt": ["grep", "-qx", "-e", "--fforce-addr"],
}
ways = {"default": [], "ddmin": ["--format", "bytes", "--algorithm", "ddmin"],
        "entropy": ["--format", "bytes"]}
print(f"{'case':22} | {'default':34} | {'ddmin, bytes':34} | {'entropy, bytes':34} | ratio calls, wall, cpu (median of {repeat})")
for case, test in cases.items():
    path = os.path.join(zeller, case)
    if not os.path.exists(path):
        continue
    figures = {w: [] for w in ways}
    for n in range(repeat):
        for way, options in ways.items():
            out = tempfile.mktemp()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.monotonic()
            result = subprocess.run(
                ["java", "-jar", jar, "reduce", "--json", "--granularity", "bytes", *options,
                 "--output", out, "--test", *test, path],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
            wall = time.monotonic() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            d = json.loads(result)
            figures[way].append((d["reducedSize"], d["runs"], wall, cpu))
            os.remove(out)
    med = {}
    for way, rows in figures.items():
        sizes = {r[0] for r in rows}; calls = {r[1] for r in rows}
        med[way] = (rows[0][0], rows[0][1], statistics.median(r[2] for r in rows),
                    statistics.median(r[3] for r in rows), len(sizes) > 1 or len(calls) > 1)
    best = min(("ddmin", "entropy"), key=lambda w: med[w][2])
    cell = lambda w: (f"{med[w][0]} B, {med[w][1]} calls, {med[w][2]:.2f} s, cpu {med[w][3]:.2f} s"
                      + (" VARIES" if med[w][4] else ""))
    baseline_calls = min(med["ddmin"][1], med["entropy"][1])
    baseline_cpu = min(med["ddmin"][3], med["entropy"][3])
    larger = med["default"][0] > min(med["ddmin"][0], med["entropy"][0])
    print(f"{case:22} | {cell('default'):34} | {cell('ddmin'):34} | {cell('entropy'):34} | "
          f"{med['default'][1] / baseline_calls:.2f}, {med['default'][2] / med[best][2]:.2f}, "
          f"{med['default'][3] / baseline_cpu:.2f}" + (" LARGER" if larger else ""))
PY
