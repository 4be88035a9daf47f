#!/usr/bin/env bash
# Issue 20's crash-minimization benchmark: for every crash file of samples/crashes (the samples
# Whittle was developed on) and samples/held-out (real Jazzer findings in libraries no other sample
# uses), `whittle minimize` as a user runs it, plain ddmin under the same identity
# (`--algorithm ddmin --no-value-reduction`) and, optionally, Jazzer 0.30.0's own
# `-minimize_crash=1`, paired and interleaved REPEAT times (the order alternates per repeat; wall
# times are medians). Each result is then replayed in 3 fresh JVMs by a plain `java` command,
# dev.whittle.samples.bench.CrashReplay (no Whittle class, no agent), which must print what the
# original crash prints: the same root exception and top frame, or for a StackOverflowError the same
# recursion (the methods that repeat in its stack). AttachmentViewerFuzzer's finding comes from
# Jazzer's bug detector, so its replays run the real Jazzer driver instead.
#
#   samples/scripts/crash-bench.sh [--whittle JAR] [--only REGEX] [--no-jazzer | --reuse-jazzer]
#                                  [--jazzer-seconds N] [--record-jazzer] [--no-replay] [--no-ddmin]
#                                  [--reduce] [--reduce-only REGEX]
#   samples/scripts/crash-bench.sh --smoke [--whittle JAR]     # two small crashes, for tests and CI
#   samples/scripts/crash-bench.sh --check RESULTS.md [ROWS [REDUCED]]   # the smoke's check of a table
#
# REPEAT (environment, default 3): paired repetitions per crash. NO_BUILD=1: no mvn compile first.
# BENCH_WORK: the scratch directory instead of target/crash-bench (emptied first).
# CRASH_BENCH_CP: the targets' class path (default: the samples' classes and runtime dependencies,
#   from Maven); Whittle's own modules, Guava, JUnit and Jazzer's standalone jar are dropped from
#   it, and Jazzer's jars are taken from it when it has them (else from target/jazzer).
# --only REGEX: only the crash files whose path (relative to samples/) matches, e.g. 'held-out/'.
# --no-jazzer: skip Jazzer's -minimize_crash=1 (its columns read "-").
# --reuse-jazzer: do not run Jazzer; take its size and wall time from
#   samples/held-out/jazzer-minimize-figures.tsv (recorded with the date and load of that run; "-"
#   where it has no row) and mark them "(tsv)". The wall-time bar then compares Whittle's time now
#   with Jazzer's then.
# --record-jazzer: append each Jazzer figure this run measures to that TSV.
# --jazzer-seconds N: -max_total_time of each Jazzer minimization round (default 60).
# --no-replay: no fresh-JVM replays (their columns read "-"): sizes and runs only, for comparing
#   two builds quickly.
# --no-ddmin: no plain ddmin runs (its columns read "-"): for a second build of Whittle, whose
#   ddmin figures are the first build's when the change leaves ddmin alone.
# --reduce: also `whittle reduce --jobs 2` (default) and `whittle reduce --algorithm ddmin --jobs 2`
#   (plain ddmin under the same test) on every crash, paired with the others, each with
#   samples/scripts/crash-bench/replay-test.sh as its test: a fresh JVM per candidate that must print
#   what the original prints in the fresh-JVM replays (CrashReplay's line). Two more columns,
#   size/test runs/wall, their results replayed 3 times too, and the bar r<=d (reduce no larger than
#   reduce's ddmin). Not for AttachmentViewerFuzzer, whose replay needs Jazzer's driver.
# --reduce-only REGEX: --reduce on the crashes whose path matches only (the others' reduce columns
#   read "-").
# --smoke: held-out Gson edd71d91 and Number 33f32405 with REPEAT=1, no Jazzer, --reduce on the
#   Number crash only; then --check on its table with 2 rows, 1 reduced. Well under a minute.
# --check RESULTS.md [ROWS [REDUCED]]: exits 1, naming each fault, unless every row of the table is
#   well formed, Whittle's and ddmin's results (and reduce's, where it ran) replay 3/3 in fresh JVMs,
#   Whittle is no larger than ddmin and reduce no larger than its ddmin (judged from the sizes, and
#   the bar must agree), and the table has ROWS rows, REDUCED of them with reduce's results (when
#   given). Jazzer's columns and the time bar are not judged.
#
# Per row: crash, original size, Whittle size/runs/wall (median), ddmin size/runs/wall (median),
# Jazzer size/wall, fresh-JVM replays (Whittle's, ddmin's, Jazzer's result: passed of 3), the
# 1-minute load average when the row finished, and the bar: W<=D (no larger than ddmin), W<=J (no
# larger than Jazzer), T (wall <= max(Jazzer's wall / 100, 1 s)), R (3/3 fresh-JVM replays); "ok",
# "NO", or "-" where a figure is missing. A refusal or error shows as Whittle's exit code and
# message. The heap and stack limits of the resource findings (the same for every tool, the
# replays too) come from samples/held-out/jvm-args.tsv. JAR defaults to
# jazzer-integration/target/whittle.jar (`mvn -B -ntp -pl jazzer-integration -am package
# -DskipTests`). The table also goes to target/crash-bench/results.md, every run's output and log
# stays under target/crash-bench/. Times count only on a quiet machine (no other build running).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
# The smoke run's crashes: small held-out findings (byte[] and FuzzedDataProvider) that every tool
# shrinks in about a second; `reduce` runs on the second only, the cheaper.
SMOKE_CRASHES=(
  held-out/GsonFuzzer/crash-edd71d918d7932aee9b82301a1037c6b38af1b93
  held-out/NumberFuzzer/crash-33f32405731948878d4f54fe7a04064735b5a5d1
)
SMOKE_REDUCE=NumberFuzzer/crash-33f32405

