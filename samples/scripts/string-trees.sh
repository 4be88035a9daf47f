#!/usr/bin/env bash
# string-trees.sh: what the tree step for String values of FuzzedDataProvider targets brings
# (docs/dev/benchmarks.md, section 21). Minimizes, on scratch copies, each crash file of
# samples/crashes/parsers/TARGET (real Jazzer findings of the byte[] target TARGET, e.g.
# XmlFuzzer) as the input of its FuzzedDataProvider form (XmlTextFuzzer: the same property behind
# consumeRemainingAsString()), once with WHITTLE_JAR (this build) and once with BASE_JAR (a build
# without the step), and prints the result's bytes and runs of each, then their
# totals and medians. The files are provider bytes here, not findings Jazzer made on the FDP form;
# one the FDP form does not crash on is reported and left out.
#
#   mvn -B -q -ntp package -DskipTests
#   samples/scripts/parser-fuzz.sh setup     # the parser jars, once
#   BASE_JAR=/path/to/whittle.jar samples/scripts/string-trees.sh TARGET [CRASH...]
set -euo pipefail
# shellcheck source=parser-bench/common.sh
source "$(dirname "$0")/parser-bench/common.sh"
jar=${WHITTLE_JAR:-$root/jazzer-integration/target/whittle.jar}
base=${BASE_JAR:?set BASE_JAR to a whittle.jar without the tree step for String values}
[[ -f $jar && -f $base ]] || { echo "build first: mvn -B -q -ntp package -DskipTests" >&2; exit 2; }
[[ -f $lib/json-smart-2.6.0.jar ]] || { echo "run samples/scripts/parser-fuzz.sh setup first" >&2; exit 2; }
parsers_jar
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
[[ $# -ge 1 ]] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
target=$1
shift
if [[ $# -eq 0 ]]; then
  set -- "$crashes/$target"/crash-????????????????????????????????????????
fi
export JAR=$jar BASE=$base SCRATCH=$scratch CP="$(parsers_cp):$classes"
export FDP_TARGET=dev.whittle.samples.parsers.${target%Fuzzer}TextFuzzer
python3 - "$@" <<'PY'
import json, os, shutil, statistics, subprocess, sys

def run(jar, crash, tag):
    work = os.path.join(os.environ["SCRATCH"], tag)
    os.makedirs(work, exist_ok=True)
    copy = os.path.join(work, os.path.basename(crash))
    shutil.copy(crash, copy)
    out = subprocess.run(
        ["java", "-XX:-OmitStackTraceInFastThrow", "-jar", jar, "minimize", "--json",
         "--cp", os.environ["CP"], "--target", os.environ["FDP_TARGET"],
         copy], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    shutil.rmtree(work)
    report = json.loads(out)["crashes"][0]
    return report.get("minimizedSize"), report.get("runs")

rows = []
print(f"{'crash':<16} {'bytes':>6} | {'with the step':>18} | {'without':>18}")
for crash in sys.argv[1:]:
    name = os.path.basename(crash)[:14]
    new = run(os.environ["JAR"], crash, "new")
    old = run(os.environ["BASE"], crash, "base")
    if new[0] is None or old[0] is None:
        print(f"{name:<16} {os.path.getsize(crash):>6} | no crash of the FDP target: {new} {old}")
        continue
    rows.append((new, old))
    mark = " SMALLER" if new[0] < old[0] else (" LARGER" if new[0] > old[0] else "")
    print(f"{name:<16} {os.path.getsize(crash):>6} | {new[0]:>5} B {new[1]:>6} runs | "
          f"{old[0]:>5} B {old[1]:>6} runs{mark}", flush=True)
if rows:
    for label, i in (("with the step", 0), ("without", 1)):
        sizes = [r[i][0] for r in rows]
        runs = [r[i][1] for r in rows]
        print(f"{label}: {len(rows)} crashes, {sum(sizes)} B and {sum(runs)} runs in all, "
              f"median {statistics.median(sizes)} B and {statistics.median(runs)} runs")
PY
