#!/usr/bin/env bash
# Issue 20, section 4: `whittle reduce --jobs 2` beside `cvise --not-c -n 2` on the same text
# crashes with the same interestingness test, reduce-bench/interesting.sh: one fresh JVM per test
# (plain `java`, the fuzz target and its libraries on the class path), interesting when the run
# throws the same exception class with the same top in-library frame as the original. The tools run
# paired and interleaved, REPEAT times per crash (the order alternates per repeat), each on a copy
# in the work directory and cut at --cut seconds (SIGINT: both keep their best result so far). Each
# result is checked once more by the test; the crash files themselves are never modified (their
# SHA-1s are compared at the end).
#
#   samples/scripts/reduce-bench.sh [--cut SECONDS] [--tools "whittle cvise"] [--whittle JAR]
#                                   [--smoke] [CRASH...]
#   samples/scripts/reduce-bench.sh --table RESULTS.tsv LOAD_START LOAD_END CUT   # a past run's table
#
# CRASH: crash files under samples/ (default: the six of DEFAULT_CRASHES below). --cut: each
# tool's wall-time cut per run (default 900). --smoke: one small crash, Whittle only, cut 120 s,
# failing unless the result is smaller and still interesting; needs no C-Vise (for tests and CI).
# REPEAT (default 1): paired runs per crash. BENCH_WORK: the work directory (default
# target/reduce-bench/<UTC time>). REDUCE_BENCH_CP: the targets' class path (default: the samples'
# classes and runtime dependencies, from Maven; NO_BUILD=1 reuses the last one). C-Vise is
# installed with apt-get when missing (Debian's cvise) and runs in a Latin-1 locale, where every
# byte of a crash file decodes (docs/dev/benchmarks.md, section 18).
#
# Per run: the result's bytes, the wall time, the test runs (the test's invocations, counted; the
# checks of the original and, for Whittle, of its result included), "cut" where the cut stopped it,
# and ok/BAD from the final check. The 1-minute load average is printed at the start and the end.
# Output: a table on standard output and in WORK/results.md, one row per run in WORK/results.tsv.
# Needs jazzer-integration/target/whittle.jar (`mvn -B -ntp -pl jazzer-integration -am package
# -DskipTests`). Times count only on a quiet machine; sizes and runs count on any.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
interesting=$root/samples/scripts/reduce-bench/interesting.sh
# Held-out text crashes first (libraries no other sample was tuned on), then parser crashes for the
# formats the held-out data lacks; docs/reduce.md says why these six.
DEFAULT_CRASHES=(
  held-out/GsonFuzzer/crash-cf06ed9f0a3fb05cce7358aceaea23a5cf62a271
  held-out/GsonFuzzer/crash-4e6e1a6495e495496bb312ccfad187fe0f947a14
  held-out/NumberFuzzer/crash-8f615daf50944dd0173190a82d45621faa608537
  crashes/parsers/HtmlFuzzer/crash-3d4595142454fcb3792706e9346ff113ef1ed133
  crashes/parsers/RegexFuzzer/crash-e9458e551ee1ac53d748667e49fa2f5e696a8025
  crashes/parsers/YamlFuzzer/crash-369aec2290d7c9b57bbf9b76c028d325afd43a0c
)
SMOKE_CRASH=held-out/GsonFuzzer/crash-edd71d918d7932aee9b82301a1037c6b38af1b93