usage() {  # the header comment above, up to its first non-comment line
  awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# The verdict of a results table (--check): RESULTS.md [ROWS [REDUCED]]; prints each fault.
check() {
  [[ -f $1 ]] || { echo "crash-bench check: no results table at $1" >&2; return 2; }
  [[ "${*:2}" =~ ^([0-9]+( [0-9]+)?)?$ ]] ||
    { echo "crash-bench check: ROWS and REDUCED must be counts: ${*:2}" >&2; return 2; }
python3 - "$@" <<'PY'
import re, sys

path = sys.argv[1]
want_rows = int(sys.argv[2]) if len(sys.argv) > 2 else None
want_reduced = int(sys.argv[3]) if len(sys.argv) > 3 else None
lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
faults = []
header = next((l for l in lines if l.startswith("| crash |")), None)
if header is None:
    print(f"crash-bench check: {path} has no table header ('| crash | ...')", file=sys.stderr)
    sys.exit(f"crash-bench check: FAILED, no table in {path}")
reducing = "| reduce size/runs/wall |" in header
width = 10 if reducing else 8
SIZE = re.compile(r"(\d+) / (\d+|-) / \d+\.\d\d s")
REPLAY = r"(\d/3|-|orig\?)"
BAR = r"(ok|NO|-)"
rows = [l for l in lines if l.startswith("| ") and not l.startswith("| crash |")]
reduced = 0
for row in rows:
    cells = [c.strip() for c in row.strip().strip("|").split("|")]
    name = cells[0] if cells else row
    def fault(what):
        faults.append(f"{name}: {what}")
    if len(cells) != width:
        fault(f"{len(cells)} cells where the header has {width}: {row}")
        continue
    crash, orig, whittle, ddmin = cells[:4]
    replays, load, bars = cells[-3:]
    if not re.fullmatch(r"(crashes|held-out)/\S+/crash-[0-9a-f]+", crash):
        fault(f"not a crash file of samples/: {crash}")
    if not re.fullmatch(r"\d+", orig):
        fault(f"original size is not a number: {orig}")
        continue
    if not re.fullmatch(r"\d+(\.\d+)?", load):
        fault(f"load average is not a number: {load}")
    n_replays = 5 if reducing else 3
    m_replays = re.fullmatch(" ".join([REPLAY] * n_replays), replays)
    n_bars = 5 if reducing else 4
    m_bars = re.fullmatch(" ".join([BAR] * n_bars), bars)
    if not m_replays:
        fault(f"fresh-JVM cell is not {n_replays} of N/3, '-' or 'orig?': {replays}")
    if not m_bars:
        fault(f"bar cell is not {n_bars} of ok, NO or '-': {bars}")
    if not (m_replays and m_bars):
        continue
    pairs = [("Whittle", whittle, m_replays[1], "ddmin", ddmin, m_replays[2], m_bars[1])]
    if reducing:
        r, rd = cells[5], cells[6]
        if r == "-" and rd == "-":
            if m_replays[4] != "-" or m_replays[5] != "-" or m_bars[5] != "-":
                fault(f"reduce did not run but its replays or bar read {replays} / {bars}")
        else:
            reduced += 1
            pairs.append(("reduce", r, m_replays[4], "reduce's ddmin", rd, m_replays[5], m_bars[5]))
    for small, small_cell, small_replay, large, large_cell, large_replay, bar in pairs:
        sizes = []
        for tool, cell, replay in ((small, small_cell, small_replay), (large, large_cell, large_replay)):
            m = SIZE.fullmatch(cell)
            if not m:
                fault(f"{tool} has no result: {cell}")
                continue
            sizes.append(int(m[1]))
            if int(m[1]) > int(orig):
                fault(f"{tool}'s result ({m[1]} B) is larger than the original ({orig} B)")
            if replay != "3/3":
                fault(f"{tool}'s result replays {replay} in fresh JVMs, not 3/3")
        if len(sizes) == 2:
            if sizes[0] > sizes[1]:
                fault(f"{small} ({sizes[0]} B) is larger than {large} ({sizes[1]} B)")
            if bar != ("ok" if sizes[0] <= sizes[1] else "NO"):
                fault(f"the bar {small}<={large} reads '{bar}' for {sizes[0]} B against {sizes[1]} B")
    if m_bars[4] != "ok":
        fault(f"the replay bar R reads '{m_bars[4]}' where Whittle's result replays {m_replays[1]}")
if not rows:
    faults.append("the table has no rows")
if want_rows is not None and len(rows) != want_rows:
    faults.append(f"the table has {len(rows)} rows, not {want_rows}")
if want_reduced is not None and reduced != want_reduced:
    faults.append(f"{reduced} rows have reduce's results, not {want_reduced}")
for f in faults:
    print(f"crash-bench check: {f}", file=sys.stderr)
if faults:
    sys.exit(f"crash-bench check: FAILED, {len(faults)} faults in {path}")
print(f"crash-bench check: passed: {len(rows)} rows ({reduced} with reduce), every result replays 3/3"
      " in fresh JVMs, Whittle no larger than ddmin")
PY
}

whittle_jar=$root/jazzer-integration/target/whittle.jar
only='' reduce_only='' jazzer_mode=run jazzer_seconds=60 record=0 replay=1 ddmin=1 reduce=0 smoke=0
repeat=${REPEAT:-3}
while [[ $# -gt 0 ]]; do
  case $1 in
    --whittle) whittle_jar=$(realpath "${2:?}"); shift 2 ;;
    --only) only=${2:?}; shift 2 ;;
    --no-jazzer) jazzer_mode=skip; shift ;;
    --reuse-jazzer) jazzer_mode=reuse; shift ;;
    --record-jazzer) record=1; shift ;;
    --jazzer-seconds) jazzer_seconds=${2:?}; shift 2 ;;
    --no-replay) replay=0; shift ;;
    --no-ddmin) ddmin=0; shift ;;
    --reduce) reduce=1; shift ;;
    --reduce-only) reduce=1 reduce_only=${2:?}; shift 2 ;;
    --smoke) smoke=1; shift ;;
    --check) shift; [[ $# -ge 1 && $# -le 3 ]] || usage; check "$@"; exit ;;
    *) usage ;;
  esac
done
if ((smoke)); then
  # Only --whittle goes with it: anything else would make it another run than the one CI checks.
  [[ -z $only && $jazzer_mode == run && $record == 0 && $replay == 1 && $ddmin == 1 && $reduce == 0 ]] ||
    { echo "--smoke takes no other option than --whittle" >&2; exit 2; }
  only="^($(IFS='|'; echo "${SMOKE_CRASHES[*]}"))\$" jazzer_mode=skip repeat=1 reduce=1
  reduce_only=$SMOKE_REDUCE
fi
[[ -f $whittle_jar ]] || { echo "no whittle.jar at $whittle_jar: build it first" >&2; exit 2; }
[[ $repeat =~ ^[1-9][0-9]*$ ]] || { echo "REPEAT must be a positive integer: $repeat" >&2; exit 2; }

# The targets' class path, one entry a line: CRASH_BENCH_CP's, or the samples' classes and their
# runtime libraries from Maven (NO_BUILD=1: the last compile's).
target_entries() {
  local entries=()
  if [[ -n ${CRASH_BENCH_CP:-} ]]; then
    IFS=: read -r -a entries <<<"$CRASH_BENCH_CP"
  else
    [[ ${NO_BUILD:-0} == 1 && -f $root/samples/target/runtime-classpath.txt ]] ||
      (cd "$root" && mvn -B -q -ntp -pl samples -am compile dependency:build-classpath \
        -Dmdep.outputFile=target/runtime-classpath.txt -DincludeScope=runtime) >&2
    IFS=: read -r -a entries <"$root/samples/target/runtime-classpath.txt" || true  # no final newline
    entries=("$root/samples/target/classes" "${entries[@]}")
  fi
  printf '%s\n' "${entries[@]}"
}

# The targets' class path: the samples' classes and the libraries under them, not Whittle's
# modules, Guava or ANTLR (whittle.jar brings its own), nor a test class path's JUnit and Jazzer
# (Jazzer's jars are added where a tool needs them: whittle.jar bundles its own).
cp='' lib=$root/target/jazzer jazzer_jar=$lib/jazzer-0.30.0.jar jazzer_api=$lib/jazzer-api-0.30.0.jar
mapfile -t jars < <(target_entries)
for jar in "${jars[@]}"; do
  case $jar in
    */jazzer-0.30.0.jar) jazzer_jar=$jar ;;
    */jazzer-api-0.30.0.jar) jazzer_api=$jar cp=$cp:$jar ;;
    */whittle-samples-*.jar) cp=$cp:$jar ;;
    */whittle-*|*/guava-*|*/failureaccess-*|*/listenablefuture-*|*/jsr305-*|*/checker-qual-*|\
    */error_prone_annotations-*|*/j2objc-annotations-*|*/apiguardian-api-*|*/antlr*|*/ST4-*|\
    */target/test-classes|*/core/target/*|*/jazzer-integration/target/*|*/junit-extension/target/*|\
    */junit-*|*/opentest4j-*|*/jazzer-*) ;;
    *) cp=$cp:$jar ;;
  esac
