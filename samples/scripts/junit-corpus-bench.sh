#!/usr/bin/env bash
# Issue 19's JUnit sample of the corpus benchmark: the JUnit extension's corpus minimization
# (`whittle.corpus=minimize`) of a @FuzzTest beside Jazzer 0.30.0's `-merge=1` and
# `-merge=1 -set_cover_merge=1` on the same files, in the same invocation, each output judged by
# JaCoCo (samples/scripts/jacoco-coverage.sh) against the original corpus.
#
#   samples/scripts/junit-corpus-bench.sh [--smoke] [--no-jacoco]
#
# The fuzz test is dev.whittle.samples.junit.corpus.CsvCorpusFuzzSample#parse, which calls the
# standalone target dev.whittle.samples.corpus.CsvFuzzer and nothing else: Jazzer merges with
# --target_class=dev.whittle.samples.corpus.CsvFuzzer, JaCoCo replays every output through it. Its
# corpus is samples/corpora/CsvFuzzer/ (never modified), staged once per invocation where Jazzer's
# fuzzing mode grows a fuzz test's corpus: WORK/base/.cifuzz-corpus/<test class>/parse/, read by
# the extension through `jazzer.internal.basedir`; the merges read the same staged files.
# The extension runs as a user runs it: one plain `java` JVM (the flags of the samples' Surefire
# configuration) launching the JUnit Platform on that one method (dev.whittle.samples.bench.
# FuzzTestLauncher) with -Dwhittle.corpus=minimize -Dwhittle.corpus.output=DIR; its wall time is the
# whole JVM's (start, the regression run of the empty input, minimization), as Jazzer's is.
#
# REPEAT (default 3): paired runs, the three tools interleaved and the order alternating per
# repeat; every output is judged. Bars (the most files and bytes of any run, the medians of the
# wall times): files <= set-cover merge's, bytes <= 0.5 x set-cover merge's, JaCoCo equal to the
# original's in every run, wall <= 3 x `-merge=1`'s. Each row gives the 1-minute load average
# when it finished: times count only on a quiet machine, files, bytes and coverage on any.
# --smoke: the first SMOKE_FILES (default 40) files of the corpus, REPEAT 1, and a non-zero exit
# unless every tool ran, the extension's output is non-empty and JaCoCo finds it equal to the
# original (bars printed, not enforced); for tests and CI. --no-jacoco: no judging.
# BENCH_WORK: the work directory (default target/junit-corpus-bench). JUNIT_BENCH_CP: the samples'
# test class path (default: from Maven, which compiles the samples and the modules they use).
# Output: a table on standard output and in WORK/results.md, one row per run in WORK/results.tsv;
# every run's log and output stays under WORK/.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
test_class=dev.whittle.samples.junit.corpus.CsvCorpusFuzzSample
test_method=parse
target=dev.whittle.samples.corpus.CsvFuzzer
include='org.apache.commons.csv.*:dev.whittle.samples.corpus.CsvFuzzer'
corpus_source=$root/samples/corpora/CsvFuzzer

smoke=0 jacoco=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --smoke) smoke=1; shift ;;
    --no-jacoco) jacoco=0; shift ;;
    *) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
repeat=${REPEAT:-3}
[[ $smoke == 0 ]] || repeat=1
[[ $repeat =~ ^[1-9][0-9]*$ ]] || { echo "REPEAT must be a positive integer: $repeat" >&2; exit 2; }
smoke_files=${SMOKE_FILES:-40}
[[ $smoke_files =~ ^[1-9][0-9]*$ ]] || { echo "SMOKE_FILES must be a positive integer: $smoke_files" >&2; exit 2; }

work=$(realpath -m "${BENCH_WORK:-$root/target/junit-corpus-bench}")
rm -rf "$work" && mkdir -p "$work"

# The samples' test class path: the fuzz test, the launcher, jazzer-junit, the extension.
if [[ -n ${JUNIT_BENCH_CP:-} ]]; then
  test_cp=$JUNIT_BENCH_CP
else
  (cd "$root" && mvn -B -q -ntp -pl samples -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/test-classpath.txt -DincludeScope=test) >&2
  test_cp=$root/samples/target/test-classes:$root/samples/target/classes:$(cat "$root/samples/target/test-classpath.txt")
fi
# Out of it, the standalone target's class path (as samples/scripts/corpus-classpath.sh builds
# it: the samples' classes and the benchmarked libraries, no Whittle, no JUnit) and Jazzer's jars.
cp='' jazzer_jar='' jazzer_api_jar=''
IFS=: read -r -a entries <<<"$test_cp"
for entry in "${entries[@]}"; do
  case $entry in
    */samples/target/classes|*/samples/target/whittle-samples-*.jar) cp=${cp:+$cp:}$entry ;;
    */jazzer-0.30.0.jar) jazzer_jar=$entry ;;
    */jazzer-api-0.30.0.jar) jazzer_api_jar=$entry ;;
    */commons-csv-*|*/commons-io-*|*/commons-codec-*) cp=${cp:+$cp:}$entry ;;
  esac