# The table of a results.tsv: RESULTS LOAD_START LOAD_END CUT.
table() {
python3 - "$@" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
tools = [t for t in ("whittle", "cvise") if any(r["tool"] == t for r in rows)]
names = {"whittle": "`whittle reduce --jobs 2`", "cvise": "`cvise --not-c -n 2`"}
def cell(rs):
    if not rs:
        return "-"
    med = lambda k: statistics.median(float(r[k]) for r in rs if r[k] != "-")
    notes = sorted({r["note"] for r in rs if r["note"]}) + sorted({r["check"] for r in rs if r["check"] != "ok"})
    sizes = "/".join(r["bytes"] for r in rs)
    return f"{sizes} B, {med('wall'):.1f} s, {med('runs'):.0f} runs" + (f" ({', '.join(notes)})" if notes else "")
print(f"load average (1 min): {sys.argv[2]} at start, {sys.argv[3]} at end; cut {sys.argv[4]} s per run; "
      "bytes of every repeat, median wall time and test runs\n")
print("| crash | original | " + " | ".join(names[t] for t in tools) + " |")
print("|---|---:|" + "---|" * len(tools))
for crash in dict.fromkeys(r["crash"] for r in rows):
    rs = [r for r in rows if r["crash"] == crash]
    print(f"| {crash} | {rs[0]['original']} B | " +
          " | ".join(cell([r for r in rs if r["tool"] == t]) for t in tools) + " |")
PY
}

usage() { sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
jar=$root/jazzer-integration/target/whittle.jar cut=900 tools="whittle cvise" smoke=0 crashes=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --cut) cut=${2:?}; shift 2 ;;
    --tools) tools=${2:?}; shift 2 ;;
    --whittle) jar=$(realpath "${2:?}"); shift 2 ;;
    --smoke) smoke=1; shift ;;
    --table) table "${2:?}" "${3:?}" "${4:?}" "${5:?}"; exit 0 ;;
    -*) usage ;;
    *) crashes+=("$(realpath --relative-to="$root/samples" "$1")"); shift ;;
  esac