done
cp=${cp#:}
if [[ ! -f $jazzer_jar || ! -f $jazzer_api ]]; then
  "$root/samples/scripts/jazzer.sh" setup >&2
  jazzer_jar=$lib/jazzer-0.30.0.jar jazzer_api=$lib/jazzer-api-0.30.0.jar
fi
# Jazzer's native FuzzedDataProvider, which CrashReplay hands FuzzedDataProvider targets, needs the
# bootstrap jar nested in Jazzer's jar on the class path (unpacked aside, then moved in place).
if [[ ! -f $lib/jazzer_bootstrap.jar ]]; then
  mkdir -p "$lib"
  unzip -o -q -j "$jazzer_jar" com/code_intelligence/jazzer/runtime/jazzer_bootstrap.jar -d "$lib/tmp.$$"
  mv "$lib/tmp.$$/jazzer_bootstrap.jar" "$lib/" && rmdir "$lib/tmp.$$"
fi
jazzer_cp=$jazzer_jar:$jazzer_api:$cp
replay_cp=$jazzer_cp:$lib/jazzer_bootstrap.jar
figures=$root/samples/held-out/jazzer-minimize-figures.tsv
work=${BENCH_WORK:-$root/target/crash-bench}
rm -rf "$work" && mkdir -p "$work"

# The fully qualified target class of a crash file, from its directory.
target_of() {
  local rel=$1 dir
  dir=$(basename "$(dirname "$rel")")
  case $rel in
    crashes/parsers/*) echo "dev.whittle.samples.parsers.$dir" ;;
    crashes/*) echo "dev.whittle.samples.$dir" ;;
    held-out/*) echo "dev.whittle.samples.heldout.$dir" ;;
  esac
}

# The JVM options (heap, stack) a target's crashes are minimized and replayed with.
jvm_args_of() {
  awk -F'\t' -v t="$1" '$1 == t { print $2 }' "$root/samples/held-out/jvm-args.tsv"
}

# What one plain replay of FILE prints (CrashReplay's line, or Jazzer's exception and top frame).
replay_once() {
  local target=$1 file=$2 dir
  if [[ $target == *.AttachmentViewerFuzzer ]]; then
    dir=$(mktemp -d "$work/replay.XXXXXX")
    cp "$file" "$dir/input"
    (cd "$dir" && { java -XX:-OmitStackTraceInFastThrow "${limits[@]}" -cp "$jazzer_cp" \
      com.code_intelligence.jazzer.Jazzer --target_class="$target" input >log.txt 2>&1 || true; })
    {
      grep -a -m1 '^== Java Exception:' "$dir/log.txt" | sed 's/^== Java Exception: \([^: ]*\).*/thrown \1/'
      grep -a -m1 -P '^\tat ' "$dir/log.txt" | sed 's/^\tat / at /'
    } | tr -d '\n' || true
    rm -rf "$dir"
  else
    timeout 120 java -XX:-OmitStackTraceInFastThrow "${limits[@]}" -cp "$replay_cp" \
      dev.whittle.samples.bench.CrashReplay "$target" "$file" 2>/dev/null \
      | grep -a -m1 '^crash-replay: ' | sed 's/^crash-replay: //' || true
  fi
}