done
[[ -n $cp && -n $jazzer_jar && -n $jazzer_api_jar ]] \
  || { echo "junit-corpus-bench: the class path lacks the samples' classes or Jazzer 0.30.0's jars" >&2; exit 2; }
cp=$cp:$jazzer_api_jar
jazzer=(java -XX:-OmitStackTraceInFastThrow -cp "$jazzer_jar:$cp" com.code_intelligence.jazzer.Jazzer)
# The samples' Surefire flags (samples/pom.xml): jazzer-junit attaches its agent to its own JVM.
junit=(java -XX:-OmitStackTraceInFastThrow -Djdk.attach.allowAttachSelf=true
  -XX:+EnableDynamicAgentLoading -cp "$test_cp")

# The staged corpus, where jazzer-junit's fuzzing mode would have written it.
base=$work/base
corpus=$base/.cifuzz-corpus/$test_class/$test_method
mkdir -p "$corpus"
if [[ $smoke == 1 ]]; then
  find "$corpus_source" -maxdepth 1 -type f | sort | head -n "$smoke_files" | xargs -r cp -t "$corpus"
else
  cp "$corpus_source"/* "$corpus"/
fi
checksums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha1sum); }
source_before=$(checksums "$corpus_source")
staged_before=$(checksums "$corpus")

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
files_of() { find "$1" -type f | wc -l; }
bytes_of() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'; }
load() { cut -d' ' -f1 /proc/loadavg; }
coverage() { # DIR -> "lines=.. branches=.. instructions=.." or "-"
  if [[ $jacoco == 0 ]]; then echo "-"; return; fi
  if [[ $(files_of "$1") == 0 ]]; then echo "lines=0 branches=0 instructions=0"; return; fi
  "$root/samples/scripts/jacoco-coverage.sh" --cp "$cp" --target "$target" --include "$include" \
    "$1" 2>>"$work/jacoco.log" </dev/null
}
fmt() { if [[ $1 == - ]]; then echo "-"; else sed -E 's/[a-z]+=//g; s/ / \/ /g' <<<"$1"; fi; }
versus() { # "=" when equal to the original's, else each count's difference
  local got=$1 want=$2
  if [[ $got == "$want" ]]; then echo "="; return; fi
  paste -d' ' <(tr ' ' '\n' <<<"$got") <(tr ' ' '\n' <<<"$want") \
    | awk -F'[= ]' '{ d = $2 - $4; if (d != 0) printf "%s%+d ", $1, d } END { print "" }'
}
median_of() { # the lower middle one of an even count
  tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
verdict() { if [[ $1 == 1 ]]; then echo "pass"; else echo "FAIL"; fi; }

original=$(coverage "$corpus")
results=$work/results.md tsv=$work/results.tsv
{
  echo "corpus: $corpus_source ($(files_of "$corpus") files staged); fuzz test $test_class#$test_method; target $target"
  echo "load average (1 min) at start: $(load); REPEAT=$repeat$([[ $smoke == 1 ]] && echo ", smoke")"
  echo
  echo "| tool | run | files | bytes | wall s | JaCoCo lines / branches / instructions | vs original | exit | load |"
  echo "|---|---:|---:|---:|---:|---|---|---:|---:|"
  echo "| original | | $(files_of "$corpus") | $(bytes_of "$corpus") | | $(fmt "$original") | | | |"
} >"$results"
printf 'tool\trun\tfiles\tbytes\twall\tjacoco\tversus\texit\tload\n' >"$tsv"

merge="jazzer -merge=1"
setcover="jazzer -merge=1 -set_cover_merge=1"
junit_label="JUnit whittle.corpus=minimize"
labels=("$junit_label" "$merge" "$setcover")
declare -A walls files bytes equal_all failed_any

# run_tool SLUG LABEL OUTPUT_DIR COMMAND...: COMMAND in a scratch directory of its own, timed
# whole; the figures of OUTPUT_DIR recorded under LABEL.
run_tool() {
  local slug=$1 label=$2 out=$3
  shift 3
  local run=$work/runs/$r/$slug status=0 start end wall cov
  mkdir -p "$run"
  start=$(now)
  (cd "$run" && "$@" </dev/null >"$run/stdout" 2>"$run/log.txt") || status=$?
  end=$(now)
  wall=$(seconds "$start" "$end")
  walls[$label]="${walls[$label]:-} $wall"
  local count size
  count=$(files_of "$out") size=$(bytes_of "$out")
  # The bars judge the largest output of the runs, not the last one.
  ((count <= ${files[$label]:--1})) || files[$label]=$count
  ((size <= ${bytes[$label]:--1})) || bytes[$label]=$size
  cov=$(coverage "$out")
  [[ $cov == "$original" ]] || equal_all[$label]=0
  [[ $status == 0 ]] || failed_any[$label]=1
  echo "| $label | $r | $count | $size | $wall | $(fmt "$cov") | $(versus "$cov" "$original") | $status | $(load) |" >>"$results"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$r" "$count" "$size" \
    "$wall" "$(fmt "$cov")" "$(versus "$cov" "$original")" "$status" "$(load)" >>"$tsv"
}
fresh() { rm -rf "${work:?}/out/$r/$1" && mkdir -p "$work/out/$r/$1" && echo "$work/out/$r/$1"; }

run_junit() {
  local out
  out=$(fresh junit)
  run_tool junit "$junit_label" "$out/$test_class/$test_method" "${junit[@]}" \
    -Dwhittle.corpus=minimize "-Dwhittle.corpus.output=$out" "-Djazzer.internal.basedir=$base" \
    dev.whittle.samples.bench.FuzzTestLauncher "$test_class#$test_method"
  grep -a -h '^Whittle corpus minimization:' "$work/runs/$r/junit/log.txt" \
    | sed "s/^/run $r: /" >>"$work/extension-report.txt" || true
  mkdir -p "$out/$test_class/$test_method" # an empty output when the run failed, judged as such
}
run_merges() {
  local out
  out=$(fresh merge)
  run_tool merge "$merge" "$out" "${jazzer[@]}" --target_class="$target" -merge=1 "$out" "$corpus"
  out=$(fresh setcover)
  run_tool setcover "$setcover" "$out" "${jazzer[@]}" --target_class="$target" -merge=1 \
    -set_cover_merge=1 "$out" "$corpus"
}

for ((r = 1; r <= repeat; r++)); do
  echo "junit-corpus-bench: run $r of $repeat" >&2
  if ((r % 2 == 1)); then run_merges; run_junit; else run_junit; run_merges; fi
done

declare -A wall
for label in "${labels[@]}"; do wall[$label]=$(median_of "${walls[$label]}"); done
unchanged=1
[[ $(checksums "$corpus_source") == "$source_before" && $(checksums "$corpus") == "$staged_before" ]] || unchanged=0
judged() { if [[ $jacoco == 0 ]]; then echo "not judged (--no-jacoco)"; else verdict "${equal_all[$1]:-1}"; fi; }
j=$junit_label
{
  echo
  echo "| tool | files (most of any run) | bytes (most of any run) | median wall s (each run) | JaCoCo equal to the original's in every run |"
  echo "|---|---:|---:|---|---|"
  for label in "${labels[@]}"; do
    echo "| $label | ${files[$label]} | ${bytes[$label]} | ${wall[$label]} (${walls[$label]# }) | $(judged "$label") |"
  done
  echo
  echo "Bars ($j: the most files and bytes of any run, median walls of $repeat runs):"
  echo "- files ${files[$j]} <= ${files[$setcover]}: $(verdict "$((files[$j] <= files[$setcover]))")"
  echo "- bytes ${bytes[$j]} <= 0.5 x ${bytes[$setcover]}: $(verdict "$((2 * bytes[$j] <= bytes[$setcover]))")"
  echo "- JaCoCo equal to the original's in every run: $(judged "$j")"
  echo "- wall ${wall[$j]} s <= 3 x ${wall[$merge]} s: $(verdict "$(awk -v a="${wall[$j]}" -v b="${wall[$merge]}" 'BEGIN { print (a <= 3 * b) }')")"
  echo
  echo "The extension's report (features: Whittle's own edge coverage):"
  sed 's/^/- /' "$work/extension-report.txt" 2>/dev/null || echo "- none"
  echo
  echo "Corpus files unchanged (samples/corpora and the staged copy): $(verdict "$unchanged")"
  echo "load average (1 min) at end: $(load)"
} >>"$results"
cat "$results"

if [[ $smoke == 1 ]]; then
  ok=1
  for label in "${labels[@]}"; do [[ -z ${failed_any[$label]:-} ]] || ok=0; done
  [[ ${files[$j]} -gt 0 && $unchanged == 1 ]] || ok=0
  [[ $jacoco == 0 || -z ${equal_all[$j]:-} ]] || ok=0
  if [[ $ok == 0 ]]; then
    echo "junit-corpus-bench: smoke run FAILED (see $work)" >&2
    exit 1
  fi
fi