done
repeat=${REPEAT:-1}
if ((smoke)); then
  tools=whittle cut=120 repeat=1
  ((${#crashes[@]})) || crashes=("$SMOKE_CRASH")
fi
((${#crashes[@]})) || crashes=("${DEFAULT_CRASHES[@]}")
[[ $cut =~ ^[1-9][0-9]*$ ]] || { echo "--cut must be a positive number of seconds: $cut" >&2; exit 2; }
[[ $repeat =~ ^[1-9][0-9]*$ ]] || { echo "REPEAT must be a positive integer: $repeat" >&2; exit 2; }
for tool in $tools; do
  [[ $tool == whittle || $tool == cvise ]] || { echo "unknown tool '$tool': whittle, cvise" >&2; exit 2; }
done
[[ -f $jar ]] || { echo "no whittle.jar at $jar: build it first" >&2; exit 2; }
for crash in "${crashes[@]}"; do
  [[ -f $root/samples/$crash ]] || { echo "no crash file samples/$crash" >&2; exit 2; }
done

if [[ " $tools " == *" cvise "* ]]; then
  if ! command -v cvise >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cvise >/dev/null
  fi
  if ! locale -a | grep -qi '^en_US\.iso88591$'; then
    localedef -i en_US -f ISO-8859-1 en_US.ISO-8859-1
  fi
fi

work=${BENCH_WORK:-$root/target/reduce-bench/$(date -u +%Y%m%dT%H%M%S)}
rm -rf "$work" && mkdir -p "$work/cases" "$work/runs"
work=$(realpath "$work")
lib=$root/target/reduce-bench-lib
mkdir -p "$lib"

# The targets' class path, jars only (a class-data archive takes no directories): the samples'
# classes packed into a jar, their runtime libraries without Whittle's modules, and Jazzer's jars
# for the FuzzedDataProvider targets (LibraryFrame hands them Jazzer's own native provider).
classpath() {
  local cp jar jars
  if [[ -n ${REDUCE_BENCH_CP:-} ]]; then
    IFS=: read -r -a jars <<<"$REDUCE_BENCH_CP"
  else
    [[ ${NO_BUILD:-0} == 1 && -f $root/samples/target/runtime-classpath.txt ]] ||
      (cd "$root" && mvn -B -q -ntp -pl samples -am compile dependency:build-classpath \
        -Dmdep.outputFile=target/runtime-classpath.txt -DincludeScope=runtime) >&2
    IFS=: read -r -a jars <"$root/samples/target/runtime-classpath.txt" || true
    jars=("$root/samples/target/classes" "${jars[@]}")
  fi
  cp=
  for jar in "${jars[@]}"; do
    case $jar in
      */whittle-samples-*.jar) cp=$cp:$jar ;;
      */whittle-*|*/target/test-classes|*/core/target/classes|*/jazzer-integration/target/*) ;;
      *.jar) cp=$cp:$jar ;;
      *) [[ -d $jar ]] && cp=$cp:$(directory_jar "$jar") ;;
    esac
  done
  if grep -qE 'held-out/(NumberFuzzer|BarcodeFuzzer)/' <<<"${crashes[*]}"; then
    local jazzer=$root/target/jazzer
    [[ -f $jazzer/jazzer-0.30.0.jar ]] || "$root/samples/scripts/jazzer.sh" setup >&2
    [[ -f $jazzer/jazzer_bootstrap.jar ]] || unzip -o -q -j "$jazzer/jazzer-0.30.0.jar" \
      com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar -d "$jazzer"
    cp=$cp:$jazzer/jazzer-0.30.0.jar:$jazzer/jazzer-api-0.30.0.jar:$jazzer/jazzer_bootstrap.jar
  fi
  echo "${cp#:}"
}

# A jar of a class directory, repacked when a class is newer (moved in place: a running JVM keeps
# reading the old one).
directory_jar() {
  local dir=$1 out
  out=$lib/$(echo "$dir" | cksum | cut -d' ' -f1).jar
  if [[ ! -f $out || -n $(find "$dir" -newer "$out" -print -quit) ]]; then
    jar cf "$out.tmp" -C "$dir" . && mv "$out.tmp" "$out"
  fi
  echo "$out"
}

target_of() {
  local dir
  dir=$(basename "$(dirname "$1")")
  case $1 in
    crashes/parsers/*) echo "dev.whittle.samples.parsers.$dir" ;;
    held-out/*) echo "dev.whittle.samples.heldout.$dir" ;;
    crashes/*) echo "dev.whittle.samples.$dir" ;;
  esac
}

load() { cut -d' ' -f1 /proc/loadavg; }

cp=$(classpath)
load_start=$(load)
echo "reduce-bench: tools '$tools', cut ${cut} s, REPEAT $repeat, load average at start $load_start, work $work" >&2
results=$work/results.tsv
printf 'crash\toriginal\trepeat\ttool\tbytes\twall\truns\tnote\tcheck\n' >"$results"
declare -A sha_before

# One case directory per crash: what interesting.sh reads, the original's finding included.
prepare() {
  local crash=$1 case=$2 jvm
  mkdir -p "$case"
  target_of "$crash" >"$case/target"
  jvm=$(awk -F'\t' -v t="$(basename "$(dirname "$crash")")" '$1 == t { print $2 }' \
    "$root/samples/held-out/jvm-args.tsv")
  echo "$jvm" >"$case/jvm"
  echo "$cp" >"$case/cp"
  # shellcheck disable=SC2086
  java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:ArchiveClassesAtExit="$case/classes.jsa" \
    -Xlog:disable -Xlog:all=off -XX:-OmitStackTraceInFastThrow $jvm -cp "$cp" \
    dev.whittle.samples.bench.LibraryFrame "$(cat "$case/target")" "$root/samples/$crash" \
    2>"$case/original.err" | grep -a -m1 '^library-frame: ' >"$case/expected" || true
  if ! grep -q '^library-frame: thrown ' "$case/expected" ||
    grep -q 'ClassNotFoundException\|NoClassDefFoundError' "$case/expected"; then
    echo "samples/$crash: its target does not throw on it ($(cat "$case/expected")); skipped" >&2
    tail -5 "$case/original.err" >&2
    return 1
  fi
  "$interesting" "$case" "$root/samples/$crash" ||
    { echo "samples/$crash: the test says no on the original; skipped" >&2; return 1; }
}

# Runs TOOL on a copy of the crash in DIR; appends the row to results.tsv.
run_tool() {
  local tool=$1 crash=$2 case=$3 dir=$4 rep=$5 name start status=0 wall bytes runs note='' ok=BAD
  name=$(basename "$crash")
  mkdir -p "$dir/input"
  cp "$root/samples/$crash" "$dir/input/$name"
  export REDUCE_BENCH_COUNTER=$dir/runs.txt
  : >"$REDUCE_BENCH_COUNTER"
  start=$(date +%s.%N)
  case $tool in
    whittle)
      timeout -s INT -k 10 "$cut" java -jar "$jar" reduce --jobs 2 --json --output "$dir/result" \
        "$dir/input/$name" -- "$interesting" "$case" >"$dir/stdout.txt" 2>"$dir/stderr.txt" \
        || status=$?
      result=$dir/result
      ;;
    cvise)
      printf '#!/bin/sh\nexec %q %q %q\n' "$interesting" "$case" "$name" >"$dir/test.sh"
      chmod +x "$dir/test.sh"
      (cd "$dir/input" && LC_ALL=en_US.ISO-8859-1 PYTHONUTF8=0 timeout -s INT -k 10 "$cut" \
        cvise --not-c -n 2 "$dir/test.sh" "$name" >"$dir/stdout.txt" 2>"$dir/stderr.txt") \
        || status=$?
      result=$dir/input/$name
      ;;
  esac
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  unset REDUCE_BENCH_COUNTER
  runs=$(wc -l <"$dir/runs.txt")
  awk -v w="$wall" -v c="$cut" 'BEGIN { exit !(w >= c) }' && note='cut'
  [[ -z $note && $status -ne 0 ]] && note="exit $status"
  bytes=-
  if [[ -f $result ]]; then
    bytes=$(stat -c %s "$result")
    "$interesting" "$case" "$result" && ok=ok
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%.1f\t%s\t%s\t%s\n' "$crash" "$(stat -c %s "$root/samples/$crash")" \
    "$rep" "$tool" "$bytes" "$wall" "$runs" "$note" "$ok" >>"$results"
  printf '%s %s #%s: %s B, %.1f s, %s runs %s %s\n' "$tool" "$crash" "$rep" "$bytes" "$wall" \
    "$runs" "$note" "$ok" >&2
}

for crash in "${crashes[@]}"; do
  sha_before[$crash]=$(sha1sum "$root/samples/$crash" | cut -d' ' -f1)
  case=$work/cases/$(basename "$(dirname "$crash")")-$(basename "$crash" | cut -c7-14)
  prepare "$crash" "$case" || continue
  for ((rep = 1; rep <= repeat; rep++)); do
    order=$tools
    ((rep % 2 == 0)) && order=$(tr ' ' '\n' <<<"$tools" | tac | tr '\n' ' ')
    for tool in $order; do
      run_tool "$tool" "$crash" "$case" "$work/runs/$(basename "$case")/$rep/$tool" "$rep"
    done
  done
done
load_end=$(load)

changed=0
for crash in "${crashes[@]}"; do
  if [[ $(sha1sum "$root/samples/$crash" | cut -d' ' -f1) != "${sha_before[$crash]}" ]]; then
    echo "samples/$crash WAS MODIFIED" >&2
    changed=1
  fi
done

table "$results" "$load_start" "$load_end" "$cut" | tee "$work/results.md"
echo "results: $results" >&2
bad=$(awk -F'\t' 'NR > 1 && $9 != "ok"' "$results" | wc -l)
if ((smoke)); then
  awk -F'\t' 'NR == 2 && $9 == "ok" && $5 < $2 { found = 1 } END { exit !found }' "$results" ||
    { echo "smoke: Whittle's result is missing, not smaller or not interesting" >&2; exit 1; }
fi
((changed == 0 && bad == 0))