# "N/3": how many of 3 fresh JVMs replay FILE as the original does ("-" without a file,
# "orig?" when the original itself gives no finding in a plain replay).
replay3() {
  local target=$1 file=$2 expected=$3 ok=0
  [[ $replay == 1 && -n $file && -f $file ]] || { echo "-"; return; }
  [[ $expected == thrown* ]] || { echo "orig?"; return; }
  for _ in 1 2 3; do
    [[ $(replay_once "$target" "$file") == "$expected" ]] && ok=$((ok + 1))
  done
  echo "$ok/3"
}

json_field() {  # json_field NAME FILE: the first value of "NAME" in a --json report
  { grep -a -o "\"$1\":\(\"[^\"]*\"\|[0-9.]*\|true\|false\)" "$2" | head -1 | cut -d: -f2- \
    | tr -d '"'; } || true
}

now() { date +%s.%N; }

# One `whittle minimize` run: VARIANT (whittle|ddmin) REP; sets size/runs/wall/file/status.
run_whittle() {
  local variant=$1 rep=$2 dir start extra=()
  dir=$work/runs/$id/$variant-$rep
  mkdir -p "$dir"
  cp "$crash" "$dir/"
  [[ $variant == ddmin ]] && extra=(--algorithm ddmin --no-value-reduction)
  start=$(now)
  status=0
  (cd "$dir" && java -XX:-OmitStackTraceInFastThrow "${limits[@]}" -jar "$whittle_jar" minimize \
    --cp "$cp" --target "$target" --json "${extra[@]}" "$dir/$(basename "$crash")" \
    >report.json 2>stderr.txt) || status=$?
  wall=$(echo "$(now) - $start" | bc)
  size=$(json_field minimizedSize "$dir/report.json")
  runs=$(json_field runs "$dir/report.json")
  file=$(json_field minimizedFile "$dir/report.json")
  [[ -n $size && $status == 0 ]] || size="exit $status"
  echo "$status" >"$dir/status"
}

# One `whittle reduce` run with replay-test.sh: VARIANT (reduce|rddmin) REP; sets
# size/runs/wall/file/status like run_whittle (runs: the test's invocations, the checks included).
run_reduce() {
  local variant=$1 rep=$2 dir case start extra=()
  dir=$work/runs/$id/$variant-$rep case=$work/runs/$id/case
  mkdir -p "$dir" "$case"
  if [[ ! -f $case/expected ]]; then
    echo "$target" >"$case/target"
    echo "${limits[*]}" >"$case/jvm"
    echo "$replay_cp" >"$case/cp"
    echo "$expected" >"$case/expected"
  fi
  cp "$crash" "$dir/"
  [[ $variant == rddmin ]] && extra=(--algorithm ddmin)
  : >"$dir/runs.txt"
  start=$(now)
  status=0
  (cd "$dir" && REPLAY_TEST_COUNTER=$dir/runs.txt java -jar "$whittle_jar" reduce --jobs 2 --json \
    "${extra[@]}" --output "$dir/result" "$dir/$(basename "$crash")" -- \
    "$root/samples/scripts/crash-bench/replay-test.sh" "$case" >report.json 2>stderr.txt) \
    || status=$?
  wall=$(echo "$(now) - $start" | bc)
  runs=$(wc -l <"$dir/runs.txt")
  file=
  size="exit $status"
  if [[ $status == 0 && -f $dir/result ]]; then
    file=$dir/result size=$(stat -c %s "$file")
  fi
}

# One Jazzer -minimize_crash=1 run; sets jsize/jwall/jfile.
run_jazzer() {
  local rep=$1 dir start final
  dir=$work/runs/$id/jazzer-$rep
  mkdir -p "$dir/run"
  cp "$crash" "$dir/run/input"
  start=$(now)
  (cd "$dir/run" && { java -XX:-OmitStackTraceInFastThrow "${limits[@]}" -cp "$jazzer_cp" \
    com.code_intelligence.jazzer.Jazzer --target_class="$target" -minimize_crash=1 \
    -max_total_time="$jazzer_seconds" input >../log.txt 2>&1 || true; })
  jwall=$(echo "$(now) - $start" | bc)
  # The result is the input of the last round: the one it failed to shrink, or the one at which
  # the dedup token changed.
  final=$(grep -a -o "failed to minimize beyond [^ ]*" "$dir/log.txt" | tail -1 | awk '{print $5}' || true)
  if [[ -z $final ]]; then
    final=$(grep -a -o "minimizing crash input: '[^']*'" "$dir/log.txt" | tail -1 | cut -d"'" -f2 || true)
  fi
  jfile=$dir/run/${final#./}
  if [[ -n $final && -f $jfile ]]; then
    jsize=$(stat -c %s "$jfile")
  else
    jsize="none" jfile=''
  fi
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

bar() {  # bar OK-CONDITION-RESULT: ok / NO / -
  case $1 in 1) echo ok ;; 0) echo NO ;; *) echo - ;; esac
}
le() {  # le A B: 1 if A <= B (numbers), 0 if not, - if either is not a number
  [[ $1 =~ ^[0-9.]+$ && $2 =~ ^[0-9.]+$ ]] || { echo -; return; }
  awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b) ? 1 : 0 }'
}

mapfile -t crashes < <(cd "$root/samples" && find held-out crashes -type f -name 'crash-*' \
  ! -name '*.signature' ! -name '*.java' | sort -r | { grep -E "${only:-.}" || true; })
[[ ${#crashes[@]} -gt 0 ]] || { echo "no crash file matches ${only:-anything}" >&2; exit 2; }

{
  echo "# crash-bench: $(git -C "$root" rev-parse --short HEAD) $(java -version 2>&1 | head -1)," \
    "$(nproc) cores, REPEAT=$repeat, Jazzer: $jazzer_mode, load at start $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  if [[ $reduce == 1 ]]; then
    echo "| crash | orig | Whittle size/runs/wall | ddmin size/runs/wall | Jazzer size/wall | reduce size/runs/wall | reduce ddmin size/runs/wall | fresh JVM W/D/J/r/rd | load | bar W<=D W<=J T R r<=d |"
    echo "|---|---:|---|---|---|---|---|---|---|---|"
  else
    echo "| crash | orig | Whittle size/runs/wall | ddmin size/runs/wall | Jazzer size/wall | fresh JVM W/D/J | load | bar W<=D W<=J T R |"
    echo "|---|---:|---|---|---|---|---|---|"
  fi
} | tee "$work/results.md"

for rel in "${crashes[@]}"; do
  crash=$root/samples/$rel
  target=$(target_of "$rel")
  read -r -a limits <<<"$(jvm_args_of "${target##*.}")"
  id=$(echo "$rel" | tr '/' '_')
  original=$(stat -c %s "$crash")
  expected=-
  [[ $replay == 1 || $reduce == 1 ]] && expected=$(replay_once "$target" "$crash")
  declare -A sizes=() runs_of=() files=()
  jwalls=() wwalls=() dwalls=() rwalls=() rdwalls=() jsize=- jfile='' jwall=-
  reducing=$reduce
  [[ $target == *.AttachmentViewerFuzzer || $expected != thrown* ]] && reducing=0
  [[ -z $reduce_only ]] || grep -q -E "$reduce_only" <<<"$rel" || reducing=0
  for rep in $(seq 1 "$repeat"); do
    order=(whittle ddmin jazzer)
    [[ $reducing == 1 ]] && order+=(reduce rddmin)
    ((rep % 2 == 0)) && mapfile -t order < <(printf '%s\n' "${order[@]}" | tac)
    for tool in "${order[@]}"; do
      case $tool in
        whittle | ddmin)
          if [[ $tool == ddmin && $ddmin == 0 ]]; then
            sizes[ddmin]=- runs_of[ddmin]=- files[ddmin]='' dwalls+=(0)
            continue
          fi
          run_whittle "$tool" "$rep"
          sizes[$tool]=$size runs_of[$tool]=${runs:--} files[$tool]=$file
          if [[ $tool == whittle ]]; then wwalls+=("$wall"); else dwalls+=("$wall"); fi
          ;;
        reduce | rddmin)
          run_reduce "$tool" "$rep"
          sizes[$tool]=$size runs_of[$tool]=$runs files[$tool]=$file
          if [[ $tool == reduce ]]; then rwalls+=("$wall"); else rdwalls+=("$wall"); fi
          ;;
        jazzer)
          if [[ $jazzer_mode == run ]]; then
            run_jazzer "$rep"
            jwalls+=("$jwall")
          fi
          ;;
      esac
    done
  done
  jsrc=
  if [[ $jazzer_mode == run ]]; then
    jwall=$(printf '%s\n' "${jwalls[@]}" | median)
    if [[ $record == 1 ]]; then
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$rel" "$original" "$jsize" "$jwall" "$(date -u +%F)" \
        "$(cut -d' ' -f1 /proc/loadavg)" >>"$figures"
    fi
  elif [[ $jazzer_mode == reuse && -f $figures ]]; then
    row=$(awk -F'\t' -v c="$rel" '$1 == c' "$figures" | tail -1)
    if [[ -n $row ]]; then
      jsize=$(cut -f3 <<<"$row") jwall=$(cut -f4 <<<"$row") jsrc=" (tsv)"
    fi
  fi
  wwall=$(printf '%s\n' "${wwalls[@]}" | median)
  dwall=$(printf '%s\n' "${dwalls[@]}" | median)
  rw=$(replay3 "$target" "${files[whittle]}" "$expected")
  rd=$(replay3 "$target" "${files[ddmin]}" "$expected")
  rj=-
  [[ $jazzer_mode == run ]] && rj=$(replay3 "$target" "$jfile" "$expected")
  reduce_cells=
  if [[ $reduce == 1 ]]; then
    if [[ $reducing == 1 ]]; then
      rr=$(replay3 "$target" "${files[reduce]}" "$expected")
      rrd=$(replay3 "$target" "${files[rddmin]}" "$expected")
      reduce_cells=$(printf '%s / %s / %.2f s | %s / %s / %.2f s | ' \
        "${sizes[reduce]}" "${runs_of[reduce]}" "$(printf '%s\n' "${rwalls[@]}" | median)" \
        "${sizes[rddmin]}" "${runs_of[rddmin]}" "$(printf '%s\n' "${rdwalls[@]}" | median)")
      rbar_reduce=" $(bar "$(le "${sizes[reduce]}" "${sizes[rddmin]}")")"
    else
      rr=- rrd=- reduce_cells='- | - | ' rbar_reduce=' -'
    fi
    rj="$rj $rr $rrd"
  else
    rbar_reduce=
  fi
  tbar=-
  [[ $jwall =~ ^[0-9.]+$ ]] && tbar=$(le "$wwall" "$(awk -v j="$jwall" 'BEGIN { print (j / 100 > 1) ? j / 100 : 1 }')")
  rbar=0
  [[ $rw == 3/3 ]] && rbar=1
  [[ $replay == 1 ]] || rbar=-
  wsize=${sizes[whittle]}
  if [[ $wsize == exit* ]]; then
    why=$(grep -a -v '^\s*$' "$work/runs/$id/whittle-1/stderr.txt" | head -1 | cut -c1-120 || true)
    wsize="$wsize: ${why//|//}"
  fi
  jwall_shown=$jwall
  [[ ! $jwall =~ ^[0-9.]+$ ]] || jwall_shown=$(printf '%.2f s' "$jwall")
  printf '| %s | %s | %s / %s / %.2f s | %s / %s / %.2f s | %s / %s%s | %s%s %s %s | %s | %s %s %s %s%s |\n' \
    "$rel" "$original" "$wsize" "${runs_of[whittle]}" "$wwall" \
    "${sizes[ddmin]}" "${runs_of[ddmin]}" "$dwall" "$jsize" "$jwall_shown" "$jsrc" \
    "$reduce_cells" "$rw" "$rd" "$rj" "$(cut -d' ' -f1 /proc/loadavg)" \
    "$(bar "$(le "${sizes[whittle]}" "${sizes[ddmin]}")")" \
    "$(bar "$(le "${sizes[whittle]}" "$jsize")")" "$(bar "$tbar")" "$(bar "$rbar")" "$rbar_reduce" \
    | tee -a "$work/results.md"
  echo "$rel: original replay: $expected" >>"$work/expected.txt"
  unset sizes runs_of files
done
echo | tee -a "$work/results.md"
echo "load at end $(cut -d' ' -f1-3 /proc/loadavg); original replays in $work/expected.txt" \
  | tee -a "$work/results.md"
if ((smoke)); then
  check "$work/results.md" "${#SMOKE_CRASHES[@]}" 1 ||
    { echo "crash-bench --smoke: FAILED (each run's output is under $work/runs)" >&2; exit 1; }
fi
